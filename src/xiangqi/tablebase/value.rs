//! Game-theoretic values and their storage codes.

use std::fmt;

/// The value of a position for the side to move, with the distance to
/// mate in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move mates (or stalemates) in this many plies (odd).
    Win(u16),
    /// Neither side can force a win (repetition rules aside).
    Draw,
    /// The side to move is mated (or stalemated) in this many plies (even;
    /// 0 when it has no legal move now).
    Loss(u16),
}

impl Value {
    /// The distance to mate in plies (0 for a draw).
    pub fn plies(self) -> u16 {
        match self {
            Value::Win(plies) | Value::Loss(plies) => plies,
            Value::Draw => 0,
        }
    }

    /// `W`, `D` or `L`.
    pub fn letter(self) -> char {
        match self {
            Value::Win(_) => 'W',
            Value::Draw => 'D',
            Value::Loss(_) => 'L',
        }
    }

    /// The value of a position one ply earlier whose best move leads here.
    pub fn parent_of_best(self) -> Value {
        match self {
            Value::Win(plies) => Value::Loss(plies + 1),
            Value::Draw => Value::Draw,
            Value::Loss(plies) => Value::Win(plies + 1),
        }
    }

    /// The value stored under `code`, or `None` for a broken entry.
    #[inline]
    pub(crate) fn from_code(code: u16) -> Option<Value> {
        match code {
            BROKEN => None,
            DRAW => Some(Value::Draw),
            _ => Some(Value::from_plies(code - DTM_BASE)),
        }
    }

    /// A win or loss by parity: wins are an odd number of plies from mate.
    #[inline]
    pub(crate) fn from_plies(plies: u16) -> Value {
        if plies % 2 == 1 {
            Value::Win(plies)
        } else {
            Value::Loss(plies)
        }
    }
}

impl fmt::Display for Value {
    /// `W 3`, `D 0`, `L 0`: the letter and the distance in plies.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.letter(), self.plies())
    }
}

/// Code of an illegal (broken) index entry.
pub(crate) const BROKEN: u16 = 0;
/// Code of a draw.
pub(crate) const DRAW: u16 = 1;
/// Code of a win or loss in `n` plies: `n + DTM_BASE`.
pub(crate) const DTM_BASE: u16 = 2;
