//! Why a text does not name exactly one legal move.

use crate::Excerpt;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::xiangqi::Move;

/// Why a move text was refused: the text, and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The text as given.
    pub text: Excerpt,
    /// What is wrong with it.
    pub reason: Reason,
}

/// What is wrong with a move text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The text is not a move in the notation; the string says what was
    /// expected.
    Syntax(&'static str),
    /// No piece of the side to move stands where the text says.
    NoPiece(String),
    /// The piece the text names cannot make that move on an empty board
    /// (the target would be off the board or the wrong shape).
    Unreachable(String),
    /// The move the text names is not legal here; the string says why.
    Illegal(Move, &'static str),
    /// More than one legal move fits the text.
    Ambiguous(Vec<Move>),
}

impl NotationError {
    pub(crate) fn new(text: &str, reason: Reason) -> NotationError {
        NotationError {
            text: Excerpt::from(text),
            reason,
        }
    }

    pub(crate) fn syntax(text: &str, expected: &'static str) -> NotationError {
        NotationError::new(text, Reason::Syntax(expected))
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: ", self.text)?;
        match &self.reason {
            Reason::Syntax(expected) => write!(f, "not a move: expected {expected}"),
            Reason::NoPiece(what) => write!(f, "{what}"),
            Reason::Unreachable(what) => write!(f, "{what}"),
            Reason::Illegal(mv, why) => write!(f, "{mv} is not legal: {why}"),
            Reason::Ambiguous(moves) => {
                f.write_str("ambiguous, it fits")?;
                for (i, mv) in moves.iter().enumerate() {
                    let joint = if i == 0 { " " } else { " and " };
                    write!(f, "{joint}{mv}")?;
                }
                Ok(())
            }
        }
    }
}

impl core::error::Error for NotationError {}
