//! Knight and slider moves, pinned pieces kept on their pin lines.

use super::lookup::{Layout, Sliders};
use super::side::Side;
use super::sink::MoveSink;
use super::Context;
use crate::chess::{knight_attacks, line, Bitboard, PieceKind, Position, Square};

impl Position {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn knight_moves<Us: Side, S: MoveSink>(&self, cx: &Context, sink: &mut S) {
        // A pinned knight can never stay on its pin line.
        let knights = self.pieces(Us::US, PieceKind::Knight) - cx.pinned;
        for from in knights {
            sink.piece(PieceKind::Knight, from, knight_attacks(from) & cx.target);
        }
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn slider_moves<Us: Side, L: Layout, S: MoveSink>(
        &self,
        sliders: Sliders<L>,
        cx: &Context,
        sink: &mut S,
    ) {
        self.slides::<Us, S>(cx, sink, PieceKind::Bishop, |s, o| sliders.bishop(s, o));
        self.slides::<Us, S>(cx, sink, PieceKind::Rook, |s, o| sliders.rook(s, o));
        self.slides::<Us, S>(cx, sink, PieceKind::Queen, |s, o| sliders.queen(s, o));
    }

    /// Moves of our sliders of `kind`, which attack as `attacks` says.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn slides<Us: Side, S: MoveSink>(
        &self,
        cx: &Context,
        sink: &mut S,
        kind: PieceKind,
        attacks: impl Fn(Square, Bitboard) -> Bitboard,
    ) {
        let pieces = self.pieces(Us::US, kind);
        for from in pieces - cx.pinned {
            sink.piece(kind, from, attacks(from, cx.occupied) & cx.target);
        }
        // A pinned piece cannot answer a check; otherwise it may slide
        // along its pin line.
        if cx.in_check {
            return;
        }
        for from in pieces & cx.pinned {
            let targets = attacks(from, cx.occupied) & cx.target & line(cx.king, from);
            sink.piece(kind, from, targets);
        }
    }
}
