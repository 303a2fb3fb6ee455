//! Reading UCI move text against a position.

use std::fmt;

use super::{Move, MoveKind, PieceKind, Position, Square};

/// Why a text is not a legal move in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciError {
    /// Not of the form `e2e4` / `e7e8q`.
    Syntax(String),
    /// Well formed, but not a legal move here.
    Illegal(String),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax(text) => write!(
                f,
                "{text:?} is not a UCI move: expected two squares and an optional \
                 promotion letter (n, b, r, q), like e2e4 or e7e8q"
            ),
            UciError::Illegal(text) => write!(f, "{text:?} is not a legal move in this position"),
        }
    }
}

impl std::error::Error for UciError {}

/// The parts of a UCI move: origin, target and promotion piece.
fn split(text: &str) -> Option<(Square, Square, Option<PieceKind>)> {
    let from = text.get(0..2)?.parse().ok()?;
    let to = text.get(2..4)?.parse().ok()?;
    let promotion = match text.get(4..)? {
        "" => None,
        letter => {
            let mut chars = letter.chars();
            let kind = chars.next().and_then(PieceKind::from_letter)?;
            if chars.next().is_some() || !PieceKind::PROMOTIONS.contains(&kind) {
                return None;
            }
            Some(kind)
        }
    };
    Some((from, to, promotion))
}

impl Position {
    /// The legal move that `text` names. Castling is accepted as
    /// king-takes-rook (`e1h1`) always, and as the king's two-square step
    /// (`e1g1`) outside Chess960 notation.
    ///
    /// ```
    /// use qiboard::chess::Position;
    /// let start = Position::start();
    /// assert!(start.parse_uci("g1f3").is_ok());
    /// assert!(start.parse_uci("e2e5").is_err());
    /// assert!(start.parse_uci("e2").is_err());
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let (from, to, promotion) =
            split(text).ok_or_else(|| UciError::Syntax(text.to_string()))?;
        self.legal_moves()
            .iter()
            .copied()
            .find(|mv| {
                let promotion_matches = mv.promotion_kind() == promotion;
                let target_matches = mv.to() == to
                    || (mv.kind() == MoveKind::Castle
                        && !self.is_chess960()
                        && mv.castle_king_target() == to);
                mv.from() == from && target_matches && promotion_matches
            })
            .ok_or_else(|| UciError::Illegal(text.to_string()))
    }
}
