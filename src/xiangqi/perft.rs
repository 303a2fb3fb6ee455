//! Perft: the number of leaf positions of the legal move tree, the
//! standard correctness (and speed) test of a move generator.

use super::{Move, Position};

/// Leaf positions `depth` plies below `position`. The last ply is counted
/// without playing its moves.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves(),
        _ => position
            .legal_moves()
            .iter()
            .map(|&mv| perft(&position.play(mv), depth - 1))
            .sum(),
    }
}

/// Perft below each legal move of `position`, in move order.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    let below = depth.saturating_sub(1);
    position
        .legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&position.play(mv), below)))
        .collect()
}
