//! Where generated moves go: a list, a counter, or a function called on
//! each move (perft plays them as they are found).

use super::context::low;
use crate::xiangqi::{Move, MoveList, PieceKind, Square};

/// Where generated moves go. Squares are indices (a0 = 0 … i9 = 89), sets
/// raw `u128`; every move handed over is legal.
pub(super) trait Sink {
    /// All of `targets` are destinations of our piece of `kind` on `from`.
    fn all(&mut self, kind: PieceKind, from: usize, targets: u128);
    /// One move of our piece of `kind`.
    fn one(&mut self, kind: PieceKind, from: usize, to: usize);
    /// Every square of `targets` is a destination of a pawn standing
    /// `step` squares before it (pawns, generated together).
    fn shifted(&mut self, targets: u128, step: isize);
}

/// The move between two square indices (both below 90).
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn move_of(from: usize, to: usize) -> Move {
    Move::new(Square::ALL[from], Square::ALL[to])
}

impl Sink for MoveList {
    #[inline]
    fn all(&mut self, _kind: PieceKind, from: usize, mut targets: u128) {
        while targets != 0 {
            self.push_or_panic(move_of(from, low(targets)));
            targets &= targets - 1;
        }
    }

    #[inline]
    fn one(&mut self, _kind: PieceKind, from: usize, to: usize) {
        self.push_or_panic(move_of(from, to));
    }

    #[inline]
    fn shifted(&mut self, mut targets: u128, step: isize) {
        while targets != 0 {
            let to = low(targets);
            self.push_or_panic(move_of(to.wrapping_add_signed(-step), to));
            targets &= targets - 1;
        }
    }
}

/// Counts moves.
pub(super) struct Counter(pub(super) u64);

impl Sink for Counter {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn all(&mut self, _kind: PieceKind, _from: usize, targets: u128) {
        self.0 += u64::from(targets.count_ones());
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn one(&mut self, _kind: PieceKind, _from: usize, _to: usize) {
        self.0 += 1;
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn shifted(&mut self, targets: u128, _step: isize) {
        self.0 += u64::from(targets.count_ones());
    }
}

/// Calls a function on each move: `(kind, from, to)`.
pub(crate) struct Visit<F>(pub(crate) F);

impl<F: FnMut(PieceKind, usize, usize)> Sink for Visit<F> {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn all(&mut self, kind: PieceKind, from: usize, mut targets: u128) {
        while targets != 0 {
            (self.0)(kind, from, low(targets));
            targets &= targets - 1;
        }
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn one(&mut self, kind: PieceKind, from: usize, to: usize) {
        (self.0)(kind, from, to);
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn shifted(&mut self, mut targets: u128, step: isize) {
        while targets != 0 {
            let to = low(targets);
            (self.0)(PieceKind::Pawn, to.wrapping_add_signed(-step), to);
            targets &= targets - 1;
        }
    }
}
