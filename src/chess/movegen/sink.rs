//! Where generated moves go: a list, a counter that never builds one, or
//! perft's visitor of the positions they lead to.

use core::marker::PhantomData;

use super::side::Side;
use crate::chess::{Bitboard, Move, MoveList, PieceKind, Position, Square};

/// How a set of pawn moves is written down.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum PawnStep {
    Normal,
    Double,
    /// Four moves per target, one per promotion piece.
    Promotion,
}

/// Receives generated moves in bulk.
pub(super) trait MoveSink {
    /// The piece of `kind` on `from` may move to every square of `targets`.
    fn piece(&mut self, kind: PieceKind, from: Square, targets: Bitboard);
    /// Pawns may move to every square of `targets`, each from `delta`
    /// squares back (`from = to - delta`).
    fn pawns(&mut self, targets: Bitboard, delta: i32, step: PawnStep);
    /// One move (en passant, castling).
    fn single(&mut self, mv: Move);
}

/// Counts moves without writing them down.
pub(super) struct Counter(pub(super) u64);

impl MoveSink for Counter {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn piece(&mut self, _kind: PieceKind, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn pawns(&mut self, targets: Bitboard, _delta: i32, step: PawnStep) {
        let per_target = if step == PawnStep::Promotion { 4 } else { 1 };
        self.0 += per_target * u64::from(targets.count());
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl MoveSink for MoveList {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn piece(&mut self, kind: PieceKind, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(kind, from, to));
        }
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, step: PawnStep) {
        for to in targets {
            let from = Square::from_index_wrapping((to.index() as i32 - delta) as usize);
            match step {
                PawnStep::Normal => self.push(Move::normal(PieceKind::Pawn, from, to)),
                PawnStep::Double => self.push(Move::double_push(from, to)),
                PawnStep::Promotion => {
                    for kind in PieceKind::PROMOTIONS {
                        self.push(Move::promotion(from, to, kind));
                    }
                }
            }
        }
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn single(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Makes each move as it is generated and hands the child position to a
/// visitor: perft's inner plies, with no list in between.
pub(super) struct Children<'a, Us, F> {
    parent: &'a Position,
    visit: F,
    side: PhantomData<Us>,
}

impl<'a, Us: Side, F: FnMut(&Position)> Children<'a, Us, F> {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn new(parent: &'a Position, visit: F) -> Self {
        Children {
            parent,
            visit,
            side: PhantomData,
        }
    }
}

impl<Us: Side, F: FnMut(&Position)> MoveSink for Children<'_, Us, F> {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn piece(&mut self, kind: PieceKind, from: Square, targets: Bitboard) {
        for to in targets {
            (self.visit)(&self.parent.after_move::<Us>(kind, from, to));
        }
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, step: PawnStep) {
        for to in targets {
            let from = Square::from_index_wrapping((to.index() as i32 - delta) as usize);
            match step {
                PawnStep::Normal => {
                    (self.visit)(&self.parent.after_move::<Us>(PieceKind::Pawn, from, to));
                }
                PawnStep::Double => (self.visit)(&self.parent.after_double_step::<Us>(from, to)),
                PawnStep::Promotion => {
                    for kind in PieceKind::PROMOTIONS {
                        (self.visit)(&self.parent.after_promotion::<Us>(from, to, kind));
                    }
                }
            }
        }
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn single(&mut self, mv: Move) {
        (self.visit)(&self.parent.play(mv));
    }
}
