//! The perfect index of an endgame's positions.
//!
//! Each side's king, advisors and elephants only ever stand in that side's
//! own half (the palace, the five advisor points, the seven elephant
//! points), so they are enumerated together as one *group placement*: a
//! king square plus a set of advisor points plus a set of elephant points,
//! none shared. `KAAEE` has 1,410 such placements, a lone king 9.
//!
//! A *pair* is a Red placement with a Black placement. Xiangqi's rules are
//! symmetric about the e-file, so a pair and its mirror image hold the same
//! values: only one of the two is stored (the one with the smaller
//! `(red, black)` placement numbers), and a position whose pair is not
//! canonical is mirrored before it is indexed. A pair that is its own
//! mirror (both kings on the e-file, defenders symmetric) is stored as is,
//! so there both a position and its mirror have entries.
//!
//! The remaining pieces (horses, rooks, cannons, pawns) are indexed per
//! kind and colour as a set of `k` identical pieces on the `d` squares
//! the piece can ever stand on (all 90 for horses, rooks and cannons; the
//! 55 a pawn can reach), by the combinatorial number system: the sorted
//! local squares `l0 < l1 < …` rank as `C(l0, 1) + C(l1, 2) + …`.
//!
//! ```text
//! index = pair × free_size + Σ rank(group i) × stride(i)
//! ```
//!
//! with one such table for each side to move. Entries where two pieces
//! share a square, or the side not to move is in check (facing kings
//! included), are *broken*: marked illegal and excluded from all counts.

mod combinatorial;
mod decoder;
mod domain;
mod layout;
mod mirror;
mod placement;

pub(crate) use decoder::Decoder;
pub use layout::{Layout, OffDomain, TooLarge};

/// The most entries (both sides to move) an endgame may have: the solver
/// keeps about 6 bytes per entry and indexes them with `u32`; if the
/// memory cannot be had, solving returns [`super::TbError::OutOfMemory`].
pub const MAX_ENTRIES: u64 = 1 << 30;
