//! Chess (8×8): squares, bitboards, attack lookups, setups and the
//! positions checked from them, legal move generation, Zobrist keys,
//! perft, games under the draw rules, SAN, and (feature `record`) PGN
//! records and Polyglot opening books.

mod attacks;
mod draws;
mod fen;
mod game;
mod movegen;
mod moves;
mod ordering;
mod perft;
#[cfg(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized)))]
mod perft_x86;
#[cfg(feature = "alloc")]
pub mod polyglot;
mod position;
#[cfg(feature = "record")]
pub mod record;
#[cfg(feature = "alloc")]
mod san;
mod setup;
#[cfg(feature = "alloc")]
#[cfg(feature = "svg")]
pub use crate::svg::chess as svg;
pub mod tables;
mod zobrist;

#[cfg(feature = "serde")]
pub use crate::serde_impls::MoveSeed;
pub use crate::Status;
pub use attacks::{
    attacks, between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks,
    queen_attacks, rook_attacks,
};
pub(crate) use attacks::{bishop_rays, castling_paths, rook_rays};
pub use fen::{CastlingError, FenError};
#[cfg(feature = "alloc")]
pub use game::Game;
pub use game::{Ending, GameError, Outcome};
pub use moves::{Move, MoveError, MoveKind, MoveList, Uci, MAX_MOVES};
pub use ordering::SEE_VALUES;
#[cfg(feature = "alloc")]
pub use perft::divide;
pub use perft::perft;
#[doc(hidden)]
pub use perft::perft_copies;
pub use position::{CastleSide, Position};
pub use qiboard_types::chess::{
    Bitboard, Color, ParseBitboardError, ParseSquareError, Piece, PieceKind, Square, Squares,
};
#[cfg(feature = "alloc")]
pub use san::{SanError, SanReason};
pub use setup::{PositionError, Setup};
