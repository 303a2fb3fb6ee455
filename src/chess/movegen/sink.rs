//! Where generated moves go: a list, a counter that never builds one, or
//! perft's visitor of the positions they lead to, with what each child
//! inherits from its parent (its [`Heritage`]).

use core::marker::PhantomData;

use super::side::Side;
use crate::chess::{Bitboard, Move, MoveList, PieceKind, Position, Square};

/// How a set of pawn moves is written down.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum PawnStep {
    Normal,
    Double,
    /// Four moves per target, one per promotion piece.
    Promotion,
}

/// Receives generated moves in bulk.
pub(super) trait MoveSink {
    /// The piece of `kind` on `from` may move to every square of `targets`.
    fn piece(&mut self, kind: PieceKind, from: Square, targets: Bitboard);
    /// Pawns may move to every square of `targets`, each from `delta`
    /// squares back (`from = to - delta`).
    fn pawns(&mut self, targets: Bitboard, delta: i32, step: PawnStep);
    /// One move (en passant, castling).
    fn single(&mut self, mv: Move);
}

/// Counts moves without writing them down.
pub(super) struct Counter(pub(super) u64);

impl MoveSink for Counter {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn piece(&mut self, _kind: PieceKind, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn pawns(&mut self, targets: Bitboard, _delta: i32, step: PawnStep) {
        let per_target = if step == PawnStep::Promotion { 4 } else { 1 };
        self.0 += per_target * u64::from(targets.count());
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl MoveSink for MoveList {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn piece(&mut self, kind: PieceKind, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(kind, from, to));
        }
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, step: PawnStep) {
        for to in targets {
            let from = Square::from_index_wrapping((to.index() as i32 - delta) as usize);
            match step {
                PawnStep::Normal => self.push(Move::normal(PieceKind::Pawn, from, to)),
                PawnStep::Double => self.push(Move::double_push(from, to)),
                PawnStep::Promotion => {
                    for kind in PieceKind::PROMOTIONS {
                        self.push(Move::promotion(from, to, kind));
                    }
                }
            }
        }
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn single(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// What a child may take over from its parent instead of finding it
/// again: filled in by the parent's [`Heritage`], move by move. Two
/// words, so that it travels in registers.
#[derive(Clone, Copy)]
pub(crate) struct Inherited {
    /// The child's pinned pieces (it is not in check), when the move
    /// provably left them as the parent found them; every square (which
    /// no pinned set is) if not.
    pub(super) pinned: Bitboard,
    /// About the king's steps, told apart by the king's own square (which
    /// neither set holds): with it, which steps no enemy piece attacks,
    /// when the move provably changed none; else, if not empty, the
    /// squares the mover's pawns, knights and king attack, when the move
    /// was none of theirs.
    pub(super) steps: Bitboard,
}

impl Inherited {
    /// Nothing inherited: the child finds everything itself.
    pub(crate) const NONE: Inherited = Inherited {
        pinned: Bitboard::FULL,
        steps: Bitboard::EMPTY,
    };

    /// The checkers and pinned pieces, if inherited.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn pins(self) -> Option<(Bitboard, Bitboard)> {
        (self.pinned != Bitboard::FULL).then_some((Bitboard::EMPTY, self.pinned))
    }

    /// The mover's leaper attacks and the safe steps of the king on
    /// `king`, each if inherited.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn steps(self, king: Square) -> (Option<Bitboard>, Option<Bitboard>) {
        if self.steps.contains(king) {
            (None, Some(self.steps - king.bitboard()))
        } else if self.steps.is_empty() {
            (None, None)
        } else {
            (Some(self.steps), None)
        }
    }
}

/// Parts of a child's move count its parent knew, each a count below
/// two flags (so that the parts known add up without masking each).
#[derive(Clone, Copy)]
pub(crate) struct Counted {
    /// The moves of the knights and pawns (en passant aside), unless
    /// flagged [`Counted::UNKNOWN`], plus castling's moves if flagged
    /// [`Counted::CASTLING`].
    pub(super) leapers: u64,
    /// The moves of the bishops, rooks and queens, unless flagged
    /// [`Counted::UNKNOWN`] (then 0).
    pub(super) sliders: u64,
}

impl Counted {
    /// Nothing known.
    pub(crate) const NONE: Counted = Counted {
        leapers: Counted::UNKNOWN,
        sliders: Counted::UNKNOWN,
    };

    /// The flag that says a part is not counted in.
    pub(super) const UNKNOWN: u64 = 1 << 63;

    /// The flag in [`Counted::leapers`] that says castling's moves are
    /// counted in.
    pub(super) const CASTLING: u64 = 1 << 62;

    /// Whether the knights' and pawns' moves are known.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn leapers_known(self) -> bool {
        self.leapers & Counted::UNKNOWN == 0
    }

    /// Whether the sliders' moves are known.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn sliders_known(self) -> bool {
        self.sliders & Counted::UNKNOWN == 0
    }

