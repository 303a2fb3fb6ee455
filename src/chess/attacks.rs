//! Attack lookups: each one a read of a generated table.

use super::tables::{
    Magic, BETWEEN, BISHOP_INDEX_BITS, BISHOP_MAGICS, FIXED_SHIFTS, KING_ATTACKS, KNIGHT_ATTACKS,
    LINE, PAWN_ATTACKS, ROOK_INDEX_BITS, ROOK_MAGICS, SLIDER_ATTACKS,
};
use super::{Bitboard, Color, Square};

/// Squares a knight on `square` attacks.
///
/// ```
/// use qiboard::chess::{knight_attacks, Square};
/// // The eight targets of a knight on d4 (seed 003's example).
/// assert_eq!(
///     knight_attacks(Square::D4).to_string(),
///     "00000000/00000000/00101000/01000100/00000000/01000100/00101000/00000000"
/// );
/// ```
#[inline]
pub const fn knight_attacks(square: Square) -> Bitboard {
    Bitboard(KNIGHT_ATTACKS[square as usize])
}

/// Squares a king on `square` attacks.
#[inline]
pub const fn king_attacks(square: Square) -> Bitboard {
    Bitboard(KING_ATTACKS[square as usize])
}

/// Squares a pawn of `color` on `square` attacks (its diagonal captures).
#[inline]
pub const fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    Bitboard(PAWN_ATTACKS[color as usize][square as usize])
}

/// A square's magic with its window of [`SLIDER_ATTACKS`] as a reference to
/// a fixed-size array, so a lookup adds no offset and checks no bounds.
struct Window<const N: usize> {
    outside: u64,
    factor: u64,
    attacks: &'static [u64; N],
    shift: u32,
}

impl<const N: usize> Window<N> {
    #[inline]
    const fn lookup(&self, occupied: Bitboard) -> Bitboard {
        // A constant shift when the tables allow it: the index is then
        // below `N` by construction and the mask below compiles away.
        let shift = if FIXED_SHIFTS {
            64 - N.ilog2()
        } else {
            self.shift
        };
        let index = (occupied.0 | self.outside).wrapping_mul(self.factor) >> shift;
        Bitboard(self.attacks[index as usize & (N - 1)])
    }
}

/// Each square's window, cut out of the table at compile time. The
/// generator verified that every window lies inside the table.
const fn windows<const N: usize>(magics: &[Magic; 64]) -> [Window<N>; 64] {
    let mut windows = [const {
        Window {
            outside: 0,
            factor: 0,
            attacks: &[0; N],
            shift: 0,
        }
    }; 64];
    let mut square = 0;
    while square < 64 {
        let magic = &magics[square];
        let (_, from_offset) = SLIDER_ATTACKS.split_at(magic.offset as usize);
        windows[square] = Window {
            outside: magic.outside,
            factor: magic.factor,
            attacks: from_offset
                .first_chunk::<N>()
                .expect("the window fits the table"),
            shift: magic.shift,
        };
        square += 1;
    }
    windows
}

static ROOK_WINDOWS: [Window<{ 1 << ROOK_INDEX_BITS }>; 64] = windows(&ROOK_MAGICS);
static BISHOP_WINDOWS: [Window<{ 1 << BISHOP_INDEX_BITS }>; 64] = windows(&BISHOP_MAGICS);

/// Squares a rook on `square` attacks, given the occupied squares: each ray
/// runs up to and including the first occupied square.
///
/// ```
/// use qiboard::chess::{rook_attacks, Bitboard, Square};
/// // Seed 003: the squares a rook on d1 attacks that black pieces occupy.
/// let black: Bitboard = [Square::D5, Square::H1, Square::H8].into_iter().collect();
/// assert_eq!(
///     (rook_attacks(Square::D1, black) & black).to_string(),
///     "00000000/00000000/00000000/00010000/00000000/00000000/00000000/00000001"
/// );
/// ```
#[inline]
pub const fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    ROOK_WINDOWS[square as usize].lookup(occupied)
}

/// Squares a bishop on `square` attacks, given the occupied squares.
#[inline]
pub const fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    BISHOP_WINDOWS[square as usize].lookup(occupied)
}

/// Squares a queen on `square` attacks, given the occupied squares.
#[inline]
pub const fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rook_attacks(square, occupied).0 | bishop_attacks(square, occupied).0)
}

/// Squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; empty otherwise.
#[inline]
pub const fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a as usize][b as usize])
}

/// The whole rank, file or diagonal through `a` and `b` (both included) if
/// they are aligned; empty otherwise.
#[inline]
pub const fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a as usize][b as usize])
}
