//! The combinatorial number system: a set of `k` distinct numbers below
//! `n`, sorted `l0 < l1 < …`, is numbered `C(l0, 1) + C(l1, 2) + …`, a
//! number below `C(n, k)`, and every such number is one set.

/// The largest set of identical pieces (five pawns).
pub(super) const MAX_SET: usize = 5;

/// `BINOMIALS[n][k]`: n choose k for up to 90 squares and sets of up to
/// [`MAX_SET`] pieces, by Pascal's rule, computed by the compiler.
static BINOMIALS: [[u64; MAX_SET + 1]; 91] = {
    let mut rows = [[0; MAX_SET + 1]; 91];
    let mut n = 0;
    while n < rows.len() {
        rows[n][0] = 1;
        let mut k = 1;
        while n > 0 && k <= MAX_SET {
            rows[n][k] = rows[n - 1][k - 1] + rows[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    rows
};

#[inline]
pub(super) fn binomial(n: usize, k: usize) -> u64 {
    BINOMIALS[n][k]
}

/// The number of the set whose members, sorted lowest first, are `sorted`.
#[inline]
pub(super) fn number(sorted: &[u8]) -> u64 {
    sorted
        .iter()
        .enumerate()
        .map(|(i, &member)| binomial(usize::from(member), i + 1))
        .sum()
}

/// Calls `each` with the members of set number `number` of `count` numbers
/// below `below`, highest first.
#[inline]
pub(super) fn members(mut number: u64, count: usize, below: usize, mut each: impl FnMut(usize)) {
    let mut top = below;
    for k in (1..=count).rev() {
        let mut member = top - 1;
        while binomial(member, k) > number {
            member -= 1;
        }
        number -= binomial(member, k);
        each(member);
        top = member;
    }
}
