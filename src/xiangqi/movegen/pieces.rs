//! One kind of piece at a time: destinations, rook and cannon moves
//! counted off the line tables' end points, and the moves that must be
//! tested one by one.

use super::context::Context;
use super::sink::Sink;
use super::MoveFilter;
use crate::xiangqi::tables::{ELEPHANT_EYES, ELEPHANT_TARGETS, HORSE_LEGS, HORSE_TARGETS};
use crate::xiangqi::{
    cannon_attacks, cannon_quiet, file_moves, rank_moves, reach, Bitboard, LineKind, Move, Piece,
    PieceKind, Position, Square,
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

/// The destinations of our piece of `kind` on `from`, before legality:
/// [`reach`] with `filter` applied, in the specialised forms the hot path
/// needs (the test below holds them to [`reach`]).
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
        // Legs and eyes from the mailbox: via `reach`, perft 6 took 5% more CPU.
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
        // Only captures, or only quiet moves: one of a cannon's two line tables.
        PieceKind::Cannon if filter == MoveFilter::Captures => cannon_attacks(from, occupied),
        PieceKind::Cannon if filter == MoveFilter::Quiets => cannon_quiet(from, occupied),
        _ => reach(
            Piece {
                color: position.side,
                kind,
            },
            from,
            occupied,
        ),
    };
    match filter {
        MoveFilter::All => reach - context.ours,
        MoveFilter::Captures => reach & context.theirs,
        MoveFilter::Quiets => reach - occupied,
    }
}

/// The number of moves of the rook or cannon on `from` (of its [`reach`]
/// minus our pieces; the test below holds it to that), read off the line
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::{RngCore, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The specialised forms above against the shared [`reach`], on every
    /// piece of the side to move in positions of random playouts.
    #[test]
    fn destinations_and_line_counts_match_reach() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x6465_7374);
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
            "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w",
        ];
        let mut checked = 0;
        for fen in starts {
            for _ in 0..40 {
                let mut position = Position::from_fen(fen).unwrap();
                for _ in 0..120 {
                    let context = Context::new(&position);
                    for from in context.ours {
                        let piece = position.piece_at(from).unwrap();
                        let reached = reach(piece, from, context.occupied);
                        let kind = piece.kind;
                        let at = |filter| destinations(&position, &context, kind, from, filter);
                        assert_eq!(at(MoveFilter::All), reached - context.ours, "{from}");
                        assert_eq!(at(MoveFilter::Captures), reached & context.theirs);
                        assert_eq!(at(MoveFilter::Quiets), reached - context.occupied);
                        if matches!(kind, PieceKind::Rook | PieceKind::Cannon) {
                            assert_eq!(
                                count_line_moves(&position, kind, from),
                                u64::from((reached - context.ours).count()),
                                "{from} in {position:?}"
                            );
                        }
                        checked += 1;
                    }
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.next_u64() as usize % moves.len()];
                    position = position.play(mv);
                }
            }
        }
        assert!(checked > 100_000, "{checked} pieces checked");
    }
}
