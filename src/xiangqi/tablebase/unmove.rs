//! Un-moves: the positions from which one non-capture move leads to a
//! given position. Retrograde analysis walks these edges backwards.
//!
//! The predecessors are never built as positions: the moved piece's
//! origin changes one component of the index (its piece set's rank, or
//! its side's placement number), and legality (the side now to move must
//! not be left in check by the un-moved piece or by what it uncovered) is
//! an attack test on bitboards.

use crate::xiangqi::{
    advisor_attacks, cannon_quiet, elephant_attacks, horse_checkers, king_attacks, pawn_checkers,
    rook_attacks, Bitboard, Color, Kind, Position, Square,
};

use super::Layout;
use crate::xiangqi::attacks::{line_entries, line_set};

/// Squares from which `kind` of colour `mover` reaches `to` without
/// capturing, on a board with `occupied` squares (`to` among them).
/// Every move but the pawn's is reversible; pawns come from behind or the
/// side, and only from squares they can reach (`pawn_squares`).
#[inline]
fn origins(
    kind: Kind,
    mover: Color,
    to: Square,
    occupied: Bitboard,
    pawn_squares: Bitboard,
) -> Bitboard {
    let reach = match kind {
        Kind::Rook => rook_attacks(to, occupied),
        Kind::Cannon => cannon_quiet(to, occupied),
        // A horse's leg is next to where it starts, which is a diagonal
        // neighbour of where it lands: exactly the reverse-horse table.
        Kind::Horse => horse_checkers(to, occupied),
        Kind::Elephant => elephant_attacks(to, occupied),
        Kind::Advisor => advisor_attacks(to),
        Kind::King => king_attacks(to),
        Kind::Pawn => pawn_checkers(mover, to) & pawn_squares,
    };
    reach - occupied
}

/// Whether `mover`'s pieces (`by_kind`) attack `king` on a board with
/// `occupied` squares, counting the flying general. Kinds the mover does
/// not have cost nothing, so a bare defence only pays for the king file.
#[inline]
fn attacks_king(mover: Color, by_kind: &[Bitboard; 7], king: Square, occupied: Bitboard) -> bool {
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

/// Calls `visit` with the index (in the table of the other side to move)
/// of every stored legal position that reaches entry `index` — which is
/// `position`, with `side` to move — by one non-capture move.
///
/// An entry whose pair is folded also stands for its mirror image, so
/// the predecessors of both are wanted; of those, only ones in stored
/// orientation are reported, so each move of a stored position is seen
/// once. A set piece's un-move keeps the pair, which is stored as is for
/// `position` and mirrored for its image, so only placement pieces (king,
/// advisors, elephants) can lead to stored predecessors of the image.
#[inline]
pub(crate) fn for_each_predecessor(
    layout: &Layout,
    index: u32,
    position: &Position,
    pawn_squares: &[Bitboard; 2],
    mut visit: impl FnMut(u32),
) {
    let waiting = position.side_to_move();
    let mover = !waiting;
    let occupied = position.occupied();
    let king = position.king(waiting);
    let by_kind = Kind::ALL.map(|kind| position.pieces(mover, kind));
    let (red, black, rest) = layout.parts(index);
    let base = u64::from(index) - rest;
    let legal_after = |kind: Kind, from: Square, to: Square| {
        let path = from.bitboard() | to.bitboard();
        let mut before = by_kind;
        before[kind as usize] ^= path;
        !attacks_king(mover, &before, king, occupied ^ path)
    };

    for set in layout.sets().iter().filter(|set| set.piece.color == mover) {
        let kind = set.piece.kind;
        let squares = by_kind[kind as usize];
        let Some(rank) = set.domain.rank(squares, false) else {
            continue;
        };
        let others = rest - rank * set.stride;
        for to in squares {
            for from in origins(kind, mover, to, occupied, pawn_squares[mover as usize]) {
                if !legal_after(kind, from, to) {
                    continue;
                }
                let moved = squares ^ from.bitboard() ^ to.bitboard();
                if let Some(rank) = set.domain.rank(moved, false) {
                    visit((base + others + rank * set.stride) as u32);
                }
            }
        }
    }

    let folded = layout.weight(index) == 2;
    let mut mirrored_rest = None;
    let other = match mover {
        Color::Red => black,
        Color::Black => red,
    };
    for kind in [Kind::King, Kind::Advisor, Kind::Elephant] {
        for to in by_kind[kind as usize] {
            for from in origins(kind, mover, to, occupied, Bitboard::EMPTY) {
                if !legal_after(kind, from, to) {
                    continue;
                }
                let mut group = [
                    by_kind[Kind::King as usize],
                    by_kind[Kind::Advisor as usize],
                    by_kind[Kind::Elephant as usize],
                ];
                let slot = match kind {
                    Kind::King => 0,
                    Kind::Advisor => 1,
                    _ => 2,
                };
                group[slot] ^= from.bitboard() | to.bitboard();
                let Some(king_square) = group[0].lsb() else {
                    continue;
                };
                let Some(placed) = layout.placement(mover, king_square, group[1], group[2]) else {
                    continue;
                };
                let pair = |mine: u32, theirs: u32| match mover {
                    Color::Red => layout.stored_pair_base(mine, theirs),
                    Color::Black => layout.stored_pair_base(theirs, mine),
                };
                if let Some(base) = pair(placed, other) {
                    visit((base + rest) as u32);
                }
                if folded {
                    let mirror = pair(
                        layout.mirror_placement(mover, placed),
                        layout.mirror_placement(waiting, other),
                    );
                    if let Some(base) = mirror {
                        let rest =
                            *mirrored_rest.get_or_insert_with(|| layout.mirrored_rest(position));
                        visit((base + rest) as u32);
                    }
                }
            }
        }
    }
}
