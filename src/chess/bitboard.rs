use std::ops::Not;
use std::str::FromStr;

use super::Square;

/// A set of chess squares, one bit per square (bit `i` = square `i`, a1 = 0).
///
/// It prints as eight ranks of eight `0`/`1`, rank 8 first, files a to h
/// left to right, separated by `/`, and parses that form or `0x` hex:
///
/// ```
/// use qiboard::chess::{Bitboard, Square};
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

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        Square::new(self.0.trailing_zeros() as usize)
    }
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
        let error = |why: String| ParseBitboardError { why };
        let text = text.trim();
        if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            let digits = hex.replace('_', "");
            return u64::from_str_radix(&digits, 16)
                .map(Bitboard)
                .map_err(|_| error(format!("{text:?} is not a 64-bit hexadecimal number")));
        }
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != 8 {
            return Err(error(format!(
                "expected 8 ranks of 8 digits separated by '/', or 0x hex; found {} rank(s) in {text:?}",
                ranks.len()
            )));
        }
        let mut bits = 0u64;
        for (row, digits) in ranks.iter().enumerate() {
            let rank = 7 - row;
            if digits.chars().count() != 8 {
                return Err(error(format!(
                    "rank {} ({digits:?}) must have 8 digits, one per file a-h",
                    rank + 1
                )));
            }
            for (file, digit) in digits.chars().enumerate() {
                match digit {
                    '0' => {}
                    '1' => bits |= 1 << (rank * 8 + file),
                    other => {
                        return Err(error(format!(
                            "rank {} has {other:?} on file {}: only '0' and '1' are allowed",
                            rank + 1,
                            char::from(b'a' + file as u8)
                        )))
                    }
                }
            }
        }
        Ok(Bitboard(bits))
    }
}
