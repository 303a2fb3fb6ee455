use core::ops::Not;
use core::str::FromStr;

use crate::bitset::Why;
use crate::Excerpt;

use super::Square;

/// A set of chess squares, one bit per square (bit `i` = square `i`, a1 = 0).
///
/// It prints as eight ranks of eight `0`/`1`, rank 8 first, files a to h
/// left to right, separated by `/`, and parses that form or `0x` hex:
///
/// ```
/// use qiboard_types::chess::{Bitboard, Square};
///
/// // White pawns on c3, e3, a2 and h2.
/// let pawns: Bitboard = ["c3", "e3", "a2", "h2"]
///     .iter()
///     .map(|s| s.parse::<Square>().unwrap())
///     .collect();
/// assert_eq!(
///     pawns.to_string(),
///     "00000000/00000000/00000000/00000000/00000000/00101000/10000001/00000000"
/// );
/// assert_eq!(pawns.count(), 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
}

crate::bitset::square_set!("chess", u64, 8 by 8, '1', wrapping);

impl Not for Bitboard {
    type Output = Bitboard;

    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl FromStr for Bitboard {
    type Err = ParseBitboardError;

    /// Parses a rank string (`00000000/…`, rank 8 first) or `0x` hex.
    fn from_str(text: &str) -> Result<Bitboard, ParseBitboardError> {
        let text = text.trim();
        match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            Some(hex) => crate::bitset::parse_hex(hex, 64)
                .map(|bits| Bitboard(bits as u64))
                .ok_or(Why::Hex {
                    text: Excerpt::new(text),
                    expected: "a 64-bit hexadecimal number",
                }),
            None => crate::bitset::parse_rows(text, 8, 8, 1, "").map(|bits| Bitboard(bits as u64)),
        }
        .map_err(|why| ParseBitboardError { why })
    }
}

#[cfg(feature = "serde")]
crate::serde_text::bitboard!(
    u64,
    "a chess bitboard: 8 ranks of 0/1 separated by '/', or 0x hex"
);
