//! One kind of piece at a time: destinations as sets, rook and cannon
//! moves counted off the packed line tables, and the moves that must be
//! tested one by one.

use super::context::{bit, low, Context};
use super::leapers;
use super::side::Side;
use super::sink::Sink;
use super::MoveFilter;
use crate::xiangqi::tables::{
    ADVISOR_MOVES, CANNON_FILE_ATTACKS, CANNON_RANK_ATTACKS, FILE_REACH, KING_MOVES, PAWN_MOVES,
    RANK_REACH, ROOK_FILE_ATTACKS, ROOK_RANK_ATTACKS,
};
use crate::xiangqi::{Bitboard, PieceKind, Position};

/// The 90 board bits.
pub(super) const BOARD: u128 = (1 << 90) - 1;

/// The kind index of each mailbox code (0 for an empty square, which no
/// caller asks about), for codes 0..16.
pub(super) const KIND_OF_CODE: [u8; 16] = [0, 0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 6, 0];

/// The kinds, by index.
const KINDS: [PieceKind; 7] = PieceKind::ALL;

/// The members of a raw set, lowest first, as indices.
#[derive(Clone, Copy)]
pub(super) struct Bits(pub(super) u128);

impl Iterator for Bits {
    type Item = usize;

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let square = low(self.0);
        self.0 &= self.0 - 1;
        Some(square)
    }
}

/// The rank and the file of a square index.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn rank_file(square: usize) -> (usize, usize) {
    (square / 9, square % 9)
}

/// A rook's (`CANNON` false) or cannon's captures and quiet moves from
/// `square` as a set: the u16 line tables, the file result spread back.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn line_set(square: usize, occupied: u128, kind: LineSet) -> u128 {
    let (rank, file) = rank_file(square);
    let board = Bitboard(occupied);
    let rank_word = board.rank_word(rank) as usize & 0x1ff;
    let file_word = board.file_word(file) as usize & 0x3ff;
    let (on_rank, on_file) = match kind {
        LineSet::Rook => (
            ROOK_RANK_ATTACKS[file][rank_word],
            ROOK_FILE_ATTACKS[rank][file_word],
        ),
        LineSet::CannonCaptures => (
            CANNON_RANK_ATTACKS[file][rank_word],
            CANNON_FILE_ATTACKS[rank][file_word],
        ),
        LineSet::Cannon => (
            ROOK_RANK_ATTACKS[file][rank_word] & !(rank_word as u16)
                | CANNON_RANK_ATTACKS[file][rank_word],
            ROOK_FILE_ATTACKS[rank][file_word] & !(file_word as u16)
                | CANNON_FILE_ATTACKS[rank][file_word],
        ),
    };
    Bitboard::from_rank_word(rank, on_rank).0 | Bitboard::from_file_word(file, on_file).0
}

/// Which line set [`line_set`] reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LineSet {
    /// A rook's attacks (quiet moves and captures; also a cannon's
    /// quiet moves once the occupied squares are removed).
    Rook,
    /// A cannon's captures.
    CannonCaptures,
    /// A cannon's quiet moves and captures.
    Cannon,
}

/// The destinations of our piece of `kind` on `from`, before legality:
/// [`reach`](crate::xiangqi::reach) with `filter` applied (the test below
/// holds them to it).
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn destinations<Us: Side>(
    context: &Context,
    kind: PieceKind,
    from: usize,
    filter: MoveFilter,
) -> u128 {
    let occupied = context.occupied;
    let reach = match kind {
        PieceKind::Horse => leapers::horse(from, occupied << 9),
        PieceKind::Elephant => leapers::elephant(from, occupied << 10),
        PieceKind::Advisor => ADVISOR_MOVES[from],
        PieceKind::King => KING_MOVES[from],
        PieceKind::Pawn => PAWN_MOVES[Us::US as usize][from],
        PieceKind::Rook => line_set(from, occupied, LineSet::Rook),
        // Only captures, or only quiet moves: one of a cannon's two tables.
        PieceKind::Cannon => match filter {
            MoveFilter::Captures => line_set(from, occupied, LineSet::CannonCaptures),
            MoveFilter::Quiets => line_set(from, occupied, LineSet::Rook),
            MoveFilter::All => line_set(from, occupied, LineSet::Cannon),
        },
    };
    match filter {
        MoveFilter::All => reach & !context.ours,
        MoveFilter::Captures => reach & context.theirs,
        MoveFilter::Quiets => reach & !occupied,
    }
}

/// The number of moves of the rook (`CANNON` false) or cannon on `from`:
/// its [`reach`](crate::xiangqi::reach) minus our pieces (the test below
/// holds it to that), counted off one packed entry of each line table,
/// whose words hold the quiet moves and each kind's captures: the quiet
/// word as it is, the capture word masked by the enemy pieces on the
/// line, one popcount per line. No set is built.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn count_line_moves<const CANNON: bool>(context: &Context, from: usize) -> u64 {
    let (rank, file) = rank_file(from);
    let (occupied, theirs) = (Bitboard(context.occupied), Bitboard(context.theirs));
    let shift = if CANNON { 32 } else { 16 };
    let rank_mask = 0xffff | u64::from(theirs.rank_word(rank)) << shift;
    let file_mask = 0xffff | u64::from(theirs.file_word(file)) << shift;
    let on_rank = RANK_REACH[file][occupied.rank_word(rank) as usize & 0x1ff] & rank_mask;
    let on_file = FILE_REACH[rank][occupied.file_word(file) as usize & 0x3ff] & file_mask;
    u64::from(on_rank.count_ones() + on_file.count_ones())
}

