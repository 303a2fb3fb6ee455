//! The generated chess tables, as `build.rs` wrote them to `OUT_DIR`.
//!
//! A reviewed, pretty-printed copy of the default-seed tables lives in the
//! repository's `tables/chess/`. Prefer the lookups in [`crate::chess`];
//! these raw arrays are public for engines that want to index them directly.

/// One square's magic: `SLIDER_ATTACKS[offset + ((occupied & mask) * factor >> shift)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    /// The squares whose occupancy matters (rays without their edge square).
    pub mask: u64,
    /// The multiplier found by the generator's search.
    pub factor: u64,
    /// Where this square's slice of [`SLIDER_ATTACKS`] starts.
    pub offset: u32,
    /// `64 - mask.count_ones()`.
    pub shift: u32,
}

include!(concat!(env!("OUT_DIR"), "/chess/leapers.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/sliders.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/lines.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/zobrist.rs"));
