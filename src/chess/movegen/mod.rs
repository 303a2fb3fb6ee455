//! Legal move generation with checkers and pin masks.
//!
//! One generator serves every purpose through a [`MoveSink`]: a list
//! collects moves, a counter adds up target-set sizes (perft's last ply
//! never builds a move). Const parameters pick captures, quiet moves or
//! both at compile time.

mod king;
mod pawns;
mod pieces;
mod sink;

use sink::{Counter, MoveSink};

use super::position::lowest;
use super::{between, Bitboard, Color, Move, MoveList, Position, Square};

/// Board facts every piece's generation needs.
struct Context {
    us: Color,
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
    #[inline(always)]
    fn generate<S: MoveSink, const CAPTURES: bool, const QUIETS: bool>(&self, sink: &mut S) {
        let us = self.side;
        let theirs = self.by_color[(!us).index()];
        let occupied = self.occupied();
        let king = self.king(us);
        let enemy = self.enemy();
        let (checkers, pinned) = self.checkers_and_pinned(king, &enemy);

        let mut filter = Bitboard::EMPTY;
        if CAPTURES {
            filter |= theirs;
        }
        if QUIETS {
            filter |= !occupied;
        }
        let known = self.king_steps(king, filter, &enemy, sink);
        if checkers.has_many() {
            return;
        }

        let in_check = !checkers.is_empty();
        let target = if in_check {
            (between(king, lowest(checkers)) | checkers) & filter
        } else {
            filter
        };
        let cx = Context {
            us,
            king,
            occupied,
            theirs,
            target,
            pinned,
            in_check,
        };
        self.knight_moves(&cx, sink);
        self.slider_moves(&cx, sink);
        match us {
            Color::White => self.pawn_moves::<S, true>(&cx, sink),
            Color::Black => self.pawn_moves::<S, false>(&cx, sink),
        }
        if CAPTURES {
            self.en_passant_moves(&cx, &enemy, sink);
        }
        if QUIETS && !in_check {
            self.castling_moves(&cx, &enemy, &known, sink);
        }
    }

    /// All legal moves.
    ///
    /// ```
    /// use qiboard::chess::Position;
    /// assert_eq!(Position::start().legal_moves().len(), 20);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, true, true>(&mut list);
        list
    }

    /// The legal captures, en passant included (capturing promotions too).
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, true, false>(&mut list);
        list
    }

    /// The legal moves that capture nothing (castling and quiet promotions included).
    pub fn legal_quiets(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, false, true>(&mut list);
        list
    }

    /// Whether `mv` is one of the legal moves here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// How many legal moves there are, counted without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate::<_, true, true>(&mut counter);
        counter.0
    }
}
