//! Chess (8×8): squares, bitboards, attack lookups, positions, legal move
//! generation, Zobrist keys and perft.

mod attacks;
mod bitboard;
mod color;
mod fen;
mod game;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
mod san;
mod square;
pub mod tables;
mod zobrist;

pub use attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
pub use bitboard::{Bitboard, ParseBitboardError, Squares};
pub use color::Color;
pub use fen::FenError;
pub use game::{Ending, Game, GameError, Outcome, Status};
pub use moves::{Move, MoveError, MoveKind, MoveList, Uci, MAX_MOVES};
pub use perft::{divide, perft};
pub use piece::{Piece, PieceKind};
pub use position::{CastleSide, Position};
pub use san::{SanError, SanReason};
pub use square::{ParseSquareError, Square};
