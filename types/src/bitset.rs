//! Plumbing shared by the boards' bitboards: iteration, collection, the
//! set operators, the printed forms, rank-string parsing and the parse
//! error, written once for any `Bitboard(pub <integer>)` over a `Square`
//! enum whose `Square::new(index)` returns `Option<Square>`. The macro is
//! invoked inside a board module, where `Bitboard` and `Square` name that
//! board's types.

use core::fmt;

use crate::Excerpt;

/// A bitboard drawn as a board (what `Bitboard::diagram` returns): the
/// last rank on top, `1` for a member and `.` otherwise, rank numbers on
/// the left and file letters below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub(crate) bits: u128,
    pub(crate) files: u8,
    pub(crate) ranks: u8,
    pub(crate) first_rank: u8,
}

impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (files, ranks) = (u32::from(self.files), u32::from(self.ranks));
        for rank in (0..ranks).rev() {
            write!(f, "{}", char::from(self.first_rank + rank as u8))?;
            for file in 0..files {
                let member = self.bits >> (rank * files + file) & 1 != 0;
                f.write_str(if member { " 1" } else { " ." })?;
            }
            f.write_str("\n")?;
        }
        f.write_str(" ")?;
        for file in 0..files {
            write!(f, " {}", char::from(b'a' + file as u8))?;
        }
        f.write_str("\n")
    }
}

