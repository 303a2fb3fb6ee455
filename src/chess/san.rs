//! Standard algebraic notation (SAN): see [`Position::san`] and
//! [`Position::parse_san`].

use crate::Excerpt;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::{Move, MoveKind, PieceKind, Position, Square};

/// Why a text is not the SAN of exactly one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanError {
    /// The text as given.
    pub text: Excerpt,
    /// What is wrong with it.
    pub reason: SanReason,
}

/// What is wrong with a SAN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanReason {
    /// Not SAN at all.
    Syntax,
    /// A pawn move to the last rank without the piece it becomes.
    MissingPromotion,
    /// No legal move fits.
    Illegal,
    /// Several legal moves fit.
    Ambiguous(Vec<Move>),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: ", self.text)?;
        match &self.reason {
            SanReason::Syntax => {
                f.write_str("not SAN: expected a move like e4, Nbd7, exd8=Q or O-O")
            }
            SanReason::MissingPromotion => {
                f.write_str("a pawn reaching the last rank needs =Q, =R, =B or =N")
            }
            SanReason::Illegal => f.write_str("no legal move fits"),
            SanReason::Ambiguous(moves) => {
                f.write_str("ambiguous, it fits")?;
                for (i, mv) in moves.iter().enumerate() {
                    let joint = if i == 0 { " " } else { " and " };
                    write!(f, "{joint}{}", mv.uci(false))?;
                }
                Ok(())
            }
        }
    }
}

impl core::error::Error for SanError {}

/// Which castling a `O-O` or `O-O-O` names.
fn castle_is_king_side(mv: Move) -> bool {
    mv.to().file() > mv.from().file()
}

fn push_square(square: Square, out: &mut String) {
    out.push(char::from(b'a' + square.file() as u8));
    out.push(char::from(b'1' + square.rank() as u8));
}

/// The parts of a non-castling SAN text.
#[derive(Default)]
struct Parts {
    kind: Option<PieceKind>,
    from_file: Option<usize>,
    from_rank: Option<usize>,
    to: Option<Square>,
    promotion: Option<PieceKind>,
}

/// Splits a SAN text (already stripped of marks) into its parts, reading
/// from the end: promotion, target square, capture mark, origin, piece.
fn split(body: &[u8]) -> Option<Parts> {
    let mut parts = Parts::default();
    let mut end = body.len();
    // Unmarked SAN ends in the target's rank: a final letter is a promotion.
    if let Some(&last) = body.last().filter(|last| last.is_ascii_alphabetic()) {
        let kind = PieceKind::from_letter(char::from(last.to_ascii_lowercase()))
            .filter(|kind| PieceKind::PROMOTIONS.contains(kind))?;
        parts.promotion = Some(kind);
        end -= 1;
        if end >= 1 && body[end - 1] == b'=' {
            end -= 1;
        }
    }
    let square_at = |at: usize| -> Option<Square> {
        let (file, rank) = (body.get(at)?, body.get(at + 1)?);
        if !(b'a'..=b'h').contains(file) || !(b'1'..=b'8').contains(rank) {
            return None;
        }
        Square::from_file_rank(usize::from(file - b'a'), usize::from(rank - b'1'))
    };
    end = end.checked_sub(2)?;
    parts.to = Some(square_at(end)?);
    let mut head = &body[..end];
    if let [rest @ .., b'x' | b'-'] = head {
        head = rest;
    }
    if let [rest @ .., rank @ b'1'..=b'8'] = head {
        parts.from_rank = Some(usize::from(rank - b'1'));
        head = rest;
    }
    if let [rest @ .., file @ b'a'..=b'h'] = head {
        parts.from_file = Some(usize::from(file - b'a'));
        head = rest;
    }
    match head {
        [] => {}
        [letter @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'P')] => {
            parts.kind = PieceKind::from_letter(char::from(letter.to_ascii_lowercase()))
        }
        _ => return None,
    }
    Some(parts)
}

/// The longest SAN text worth reading, in bytes (`Qa1xb2=Q#!?` is 11).
const MAX_SAN: usize = 32;

impl Position {
    /// `mv`, a legal move here, in standard algebraic notation, written as
    /// the PGN standard asks: piece letters `K Q R B N`, pawn moves without
    /// a letter, `x` for captures (a pawn capture starts with the pawn's
    /// file), the origin file, rank or square only when another piece of
    /// the kind could legally go to the same square (the file if that
    /// tells them apart, else the rank, else both), `=Q` for promotions,
    /// `O-O`/`O-O-O` for castling (in Chess960 by the side the rook stands
    /// on), `+` for check and `#` for mate.
    ///
    /// # Errors
    ///
    /// [`SanError`] when `mv` is not legal here.
    ///
    /// ```
    /// use qiboard::chess::Position;
    ///
    /// let start = Position::start();
    /// let mv = start.parse_san("Nf3")?;
    /// assert_eq!(start.san(mv)?, "Nf3");
    /// assert_eq!(start.parse_san("g1f3")?, mv);
    /// # Ok::<(), qiboard::chess::SanError>(())
    /// ```
    pub fn san(&self, mv: Move) -> Result<String, SanError> {
        let mut text = String::new();
        self.write_san(mv, &mut text)?;
        Ok(text)
    }

