//! One kind of piece at a time: destinations, rook and cannon moves
//! counted off the line tables' end points, and the moves that must be
//! tested one by one.

use super::context::Context;
use super::sink::Sink;
use super::MoveFilter;
use crate::xiangqi::tables::{ELEPHANT_EYES, ELEPHANT_TARGETS, HORSE_LEGS, HORSE_TARGETS};
use crate::xiangqi::{
    advisor_attacks, cannon_attacks, cannon_quiet, file_moves, king_attacks, pawn_attacks,
    rank_moves, rook_attacks, Bitboard, LineKind, Move, PieceKind, Position, Square,
};

/// The targets behind each empty blocker (horse leg, elephant eye), read
/// from the mailbox: a byte test per blocker is cheaper than a 128-bit shift.
#[inline(always)]
fn over_open(position: &Position, blockers: &[u8; 4], targets: &[u128; 4]) -> Bitboard {
    let mut set = 0;
    for (&blocker, &behind) in blockers.iter().zip(targets) {
        if position.mailbox[blocker as usize % 90] == 0 {
            set |= behind;
        }
    }
    Bitboard(set)
}

/// The destinations of our piece of `kind` on `from`, before legality.
#[inline(always)]
pub(super) fn destinations(
    position: &Position,
    context: &Context,
    kind: PieceKind,
    from: Square,
    filter: MoveFilter,
) -> Bitboard {
    let occupied = context.occupied;
    let reach = match kind {
        PieceKind::Rook => rook_attacks(from, occupied),
        PieceKind::Cannon => {
            return match filter {
                MoveFilter::All => {
                    cannon_quiet(from, occupied) | (cannon_attacks(from, occupied) & context.theirs)
                }
                MoveFilter::Captures => cannon_attacks(from, occupied) & context.theirs,
                MoveFilter::Quiets => cannon_quiet(from, occupied),
            }
        }
        PieceKind::Horse => over_open(
            position,
            &HORSE_LEGS[from as usize],
            &HORSE_TARGETS[from as usize],
        ),
        PieceKind::Elephant => over_open(
            position,
            &ELEPHANT_EYES[from as usize],
            &ELEPHANT_TARGETS[from as usize],
        ),
        PieceKind::Advisor => advisor_attacks(from),
        PieceKind::King => king_attacks(from),
        PieceKind::Pawn => pawn_attacks(position.side, from),
    };
    match filter {
        MoveFilter::All => reach - context.ours,
        MoveFilter::Captures => reach & context.theirs,
        MoveFilter::Quiets => reach - occupied,
    }
}

/// The number of moves of the rook or cannon on `from`, read off the line
/// tables' end points: the quiet moves on a line are the points between
/// its two ends, and each capture end counts if an enemy stands there. No
/// set is built and nothing is popcounted.
#[inline(always)]
fn count_line_moves(position: &Position, kind: PieceKind, from: Square) -> u64 {
    let capture = if kind == PieceKind::Rook {
        LineKind::RookCapture
    } else {
        LineKind::CannonCapture
    };
    let occupied = position.occupied();
    let (file, rank) = (from.file(), from.rank());
    let mover = position.mailbox[from as usize];
    // Piece codes 1..=7 are Red, 8..=14 Black: an enemy is on the other side of 7.5.
    let enemy = |square: usize| {
        let code = position.mailbox[square % 90];
        code != 0 && (code > 7) != (mover > 7)
    };
    let quiet_rank = rank_moves(LineKind::Quiet, from, occupied);
    let quiet_file = file_moves(LineKind::Quiet, from, occupied);
    let mut count =
        u64::from(quiet_rank.high - quiet_rank.low) + u64::from(quiet_file.high - quiet_file.low);
    let on_rank = rank_moves(capture, from, occupied);
    for end in [on_rank.low, on_rank.high] {
        count += u64::from(end as usize != file && enemy(rank * 9 + end as usize));
    }
    let on_file = file_moves(capture, from, occupied);
    for end in [on_file.low, on_file.high] {
        count += u64::from(end as usize != rank && enemy(end as usize * 9 + file));
    }
    count
}

/// Tests each move of the piece on `from` before handing it to `sink`.
#[inline(always)]
pub(super) fn one_by_one<S: Sink>(
    position: &Position,
    context: &Context,
    kind: PieceKind,
    from: Square,
    filter: MoveFilter,
    sink: &mut S,
) {
    for to in destinations(position, context, kind, from, filter) - context.screens {
        if context.safe(from, to) {
            sink.one(Move::new(from, to));
        }
    }
}

/// The moves of our pieces of one kind; `careful` pieces are tested move
/// by move.
#[inline(always)]
pub(super) fn kind_moves<S: Sink>(
    position: &Position,
    context: &Context,
    kind: PieceKind,
    careful: Bitboard,
    filter: MoveFilter,
    sink: &mut S,
) {
    let pieces = position.pieces(context.us, kind);
    let countable = context.screens.is_empty()
        && matches!(kind, PieceKind::Rook | PieceKind::Cannon)
        && filter == MoveFilter::All;
    match sink.count_only() {
        Some(total) if countable => {
            for from in pieces - careful {
                *total += count_line_moves(position, kind, from);
            }
        }
        _ => {
            for from in pieces - careful {
                sink.all(
                    from,
                    destinations(position, context, kind, from, filter) - context.screens,
                );
            }
        }
    }
    for from in pieces & careful {
        one_by_one(position, context, kind, from, filter, sink);
    }
}
