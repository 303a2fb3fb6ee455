//! FEN in and out, with errors that say what is wrong and where.

use core::fmt;

use super::{Color, Piece, Position, PositionError, Setup, Square};
use crate::Excerpt;

/// Why a text is not a xiangqi FEN ([`Setup::from_fen`]), or, for
/// [`Position::from_fen`], not one of a position the rules allow.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// Nothing to parse.
    Empty,
    /// Not ten rows separated by `/`.
    RowCount(usize),
    /// A character that is neither a piece letter nor a digit 1–9.
    BadCharacter {
        /// The rank of the row (9 = first row of the FEN).
        rank: usize,
        /// The offending character.
        found: char,
    },
    /// A row that does not describe exactly nine squares.
    RowLength {
        /// The rank of the row.
        rank: usize,
        /// How many squares it describes.
        squares: usize,
    },
    /// The side field is not `w`, `r` or `b`.
    BadSide(Excerpt),
    /// A counter field that is not a number.
    BadCounter(Excerpt),
    /// More than six fields.
    ExtraFields,
    /// The FEN is well formed, but the rules allow no such position.
    Illegal(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::RowCount(n) => write!(f, "the board has {n} rows; a xiangqi FEN has 10, separated by '/'"),
            FenError::BadCharacter { rank, found } => write!(
                f,
                "rank {rank} (row {}): {found:?} is not a piece letter (KABNRCP, EH, any case) or a digit 1-9",
                10 - rank
            ),
            FenError::RowLength { rank, squares } => {
                write!(f, "rank {rank} (row {}) describes {squares} squares instead of 9", 10 - rank)
            }
            FenError::BadSide(text) => write!(f, "side to move {text:?} is not 'w', 'r' or 'b'"),
            FenError::BadCounter(text) => write!(f, "move counter {text:?} is not a number"),
            FenError::ExtraFields => write!(f, "too many fields after the board"),
            FenError::Illegal(why) => write!(f, "{why}"),
        }
    }
}

impl From<PositionError> for FenError {
    fn from(why: PositionError) -> FenError {
        FenError::Illegal(why)
    }
}

impl core::error::Error for FenError {}

/// How many squares a FEN row describes (for the error message).
fn row_squares(row: &str) -> usize {
    row.chars()
        .map(|c| c.to_digit(10).map_or(1, |d| d as usize))
        .sum()
}

impl Setup {
    /// Reads a FEN's syntax (UCCI letters; `H`/`E` accepted for
    /// horse/elephant; side `w`, `r` or `b`; the fields after the board
    /// are optional, and a missing side means Red to move). Whether the
    /// rules allow the position is [`Setup::check`]'s question.
    ///
    /// # Errors
    ///
    /// [`FenError`] saying which field is malformed, and how.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let mut setup = Setup::empty();
        let count = board.split('/').count();
        if count != 10 {
            return Err(FenError::RowCount(count));
        }
        for (row, text) in board.split('/').enumerate() {
            let rank = 9 - row;
            let mut file = 0usize;
            for found in text.chars() {
                if let Some(skip) = found.to_digit(10).filter(|d| (1..=9).contains(d)) {
                    file += skip as usize;
                    continue;
                }
                let piece =
                    Piece::from_letter(found).ok_or(FenError::BadCharacter { rank, found })?;
                let square =
                    Square::from_file_rank(file, rank).ok_or_else(|| FenError::RowLength {
                        rank,
                        squares: row_squares(text),
                    })?;
                setup.put(square, piece);
                file += 1;
            }
            if file != 9 {
                return Err(FenError::RowLength {
                    rank,
                    squares: file,
                });
            }
        }
        let side = match fields.next() {
            None | Some("w" | "r" | "W" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(FenError::BadSide(Excerpt::new(other))),
        };
        setup.set_side_to_move(side);
        // Castling and en passant fields are always "-" in xiangqi; accept anything there.
        let _ = fields.next();
        let _ = fields.next();
        if let Some(text) = fields.next() {
            setup.halfmove_clock = text
                .parse()
                .map_err(|_| FenError::BadCounter(Excerpt::new(text)))?;
        }
        if let Some(text) = fields.next() {
            setup.fullmove_number = text
                .parse()
                .map_err(|_| FenError::BadCounter(Excerpt::new(text)))?;
        }
        if fields.next().is_some() {
            return Err(FenError::ExtraFields);
        }
        Ok(setup)
    }

    /// The setup as FEN: board, side (`w` or `b`), `- -`, counters.
    #[cfg(feature = "alloc")]
    pub fn fen(&self) -> alloc::string::String {
        alloc::string::ToString::to_string(self)
    }
}

impl Position {
    /// Parses a FEN ([`Setup::from_fen`]) of a position the rules allow
    /// ([`Setup::check`]; the error is then [`FenError::Illegal`]).
    ///
    /// # Errors
    ///
    /// [`FenError`]: the text is malformed, or [`FenError::Illegal`] with
    /// the rule the position breaks.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(Setup::from_fen(fen)?)?)
    }

    /// The position as FEN: board, side (`w` or `b`), `- -`, counters.
    /// It is also what the position prints (`Display`), which needs no
    /// heap.
    #[cfg(feature = "alloc")]
    pub fn fen(&self) -> alloc::string::String {
        self.setup.fen()
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Position, FenError> {
        Position::from_fen(text)
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.setup, f)
    }
}

impl core::str::FromStr for Setup {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Setup, FenError> {
        Setup::from_fen(text)
    }
}

impl fmt::Display for Setup {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::fen::write_board(f, 9, 10, |file, rank| {
            let square = Square::from_file_rank(file, rank).expect("on the board");
            self.piece_at(square).map(|piece| piece.letter())
        })?;
        let side = match self.side {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        write!(
            f,
            " {side} - - {} {}",
            self.halfmove_clock, self.fullmove_number
        )
    }
}
