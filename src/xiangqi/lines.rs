//! Typed reads of the rank and file move tables.

use super::tables::{FILE_ENDS, FILE_REACH, RANK_ENDS, RANK_REACH};
use super::{Bitboard, Square};

/// What a rook or cannon move along a line does; the order of the packed
/// tables ([`RANK_REACH`], [`FILE_REACH`], …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Onto an empty point before the first piece (rook and cannon alike).
    Quiet = 0,
    /// Takes the first piece (rook).
    RookCapture = 1,
    /// Takes the piece just beyond exactly one screen (cannon).
    CannonCapture = 2,
    /// Reaches the piece beyond two screens: what a cannon would attack if
    /// one screen left (check and pin tests).
    SuperCapture = 3,
}

/// The moves of one [`LineKind`] from one point of a rank or file.
///
/// Points are files (0 = a) on a rank and ranks (0 … 9) on a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineMoves {
    /// Bit `p` set when point `p` is a target.
    pub reach: u16,
    /// The target nearest point 0 (the farthest that way), or the piece's
    /// own point when there is none that way.
    pub low: u8,
    /// The target nearest the far end, or the piece's own point when there
    /// is none that way.
    pub high: u8,
}

impl LineMoves {
    #[inline]
    const fn unpack(reach: u64, ends: u32, kind: LineKind) -> LineMoves {
        let k = kind as u32;
        let end = ends >> (8 * k);
        LineMoves {
            reach: (reach >> (16 * k)) as u16,
            low: (end & 0xf) as u8,
            high: (end >> 4 & 0xf) as u8,
        }
    }
}

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