/// Defines `Squares`, `ParseBitboardError`, `Bitboard::diagram` and the
/// set impls for the `Bitboard` in scope, whose bits are of type `$bits`,
/// on a board of `$files` by `$ranks` squares whose first rank is named
/// `$first_rank`.
///
/// With `wrapping`, iteration tests for an empty set before counting zeros
/// and names the square with `Square::from_index_wrapping`, which must map
/// every index below the bit width without a check: in chess perft that
/// was measurably faster than letting `Square::new` reject the count of an
/// empty set. Without it (xiangqi, whose 128 bits outnumber its squares),
/// `Square::new` does both jobs with one comparison.
macro_rules! square_set {
    ($game:literal, $bits:ty, $files:literal by $ranks:literal, $first_rank:literal) => {
        $crate::bitset::square_set!(@common $game, $bits, $files by $ranks, $first_rank);

        impl Iterator for Squares {
            type Item = Square;

            #[inline]
            fn next(&mut self) -> Option<Square> {
                let square = Square::new(self.0.trailing_zeros() as usize)?;
                self.0 &= self.0 - 1;
                Some(square)
            }

            $crate::bitset::square_set!(@size_hint);
        }
    };
    (
        $game:literal,
        $bits:ty,
        $files:literal by $ranks:literal,
        $first_rank:literal,
        wrapping
    ) => {
        $crate::bitset::square_set!(@common $game, $bits, $files by $ranks, $first_rank);

        impl Iterator for Squares {
            type Item = Square;

            #[inline]
            fn next(&mut self) -> Option<Square> {
                if self.0 == 0 {
                    return None;
                }
                let square = Square::from_index_wrapping(self.0.trailing_zeros() as usize);
                self.0 &= self.0 - 1;
                Some(square)
            }

            $crate::bitset::square_set!(@size_hint);
        }
    };
    (@size_hint) => {
        #[inline]
        fn size_hint(&self) -> (usize, Option<usize>) {
            let n = self.0.count_ones() as usize;
            (n, Some(n))
        }
    };
    (@common $game:literal, $bits:ty, $files:literal by $ranks:literal, $first_rank:literal) => {
        impl Bitboard {
            /// Number of squares in the set.
            #[inline]
            pub const fn count(self) -> u32 {
                self.0.count_ones()
            }

            /// Whether the set is empty.
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether `square` is in the set.
            #[inline]
            pub const fn contains(self, square: Square) -> bool {
                self.0 >> square as u8 & 1 != 0
            }

            /// The set with `square` added.
            #[inline]
            pub const fn with(self, square: Square) -> Bitboard {
                Bitboard(self.0 | 1 << square as u8)
            }

            /// The set with `square` removed.
            #[inline]
            pub const fn without(self, square: Square) -> Bitboard {
                Bitboard(self.0 & !(1 << square as u8))
            }

            /// The lowest square, if any.
            #[inline]
            pub const fn first(self) -> Option<Square> {
                Square::new(self.0.trailing_zeros() as usize)
            }

            /// The highest square, if any.
            #[inline]
            pub const fn last(self) -> Option<Square> {
                match self.0.leading_zeros() {
                    <$bits>::BITS => None,
                    zeros => Square::new((<$bits>::BITS - 1 - zeros) as usize),
                }
            }

            /// Whether the set has more than one square.
            #[inline]
            pub const fn has_many(self) -> bool {
                self.0 & self.0.wrapping_sub(1) != 0
            }

            /// The squares, lowest first.
            #[inline]
            pub const fn iter(self) -> Squares {
                Squares(self.0)
            }

            #[doc = concat!(
                "The board drawn ", $files, "×", $ranks, ": the last rank on top, `1`",
                " for a member, `.` otherwise, with rank numbers and file letters",
                " (it prints, so it needs no heap; `to_string()` makes it text)."
            )]
            pub const fn diagram(self) -> $crate::Diagram {
                $crate::Diagram {
                    bits: self.0 as u128,
                    files: $files,
                    ranks: $ranks,
                    first_rank: $crate::square::ascii($first_rank),
                }
            }
        }

        impl core::fmt::Display for Bitboard {
            /// The rank string: the last rank first, files a.. left to right,
            /// ranks separated by `/`.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                for rank in (0..$ranks).rev() {
                    for file in 0..$files {
                        f.write_str(if self.0 >> (rank * $files + file) & 1 != 0 {
                            "1"
                        } else {
                            "0"
                        })?;
                    }
                    if rank != 0 {
                        f.write_str("/")?;
                    }
                }
                Ok(())
            }
        }

        /// The squares of a [`Bitboard`], lowest first.
        #[derive(Clone, Debug)]
        pub struct Squares($bits);

        impl ExactSizeIterator for Squares {}

        impl IntoIterator for Bitboard {
            type Item = Square;
            type IntoIter = Squares;

            #[inline]
            fn into_iter(self) -> Squares {
                Squares(self.0)
            }
        }

        impl FromIterator<Square> for Bitboard {
            fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
                squares.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
            }
        }

        impl From<Square> for Bitboard {
            #[inline]
            fn from(square: Square) -> Bitboard {
                square.bitboard()
            }
        }

        $crate::bitset::square_set!(@op BitAnd, bitand, BitAndAssign, bitand_assign, &);
        $crate::bitset::square_set!(@op BitOr, bitor, BitOrAssign, bitor_assign, |);
        $crate::bitset::square_set!(@op BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

        impl core::ops::Sub for Bitboard {
            type Output = Bitboard;

            /// Set difference.
            #[inline]
            fn sub(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 & !other.0)
            }
        }

        impl core::ops::SubAssign for Bitboard {
            #[inline]
            fn sub_assign(&mut self, other: Bitboard) {
                *self = *self - other;
            }
        }

        impl core::fmt::LowerHex for Bitboard {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::LowerHex::fmt(&self.0, f)
            }
        }

        #[doc = concat!("Why a text is not a ", $game, " bitboard.")]
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct ParseBitboardError {
            why: $crate::bitset::Why,
        }

        impl core::fmt::Display for ParseBitboardError {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Display::fmt(&self.why, f)
            }
        }

        impl core::error::Error for ParseBitboardError {}
    };
    (@op $trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl core::ops::$trait for Bitboard {
            type Output = Bitboard;

            #[inline]
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 $op other.0)
            }
        }

        impl core::ops::$assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, other: Bitboard) {
                *self = *self $op other;
            }
        }
    };
}

pub(crate) use square_set;

