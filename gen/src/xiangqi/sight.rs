//! Lines of sight: what must be empty (or hold exactly one screen) between
//! a rook, cannon or king and the king it attacks.

use super::geometry::{bit, offset, FILES, ORTHOGONAL, SQUARES};

/// `[a][b]`: the squares strictly between `a` and `b` when they share a
/// rank or file; otherwise both squares themselves, which are always
/// occupied in use, so that an unaligned pair never looks open.
pub fn sight() -> Vec<Vec<u128>> {
    (0..SQUARES)
        .map(|a| {
            (0..SQUARES)
                .map(|b| between(a, b).unwrap_or(bit(a) | bit(b)))
                .collect()
        })
        .collect()
}

/// The squares strictly between `a` and `b` if a rook step from `a`
/// reaches `b` in a straight line; `None` if they are not aligned (or equal).
fn between(a: usize, b: usize) -> Option<u128> {
    ORTHOGONAL.iter().find_map(|&step| {
        let mut passed = 0;
        let mut at = offset(a, step)?;
        loop {
            if at == b {
                return Some(passed);
            }
            passed |= bit(at);
            at = offset(at, step)?;
        }
    })
}

/// `[square]`: the rank and the file through `square`, itself included.
pub fn lines() -> Vec<u128> {
    (0..SQUARES)
        .map(|square| {
            (0..SQUARES)
                .filter(|&other| other / FILES == square / FILES || other % FILES == square % FILES)
                .fold(0, |set, other| set | bit(other))
        })
        .collect()
}