    /// Whether castling's moves are known.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn castling(self) -> bool {
        self.leapers & Counted::CASTLING != 0
    }

    /// Where [`Counted::leapers`] keeps a second copy of castling's
    /// count, out of the sum.
    const CASTLING_COPY: u32 = 48;

    /// The part of [`Counted::leapers`] that says castling's count is
    /// known to be `moves`: the flag, the count added in, and its copy.
    pub(super) const fn castling_word(moves: u64) -> u64 {
        Counted::CASTLING | moves << Counted::CASTLING_COPY | moves
    }

    /// The moves of every part known (castling's counted in, which a
    /// position in check must take out again: its inheriting does not
    /// ask whether the move gave check). Counts stay far below the
    /// copy and the flags, and their sum carries only into themselves or
    /// out of the word.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn known(self) -> u64 {
        self.leapers.wrapping_add(self.sliders) & ((1 << Counted::CASTLING_COPY) - 1)
    }

    /// Castling's moves in [`Counted::known`].
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn castling_moves(self) -> u64 {
        self.leapers >> Counted::CASTLING_COPY & 0xff
    }
}

/// What a parent works out once for all its children.
pub(super) trait Heritage {
    /// What the child after `kind` moves from `from` to `to` inherits.
    fn inherited(&self, kind: PieceKind, from: Square, to: Square) -> (Inherited, Counted);

    /// What the child after a pawn's promotion from `from` to `to`
    /// inherits.
    fn inherited_promotion(&self, from: Square, to: Square) -> (Inherited, Counted);
}

