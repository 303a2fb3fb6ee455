//! Whether a king is attacked, from piece sets alone: the tablebase asks
//! this of millions of positions (and of un-moves never built as
//! positions), so it looks at the attacker's few pieces one by one with
//! a table of the squares between two points.

use crate::xiangqi::tables::SIGHT;
use crate::xiangqi::{horse_checkers, pawn_checkers, Bitboard, Color, Kind, Position, Square};

/// The squares through which a move can expose `king` when it is not in
/// check: its rank and file (lines opened, cannon screens added, the
/// flying general) and, against horses, its diagonal neighbours (where
/// the legs of horses attacking it stand). A move touching none of them
/// changes no attack on the king but the moved piece's own.
#[inline]
pub(crate) fn exposure(king: Square, horses: Bitboard) -> Bitboard {
    let lines =
        Bitboard::from_rank_word(king.rank(), 0x1ff) | Bitboard::from_file_word(king.file(), 0x3ff);
    if horses.is_empty() {
        lines
    } else {
        lines | diagonal_neighbours(king)
    }
}

/// The diagonal neighbours of `square`.
#[inline]
fn diagonal_neighbours(square: Square) -> Bitboard {
    let (file, rank) = (square.file() as isize, square.rank() as isize);
    [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        .into_iter()
        .filter_map(|(df, dr)| Square::from_file_rank((file + df) as usize, (rank + dr) as usize))
        .collect()
}

/// Whether `mover`'s pieces (`by_kind`) attack `king` on a board with
/// `occupied` squares, counting the flying general. Endgames have few
/// pieces, so each rook, cannon and king is looked at on its own.
#[inline]
pub(crate) fn attacks_king(
    mover: Color,
    by_kind: &[Bitboard; 7],
    king: Square,
    occupied: Bitboard,
) -> bool {
    let (horses, pawns) = (by_kind[Kind::Horse as usize], by_kind[Kind::Pawn as usize]);
    if !(pawn_checkers(mover, king) & pawns).is_empty() {
        return true;
    }
    if !horses.is_empty() && !(horse_checkers(king, occupied) & horses).is_empty() {
        return true;
    }
    let sight = &SIGHT[king as usize];
    for slider in by_kind[Kind::Rook as usize] | by_kind[Kind::King as usize] {
        if sight[slider as usize] & occupied.0 == 0 {
            return true;
        }
    }
    for cannon in by_kind[Kind::Cannon as usize] {
        if (sight[cannon as usize] & occupied.0).count_ones() == 1 {
            return true;
        }
    }
    false
}

/// Whether `position`'s side not to move is in check (such entries are
/// illegal).
#[inline]
pub(crate) fn waiting_side_in_check(position: &Position) -> bool {
    let side = position.side_to_move();
    let by_kind = Kind::ALL.map(|kind| position.pieces(side, kind));
    attacks_king(side, &by_kind, position.king(!side), position.occupied())
}
