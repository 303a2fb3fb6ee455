//! `perft xiangqi` and `moves xiangqi`: the xiangqi side of [`MoveTree`].

use qiboard::xiangqi::{divide, perft, Position};

use crate::tree::MoveTree;

impl MoveTree for Position {
    fn parse(fen: &str) -> Result<Position, String> {
        Position::from_fen(fen).map_err(|e| e.to_string())
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        divide(self, depth)
            .into_iter()
            .map(|(mv, count)| (mv.to_string(), count))
            .collect()
    }

    fn moves(&self) -> Vec<String> {
        self.legal_moves().iter().map(|mv| mv.to_string()).collect()
    }
}
