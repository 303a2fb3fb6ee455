//! # qiboard-tablebase-gen
//!
//! The generator of xiangqi endgame tablebases: retrograde analysis into
//! the files [`qiboard_tablebase`] probes, built on that crate's public
//! API alone (its index, its values and its file format).
//!
//! - [`Generator`] solves an endgame, and first everything one capture
//!   away, into a [`Tablebase`]'s directory (or its memory).
//! - Solving is retrograde analysis with un-moves
//!   ([`Layout::for_each_predecessor`](qiboard_tablebase::Layout::for_each_predecessor))
//!   and counters of unresolved successors, seeded by positions with no
//!   legal move, which are lost whether in check or not; captures read the
//!   smaller endgames' values.
//! - Repetition rules ([`RuleSet`], default Asian): after the plain solve,
//!   rounds find the positions where the side to move can keep the draw
//!   only by perpetual check, or by perpetually chasing one piece, with the
//!   opponent able to hold it to that; they are lost, and retrograde
//!   analysis resumes from them. Their distances count to the rule
//!   decision ([`DistanceTo::Rule`](qiboard_tablebase::DistanceTo)). The
//!   rounds, and how they follow the rule books and the reference
//!   generator behind chessdb's tables, are described in the solver's
//!   source (`solve/rules/`).
//! - Within a memory limit ([`Generator::with_memory_limit`]) an endgame
//!   too large for memory is solved out of core, a partition of its
//!   entries at a time, into the same files.
//! - [`family`] lists endgames by their number of attacking pieces;
//!   [`Plan`] tells before any work what building them takes;
//!   [`Generator::generate_family`] builds them, resuming where a killed
//!   run stopped and sharing a directory safely with other writers.
//! - [`Generator::verify`] checks every value against its successors.
//!
//! Failures are [`GenerateError`]s, which wrap a [`ProbeError`] where a
//! table read fails.
//!
//! ```
//! use qiboard::xiangqi::{Color, Position};
//! use qiboard_tablebase::{Tablebase, Wdl};
//! use qiboard_tablebase_gen::{Generator, Quiet};
//!
//! let generator = Generator::new(Tablebase::in_memory());
//! generator.generate(&"KRK".parse()?, &Quiet)?;
//! let stats = generator.table(&"KRK".parse()?)?.stats(Color::Red);
//! assert_eq!(stats.legal, stats.win);
//! let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w")?;
//! assert_eq!(generator.tablebase().probe_wdl(&position)?, Wdl::Win);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// On docs.rs (nightly), items show the features they need.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod captures;
mod census;
mod error;
mod family;
mod generator;
mod lock;
mod plan;
mod progress;
mod solve;
mod verify;
mod write;

pub use captures::Reads;
pub use error::GenerateError;
pub use family::{family, FamilyRun};
pub use generator::{Generated, Generator};
pub use plan::{Blocked, Plan, PlannedEndgame};
pub use progress::{Progress, Quiet};
pub use write::Saved;

#[cfg(doc)]
use qiboard_tablebase::{ProbeError, RuleSet, Tablebase};
