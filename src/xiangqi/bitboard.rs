use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub, SubAssign,
};
use std::str::FromStr;

use super::Square;

/// The 90 board bits.
const BOARD: u128 = (1 << 90) - 1;
/// One bit per rank on the a-file: bits 0, 9, …, 81.
const FILE_A: u128 = {
    let mut bits = 0;
    let mut rank = 0;
    while rank < 10 {
        bits |= 1 << (9 * rank);
        rank += 1;
    }
    bits
};
/// Times an a-file column's low half (bits 0, 9, …, 63) this, the eight
/// bits land, without carries, on bits 56..64 in rank order.
const GATHER_EIGHT: u64 = 0x0101_0101_0101_0101;
/// The a-file bits among the low 64: 0, 9, …, 63.
const FILE_A_LOW: u64 = 0x8040_2010_0804_0201;

/// A set of xiangqi squares, one bit per square (bit `i` = square `i`,
/// a0 = 0 … i9 = 89); bits 90..128 are always zero.
///
/// It prints as ten rows of nine `0`/`1`, rank 9 first, files a to i left
/// to right, separated by `/`, and parses that form or `0x` hex:
///
/// ```
/// use qiboard::xiangqi::{Bitboard, Square};
///
/// let cannons: Bitboard = [Square::B2, Square::H2].into_iter().collect();
/// assert_eq!(
///     cannons.to_string(),
///     "000000000/000000000/000000000/000000000/000000000/000000000/000000000/010000010/000000000/000000000"
/// );
/// assert_eq!(cannons.rank_word(2), 0b010000010);
/// assert_eq!(cannons.file_word(7), 0b100);
/// assert_eq!((!cannons).count(), 88);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 90 squares.
    pub const FULL: Bitboard = Bitboard(BOARD);

    /// The set of `bits`, without any bit above 89.
    #[inline]
    pub const fn new(bits: u128) -> Bitboard {
        Bitboard(bits & BOARD)
    }

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

    /// The lowest square (least significant bit), if any.
    #[inline]
    pub const fn lsb(self) -> Option<Square> {
        Square::new(self.0.trailing_zeros() as usize)
    }

    /// The highest square (most significant bit), if any.
    #[inline]
    pub const fn msb(self) -> Option<Square> {
        match self.0.leading_zeros() {
            128 => None,
            zeros => Square::new(127 - zeros as usize),
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

    /// The thesis's bit-rank: the 9-bit occupancy of `rank` (bit `f` for
    /// file `f`). Ranks past 9 read as empty.
    #[inline]
    pub const fn rank_word(self, rank: usize) -> u16 {
        if rank >= 10 {
            return 0;
        }
        (self.0 >> (9 * rank)) as u16 & 0x1ff
    }

    /// The thesis's bit-file: the 10-bit occupancy of `file` (bit `r` for
    /// rank `r`), gathered with one 64-bit multiply. Files past 8 read as
    /// empty.
    #[inline]
    pub const fn file_word(self, file: usize) -> u16 {
        if file >= 9 {
            return 0;
        }
        let column = (self.0 >> file) & FILE_A;
        let low = (column as u64).wrapping_mul(GATHER_EIGHT) >> 56;
        let high = (column >> 72) as u64;
        (low | (high & 1) << 8 | (high >> 9 & 1) << 9) as u16
    }

    /// The squares of `rank` whose bits are set in the 9-bit `word`.
    #[inline]
    pub const fn from_rank_word(rank: usize, word: u16) -> Bitboard {
        if rank >= 10 {
            return Bitboard::EMPTY;
        }
        Bitboard(((word & 0x1ff) as u128) << (9 * rank))
    }

    /// The squares of `file` whose bits are set in the 10-bit `word`: the
    /// inverse of [`Bitboard::file_word`], spread with one multiply.
    #[inline]
    pub const fn from_file_word(file: usize, word: u16) -> Bitboard {
        if file >= 9 {
            return Bitboard::EMPTY;
        }
        let low = ((word & 0xff) as u64).wrapping_mul(GATHER_EIGHT) & FILE_A_LOW;
        let high = (word >> 8 & 1) as u128 | ((word >> 9 & 1) as u128) << 9;
        Bitboard((low as u128 | high << 72) << file)
    }

    /// A 9×10 picture: rank 9 on top, `1` for a member, `.` otherwise, with
    /// rank numbers and file letters.
    pub fn diagram(self) -> String {
        let mut out = String::new();
        for rank in (0..10).rev() {
            out.push(char::from(b'0' + rank as u8));
            for file in 0..9 {
                out.push_str(if self.0 >> (rank * 9 + file) & 1 != 0 {
                    " 1"
                } else {
                    " ."
                });
            }
            out.push('\n');
        }
        out.push_str("  a b c d e f g h i\n");
        out
    }
}

/// The squares of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let square = Square::new(self.0.trailing_zeros() as usize)?;
        self.0 &= self.0 - 1;
        Some(square)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        self.iter()
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

macro_rules! binary_operators {
    ($(($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt)),*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;

            #[inline]
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 $op other.0)
            }
        }

        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, other: Bitboard) {
                *self = *self $op other;
            }
        }
    )*};
}