    /// Appends `mv`, a legal move here, in SAN to `out`; an illegal move
    /// is an error and appends nothing.
    ///
    /// # Errors
    ///
    /// [`SanError`] when `mv` is not legal here.
    pub fn write_san(&self, mv: Move, out: &mut String) -> Result<(), SanError> {
        let legal = self.legal_moves();
        if !legal.contains(&mv) {
            return Err(SanError {
                text: Excerpt::from(mv.uci(self.is_chess960()).to_string().as_str()),
                reason: SanReason::Illegal,
            });
        }
        let kind = mv.piece();
        if mv.is_castle() {
            out.push_str(if castle_is_king_side(mv) {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let capture = self.piece_at(mv.to()).is_some() || mv.kind() == MoveKind::EnPassant;
            if kind == PieceKind::Pawn {
                if capture {
                    out.push(char::from(b'a' + mv.from().file() as u8));
                }
            } else {
                out.push(kind.letter().to_ascii_uppercase());
                let rivals = legal.iter().filter(|other| {
                    other.piece() == kind
                        && !other.is_castle()
                        && other.to() == mv.to()
                        && other.from() != mv.from()
                });
                let (mut any, mut same_file, mut same_rank) = (false, false, false);
                for other in rivals {
                    any = true;
                    same_file |= other.from().file() == mv.from().file();
                    same_rank |= other.from().rank() == mv.from().rank();
                }
                if any && (!same_file || same_rank) {
                    out.push(char::from(b'a' + mv.from().file() as u8));
                }
                if any && same_file {
                    out.push(char::from(b'1' + mv.from().rank() as u8));
                }
            }
            if capture {
                out.push('x');
            }
            push_square(mv.to(), out);
            if let Some(promotion) = mv.promotion_kind() {
                out.push('=');
                out.push(promotion.letter().to_ascii_uppercase());
            }
        }
        let after = self.play(mv);
        if after.is_check() {
            out.push(if after.count_legal_moves() == 0 {
                '#'
            } else {
                '+'
            });
        }
        Ok(())
    }

    /// The legal move a SAN text names, read as forgivingly as
    /// python-chess reads it: `0-0` for `O-O`, over-specified or long
    /// algebraic moves (`Ng1f3`, `Ng1-f3`, `e2e4`, `e2-e4`; with the whole
    /// origin square given the letter may be left out, `g1f3`), a
    /// promotion with or without `=` in either case (`e8=Q`, `e8q`), a `P`
    /// for pawns, and the `x`, `+` and `#` marks and annotation glyphs
    /// (`!`, `?`) taken as given rather than checked. The text must fit
    /// exactly one legal move: one that fits none is
    /// [`SanReason::Illegal`], one that fits several
    /// [`SanReason::Ambiguous`].
    ///
    /// # Errors
    ///
    /// [`SanError`]: the text is no SAN move, names no legal move, or names
    /// more than one.
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let error = |reason| SanError {
            text: Excerpt::from(text),
            reason,
        };
        if text.len() > MAX_SAN {
            // No SAN move is this long: refuse before reading it.
            return Err(error(SanReason::Syntax));
        }
        let body = text
            .trim()
            .trim_end_matches(['!', '?'])
            .trim_end_matches(['+', '#']);
        let legal = self.legal_moves();
        let castle = match body {
            "O-O" | "0-0" => Some(true),
            "O-O-O" | "0-0-0" => Some(false),
            _ => None,
        };
        let fits: Vec<Move> = if let Some(king_side) = castle {
            legal
                .iter()
                .copied()
                .filter(|mv| mv.is_castle() && castle_is_king_side(*mv) == king_side)
                .collect()
        } else {
            // Bare squares name a castling move the way UCI does (`e1g1`).
            if let Ok(mv) = self.parse_move(body) {
                if body.len() == 4 && mv.is_castle() {
                    return Ok(mv);
                }
            }
            let parts = split(body.as_bytes()).ok_or_else(|| error(SanReason::Syntax))?;
            // A fully given origin needs no letter, whatever the piece.
            let origin_given = parts.from_file.is_some() && parts.from_rank.is_some();
            let kind_fits = |kind: PieceKind| match parts.kind {
                Some(named) => kind == named,
                None => origin_given || kind == PieceKind::Pawn,
            };
            let fits: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|mv| {
                    !mv.is_castle()
                        && kind_fits(mv.piece())
                        && Some(mv.to()) == parts.to
                        && parts.from_file.is_none_or(|file| mv.from().file() == file)
                        && parts.from_rank.is_none_or(|rank| mv.from().rank() == rank)
                })
                .collect();
            let promotes = fits.iter().any(|mv| mv.promotion_kind().is_some());
            if promotes && parts.promotion.is_none() {
                return Err(error(SanReason::MissingPromotion));
            }
            fits.into_iter()
                .filter(|mv| mv.promotion_kind() == parts.promotion)
                .collect()
        };
        match fits.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(error(SanReason::Illegal)),
            _ => Err(error(SanReason::Ambiguous(fits))),
        }
    }
}
