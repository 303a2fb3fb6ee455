//! Spreading a file word (bit `r` for rank `r`) back onto the board: the
//! inverse of gathering a file's ten bits, split where the board's 128
//! bits split into two 64-bit halves (ranks 0-6 below bit 63, 7-9 from it).

use super::geometry::FILES;

/// Ranks 0-6 of a file word spread onto the a-file: bit `k` of the index to
/// bit `9k`.
pub fn low_spread() -> Vec<u64> {
    spread(7)
}

/// Ranks 7-9 of a file word (shifted down by 7) spread onto the a-file
/// counted from bit 63: bit `k` of the index to bit `9k`.
pub fn high_spread() -> Vec<u64> {
    spread(3)
}

/// For every word of `ranks` bits, its bits moved nine apart.
fn spread(ranks: usize) -> Vec<u64> {
    (0..1u64 << ranks)
        .map(|word| {
            (0..ranks)
                .filter(|&k| word >> k & 1 != 0)
                .fold(0, |set, k| set | 1 << (FILES * k))
        })
        .collect()
}