binary_operators!(
    (BitAnd, bitand, BitAndAssign, bitand_assign, &),
    (BitOr, bitor, BitOrAssign, bitor_assign, |),
    (BitXor, bitxor, BitXorAssign, bitxor_assign, ^)
);

impl Sub for Bitboard {
    type Output = Bitboard;

    /// Set difference.
    #[inline]
    fn sub(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }
}

impl SubAssign for Bitboard {
    #[inline]
    fn sub_assign(&mut self, other: Bitboard) {
        *self = *self - other;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;

    /// The complement within the 90 squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & BOARD)
    }
}

impl Shl<u32> for Bitboard {
    type Output = Bitboard;

    /// Moves every square `n` indices up, dropping what passes i9 (and
    /// everything when `n` ≥ 128). Nine up is one rank up; one up also
    /// wraps the i-file onto the next rank's a-file.
    #[inline]
    fn shl(self, n: u32) -> Bitboard {
        Bitboard::new(self.0.checked_shl(n).unwrap_or(0))
    }
}

impl Shr<u32> for Bitboard {
    type Output = Bitboard;

    /// Moves every square `n` indices down, dropping what passes a0.
    #[inline]
    fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0.checked_shr(n).unwrap_or(0))
    }
}

impl fmt::Display for Bitboard {
    /// The rank string: `rank9/rank8/…/rank0`, files a..i left to right.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            let word = self.rank_word(rank);
            for file in 0..9 {
                f.write_str(if word >> file & 1 != 0 { "1" } else { "0" })?;
            }
            if rank != 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

impl fmt::LowerHex for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&self.0, f)
    }
}

/// Why a text is not a xiangqi bitboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseBitboardError {
    why: String,
}

impl fmt::Display for ParseBitboardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.why)
    }
}

impl std::error::Error for ParseBitboardError {}

fn parse_hex(text: &str, digits: &str) -> Result<Bitboard, String> {
    let bits = u128::from_str_radix(&digits.replace('_', ""), 16)
        .map_err(|_| format!("{text:?} is not a hexadecimal number of at most 90 bits"))?;
    if bits & !BOARD != 0 {
        return Err(format!(
            "{text:?} sets bits above 89; a xiangqi board has 90 squares (a0 = bit 0 … i9 = bit 89)"
        ));
    }
    Ok(Bitboard(bits))
}

fn parse_rows(text: &str) -> Result<Bitboard, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 10 {
        return Err(format!(
            "expected 10 ranks of 9 digits separated by '/' (rank 9 first), or 0x hex; found {} rank(s) in {text:?}",
            rows.len()
        ));
    }
    let mut bits = 0u128;
    for (row, digits) in rows.iter().enumerate() {
        let rank = 9 - row;
        if digits.chars().count() != 9 {
            return Err(format!(
                "rank {rank} ({digits:?}) must have 9 digits, one per file a-i"
            ));
        }
        for (file, digit) in digits.chars().enumerate() {
            match digit {
                '0' => {}
                '1' => bits |= 1 << (rank * 9 + file),
                other => {
                    return Err(format!(
                        "rank {rank} has {other:?} on file {}: only '0' and '1' are allowed",
                        char::from(b'a' + file as u8)
                    ))
                }
            }
        }
    }
    Ok(Bitboard(bits))
}

impl FromStr for Bitboard {
    type Err = ParseBitboardError;

    /// Parses a rank string (`000000000/…`, rank 9 first) or `0x` hex.
    fn from_str(text: &str) -> Result<Bitboard, ParseBitboardError> {
        let text = text.trim();
        match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            Some(digits) => parse_hex(text, digits),
            None => parse_rows(text),
        }
        .map_err(|why| ParseBitboardError { why })
    }
}
