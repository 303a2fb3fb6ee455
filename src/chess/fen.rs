//! FEN text in and out, with Shredder-FEN and X-FEN castling for Chess960.

use core::fmt;
use core::str::FromStr;

use super::position::back_rank;
use super::{Bitboard, CastleSide, Color, Piece, Position, PositionError, Setup, Square};
use crate::Excerpt;

/// Why a text is not a chess FEN ([`Setup::from_fen`]), or, for
/// [`Position::from_fen`], not one of a position the rules allow.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// The FEN needs 4 to 6 space-separated fields.
    FieldCount(usize),
    /// The board needs 8 ranks separated by `/`.
    RankCount(usize),
    /// A rank (1–8) does not add up to 8 files.
    RankWidth {
        /// The rank, 1–8.
        rank: usize,
        /// How many files it describes.
        files: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–8.
    BadBoardChar {
        /// The rank, 1–8.
        rank: usize,
        /// The character.
        found: char,
    },
    /// The side to move is not `w` or `b`.
    SideToMove(Excerpt),
    /// The castling field is wrong.
    Castling {
        /// The field as written.
        field: Excerpt,
        /// What is wrong with it.
        why: CastlingError,
    },
    /// The en passant field is neither `-` nor a square.
    EnPassant(Excerpt),
    /// A move counter is not a number in range.
    Counter {
        /// `half-move clock` or `full-move number`.
        which: &'static str,
        /// The field as written.
        field: Excerpt,
    },
    /// The FEN is well formed, but the rules allow no such position.
    Illegal(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(
                f,
                "a FEN has 4 to 6 space-separated fields (board, side, castling, en passant, \
                 half-move clock, full-move number); found {n}"
            ),
            FenError::RankCount(n) => {
                write!(f, "the board needs 8 ranks separated by '/'; found {n}")
            }
            FenError::RankWidth { rank, files } => {
                write!(f, "rank {rank} describes {files} files instead of 8")
            }
            FenError::BadBoardChar { rank, found } => write!(
                f,
                "rank {rank} has {found:?}: expected a piece letter (PNBRQK, pnbrqk) or a digit 1-8"
            ),
            FenError::SideToMove(field) => {
                write!(f, "side to move is {field:?}; expected 'w' or 'b'")
            }
            FenError::Castling { field, why } => write!(f, "castling field {field:?}: {why}"),
            FenError::EnPassant(field) => write!(
                f,
                "en passant field {field:?}: expected '-' or a square like e3"
            ),
            FenError::Counter { which, field } => write!(
                f,
                "{which} {field:?} is not a whole number from 0 to {}",
                u32::MAX
            ),
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

/// What is wrong with the letters of a FEN's castling field. Whether the
/// rights they name fit the board is [`Setup::check`]'s question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CastlingError {
    /// A character that is no castling letter.
    BadLetter(char),
    /// The right of the rook on this square is given twice.
    Twice(Square),
}

impl fmt::Display for CastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CastlingError::BadLetter(letter) => write!(
                f,
                "{letter:?} is not a castling letter (KQkq, or a rook's file A-H / a-h)"
            ),
            CastlingError::Twice(rook) => {
                write!(f, "the right of the rook on {rook} is given twice")
            }
        }
    }
}

/// Puts the pieces of a FEN's board field on `setup`.
fn parse_board(setup: &mut Setup, field: &str) -> Result<(), FenError> {
    let count = field.split('/').count();
    if count != 8 {
        return Err(FenError::RankCount(count));
    }
    for (row, text) in field.split('/').enumerate() {
        let rank = 7 - row;
        let mut file = 0;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip as usize;
            } else if let Some(piece) = Piece::from_letter(c) {
                if let Some(square) = Square::from_file_rank(file, rank) {
                    setup.put(square, piece);
                }
                file += 1;
            } else {
                return Err(FenError::BadBoardChar {
                    rank: rank + 1,
                    found: c,
                });
            }
            if file > 8 {
                return Err(FenError::RankWidth {
                    rank: rank + 1,
                    files: file,
                });
            }
        }
        if file != 8 {
            return Err(FenError::RankWidth {
                rank: rank + 1,
                files: file,
            });
        }
    }
    Ok(())
}

/// The castling rooks named by `field` on `setup`'s board, and whether
/// the letters are rook files (Shredder-FEN).
fn parse_castling(setup: &Setup, field: &str) -> Result<(Bitboard, bool), FenError> {
    let error = |why| FenError::Castling {
        field: Excerpt::new(field),
        why,
    };
    if field == "-" {
        return Ok((Bitboard::EMPTY, false));
    }
    let mut rooks = Bitboard::EMPTY;
    let mut files = false;
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rook = match c.to_ascii_lowercase() {
            'k' => setup.xfen_rook(color, CastleSide::King),
            'q' => setup.xfen_rook(color, CastleSide::Queen),
            file @ 'a'..='h' => {
                files = true;
                let first = back_rank(color).0.trailing_zeros() as usize;
                Square::from_index_wrapping(first + (file as usize - 'a' as usize))
            }
            _ => return Err(error(CastlingError::BadLetter(c))),
        };
        if rooks.contains(rook) {
            return Err(error(CastlingError::Twice(rook)));
        }
        rooks = rooks.with(rook);
    }
    Ok((rooks, files))
}

