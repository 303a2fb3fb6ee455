//! Attack sets as bitboards, each a few reads of the generated tables.
//!
//! Rooks and cannons read compact u16 line tables (`ROOK_RANK_ATTACKS`,
//! …): the rank word is a shift of the board, the file word is gathered
//! with 64-bit multiplies and the file result spread back through two
//! small tables
//! ([`Bitboard::file_word`], [`Bitboard::from_file_word`]). The benchmark
//! `benches/xiangqi_attacks.rs` compares this with the packed thesis
//! tables, a file-major occupancy kept beside the board and ready-made
//! file bitboards.

use super::lines::{file_moves, rank_moves, LineKind};
use super::tables::{
    ADVISOR_MOVES, CANNON_FILE_ATTACKS, CANNON_RANK_ATTACKS, ELEPHANT_EYES, ELEPHANT_TARGETS,
    HORSE_CHECKERS, HORSE_CHECK_LEGS, HORSE_LEGS, HORSE_TARGETS, KING_MOVES, PAWN_CHECKERS,
    PAWN_MOVES, ROOK_FILE_ATTACKS, ROOK_RANK_ATTACKS,
};
use super::{Bitboard, Color, Piece, PieceKind, Square};

/// Bits 0, 9, …, 81: the a-file.
pub(crate) const FILE_A: u128 = {
    let mut bits = 0u128;
    let mut rank = 0;
    while rank < 10 {
        bits |= 1 << (rank * 9);
        rank += 1;
    }
    bits
};

/// Squares strictly between `a` and `b` when they share a rank or a file;
/// empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    let (low, high) = if a < b {
        (a as u32, b as u32)
    } else {
        (b as u32, a as u32)
    };
    let span = (1u128 << high).wrapping_sub(2u128 << low) & !(1u128 << high);
    let span = if high > low { span } else { 0 };
    if a.rank() == b.rank() {
        Bitboard(span)
    } else if a.file() == b.file() {
        Bitboard(span & FILE_A << a.file())
    } else {
        Bitboard::EMPTY
    }
}

/// A rank table and a file table of one piece's attacks.
type LineTables = (&'static [[u16; 512]; 9], &'static [[u16; 1024]; 10]);

/// Rook attacks: non-captures and rook captures.
const ROOK: LineTables = (&ROOK_RANK_ATTACKS, &ROOK_FILE_ATTACKS);
/// Cannon captures over one screen.
const CANNON: LineTables = (&CANNON_RANK_ATTACKS, &CANNON_FILE_ATTACKS);

/// The attacks of `tables` from `square`, given the occupied squares and
/// the occupancy word of the square's file.
#[inline]
const fn line_attacks(
    (rank_table, file_table): LineTables,
    square: Square,
    occupied: Bitboard,
    file_word: u16,
) -> Bitboard {
    let (rank, file) = (square.rank(), square.file());
    let on_rank = rank_table[file][occupied.rank_word(rank) as usize & 0x1ff];
    let on_file = file_table[rank][file_word as usize & 0x3ff];
    Bitboard(Bitboard::from_rank_word(rank, on_rank).0 | Bitboard::from_file_word(file, on_file).0)
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
    line_attacks(ROOK, square, occupied, occupied.file_word(square.file()))
}

/// Squares a cannon on `square` captures on: along each ray, the first
/// occupied square beyond exactly one screen.
#[inline]
pub const fn cannon_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    line_attacks(CANNON, square, occupied, occupied.file_word(square.file()))
}

/// Squares a cannon on `square` moves to without capturing: the empty
/// squares before the first piece on each ray (a rook's quiet moves).
#[inline]
pub const fn cannon_quiet(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rook_attacks(square, occupied).0 & !occupied.0)
}

