//! serde support (feature `serde`): every value travels as the text a
//! person would write (squares `e4`, moves `e2e4`, positions as FEN, …),
//! read back through the same parsers as any other text. Bitboards are
//! the one exception: in binary formats they are their integer.
//!
//! Nothing here needs a heap: text is written with `collect_str` and read
//! from borrowed or transient strings. Tablebase values and materials are
//! here too, outside the tablebase module, as their text.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};
use serde::Deserialize;

use crate::{chess, xiangqi};

/// Reads a string with `T`'s `FromStr`; `expecting` completes "expected …"
/// in serde's messages.
struct TextVisitor<T> {
    expecting: &'static str,
    parsed: PhantomData<T>,
}

impl<T> TextVisitor<T> {
    const fn new(expecting: &'static str) -> Self {
        TextVisitor {
            expecting,
            parsed: PhantomData,
        }
    }
}

impl<T> Visitor<'_> for TextVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

/// Serialize as `Display`, deserialize with `FromStr`.
macro_rules! as_text {
    ($($type:ty: $expecting:literal),* $(,)?) => {$(
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(TextVisitor::new($expecting))
            }
        }
    )*};
}

as_text! {
    chess::Square: "a chess square like e4",
    xiangqi::Square: "a xiangqi square like h2",
    chess::Position: "a chess FEN",
    xiangqi::Position: "a xiangqi FEN",
    xiangqi::Move: "a UCCI move like h2e2",
}

/// Bitboards: the rank string in human-readable formats, the integer in
/// binary ones (where 99 characters for 90 bits would be a waste).
macro_rules! bitboard {
    ($game:ident, $bits:ty, $expecting:literal) => {
        impl Serialize for $game::Bitboard {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                if serializer.is_human_readable() {
                    serializer.collect_str(self)
                } else {
                    self.0.serialize(serializer)
                }
            }
        }

        impl<'de> Deserialize<'de> for $game::Bitboard {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                if deserializer.is_human_readable() {
                    return deserializer.deserialize_str(TextVisitor::new($expecting));
                }
                let bits = <$bits>::deserialize(deserializer)?;
                let board = $game::Bitboard(bits);
                if board != $game::Bitboard::FULL & board {
                    return Err(de::Error::custom("a bitboard with bits beyond the board"));
                }
                Ok(board)
            }
        }
    };
}

bitboard!(
    chess,
    u64,
    "a chess bitboard: 8 ranks of 0/1 separated by '/', or 0x hex"
);
bitboard!(
    xiangqi,
    u128,
    "a xiangqi bitboard: 10 ranks of 0/1 separated by '/', or 0x hex"
);

/// Colours and piece kinds as a word, pieces as their FEN letter (a
/// `char`): `$serialize` and `$deserialize` name the serde methods, and
/// `$from` reads a string (a `char` is read as a one-character string).
macro_rules! named {
    ($type:ty, $expecting:literal, $serialize:ident($name:expr), $deserialize:ident($from:expr)) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.$serialize($name(*self))
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct Named;

                impl Visitor<'_> for Named {
                    type Value = $type;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($expecting)
                    }

                    fn visit_str<E: de::Error>(self, text: &str) -> Result<$type, E> {
                        let from: fn(&str) -> Option<$type> = $from;
                        from(text).ok_or_else(|| E::invalid_value(de::Unexpected::Str(text), &self))
                    }

                    fn visit_char<E: de::Error>(self, c: char) -> Result<$type, E> {
                        self.visit_str(c.encode_utf8(&mut [0; 4]))
                    }
                }

                deserializer.$deserialize(Named)
            }
        }
    };
}

/// The one character of `text`, if it has exactly one.
fn single_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    chars.next().filter(|_| chars.next().is_none())
}

/// The value among `values` whose name is `text`, in any case.
fn by_name<T: Copy>(values: &[T], name: fn(T) -> &'static str, text: &str) -> Option<T> {
    values
        .iter()
        .copied()
        .find(|&value| name(value).eq_ignore_ascii_case(text))
}

const fn chess_color(color: chess::Color) -> &'static str {
    match color {
        chess::Color::White => "white",
        chess::Color::Black => "black",
    }
}

const fn xiangqi_color(color: xiangqi::Color) -> &'static str {
    match color {
        xiangqi::Color::Red => "red",
        xiangqi::Color::Black => "black",
    }
}

const fn chess_kind(kind: chess::PieceKind) -> &'static str {
    match kind {
        chess::PieceKind::Pawn => "pawn",
        chess::PieceKind::Knight => "knight",
        chess::PieceKind::Bishop => "bishop",
        chess::PieceKind::Rook => "rook",
        chess::PieceKind::Queen => "queen",
        chess::PieceKind::King => "king",
    }
}

const fn xiangqi_kind(kind: xiangqi::PieceKind) -> &'static str {
    match kind {
        xiangqi::PieceKind::King => "king",
        xiangqi::PieceKind::Advisor => "advisor",
        xiangqi::PieceKind::Elephant => "elephant",
        xiangqi::PieceKind::Horse => "horse",
        xiangqi::PieceKind::Rook => "rook",
        xiangqi::PieceKind::Cannon => "cannon",
        xiangqi::PieceKind::Pawn => "pawn",
    }
}

named!(
    chess::Color,
    "white or black",
    serialize_str(chess_color),
    deserialize_str(|text| by_name(&chess::Color::ALL, chess_color, text))
);
named!(
    xiangqi::Color,
    "red or black",
    serialize_str(xiangqi_color),
    deserialize_str(|text| by_name(&xiangqi::Color::ALL, xiangqi_color, text))
);
named!(
    chess::PieceKind,
    "a chess piece kind: pawn, knight, bishop, rook, queen or king",
    serialize_str(chess_kind),
    deserialize_str(|text| by_name(&chess::PieceKind::ALL, chess_kind, text))
);
named!(
    xiangqi::PieceKind,
    "a xiangqi piece kind: king, advisor, elephant, horse, rook, cannon or pawn",
    serialize_str(xiangqi_kind),
    deserialize_str(|text| by_name(&xiangqi::PieceKind::ALL, xiangqi_kind, text))
);
named!(
    chess::Piece,
    "a chess piece's FEN letter (PNBRQK, pnbrqk)",
    serialize_char(chess::Piece::letter),
    deserialize_char(|text| single_char(text).and_then(chess::Piece::from_letter))
);
named!(
    xiangqi::Piece,
    "a xiangqi piece's FEN letter (KABNRCP, kabnrcp; E, H accepted)",
    serialize_char(xiangqi::Piece::letter),
    deserialize_char(|text| single_char(text).and_then(xiangqi::Piece::from_letter))
);

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

/// Tablebase values and materials, as their text.
#[cfg(feature = "tablebase")]
mod tablebase {
    use core::fmt;

    use serde::de::{self, Deserializer, Visitor};
    use serde::ser::{Serialize, Serializer};
    use serde::Deserialize;

    use super::TextVisitor;
    use crate::xiangqi::tablebase::{Material, Value};

    as_text! {
        Material: "a material signature like KRKAAEE",
    }

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
