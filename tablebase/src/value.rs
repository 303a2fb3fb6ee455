//! Game-theoretic values and their storage codes.

use std::fmt;

/// The value of a position for the side to move, with the distance in
/// plies (see [`Dtm`] for what the distance counts to).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies (odd).
    Win(u16),
    /// Neither side can force a win.
    Draw,
    /// The side to move loses in this many plies (even; 0 when it has no
    /// legal move now, or when a repetition rule has already decided).
    Loss(u16),
}

impl Value {
    /// The distance in plies (0 for a draw).
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

    /// Win, draw or loss, without the distance.
    pub fn wdl(self) -> Wdl {
        match self {
            Value::Win(_) => Wdl::Win,
            Value::Draw => Wdl::Draw,
            Value::Loss(_) => Wdl::Loss,
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
            ILLEGAL_CODE => None,
            DRAW => Some(Value::Draw),
            _ => Some(Value::from_plies(
                (code & !(RULE_FLAG | CHANGED_FLAG)).checked_sub(DTM_BASE)?,
            )),
        }
    }

    /// A win or loss by parity: wins are an odd number of plies away.
    #[inline]
    pub fn from_plies(plies: u16) -> Value {
        if plies % 2 == 1 {
            Value::Win(plies)
        } else {
            Value::Loss(plies)
        }
    }

    /// How good this is for the side to move: higher is better (a quick
    /// win above a slow one, a draw above any loss, a slow loss above a
    /// quick one).
    pub fn order(self) -> i32 {
        match self {
            Value::Win(plies) => 100_000 - i32::from(plies),
            Value::Draw => 0,
            Value::Loss(plies) => -100_000 + i32::from(plies),
        }
    }
}

impl fmt::Display for Value {
    /// `W 3`, `D 0`, `L 0`: the letter and the distance in plies.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.letter(), self.plies())
    }
}

/// Win, draw or loss for the side to move: what a WDL table stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins.
    Win,
}

impl Wdl {
    /// `W`, `D` or `L`.
    pub fn letter(self) -> char {
        match self {
            Wdl::Win => 'W',
            Wdl::Draw => 'D',
            Wdl::Loss => 'L',
        }
    }

    /// The same result seen by the other side.
    pub fn flipped(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// What a distance counts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DistanceTo {
    /// Checkmate or stalemate (both lose in xiangqi).
    Mate,
    /// The first position where the losing side can avoid defeat only by
    /// perpetual check or chase, which the repetition rules forbid: it is
    /// lost there, at distance 0, with best play leading into it.
    ///
    /// Such a distance counts plies along the line the solver found,
    /// whose rule decisions it made round by round: it says when that
    /// line reaches a decision, not that none can come sooner. A position
    /// may have a move whose value reaches a rule decision in fewer plies
    /// than its own; [`Tablebase::probe_root`](crate::Tablebase::probe_root)
    /// lists the moves that realise the position's own value first.
    Rule,
}

/// A value with its distance and what the distance counts to: what a DTM
/// table stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dtm {
    /// Win, draw or loss and the distance in plies.
    pub value: Value,
    /// Whether the distance is to mate or to a decision by the rules.
    pub to: DistanceTo,
    /// The repetition rules decided this value: solved without them (from
    /// the same smaller tables) it is a draw.
    pub by_rules: bool,
}

impl Dtm {
    /// The value a table's two-byte code holds (see [`Dtm::to_code`]), or
    /// `None` for [`ILLEGAL_CODE`] and codes no table holds.
    #[inline]
    pub fn from_code(code: u16) -> Option<Dtm> {
        let value = Value::from_code(code)?;
        let to = if code & RULE_FLAG != 0 {
            DistanceTo::Rule
        } else {
            DistanceTo::Mate
        };
        Some(Dtm {
            value,
            to,
            by_rules: code & CHANGED_FLAG != 0,
        })
    }
}

impl Dtm {
    /// The value as a table holds it in memory, in two bytes
    /// ([`Table::from_codes`](crate::Table::from_codes)): `1` for a draw,
    /// else the distance plus 2, with bit 15 when the distance counts to a
    /// rule decision and bit 14 when the rules decided the value.
    /// [`ILLEGAL_CODE`] (0) marks an entry that holds no legal position.
    ///
    /// ```
    /// use qiboard_tablebase::{DistanceTo, Dtm, Value};
    ///
    /// let won = Dtm { value: Value::Win(7), to: DistanceTo::Rule, by_rules: true };
    /// assert_eq!(Dtm::from_code(won.to_code()), Some(won));
    /// ```
    #[inline]
    pub fn to_code(self) -> u16 {
        match self.value {
            Value::Draw => DRAW,
            Value::Win(plies) | Value::Loss(plies) => {
                let rule = if self.to == DistanceTo::Rule {
                    RULE_FLAG
                } else {
                    0
                };
                let changed = if self.by_rules { CHANGED_FLAG } else { 0 };
                (plies + DTM_BASE) | rule | changed
            }
        }
    }
}

impl fmt::Display for Dtm {
    /// `W 3`, `D 0`, `L 12 rule`: the value, and `rule` when the distance
    /// is to a decision by the repetition rules.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value)?;
        if self.to == DistanceTo::Rule && self.value != Value::Draw {
            f.write_str(" rule")?;
        }
        Ok(())
    }
}

/// The code of an index entry that holds no legal position (see
/// [`Dtm::to_code`]).
pub const ILLEGAL_CODE: u16 = 0;
/// Code of a draw.
pub(crate) const DRAW: u16 = 1;
/// Code of a win or loss in `n` plies: `n + DTM_BASE`, with
/// [`RULE_FLAG`] when the distance counts to a decision by the rules and
/// [`CHANGED_FLAG`] when the rules decided the value.
pub(crate) const DTM_BASE: u16 = 2;
/// Set in a code whose distance counts to a rule decision.
pub(crate) const RULE_FLAG: u16 = 0x8000;
/// Set in a code the rule rounds decided (see [`Dtm::by_rules`]).
pub(crate) const CHANGED_FLAG: u16 = 0x4000;
/// The longest distance, in plies, a code may hold.
pub(crate) const MAX_PLIES: u16 = 0x4000;

/// `W 3`, `D 0`, `L 4`: what the value prints, read back.
#[cfg(feature = "serde")]
mod serde_impls {
    use std::fmt;

    use serde::de::{self, Deserializer, Visitor};
    use serde::ser::{Serialize, Serializer};
    use serde::Deserialize;

    use super::Value;

    impl Serialize for Value {
        /// `W 3`, `D 0`, `L 4`: what the value prints.
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Value {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_str(ValueVisitor)
        }
    }

    struct ValueVisitor;

    impl Visitor<'_> for ValueVisitor {
        type Value = Value;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(
                "a tablebase value: W and an odd number of plies, L and an even one, or D 0",
            )
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Value, E> {
            let refuse = || E::invalid_value(de::Unexpected::Str(text), &self);
            let (letter, plies) = text.split_once(' ').ok_or_else(refuse)?;
            let plies: u16 = plies.parse().map_err(|_| refuse())?;
            match (letter, plies % 2) {
                ("W", 1) => Ok(Value::Win(plies)),
                ("L", 0) => Ok(Value::Loss(plies)),
                ("D", _) if plies == 0 => Ok(Value::Draw),
                _ => Err(refuse()),
            }
        }
    }
}
