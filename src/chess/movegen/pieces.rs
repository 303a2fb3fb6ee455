//! Knight and slider moves, pinned pieces kept on their pin lines.

use super::sink::MoveSink;
use super::Context;
use crate::chess::{
    bishop_attacks, knight_attacks, line, queen_attacks, rook_attacks, Bitboard, PieceKind,
    Position, Square,
};

impl Position {
    #[inline(always)]
    pub(super) fn knight_moves<S: MoveSink>(&self, cx: &Context, sink: &mut S) {
        // A pinned knight can never stay on its pin line.
        let knights = self.pieces(cx.us, PieceKind::Knight) - cx.pinned;
        for from in knights {
            let targets = knight_attacks(from) & cx.target;
            if !targets.is_empty() {
                sink.piece(PieceKind::Knight, from, targets);
            }
        }
    }

    #[inline(always)]
    pub(super) fn slider_moves<S: MoveSink>(&self, cx: &Context, sink: &mut S) {
        self.slides(cx, sink, PieceKind::Bishop, bishop_attacks);
        self.slides(cx, sink, PieceKind::Rook, rook_attacks);
        self.slides(cx, sink, PieceKind::Queen, queen_attacks);
    }

    /// Moves of our sliders of `kind`, which attack as `attacks` says.
    #[inline(always)]
    fn slides<S: MoveSink>(
        &self,
        cx: &Context,
        sink: &mut S,
        kind: PieceKind,
        attacks: impl Fn(Square, Bitboard) -> Bitboard,
    ) {
        let pieces = self.pieces(cx.us, kind);
        for from in pieces - cx.pinned {
            let targets = attacks(from, cx.occupied) & cx.target;
            if !targets.is_empty() {
                sink.piece(kind, from, targets);
            }
        }
        // A pinned piece cannot answer a check; otherwise it may slide
        // along its pin line.
        if cx.in_check {
            return;
        }
        for from in pieces & cx.pinned {
            let targets = attacks(from, cx.occupied) & cx.target & line(cx.king, from);
            if !targets.is_empty() {
                sink.piece(kind, from, targets);
            }
        }
    }
}
