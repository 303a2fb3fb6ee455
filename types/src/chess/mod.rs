//! Chess (8×8): squares a1 = 0 … h8 = 63, `u64` bitboards, colours,
//! pieces, and the slider tables' formats ([`Magic`] and [`Window`];
//! [`PextSquare`] and [`PextWindow`] with [`pext`]).

mod bitboard;
mod color;
mod magic;
mod pext;
mod piece;
mod square;

pub use bitboard::{Bitboard, ParseBitboardError, Squares};
pub use color::Color;
pub use magic::{window, Magic, Window};
pub use pext::{pdep, pext, PextSquare, PextWindow};
pub use piece::{Piece, PieceKind};
pub use square::{ParseSquareError, Square};
