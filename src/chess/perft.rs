//! Perft: counting the leaves of the legal move tree, to check generation.

#[cfg(feature = "alloc")]
use super::Move;
use super::Position;
use crate::perft::check_depth;
use crate::PerftError;

/// The number of move sequences of length `depth` from `position`. The
/// last ply is counted, not played. A depth beyond
/// [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH) is an error.
///
/// ```
/// use qiboard::chess::{perft, Position};
/// assert_eq!(perft(&Position::start(), 3), Ok(8_902));
/// assert!(perft(&Position::start(), 100_000).is_err());
/// ```
pub fn perft(position: &Position, depth: u32) -> Result<u64, PerftError> {
    check_depth(depth)?;
    Ok(count(position, depth))
}

/// The recursive count, `depth` already checked.
fn count(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            for &mv in &position.legal_moves() {
                // Copy, then make the move in the copy: one copy per child.
                let mut child = *position;
                child.play_in_place(mv);
                nodes += count(&child, depth - 1);
            }
            nodes
        }
    }
}

/// Perft split by first move: each legal move of `position` with the
/// number of sequences of length `depth` that start with it (`depth` ≥ 1).
/// Needs the `alloc` feature.
#[cfg(feature = "alloc")]
pub fn divide(position: &Position, depth: u32) -> Result<alloc::vec::Vec<(Move, u64)>, PerftError> {
    check_depth(depth)?;
    Ok(position
        .legal_moves()
        .iter()
        .map(|&mv| (mv, count(&position.play(mv), depth.saturating_sub(1))))
        .collect())
}
