//! serde support (feature `serde`): every value travels as the text a
//! person would write (squares `e4`, moves `e2e4`, positions as FEN, …),
//! read back through the same parsers as any other text. Squares,
//! bitboards, colours and pieces have theirs beside them in
//! `qiboard-types`.
//!
//! Nothing here needs a heap: text is written with `collect_str` and read
//! from borrowed or transient strings.

use core::fmt;

use crate::{chess, xiangqi};
use serde::de::{self, DeserializeSeed, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use qiboard_types::serde_text::as_text;

as_text! {
    chess::Position: "a chess FEN",
    xiangqi::Position: "a xiangqi FEN",
    xiangqi::Move: "a UCCI move like h2e2",
}

impl Serialize for chess::Move {
    /// UCI text, castling as the king taking its own rook (`e1h1`): that
    /// form names the rook in Chess960 too, and
    /// [`chess::Position::parse_move`] reads it in every position.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.uci(true))
    }
}

/// Reads a chess move's UCI text against a position, the only way to read
/// one: the text does not say which piece moves, nor whether `e1g1` is
/// castling. Only a legal move of the position is accepted.
///
/// ```
/// use qiboard::chess::{MoveSeed, Position};
/// use serde::de::DeserializeSeed;
///
/// let start = Position::start();
/// let mv = start.parse_move("g1f3").unwrap();
/// let json = serde_json::to_string(&mv).unwrap();
/// assert_eq!(json, r#""g1f3""#);
/// let read = MoveSeed(&start).deserialize(&mut serde_json::Deserializer::from_str(&json)).unwrap();
/// assert_eq!(read, mv);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MoveSeed<'a>(pub &'a chess::Position);

impl<'de> DeserializeSeed<'de> for MoveSeed<'_> {
    type Value = chess::Move;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<chess::Move, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for MoveSeed<'_> {
    type Value = chess::Move;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a legal move of the position in UCI, like e2e4")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<chess::Move, E> {
        self.0.parse_move(text).map_err(E::custom)
    }
}
