//! Xiangqi endgame tablebases by retrograde analysis.
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
//!   endgames, which [`Tablebase::generate`] solves (or loads) first.
//! - Repetition rules ([`RuleSet`], default Asian): after the plain solve,
//!   rounds find the positions where the side to move can keep the draw
//!   only by perpetual check, or by perpetually chasing one piece, with the
//!   opponent able to hold it to that; they are lost, and retrograde
//!   analysis resumes from them. Their distances count to the rule
//!   decision ([`DistanceTo::Rule`]); the rounds and their simplifications
//!   are described in the solver's source (`solve/rules.rs`). With
//!   [`RuleSet::None`], positions never resolved are draws.
//! - Distances are in plies: a win in `n` (odd), a loss in `n` (even), 0
//!   for a side with no legal move (or lost by rule now).
//! - Files: WDL and DTM apart, each of independently zstd-compressed blocks
//!   with an index and checksums ([`table_path`]; the layout is specified
//!   in the repository's `docs/tablebase-format.md`), written atomically.
//!   [`Tablebase::probe_wdl`] and [`Tablebase::probe_dtm`] read only the
//!   block they need, through a cache whose size the caller sets, from any
//!   number of threads.
//! - [`Tablebase::verify`] checks every value against its successors.
//!
//! ```
//! use qiboard_tablebase::{Quiet, Tablebase};
//! use qiboard::xiangqi::Color;
//!
//! let tablebase = Tablebase::in_memory();
//! tablebase.generate(&"KRK".parse().unwrap(), &Quiet).unwrap();
//! let table = tablebase.table(&"KRK".parse().unwrap()).unwrap();
//! let stats = table.stats(Color::Red);
//! assert_eq!(stats.legal, stats.win);
//! ```

mod blocks;
mod cache;
mod census;
mod check;
mod error;
mod family;
mod files;
mod index;
mod material;
mod probe;
mod progress;
mod ruleset;
mod set;
mod solve;
mod table;
mod unmove;
mod value;
mod verify;

pub use blocks::{FileKind, FORMAT_VERSION};
pub use error::TbError;
pub use family::{family, FamilyRun};
pub use files::{table_path, Saved, INDEX_SCHEME};
pub use index::{Layout, OffDomain, TooLarge, MAX_ENTRIES};
pub use material::{Material, MaterialError};
pub use progress::{Progress, Quiet};
pub use ruleset::{ParseRuleSetError, RuleSet};
pub use set::{Generated, Tablebase};
pub use table::{SideStats, Table};
pub use value::{DistanceTo, Dtm, Value, Wdl};

/// Checks a table file's bytes as opening it and reading every block would:
/// the reader under a fuzzer, without a file system. Either kind of file.
#[doc(hidden)]
pub fn check_file_bytes(bytes: &[u8]) -> Result<(), String> {
    let kind = match bytes.get(4..8) {
        Some(b"DTM\n") => FileKind::Dtm,
        _ => FileKind::Wdl,
    };
    blocks::check_bytes(bytes, kind, MAX_ENTRIES).map(|_| ())
}
