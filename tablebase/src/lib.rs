//! # qiboard-tablebase
//!
//! Probing xiangqi endgame tablebases, on qiboard's public API alone: open
//! a directory of tables, ask a position's value (win, draw or loss, and
//! in how many plies), rank its moves. The solver that builds the tables
//! is another crate, `qiboard-tablebase-gen`, which uses only this one's
//! public API; this crate has no solver and no thread pool.
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
//!   e-file, then piece sets by the combinatorial number system. It also
//!   walks the index the way a solver needs: the entry a move leads to
//!   ([`Layout::slot_after_move`], counted from the entry before) and the
//!   entries that lead to one
//!   ([`Layout::for_each_predecessor`]).
//! - Values ([`Dtm`]) count plies to mate or, under the repetition rules
//!   ([`RuleSet`], default Asian), to the position where a rule decides
//!   ([`DistanceTo::Rule`]): a win in `n` (odd), a loss in `n` (even), 0
//!   for a side with no legal move (or lost by rule now).
//! - Files: WDL and DTM apart, each of independently zstd-compressed blocks
//!   with an index and checksums ([`format`](mod@format); the layout is specified in
//!   the repository's `docs/tablebase-format.md`).
//!   [`Tablebase::probe_wdl`] and [`Tablebase::probe_dtm`] read only the
//!   block they need, through a cache whose size the caller sets, from any
//!   number of threads.
//! - [`score`] turns values into search scores for engines.
//!
//! Failures are [`ProbeError`]s; [`ProbeError::scope`] tells a search
//! whether to give up on the position or on the whole endgame.
//!
//! ```no_run
//! use qiboard::xiangqi::Position;
//! use qiboard_tablebase::{Tablebase, Wdl};
//!
//! // A directory of tables, as `qiboard tb gen KRK --dir tables` writes it.
//! let tablebase = Tablebase::open("tables")?;
//! let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w")?;
//! assert_eq!(tablebase.probe_wdl(&position)?, Wdl::Win);
//! let (best, leads_to) = tablebase.best_move(&position)?.expect("a legal move");
//! println!("{best}: {leads_to}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// On docs.rs (nightly), items show the features they need.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod cache;
mod check;
mod error;
pub mod format;
mod index;
mod material;
mod ruleset;
pub mod score;
mod table;
mod tablebase;
mod value;

pub use cache::CacheStats;
pub use error::{ProbeError, Scope};
pub use format::{table_path, FileKind, FORMAT_VERSION};
pub use index::{Decoder, Layout, OffDomain, Slot, TooLarge, MAX_ENTRIES};
pub use material::{Material, MaterialError};
pub use ruleset::{ParseRuleSetError, RuleSet};
pub use table::{SideStats, Table};
pub use tablebase::{Tablebase, DEFAULT_CACHE_BYTES};
pub use value::{DistanceTo, Dtm, Value, Wdl, ILLEGAL_CODE};

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
