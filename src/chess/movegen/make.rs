//! Making moves for perft's inner plies: the board sets, castling rights,
//! en passant square and side to move only. The Zobrist key, the move
//! counters and the notation flag are left as they were, since counting
//! reads none of them; [`Position::play`] keeps everything.
//!
//! Each function knows the moving side (and, inlined, the piece kind) at
//! compile time, so a move costs a copy and a few masks, with no branch
//! on what was captured.

use super::side::Side;
use crate::chess::position::back_rank;
use crate::chess::{Bitboard, Move, PieceKind, Position, Square};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

impl Position {
    /// After `Us` moves a piece of `kind` (a pawn: one step or a capture,
    /// not a promotion) from `from` to `to`, capturing whatever is there.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn after_move<Us: Side>(
        &self,
        kind: PieceKind,
        from: Square,
        to: Square,
    ) -> Position {
        let mut next = *self;
        let board = &mut next.setup;
        let to_set = to.bitboard();
        // Whatever stood on `to` is gone (no branch on whether anything
        // did), and a rook taken there loses its right.
        for set in &mut board.by_kind {
            *set -= to_set;
        }
        board.by_color[Us::THEM.index()] -= to_set;
        board.castle_rooks -= to_set;
        next.move_piece::<Us>(kind, from, to);
        next
    }

    /// After `Us` moves a piece of `kind` (a pawn: one step, not a
    /// promotion) from `from` to an empty `to`: [`Position::after_move`]
    /// without the capture's clearing.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn after_quiet<Us: Side>(
        &self,
        kind: PieceKind,
        from: Square,
        to: Square,
    ) -> Position {
        let mut next = *self;
        next.move_piece::<Us>(kind, from, to);
        next
    }

    /// Moves our piece of `kind` from `from` to an empty `to` and passes
    /// the turn.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn move_piece<Us: Side>(&mut self, kind: PieceKind, from: Square, to: Square) {
        let board = &mut self.setup;
        let from_to = from.bitboard() | to.bitboard();
        board.by_kind[kind.index()] ^= from_to;
        board.by_color[Us::US.index()] ^= from_to;
        // A rook that moves loses its right, a king both.
        board.castle_rooks -= from.bitboard();
        if kind == PieceKind::King {
            board.castle_rooks -= back_rank(Us::US);
        }
        board.en_passant = None;
        board.side = Us::THEM;
    }

    /// After a pawn of `Us` steps two squares from `from` to `to`: the
    /// square it passed is the en passant square if an enemy pawn attacks it.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn after_double_step<Us: Side>(&self, from: Square, to: Square) -> Position {
        let mut next = *self;
        let board = &mut next.setup;
        let from_to = from.bitboard() | to.bitboard();
        board.by_kind[PieceKind::Pawn.index()] ^= from_to;
        board.by_color[Us::US.index()] ^= from_to;
        // The enemy pawns that attack the square passed stand beside `to`.
        let to_set = to.bitboard().0;
        let beside = Bitboard((to_set << 1 & !FILE_A) | (to_set >> 1 & !FILE_H));
        let capturers = beside & board.pieces(Us::THEM, PieceKind::Pawn);
        let passed = Square::from_index_wrapping((from.index() + to.index()) / 2);
        board.en_passant = (!capturers.is_empty()).then_some(passed);
        board.side = Us::THEM;
        next
    }

    /// After `Us` castles with `mv` (king and rook may land on each
    /// other's squares, or stay, in Chess960): both rights of `Us` are
    /// gone.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn after_castle<Us: Side>(&self, mv: Move) -> Position {
        let mut next = *self;
        let board = &mut next.setup;
        let king = mv.from().bitboard() ^ mv.castle_king_target().bitboard();
        let rook = mv.to().bitboard() ^ mv.castle_rook_target().bitboard();
        board.by_kind[PieceKind::King.index()] ^= king;
        board.by_kind[PieceKind::Rook.index()] ^= rook;
        board.by_color[Us::US.index()] ^= king ^ rook;
        board.castle_rooks -= back_rank(Us::US);
        board.en_passant = None;
        board.side = Us::THEM;
        next
    }

    /// After a pawn of `Us` moves from `from` to `to` on the last rank,
    /// capturing whatever is there, and becomes a `promoted`.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn after_promotion<Us: Side>(
        &self,
        from: Square,
        to: Square,
        promoted: PieceKind,
    ) -> Position {
        let mut next = *self;
        let board = &mut next.setup;
        let to_set = to.bitboard();
        for set in &mut board.by_kind {
            *set -= to_set;
        }
        board.by_kind[PieceKind::Pawn.index()] -= from.bitboard();
        board.by_kind[promoted.index()] |= to_set;
        board.by_color[Us::US.index()] ^= from.bitboard() | to_set;
        board.by_color[Us::THEM.index()] -= to_set;
        board.castle_rooks -= to_set;
        board.en_passant = None;
        board.side = Us::THEM;
        next
    }
}
