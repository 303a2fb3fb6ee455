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

/// The most entries (both sides to move) an endgame may have: the solver
/// keeps 3 bytes per entry (6 GiB at this limit) and numbers them with
/// `u32`, both sides' entries in one range, with room to spare; if the
/// memory cannot be had, solving returns [`super::TbError::OutOfMemory`].
pub const MAX_ENTRIES: u64 = 1 << 31;
