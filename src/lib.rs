//! # qiboard
//!
//! Chess and xiangqi board tables computed by `build.rs` from a fixed,
//! overridable seed and baked into the binary as `static` arrays. Every
//! lookup is a plain array read: there is nothing to initialise.
//!
//! ```
//! use qiboard::chess::{knight_attacks, Bitboard, Square};
//!
//! let d4: Square = "d4".parse().unwrap();
//! let expected: Bitboard = "00000000/00000000/00101000/01000100/00000000/01000100/00101000/00000000"
//!     .parse()
//!     .unwrap();
//! assert_eq!(knight_attacks(d4), expected);
//! ```
//!
//! Without default features the crate is `#![no_std]` and needs only
//! `core`: tables, bitboards, squares, attacks, both positions with FEN
//! input, legal move generation, make/undo, Zobrist keys and perft. The
//! `alloc` feature adds what needs a heap (games, FEN and move text as
//! `String`, perft `divide`); `std` (the default) adds run-time CPU-feature
//! detection and is required by the `tablebase` and `cli` features.
//!
//! Set `QIBOARD_SEED` (decimal or `0x` hex) when building to draw the magic
//! numbers and Zobrist keys from another seed; the same seed always gives
//! byte-identical tables.

#![cfg_attr(not(feature = "std"), no_std)]
// One `unsafe` block in the crate: calling xiangqi perft's copy compiled
// for CPU features that were detected at run time.
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod board;
pub mod chess;
mod fen;
pub mod list;
mod move_error;
mod perft;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod xiangqi;

pub use board::Board;
pub use perft::{PerftError, MAX_PERFT_DEPTH};
pub use qiboard_types::{Diagram, Excerpt};
