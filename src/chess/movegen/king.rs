//! The king's side of generation: checkers and pins, safe squares, castling.

use super::sink::MoveSink;
use super::Context;
use crate::chess::position::back_rank;
use crate::chess::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks, Bitboard,
    Move, PieceKind, Position, Square,
};

/// The enemy's pieces, grouped by how they attack.
pub(super) struct Enemy {
    pub(super) pawns: Bitboard,
    pub(super) knights: Bitboard,
    pub(super) king: Bitboard,
    /// Rooks and queens.
    pub(super) straight: Bitboard,
    /// Bishops and queens.
    pub(super) diagonal: Bitboard,
}

/// What the king's own moves found out about the squares around it.
pub(super) struct KingSquares {
    pub(super) safe: Bitboard,
    pub(super) attacked: Bitboard,
}

/// The rank and file through `square`: a filter that spares a magic
/// lookup (and its likely cache miss) when no rook or queen is in line.
/// With nothing on the board the magic index is 0: one read, no multiply.
#[inline(always)]
fn rook_lines(square: Square) -> Bitboard {
    rook_attacks(square, Bitboard::EMPTY)
}

/// The two diagonals through `square` (see [`rook_lines`]).
#[inline(always)]
fn bishop_lines(square: Square) -> Bitboard {
    bishop_attacks(square, Bitboard::EMPTY)
}

impl Position {
    /// The side not to move's pieces, grouped for attack tests.
    #[inline(always)]
    pub(super) fn enemy(&self) -> Enemy {
        let them = !self.side;
        let theirs = self.by_color[them.index()];
        let queens = self.by_kind[PieceKind::Queen.index()];
        Enemy {
            pawns: self.pieces(them, PieceKind::Pawn),
            knights: self.pieces(them, PieceKind::Knight),
            king: self.pieces(them, PieceKind::King),
            straight: (self.by_kind[PieceKind::Rook.index()] | queens) & theirs,
            diagonal: (self.by_kind[PieceKind::Bishop.index()] | queens) & theirs,
        }
    }

    /// Pieces giving check, and our pieces pinned to our king. One X-ray
    /// lookup per slider direction finds both: an enemy slider that sees
    /// the king through nothing checks, through one of ours pins it.
    #[inline(always)]
    pub(super) fn checkers_and_pinned(&self, king: Square, enemy: &Enemy) -> (Bitboard, Bitboard) {
        let theirs = self.by_color[(!self.side).index()];
        let occupied = self.occupied();
        // Skip a lookup when no slider of that kind is even in line.
        let mut snipers = Bitboard::EMPTY;
        if !(enemy.straight & rook_lines(king)).is_empty() {
            snipers |= rook_attacks(king, theirs) & enemy.straight;
        }
        if !(enemy.diagonal & bishop_lines(king)).is_empty() {
            snipers |= bishop_attacks(king, theirs) & enemy.diagonal;
        }
        let mut checkers =
            (knight_attacks(king) & enemy.knights) | (pawn_attacks(self.side, king) & enemy.pawns);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers |= sniper.bitboard();
            } else if !blockers.has_many() {
                pinned |= blockers;
            }
        }
        (checkers, pinned)
    }

    /// Whether no enemy piece attacks `square`, were the board occupied by
    /// `occupied` (our king lifted off it). Cheapest tests first; a slider
    /// lookup only when an enemy slider shares a line with the square.
    #[inline(always)]
    pub(super) fn safe_for_king(&self, square: Square, occupied: Bitboard, enemy: &Enemy) -> bool {
        if !(knight_attacks(square) & enemy.knights).is_empty()
            || !(pawn_attacks(self.side, square) & enemy.pawns).is_empty()
            || !(king_attacks(square) & enemy.king).is_empty()
        {
            return false;
        }
        if !(enemy.straight & rook_lines(square)).is_empty()
            && !(rook_attacks(square, occupied) & enemy.straight).is_empty()
        {
            return false;
        }
        (enemy.diagonal & bishop_lines(square)).is_empty()
            || (bishop_attacks(square, occupied) & enemy.diagonal).is_empty()
    }

    /// The king's steps onto squares in `filter`, with what they found out.
    #[inline(always)]
    pub(super) fn king_steps<S: MoveSink>(
        &self,
        king: Square,
        filter: Bitboard,
        enemy: &Enemy,
        sink: &mut S,
    ) -> KingSquares {
        let without_king = self.occupied() - king.bitboard();
        let mut known = KingSquares {
            safe: Bitboard::EMPTY,
            attacked: Bitboard::EMPTY,
        };
        for to in king_attacks(king) & filter {
            if self.safe_for_king(to, without_king, enemy) {
                known.safe |= to.bitboard();
            } else {
                known.attacked |= to.bitboard();
            }
        }
        if !known.safe.is_empty() {
            sink.piece(PieceKind::King, king, known.safe);
        }
        known
    }

    /// Castling, when not in check: the squares between king and rook and
    /// both destinations empty (but for those two), and no square the king
    /// crosses or reaches attacked.
    #[inline(always)]
    pub(super) fn castling_moves<S: MoveSink>(
        &self,
        cx: &Context,
        enemy: &Enemy,
        known: &KingSquares,
        sink: &mut S,
    ) {
        let rooks = self.castle_rooks & back_rank(cx.us);
        for rook in rooks {
            let mv = Move::castle(cx.king, rook);
            let king_to = mv.castle_king_target();
            let rook_to = mv.castle_rook_target();
            let king_path = between(cx.king, king_to) | king_to.bitboard();
            let movers = cx.king.bitboard() | rook.bitboard();
            let must_be_empty = (king_path | between(rook, rook_to) | rook_to.bitboard()) - movers;
            if !(cx.occupied & must_be_empty).is_empty() {
                continue;
            }
            // Test without the rook, so that an attack it was screening (a
            // Chess960 rook between its king and an enemy) counts. A corner
            // rook screens nothing, so the king's own findings still hold.
            let occupied = cx.occupied - movers;
            let to_test = if matches!(rook.file(), 0 | 7) {
                if !(king_path & known.attacked).is_empty() {
                    continue;
                }
                king_path - known.safe
            } else {
                king_path
            };
            if to_test
                .iter()
                .all(|square| self.safe_for_king(square, occupied, enemy))
            {
                sink.single(mv);
            }
        }
    }
}
