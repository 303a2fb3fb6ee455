//! The king's side of generation: checkers and pins, safe squares, castling.

use super::lookup::{Layout, Sliders};
use super::side::Side;
use super::sink::MoveSink;
use super::Context;
use crate::chess::position::{back_rank, lowest};
use crate::chess::{
    between, bishop_rays, castling_paths, king_attacks, knight_attacks, pawn_attacks, rook_rays,
    Bitboard, Color, Move, PieceKind, Position, Square,
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

impl Position {
    /// The side not to move's pieces, grouped for attack tests.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn enemy<Us: Side>(&self) -> Enemy {
        let theirs = self.by_color[Us::THEM.index()];
        let queens = self.by_kind[PieceKind::Queen.index()];
        Enemy {
            pawns: self.by_kind[PieceKind::Pawn.index()] & theirs,
            knights: self.by_kind[PieceKind::Knight.index()] & theirs,
            king: self.by_kind[PieceKind::King.index()] & theirs,
            straight: (self.by_kind[PieceKind::Rook.index()] | queens) & theirs,
            diagonal: (self.by_kind[PieceKind::Bishop.index()] | queens) & theirs,
        }
    }

    /// Pieces giving check, and our pieces pinned to our king. One X-ray
    /// lookup per slider direction finds both: an enemy slider that sees
    /// the king through nothing checks, through one of ours pins it.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn checkers_and_pinned<Us: Side, L: Layout>(
        &self,
        sliders: Sliders<L>,
        king: Square,
        enemy: &Enemy,
    ) -> (Bitboard, Bitboard) {
        let theirs = self.by_color[Us::THEM.index()];
        let occupied = self.occupied();
        // Skip a lookup when no slider of that kind is even in line.
        let mut snipers = Bitboard::EMPTY;
        if !(enemy.straight & rook_rays(king)).is_empty() {
            snipers |= sliders.rook(king, theirs) & enemy.straight;
        }
        if !(enemy.diagonal & bishop_rays(king)).is_empty() {
            snipers |= sliders.bishop(king, theirs) & enemy.diagonal;
        }
        let mut checkers =
            (knight_attacks(king) & enemy.knights) | (pawn_attacks(Us::US, king) & enemy.pawns);
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
    /// `occupied` (our king lifted off it): the leapers in one test, then a
    /// slider lookup only when an enemy slider shares a line with the square.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn safe_for_king<Us: Side, L: Layout>(
        &self,
        sliders: Sliders<L>,
        square: Square,
        occupied: Bitboard,
        enemy: &Enemy,
    ) -> bool {
        let leapers = (knight_attacks(square) & enemy.knights)
            | (pawn_attacks(Us::US, square) & enemy.pawns)
            | (king_attacks(square) & enemy.king);
        leapers.is_empty() && safe_from_sliders(sliders, square, occupied, enemy)
    }

    /// The king's steps onto squares in `filter`, with what they found out;
    /// `safe`, if given, is which of them no enemy piece attacks (see
    /// [`Inherited`](super::Inherited)). The squares enemy leapers attack
    /// are found for all steps at once (or are `leapers`, if given); then
    /// each remaining step is tested against the sliders (`enemy` groups
    /// their pieces, called only then).
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn king_steps<Us: Side, L: Layout, S: MoveSink>(
        &self,
        sliders: Sliders<L>,
        king: Square,
        filter: Bitboard,
        enemy: impl FnOnce() -> Enemy,
        leapers: Option<Bitboard>,
        safe: Option<Bitboard>,
        sink: &mut S,
    ) -> KingSquares {
        let steps = king_attacks(king) & filter;
        let safe = match safe {
            Some(safe) => safe & filter,
            None if steps.is_empty() => Bitboard::EMPTY,
            None => {
                let enemy = enemy();
                let leapers = leapers.unwrap_or_else(|| leaper_attacks::<Us>(&enemy));
                self.safe_steps(sliders, king, steps - leapers, &enemy)
            }
        };
        let known = KingSquares {
            safe,
            attacked: steps - safe,
        };
        sink.piece(PieceKind::King, king, known.safe);
        known
    }

    /// The squares of `steps` (next to `king`, attacked by no enemy
    /// leaper) that no enemy slider attacks once the king stands there.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn safe_steps<L: Layout>(
        &self,
        sliders: Sliders<L>,
        king: Square,
        steps: Bitboard,
        enemy: &Enemy,
    ) -> Bitboard {
        let without_king = self.occupied() - king.bitboard();
        let mut safe = Bitboard::EMPTY;
        for to in steps {
            if safe_from_sliders(sliders, to, without_king, enemy) {
                safe |= to.bitboard();
            }
        }
        safe
    }

    /// Castling, when not in check: the squares between king and rook and
    /// both destinations empty (but for those two), and no square the king
    /// crosses or reaches attacked.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn castling_moves<Us: Side, L: Layout, S: MoveSink>(
        &self,
        sliders: Sliders<L>,
        cx: &Context,
        enemy: &Enemy,
        known: &KingSquares,
        sink: &mut S,
    ) {
        let rooks = self.castle_rooks & back_rank(Us::US);
        for rook in rooks {
            let (king_path, must_be_empty) = castling_paths(Us::US, cx.king, rook);
            if !(cx.occupied & must_be_empty).is_empty() {
                continue;
            }
            let movers = cx.king.bitboard() | rook.bitboard();
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
                .all(|square| self.safe_for_king::<Us, L>(sliders, square, occupied, enemy))
            {
                sink.single(Move::castle(cx.king, rook));
            }
        }
    }
}

/// Whether no enemy slider attacks `square`, were the board occupied by
/// `occupied`; a lookup only when one shares a line with the square.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn safe_from_sliders<L: Layout>(
    sliders: Sliders<L>,
    square: Square,
    occupied: Bitboard,
    enemy: &Enemy,
) -> bool {
    if !(enemy.straight & rook_rays(square)).is_empty()
        && !(sliders.rook(square, occupied) & enemy.straight).is_empty()
    {
        return false;
    }
    (enemy.diagonal & bishop_rays(square)).is_empty()
        || (sliders.bishop(square, occupied) & enemy.diagonal).is_empty()
}

/// Every square the enemy's pawns, knights and king attack.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn leaper_attacks<Us: Side>(enemy: &Enemy) -> Bitboard {
    const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
    const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;
    let pawns = enemy.pawns.0;
    // Their pawns capture towards our side of the board.
    let pawn_attacks = match Us::US {
        Color::White => (pawns >> 9 & NOT_FILE_H) | (pawns >> 7 & NOT_FILE_A),
        Color::Black => (pawns << 7 & NOT_FILE_H) | (pawns << 9 & NOT_FILE_A),
    };
    let mut attacks = Bitboard(pawn_attacks) | king_attacks(lowest(enemy.king));
    for knight in enemy.knights {
        attacks |= knight_attacks(knight);
    }
    attacks
}
