//! How the chess slider tables are read: one square's magic multiplier
//! hashes the occupancy of its rays into an index of the shared attack
//! table. The generator searches the multipliers and checks every
//! occupancy through [`Magic::index`]; the runtime looks up through
//! [`Window::index`], the same arithmetic on a window of the table.

use super::Bitboard;

/// One square's magic. A slider on the square attacks
/// `SLIDER_ATTACKS[offset + ((occupied | outside) * factor >> shift)]`.
///
/// With the default seed (`FIXED_SHIFTS`), `shift` is `64 - 12` for every
/// rook square and `64 - 9` for every bishop square, so a lookup shifts by
/// a constant; the squares' windows of the table overlap, each using only
/// the slots its own occupancies reach. Other seeds give each square the
/// shift its mask needs and lay the slices side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Magic {
    /// The squares whose occupancy does not matter (the complement of the
    /// rays without their edge squares): ORed in, so they never vary.
    pub outside: u64,
    /// The multiplier found by the generator's search.
    pub factor: u64,
    /// Where this square's window of the attack table starts.
    pub offset: u32,
    /// How far the product is shifted right.
    pub shift: u32,
}

impl Magic {
    /// The slot of the shared attack table for `occupied`.
    ///
    /// ```
    /// use qiboard_types::chess::Magic;
    ///
    /// let magic = Magic { outside: !0xff00, factor: 1 << 8, offset: 100, shift: 60 };
    /// assert_eq!(magic.index(0), 100 + 15);
    /// ```
    #[inline]
    pub const fn index(&self, occupied: u64) -> usize {
        self.offset as usize + hash(occupied, self.outside, self.factor, self.shift)
    }
}

/// The one hash both the search and the lookups use.
#[inline]
const fn hash(occupied: u64, outside: u64, factor: u64, shift: u32) -> usize {
    ((occupied | outside).wrapping_mul(factor) >> shift) as usize
}

/// A square's magic with its window of the attack table as a reference to
/// an array of `N` entries, so that a lookup adds no offset and checks no
/// bounds: `attacks[(occupied | outside) * factor >> shift]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window<const N: usize> {
    /// The squares whose occupancy does not matter: ORed in, so they never
    /// vary.
    pub outside: u64,
    /// The multiplier found by the generator's search.
    pub factor: u64,
    /// The square's `N` entries of the attack table.
    pub attacks: &'static [u64; N],
    /// How far the product is shifted right.
    pub shift: u32,
}

impl<const N: usize> Window<N> {
    /// The index into [`Window::attacks`] for `occupied`. With
    /// `fixed_shift` the shift is the constant `64 - log2(N)` (the
    /// default seed's tables), which makes the index below `N` by
    /// construction and lets the mask compile away.
    #[inline]
    pub const fn index(&self, occupied: u64, fixed_shift: bool) -> usize {
        let shift = if fixed_shift {
            64 - N.ilog2()
        } else {
            self.shift
        };
        hash(occupied, self.outside, self.factor, shift) & (N - 1)
    }

    /// The squares the slider attacks when `occupied` is occupied.
    #[inline]
    pub const fn attacks(&self, occupied: Bitboard, fixed_shift: bool) -> Bitboard {
        Bitboard(self.attacks[self.index(occupied.0, fixed_shift)])
    }
}

/// The `N` entries of `table` from `offset` on.
///
/// # Panics
///
/// When they end past the table: the generator checked that none does,
/// and a `static` built from it fails to compile rather than a program
/// failing to run.
pub const fn window<const N: usize>(table: &'static [u64], offset: usize) -> &'static [u64; N] {
    let (_, from_offset) = table.split_at(offset);
    match from_offset.first_chunk::<N>() {
        Some(window) => window,
        None => panic!("a window ends past the attack table"),
    }
}
