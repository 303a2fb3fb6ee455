//! Material signatures: which pieces each side has, written `KRKAAEE`
//! (Red's king and pieces, then Black's).

use std::fmt;
use std::str::FromStr;

use qiboard::xiangqi::{Color, PieceKind, Position};
use qiboard::Excerpt;

/// The order pieces are written in a canonical signature: attackers
/// first, then defenders (`KCAKAA`, `KRKAAEE`).
const WRITE_ORDER: [PieceKind; 6] = [
    PieceKind::Rook,
    PieceKind::Cannon,
    PieceKind::Horse,
    PieceKind::Pawn,
    PieceKind::Advisor,
    PieceKind::Elephant,
];

/// The letter a signature uses: `E` for the elephant (unlike FEN's `B`),
/// `N` for the horse.
const fn signature_letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::Elephant => 'E',
        other => other.letter(),
    }
}

/// The pieces of both sides in an endgame.
///
/// ```
/// use qiboard_tablebase::Material;
/// use qiboard::xiangqi::{Color, PieceKind};
///
/// let material: Material = "KRKBBA".parse().unwrap();
/// assert_eq!(material.to_string(), "KRKAEE");
/// assert_eq!(material.count(Color::Black, PieceKind::Elephant), 2);
/// assert!("KRRRK".parse::<Material>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// `[color][kind]` piece counts; kings are always 1.
    counts: [[u8; 7]; 2],
}

/// Why a text is not a material signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MaterialError {
    /// The text is empty.
    Empty,
    /// The text does not start with Red's king `K`.
    NoRedKing(Excerpt),
    /// There is no second `K` starting Black's pieces.
    NoBlackKing(Excerpt),
    /// More than two kings.
    ExtraKing(Excerpt),
    /// A character that names no piece.
    BadLetter {
        /// The signature.
        text: Excerpt,
        /// The offending character.
        found: char,
    },
    /// More pieces of a kind than a side has in the game.
    TooMany {
        /// The signature.
        text: Excerpt,
        /// Whose pieces.
        color: Color,
        /// Which kind.
        kind: PieceKind,
        /// How many were given.
        count: u32,
    },
}

impl fmt::Display for MaterialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const FORM: &str = "a signature is Red's K and pieces then Black's K and pieces, like KRKAAEE (letters K A E/B N/H R C P)";
        match self {
            MaterialError::Empty => write!(f, "empty material signature; {FORM}"),
            MaterialError::NoRedKing(text) => {
                write!(
                    f,
                    "material {text:?} does not start with Red's king K; {FORM}"
                )
            }
            MaterialError::NoBlackKing(text) => {
                write!(
                    f,
                    "material {text:?} has no second K for Black's king; {FORM}"
                )
            }
            MaterialError::ExtraKing(text) => {
                write!(f, "material {text:?} has more than two kings; {FORM}")
            }
            MaterialError::BadLetter { text, found } => write!(
                f,
                "material {text:?}: {found:?} is not a piece letter (K A E/B N/H R C P)"
            ),
            MaterialError::TooMany {
                text,
                color,
                kind,
                count,
            } => write!(
                f,
                "material {text:?} gives {color} {count} of '{}', at most {} are allowed",
                signature_letter(*kind),
                kind.max_count()
            ),
        }
    }
}

impl std::error::Error for MaterialError {}

