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
//! Set `QIBOARD_SEED` (decimal or `0x` hex) when building to draw the magic
//! numbers and Zobrist keys from another seed; the same seed always gives
//! byte-identical tables.

// One `unsafe` block in the crate: calling xiangqi perft's copy compiled
// for CPU features that were detected at run time.
#![deny(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;

mod bitset;
mod board;
pub mod chess;
mod color;
mod fen;
mod game;
pub mod list;
mod move_error;
mod square_impls;
pub mod xiangqi;

pub use board::Board;