/// What is wrong with a bitboard's text; each game's `ParseBitboardError`
/// holds one. Nothing here grows with the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// Not `ranks` rows separated by `/`.
    RankCount {
        text: Excerpt,
        found: usize,
        files: usize,
        ranks: usize,
        order_note: &'static str,
    },
    /// A row without one digit per file.
    RankWidth {
        name: usize,
        digits: Excerpt,
        files: usize,
    },
    /// A character other than `0` and `1` in a row.
    Digit {
        name: usize,
        found: char,
        file: usize,
    },
    /// `0x` text that is not a number of the board's width; `expected`
    /// completes "… is not".
    Hex {
        text: Excerpt,
        expected: &'static str,
    },
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file_letter = |file: usize| char::from(b'a' + file as u8);
        match *self {
            Why::RankCount {
                text,
                found,
                files,
                ranks,
                order_note,
            } => write!(
                f,
                "expected {ranks} ranks of {files} digits separated by '/'{order_note}, or 0x hex; found {found} rank(s) in {text:?}"
            ),
            Why::RankWidth {
                name,
                digits,
                files,
            } => write!(
                f,
                "rank {name} ({digits:?}) must have {files} digits, one per file a-{}",
                file_letter(files - 1)
            ),
            Why::Digit { name, found, file } => write!(
                f,
                "rank {name} has {found:?} on file {}: only '0' and '1' are allowed",
                file_letter(file)
            ),
            Why::Hex { text, expected } => write!(f, "{text:?} is not {expected}"),
        }
    }
}

/// The value of hexadecimal `digits` (underscores allowed between them),
/// if there is at least one digit and the value fits in `bits` bits.
pub(crate) fn parse_hex(digits: &str, bits: u32) -> Option<u128> {
    let mut value = 0u128;
    let mut any = false;
    for c in digits.chars() {
        if c == '_' {
            continue;
        }
        let digit = c.to_digit(16)?;
        if value >> (bits - 4) != 0 {
            return None;
        }
        value = value << 4 | u128::from(digit);
        any = true;
    }
    any.then_some(value)
}

/// The bits of a rank string for a board of `files` by `ranks` squares
/// (at most 128): ranks separated by `/`, the last first, one `0` or `1`
/// per file. Ranks are named from `first_rank` in messages; `order_note`
/// follows the expected layout there (xiangqi's " (rank 9 first)").
pub(crate) fn parse_rows(
    text: &str,
    files: usize,
    ranks: usize,
    first_rank: usize,
    order_note: &'static str,
) -> Result<u128, Why> {
    let found = text.split('/').count();
    if found != ranks {
        return Err(Why::RankCount {
            text: Excerpt::new(text),
            found,
            files,
            ranks,
            order_note,
        });
    }
    let mut bits = 0u128;
    for (row, digits) in text.split('/').enumerate() {
        let rank = ranks - 1 - row;
        let name = rank + first_rank;
        if digits.chars().count() != files {
            return Err(Why::RankWidth {
                name,
                digits: Excerpt::new(digits),
                files,
            });
        }
        for (file, digit) in digits.chars().enumerate() {
            match digit {
                '0' => {}
                '1' => bits |= 1 << (rank * files + file),
                found => return Err(Why::Digit { name, found, file }),
            }
        }
    }
    Ok(bits)
}

#[cfg(test)]
mod tests {
    use super::parse_hex;

    #[test]
    fn hex_digits_fit_the_width_or_are_refused() {
        assert_eq!(parse_hex("ff_00", 64), Some(0xff00));
        assert_eq!(
            parse_hex("ffffffffffffffff", 64),
            Some(u128::from(u64::MAX))
        );
        assert_eq!(parse_hex("1_0000_0000_0000_0000", 64), None);
        assert_eq!(parse_hex("000000000000000000001", 64), Some(1));
        assert_eq!(parse_hex(&"f".repeat(32), 128), Some(u128::MAX));
        for bad in ["", "_", "+1", "g", "-1", " 1"] {
            assert_eq!(parse_hex(bad, 64), None, "{bad:?}");
        }
    }
}
