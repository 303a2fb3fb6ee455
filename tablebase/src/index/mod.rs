//! The perfect index of an endgame's positions, described at [`Layout`]:
//! the combinatorial number system, the mirror, where pieces can stand,
//! palace placements, the layout itself and decoding entries back into
//! positions.

mod combinatorial;
mod decoder;
mod domain;
mod layout;
mod mirror;
mod placement;

#[cfg(feature = "generate")]
pub(crate) use decoder::Decoder;
#[cfg(feature = "generate")]
pub(crate) use layout::Slot;
pub use layout::{Layout, OffDomain, TooLarge};
#[cfg(feature = "generate")]
pub(crate) use mirror::mirror_square;

/// The most entries (both sides to move) an endgame may have: 2⁴⁷, far
/// above the largest of two attackers (1.6 × 10¹⁰). Entries are numbered
/// with `u64`, both sides' in one range, and the rule rounds pack an entry
/// and its victims into 64 bits. What can be solved is the memory's say:
/// two bytes an entry in memory, or out of core within a limit
/// ([`crate::Generator::with_memory_limit`]).
pub const MAX_ENTRIES: u64 = 1 << 47;
