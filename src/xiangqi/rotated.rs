//! The alternative rook and cannon lookup: a file-major ("rotated")
//! occupancy kept beside the ordinary one, so that a file word is a shift
//! instead of a gathering multiply.
//!
//! A move generator using it XORs [`FileMajor::bit`] of every square a
//! move changes, alongside the ordinary bitboard. Both variants read the
//! same line tables and give the same sets; `benches/xiangqi_attacks.rs`
//! times them against each other.

use super::attacks::{line_entries, line_set};
use super::{Bitboard, Square};

/// Occupancy stored file-major: bit `file * 10 + rank`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FileMajor(pub u128);

impl FileMajor {
    /// The file-major bit of `square`.
    #[inline]
    pub const fn bit(square: Square) -> u128 {
        1 << (square.file() * 10 + square.rank())
    }

    /// The file-major form of `set` (square by square: for setting up a
    /// position, not for a search's inner loop).
    pub fn from_bitboard(set: Bitboard) -> FileMajor {
        FileMajor(
            set.iter()
                .fold(0, |bits, square| bits | FileMajor::bit(square)),
        )
    }

    /// The 10-bit occupancy of `file` (bit `r` for rank `r`); files past 8
    /// read as empty.
    #[inline]
    pub const fn file_word(self, file: usize) -> u16 {
        if file >= 9 {
            return 0;
        }
        (self.0 >> (10 * file)) as u16 & 0x3ff
    }
}

#[inline]
const fn attacks(
    square: Square,
    occupied: Bitboard,
    file_major: FileMajor,
    select: u64,
) -> Bitboard {
    let (rank, file) = line_entries(square, file_major.file_word(square.file()), occupied);
    line_set(square, rank, file, select)
}

/// [`super::rook_attacks`], reading the file from `file_major` (which must
/// hold the same squares as `occupied`).
#[inline]
pub const fn rook_attacks(square: Square, occupied: Bitboard, file_major: FileMajor) -> Bitboard {
    attacks(square, occupied, file_major, 0xffff_ffff)
}

/// [`super::cannon_attacks`], reading the file from `file_major` (which
/// must hold the same squares as `occupied`).
#[inline]
pub const fn cannon_attacks(square: Square, occupied: Bitboard, file_major: FileMajor) -> Bitboard {
    attacks(square, occupied, file_major, 0xffff << 32)
}
