//! Perft: counting the leaves of the legal move tree, to check generation.

#[cfg(feature = "alloc")]
use super::Move;
use super::Position;

/// The number of move sequences of length `depth` from `position`. The
/// last ply is counted, not played.
///
/// ```
/// use qiboard::chess::{perft, Position};
/// assert_eq!(perft(&Position::start(), 3), 8_902);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            for &mv in &position.legal_moves() {
                // Copy, then make the move in the copy: one copy per child.
                let mut child = *position;
                child.play_in_place(mv);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
}

/// Perft split by first move: each legal move of `position` with the
/// number of sequences of length `depth` that start with it (`depth` ≥ 1).
/// Needs the `alloc` feature.
#[cfg(feature = "alloc")]
pub fn divide(position: &Position, depth: u32) -> alloc::vec::Vec<(Move, u64)> {
    position
        .legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&position.play(mv), depth.saturating_sub(1))))
        .collect()
}
