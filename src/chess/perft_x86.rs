//! Chess perft in copies compiled for x86-64's `popcnt`, `bmi1`, `bmi2`
//! and `lzcnt`, which the default target may not assume, picked at run
//! time when the CPU has them (as xiangqi perft picks its copy).
//!
//! - `popcnt` matters most: the last ply counts moves by the bit count of
//!   each piece's target set, which the baseline target computes with a
//!   dozen shifts and masks.
//! - Where `PEXT` is fast (Intel since Haswell, AMD since Zen 3), bishops
//!   are looked up in the PEXT-indexed table, rooks still by magic. On
//!   AMD's Zen 1 and 2 (and Hygon's), where `PEXT` is microcoded and takes
//!   tens to hundreds of cycles, both are looked up by magic.
//!
//! The layouts and their sizes are described in
//! [`tables`](super::tables).

use core::arch::x86_64::{__cpuid, _pext_u64, CpuidResult};

use super::movegen::{Black, Counted, Inherited, Layout, Magics, Side, Sliders, White};
use super::tables::BISHOP_PEXT_WINDOWS;
use super::{Bitboard, Color, Position, Square};
use qiboard_types::chess::PextWindow;

/// Perft in a feature copy, if this CPU has the features (`None` if
/// not). `depth` must already be checked.
pub(super) fn perft(position: &Position, depth: u32) -> Option<u64> {
    if !crate::perft::has_x86_features() {
        return None;
    }
    let nodes = match FastPext::detect() {
        Some(pext) => run(Sliders(pext), position, depth),
        None => run(Sliders(Magics), position, depth),
    };
    Some(nodes)
}

/// The search with `sliders`, from the side to move. The caller has
/// detected every feature `search` is compiled for.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn run<L: Layout>(sliders: Sliders<L>, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // SAFETY: the CPU has every feature `search` is compiled for, which
    // the only caller, `perft`, checked.
    #[allow(unsafe_code)]
    unsafe {
        match position.side {
            Color::White => search::<White, L>(sliders, position, depth),
            Color::Black => search::<Black, L>(sliders, position, depth),
        }
    }
}

/// The search from a position with `Us` to move, `depth` ≥ 1.
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
fn search<Us: Side, L: Layout>(sliders: Sliders<L>, position: &Position, depth: u32) -> u64 {
    if depth == 1 {
        return position.count_moves::<Us, L>(sliders, Inherited::NONE, Counted::NONE);
    }
    let mut nodes = 0;
    if depth == 2 {
        position.for_each_last_child::<Us, L>(sliders, |child, inherited, counted| {
            nodes += child.count_moves::<Us::Other, L>(sliders, inherited, counted);
        });
        return nodes;
    }
    position.for_each_child::<Us, L>(sliders, |child| {
        nodes += search::<Us::Other, L>(sliders, child, depth - 1);
    });
    nodes
}

/// Proof that this CPU has a BMI2 `PEXT` worth using: made only by
/// [`FastPext::detect`]. As a slider layout, it looks bishops up by
/// `PEXT` and rooks by magic.
#[derive(Clone, Copy)]
pub(crate) struct FastPext(());

impl FastPext {
    /// A `FastPext` if the CPU has BMI2 and does not microcode `PEXT`.
    fn detect() -> Option<FastPext> {
        (std::is_x86_feature_detected!("bmi2") && !microcoded_pext()).then_some(FastPext(()))
    }

    /// Squares a bishop on `square` attacks, from the PEXT table.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(crate) fn bishop_attacks(self, square: Square, occupied: Bitboard) -> Bitboard {
        let window = &BISHOP_PEXT_WINDOWS[square as usize];
        // SAFETY: a `FastPext` exists only where BMI2 was detected.
        #[allow(unsafe_code)]
        let gathered = unsafe { _pext_u64(occupied.0, window.mask) };
        Bitboard(window.attacks[PextWindow::<512>::index(gathered)])
    }
}

/// Whether `PEXT` is microcoded here: on AMD and Hygon CPUs before family
/// 0x19 (Zen 3). Intel's has taken three cycles since it first had one.
fn microcoded_pext() -> bool {
    // SAFETY: every x86-64 CPU has CPUID, leaves 0 and 1 included. (Later
    // Rust declares `__cpuid` safe; the block keeps the declared MSRV.)
    #[allow(unsafe_code, unused_unsafe)]
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1)) };
    let CpuidResult { ebx, edx, ecx, .. } = vendor;
    // "AuthenticAMD" and "HygonGenuine", four bytes to a register.
    let amd = (ebx, edx, ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
    let hygon = (ebx, edx, ecx) == (0x6f67_7948, 0x6e65_476e, 0x656e_6975);
    let base = signature.eax >> 8 & 0xf;
    let family = if base == 0xf {
        base + (signature.eax >> 20 & 0xff)
    } else {
        base
    };
    (amd || hygon) && family < 0x19
}
