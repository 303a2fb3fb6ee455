//! The combinatorial number system: a set of `k` distinct numbers below
//! `n`, sorted `l0 < l1 < …`, is numbered `C(l0, 1) + C(l1, 2) + …`, a
//! number below `C(n, k)`, and every such number is one set.

use crate::xiangqi::tables::BINOMIALS;

/// The largest set of identical pieces (five pawns): the widest row of
/// [`BINOMIALS`].
pub(super) const MAX_SET: usize = BINOMIALS[0].len() - 1;

#[inline]
pub(super) fn binomial(n: usize, k: usize) -> u64 {
    BINOMIALS[n][k]
}

/// The number of the set whose members, sorted lowest first, are `sorted`.
#[inline]
pub(super) fn rank(sorted: &[u8]) -> u64 {
    sorted
        .iter()
        .enumerate()
        .map(|(i, &member)| binomial(usize::from(member), i + 1))
        .sum()
}

/// Calls `each` with the members of set number `rank` of `count` numbers
/// below `below`, highest first.
#[inline]
pub(super) fn unrank(mut rank: u64, count: usize, below: usize, mut each: impl FnMut(usize)) {
    let mut top = below;
    for k in (1..=count).rev() {
        let mut member = top - 1;
        while binomial(member, k) > rank {
            member -= 1;
        }
        rank -= binomial(member, k);
        each(member);
        top = member;
    }
}
