//! Where each kind of piece of each side can ever stand, and piece sets
//! there numbered by the combinatorial number system.

use super::combinatorial::{self, MAX_SET};
use qiboard::xiangqi::{reachable, Bitboard, Color, Piece, PieceKind, Square};

/// Where one kind of piece of one colour can ever stand, with each
/// square's position in that list.
#[derive(Clone, Debug)]
pub(crate) struct Domain {
    pub(super) squares: Vec<Square>,
    /// `local[square]` = the square's position in `squares`, or `NOWHERE`.
    pub(super) local: [u8; 90],
    /// `local` of each square's mirror image across the e-file: a set in a
    /// mirrored slot is ranked without flipping its squares.
    mirrored: [u8; 90],
}

/// The `local` of a square outside the domain.
pub(super) const NOWHERE: u8 = u8::MAX;

impl Domain {
    /// The squares a piece of `color` and `kind` can ever stand on:
    /// qiboard's [`reachable`], the same points every FEN reader checks.
    pub(super) fn new(color: Color, kind: PieceKind) -> Domain {
        let squares: Vec<Square> = reachable(Piece { color, kind }).into_iter().collect();
        let mut local = [NOWHERE; 90];
        for (i, square) in squares.iter().enumerate() {
            local[*square as usize] = i as u8;
        }
        let mirrored =
            std::array::from_fn(|square| local[Square::ALL[square].flip_file() as usize]);
        Domain {
            squares,
            local,
            mirrored,
        }
    }

    /// The position of `square` (of its mirror image, when `mirrored`) in
    /// the domain, or `NOWHERE`.
    #[inline]
    pub(super) fn local(&self, square: Square, mirrored: bool) -> u8 {
        let locals = if mirrored {
            &self.mirrored
        } else {
            &self.local
        };
        locals[square as usize]
    }

    /// The squares of the domain.
    pub(crate) fn squares(&self) -> Bitboard {
        self.squares.iter().copied().collect()
    }

    pub(super) fn len(&self) -> usize {
        self.squares.len()
    }

    /// The combinatorial number of `set` (every square in the domain), its
    /// squares mirrored first when `mirrored`.
    #[inline]
    pub(crate) fn number(&self, set: Bitboard, mirrored: bool) -> Option<u64> {
        if !set.has_many() {
            // No piece is set 0, a single one its place in the domain.
            let Some(square) = set.first() else {
                return Some(0);
            };
            let local = self.local(square, mirrored);
            return (local != NOWHERE).then_some(u64::from(local));
        }
        let mut locals = [0u8; MAX_SET];
        let mut count = 0;
        for square in set {
            let local = self.local(square, mirrored);
            if local == NOWHERE || count == MAX_SET {
                return None;
            }
            locals[count] = local;
            count += 1;
        }
        // Squares come lowest first and the domain lists them in order, so
        // only mirrored sets need sorting.
        if mirrored {
            locals[..count].sort_unstable();
        }
        Some(combinatorial::number(&locals[..count]))
    }

    /// The set of `count` squares with combinatorial number `number`.
    #[inline]
    pub(crate) fn set(&self, number: u64, count: usize) -> Bitboard {
        if count == 1 {
            return self.squares[number as usize].bitboard();
        }
        let mut set = Bitboard::EMPTY;
        combinatorial::members(number, count, self.len(), |local| {
            set = set.with(self.squares[local]);
        });
        set
    }

    /// How many sets of `count` squares there are.
    pub(super) fn sets(&self, count: usize) -> u64 {
        combinatorial::binomial(self.len(), count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domains_have_the_expected_sizes() {
        for color in Color::ALL {
            let size = |kind| Domain::new(color, kind).len();
            assert_eq!(size(PieceKind::King), 9);
            assert_eq!(size(PieceKind::Advisor), 5);
            assert_eq!(size(PieceKind::Elephant), 7);
            assert_eq!(size(PieceKind::Pawn), 55);
            assert_eq!(size(PieceKind::Rook), 90);
        }
    }

    #[test]
    fn set_numbers_are_a_bijection() {
        let domain = Domain::new(Color::Black, PieceKind::Pawn);
        for count in 1..=3 {
            for number in 0..domain.sets(count) {
                let set = domain.set(number, count);
                assert_eq!(set.count() as usize, count);
                assert_eq!(domain.number(set, false), Some(number));
            }
        }
    }
}
