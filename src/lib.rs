// The crate's documentation is its README, whose examples run as
// doctests (so that they cannot go stale).
#![doc = include_str!("../README.md")]
// On docs.rs (nightly), items show the features they need.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![cfg_attr(not(feature = "std"), no_std)]
// `unsafe` only where perft calls its copies compiled for CPU features
// detected at run time (and chess's PEXT lookup and `cpuid` check), each
// allowed at its spot with its SAFETY comment (ARCHITECTURE.md lists them).
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod board;
pub mod chess;
mod exchange;
mod fen;
mod game;
pub mod list;
mod move_error;
mod perft;
#[cfg(feature = "record")]
pub mod record;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "svg")]
mod svg;
pub mod xiangqi;

pub use board::{Board, Status, Verdict};
pub use game::{GameError, Outcome, Side};
pub use perft::{Perft, PerftError, MAX_PERFT_DEPTH};
pub use qiboard_types::{Diagram, Excerpt};
