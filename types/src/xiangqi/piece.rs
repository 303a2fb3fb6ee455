use core::fmt;

use super::Color;

/// A kind of xiangqi piece, in the order of the FEN letters `K A B N R C P`
/// (the order Zobrist tables are indexed in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// 帥/將: stays in the palace, steps orthogonally.
    King,
    /// 仕/士: stays in the palace, steps diagonally.
    Advisor,
    /// 相/象 (FEN `B`, also `E`): two diagonal steps, never across the river.
    Elephant,
    /// 馬 (FEN `N`, also `H`): one orthogonal then one diagonal step.
    Horse,
    /// 車: slides orthogonally.
    Rook,
    /// 炮: slides to move, jumps exactly one screen to capture.
    Cannon,
    /// 兵/卒: forward, and sideways too once across the river.
    Pawn,
}

impl PieceKind {
    /// All kinds in index order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// 0 (king) … 6 (pawn).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The most pieces of this kind one side can have.
    pub const fn max_count(self) -> u32 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    /// The kind's English name in lowercase (`"horse"`), as serde
    /// writes it.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Rook => "rook",
            PieceKind::Cannon => "cannon",
            PieceKind::Pawn => "pawn",
        }
    }

    /// The uppercase FEN letter.
    pub const fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }

    /// The kind of an uppercase or lowercase FEN letter; `E` and `H` are
    /// accepted for the elephant and the horse.
    pub const fn from_letter(letter: char) -> Option<PieceKind> {
        Some(match letter.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Rook,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Pawn,
            _ => return None,
        })
    }
}

/// A piece: a kind and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub kind: PieceKind,
}

impl Piece {
    /// Red K A B N R C P = 0..7, Black = 7..14: the Zobrist index.
    #[inline]
    pub const fn index(self) -> usize {
        self.color as usize * 7 + self.kind as usize
    }

    /// The FEN letter: uppercase for Red, lowercase for Black.
    pub const fn letter(self) -> char {
        let upper = self.kind.letter();
        match self.color {
            Color::Red => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }

    /// The piece a FEN letter names: uppercase for Red, lowercase for
    /// Black; `E` and `H` are accepted for the elephant and the horse.
    pub const fn from_letter(letter: char) -> Option<Piece> {
        let color = if letter.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        match PieceKind::from_letter(letter) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(feature = "serde")]
crate::serde_text::named!(
    PieceKind,
    "a xiangqi piece kind: king, advisor, elephant, horse, rook, cannon or pawn",
    serialize_str(PieceKind::name),
    deserialize_str(|text| crate::serde_text::by_name(&PieceKind::ALL, PieceKind::name, text))
);
#[cfg(feature = "serde")]
crate::serde_text::named!(
    Piece,
    "a xiangqi piece's FEN letter (KABNRCP, kabnrcp; E, H accepted)",
    serialize_char(Piece::letter),
    deserialize_char(|text| crate::serde_text::single_char(text).and_then(Piece::from_letter))
);
