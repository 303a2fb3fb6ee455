//! What the boards' `Square` enums share: the enum with its `ALL` list,
//! index arithmetic, names ("e4", "h2"), `Display`, `FromStr` and the
//! parse error. Invoked inside a board module, where `Square` (a
//! `#[repr(u8)]` enum with `Square::ALL` in index order,
//! `index = rank * files + file`) and `Bitboard` are that board's types.

/// Defines `Square`, one variant per name in index order, and
/// `Square::ALL` from the same list, so that the two cannot disagree.
macro_rules! square_enum {
    (
        $(#[$meta:meta])*
        pub enum Square { $($name:ident),* $(,)? }

        $(#[$all_meta:meta])*
        pub const ALL: [Square; $count:literal];
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square {
            $($name),*
        }

        impl Square {
            $(#[$all_meta])*
            pub const ALL: [Square; $count] = [$(Square::$name),*];
        }
    };
}

pub(crate) use square_enum;

/// Defines the shared `Square` methods and impls and `ParseSquareError`:
/// `$files` files named `a..=$last_file`, `$ranks` ranks named
/// `$first_rank..=$last_rank`.
macro_rules! square_impls {
    (
        $game:literal,
        $files:literal by $ranks:literal,
        $last_file:literal,
        $first_rank:literal ..= $last_rank:literal,
        $example:literal
    ) => {
        impl Square {
            /// The square with index `index` (`rank * files + file`), if
            /// there is one.
            #[inline]
            pub const fn new(index: usize) -> Option<Square> {
                if index < $files * $ranks {
                    Some(Square::ALL[index])
                } else {
                    None
                }
            }

            /// The square on `file` (0 = the a-file) and `rank` (0 = the
            /// first rank), if both are on the board.
            #[inline]
            pub const fn from_file_rank(file: usize, rank: usize) -> Option<Square> {
                if file < $files && rank < $ranks {
                    Some(Square::ALL[rank * $files + file])
                } else {
                    None
                }
            }

            /// `rank * files + file`.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// 0 for the a-file, 1 for the b-file, …
            #[inline]
            pub const fn file(self) -> usize {
                self as usize % $files
            }

            /// 0 for the first rank, 1 for the next, …
            #[inline]
            pub const fn rank(self) -> usize {
                self as usize / $files
            }

            /// The set holding just this square.
            #[inline]
            pub const fn bitboard(self) -> Bitboard {
                Bitboard(1 << self as u8)
            }
        }

        impl core::fmt::Display for Square {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                let file = char::from(b'a' + self.file() as u8);
                let rank = char::from($crate::square::ascii($first_rank) + self.rank() as u8);
                write!(f, "{file}{rank}")
            }
        }

        /// Why a text is not a square.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct ParseSquareError {
            text: $crate::Excerpt,
        }

        impl core::fmt::Display for ParseSquareError {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(
                    f,
                    concat!(
                        "{:?} is not a ",
                        $game,
                        " square: expected a file a-",
                        $last_file,
                        " and a rank ",
                        $first_rank,
                        "-",
                        $last_rank,
                        ", like ",
                        $example
                    ),
                    self.text
                )
            }
        }

        impl core::error::Error for ParseSquareError {}

        impl core::str::FromStr for Square {
            type Err = ParseSquareError;

            fn from_str(text: &str) -> Result<Square, ParseSquareError> {
                const LAST_FILE: u8 = $crate::square::ascii($last_file);
                const FIRST_RANK: u8 = $crate::square::ascii($first_rank);
                const LAST_RANK: u8 = $crate::square::ascii($last_rank);
                let error = || ParseSquareError {
                    text: $crate::Excerpt::new(text),
                };
                match text.as_bytes() {
                    &[file @ b'a'..=LAST_FILE, rank @ FIRST_RANK..=LAST_RANK] => {
                        Square::from_file_rank(
                            usize::from(file - b'a'),
                            usize::from(rank - FIRST_RANK),
                        )
                        .ok_or_else(error)
                    }
                    _ => Err(error()),
                }
            }
        }
    };
}

pub(crate) use square_impls;

/// The byte of an ASCII character (the macro's name bounds).
pub(crate) const fn ascii(c: char) -> u8 {
    c as u8
}
