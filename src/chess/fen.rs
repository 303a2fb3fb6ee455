//! FEN text in and out, with Shredder-FEN and X-FEN castling for Chess960.

use core::fmt;
use core::str::FromStr;

use super::position::{above, back_rank, below};
use super::{Bitboard, CastleSide, Color, Piece, PieceKind, Position, Square};
use crate::Excerpt;

/// Why a text is not a valid FEN position.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// A side must have exactly one king.
    KingCount {
        /// Whose kings.
        color: Color,
        /// How many there are.
        count: u32,
    },
    /// More than 16 pieces of one side.
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// How many there are.
        count: u32,
    },
    /// More queens, rooks, bishops or knights than the missing pawns could
    /// have promoted to.
    ImpossibleMaterial {
        /// Whose pieces.
        color: Color,
        /// Pieces beyond the starting set.
        promoted: u32,
        /// Pawns still on the board.
        pawns: u32,
    },
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// The side to move is not `w` or `b`.
    SideToMove(Excerpt),
    /// The castling field is wrong.
    Castling {
        /// The field as written.
        field: Excerpt,
        /// What is wrong with it.
        why: CastlingError,
    },
    /// The en passant field is wrong.
    EnPassant {
        /// The field as written.
        field: Excerpt,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A move counter is not a number in range.
    Counter {
        /// `half-move clock` or `full-move number`.
        which: &'static str,
        /// The field as written.
        field: Excerpt,
    },
    /// The side that just moved is in check, which no legal game reaches.
    OpponentInCheck,
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
            FenError::KingCount { color, count } => {
                write!(
                    f,
                    "{color:?} has {count} kings; each side needs exactly one"
                )
            }
            FenError::TooManyPieces { color, count } => {
                write!(f, "{color:?} has {count} pieces; a side has at most 16")
            }
            FenError::ImpossibleMaterial {
                color,
                promoted,
                pawns,
            } => write!(
                f,
                "{color:?} has {promoted} pieces beyond the starting set but {pawns} pawns; \
                 only the 8 - {pawns} missing pawns could have promoted"
            ),
            FenError::PawnOnBackRank(square) => {
                write!(
                    f,
                    "a pawn stands on {square}; pawns cannot be on rank 1 or 8"
                )
            }
            FenError::SideToMove(field) => {
                write!(f, "side to move is {field:?}; expected 'w' or 'b'")
            }
            FenError::Castling { field, why } => write!(f, "castling field {field:?}: {why}"),
            FenError::EnPassant { field, why } => write!(f, "en passant field {field:?}: {why}"),
            FenError::Counter { which, field } => write!(
                f,
                "{which} {field:?} is not a whole number from 0 to {}",
                u32::MAX
            ),
            FenError::OpponentInCheck => {
                f.write_str("the side not to move is in check, so the position cannot arise")
            }
        }
    }
}

impl core::error::Error for FenError {}

/// What is wrong with a FEN's castling field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingError {
    /// A right of a side whose king is not on its first rank.
    NoKing {
        /// The castling letter.
        letter: char,
        /// Whose right it is.
        color: Color,
    },
    /// `K`/`k` or `Q`/`q` with no rook of that side on that side of its
    /// king on the first rank.
    NoRook {
        /// The castling letter.
        letter: char,
        /// Whose right it is.
        color: Color,
        /// The side of the king the letter names.
        side: CastleSide,
    },
    /// A rook's file letter (Shredder-FEN) with no rook of that side on
    /// that file of its first rank.
    NoRookOn {
        /// The castling letter.
        letter: char,
        /// Whose right it is.
        color: Color,
        /// Where the rook should stand.
        square: Square,
    },
    /// A character that is no castling letter.
    BadLetter(char),
    /// The right of the rook on this square is given twice.
    Twice(Square),
    /// This side has two castling rooks on the same side of its king.
    SameSide(Color),
}

impl fmt::Display for CastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CastlingError::NoKing { letter, color } => {
                write!(f, "{letter:?} needs the {color:?} king on its first rank")
            }
            CastlingError::NoRook {
                letter,
                color,
                side,
            } => {
                let direction = match side {
                    CastleSide::King => "right",
                    CastleSide::Queen => "left",
                };
                write!(
                    f,
                    "{letter:?} needs a {color:?} rook {direction} of the king"
                )
            }
            CastlingError::NoRookOn {
                letter,
                color,
                square,
            } => write!(f, "{letter:?} needs a {color:?} rook on {square}"),
            CastlingError::BadLetter(letter) => write!(
                f,
                "{letter:?} is not a castling letter (KQkq, or a rook's file A-H / a-h)"
            ),
            CastlingError::Twice(rook) => {
                write!(f, "the right of the rook on {rook} is given twice")
            }
            CastlingError::SameSide(color) => write!(
                f,
                "{color:?} has two castling rooks on the same side of its king"
            ),
        }
    }
}

