//! Binomial coefficients, for numbering sets of identical pieces.

use super::geometry::SQUARES;

/// The largest set of identical pieces the tables serve (five pawns).
pub const MAX_SET: usize = 5;

/// `[n][k]`: n choose k for `n` ≤ 90 squares and `k` ≤ [`MAX_SET`], by
/// Pascal's rule.
pub fn binomials() -> Vec<Vec<u64>> {
    let mut rows: Vec<Vec<u64>> = Vec::with_capacity(SQUARES + 1);
    for n in 0..=SQUARES {
        let row = (0..=MAX_SET)
            .map(|k| match (n, k) {
                (_, 0) => 1,
                (0, _) => 0,
                _ => rows[n - 1][k - 1] + rows[n - 1][k],
            })
            .collect();
        rows.push(row);
    }
    rows
}
