//! Xiangqi endgame tablebases by retrograde analysis.
//!
//! A table holds, for every legal position of an endgame with either side
//! to move, whether the side to move wins, draws or loses and in how many
//! plies mate (or stalemate, which loses in xiangqi) comes with best play.
//!
//! - [`Material`] names an endgame: `KRKAAEE` is Red's king and rook
//!   against Black's king, two advisors and two elephants.
//! - [`Layout`] is its perfect index: palace placements of kings,
//!   advisors and elephants in pairs folded by the mirror across the
//!   e-file, then piece sets by the combinatorial number system.
//! - Solving is retrograde analysis with un-moves and
//!   counters of unresolved successors, seeded by positions with no legal
//!   move, which are lost whether in check or not. Captures lead into
//!   smaller endgames, which [`Tablebase::generate`] solves (or loads)
//!   first.
//! - Positions never resolved are draws. **Repetition rules are not
//!   modelled**: xiangqi forbids perpetual check and perpetual chase, so
//!   some positions scored as draws here may be wins under tournament
//!   rules (and play following a "draw" may break them).
//! - Distances are in plies: a win in `n` (odd), a loss in `n` (even), 0
//!   for a side with no legal move.
//! - Files: one per endgame ([`table_path`]; layout under
//!   [`FORMAT_VERSION`]), with a checked header and checksum, written
//!   atomically.
//! - [`Tablebase::verify`] checks every value against its successors.
//!
//! ```
//! use qiboard::xiangqi::tablebase::{Quiet, Tablebase};
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