fn parse_en_passant(field: &str) -> Result<Option<Square>, FenError> {
    match field {
        "-" => Ok(None),
        _ => field
            .parse()
            .map(Some)
            .map_err(|_| FenError::EnPassant(Excerpt::new(field))),
    }
}

fn parse_counter(field: Option<&str>, which: &'static str, default: u32) -> Result<u32, FenError> {
    match field {
        None => Ok(default),
        Some(text) => text.parse().map_err(|_| FenError::Counter {
            which,
            field: Excerpt::new(text),
        }),
    }
}

impl Setup {
    /// Reads a FEN's syntax. Castling may be `KQkq` (X-FEN: the outermost
    /// rook on that side of the king) or rook files (Shredder-FEN `HAha`,
    /// which switch on Chess960 notation). The two move counters may be
    /// left out (0 and 1). Whether the rules allow the position is
    /// [`Setup::check`]'s question.
    ///
    /// ```
    /// use qiboard::chess::{PositionError, Setup};
    ///
    /// // Well formed, but White's king stands in check with Black to move.
    /// let setup = Setup::from_fen("4k3/8/8/8/4R3/8/8/4K3 w - - 0 1")?;
    /// assert_eq!(setup.check(), Err(PositionError::OpponentInCheck));
    /// assert_eq!(setup.to_string(), "4k3/8/8/8/4R3/8/8/4K3 w - - 0 1");
    /// # Ok::<(), qiboard::chess::FenError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`FenError`] saying which field is malformed, and how.
    pub fn from_fen(text: &str) -> Result<Setup, FenError> {
        let count = text.split_ascii_whitespace().count();
        if !(4..=6).contains(&count) {
            return Err(FenError::FieldCount(count));
        }
        let mut fields = [""; 6];
        for (slot, field) in fields.iter_mut().zip(text.split_ascii_whitespace()) {
            *slot = field;
        }
        let optional = |index: usize| (index < count).then_some(fields[index]);
        let mut setup = Setup::empty();
        parse_board(&mut setup, fields[0])?;
        setup.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(Excerpt::new(other))),
        };
        let (rooks, files) = parse_castling(&setup, fields[2])?;
        setup.castle_rooks = rooks;
        setup.chess960 = files;
        setup.en_passant = parse_en_passant(fields[3])?;
        setup.halfmove_clock = parse_counter(optional(4), "half-move clock", 0)?;
        setup.fullmove_number = parse_counter(optional(5), "full-move number", 1)?;
        Ok(setup)
    }

    /// The setup as FEN; see [`Position::fen`]. A castling rook is written
    /// as its file (Shredder-FEN) in Chess960 notation, and in standard
    /// notation where `K` or `Q` would name another rook. It is also what
    /// the setup prints (`Display`), which needs no heap.
    #[cfg(feature = "alloc")]
    pub fn fen(&self) -> alloc::string::String {
        alloc::string::ToString::to_string(self)
    }

    fn write_fen(&self, out: &mut impl fmt::Write) -> fmt::Result {
        crate::fen::write_board(out, 8, 8, |file, rank| {
            self.piece_at(Square::from_index_wrapping(rank * 8 + file))
                .map(|piece| piece.letter())
        })?;
        out.write_str(match self.side {
            Color::White => " w ",
            Color::Black => " b ",
        })?;
        let mut any = false;
        for color in Color::ALL {
            // Highest first: the king side's rook before the queen side's.
            let mut rooks = self.castle_rooks & back_rank(color);
            while let Some(rook) = rooks.last() {
                rooks = rooks.without(rook);
                let letter = if self.chess960 {
                    char::from(b'a' + rook.file() as u8)
                } else if rook == self.xfen_rook(color, CastleSide::King) {
                    'k'
                } else if rook == self.xfen_rook(color, CastleSide::Queen) {
                    'q'
                } else {
                    char::from(b'a' + rook.file() as u8)
                };
                out.write_char(match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                })?;
                any = true;
            }
        }
        if !any {
            out.write_char('-')?;
        }
        match self.en_passant {
            Some(square) => write!(out, " {square}")?,
            None => out.write_str(" -")?,
        }
        write!(out, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}

impl Position {
    /// Parses a FEN ([`Setup::from_fen`]) of a position the rules allow
    /// ([`Setup::check`]; the error is then [`FenError::Illegal`]).
    /// Castling rights other than the standard ones switch on Chess960
    /// notation, as rook files do.
    ///
    /// # Errors
    ///
    /// [`FenError`]: the text is malformed, or the position breaks a rule
    /// (which the error names).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(Setup::from_fen(text)?)?)
    }

    /// The FEN of this position. Castling is `KQkq` in standard notation
    /// and rook files (Shredder-FEN) in Chess960 notation. It is also what
    /// the position prints (`Display`), which needs no heap.
    #[cfg(feature = "alloc")]
    pub fn fen(&self) -> alloc::string::String {
        alloc::string::ToString::to_string(self)
    }
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Position, FenError> {
        Position::from_fen(text)
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup.write_fen(f)
    }
}

impl FromStr for Setup {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Setup, FenError> {
        Setup::from_fen(text)
    }
}

impl fmt::Display for Setup {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f)
    }
}