impl Material {
    /// The material of the pieces on `position`'s board.
    #[inline]
    pub fn of(position: &Position) -> Material {
        // Bit by bit, each kind's set cleared one piece at a time: an
        // endgame has a handful, and fourteen 128-bit popcounts cost more
        // where the CPU has no popcount instruction (asking each square
        // for its piece cost more still: searching the fourteen sets).
        let mut counts = [[0u8; 7]; 2];
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let mut bits = position.pieces(color, kind).0;
                let mut count = 0;
                while bits != 0 {
                    bits &= bits - 1;
                    count += 1;
                }
                counts[color as usize][kind as usize] = count;
            }
        }
        Material { counts }
    }

    /// The bare kings, `KK`: what every material grows from with
    /// [`Material::with`].
    pub const KINGS: Material = {
        let mut counts = [[0u8; 7]; 2];
        counts[0][PieceKind::King as usize] = 1;
        counts[1][PieceKind::King as usize] = 1;
        Material { counts }
    };

    /// Rooks, horses, cannons and pawns of both sides: the pieces that
    /// cross the river and attack.
    pub fn attackers(&self) -> u32 {
        Color::ALL
            .iter()
            .flat_map(|&color| {
                [
                    PieceKind::Rook,
                    PieceKind::Horse,
                    PieceKind::Cannon,
                    PieceKind::Pawn,
                ]
                .map(|kind| self.count(color, kind))
            })
            .sum()
    }

    /// The same endgame with one more `color` piece of `kind`, or `None`
    /// when that is a king or more of the kind than a side has.
    ///
    /// ```
    /// use qiboard::xiangqi::{Color, PieceKind};
    /// use qiboard_tablebase::Material;
    ///
    /// let krk = Material::KINGS.with(Color::Red, PieceKind::Rook).unwrap();
    /// assert_eq!(krk.to_string(), "KRK");
    /// assert_eq!(krk.with(Color::Black, PieceKind::King), None);
    /// ```
    pub fn with(&self, color: Color, kind: PieceKind) -> Option<Material> {
        let count = self.count(color, kind) + 1;
        if kind == PieceKind::King || count > kind.max_count() {
            return None;
        }
        let mut counts = self.counts;
        counts[color as usize][kind as usize] += 1;
        Some(Material { counts })
    }

    /// The counts packed in a number, three bits each: a key that is
    /// cheap to hash, and an order for listings.
    #[inline]
    pub fn packed(&self) -> u64 {
        self.counts
            .iter()
            .flatten()
            .fold(0, |packed, &count| packed << 3 | u64::from(count & 7))
    }

    /// The same endgame with the colours swapped (`KRKAA` ↔ `KAAKR`): the
    /// material of every [`Position::flipped`] position.
    pub fn flipped(&self) -> Material {
        Material {
            counts: [self.counts[1], self.counts[0]],
        }
    }

    /// The colour orientation whose table is stored: the one where Red's
    /// pieces, compared kind by kind in the order rooks, cannons, horses,
    /// pawns, advisors, elephants, are not fewer than Black's (Red is the
    /// stronger side, as the signatures are usually written). Symmetric
    /// materials are their own canonical form.
    pub fn canonical(&self) -> Material {
        if self.is_canonical() {
            *self
        } else {
            self.flipped()
        }
    }

    /// Whether this is its own [`canonical`](Material::canonical) form.
    pub fn is_canonical(&self) -> bool {
        let strength = |color: usize| WRITE_ORDER.map(|kind| self.counts[color][kind as usize]);
        strength(0) >= strength(1)
    }

    /// How many pieces of `kind` `color` has (1 for the king).
    #[inline]
    pub fn count(&self, color: Color, kind: PieceKind) -> u32 {
        u32::from(self.counts[color as usize][kind as usize])
    }

    /// All pieces on the board, kings included.
    pub fn piece_count(&self) -> u32 {
        self.counts.iter().flatten().map(|&n| u32::from(n)).sum()
    }

    /// The material after `color` loses one piece of `kind`, if it has one
    /// (never a king).
    pub fn without(&self, color: Color, kind: PieceKind) -> Option<Material> {
        if kind == PieceKind::King || self.count(color, kind) == 0 {
            return None;
        }
        let mut smaller = *self;
        smaller.counts[color as usize][kind as usize] -= 1;
        Some(smaller)
    }

    /// The distinct endgames one capture away.
    pub fn captures(&self) -> Vec<Material> {
        let mut list: Vec<Material> = Color::ALL
            .into_iter()
            .flat_map(|color| PieceKind::ALL.into_iter().map(move |kind| (color, kind)))
            .filter_map(|(color, kind)| self.without(color, kind))
            .collect();
        list.dedup();
        list
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for color in Color::ALL {
            f.write_str("K")?;
            for kind in WRITE_ORDER {
                for _ in 0..self.count(color, kind) {
                    write!(f, "{}", signature_letter(kind))?;
                }
            }
        }
        Ok(())
    }
}

