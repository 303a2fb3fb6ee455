//! Xiangqi moves: the 16-bit move, its UCCI text and reading UCCI text
//! against a position.

use core::fmt;
use core::str::FromStr;

use super::{Position, Square};
use crate::list::ArrayList;
use crate::Excerpt;

/// A move: the square a piece leaves and the square it reaches, packed in
/// 16 bits (`from` in bits 0–6, `to` in bits 7–13). Its text is UCCI:
/// `h2e2` (files a–i, ranks 0–9). [`Move::NULL`] (also the `Default`)
/// is no move: a null move in a search stack, an empty slot in a table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    /// No move (a0 to a0): what a search stack records for a null move,
    /// and the default. Its text is UCCI's `0000`.
    pub const NULL: Move = Move(0);

    /// The move's 16 bits, for a transposition table or a move list
    /// stored compactly; [`Move::from_bits`] reads them back.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move of `bits` (as [`Move::bits`] gives them), if both squares
    /// are on the board and the two high bits are clear; [`Move::NULL`]
    /// for 0.
    ///
    /// ```
    /// use qiboard::xiangqi::{Move, Square};
    ///
    /// let mv = Move::new(Square::H2, Square::E2);
    /// assert_eq!(Move::from_bits(mv.bits()), Some(mv));
    /// assert_eq!(Move::from_bits(0), Some(Move::NULL));
    /// assert_eq!(Move::from_bits(u16::MAX), None);
    /// ```
    #[inline]
    pub const fn from_bits(bits: u16) -> Option<Move> {
        let (from, to) = (bits & 0x7f, bits >> 7);
        if from < 90 && to < 90 {
            Some(Move(bits))
        } else {
            None
        }
    }

    /// Whether this is [`Move::NULL`].
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from as u16 | (to as u16) << 7)
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::ALL[(self.0 & 0x7f) as usize % 90]
    }

    /// The square the piece reaches.
    #[inline]
    pub const fn to(self) -> Square {
        Square::ALL[(self.0 >> 7) as usize % 90]
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())
    }
}

/// The most legal moves a xiangqi position can have is 119 (two rooks and
/// two cannons with 17 each, horses 16, pawns 15, advisors 8, elephants 8,
/// king 4), so a fixed array never overflows.
pub const MAX_MOVES: usize = 128;

/// A list of moves held on the stack.
pub type MoveList = ArrayList<Move, MAX_MOVES>;

/// An empty move list.
pub(crate) fn empty_list() -> MoveList {
    MoveList::filled_with(Move::NULL)
}

crate::move_error::move_error!(
    "UCCI",
    "h2e2",
    "two squares like h2e2 (files a-i, ranks 0-9)"
);

impl FromStr for Move {
    type Err = MoveError;

    /// Parses UCCI text without checking any position.
    fn from_str(text: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::Syntax(Excerpt::new(text));
        if text.len() != 4 || !text.is_ascii() {
            return Err(syntax());
        }
        let from: Square = text[..2].parse().map_err(|_| syntax())?;
        let to: Square = text[2..].parse().map_err(|_| syntax())?;
        if from == to {
            return Err(syntax());
        }
        Ok(Move::new(from, to))
    }
}

impl Position {
    /// The legal move that the UCCI `text` names (surrounding spaces
    /// ignored).
    ///
    /// # Errors
    ///
    /// [`MoveError`] when `text` is no UCCI move, or names a move that is not
    /// legal here (saying why).
    ///
    /// ```
    /// use qiboard::xiangqi::Position;
    /// let start = Position::start();
    /// assert!(start.parse_move("h2e2").is_ok());
    /// assert!(start.parse_move("h2e3").is_err());
    /// assert!(start.parse_move("h2").is_err());
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv: Move = text.trim().parse()?;
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal(Excerpt::of_display(&mv)))
        }
    }

    /// `mv` as UCCI text.
    #[cfg(feature = "alloc")]
    pub fn move_text(&self, mv: Move) -> alloc::string::String {
        alloc::string::ToString::to_string(&mv)
    }
}
