//! Pawn moves, a whole set at a time, and en passant.

use super::king::Enemy;
use super::lookup::{Layout, Sliders};
use super::side::Side;
use super::sink::{MoveSink, PawnStep};
use super::Context;
use crate::chess::{
    knight_attacks, line, pawn_attacks, Bitboard, Color, Move, PieceKind, Position, Square,
};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// `set` moved `delta` squares up the board (down when negative).
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
const fn shift(set: u64, delta: i32) -> u64 {
    if delta >= 0 {
        set << delta
    } else {
        set >> -delta
    }
}

impl Position {
    /// Unpinned pawns move as one set; a pinned pawn (never while in
    /// check) only along its pin line.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn pawn_moves<Us: Side, S: MoveSink>(&self, cx: &Context, sink: &mut S) {
        let pawns = self.pieces(Us::US, PieceKind::Pawn);
        pawn_set_moves::<Us, S>(pawns - cx.pinned, cx.target, cx, sink);
        if !cx.in_check {
            for pawn in pawns & cx.pinned {
                let target = cx.target & line(cx.king, pawn);
                pawn_set_moves::<Us, S>(pawn.bitboard(), target, cx, sink);
            }
        }
    }

    /// En passant, checked by making it: the capture empties two squares
    /// of one rank at once, which pin masks do not see.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn en_passant_moves<Us: Side, L: Layout, S: MoveSink>(
        &self,
        sliders: Sliders<L>,
        cx: &Context,
        enemy: &Enemy,
        sink: &mut S,
    ) {
        let Some(to) = self.en_passant else {
            return;
        };
        let capturers = pawn_attacks(Us::THEM, to) & self.pieces(Us::US, PieceKind::Pawn);
        if capturers.is_empty() {
            return;
        }
        // The captured pawn stands one rank nearer the capturer's side:
        // rank 5 for an en passant square on rank 6, rank 4 for rank 3.
        let victim = Square::from_index_wrapping(to.index() ^ 8);
        let leapers = (knight_attacks(cx.king) & enemy.knights)
            | (pawn_attacks(Us::US, cx.king) & (enemy.pawns - victim.bitboard()));
        if !leapers.is_empty() {
            return;
        }
        for from in capturers {
            let occupied = (cx.occupied - from.bitboard() - victim.bitboard()) | to.bitboard();
            let exposed = (sliders.rook(cx.king, occupied) & enemy.straight)
                | (sliders.bishop(cx.king, occupied) & enemy.diagonal);
            if exposed.is_empty() {
                sink.single(Move::en_passant(from, to));
            }
        }
    }
}

/// Pushes and captures of the pawns in `pawns`, landing in `target`.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn pawn_set_moves<Us: Side, S: MoveSink>(
    pawns: Bitboard,
    target: Bitboard,
    cx: &Context,
    sink: &mut S,
) {
    let white = matches!(Us::US, Color::White);
    let (up, up_west, up_east) = if white { (8, 7, 9) } else { (-8, -9, -7) };
    let (last_rank, third_rank) = if white {
        (0xff << 56, 0xff << 16)
    } else {
        (0xff, 0xff << 40)
    };
    let empty = !cx.occupied.0;
    let pawns = pawns.0;
    let target = target.0;

    let single = shift(pawns, up) & empty;
    let double = shift(single & third_rank, up) & empty & target;
    let single = single & target;
    let enemies = cx.theirs.0 & target;
    let west = shift(pawns & !FILE_A, up_west) & enemies;
    let east = shift(pawns & !FILE_H, up_east) & enemies;

    // No test for empty sets: a counter adds nothing for them, a list
    // pushes nothing, and the branches would cost more than they save.
    for (set, delta) in [(single, up), (west, up_west), (east, up_east)] {
        sink.pawns(Bitboard(set & !last_rank), delta, PawnStep::Normal);
        let promoting = set & last_rank;
        if promoting != 0 {
            sink.pawns(Bitboard(promoting), delta, PawnStep::Promotion);
        }
    }
    sink.pawns(Bitboard(double), 2 * up, PawnStep::Double);
}
