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
//! Other pieces' moves are legal as generated (minus screen squares), so a
//! perft leaf counts them with one popcount per piece; pinned pieces and
//! king moves are checked one by one with [`king_attackers`]. In check,
//! every move is checked that way.

mod context;
mod pawns;
mod pieces;
mod sink;

use context::Context;
use pawns::pawn_moves;
use pieces::{destinations, kind_moves, one_by_one};
use sink::{Counter, Sink};

use super::attackers::king_attackers;
use super::moves::empty_list;
use super::{Bitboard, Move, MoveList, PieceKind, Position};

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
#[inline(always)]
fn generate<S: Sink>(position: &Position, filter: MoveFilter, sink: &mut S) {
    let context = Context::new(position);
    let us = context.us;
    // Pieces whose every move is tested: all of them in check, else the pinned.
    let careful = if context.checkers.is_empty() {
        context.pinned
    } else {
        context.ours
    };
    // Kind by kind rather than a loop over kinds, so that each call's
    // `match kind` folds away instead of becoming a mispredicted jump.
    kind_moves(position, &context, PieceKind::Rook, careful, filter, sink);
    kind_moves(position, &context, PieceKind::Cannon, careful, filter, sink);
    kind_moves(position, &context, PieceKind::Horse, careful, filter, sink);
    kind_moves(
        position,
        &context,
        PieceKind::Advisor,
        careful,
        filter,
        sink,
    );
    kind_moves(
        position,
        &context,
        PieceKind::Elephant,
        careful,
        filter,
        sink,
    );
    let pawns = position.pieces(us, PieceKind::Pawn);
    let (free, pinned) = (pawns - careful, pawns & careful);
    if !free.is_empty() {
        let allowed = match filter {
            MoveFilter::All => Bitboard::FULL - context.ours,
            MoveFilter::Captures => context.theirs,
            MoveFilter::Quiets => Bitboard::FULL - context.occupied,
        } - context.screens;
        pawn_moves(free, us, allowed, sink);
    }
    for from in pinned {
        one_by_one(position, &context, PieceKind::Pawn, from, filter, sink);
    }
    let king = context.king;
    for to in destinations(position, &context, PieceKind::King, king, filter) {
        if context.safe(king, to) {
            sink.one(Move::new(king, to));
        }
    }
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
        let mut list = empty_list();
        generate(self, filter, &mut list);
        list
    }

    /// The number of legal moves, without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        self.count_legal_moves_inline::<false>()
    }

    /// [`Position::count_legal_moves`], inlined into its caller; `HARDWARE`
    /// counts bits with `count_ones` (for callers built with `popcnt`).
    #[inline(always)]
    pub(crate) fn count_legal_moves_inline<const HARDWARE: bool>(&self) -> u64 {
        let mut counter = Counter::<HARDWARE>(0);
        generate(self, MoveFilter::All, &mut counter);
        counter.0
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
        let Some(piece) = self.piece_at(mv.from()) else {
            return false;
        };
        if piece.color != self.side {
            return false;
        }
        let context = Context::new(self);
        let targets = destinations(self, &context, piece.kind, mv.from(), MoveFilter::All);
        targets.contains(mv.to()) && context.safe(mv.from(), mv.to())
    }
}
