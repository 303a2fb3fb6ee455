//! What both games' positions offer code written once for either game.

#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};
use core::fmt::{Debug, Display};
use core::ops::Deref;

/// Whether a position is still being played out, or how it ended on the
/// board. The same type in both games (`chess::Status`, `xiangqi::Status`);
/// what a stalemate means differs, and [`Board::STALEMATE`] says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check with no legal move: it has lost.
    Checkmate,
    /// The side to move is not in check and has no legal move: a draw in
    /// chess, a loss in xiangqi.
    Stalemate,
}

impl Status {
    /// The status of a position whose side to move has a legal move or
    /// not, and is in check or not.
    #[inline]
    pub(crate) const fn of(has_moves: bool, in_check: bool) -> Status {
        match (has_moves, in_check) {
            (true, _) => Status::Ongoing,
            (false, true) => Status::Checkmate,
            (false, false) => Status::Stalemate,
        }
    }
}

/// What the side to move gets from a game that ended on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move has lost.
    Loss,
    /// Neither side won.
    Draw,
}

/// A position of chess or xiangqi, for generic code such as the command
/// line's `perft` and `moves`, a generic search or evaluation. Each method is the inherent method (or, for
/// [`Board::perft`] and `divide`, the game's free function) of the
/// same name, called through an inlined forwarder. The methods that return
/// a `String` or a `Vec` need the `alloc` feature; without it, a position
/// still prints its FEN through `Display`.
///
/// ```
/// use qiboard::Board;
///
/// fn leaves<B: Board>(depth: u32) -> u64 {
///     let start = B::from_fen(B::START_FEN).expect("the start FEN parses");
///     start.perft(depth).expect("a depth perft counts")
/// }
///
/// assert_eq!(leaves::<qiboard::chess::Position>(2), 400);
/// assert_eq!(leaves::<qiboard::xiangqi::Position>(2), 1_920);
/// ```
///
/// A generic evaluation reads the board through [`Board::piece_at`] and
/// [`Board::side_to_move`], and a search scores the end of play with
/// [`Board::verdict`], which knows each game's stalemate:
///
/// ```
/// use qiboard::{Board, Verdict};
///
/// fn score<B: Board>(position: &B) -> Option<i32> {
///     position.verdict().map(|verdict| match verdict {
///         Verdict::Loss => -1,
///         Verdict::Draw => 0,
///     })
/// }
///
/// let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
/// let chess = qiboard::chess::Position::from_fen(stalemate).unwrap();
/// assert_eq!(score(&chess), Some(0));
/// // Xiangqi: the rook holds d9, the kings may not face, and stalemate loses.
/// let xiangqi = qiboard::xiangqi::Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b").unwrap();
/// assert_eq!(score(&xiangqi), Some(-1));
/// assert_eq!(score(&qiboard::chess::Position::start()), None);
/// ```
///
/// The trait is sealed: only qiboard's two positions implement it, and no
/// other crate can. Some of its required methods exist only with the
/// `alloc` feature, so an implementation outside qiboard would stop
/// compiling as soon as any crate in the build turned that feature on;
/// sealing also leaves room to add methods later.
pub trait Board: sealed::Sealed + Sized + Display {
    /// A move of the game.
    type Move: Copy + Eq + Debug;
    /// A side of the game.
    type Color: Copy + Eq + Debug;
    /// A square of the game's board.
    type Square: Copy + Eq + Debug;
    /// A piece: its kind and side.
    type Piece: Copy + Eq + Debug;
    /// The legal moves of a position, held without touching the heap.
    type MoveList: Deref<Target = [Self::Move]>;
    /// Why a text is not a FEN of the game.
    type FenError: core::error::Error;
    /// Why a text is not a legal move of a position.
    type MoveError: core::error::Error;

    /// The FEN of the game's starting position.
    const START_FEN: &'static str;
    /// What a stalemate gives the side to move: [`Verdict::Draw`] in chess,
    /// [`Verdict::Loss`] in xiangqi.
    const STALEMATE: Verdict;

    /// The position a FEN describes.
    fn from_fen(text: &str) -> Result<Self, Self::FenError>;
    /// The position's FEN.
    #[cfg(feature = "alloc")]
    fn fen(&self) -> String;
    /// Every legal move.
    fn legal_moves(&self) -> Self::MoveList;
    /// How many legal moves there are, counted without listing them.
    fn count_legal_moves(&self) -> u64;
    /// The position after `mv`, a legal move of this one.
    fn play(&self, mv: Self::Move) -> Self;
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;
    /// The legal move a text names (UCI in chess, UCCI in xiangqi).
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;
    /// `mv` as text (UCI in chess, UCCI in xiangqi).
    #[cfg(feature = "alloc")]
    fn move_text(&self, mv: Self::Move) -> String;
    /// The number of move sequences of length `depth` from here (a depth
    /// beyond [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH) is an error).
    fn perft(&self, depth: u32) -> Result<u64, crate::PerftError>;
    /// Each legal move with the number of sequences of length `depth`
    /// that start with it.
    #[cfg(feature = "alloc")]
    fn divide(&self, depth: u32) -> Result<Vec<(Self::Move, u64)>, crate::PerftError>;
    /// The Zobrist key.
    fn key(&self) -> u64;
    /// The side to move.
    fn side_to_move(&self) -> Self::Color;
    /// The piece on `square`, if any.
    fn piece_at(&self, square: Self::Square) -> Option<Self::Piece>;
    /// The legal moves that capture (in chess, en passant and capturing
    /// promotions included).
    fn legal_captures(&self) -> Self::MoveList;
    /// The legal moves that capture nothing (in chess, castling and quiet
    /// promotions included).
    fn legal_quiets(&self) -> Self::MoveList;
    /// [`Board::play`] in place.
    fn play_in_place(&mut self, mv: Self::Move);
    /// The position with the move passed to the other side, or `None` in
    /// check (a pass would leave the king to be taken). The key changes as
    /// for a move; in chess the en passant square is cleared.
    fn null_move(&self) -> Option<Self>;
    /// Whether the game goes on, or ended in checkmate or stalemate.
    fn status(&self) -> Status;