impl FromStr for Material {
    type Err = MaterialError;

    /// Parses a signature: `K`, Red's pieces, `K`, Black's pieces, in any
    /// order and either case; `E`/`B` for elephants and `N`/`H` for horses.
    fn from_str(text: &str) -> Result<Material, MaterialError> {
        let text = text.trim();
        let owned = || Excerpt::from(text);
        let mut letters = text.chars();
        match letters.next() {
            None => return Err(MaterialError::Empty),
            Some('K' | 'k') => {}
            Some(_) => return Err(MaterialError::NoRedKing(owned())),
        }
        let mut counts = [[0u8; 7]; 2];
        counts[0][PieceKind::King as usize] = 1;
        let mut color = Color::Red;
        for found in letters {
            let kind = PieceKind::from_letter(found).ok_or_else(|| MaterialError::BadLetter {
                text: owned(),
                found,
            })?;
            if kind == PieceKind::King {
                if color == Color::Black {
                    return Err(MaterialError::ExtraKing(owned()));
                }
                color = Color::Black;
            }
            let count = &mut counts[color as usize][kind as usize];
            *count = count.saturating_add(1);
            if u32::from(*count) > kind.max_count() {
                return Err(MaterialError::TooMany {
                    text: owned(),
                    color,
                    kind,
                    count: u32::from(*count),
                });
            }
        }
        if color == Color::Red {
            return Err(MaterialError::NoBlackKing(owned()));
        }
        Ok(Material { counts })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_round_trip_in_canonical_order() {
        for (text, canonical) in [
            ("KRKA", "KRKA"),
            ("kackaa", "KCAKAA"),
            ("KHKB", "KNKE"),
            ("KPK", "KPK"),
            ("KEEARKAAEE", "KRAEEKAAEE"),
            ("KK", "KK"),
        ] {
            let material: Material = text.parse().unwrap();
            assert_eq!(material.to_string(), canonical);
            assert_eq!(canonical.parse::<Material>().unwrap(), material);
        }
    }

    #[test]
    fn bad_signatures_say_why() {
        let cases = [
            ("", "empty"),
            ("RK", "does not start"),
            ("KR", "no second K"),
            ("KRKK", "more than two kings"),
            ("KXK", "not a piece letter"),
            ("KRRRK", "at most 2"),
            ("KKPPPPPP", "at most 5"),
        ];
        for (text, why) in cases {
            let error = text.parse::<Material>().unwrap_err().to_string();
            assert!(error.contains(why), "{text:?}: {error}");
        }
    }

    #[test]
    fn captures_remove_one_piece() {
        let material: Material = "KRKAA".parse().unwrap();
        let names: Vec<String> = material.captures().iter().map(|m| m.to_string()).collect();
        assert_eq!(names, ["KKAA", "KRKA"]);
    }
}

/// `"KRKAAEE"`: what the material prints, read back with its parser.
#[cfg(feature = "serde")]
mod serde_impls {
    use std::fmt;

    use serde::de::{self, Deserializer, Visitor};
    use serde::ser::{Serialize, Serializer};
    use serde::Deserialize;

    use super::Material;

    impl Serialize for Material {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Material {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_str(MaterialVisitor)
        }
    }

    struct MaterialVisitor;

    impl Visitor<'_> for MaterialVisitor {
        type Value = Material;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a material signature like KRKAAEE")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Material, E> {
            text.parse().map_err(E::custom)
        }
    }
}
