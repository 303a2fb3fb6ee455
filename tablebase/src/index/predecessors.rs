//! Un-moves: the positions from which one non-capture move leads to a
//! given position. Retrograde analysis walks these edges backwards.
//!
//! The predecessors are never built as positions: the moved piece's
//! origin changes one component of the index (its piece set's number, or
//! its side's placement number), and legality (the side now to move must
//! not be left in check by the un-moved piece or by what it uncovered) is
//! an attack test on bitboards.

use qiboard::xiangqi::{
    cannon_quiet, horse_checkers, king_attackers, king_exposure, pawn_checkers, Bitboard, Color,
    PieceKind, Position, Square,
};

use super::domain::NOWHERE;
use super::Layout;

/// Squares from which a piece-set piece (rook, cannon, horse, pawn) of
/// colour `mover` reaches `to` without capturing, on a board with
/// `occupied` squares (`to` among them). Rook, cannon and horse moves are
/// reversible; pawns come from behind or the side, and only from squares
/// they can reach (`pawn_squares`). Kings, advisors and elephants use
/// their placements' precomputed steps instead.
#[inline]
fn origins(
    kind: PieceKind,
    mover: Color,
    to: Square,
    occupied: Bitboard,
    pawn_squares: Bitboard,
) -> Bitboard {
    let reach = match kind {
        PieceKind::Rook | PieceKind::Cannon => cannon_quiet(to, occupied),
        // A horse's leg is next to where it starts, which is a diagonal
        // neighbour of where it lands: exactly the reverse-horse table.
        PieceKind::Horse => horse_checkers(to, occupied),
        PieceKind::Pawn => pawn_checkers(mover, to) & pawn_squares,
        PieceKind::King | PieceKind::Advisor | PieceKind::Elephant => Bitboard::EMPTY,
    };
    reach - occupied
}

impl Layout {
    /// Calls `visit` with the index (in the table of the other side to move)
    /// of every stored legal position that reaches entry `index` — which is
    /// `position`, with its side to move — by one non-capture move: the edges
    /// a retrograde solver walks backwards.
    ///
    /// An entry whose pair is folded also stands for its mirror image, so
    /// the predecessors of both are wanted; of those, only ones in stored
    /// orientation are reported, so each move of a stored position is seen
    /// once. A set piece's un-move keeps the pair, which is stored as is for
    /// `position` and mirrored for its image, so only placement pieces (king,
    /// advisors, elephants) can lead to stored predecessors of the image.
    #[inline]
    pub fn for_each_predecessor(
        &self,
        index: u64,
        position: &Position,
        mut visit: impl FnMut(u64),
    ) {
        let layout = self;
        let pawn_squares = layout.pawn_squares();
        let waiting = position.side_to_move();
        let mover = !waiting;
        let occupied = position.occupied();
        let king = position.king(waiting);
        let by_kind = position.pieces_by_kind(mover);
        let (red, black, rest) = layout.parts(index);
        let base = index - rest;
        // Unless the king is in check already, an un-move off the exposure
        // squares can only give check with the moved piece itself.
        let checked = !king_attackers(mover, &by_kind, king, occupied).is_empty();
        let exposed = king_exposure(king, by_kind[PieceKind::Horse as usize]);
        let legal_after = |kind: PieceKind, from: Square, to: Square| {
            let path = from.bitboard() | to.bitboard();
            if !checked && kind != PieceKind::King && (path & exposed).is_empty() {
                return match kind {
                    PieceKind::Horse => !horse_checkers(king, occupied ^ path).contains(from),
                    PieceKind::Pawn => !pawn_checkers(mover, king).contains(from),
                    _ => true,
                };
            }
            let mut before = by_kind;
            before[kind as usize] ^= path;
            king_attackers(mover, &before, king, occupied ^ path).is_empty()
        };

        for set in layout.sets().iter().filter(|set| set.piece.color == mover) {
            let kind = set.piece.kind;
            let squares = by_kind[kind as usize];
            let Some(number) = set.domain.number(squares, false) else {
                continue;
            };
            let others = rest - number * set.stride;
            for to in squares {
                for from in origins(kind, mover, to, occupied, pawn_squares[mover as usize]) {
                    if !legal_after(kind, from, to) {
                        continue;
                    }
                    // A lone piece's number is its square's place.
                    let number = if set.count == 1 {
                        let local = set.domain.local(from, false);
                        (local != NOWHERE).then_some(u64::from(local))
                    } else {
                        set.domain
                            .number(squares ^ from.bitboard() ^ to.bitboard(), false)
                    };
                    if let Some(number) = number {
                        visit(base + others + number * set.stride);
                    }
                }
            }
        }

        let folded = layout.weight(index) == 2;
        let mut mirrored_rest = None;
        let (own, other) = match mover {
            Color::Red => (red, black),
            Color::Black => (black, red),
        };
        let stored_base = |mine: u32, theirs: u32| match mover {
            Color::Red => layout.stored_pair_base(mine, theirs),
            Color::Black => layout.stored_pair_base(theirs, mine),
        };
        for step in layout.group_steps(mover, own) {
            if !(step.blockers & occupied).is_empty() || !legal_after(step.kind, step.from, step.to)
            {
                continue;
            }
            if let Some(base) = stored_base(step.before, other) {
                visit(base + rest);
            }
            if folded {
                let mirror = stored_base(
                    layout.mirror_placement(mover, step.before),
                    layout.mirror_placement(waiting, other),
                );
                if let Some(base) = mirror {
                    let rest = *mirrored_rest.get_or_insert_with(|| layout.mirrored_rest(position));
                    visit(base + rest);
                }
            }
        }
    }
}
