//! Chess (8×8): squares, bitboards and attack lookups.

mod attacks;
mod bitboard;
mod color;
mod square;
pub mod tables;

pub use attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
pub use bitboard::{Bitboard, ParseBitboardError, Squares};
pub use color::Color;
pub use square::{ParseSquareError, Square};
