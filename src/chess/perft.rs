//! Perft: counting the leaves of the legal move tree, to check generation.

use super::{Move, Position};

impl Position {
    /// The number of move sequences of length `depth` from here. The last
    /// ply is counted, not played.
    ///
    /// ```
    /// use qiboard::chess::Position;
    /// assert_eq!(Position::start().perft(3), 8_902);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => {
                let mut nodes = 0;
                for &mv in &self.legal_moves() {
                    // Copy, then make the move in the copy: one copy per child.
                    let mut child = *self;
                    child.play_in_place(mv);
                    nodes += child.perft(depth - 1);
                }
                nodes
            }
        }
    }

    /// Perft split by first move: each legal move with the number of
    /// sequences of length `depth` that start with it (`depth` ≥ 1).
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        self.legal_moves()
            .iter()
            .map(|&mv| (mv, self.play(mv).perft(depth.saturating_sub(1))))
            .collect()
    }
}
