//! Xiangqi (9×10): squares, bitboards, the thesis's rank/file move tables
//! and attack lookups, positions, legal move generation, Zobrist key and
//! lock, perft, games with the repetition rules, move notations (UCCI,
//! ICCS, WXF, Chinese), game records (feature `record`: PGN and XQF) and
//! board images (feature `svg`).
//! Endgame tablebases are the `qiboard-tablebase` crate's.

mod attackers;
mod attacks;
mod fen;
mod game;
mod lines;
mod movegen;
mod moves;
#[cfg(feature = "alloc")]
pub mod notation;
mod ordering;
mod perft;
mod position;
#[cfg(feature = "record")]
pub mod record;
pub mod rules;
mod setup;
#[cfg(feature = "alloc")]
#[cfg(feature = "svg")]
pub use crate::svg::xiangqi as svg;
pub mod tables;
mod zobrist;

pub use crate::Status;
pub use attackers::{king_attackers, king_exposure};
pub use attacks::{
    advisor_attacks, attacks, between, cannon_attacks, cannon_moves, cannon_quiet, cannon_super,
    elephant_attacks, horse_attacks, horse_checkers, king_attacks, pawn_attacks, pawn_checkers,
    reach, rook_attacks,
};
pub use fen::FenError;
#[cfg(feature = "alloc")]
pub use game::Game;
pub use game::{Ending, GameError, Outcome, Repetition};
pub use lines::{file_moves, rank_moves, LineKind, LineMoves};
pub use moves::{Move, MoveError, MoveList, MAX_MOVES};
#[cfg(feature = "alloc")]
pub use notation::{ChineseStyle, Notation, NotationError, Reason};
pub use ordering::SEE_VALUES;
#[cfg(feature = "alloc")]
pub use perft::divide;
pub use perft::perft;
#[doc(hidden)]
pub use perft::perft_copies;
pub use position::Position;
pub use qiboard_types::xiangqi::{
    Bitboard, Color, ParseBitboardError, ParseSquareError, Piece, PieceKind, Square, Squares,
};
pub use setup::{reachable, PositionError, Setup};
