//! Attack sets as bitboards, each a few reads of the generated tables.
//!
//! Rooks and cannons read the rank and file move tables: the rank word is
//! a shift of the board, the file word is gathered with one 64-bit
//! multiply and the file result spread back with another
//! ([`Bitboard::file_word`], [`Bitboard::from_file_word`]). The benchmark
//! `benches/xiangqi_attacks.rs` compares this with a file-major occupancy
//! ([`super::rotated`]).

use super::tables::{
    ADVISOR_MOVES, ELEPHANT_EYES, ELEPHANT_TARGETS, FILE_REACH, HORSE_CHECKERS, HORSE_CHECK_LEGS,
    HORSE_LEGS, HORSE_TARGETS, KING_MOVES, PAWN_CHECKERS, PAWN_MOVES, RANK_REACH,
};
use super::{Bitboard, Color, Square};

/// Bits of the non-capture kind in a packed reach entry.
const QUIET: u64 = 0xffff;
/// Bits of the rook-capture kind.
const ROOK_CAPTURE: u64 = 0xffff << 16;

/// Rank and file reach entries (all four kinds packed) of `square`.
#[inline]
pub(crate) const fn line_entries(square: Square, file_word: u16, occupied: Bitboard) -> (u64, u64) {
    let rank_word = occupied.rank_word(square.rank()) as usize & 0x1ff;
    (
        RANK_REACH[square.file()][rank_word],
        FILE_REACH[square.rank()][file_word as usize & 0x3ff],
    )
}

/// The squares of one kind's reach on the rank and file of `square`;
/// `select` picks the kinds' bits, folded down to 16.
#[inline]
pub(crate) const fn line_set(square: Square, rank: u64, file: u64, select: u64) -> Bitboard {
    const fn fold(entry: u64, select: u64) -> u16 {
        let bits = entry & select;
        (bits | bits >> 16 | bits >> 32 | bits >> 48) as u16
    }
    let on_rank = Bitboard::from_rank_word(square.rank(), fold(rank, select));
    let on_file = Bitboard::from_file_word(square.file(), fold(file, select));
    Bitboard(on_rank.0 | on_file.0)
}

#[inline]
const fn line_attacks(square: Square, occupied: Bitboard, select: u64) -> Bitboard {
    let (rank, file) = line_entries(square, occupied.file_word(square.file()), occupied);
    line_set(square, rank, file, select)
}

/// Squares a rook on `square` attacks: along each ray, the empty squares
/// and the first occupied one.
///
/// ```
/// use qiboard::xiangqi::{rook_attacks, Bitboard, Square};
/// let occupied: Bitboard = [Square::A3, Square::A7, Square::C0].into_iter().collect();
/// let attacks = rook_attacks(Square::A0, occupied);
/// assert_eq!(attacks.count(), 5); // a1 a2 a3, b0 c0
/// ```
#[inline]
pub const fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    line_attacks(square, occupied, QUIET | ROOK_CAPTURE)
}

/// Squares a cannon on `square` captures on: along each ray, the first
/// occupied square beyond exactly one screen.
#[inline]
pub const fn cannon_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    line_attacks(square, occupied, 0xffff << 32)
}

/// Squares a cannon on `square` moves to without capturing: the empty
/// squares before the first piece on each ray (a rook's quiet moves).
#[inline]
pub const fn cannon_quiet(square: Square, occupied: Bitboard) -> Bitboard {
    line_attacks(square, occupied, QUIET)
}

/// Squares beyond exactly two screens (the first occupied one on each
/// ray): where a cannon would attack if one screen left, or a rook once
/// two pieces left. For discovered-check and pin tests.
#[inline]
pub const fn cannon_super(square: Square, occupied: Bitboard) -> Bitboard {
    line_attacks(square, occupied, 0xffff << 48)
}

/// ORs the targets whose blocker square is empty.
#[inline]
const fn unblocked(blockers: &[u8; 4], targets: &[u128; 4], occupied: Bitboard) -> Bitboard {
    let mut set = 0;
    let mut i = 0;
    while i < 4 {
        if occupied.0 >> blockers[i] & 1 == 0 {
            set |= targets[i];
        }
        i += 1;
    }
    Bitboard(set)
}

/// Squares a horse on `square` attacks: each pair of targets needs its
/// leg (the orthogonal neighbour toward them) empty.
#[inline]
pub const fn horse_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    let s = square as usize;
    unblocked(&HORSE_LEGS[s], &HORSE_TARGETS[s], occupied)
}

/// Squares from which a horse would attack `king`, given the occupied
/// squares (each needs its leg, a diagonal neighbour of the king, empty).
#[inline]
pub const fn horse_checkers(king: Square, occupied: Bitboard) -> Bitboard {
    let s = king as usize;
    unblocked(&HORSE_CHECK_LEGS[s], &HORSE_CHECKERS[s], occupied)
}

/// Squares an elephant on `square` attacks: two diagonal steps, on the
/// side of the river holding the square, each with its eye empty.
#[inline]
pub const fn elephant_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    let s = square as usize;
    unblocked(&ELEPHANT_EYES[s], &ELEPHANT_TARGETS[s], occupied)
}

/// Squares an advisor on `square` attacks: diagonal steps inside the
/// palace holding the square (none outside a palace).
#[inline]
pub const fn advisor_attacks(square: Square) -> Bitboard {
    Bitboard(ADVISOR_MOVES[square as usize])
}

/// Squares a king on `square` attacks: orthogonal steps inside the palace
/// holding the square (none outside a palace). Facing kings are a rook
/// question: see [`rook_attacks`].
#[inline]
pub const fn king_attacks(square: Square) -> Bitboard {
    Bitboard(KING_MOVES[square as usize])
}

/// Squares a pawn of `color` on `square` attacks: forward, and sideways
/// too once across the river.
#[inline]
pub const fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    Bitboard(PAWN_MOVES[color as usize][square as usize])
}

/// Squares from which a pawn of `color` attacks `king`.
#[inline]
pub const fn pawn_checkers(color: Color, king: Square) -> Bitboard {
    Bitboard(PAWN_CHECKERS[color as usize][king as usize])
}
