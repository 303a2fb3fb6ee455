use std::fmt;

use super::Color;

/// A kind of xiangqi piece, in the order of the FEN letters `K A B N R C P`
/// (the order Zobrist tables are indexed in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
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

impl Kind {
    /// All kinds in index order.
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Rook,
        Kind::Cannon,
        Kind::Pawn,
    ];

    /// 0 (king) … 6 (pawn).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The most pieces of this kind one side can have.
    pub const fn max_count(self) -> u32 {
        match self {
            Kind::King => 1,
            Kind::Pawn => 5,
            _ => 2,
        }
    }

    /// The uppercase FEN letter.
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Rook => 'R',
            Kind::Cannon => 'C',
            Kind::Pawn => 'P',
        }
    }

    /// The kind of an uppercase or lowercase FEN letter; `E` and `H` are
    /// accepted for the elephant and the horse.
    pub const fn from_letter(letter: char) -> Option<Kind> {
        Some(match letter.to_ascii_uppercase() {
            'K' => Kind::King,
            'A' => Kind::Advisor,
            'B' | 'E' => Kind::Elephant,
            'N' | 'H' => Kind::Horse,
            'R' => Kind::Rook,
            'C' => Kind::Cannon,
            'P' => Kind::Pawn,
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
    pub kind: Kind,
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
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
