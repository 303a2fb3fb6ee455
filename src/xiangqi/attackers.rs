//! Which pieces of a side attack a king, from piece sets alone: one
//! routine for the move generator (checkers, whether a move leaves its
//! king safe), the FEN reader and the tablebase, which asks it of
//! positions it never builds.

use super::tables::{HORSE_CHECKERS, HORSE_CHECK_LEGS, LINES, SIGHT};
use super::{horse_checkers, pawn_checkers, Bitboard, Color, PieceKind, Square};

/// The rank and the file through `square`.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(crate) fn lines_through(square: Square) -> Bitboard {
    Bitboard(LINES[square as usize])
}

/// Every square a horse could check `king` from, legs aside.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(crate) fn horse_zone(king: Square) -> Bitboard {
    let [a, b, c, d] = HORSE_CHECKERS[king as usize];
    Bitboard(a | b | c | d)
}

/// The squares through which a move can change the attacks on `king` other
/// than by the moved piece itself, when the side attacking it has horses
/// `horses`: the king's rank and file (lines opened or closed, cannon
/// screens gained or lost, the flying general) and, if there are horses,
/// its diagonal neighbours, where the legs of horses that check it stand.
/// A move that touches none of them leaves [`king_attackers`] as it was,
/// but for the moved piece's own attack: what lets a legality test skip
/// most moves.
///
/// ```
/// use qiboard::xiangqi::{king_exposure, Bitboard, Square};
///
/// let lines = king_exposure(Square::E0, Bitboard::EMPTY);
/// assert!(lines.contains(Square::E9) && lines.contains(Square::A0));
/// assert!(!lines.contains(Square::D1));
/// assert!(king_exposure(Square::E0, Square::C1.bitboard()).contains(Square::D1));
/// ```
#[inline]
pub fn king_exposure(king: Square, horses: Bitboard) -> Bitboard {
    let lines = lines_through(king);
    if horses.is_empty() {
        return lines;
    }
    HORSE_CHECK_LEGS[king as usize]
        .iter()
        .fold(lines, |set, &leg| set | Bitboard(1 << leg))
}

/// The pieces of `by` attacking `king`, a square a king can stand on, on a
/// board whose occupied squares are `occupied`; `pieces` holds `by`'s
/// pieces kind by kind (indexed by [`PieceKind::index`], as
/// [`Setup::pieces_by_kind`](super::Setup::pieces_by_kind) gives them).
/// Facing kings count: the flying general. It needs no position, so it
/// also answers for boards that are only piece sets (a move tried on
/// bitboards, a tablebase's un-move).
///
/// ```
/// use qiboard::xiangqi::{king_attackers, Position, Square};
///
/// let position = Position::from_fen("4k4/9/9/9/9/9/9/4R4/9/3K5 b")?;
/// let red = position.pieces_by_kind(qiboard::xiangqi::Color::Red);
/// assert_eq!(king_attackers(qiboard::xiangqi::Color::Red, &red, Square::E9, position.occupied()),
///            Square::E2.bitboard());
/// # Ok::<(), qiboard::xiangqi::FenError>(())
/// ```
///
/// Advisors, elephants and king steps never reach the other palace, so
/// only pawns, horses, rooks, cannons and the enemy king are looked at,
/// and of the line pieces only those on the king's rank or file, each with
/// one read of [`SIGHT`]: cheaper than rook and cannon lookups for the one
/// or two such pieces there usually are.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub fn king_attackers(
    by: Color,
    pieces: &[Bitboard; 7],
    king: Square,
    occupied: Bitboard,
) -> Bitboard {
    let mut attackers = pawn_checkers(by, king) & pieces[PieceKind::Pawn as usize];
    let horses = pieces[PieceKind::Horse as usize];
    if !horses.is_empty() && !(horses & horse_zone(king)).is_empty() {
        attackers |= horse_checkers(king, occupied) & horses;
    }
    let lines = lines_through(king);
    let sight = &SIGHT[king as usize];
    let sliders = (pieces[PieceKind::Rook as usize] | pieces[PieceKind::King as usize]) & lines;
    let cannons = pieces[PieceKind::Cannon as usize] & lines;
    add_seeing::<0>(&mut attackers, sliders, sight, occupied);
    add_seeing::<1>(&mut attackers, cannons, sight, occupied);
    attackers
}

/// Adds to `attackers` the members of `candidates` with exactly `SCREENS`
/// occupied squares between them and the king (`sight` is the king's row
/// of [`SIGHT`]). Bit by bit rather than square by square: each member's
/// bit is at hand, not rebuilt from its index by a 128-bit shift; and
/// added in place, which takes fewer instructions in perft than returning
/// a set to OR in.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn add_seeing<const SCREENS: u32>(
    attackers: &mut Bitboard,
    candidates: Bitboard,
    sight: &[u128; 90],
    occupied: Bitboard,
) {
    let mut rest = candidates.0;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        let between = Bitboard(sight[bit.trailing_zeros() as usize]) & occupied;
        let sees = match SCREENS {
            0 => between.is_empty(),
            _ => !between.is_empty() && !between.has_many(),
        };
        if sees {
            attackers.0 |= bit;
        }
    }
}
