//! serde as the text a person writes: what every qiboard type's
//! `Serialize` writes (through `collect_str`, so no heap) and its
//! `Deserialize` reads back through the type's own parser. Hidden from the
//! docs: `qiboard` uses it for its positions and moves too.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

pub use serde;

/// Reads a string with `T`'s `FromStr`; `expecting` completes
/// "expected …" in serde's messages.
pub struct TextVisitor<T> {
    expecting: &'static str,
    parsed: PhantomData<T>,
}

impl<T> TextVisitor<T> {
    /// A visitor whose messages say it expected `expecting`.
    pub const fn new(expecting: &'static str) -> Self {
        TextVisitor {
            expecting,
            parsed: PhantomData,
        }
    }
}

impl<T> serde::de::Visitor<'_> for TextVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

/// The value among `values` whose name is `text`, in any case.
pub fn by_name<T: Copy>(values: &[T], name: fn(T) -> &'static str, text: &str) -> Option<T> {
    values
        .iter()
        .copied()
        .find(|&value| name(value).eq_ignore_ascii_case(text))
}

/// The one character of `text`, if it has exactly one.
pub fn single_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    chars.next().filter(|_| chars.next().is_none())
}

/// `Serialize` as `Display`, `Deserialize` with `FromStr`.
#[macro_export]
#[doc(hidden)]
macro_rules! __serde_as_text {
    ($($type:ty: $expecting:literal),* $(,)?) => {$(
        impl $crate::serde_text::serde::Serialize for $type {
            fn serialize<S: $crate::serde_text::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> $crate::serde_text::serde::Deserialize<'de> for $type {
            fn deserialize<D: $crate::serde_text::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str($crate::serde_text::TextVisitor::new($expecting))
            }
        }
    )*};
}

pub use crate::__serde_as_text as as_text;

/// Colours and piece kinds as a word, pieces as their FEN letter (a
/// `char`): `$serialize` and `$deserialize` name the serde methods, and
/// `$from` reads a string (a `char` is read as a one-character string).
macro_rules! named {
    ($type:ty, $expecting:literal, $serialize:ident($name:expr), $deserialize:ident($from:expr)) => {
        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.$serialize($name(*self))
            }
        }

        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct Named;

                impl serde::de::Visitor<'_> for Named {
                    type Value = $type;

                    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                        f.write_str($expecting)
                    }

                    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<$type, E> {
                        let from: fn(&str) -> Option<$type> = $from;
                        from(text).ok_or_else(|| {
                            E::invalid_value(serde::de::Unexpected::Str(text), &self)
                        })
                    }

                    fn visit_char<E: serde::de::Error>(self, c: char) -> Result<$type, E> {
                        self.visit_str(c.encode_utf8(&mut [0; 4]))
                    }
                }

                deserializer.$deserialize(Named)
            }
        }
    };
}

pub(crate) use named;

/// Bitboards: the rank string in human-readable formats, the integer in
/// binary ones (where 99 characters for 90 bits would be a waste).
macro_rules! bitboard {
    ($bits:ty, $expecting:literal) => {
        impl serde::Serialize for Bitboard {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                if serializer.is_human_readable() {
                    serializer.collect_str(self)
                } else {
                    self.0.serialize(serializer)
                }
            }
        }

        impl<'de> serde::Deserialize<'de> for Bitboard {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                if deserializer.is_human_readable() {
                    return deserializer
                        .deserialize_str($crate::serde_text::TextVisitor::new($expecting));
                }
                let bits = <$bits>::deserialize(deserializer)?;
                let board = Bitboard(bits);
                if board != Bitboard::FULL & board {
                    return Err(serde::de::Error::custom(
                        "a bitboard with bits beyond the board",
                    ));
                }
                Ok(board)
            }
        }
    };
}

pub(crate) use bitboard;
