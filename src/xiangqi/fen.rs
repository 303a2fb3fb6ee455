//! FEN in and out, with errors that say what is wrong and where.

use core::fmt;

use super::attackers::king_attackers;
use super::{Color, Piece, PieceKind, Position, Square};
use crate::Excerpt;

/// Why a text is not a valid xiangqi position.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// A side with no king.
    MissingKing(Color),
    /// A side with more than one king.
    ExtraKing(Color),
    /// More pieces of one kind than a side starts with.
    TooMany {
        /// The piece.
        piece: Piece,
        /// How many the FEN has.
        count: u32,
    },
    /// A king outside its own palace.
    KingOutsidePalace(Color, Square),
    /// The side field is not `w`, `r` or `b`.
    BadSide(Excerpt),
    /// A counter field that is not a number.
    BadCounter(Excerpt),
    /// More than six fields.
    ExtraFields,
    /// The two kings face each other on an open file.
    KingsFacing,
    /// The side to move could capture the enemy king.
    KingCapturable(Color),
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
            FenError::MissingKing(color) => write!(f, "{color} has no king"),
            FenError::ExtraKing(color) => write!(f, "{color} has more than one king"),
            FenError::TooMany { piece, count } => write!(
                f,
                "{} has {count} pieces '{piece}', at most {} are allowed",
                piece.color,
                piece.kind.max_count()
            ),
            FenError::KingOutsidePalace(color, square) => write!(f, "{color}'s king on {square} is outside its palace"),
            FenError::BadSide(text) => write!(f, "side to move {text:?} is not 'w', 'r' or 'b'"),
            FenError::BadCounter(text) => write!(f, "move counter {text:?} is not a number"),
            FenError::ExtraFields => write!(f, "too many fields after the board"),
            FenError::KingsFacing => write!(f, "the kings face each other on an open file"),
            FenError::KingCapturable(color) => write!(f, "{color}, to move, could capture the enemy king"),
        }
    }
}

impl core::error::Error for FenError {}

/// How many squares a FEN row describes (for the error message).
fn row_squares(row: &str) -> usize {
    row.chars()
        .map(|c| c.to_digit(10).map_or(1, |d| d as usize))
        .sum()
}

fn in_palace(color: Color, square: Square) -> bool {
    let ranks = match color {
        Color::Red => 0..=2,
        Color::Black => 7..=9,
    };
    (3..=5).contains(&square.file()) && ranks.contains(&square.rank())
}

impl Position {
    /// Parses a FEN (UCCI letters; `H`/`E` accepted for horse/elephant;
    /// side `w`, `r` or `b`; the fields after the side are optional).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let mut position = Position::empty();
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
                position.put(square, piece);
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
        position.set_side(side);
        // Castling and en passant fields are always "-" in xiangqi; accept anything there.
        let _ = fields.next();
        let _ = fields.next();
        if let Some(text) = fields.next() {
            position.halfmove_clock = text
                .parse()
                .map_err(|_| FenError::BadCounter(Excerpt::new(text)))?;
        }
        if let Some(text) = fields.next() {
            position.fullmove_number = text
                .parse()
                .map_err(|_| FenError::BadCounter(Excerpt::new(text)))?;
        }
        if fields.next().is_some() {
            return Err(FenError::ExtraFields);
        }
        position.validate()?;
        Ok(position)
    }

    fn validate(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let count = self.pieces(color, kind).count();
                match (kind, count) {
                    (PieceKind::King, 0) => return Err(FenError::MissingKing(color)),
                    (PieceKind::King, 2..) => return Err(FenError::ExtraKing(color)),
                    _ if count > kind.max_count() => {
                        return Err(FenError::TooMany {
                            piece: Piece { color, kind },
                            count,
                        })
                    }
                    _ => {}
                }
            }
            let king = self.king(color);
            if !in_palace(color, king) {
                return Err(FenError::KingOutsidePalace(color, king));
            }
        }
        let (red, black) = (self.king(Color::Red), self.king(Color::Black));
        if red.file() == black.file() && super::between(red, black).0 & self.occupied().0 == 0 {
            return Err(FenError::KingsFacing);
        }
        let waiting = !self.side;
        let attackers = king_attackers(
            self.side,
            &self.pieces_by_kind(self.side),
            self.king(waiting),
            self.occupied(),
        );
        if !attackers.is_empty() {
            return Err(FenError::KingCapturable(self.side));
        }
        Ok(())
    }

    /// The position as FEN: board, side (`w` or `b`), `- -`, counters.
    /// It is also what the position prints (`Display`), which needs no
    /// heap.
    #[cfg(feature = "alloc")]
    pub fn fen(&self) -> alloc::string::String {
        alloc::string::ToString::to_string(self)
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
