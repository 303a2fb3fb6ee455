//! Legal move generation with checkers and pin masks.
//!
//! One generator serves every purpose through a [`MoveSink`]: a list
//! collects moves, a counter adds up target-set sizes (perft's last ply
//! never builds a move), and perft's inner plies make each child as its
//! move is found, without a list. It is compiled apart for each side to
//! move ([`Side`]) and each slider table layout ([`Sliders`]); const
//! parameters pick captures, quiet moves or both. At perft's last but one
//! ply the children come with what they inherit from the parent
//! ([`Inherited`], [`Counted`]), and the count skips those parts.

mod king;
mod lookup;
mod make;
mod pawns;
mod pieces;
mod side;
mod sink;

use king::{Enemy, KingSquares};
pub(crate) use lookup::{Layout, Magics, Sliders};
pub(crate) use side::{Black, Side, White};
use sink::{Children, Counter, Heritage, KingView, MoveSink};
pub(crate) use sink::{Counted, Inherited};

use super::position::{back_rank, lowest};
use super::{
    between, bishop_rays, castling_paths, king_attacks, knight_attacks, pawn_attacks, rook_rays,
    Bitboard, Color, Move, MoveList, Position, Square,
};

/// Board facts every piece's generation needs.
struct Context {
    king: Square,
    occupied: Bitboard,
    theirs: Bitboard,
    /// Where a non-king piece may land: the move filter, narrowed to the
    /// checker and the squares between it and the king when in check.
    target: Bitboard,
    pinned: Bitboard,
    in_check: bool,
}

