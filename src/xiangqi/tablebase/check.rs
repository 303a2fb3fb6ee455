//! Whether a king is attacked, from piece sets alone: the tablebase asks
//! this of millions of positions (and of un-moves never built as
//! positions), so it looks at the attacker's few pieces one by one with
//! a table of the squares between two points.

use crate::xiangqi::{horse_checkers, pawn_checkers, Bitboard, Color, PieceKind, Position, Square};

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

/// `SIGHT[a][b]`: the squares strictly between `a` and `b` when they
/// share a rank or file; otherwise both squares themselves. A rook (or
/// king) on `b` sees a king on `a` when `SIGHT[a][b] & occupied` is empty,
/// a cannon when it holds exactly one square; since both ends are always
/// occupied, unaligned pairs never pass either test.
static SIGHT: [[u128; 90]; 90] = {
    let mut table = [[0u128; 90]; 90];
    let mut a = 0;
    while a < 90 {
        let mut b = 0;
        while b < 90 {
            let (ra, fa, rb, fb) = (a / 9, a % 9, b / 9, b % 9);
            let mut set = 0u128;
            if a != b && (ra == rb || fa == fb) {
                let step: isize = if ra == rb { 1 } else { 9 };
                let (low, high) = if a < b { (a, b) } else { (b, a) };
                let mut square = low as isize + step;
                while square < high as isize {
                    set |= 1 << square;
                    square += step;
                }
            } else {
                set = 1 << a | 1 << b;
            }
            table[a][b] = set;
            b += 1;
        }
        a += 1;
    }
    table
};

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
    let (horses, pawns) = (
        by_kind[PieceKind::Horse as usize],
        by_kind[PieceKind::Pawn as usize],
    );
    if !(pawn_checkers(mover, king) & pawns).is_empty() {
        return true;
    }
    if !horses.is_empty() && !(horse_checkers(king, occupied) & horses).is_empty() {
        return true;
    }
    let sight = &SIGHT[king as usize];
    for slider in by_kind[PieceKind::Rook as usize] | by_kind[PieceKind::King as usize] {
        if sight[slider as usize] & occupied.0 == 0 {
            return true;
        }
    }
    for cannon in by_kind[PieceKind::Cannon as usize] {
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
    let by_kind = PieceKind::ALL.map(|kind| position.pieces(side, kind));
    attacks_king(side, &by_kind, position.king(!side), position.occupied())
}
