//! Xiangqi (9×10): squares, bitboards, the thesis's rank/file move tables
//! and attack lookups.

mod attacks;
mod bitboard;
mod color;
mod lines;
pub mod rotated;
mod square;
#[cfg(feature = "tablebase")]
pub mod tablebase;
pub mod tables;

pub use attacks::{
    advisor_attacks, cannon_attacks, cannon_moves, cannon_quiet, cannon_super, elephant_attacks,
    horse_attacks, horse_checkers, king_attacks, pawn_attacks, pawn_checkers, rook_attacks,
};
pub use bitboard::{Bitboard, ParseBitboardError, Squares};
pub use color::Color;
pub use lines::{file_moves, rank_moves, LineKind, LineMoves};
pub use square::{ParseSquareError, Square};

mod fen;
mod game;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;

pub use fen::FenError;
pub use game::{Ending, Game, GameError, Outcome, Repetition, Status};
pub use movegen::{attackers_to, between, MoveList, MAX_MOVES};
pub use moves::{Move, MoveError};
pub use perft::{divide, perft};
pub use piece::{Piece, PieceKind};
pub use position::Position;
