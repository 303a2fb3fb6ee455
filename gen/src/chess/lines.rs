//! `BETWEEN` and `LINE`: the squares strictly between two aligned squares,
//! and the whole board-crossing line through them.

use super::geometry::{slide, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};

/// For each pair of squares on a common rank, file or diagonal, the squares
/// strictly between them; empty otherwise.
pub fn between() -> Vec<Vec<u64>> {
    table(|a, b, directions| slide(a, 1 << b, directions) & slide(b, 1 << a, directions))
}

/// For each pair of aligned squares, the full line through both (both
/// included); empty otherwise.
pub fn line() -> Vec<Vec<u64>> {
    table(|a, b, directions| (slide(a, 0, directions) & slide(b, 0, directions)) | 1 << a | 1 << b)
}

fn table(on_common_line: impl Fn(usize, usize, &[(i32, i32)]) -> u64) -> Vec<Vec<u64>> {
    (0..64)
        .map(|a| {
            (0..64)
                .map(|b| {
                    if a == b {
                        return 0;
                    }
                    [&ROOK_DIRECTIONS[..], &BISHOP_DIRECTIONS[..]]
                        .into_iter()
                        .find(|directions| slide(a, 0, directions) & 1 << b != 0)
                        .map_or(0, |directions| on_common_line(a, b, directions))
                })
                .collect()
        })
        .collect()
}
