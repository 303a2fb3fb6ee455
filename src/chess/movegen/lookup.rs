//! How generation looks up slider attacks: through the magic windows
//! everywhere, or with bishops through the PEXT table where the CPU has a
//! fast `PEXT` (see `perft_x86`). Generation is generic over the layout,
//! so that each gets its own compiled copy and no lookup pays for a choice.
//!
//! The lookups are methods of [`Sliders`]; a layout ([`Layout`]) only says
//! whether bishops go through PEXT, and with what proof that it may.

use crate::chess::{bishop_attacks, rook_attacks, Bitboard, Square};

/// Proof that this CPU has a fast BMI2 `PEXT` (made only after run-time
/// detection, in `perft_x86`).
#[cfg(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized)))]
pub(crate) use crate::chess::perft_x86::FastPext;

/// Proof that this CPU has a fast BMI2 `PEXT`: none here, so none exists.
#[cfg(not(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized))))]
#[derive(Clone, Copy)]
pub(crate) enum FastPext {}

#[cfg(not(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized))))]
impl FastPext {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(crate) fn bishop_attacks(self, _: Square, _: Bitboard) -> Bitboard {
        match self {}
    }
}

/// A slider table layout.
pub(crate) trait Layout: Copy {
    /// `Some` if bishops are looked up by PEXT (then with that proof).
    fn fast_pext(self) -> Option<FastPext>;
}

/// The portable layout: fixed-shift magics over the shared attack table
/// (what the public [`rook_attacks`](crate::chess::rook_attacks) and
/// [`bishop_attacks`](crate::chess::bishop_attacks) read).
#[derive(Clone, Copy)]
pub(crate) struct Magics;

impl Layout for Magics {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn fast_pext(self) -> Option<FastPext> {
        None
    }
}

/// Rooks by magic, bishops by `PEXT`.
impl Layout for FastPext {
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn fast_pext(self) -> Option<FastPext> {
        Some(self)
    }
}

/// Rook and bishop attacks in layout `L`.
#[derive(Clone, Copy)]
pub(crate) struct Sliders<L>(pub(crate) L);

impl<L: Layout> Sliders<L> {
    /// Squares a rook on `square` attacks, given the occupied squares.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(crate) fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        rook_attacks(square, occupied)
    }

    /// Squares a bishop on `square` attacks, given the occupied squares.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(crate) fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        match self.0.fast_pext() {
            Some(pext) => pext.bishop_attacks(square, occupied),
            None => bishop_attacks(square, occupied),
        }
    }

    /// Squares a queen on `square` attacks, given the occupied squares.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(crate) fn queen(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.rook(square, occupied) | self.bishop(square, occupied)
    }
}