/// Tests each move of our piece of `kind` on `from` before handing it to
/// `sink`.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn one_by_one<Us: Side, S: Sink>(
    position: &Position,
    context: &Context,
    kind: PieceKind,
    from: usize,
    filter: MoveFilter,
    sink: &mut S,
) {
    let targets = destinations::<Us>(context, kind, from, filter) & !context.screens;
    for to in Bits(targets) {
        if context.safe::<Us>(position, from, to) {
            sink.one(kind, from, to);
        }
    }
}

/// The moves of our pieces of one kind; `careful` pieces are tested move
/// by move.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn kind_moves<Us: Side, S: Sink>(
    position: &Position,
    context: &Context,
    kind: PieceKind,
    careful: u128,
    filter: MoveFilter,
    sink: &mut S,
) {
    let pieces = position.by_kind[kind as usize].0 & context.ours;
    for from in Bits(pieces & !careful) {
        let targets = destinations::<Us>(context, kind, from, filter) & !context.screens;
        sink.all(kind, from, targets);
    }
    for from in Bits(pieces & careful) {
        one_by_one::<Us, S>(position, context, kind, from, filter, sink);
    }
}

/// The legal moves of pinned pieces (of any kind), tested one by one and
/// counted.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn count_pinned<Us: Side>(position: &Position, context: &Context) -> u64 {
    let mut count = 0;
    for from in Bits(context.pinned) {
        let kind = KINDS[KIND_OF_CODE[position.mailbox[from] as usize & 15] as usize];
        let targets = destinations::<Us>(context, kind, from, MoveFilter::All) & !context.screens;
        for to in Bits(targets) {
            count += u64::from(context.safe::<Us>(position, from, to));
        }
    }
    count
}

/// The legal king moves, counted.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn count_king<Us: Side>(position: &Position, context: &Context) -> u64 {
    let king = context.king;
    let mut count = 0;
    for to in Bits(KING_MOVES[king] & !context.ours) {
        count += u64::from(context.safe::<Us>(position, king, to));
    }
    count
}

/// Pieces of kind `kind` on the set `pieces`, each adding the popcount of
/// its destinations within `allowed`.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn count_leapers(pieces: u128, allowed: u128, targets: impl Fn(usize) -> u128) -> u64 {
    let mut count = 0;
    for from in Bits(pieces) {
        count += u64::from((targets(from) & allowed).count_ones());
    }
    count
}

/// Rooks (`CANNON` false) or cannons on `pieces`, counted.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn count_lines<const CANNON: bool>(context: &Context, pieces: u128) -> u64 {
    let mut count = 0;
    if context.screens == 0 {
        for from in Bits(pieces) {
            count += count_line_moves::<CANNON>(context, from);
        }
    } else {
        let kind = if CANNON {
            LineSet::Cannon
        } else {
            LineSet::Rook
        };
        let allowed = !context.ours & !context.screens;
        for from in Bits(pieces) {
            let targets = line_set(from, context.occupied, kind) & allowed;
            count += u64::from(targets.count_ones());
        }
    }
    count
}

/// The set of one square, for callers outside this module.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn square_bit(square: usize) -> u128 {
    bit(square)
}

#[cfg(test)]
mod tests {
    use super::super::side::{Black, Red};
    use super::*;
    use crate::xiangqi::{reach, Color, Square};
    use rand_core::{RngCore, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn check<Us: Side>(position: &Position) -> usize {
        let context = Context::new::<Us>(position);
        let mut checked = 0;
        for from in Bitboard(context.ours) {
            let piece = position.piece_at(from).unwrap();
            let reached = reach(piece, from, Bitboard(context.occupied)).0;
            let (kind, s) = (piece.kind, from as usize);
            let at = |filter| destinations::<Us>(&context, kind, s, filter);
            assert_eq!(at(MoveFilter::All), reached & !context.ours, "{from}");
            assert_eq!(at(MoveFilter::Captures), reached & context.theirs);
            assert_eq!(at(MoveFilter::Quiets), reached & !context.occupied);
            let expected = u64::from((reached & !context.ours).count_ones());
            match kind {
                PieceKind::Rook => {
                    assert_eq!(count_line_moves::<false>(&context, s), expected, "{from}");
                }
                PieceKind::Cannon => {
                    assert_eq!(count_line_moves::<true>(&context, s), expected, "{from}");
                }
                _ => {}
            }
            checked += 1;
        }
        checked
    }

    /// The specialised forms above against the shared [`reach`], on every
    /// piece of the side to move in positions of random playouts; and the
    /// count of legal moves against the list.
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
                    checked += match position.side {
                        Color::Red => check::<Red>(&position),
                        Color::Black => check::<Black>(&position),
                    };
                    let moves = position.legal_moves();
                    assert_eq!(position.count_legal_moves(), moves.len() as u64);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.next_u64() as usize % moves.len()];
                    position = position.play(mv);
                }
            }
        }
        assert!(checked > 100_000, "{checked} pieces checked");
        let _ = Square::A0;
    }
}
