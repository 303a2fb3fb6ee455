//! The generated chess tables, as `build.rs` wrote them to `OUT_DIR`.
//!
//! A reviewed, pretty-printed copy of the default-seed tables lives in the
//! repository's `tables/chess/`. Prefer the lookups in [`crate::chess`];
//! these raw arrays are public for engines that want to index them directly.

/// One square's magic. A slider on the square attacks
/// `SLIDER_ATTACKS[offset + ((occupied | outside) * factor >> shift)]`.
///
/// With the default seed ([`FIXED_SHIFTS`]), `shift` is `64 - 12` for every
/// rook square and `64 - 9` for every bishop square, so a lookup shifts by a
/// constant; the squares' windows of the table overlap, each using only the
/// slots its own occupancies reach. Other seeds give each square the shift
/// its mask needs and lay the slices side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    /// The squares whose occupancy does not matter (the complement of the
    /// rays without their edge squares): ORed in, so they never vary.
    pub outside: u64,
    /// The multiplier found by the generator's search.
    pub factor: u64,
    /// Where this square's window of [`SLIDER_ATTACKS`] starts.
    pub offset: u32,
    /// How far the product is shifted right.
    pub shift: u32,
}

include!(concat!(env!("OUT_DIR"), "/chess/leapers.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/sliders.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/lines.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/zobrist.rs"));