impl Position {
    /// Hands the legal moves of `Us` (captures, quiet moves or both) to
    /// `sink`, leaving out the parts `inherited` and `counted` say are
    /// known; returns whether `Us` is in check.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn generate<Us: Side, L: Layout, S: MoveSink, const CAPTURES: bool, const QUIETS: bool>(
        &self,
        sliders: Sliders<L>,
        inherited: Inherited,
        counted: Counted,
        sink: &mut S,
    ) -> bool {
        let theirs = self.by_color[Us::THEM.index()];
        let occupied = self.occupied();
        let king = self.king(Us::US);
        // Grouped where needed: a child that inherits its pins, steps and
        // castling needs the groups for none of them.
        let enemy = || self.enemy::<Us>();
        let (checkers, pinned) = match inherited.pins() {
            Some(pins) => pins,
            None => self.checkers_and_pinned::<Us, L>(sliders, king, &enemy()),
        };

        let mut filter = Bitboard::EMPTY;
        if CAPTURES {
            filter |= theirs;
        }
        if QUIETS {
            filter |= !occupied;
        }
        let (leapers, safe) = inherited.steps(king);
        let known = self.king_steps::<Us, L, S>(sliders, king, filter, enemy, leapers, safe, sink);
        if checkers.has_many() {
            return true;
        }

        let in_check = !checkers.is_empty();
        let target = if in_check {
            (between(king, lowest(checkers)) | checkers) & filter
        } else {
            filter
        };
        let cx = Context {
            king,
            occupied,
            theirs,
            target,
            pinned,
            in_check,
        };
        if !counted.leapers_known() {
            self.knight_moves::<Us, S>(&cx, sink);
        }
        if !counted.sliders_known() {
            self.slider_moves::<Us, L, S>(sliders, &cx, sink);
        }
        if !counted.leapers_known() {
            self.pawn_moves::<Us, S>(&cx, sink);
        }
        if CAPTURES {
            self.en_passant_moves::<Us, L, S>(sliders, &cx, &enemy(), sink);
        }
        if QUIETS && !in_check && !counted.castling() {
            self.castling_moves::<Us, L, S>(sliders, &cx, &enemy(), &known, sink);
        }
        in_check
    }

    /// [`Position::generate`] for the side to move, with the portable
    /// slider tables.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn generate_here<S: MoveSink, const CAPTURES: bool, const QUIETS: bool>(&self, sink: &mut S) {
        match self.side {
            Color::White => self.generate::<White, Magics, S, CAPTURES, QUIETS>(
                Sliders(Magics),
                Inherited::NONE,
                Counted::NONE,
                sink,
            ),
            Color::Black => self.generate::<Black, Magics, S, CAPTURES, QUIETS>(
                Sliders(Magics),
                Inherited::NONE,
                Counted::NONE,
                sink,
            ),
        };
    }

    /// All legal moves.
    ///
    /// ```
    /// use qiboard::chess::Position;
    /// assert_eq!(Position::start().legal_moves().len(), 20);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_here::<_, true, true>(&mut list);
        list
    }

    /// The legal captures, en passant included (capturing promotions too).
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_here::<_, true, false>(&mut list);
        list
    }

    /// The legal moves that capture nothing (castling and quiet promotions included).
    pub fn legal_quiets(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_here::<_, false, true>(&mut list);
        list
    }

    /// Whether `mv` is one of the legal moves here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// How many legal moves there are, counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate_here::<_, true, true>(&mut counter);
        counter.0
    }

    /// How many legal moves `Us` has here (`Us` must be the side to
    /// move), for perft's last ply.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(crate) fn count_moves<Us: Side, L: Layout>(
        &self,
        sliders: Sliders<L>,
        inherited: Inherited,
        counted: Counted,
    ) -> u64 {
        let mut counter = Counter(counted.known());
        if self.generate::<Us, L, _, true, true>(sliders, inherited, counted, &mut counter) {
            // In check, castling's inherited moves are none.
            counter.0 -= counted.castling_moves();
        }
        counter.0
    }

    /// Calls `visit` with the position after each legal move of `Us` (the
    /// side to move), for perft's inner plies. The children are made
    /// without their Zobrist key, counters or notation flag kept up to
    /// date: they are for counting only.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(crate) fn for_each_child<Us: Side, L: Layout>(
        &self,
        sliders: Sliders<L>,
        mut visit: impl FnMut(&Position),
    ) {
        self.visit_children::<Us, L, _>(sliders, (), |child: &Position, _, _| visit(child));
    }

    /// [`Position::for_each_child`] for perft's last but one ply: each
    /// child comes with what it inherits for counting its moves (see
    /// [`Position::count_moves`]).
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(crate) fn for_each_last_child<Us: Side, L: Layout>(
        &self,
        sliders: Sliders<L>,
        visit: impl FnMut(&Position, Inherited, Counted),
    ) {
        let king = self.king(Us::THEM);
        let enemy = self.enemy::<Us::Other>();
        let (checkers, pinned) = self.checkers_and_pinned::<Us::Other, L>(sliders, king, &enemy);
        let lines = if checkers.is_empty() {
            bishop_rays(king) | rook_rays(king)
        } else {
            Bitboard::FULL
        };
        let leapers = king::leaper_attacks::<Us::Other>(&enemy);
        let them_pieces = self.by_color[Us::THEM.index()];
        let (pawn_zone, slider_zone) = self.them_piece_zones::<Us, L>(sliders);
        let steps = king_attacks(king) - them_pieces;
        let mut step_zone = king_attacks(king);
        let mut step_lines = Bitboard::EMPTY;
        for step in steps {
            step_zone |= knight_attacks(step) | king_attacks(step) | pawn_attacks(Us::THEM, step);
            let (straight, diagonal) = (rook_rays(step), bishop_rays(step));
            if !(enemy.straight & straight).is_empty() {
                step_zone |= straight;
            }
            if !(enemy.diagonal & diagonal).is_empty() {
                step_zone |= diagonal;
            }
            step_lines |= straight | diagonal;
        }
        let safe = self.safe_steps(sliders, king, steps - leapers, &enemy);
        let known = KingSquares {
            safe,
            attacked: steps - safe,
        };
        let counted = self.them_piece_moves::<Us, L>(sliders, king, pinned);
        let (castling, castling_zone) = self.them_castling::<Us, L>(sliders, king, &enemy, &known);
        let view = KingView {
            lines,
            zone: lines | knight_attacks(king) | pawn_attacks(Us::THEM, king),
            pinned,
            leapers: if leapers.contains(king) {
                Bitboard::EMPTY
            } else {
                leapers
            },
            safe_and_king: safe | king.bitboard(),
            step_zone,
            slider_step_zone: step_zone | step_lines,
            counted,
            leaper_zone: them_pieces | pawn_zone,
            slider_zone: them_pieces | slider_zone,
            castling: Counted::castling_word(castling),
            castling_zone,
        };
        self.visit_children::<Us, L, _>(sliders, view, visit);
    }

    /// Makes each legal move of `Us` and hands the child, with what
    /// `heritage` says it inherits, to `visit`.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn visit_children<Us: Side, L: Layout, H: Heritage>(
        &self,
        sliders: Sliders<L>,
        heritage: H,
        visit: impl FnMut(&Position, Inherited, Counted),
    ) {
        let mut children = Children::<Us, _, _>::new(self, heritage, visit);
        let (inherited, counted) = (Inherited::NONE, Counted::NONE);
        self.generate::<Us, L, _, true, true>(sliders, inherited, counted, &mut children);
    }

    /// How many moves the knights and pawns (en passant aside) and the
    /// sliders of the side not to move (`Us::Other`, its king on `king`
    /// and its `pinned` pieces pinned, not in check) would have, were it
    /// its turn.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn them_piece_moves<Us: Side, L: Layout>(
        &self,
        sliders: Sliders<L>,
        king: Square,
        pinned: Bitboard,
    ) -> Counted {
        let cx = Context {
            king,
            occupied: self.occupied(),
            theirs: self.by_color[Us::US.index()],
            target: !self.by_color[Us::THEM.index()],
            pinned,
            in_check: false,
        };
        let (mut leapers, mut slides) = (Counter(0), Counter(0));
        self.knight_moves::<Us::Other, _>(&cx, &mut leapers);
        self.pawn_moves::<Us::Other, _>(&cx, &mut leapers);
        self.slider_moves::<Us::Other, L, _>(sliders, &cx, &mut slides);
        Counted {
            leapers: leapers.0,
            sliders: slides.0,
        }
    }

    /// How many castling moves the side not to move (`Us::Other`, its
    /// king on `king`, not in check, with `known` found about its steps,
    /// `enemy` being `Us`'s pieces) would have, were it its turn; with
    /// where a move of `Us` must leave and land to leave that count as it
    /// is (see [`KingView`]).
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn them_castling<Us: Side, L: Layout>(
        &self,
        sliders: Sliders<L>,
        king: Square,
        enemy: &Enemy,
        known: &KingSquares,
    ) -> (u64, Bitboard) {
        let occupied = self.occupied();
        let rooks = self.castle_rooks & back_rank(Us::THEM);
        let mut castling = Counter(0);
        let mut zone = Bitboard::EMPTY;
        if rooks.is_empty() {
            return (0, zone);
        }
        let cx = Context {
            king,
            occupied,
            theirs: self.by_color[Us::US.index()],
            target: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            in_check: false,
        };
        self.castling_moves::<Us::Other, L, _>(sliders, &cx, enemy, known, &mut castling);
        zone |= king.bitboard();
        for rook in rooks {
            let (king_path, must_be_empty) = castling_paths(Us::THEM, king, rook);
            zone |= rook.bitboard() | must_be_empty;
            // A blocked castling stays blocked unless a move empties (or
            // captures on) a square it needs empty.
            if !(occupied & must_be_empty).is_empty() {
                continue;
            }
            // The squares a queen on each of them would attack with king
            // and rook lifted, as castling tests them: a move that leaves
            // and enters none of those leaves each line's first piece as it
            // was.
            let lifted = occupied - king.bitboard() - rook.bitboard();
            for square in king_path {
                zone |= knight_attacks(square)
                    | king_attacks(square)
                    | pawn_attacks(Us::THEM, square)
                    | sliders.queen(square, lifted);
            }
        }
        (castling.0, zone)
    }

    /// Where a move of `Us` must leave and land, besides the squares of
    /// the other side's pieces, to leave the counts of
    /// [`Position::them_piece_moves`] as they are (with the pins): for
    /// the pawns, no square one of theirs could step to (two ranks ahead
    /// too) or capture on, give or take squares across the board's edge;
    /// for the sliders, no square they attack. Knights move wherever no
    /// piece of theirs stands, whatever else stands there.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn them_piece_zones<Us: Side, L: Layout>(&self, sliders: Sliders<L>) -> (Bitboard, Bitboard) {
        let occupied = self.occupied();
        let enemy = self.enemy::<Us>();
        let mut slider_zone = Bitboard::EMPTY;
        for square in enemy.straight {
            slider_zone |= sliders.rook(square, occupied);
        }
        for square in enemy.diagonal {
            slider_zone |= sliders.bishop(square, occupied);
        }
        let pawns = enemy.pawns.0;
        let pawn_zone = Bitboard(match Us::THEM {
            Color::White => pawns << 7 | pawns << 8 | pawns << 9 | pawns << 16,
            Color::Black => pawns >> 7 | pawns >> 8 | pawns >> 9 | pawns >> 16,
        });
        (pawn_zone, slider_zone)
    }
}
