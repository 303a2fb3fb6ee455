//! Where generated moves go: a list, or a counter that never builds one.

use crate::xiangqi::{Bitboard, Move, MoveList, Square};

/// Where generated moves go: a list, or a count.
pub(super) trait Sink {
    /// The running total of a sink that only counts, so that moves can be
    /// counted without being found one by one; `None` for one that lists.
    fn count_only(&mut self) -> Option<&mut u64>;
    /// All of `targets` are legal destinations for the piece on `from`.
    fn all(&mut self, from: Square, targets: Bitboard);
    /// One legal move.
    fn one(&mut self, mv: Move);
    /// Every square of `targets` is a legal destination for a piece
    /// standing `step` squares before it (pawns, generated together).
    fn shifted(&mut self, targets: Bitboard, step: i8);
}

impl Sink for MoveList {
    #[inline(always)]
    fn count_only(&mut self) -> Option<&mut u64> {
        None
    }

    #[inline]
    fn all(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push_or_panic(Move::new(from, to));
        }
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        self.push_or_panic(mv);
    }

    #[inline]
    fn shifted(&mut self, targets: Bitboard, step: i8) {
        for to in targets {
            let from = Square::ALL[(to as usize).wrapping_add_signed(-isize::from(step))];
            self.push_or_panic(Move::new(from, to));
        }
    }
}

/// Counts moves; `HARDWARE` counts set bits with `count_ones` (for code
/// compiled with the `popcnt` feature), otherwise with [`count90`].
pub(super) struct Counter<const HARDWARE: bool>(pub(super) u64);

impl<const HARDWARE: bool> Counter<HARDWARE> {
    #[inline(always)]
    fn bits(set: Bitboard) -> u64 {
        if HARDWARE {
            u64::from(set.0.count_ones())
        } else {
            count90(set)
        }
    }
}

/// Population count of a 90-bit set without the `popcnt` instruction
/// (absent from the default x86-64 target): both halves share the final
/// byte-summing steps.
#[inline(always)]
fn count90(set: Bitboard) -> u64 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let (low, high) = (set.0 as u64, (set.0 >> 64) as u64);
    let low = low - (low >> 1 & M1);
    let high = high - (high >> 1 & M1);
    // Nibbles hold at most 4 + 4 after the sum.
    let nibbles = (low & M2) + (low >> 2 & M2) + (high & M2) + (high >> 2 & M2);
    let bytes = (nibbles & M4) + (nibbles >> 4 & M4);
    bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56
}

impl<const HARDWARE: bool> Sink for Counter<HARDWARE> {
    #[inline(always)]
    fn count_only(&mut self) -> Option<&mut u64> {
        Some(&mut self.0)
    }

    #[inline]
    fn all(&mut self, _from: Square, targets: Bitboard) {
        self.0 += Self::bits(targets);
    }

    #[inline]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }

    #[inline]
    fn shifted(&mut self, targets: Bitboard, _step: i8) {
        self.0 += Self::bits(targets);
    }
}
