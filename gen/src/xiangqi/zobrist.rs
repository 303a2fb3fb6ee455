//! Zobrist key and lock: two independent 64-bit streams from the seed.

use rand::Rng;

use super::geometry::SQUARES;
use crate::seed::stream;

/// Red K A B N R C P, then Black in the same order.
pub const PIECE_KINDS: usize = 14;

/// One stream's numbers: `[kind][square]`, then the side-to-move number.
pub struct ZobristStream {
    /// `[kind][square]`.
    pub pieces: Vec<Vec<u64>>,
    /// XORed in when Black is to move.
    pub black_to_move: u64,
}

/// Draws the numbers of stream `name` ("key" or "lock").
pub fn numbers(seed: u64, name: &str) -> ZobristStream {
    let mut rng = stream(seed, &format!("xiangqi-zobrist-{name}"), 0);
    let pieces = (0..PIECE_KINDS)
        .map(|_| (0..SQUARES).map(|_| rng.random::<u64>()).collect())
        .collect();
    ZobristStream {
        pieces,
        black_to_move: rng.random::<u64>(),
    }
}
