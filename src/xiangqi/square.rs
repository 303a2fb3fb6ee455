use std::fmt;
use std::str::FromStr;

use super::Bitboard;

/// A point of the xiangqi board: a0 = 0, b0 = 1, …, i9 = 89
/// (`rank * 9 + file`; rank 0 is Red's back rank, files a..i).
///
/// Being an enum of 90 values lets table lookups skip bounds checks.
///
/// ```
/// use qiboard::xiangqi::Square;
///
/// let h2: Square = "h2".parse().unwrap();
/// assert_eq!((h2.file(), h2.rank(), h2.index()), (7, 2, 25));
/// assert_eq!(h2.to_string(), "h2");
/// assert!("j0".parse::<Square>().is_err());
/// ```
#[rustfmt::skip]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Square {
    A0, B0, C0, D0, E0, F0, G0, H0, I0,
    A1, B1, C1, D1, E1, F1, G1, H1, I1,
    A2, B2, C2, D2, E2, F2, G2, H2, I2,
    A3, B3, C3, D3, E3, F3, G3, H3, I3,
    A4, B4, C4, D4, E4, F4, G4, H4, I4,
    A5, B5, C5, D5, E5, F5, G5, H5, I5,
    A6, B6, C6, D6, E6, F6, G6, H6, I6,
    A7, B7, C7, D7, E7, F7, G7, H7, I7,
    A8, B8, C8, D8, E8, F8, G8, H8, I8,
    A9, B9, C9, D9, E9, F9, G9, H9, I9,
}

impl Square {
    /// All 90 squares in index order (a0, b0, …, i9).
    #[rustfmt::skip]
    pub const ALL: [Square; 90] = {
        use Square::*;
        [
        A0, B0, C0, D0, E0, F0, G0, H0, I0,
        A1, B1, C1, D1, E1, F1, G1, H1, I1,
        A2, B2, C2, D2, E2, F2, G2, H2, I2,
        A3, B3, C3, D3, E3, F3, G3, H3, I3,
        A4, B4, C4, D4, E4, F4, G4, H4, I4,
        A5, B5, C5, D5, E5, F5, G5, H5, I5,
        A6, B6, C6, D6, E6, F6, G6, H6, I6,
        A7, B7, C7, D7, E7, F7, G7, H7, I7,
        A8, B8, C8, D8, E8, F8, G8, H8, I8,
        A9, B9, C9, D9, E9, F9, G9, H9, I9,
        ]
    };

    /// The square with index `index` (a0 = 0 … i9 = 89), if there is one.
    #[inline]
    pub const fn new(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square::ALL[index])
        } else {
            None
        }
    }

    /// The square on `file` (0 = a … 8 = i) and `rank` (0 … 9), if both are on the board.
    #[inline]
    pub const fn from_file_rank(file: usize, rank: usize) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square::ALL[rank * 9 + file])
        } else {
            None
        }
    }

    /// a0 = 0 … i9 = 89.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// 0 for the a-file … 8 for the i-file.
    #[inline]
    pub const fn file(self) -> usize {
        self as usize % 9
    }

    /// 0 (Red's back rank) … 9 (Black's back rank).
    #[inline]
    pub const fn rank(self) -> usize {
        self as usize / 9
    }

    /// The set holding just this square.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self as u8)
    }

    /// The same file seen from the other side (a0 ↔ a9).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square::ALL[(9 - self.rank()) * 9 + self.file()]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + self.file() as u8) as char;
        let rank = (b'0' + self.rank() as u8) as char;
        write!(f, "{file}{rank}")
    }
}

/// Why a text is not a xiangqi square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    text: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a xiangqi square: expected a file a-i and a rank 0-9, like h2",
            self.text
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        let error = || ParseSquareError {
            text: text.to_string(),
        };
        match text.as_bytes() {
            &[file @ b'a'..=b'i', rank @ b'0'..=b'9'] => {
                Square::from_file_rank(usize::from(file - b'a'), usize::from(rank - b'0'))
                    .ok_or_else(error)
            }
            _ => Err(error()),
        }
    }
}
