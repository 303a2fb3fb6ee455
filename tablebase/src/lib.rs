//! # qiboard-tablebase
//!
//! Xiangqi endgame tablebases by retrograde analysis, on qiboard's public
//! API alone: a prober ([`Tablebase`]: open a directory, probe, cache) and,
//! with the `generate` feature (the default), a solver ([`Generator`]:
//! solve, families, verification, progress).
//!
//! A table holds, for every legal position of an endgame with either side
//! to move, whether the side to move wins, draws or loses and in how many
//! plies the end comes with best play.
//!
//! - [`Material`] names an endgame: `KRKAAEE` is Red's king and rook
//!   against Black's king, two advisors and two elephants. Each endgame is
//!   stored in one colour orientation ([`Material::canonical`]); positions
//!   of the other are flipped ([`qiboard::xiangqi::Position::flipped`]).
//! - [`Layout`] is its perfect index: palace placements of kings,
//!   advisors and elephants in pairs folded by the mirror across the
//!   e-file, then piece sets by the combinatorial number system.
//! - Solving is retrograde analysis with un-moves and counters of
//!   unresolved successors, seeded by positions with no legal move, which
//!   are lost whether in check or not. Captures lead into smaller
//!   endgames, which [`Generator::generate`] solves (or loads) first.
//! - Repetition rules ([`RuleSet`], default Asian): after the plain solve,
//!   rounds find the positions where the side to move can keep the draw
//!   only by perpetual check, or by perpetually chasing one piece, with the
//!   opponent able to hold it to that; they are lost, and retrograde
//!   analysis resumes from them. Their distances count to the rule
//!   decision ([`DistanceTo::Rule`]); the rounds and their simplifications
//!   are described in the solver's source (`generate/solve/rules/`). With
//!   [`RuleSet::None`], positions never resolved are draws.
//! - Distances are in plies: a win in `n` (odd), a loss in `n` (even), 0
//!   for a side with no legal move (or lost by rule now).
//! - Files: WDL and DTM apart, each of independently zstd-compressed blocks
//!   with an index and checksums ([`table_path`]; the layout is specified
//!   in the repository's `docs/tablebase-format.md`), written atomically.
//!   [`Tablebase::probe_wdl`] and [`Tablebase::probe_dtm`] read only the
//!   block they need, through a cache whose size the caller sets, from any
//!   number of threads.
//! - [`Generator::verify`] checks every value against its successors.
//!
//! ```
//! # #[cfg(feature = "generate")] {
//! use qiboard::xiangqi::{Color, Position};
//! use qiboard_tablebase::{Generator, Quiet, Tablebase, Wdl};
//!
//! let generator = Generator::new(Tablebase::in_memory());
//! generator.generate(&"KRK".parse().unwrap(), &Quiet).unwrap();
//! let stats = generator.table(&"KRK".parse().unwrap()).unwrap().stats(Color::Red);
//! assert_eq!(stats.legal, stats.win);
//! let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w").unwrap();
//! assert_eq!(generator.tablebase().probe_wdl(&position).unwrap(), Wdl::Win);
//! # }
//! ```

// On docs.rs (nightly), items show the features they need.
#![cfg_attr(docsrs, feature(doc_cfg))]
// Unsafe code only at the C boundary (the `capi` module allows it).
#![deny(unsafe_code)]
#![warn(missing_docs)]
// Without the generator, the index's decoding and the block writer are
// compiled but unused: gating each helper would scatter `cfg`s through
// the files for no saving worth having.
#![cfg_attr(not(feature = "generate"), allow(dead_code, unused_imports))]

mod cache;
#[cfg(feature = "capi")]
#[allow(unsafe_code)]
pub mod capi;
mod check;
mod error;
mod format;
#[cfg(feature = "generate")]
mod generate;
mod index;
mod material;
mod progress;
mod ruleset;
pub mod score;
mod table;
mod tablebase;
mod value;

pub use error::{Scope, TbError};
#[cfg(feature = "generate")]
pub use format::Saved;
pub use format::{table_path, FileKind, FORMAT_VERSION};
#[cfg(feature = "generate")]
pub use generate::{family, Blocked, FamilyRun, Generated, Generator, Plan, PlannedEndgame};
pub use index::{Layout, OffDomain, TooLarge, MAX_ENTRIES};
pub use material::{Material, MaterialError};
pub use progress::{Progress, Quiet};
pub use ruleset::{ParseRuleSetError, RuleSet};
pub use table::{SideStats, Table};
pub use tablebase::Tablebase;
pub use value::{DistanceTo, Dtm, Value, Wdl};

/// Checks a table file's bytes as opening it and reading every block would:
/// the reader under a fuzzer, without a file system. Either kind of file.
#[doc(hidden)]
pub fn check_file_bytes(bytes: &[u8]) -> Result<(), String> {
    let kind = match bytes.get(4..8) {
        Some(b"DTM\n") => FileKind::Dtm,
        _ => FileKind::Wdl,
    };
    format::check_bytes(bytes, kind, MAX_ENTRIES).map(|_| ())
}