    /// What the side to move gets if the game ended on the board (no
    /// legal move): a loss when checkmated, [`Board::STALEMATE`] when
    /// stalemated; `None` while it goes on.
    #[inline]
    fn verdict(&self) -> Option<Verdict> {
        match self.status() {
            Status::Ongoing => None,
            Status::Checkmate => Some(Verdict::Loss),
            Status::Stalemate => Some(Self::STALEMATE),
        }
    }
}

/// Keeps [`Board`] to this crate: the supertrait is `pub`, as the bound of
/// a public trait should be, but its module is private, so no other crate
/// can name it to implement it.
mod sealed {
    /// Implemented by exactly the types that implement [`Board`](super::Board).
    pub trait Sealed {
        /// A second hash of the position, independent of the key where the
        /// game has one (xiangqi's lock), else the key: hashed perft's
        /// table confirms its entries with it.
        fn check_word(&self) -> u64;
    }
}

/// Implements [`Board`] for the `Position` of the game module `$game` by
/// forwarding to what that module already has. `$board` is the type whose
/// inherent `key` the position has: the position itself, or the setup it
/// derefs to; `$check_word` is the method of `$board` giving the table's
/// second hash.
macro_rules! forward_board {
    ($game:ident, board: $board:ident, check_word: $check_word:ident, stalemate: $stalemate:ident) => {
        impl sealed::Sealed for crate::$game::Position {
            #[inline]
            fn check_word(&self) -> u64 {
                crate::$game::$board::$check_word(self)
            }
        }

        impl Board for crate::$game::Position {
            type Move = crate::$game::Move;
            type Color = crate::$game::Color;
            type Square = crate::$game::Square;
            type Piece = crate::$game::Piece;
            type MoveList = crate::$game::MoveList;
            type FenError = crate::$game::FenError;
            type MoveError = crate::$game::MoveError;

            const START_FEN: &'static str = crate::$game::Position::START_FEN;
            const STALEMATE: Verdict = Verdict::$stalemate;

            #[inline]
            fn from_fen(text: &str) -> Result<Self, Self::FenError> {
                crate::$game::Position::from_fen(text)
            }

            #[cfg(feature = "alloc")]
            #[inline]
            fn fen(&self) -> String {
                crate::$game::Position::fen(self)
            }

            #[inline]
            fn legal_moves(&self) -> Self::MoveList {
                crate::$game::Position::legal_moves(self)
            }

            #[inline]
            fn count_legal_moves(&self) -> u64 {
                crate::$game::Position::count_legal_moves(self)
            }

            #[inline]
            fn play(&self, mv: Self::Move) -> Self {
                crate::$game::Position::play(self, mv)
            }

            #[inline]
            fn is_check(&self) -> bool {
                crate::$game::Position::is_check(self)
            }

            #[inline]
            fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError> {
                crate::$game::Position::parse_move(self, text)
            }

            #[cfg(feature = "alloc")]
            #[inline]
            fn move_text(&self, mv: Self::Move) -> String {
                crate::$game::Position::move_text(self, mv)
            }

            #[inline]
            fn perft(&self, depth: u32) -> Result<u64, crate::PerftError> {
                crate::$game::perft(self, depth)
            }

            #[cfg(feature = "alloc")]
            #[inline]
            fn divide(&self, depth: u32) -> Result<Vec<(Self::Move, u64)>, crate::PerftError> {
                crate::$game::divide(self, depth)
            }

            #[inline]
            fn key(&self) -> u64 {
                // Through the type that holds the board (a xiangqi
                // position derefs to its setup): naming the position
                // would find this trait method itself.
                crate::$game::$board::key(self)
            }

            #[inline]
            fn side_to_move(&self) -> Self::Color {
                crate::$game::Setup::side_to_move(self)
            }

            #[inline]
            fn piece_at(&self, square: Self::Square) -> Option<Self::Piece> {
                crate::$game::Setup::piece_at(self, square)
            }

            #[inline]
            fn legal_captures(&self) -> Self::MoveList {
                crate::$game::Position::legal_captures(self)
            }

            #[inline]
            fn legal_quiets(&self) -> Self::MoveList {
                crate::$game::Position::legal_quiets(self)
            }

            #[inline]
            fn play_in_place(&mut self, mv: Self::Move) {
                crate::$game::Position::play_in_place(self, mv)
            }

            #[inline]
            fn null_move(&self) -> Option<Self> {
                crate::$game::Position::null_move(self)
            }

            #[inline]
            fn status(&self) -> Status {
                crate::$game::Position::status(self)
            }
        }
    };
}

/// Each game's `Position::status`, written once.
macro_rules! status {
    ($game:ident) => {
        impl crate::$game::Position {
            /// Whether the game goes on, or ended in checkmate or stalemate.
            pub fn status(&self) -> Status {
                Status::of(self.count_legal_moves() > 0, self.is_check())
            }
        }
    };
}

status!(chess);
status!(xiangqi);

forward_board!(chess, board: Position, check_word: key, stalemate: Draw);
forward_board!(xiangqi, board: Setup, check_word: lock, stalemate: Loss);
