//! Typed reads of the rank and file move tables.

pub use qiboard_types::xiangqi::{LineKind, LineMoves};

use super::tables::{FILE_ENDS, FILE_REACH, RANK_ENDS, RANK_REACH};
use super::{Bitboard, Square};

/// The moves of `kind` along the rank of `square`, given the occupied
/// squares (the square's own bit does not matter).
///
/// ```
/// use qiboard::xiangqi::{rank_moves, Bitboard, LineKind, Square};
/// // Pieces on c2, d2 and i2; a rook or cannon on g2.
/// let occupied: Bitboard = [Square::C2, Square::D2, Square::G2, Square::I2].into_iter().collect();
/// let quiet = rank_moves(LineKind::Quiet, Square::G2, occupied);
/// assert_eq!((quiet.reach, quiet.low, quiet.high), (0b010110000, 4, 7));
/// let cannon = rank_moves(LineKind::CannonCapture, Square::G2, occupied);
/// assert_eq!((cannon.reach, cannon.low, cannon.high), (0b000000100, 2, 6));
/// ```
#[inline]
pub const fn rank_moves(kind: LineKind, square: Square, occupied: Bitboard) -> LineMoves {
    let word = occupied.rank_word(square.rank()) as usize & 0x1ff;
    let file = square.file();
    LineMoves::unpack(RANK_REACH[file][word], RANK_ENDS[file][word], kind)
}

/// The moves of `kind` along the file of `square`, given the occupied
/// squares (the square's own bit does not matter).
#[inline]
pub const fn file_moves(kind: LineKind, square: Square, occupied: Bitboard) -> LineMoves {
    let word = occupied.file_word(square.file()) as usize & 0x3ff;
    let rank = square.rank();
    LineMoves::unpack(FILE_REACH[rank][word], FILE_ENDS[rank][word], kind)
}
