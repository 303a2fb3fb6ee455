//! Xiangqi (9×10): squares a0 = 0 … i9 = 89 (`rank * 9 + file`, rank 0
//! Red's back rank), `u128` bitboards with the thesis's bit-rank and
//! bit-file words, colours, pieces, and the rank/file move tables' format
//! ([`LineKind`], [`LineMoves`]).
//!
//! "The thesis" here and across the workspace is a 2020 graduation design
//! of Beijing Wuzi University (北京物资学院) on a xiangqi program in Java
//! with bitboards: rank and file move tables for rooks and cannons,
//! horse-leg and elephant-eye tables, Zobrist key and lock (its author is
//! not named in the copy the project started from).

mod bitboard;
mod color;
mod lines;
mod piece;
mod square;

pub use bitboard::{Bitboard, ParseBitboardError, Squares};
pub use color::Color;
pub use lines::{LineKind, LineMoves, LINE_ENDS_BITS, LINE_REACH_BITS};
pub use piece::{Piece, PieceKind};
pub use square::{ParseSquareError, Square};
