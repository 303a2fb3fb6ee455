//! Legal move generation.
//!
//! When the side to move is not in check, almost every pseudo-legal move is
//! legal, and the exceptions are known before generating:
//! - *pinned* pieces, whose departure may expose the king: the only piece
//!   between the king and an enemy rook (or the enemy king, for the flying
//!   general), either of the two pieces between the king and an enemy
//!   cannon, and a piece on the leg of an enemy horse aimed at the king;
//! - *screen squares*: empty squares between the king and an enemy cannon
//!   with nothing in between, where any arriving piece becomes the screen
//!   that completes the cannon's check.
//!
//! Both are found in one pass with the checkers (`Context::new`): each
//! enemy rook, king and cannon on the king's rank or file costs one read
//! of the `SIGHT` table and a count of what stands between.
//!
//! Other pieces' moves are legal as generated (minus screen squares), so a
//! perft leaf counts them without listing them: rooks and cannons off the
//! packed line tables (one popcount per line), horses and elephants by one
//! read of a table indexed by their four blockers, pawns as shifted sets.
//! Pinned pieces and king moves are tested one by one against the
//! attackers of the king; in check, every move is tested that way.
//!
//! The generator is compiled once per side to move (`side::Side`), and is
//! written once over where its moves go (`sink::Sink`): a list, a count,
//! or perft's visit of each child, made and unmade in place (`make`).

mod context;
mod leapers;
mod make;
mod pawns;
mod pieces;
mod side;
mod sink;

use context::Context;
pub(crate) use context::KingView;
use pawns::{count_pawn_moves, pawn_moves};
use pieces::{
    count_king, count_leapers, count_lines, count_pinned, destinations, kind_moves, one_by_one,
    Bits, BOARD,
};
use sink::{Counter, Sink};

pub(crate) use make::{make, unmake};
pub(crate) use side::{Black, Red, Side};
pub(crate) use sink::Visit;

use super::attackers::king_attackers;
use super::moves::empty_list;
use super::tables::ADVISOR_MOVES;
use super::{Bitboard, Color, Move, MoveList, PieceKind, Position};

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum MoveFilter {
    /// Every legal move.
    All,
    /// Legal captures only.
    Captures,
    /// Legal non-captures only.
    Quiets,
}

// Always inlined, so that a caller compiled with extra CPU features (see
// `perft`) gets a copy of the whole generator that uses them.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn generate<Us: Side, S: Sink>(
    position: &Position,
    context: &Context,
    filter: MoveFilter,
    sink: &mut S,
) {
    // Pieces whose every move is tested: all of them in check, else the pinned.
    let careful = if context.checkers == 0 {
        context.pinned
    } else {
        context.ours
    };
    // Kind by kind rather than a loop over kinds, so that each call's
    // `match kind` folds away instead of becoming a mispredicted jump.
    kind_moves::<Us, S>(position, context, PieceKind::Rook, careful, filter, sink);
    kind_moves::<Us, S>(position, context, PieceKind::Cannon, careful, filter, sink);
    kind_moves::<Us, S>(position, context, PieceKind::Horse, careful, filter, sink);
    kind_moves::<Us, S>(position, context, PieceKind::Advisor, careful, filter, sink);
    kind_moves::<Us, S>(
        position,
        context,
        PieceKind::Elephant,
        careful,
        filter,
        sink,
    );
    let pawns = position.by_kind[PieceKind::Pawn as usize].0 & context.ours;
    let allowed = match filter {
        MoveFilter::All => BOARD & !context.ours,
        MoveFilter::Captures => context.theirs,
        MoveFilter::Quiets => BOARD & !context.occupied,
    } & !context.screens;
    pawn_moves::<Us, S>(pawns & !careful, allowed, sink);
    for from in Bits(pawns & careful) {
        one_by_one::<Us, S>(position, context, PieceKind::Pawn, from, filter, sink);
    }
    let king = context.king;
    for to in Bits(destinations::<Us>(context, PieceKind::King, king, filter)) {
        if context.safe::<Us>(position, king, to) {
            sink.one(PieceKind::King, king, to);
        }
    }
}

/// The number of legal moves of `position`, whose side to move is `Us`,
/// without listing them.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(crate) fn count<Us: Side>(position: &Position) -> u64 {
    let counted = Counted {
        king: None,
        leapers: None,
    };
    count_in::<Us>(position, Context::new::<Us>(position), counted)
}

/// [`count`] with the checkers, pins and screens of `view`, which a
/// parent found and the move to `position` left as they were (see
/// [`KingView::holds_after`]), and the count of the king's steps if the
/// move left that too (see [`KingView::king_moves_after`]).
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(crate) fn count_inherited<Us: Side>(
    position: &Position,
    view: &KingView,
    counted: Counted,
) -> u64 {
    count_in::<Us>(position, Context::inherited::<Us>(position, view), counted)
}

