//! The perfect index of an endgame's positions, described at [`Layout`]:
//! the combinatorial number system, where pieces can stand, palace
//! placements, the layout itself, decoding entries back into positions,
//! and the entries one move before an entry (the walk a retrograde solver
//! takes).
//!
//! Both walks count from the entry they start at rather than index a
//! position in full: a move or un-move of a rook, horse, cannon or pawn
//! changes only its set's number (for a lone piece, its square's place in
//! the domain, read from a table kept for each orientation), and one of a
//! king, advisor or elephant only its side's placement, and with it the
//! pair (the sets' part is counted again only when the new pair is stored
//! in the other orientation).

mod combinatorial;
mod decoder;
mod domain;
mod layout;
mod placement;
mod predecessors;

pub use decoder::Decoder;
pub use layout::{Layout, OffDomain, Slot, TooLarge};

/// The most entries (both sides to move) an endgame may have: 2⁴⁷, far
/// above the largest of two attackers (1.6 × 10¹⁰). Entries are numbered
/// with `u64`, both sides' in one range, and the rule rounds pack an entry
/// and its victims into 64 bits. What can be solved is the memory's say:
/// two bytes an entry in memory, or out of core within a limit
/// (the generator's memory limit).
pub const MAX_ENTRIES: u64 = 1 << 47;