/// No heritage: the children of inner plies find everything themselves.
impl Heritage for () {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn inherited(&self, _: PieceKind, _: Square, _: Square) -> (Inherited, Counted) {
        (Inherited::NONE, Counted::NONE)
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn inherited_promotion(&self, _: Square, _: Square) -> (Inherited, Counted) {
        (Inherited::NONE, Counted::NONE)
    }
}

/// What the side not to move (the children's side to move) would find
/// about its king in the parent, and where a move must land or leave to
/// change it.
pub(super) struct KingView {
    /// The queen lines through the king (every square if it is in
    /// check, which a legal parent never has it).
    pub(super) lines: Bitboard,
    /// `lines` and the squares from which a knight or pawn attacks it.
    pub(super) zone: Bitboard,
    /// Its pinned pieces.
    pub(super) pinned: Bitboard,
    /// What the side to move's pawns, knights and king attack (empty if
    /// that takes in the king, which a legal parent never has).
    pub(super) leapers: Bitboard,
    /// Which of the king's steps the side to move does not attack, and
    /// the king's square.
    pub(super) safe_and_king: Bitboard,
    /// Where any move must leave and land for `safe_and_king` to hold: the
    /// squares around the king, those from which a knight, king or pawn
    /// attacks one of its steps, and the lines from the steps that hold
    /// a slider of the side to move.
    pub(super) step_zone: Bitboard,
    /// `step_zone` and every line from a step: where a slider's move (a
    /// promotion's too) must leave and land.
    pub(super) slider_step_zone: Bitboard,
    /// How many moves its knights and pawns (en passant aside) and its
    /// sliders have.
    pub(super) counted: Counted,
    /// Where a move must leave and land for the knights' and pawns'
    /// count to hold, the pins holding.
    pub(super) leaper_zone: Bitboard,
    /// The same for the sliders' count.
    pub(super) slider_zone: Bitboard,
    /// How many castling moves it has, as [`Counted::castling_word`]
    /// writes it.
    pub(super) castling: u64,
    /// Where any move must leave and land for that castling count to hold
    /// (in a child not in check): the king, the castling rooks, the squares castling
    /// needs empty and, when they are, those from which a knight, king or
    /// pawn attacks a square the king crosses or reaches, and those a
    /// queen there would attack (up to each line's first piece).
    pub(super) castling_zone: Bitboard,
}

impl Heritage for KingView {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn inherited(&self, kind: PieceKind, from: Square, to: Square) -> (Inherited, Counted) {
        let (from_set, to_set) = (from.bitboard(), to.bitboard());
        // A move that leaves and enters no square on the king's lines,
        // nor lands where a leaper would check, changes no pin or check:
        // the X-ray from the king meets the same pieces.
        let pins_unchanged = (self.lines & from_set).is_empty() && (self.zone & to_set).is_empty();
        let slider = matches!(kind, PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen);
        let step_zone = if slider {
            self.slider_step_zone
        } else {
            self.step_zone
        };
        let steps_unchanged = (step_zone & (from_set | to_set)).is_empty();
        let moved = from_set | to_set;
        let pieces = Counted {
            leapers: if pins_unchanged && (self.leaper_zone & moved).is_empty() {
                self.counted.leapers
            } else {
                Counted::UNKNOWN
            } + if (self.castling_zone & moved).is_empty() {
                self.castling
            } else {
                0
            },
            sliders: if pins_unchanged && (self.slider_zone & moved).is_empty() {
                self.counted.sliders
            } else {
                Counted::UNKNOWN
            },
        };
        let inherited = Inherited {
            pinned: if pins_unchanged {
                self.pinned
            } else {
                Bitboard::FULL
            },
            steps: if steps_unchanged {
                self.safe_and_king
            } else if slider {
                self.leapers
            } else {
                Bitboard::EMPTY
            },
        };
        (inherited, pieces)
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn inherited_promotion(&self, from: Square, to: Square) -> (Inherited, Counted) {
        // The new piece may attack along lines or as a knight, and the
        // pawn's own attacks are gone: pins as for a pawn's move, the
        // king's steps as for a slider's, no leaper attacks.
        let (as_pawn, pieces) = self.inherited(PieceKind::Pawn, from, to);
        let (as_slider, _) = self.inherited(PieceKind::Queen, from, to);
        let steps = as_slider.steps & self.safe_and_king;
        (Inherited { steps, ..as_pawn }, pieces)
    }
}

/// Makes each move as it is generated and hands the child position, with
/// what it inherits, to a visitor: perft's inner plies, with no list in
/// between.
pub(super) struct Children<'a, Us, H, F> {
    parent: &'a Position,
    heritage: H,
    visit: F,
    side: PhantomData<Us>,
}

impl<'a, Us: Side, H: Heritage, F: FnMut(&Position, Inherited, Counted)> Children<'a, Us, H, F> {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn new(parent: &'a Position, heritage: H, visit: F) -> Self {
        Children {
            parent,
            heritage,
            visit,
            side: PhantomData,
        }
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn visit(&mut self, child: &Position, kind: PieceKind, from: Square, to: Square) {
        let (inherited, pieces) = self.heritage.inherited(kind, from, to);
        (self.visit)(child, inherited, pieces);
    }
}

impl<Us: Side, H: Heritage, F: FnMut(&Position, Inherited, Counted)> MoveSink
    for Children<'_, Us, H, F>
{
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn piece(&mut self, kind: PieceKind, from: Square, targets: Bitboard) {
        let theirs = self.parent.by_color[Us::THEM.index()];
        for to in targets & theirs {
            let child = self.parent.after_move::<Us>(kind, from, to);
            self.visit(&child, kind, from, to);
        }
        for to in targets - theirs {
            let child = self.parent.after_quiet::<Us>(kind, from, to);
            self.visit(&child, kind, from, to);
        }
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, step: PawnStep) {
        let pawn = PieceKind::Pawn;
        for to in targets {
            let from = Square::from_index_wrapping((to.index() as i32 - delta) as usize);
            match step {
                // A pawn's step lands on an empty square, a capture on an enemy.
                PawnStep::Normal if delta.abs() == 8 => {
                    let child = self.parent.after_quiet::<Us>(pawn, from, to);
                    self.visit(&child, pawn, from, to);
                }
                PawnStep::Normal => {
                    let child = self.parent.after_move::<Us>(pawn, from, to);
                    self.visit(&child, pawn, from, to);
                }
                PawnStep::Double => {
                    let child = self.parent.after_double_step::<Us>(from, to);
                    self.visit(&child, pawn, from, to);
                }
                PawnStep::Promotion => {
                    for kind in PieceKind::PROMOTIONS {
                        let child = self.parent.after_promotion::<Us>(from, to, kind);
                        let (inherited, pieces) = self.heritage.inherited_promotion(from, to);
                        (self.visit)(&child, inherited, pieces);
                    }
                }
            }
        }
    }

    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn single(&mut self, mv: Move) {
        // En passant and castling move two pieces: nothing is inherited.
        let child = if mv.is_castle() {
            self.parent.after_castle::<Us>(mv)
        } else {
            self.parent.play(mv)
        };
        (self.visit)(&child, Inherited::NONE, Counted::NONE);
    }
}
