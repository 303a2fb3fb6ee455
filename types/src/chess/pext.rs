//! How the PEXT-indexed slider tables are read: a square's relevant
//! occupancy, gathered into the low bits by a parallel bit extract, is the
//! index into the square's slice of the table, with no multiplier to find
//! and no slot left empty.
//!
//! x86's BMI2 `PEXT` does the gather in one instruction (three cycles on
//! Intel since Haswell and on AMD since Zen 3, but tens to hundreds on Zen
//! 1 and 2, where it is microcoded). [`pext`] here is the portable
//! definition: the generator lays the table out with it
//! ([`PextSquare::index`]), and the runtime's instruction computes the
//! same number ([`PextWindow::index`]).

use super::Bitboard;

/// The bits of `value` at the set bits of `mask`, packed into the low bits
/// in order (lowest mask bit first): what x86's `PEXT` computes.
///
/// ```
/// use qiboard_types::chess::pext;
/// assert_eq!(pext(0b1011_0110, 0b1111_0000), 0b1011);
/// assert_eq!(pext(0b1011_0110, 0b0101_0101), 0b0110);
/// ```
#[inline]
pub const fn pext(value: u64, mask: u64) -> u64 {
    let (mut mask, mut bit, mut packed) = (mask, 0, 0);
    while mask != 0 {
        if value & mask & mask.wrapping_neg() != 0 {
            packed |= 1 << bit;
        }
        bit += 1;
        mask &= mask - 1;
    }
    packed
}

/// The low bits of `packed`, spread onto the set bits of `mask` in order:
/// what x86's `PDEP` computes, and the inverse of [`pext`] on `mask`.
///
/// ```
/// use qiboard_types::chess::{pdep, pext};
/// assert_eq!(pdep(0b1011, 0b1111_0000), 0b1011_0000);
/// assert_eq!(pdep(pext(0x1234, 0xff0), 0xff0), 0x0230);
/// ```
#[inline]
pub const fn pdep(packed: u64, mask: u64) -> u64 {
    let (mut mask, mut bit, mut value) = (mask, 0, 0);
    while mask != 0 {
        if packed >> bit & 1 != 0 {
            value |= mask & mask.wrapping_neg();
        }
        bit += 1;
        mask &= mask - 1;
    }
    value
}

/// One square's entry of a PEXT-indexed slider table. A slider on the
/// square attacks `table[offset + pext(occupied, mask)]`: the square's
/// slice holds `1 << mask.count_ones()` attack sets, one for each
/// occupancy of the mask, in the order of their [`pext`] values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PextSquare {
    /// The squares whose occupancy changes the attacks: the rays without
    /// their edge squares.
    pub mask: u64,
    /// Where the square's slice of the table starts.
    pub offset: u32,
}

impl PextSquare {
    /// The slot of the table for `occupied`: the generator's index
    /// function.
    ///
    /// ```
    /// use qiboard_types::chess::PextSquare;
    /// let square = PextSquare { mask: 0b0110, offset: 40 };
    /// assert_eq!(square.index(0b1111), 40 + 0b11);
    /// assert_eq!(square.index(0b1001), 40);
    /// ```
    #[inline]
    pub const fn index(&self, occupied: u64) -> usize {
        self.offset as usize + pext(occupied, self.mask) as usize
    }
}

/// A [`PextSquare`] with its slice of the table as a reference to an
/// array of `N` entries (`N` a power of two, at least the slice's length),
/// so that a lookup adds no offset and checks no bounds:
/// `attacks[pext(occupied, mask)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PextWindow<const N: usize> {
    /// The squares whose occupancy changes the attacks.
    pub mask: u64,
    /// The square's entries of the table, from its offset on.
    pub attacks: &'static [u64; N],
}

impl<const N: usize> PextWindow<N> {
    /// The index into [`PextWindow::attacks`], given `gathered` =
    /// `pext(occupied, self.mask)` however the caller computed it (one
    /// instruction with BMI2, [`pext`] without). The mask changes nothing
    /// for a true `pext` value and lets the bounds check compile away.
    #[inline]
    pub const fn index(gathered: u64) -> usize {
        gathered as usize & (N - 1)
    }

    /// The squares the slider attacks when `occupied` is occupied, through
    /// the portable [`pext`] (slow: a loop over the mask's bits).
    ///
    /// ```
    /// use qiboard_types::chess::{Bitboard, PextWindow};
    /// static TABLE: [u64; 4] = [10, 11, 12, 13];
    /// let window = PextWindow::<4> { mask: 0b0110, attacks: &TABLE };
    /// assert_eq!(window.attacks(Bitboard(0b0100)), Bitboard(12));
    /// ```
    #[inline]
    pub const fn attacks(&self, occupied: Bitboard) -> Bitboard {
        Bitboard(self.attacks[Self::index(pext(occupied.0, self.mask))])
    }
}
