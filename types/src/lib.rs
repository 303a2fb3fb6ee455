//! # qiboard-types
//!
//! The vocabulary that qiboard's table generator (`qiboard-gen`) and its
//! runtime (`qiboard`) share, so that the code which reads a table is the
//! code which wrote it: squares, bitboards, colours and pieces of both
//! games, and the formats of the tables with their index functions (a
//! chess [`Magic`](chess::Magic) and its [`Window`](chess::Window), the
//! xiangqi line tables' [`LineMoves`](xiangqi::LineMoves) packing).
//!
//! `#![no_std]`, no dependencies (serde only with the `serde` feature),
//! nothing to initialise. Most users reach these types through `qiboard`,
//! which re-exports every one of them at the same path
//! (`qiboard::chess::Square` is `qiboard_types::chess::Square`).
//!
//! ```
//! use qiboard_types::xiangqi::{Bitboard, Square};
//!
//! let cannons: Bitboard = [Square::B2, Square::H2].into_iter().collect();
//! assert_eq!(cannons.rank_word(2), 0b010000010);
//! assert_eq!(Bitboard::from_file_word(7, cannons.file_word(7)), Square::H2.bitboard());
//! ```

#![no_std]
// On docs.rs (nightly), items show the features they need.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// Unit tests format their expectations.
#[cfg(test)]
#[macro_use]
extern crate std;

mod bitset;
pub mod chess;
mod color;
mod excerpt;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serde_text;
mod square;
pub mod xiangqi;

pub use bitset::Diagram;
pub use excerpt::Excerpt;
