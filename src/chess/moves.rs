//! Chess moves: the 16-bit move, its UCI text and reading UCI text
//! against a position.

use core::fmt;

use super::{PieceKind, Position, Square};
use crate::list::ArrayList;
use crate::Excerpt;

/// What a move does beyond lifting a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture (not a pawn double step).
    Normal,
    /// A pawn's two-square first step.
    DoublePush,
    /// Castling, stored as the king capturing its own rook.
    Castle,
    /// An en passant capture; the target is the square the pawn lands on.
    EnPassant,
    /// A pawn reaching the last rank and becoming this piece.
    Promotion(PieceKind),
}

/// A chess move in 16 bits: origin (bits 0–5), target (6–11), kind (12–15).
///
/// The kind field also names the moving piece of an ordinary move, so that
/// making a move need not look for it. Castling is stored as the king
/// moving onto its own rook's square, which covers Chess960; [`Move::uci`]
/// prints it either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

const FLAG_DOUBLE: u16 = 1;
const FLAG_CASTLE: u16 = 2;
const FLAG_EN_PASSANT: u16 = 3;
/// Promotion flags are `FLAG_PROMOTION + kind - 1` (knight 4 … queen 7).
const FLAG_PROMOTION: u16 = 4;
/// Ordinary moves are `FLAG_NORMAL + kind` (pawn 8 … king 13).
const FLAG_NORMAL: u16 = 8;

impl Move {
    #[inline]
    const fn pack(from: Square, to: Square, flag: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | flag << 12)
    }

    /// An ordinary move or capture by a piece of `kind` (for a pawn: not a
    /// double step, en passant or promotion).
    #[inline]
    pub const fn normal(kind: PieceKind, from: Square, to: Square) -> Move {
        Move::pack(from, to, FLAG_NORMAL + kind as u16)
    }

    /// A pawn's two-square step.
    #[inline]
    pub const fn double_push(from: Square, to: Square) -> Move {
        Move::pack(from, to, FLAG_DOUBLE)
    }

    /// Castling: the king on `king` with the rook on `rook`.
    #[inline]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, FLAG_CASTLE)
    }

    /// An en passant capture landing on `to`.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, FLAG_EN_PASSANT)
    }

    /// A promotion to `kind`; a pawn or king `kind` gives a queen promotion
    /// rather than an impossible move.
    #[inline]
    pub const fn promotion(from: Square, to: Square, kind: PieceKind) -> Move {
        let offset = match kind {
            PieceKind::Knight => 0,
            PieceKind::Bishop => 1,
            PieceKind::Rook => 2,
            _ => 3,
        };
        Move::pack(from, to, FLAG_PROMOTION + offset)
    }

    /// The kind of the piece that moves (the king, for castling).
    #[inline]
    pub const fn piece(self) -> PieceKind {
        match self.0 >> 12 {
            FLAG_CASTLE | 13.. => PieceKind::King,
            9 => PieceKind::Knight,
            10 => PieceKind::Bishop,
            11 => PieceKind::Rook,
            12 => PieceKind::Queen,
            _ => PieceKind::Pawn,
        }
    }

    /// The square the moving piece (the king, for castling) starts on.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_wrapping((self.0 & 63) as usize)
    }

    /// The target square: for castling, the rook's square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_wrapping((self.0 >> 6 & 63) as usize)
    }

    /// What kind of move this is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            FLAG_DOUBLE => MoveKind::DoublePush,
            FLAG_CASTLE => MoveKind::Castle,
            FLAG_EN_PASSANT => MoveKind::EnPassant,
            4 => MoveKind::Promotion(PieceKind::Knight),
            5 => MoveKind::Promotion(PieceKind::Bishop),
            6 => MoveKind::Promotion(PieceKind::Rook),
            7 => MoveKind::Promotion(PieceKind::Queen),
            _ => MoveKind::Normal,
        }
    }

    /// The promotion piece, if this is a promotion.
    #[inline]
    pub const fn promotion_kind(self) -> Option<PieceKind> {
        match self.kind() {
            MoveKind::Promotion(kind) => Some(kind),
            _ => None,
        }
    }

    /// Whether this is castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == FLAG_CASTLE
    }

    /// The raw 16 bits.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The square the king lands on when castling (g or c file of its rank).
    #[inline]
    pub const fn castle_king_target(self) -> Square {
        self.castle_target(6, 2)
    }

    /// The square the rook lands on when castling (f or d file of its rank).
    #[inline]
    pub const fn castle_rook_target(self) -> Square {
        self.castle_target(5, 3)
    }

    /// The square on the king's rank at `king_side` when castling with a
    /// rook above the king, else at `queen_side`.
    #[inline]
    const fn castle_target(self, king_side: usize, queen_side: usize) -> Square {
        let king = self.from();
        let file = if (self.to() as u8) > (king as u8) {
            king_side
        } else {
            queen_side
        };
        Square::from_index_wrapping(king.rank() * 8 + file)
    }

    /// UCI text: `e2e4`, `e7e8q`. Castling is king-takes-rook (`e1h1`) when
    /// `chess960` is set, else the king's two-square step (`e1g1`).
    pub fn uci(self, chess960: bool) -> Uci {
        Uci { mv: self, chess960 }
    }
}