fn parse_board(field: &str) -> Result<[Option<Piece>; 64], FenError> {
    let count = field.split('/').count();
    if count != 8 {
        return Err(FenError::RankCount(count));
    }
    let mut board = [None; 64];
    for (row, text) in field.split('/').enumerate() {
        let rank = 7 - row;
        let mut file = 0;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip as usize;
            } else if let Some(piece) = Piece::from_letter(c) {
                if let Some(slot) = board.get_mut(rank * 8 + file).filter(|_| file < 8) {
                    *slot = Some(piece);
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
    Ok(board)
}

/// The castling rooks named by `field`, and whether the letters or the
/// rooks' places show Chess960.
fn parse_castling(position: &Position, field: &str) -> Result<(Bitboard, bool), FenError> {
    let error = |why| FenError::Castling {
        field: Excerpt::new(field),
        why,
    };
    if field == "-" {
        return Ok((Bitboard::EMPTY, false));
    }
    let mut rooks = Bitboard::EMPTY;
    let mut chess960 = false;
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = back_rank(color);
        let king = position.pieces(color, PieceKind::King) & rank;
        let Some(king) = king.first() else {
            return Err(error(CastlingError::NoKing { letter: c, color }));
        };
        let own_rooks = position.pieces(color, PieceKind::Rook) & rank;
        let rook = match c.to_ascii_lowercase() {
            // X-FEN: the outermost rook on that side.
            'k' => (own_rooks & above(king))
                .iter()
                .last()
                .ok_or(error(CastlingError::NoRook {
                    letter: c,
                    color,
                    side: CastleSide::King,
                }))?,
            'q' => (own_rooks & below(king))
                .first()
                .ok_or(error(CastlingError::NoRook {
                    letter: c,
                    color,
                    side: CastleSide::Queen,
                }))?,
            file @ 'a'..='h' => {
                chess960 = true;
                let square = lowest(rank) as usize + (file as usize - 'a' as usize);
                let square = Square::from_index_wrapping(square);
                if !own_rooks.contains(square) {
                    return Err(error(CastlingError::NoRookOn {
                        letter: c,
                        color,
                        square,
                    }));
                }
                square
            }
            _ => return Err(error(CastlingError::BadLetter(c))),
        };
        if rooks.contains(rook) {
            return Err(error(CastlingError::Twice(rook)));
        }
        rooks = rooks.with(rook);
    }
    for color in Color::ALL {
        let king = position.king(color);
        let mine = rooks & back_rank(color);
        if (mine & above(king)).has_many() || (mine & below(king)).has_many() {
            return Err(error(CastlingError::SameSide(color)));
        }
        // Standard castling: the king on e1/e8 with rooks in the corners.
        let corners =
            relative(Square::A1, color).bitboard() | relative(Square::H1, color).bitboard();
        let standard = king == relative(Square::E1, color) && (mine - corners).is_empty();
        if !mine.is_empty() && !standard {
            chess960 = true;
        }
    }
    Ok((rooks, chess960))
}

fn lowest(set: Bitboard) -> u8 {
    set.0.trailing_zeros() as u8
}

/// `square` as White sees it, mirrored to Black's side for Black.
const fn relative(square: Square, color: Color) -> Square {
    match color {
        Color::White => square,
        Color::Black => square.flip_rank(),
    }
}

fn parse_en_passant(position: &Position, field: &str) -> Result<Option<Square>, FenError> {
    let error = |why| FenError::EnPassant {
        field: Excerpt::new(field),
        why,
    };
    if field == "-" {
        return Ok(None);
    }
    let square: Square = field
        .parse()
        .map_err(|_| error("expected '-' or a square like e3"))?;
    let us = position.side;
    let (rank, pawn_step) = match us {
        Color::White => (5, -8),
        Color::Black => (2, 8),
    };
    if square.rank() != rank {
        return Err(error(
            "the square must be on rank 6 with White to move, rank 3 with Black to move",
        ));
    }
    let pawn = Square::from_index_wrapping((square.index() as i32 + pawn_step) as usize);
    let start = Square::from_index_wrapping((square.index() as i32 - pawn_step) as usize);
    if !position.pieces(!us, PieceKind::Pawn).contains(pawn) {
        return Err(error(
            "no pawn of the side that just moved stands in front of it",
        ));
    }
    if position.occupied().contains(square) || position.occupied().contains(start) {
        return Err(error(
            "the square and the pawn's starting square must be empty",
        ));
    }
    Ok(Some(square))
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

impl Position {
    /// Parses a FEN. Castling may be `KQkq` (X-FEN: the outermost rook),
    /// or rook files (Shredder-FEN `HAha`); letters, or castling from
    /// squares other than the standard ones, switch on Chess960 notation.
    /// The two move counters may be left out (0 and 1).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        let count = text.split_ascii_whitespace().count();
        if !(4..=6).contains(&count) {
            return Err(FenError::FieldCount(count));
        }
        let mut fields = [""; 6];
        for (slot, field) in fields.iter_mut().zip(text.split_ascii_whitespace()) {
            *slot = field;
        }
        let optional = |index: usize| (index < count).then_some(fields[index]);
        let board = parse_board(fields[0])?;
        let mut position = Position {
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            castle_rooks: Bitboard::EMPTY,
            key: 0,
            side: Color::White,
            en_passant: None,
            chess960: false,
            halfmove_clock: 0,
            fullmove_number: 1,
        };
        for (square, piece) in Square::ALL.into_iter().zip(board) {
            if let Some(piece) = piece {
                position.by_kind[piece.kind.index()] |= square.bitboard();
                position.by_color[piece.color.index()] |= square.bitboard();
            }
        }
        for color in Color::ALL {
            let count = position.pieces(color, PieceKind::King).count();
            if count != 1 {
                return Err(FenError::KingCount { color, count });
            }
            let count = position.by_color(color).count();
            if count > 16 {
                return Err(FenError::TooManyPieces { color, count });
            }
        }
        let pawns = position.by_kind(PieceKind::Pawn);
        if let Some(square) = (pawns & (back_rank(Color::White) | back_rank(Color::Black))).first()
        {
            return Err(FenError::PawnOnBackRank(square));
        }
        for color in Color::ALL {
            // Every extra queen, rook, bishop or knight was a pawn once; this
            // also bounds the number of legal moves below the move list's size.
            let of = |kind| position.pieces(color, kind).count();
            let promoted = of(PieceKind::Queen).saturating_sub(1)
                + of(PieceKind::Rook).saturating_sub(2)
                + of(PieceKind::Bishop).saturating_sub(2)
                + of(PieceKind::Knight).saturating_sub(2);
            let pawns = of(PieceKind::Pawn);
            if promoted + pawns > 8 {
                return Err(FenError::ImpossibleMaterial {
                    color,
                    promoted,
                    pawns,
                });
            }
        }
        position.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(Excerpt::new(other))),
        };
        let (rooks, chess960) = parse_castling(&position, fields[2])?;
        position.castle_rooks = rooks;
        position.chess960 = chess960;
        position.en_passant = parse_en_passant(&position, fields[3])?;
        position.halfmove_clock = parse_counter(optional(4), "half-move clock", 0)?;
        position.fullmove_number = parse_counter(optional(5), "full-move number", 1)?.max(1);
        let them = !position.side;
        if !position
            .attackers(position.king(them), position.side, position.occupied())
            .is_empty()
        {
            return Err(FenError::OpponentInCheck);
        }
        position.key = position.compute_key();
        Ok(position)
    }

    /// The FEN of this position. Castling is `KQkq` in standard notation
    /// and rook files (Shredder-FEN) in Chess960 notation. It is also what
    /// the position prints (`Display`), which needs no heap.
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
            for side in [CastleSide::King, CastleSide::Queen] {
                if let Some(rook) = self.castling_rook(color, side) {
                    let letter = match (self.chess960, side) {
                        (true, _) => char::from(b'a' + rook.file() as u8),
                        (false, CastleSide::King) => 'k',
                        (false, CastleSide::Queen) => 'q',
                    };
                    out.write_char(match color {
                        Color::White => letter.to_ascii_uppercase(),
                        Color::Black => letter,
                    })?;
                    any = true;
                }
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

impl FromStr for Position {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Position, FenError> {
        Position::from_fen(text)
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f)
    }
}
