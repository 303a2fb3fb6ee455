//! Whether a king is attacked, from piece sets alone: the tablebase asks
//! this of millions of positions (and of un-moves never built as
//! positions), so kinds the attacker lacks are skipped and one read of the
//! rank and file tables serves rooks, cannons and the facing king.

use crate::xiangqi::attacks::{line_entries, line_set};
use crate::xiangqi::{horse_checkers, pawn_checkers, Bitboard, Color, Kind, Position, Square};

/// The diagonal neighbours of `square` (where legs of horses attacking
/// it stand).
#[inline]
pub(crate) fn diagonal_neighbours(square: Square) -> Bitboard {
    let (file, rank) = (square.file() as isize, square.rank() as isize);
    [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        .into_iter()
        .filter_map(|(df, dr)| Square::from_file_rank((file + df) as usize, (rank + dr) as usize))
        .collect()
}

/// Whether `mover`'s pieces (`by_kind`) attack `king` on a board with
/// `occupied` squares, counting the flying general. Kinds the mover does
/// not have cost nothing, so a bare defence only pays for the king file.
#[inline]
pub(crate) fn attacks_king(
    mover: Color,
    by_kind: &[Bitboard; 7],
    king: Square,
    occupied: Bitboard,
) -> bool {
    let (rooks, cannons) = (by_kind[Kind::Rook as usize], by_kind[Kind::Cannon as usize]);
    let (horses, pawns) = (by_kind[Kind::Horse as usize], by_kind[Kind::Pawn as usize]);
    if !pawns.is_empty() && !(pawn_checkers(mover, king) & pawns).is_empty() {
        return true;
    }
    if !horses.is_empty() && !(horse_checkers(king, occupied) & horses).is_empty() {
        return true;
    }
    // One read of the rank and file tables serves the rook, the cannon
    // and the facing king.
    let (rank, file) = line_entries(king, occupied.file_word(king.file()), occupied);
    if !cannons.is_empty() && !(line_set(king, rank, file, CANNON_CAPTURE) & cannons).is_empty() {
        return true;
    }
    let sliders = rooks | by_kind[Kind::King as usize];
    !(line_set(king, rank, file, ROOK_CAPTURE) & sliders).is_empty()
}

/// The rook-capture part of a packed reach entry: the first piece on each
/// ray (see `attacks`).
const ROOK_CAPTURE: u64 = 0xffff << 16;
/// The cannon-capture part: the first piece beyond one screen.
const CANNON_CAPTURE: u64 = 0xffff << 32;

/// Whether `position`'s side not to move is in check (such entries are
/// illegal).
#[inline]
pub(crate) fn waiting_side_in_check(position: &Position) -> bool {
    let side = position.side_to_move();
    let by_kind = Kind::ALL.map(|kind| position.pieces(side, kind));
    attacks_king(side, &by_kind, position.king(!side), position.occupied())
}
