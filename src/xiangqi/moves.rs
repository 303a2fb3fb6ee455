use std::fmt;
use std::str::FromStr;

use super::Square;

/// A move: the square a piece leaves and the square it reaches, packed in
/// 16 bits. Its text is UCCI: `h2e2` (files a–i, ranks 0–9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
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
        write!(f, "{}{}", self.from(), self.to())
    }
}

/// Why a text is not a move (of a position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not of the form `h2e2`.
    Syntax(String),
    /// Well formed, but not a legal move in the position.
    Illegal(Move),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(text) => {
                write!(f, "{text:?} is not a UCCI move: expected two squares like h2e2 (files a-i, ranks 0-9)")
            }
            MoveError::Illegal(mv) => write!(f, "{mv} is not a legal move in this position"),
        }
    }
}

impl std::error::Error for MoveError {}

impl FromStr for Move {
    type Err = MoveError;

    /// Parses UCCI text without checking any position.
    fn from_str(text: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
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