/// A move printed as UCI text; see [`Move::uci`].
#[derive(Clone, Copy, Debug)]
pub struct Uci {
    mv: Move,
    chess960: bool,
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = self.mv;
        let to = if mv.is_castle() && !self.chess960 {
            mv.castle_king_target()
        } else {
            mv.to()
        };
        write!(f, "{}{}", mv.from(), to)?;
        if let Some(kind) = mv.promotion_kind() {
            write!(f, "{}", kind.letter())?;
        }
        Ok(())
    }
}

/// Room for every legal move of any position (the known maximum is 218).
pub const MAX_MOVES: usize = 256;

/// A list of moves that never touches the heap.
pub type MoveList = ArrayList<Move, MAX_MOVES>;

crate::move_error::move_error!(
    "UCI",
    "e2e4` / `e7e8q",
    "two squares and an optional promotion letter (n, b, r, q), like e2e4 or e7e8q"
);

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
    /// The legal move that the UCI `text` names. Castling is accepted as
    /// king-takes-rook (`e1h1`) always, and as the king's two-square step
    /// (`e1g1`) outside Chess960 notation.
    ///
    /// # Errors
    ///
    /// [`MoveError`] when `text` is no UCI move, or names a move that is not
    /// legal here (saying why).
    ///
    /// ```
    /// use qiboard::chess::Position;
    /// let start = Position::start();
    /// assert!(start.parse_move("g1f3").is_ok());
    /// assert!(start.parse_move("e2e5").is_err());
    /// assert!(start.parse_move("e2").is_err());
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let (from, to, promotion) =
            split(text).ok_or_else(|| MoveError::Syntax(Excerpt::new(text)))?;
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
            .ok_or_else(|| MoveError::Illegal(Excerpt::new(text)))
    }

    /// `mv` as UCI text, castling written the way this position's
    /// notation asks (see [`Setup::is_chess960`](super::Setup::is_chess960)).
    ///
    /// ```
    /// use qiboard::chess::Position;
    /// let start = Position::start();
    /// let mv = start.parse_move("g1f3").unwrap();
    /// assert_eq!(start.move_text(mv), "g1f3");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn move_text(&self, mv: Move) -> alloc::string::String {
        alloc::string::ToString::to_string(&mv.uci(self.chess960))
    }

    /// `mv` as UCI text in an error: what [`Position::move_text`] gives,
    /// without a heap.
    #[cfg(feature = "alloc")]
    pub(crate) fn move_excerpt(&self, mv: Move) -> Excerpt {
        Excerpt::of_display(&mv.uci(self.chess960))
    }
}