/// [`cannon_quiet`] and [`cannon_attacks`] together, reading the rank and
/// file words once: `(quiet moves, captures)`.
#[inline]
pub const fn cannon_moves(square: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
    let file_word = occupied.file_word(square.file());
    let reach = line_attacks(ROOK, square, occupied, file_word);
    (
        Bitboard(reach.0 & !occupied.0),
        line_attacks(CANNON, square, occupied, file_word),
    )
}

/// Squares beyond exactly two screens (the first occupied one on each
/// ray): where a cannon would attack if one screen left, or a rook once
/// two pieces left. For discovered-check and pin tests; read from the
/// packed thesis tables.
#[inline]
pub const fn cannon_super(square: Square, occupied: Bitboard) -> Bitboard {
    let on_rank = rank_moves(LineKind::SuperCapture, square, occupied).reach;
    let on_file = file_moves(LineKind::SuperCapture, square, occupied).reach;
    Bitboard(
        Bitboard::from_rank_word(square.rank(), on_rank).0
            | Bitboard::from_file_word(square.file(), on_file).0,
    )
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

/// The squares `piece` on `square` attacks (could capture on), given the
/// occupied squares: the one question every other lookup answers for one
/// kind. A cannon attacks over exactly one screen; a king attacks its
/// palace steps (the flying general is a rook question, as
/// [`king_attackers`](super::king_attackers) asks it).
///
/// ```
/// use qiboard::xiangqi::{attacks, cannon_attacks, Bitboard, Color, Piece, PieceKind, Square};
///
/// let occupied: Bitboard = [Square::B2, Square::B5, Square::B9].into_iter().collect();
/// let cannon = Piece { color: Color::Red, kind: PieceKind::Cannon };
/// assert_eq!(attacks(cannon, Square::B2, occupied), cannon_attacks(Square::B2, occupied));
/// assert_eq!(attacks(cannon, Square::B2, occupied), Square::B9.bitboard());
/// ```
#[inline]
pub const fn attacks(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    match piece.kind {
        PieceKind::King => king_attacks(square),
        PieceKind::Advisor => advisor_attacks(square),
        PieceKind::Elephant => elephant_attacks(square, occupied),
        PieceKind::Horse => horse_attacks(square, occupied),
        PieceKind::Rook => rook_attacks(square, occupied),
        PieceKind::Cannon => cannon_attacks(square, occupied),
        PieceKind::Pawn => pawn_attacks(piece.color, square),
    }
}

/// The squares `piece` on `square` may move to before legality, given the
/// occupied squares: its [`attacks`] (captures, and quiet moves onto the
/// empty ones), plus a cannon's quiet moves, the one kind that moves
/// unlike it captures. Own pieces are not removed: the mover's moves are
/// `reach(..) - own pieces`, its captures `reach(..) & enemy pieces`, its
/// non-captures `reach(..) - occupied`. Whether the move leaves the
/// mover's king safe is not asked. (Not [`reachable`](super::reachable),
/// the squares a piece may ever stand on.)
///
/// ```
/// use qiboard::xiangqi::{attacks, reach, Bitboard, Color, Piece, PieceKind, Square};
///
/// let occupied: Bitboard = [Square::B2, Square::B5, Square::B9].into_iter().collect();
/// let cannon = Piece { color: Color::Red, kind: PieceKind::Cannon };
/// // Quiet: b3 b4 (up to the screen on b5), b1 b0, and the rest of rank 2;
/// // a capture: b9, over the screen.
/// assert_eq!(reach(cannon, Square::B2, occupied).count(), 2 + 2 + 8 + 1);
/// let rook = Piece { color: Color::Red, kind: PieceKind::Rook };
/// assert_eq!(reach(rook, Square::B2, occupied), attacks(rook, Square::B2, occupied));
/// ```
#[inline]
pub const fn reach(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    match piece.kind {
        PieceKind::Cannon => {
            let (quiet, captures) = cannon_moves(square, occupied);
            Bitboard(quiet.0 | captures.0)
        }
        _ => attacks(piece, square, occupied),
    }
}

#[cfg(test)]
mod tests;