/// Parts of a count a parent may know already (see [`KingView`]).
#[derive(Clone, Copy)]
pub(crate) struct Counted {
    /// The king's steps.
    pub(crate) king: Option<u64>,
    /// The moves of the unpinned horses, elephants, advisors and pawns.
    pub(crate) leapers: Option<u64>,
}

/// [`count`] in a known context, without recounting what `counted` knows.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn count_in<Us: Side>(position: &Position, context: Context, counted: Counted) -> u64 {
    if context.checkers != 0 {
        let mut counter = Counter(0);
        generate::<Us, Counter>(position, &context, MoveFilter::All, &mut counter);
        return counter.0;
    }
    let by_kind = &position.by_kind;
    let free = context.ours & !context.pinned;
    let of = |kind: PieceKind| by_kind[kind as usize].0 & free;
    count_lines::<false>(&context, of(PieceKind::Rook))
        + count_lines::<true>(&context, of(PieceKind::Cannon))
        + match counted.leapers {
            Some(moves) => moves,
            None => count_unpinned_leapers::<Us>(position, &context),
        }
        + if context.pinned == 0 {
            0
        } else {
            count_pinned::<Us>(position, &context)
        }
        + match counted.king {
            Some(moves) => moves,
            None => count_king::<Us>(position, &context),
        }
}

/// The moves of the unpinned horses, elephants, advisors and pawns of
/// `Us`, not in check. They change only when a piece lands on or leaves
/// one of their squares, a horse's leg or an elephant's eye, or the
/// screens change: an enemy piece arriving on or leaving one of their
/// destinations leaves it a destination.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn count_unpinned_leapers<Us: Side>(position: &Position, context: &Context) -> u64 {
    let by_kind = &position.by_kind;
    let free = context.ours & !context.pinned;
    let of = |kind: PieceKind| by_kind[kind as usize].0 & free;
    let allowed = BOARD & !context.ours & !context.screens;
    let (occupied9, occupied10) = (context.occupied << 9, context.occupied << 10);
    count_leapers(of(PieceKind::Horse), allowed, |from| {
        leapers::horse(from, occupied9)
    }) + count_leapers(of(PieceKind::Elephant), allowed, |from| {
        leapers::elephant(from, occupied10)
    }) + count_leapers(of(PieceKind::Advisor), allowed, |from| ADVISOR_MOVES[from])
        + count_pawn_moves::<Us>(of(PieceKind::Pawn), allowed)
}

/// Hands each legal move of `position`, whose side to move is `Us`, to
/// `visit` as `(kind, from, to)`.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(crate) fn for_each_move<Us: Side>(
    position: &Position,
    visit: impl FnMut(PieceKind, usize, usize),
) {
    let context = Context::new::<Us>(position);
    generate::<Us, _>(position, &context, MoveFilter::All, &mut Visit(visit));
}

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        self.listed(MoveFilter::All)
    }

    /// The legal captures.
    pub fn legal_captures(&self) -> MoveList {
        self.listed(MoveFilter::Captures)
    }

    /// The legal moves that capture nothing.
    pub fn legal_quiets(&self) -> MoveList {
        self.listed(MoveFilter::Quiets)
    }

    fn listed(&self, filter: MoveFilter) -> MoveList {
        fn list<Us: Side>(position: &Position, filter: MoveFilter) -> MoveList {
            let mut list = empty_list();
            let context = Context::new::<Us>(position);
            generate::<Us, MoveList>(position, &context, filter, &mut list);
            list
        }
        match self.side {
            Color::Red => list::<Red>(self, filter),
            Color::Black => list::<Black>(self, filter),
        }
    }

    /// The number of legal moves, without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        match self.side {
            Color::Red => count::<Red>(self),
            Color::Black => count::<Black>(self),
        }
    }

    /// Legal moves when in check (the thesis's check evasions); empty when
    /// not in check.
    pub fn evasions(&self) -> MoveList {
        if self.is_check() {
            self.legal_moves()
        } else {
            empty_list()
        }
    }

    /// The enemy pieces giving check.
    pub fn checkers(&self) -> Bitboard {
        let them = !self.side;
        king_attackers(
            them,
            &self.pieces_by_kind(them),
            self.king(self.side),
            self.occupied(),
        )
    }

    /// Whether the side to move is in check (including by the flying
    /// general: facing kings count as check).
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        fn legal<Us: Side>(position: &Position, mv: Move) -> bool {
            let (from, to) = (mv.from() as usize, mv.to() as usize);
            let Some(piece) = position.piece_at(mv.from()) else {
                return false;
            };
            if piece.color != Us::US {
                return false;
            }
            let context = Context::new::<Us>(position);
            let targets = destinations::<Us>(&context, piece.kind, from, MoveFilter::All);
            targets & pieces::square_bit(to) != 0 && context.safe::<Us>(position, from, to)
        }
        match self.side {
            Color::Red => legal::<Red>(self, mv),
            Color::Black => legal::<Black>(self, mv),
        }
    }
}
