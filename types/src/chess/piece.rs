use super::Color;

/// The kind of a chess piece, without its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl PieceKind {
    /// All six kinds, in index order (pawn first).
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// The four kinds a pawn may promote to, knight first.
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ];

    /// 0 for pawn … 5 for king.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind's English name in lowercase (`"knight"`), as serde
    /// writes it.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
        }
    }

    /// The lowercase letter FEN and UCI use (`p n b r q k`).
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'p',
            PieceKind::Knight => 'n',
            PieceKind::Bishop => 'b',
            PieceKind::Rook => 'r',
            PieceKind::Queen => 'q',
            PieceKind::King => 'k',
        }
    }

    /// The kind named by a lowercase letter, if any.
    pub const fn from_letter(letter: char) -> Option<PieceKind> {
        match letter {
            'p' => Some(PieceKind::Pawn),
            'n' => Some(PieceKind::Knight),
            'b' => Some(PieceKind::Bishop),
            'r' => Some(PieceKind::Rook),
            'q' => Some(PieceKind::Queen),
            'k' => Some(PieceKind::King),
            _ => None,
        }
    }
}

/// A piece: a kind and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// The FEN letter: uppercase for White, lowercase for Black.
    pub const fn letter(self) -> char {
        let letter = self.kind.letter();
        match self.color {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter,
        }
    }

    /// The piece a FEN letter names (uppercase White, lowercase Black), if any.
    pub const fn from_letter(letter: char) -> Option<Piece> {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match PieceKind::from_letter(letter.to_ascii_lowercase()) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }
}

#[cfg(feature = "serde")]
crate::serde_text::named!(
    PieceKind,
    "a chess piece kind: pawn, knight, bishop, rook, queen or king",
    serialize_str(PieceKind::name),
    deserialize_str(|text| crate::serde_text::by_name(&PieceKind::ALL, PieceKind::name, text))
);
#[cfg(feature = "serde")]
crate::serde_text::named!(
    Piece,
    "a chess piece's FEN letter (PNBRQK, pnbrqk)",
    serialize_char(Piece::letter),
    deserialize_char(|text| crate::serde_text::single_char(text).and_then(Piece::from_letter))
);
