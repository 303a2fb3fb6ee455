//! The file-major ("rotated") rook and cannon lookup, built here from the
//! public u16 line tables: a file-major occupancy kept beside the ordinary
//! one, so that a file word is a shift instead of the library's gathering
//! multiply. A move generator using it would XOR [`FileMajor::bit`] of
//! every square a move changes, alongside the ordinary bitboard.

use qiboard::xiangqi::tables::{
    CANNON_FILE_ATTACKS, CANNON_RANK_ATTACKS, ROOK_FILE_ATTACKS, ROOK_RANK_ATTACKS,
};
use qiboard::xiangqi::{Bitboard, Square};

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

    /// The 10-bit occupancy of `file` (bit `r` for rank `r`).
    #[inline]
    pub const fn file_word(self, file: usize) -> u16 {
        (self.0 >> (10 * file)) as u16 & 0x3ff
    }
}

/// A rank table and a file table of one piece's attacks.
type LineTables = (&'static [[u16; 512]; 9], &'static [[u16; 1024]; 10]);

/// The attacks of `tables` from `square`: the rank word read from
/// `occupied`, the file word from `file_major`.
#[inline]
fn line_attacks(
    (rank_table, file_table): LineTables,
    square: Square,
    occupied: Bitboard,
    file_major: FileMajor,
) -> Bitboard {
    let (rank, file) = (square.rank(), square.file());
    let on_rank = rank_table[file][occupied.rank_word(rank) as usize];
    let on_file = file_table[rank][file_major.file_word(file) as usize];
    Bitboard::from_rank_word(rank, on_rank) | Bitboard::from_file_word(file, on_file)
}

/// `qiboard::xiangqi::rook_attacks`, reading the file from `file_major`
/// (which must hold the same squares as `occupied`).
#[inline]
pub fn rook_attacks(square: Square, occupied: Bitboard, file_major: FileMajor) -> Bitboard {
    line_attacks(
        (&ROOK_RANK_ATTACKS, &ROOK_FILE_ATTACKS),
        square,
        occupied,
        file_major,
    )
}

/// `qiboard::xiangqi::cannon_attacks`, reading the file from `file_major`
/// (which must hold the same squares as `occupied`).
#[inline]
pub fn cannon_attacks(square: Square, occupied: Bitboard, file_major: FileMajor) -> Bitboard {
    line_attacks(
        (&CANNON_RANK_ATTACKS, &CANNON_FILE_ATTACKS),
        square,
        occupied,
        file_major,
    )
}
