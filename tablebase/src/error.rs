//! Everything that can go wrong with a tablebase, as values.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::{Material, MaterialError, OffDomain, RuleSet, TooLarge, Value};

/// What a failure concerns: the one position asked about, or its whole
/// endgame (every position of it fails the same way until something
/// changes on disk, so a search may remember it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Scope {
    /// This position only: others of its endgame may probe fine.
    Position,
    /// The endgame: its table is missing, unusable or cannot be built.
    Endgame,
}

/// Why a tablebase operation failed. [`TbError::scope`] says whether it
/// concerns the position or the whole endgame.
#[derive(Debug)]
#[non_exhaustive]
pub enum TbError {
    /// A bad material signature.
    Material(MaterialError),
    /// An endgame too large to index.
    TooLarge(TooLarge),
    /// A piece stands where it can never be in a game (an advisor off its
    /// points, a pawn behind its start), so no table has the position.
    OffDomain {
        /// The position's endgame.
        material: Material,
        /// Where and what.
        off: OffDomain,
    },
    /// Reading or writing a file failed.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file exists but is damaged, truncated, or not a table for this
    /// endgame and index: it is not used.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// No table for an endgame in memory or on disk.
    Missing {
        /// The endgame.
        material: Material,
        /// Where it was looked for, if on disk (shared: the prober hands
        /// out the failure it remembers at every probe of the endgame, and
        /// a copy must not allocate).
        path: Option<Arc<Path>>,
    },
    /// Verification found a stored value that disagrees with the values
    /// of the position's successors.
    Mismatch {
        /// The endgame.
        material: Material,
        /// The position, as FEN.
        fen: String,
        /// What is stored (`None`: marked illegal).
        stored: Option<Value>,
        /// What the successors imply (`None`: the position is illegal).
        expected: Option<Value>,
    },
    /// A legal position whose entry the table marks illegal or holds no
    /// value a table can hold: the file is damaged or belongs to another
    /// index.
    BrokenEntry {
        /// The endgame.
        material: Material,
        /// The position, as FEN.
        fen: String,
    },
    /// A table solved under other repetition rules than asked for: it is
    /// never used (as a sub-table or for probing) in place of the other.
    RulesMismatch {
        /// The file.
        path: PathBuf,
        /// The rules it was solved under.
        found: RuleSet,
        /// The rules asked for.
        expected: RuleSet,
    },
    /// A table file of the first format (`.qtb`), which this build no
    /// longer reads.
    OldFormat {
        /// The file.
        path: PathBuf,
    },
    /// Solving an endgame would need more memory than the system has
    /// available, so it was not started.
    NotEnoughMemory {
        /// The endgame.
        material: Material,
        /// Bytes of working memory the solve needs, the smaller tables it
        /// reads included.
        needed: u64,
        /// Bytes available.
        available: u64,
    },
    /// Out of core, a rule round found more candidates than the memory
    /// limit leaves room for, so the solve stopped (before writing
    /// anything). The plan cannot tell how many a round will find.
    RuleRoundsOverBudget {
        /// The endgame.
        material: Material,
        /// Candidates the round found.
        candidates: u64,
        /// Bytes the round's search would need with them.
        needed: u64,
        /// The memory limit, less the tables one capture away it reads.
        budget: u64,
    },
    /// The solver could not get the memory an endgame needs.
    OutOfMemory {
        /// The endgame.
        material: Material,
        /// Bytes of working memory it asked for.
        bytes: u64,
    },
}

fn show(value: Option<Value>) -> String {
    value.map_or_else(|| "illegal".to_string(), |value| value.to_string())
}

impl fmt::Display for TbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TbError::Material(error) => write!(f, "{error}"),
            TbError::TooLarge(error) => write!(f, "{error}"),
            TbError::OffDomain { material, off } => write!(
                f,
                "{material}: the piece '{}' on {} stands where it never can in a game, so no table holds this position",
                off.piece, off.square
            ),
            TbError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            TbError::Corrupt { path, why } => {
                write!(f, "{}: not a usable table: {why}", path.display())
            }
            TbError::Missing {
                material,
                path: Some(path),
            } => write!(
                f,
                "no table for {material} ({} not found); generate it with `qiboard tb gen {material}`",
                path.display()
            ),
            TbError::Missing {
                material,
                path: None,
            } => write!(f, "no table for {material} has been generated"),
            TbError::Mismatch {
                material,
                fen,
                stored,
                expected,
            } => write!(
                f,
                "{material}: {fen} is stored as {} but its successors say {}",
                show(*stored),
                show(*expected)
            ),
            TbError::BrokenEntry { material, fen } => write!(
                f,
                "{material}: the table holds no value for the legal position {fen}: the file is damaged or from another index; regenerate it"
            ),
            TbError::RulesMismatch {
                path,
                found,
                expected,
            } => write!(
                f,
                "{}: solved under the {found} rules, but {expected} rules were asked for; keep each rule set's tables in a directory of its own",
                path.display()
            ),
            TbError::OldFormat { path } => write!(
                f,
                "{}: written by an older qiboard in a format this build no longer reads; regenerate the table with `qiboard tb gen`",
                path.display()
            ),
            TbError::NotEnoughMemory {
                material,
                needed,
                available,
            } => write!(
                f,
                "{material}: solving needs about {} but only {} is available, and it cannot be solved out of core (beside the tables it reads, the limit leaves less than an eighth of a byte an entry and 1.25 MiB, or with rule rounds about a third of a byte an entry and 2.5 MiB); not started",
                Bytes(*needed),
                Bytes(*available)
            ),
            TbError::RuleRoundsOverBudget {
                material,
                candidates,
                needed,
                budget,
            } => write!(
                f,
                "{material}: a rule round out of core found {candidates} candidates, whose search needs about {} where the memory limit leaves {} beside the tables it reads; stopped, nothing written (raise --memory)",
                Bytes(*needed),
                Bytes(*budget)
            ),
            TbError::OutOfMemory { material, bytes } => write!(
                f,
                "{material}: solving needs {} of working memory, which the system refused",
                Bytes(*bytes)
            ),
        }
    }
}

/// A size in bytes, shown in the binary unit that keeps it readable.
struct Bytes(u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes = self.0 as f64;
        match self.0 {
            0..0x10_0000 => write!(f, "{:.1} KiB", bytes / 1024.0),
            0x10_0000..0x4000_0000 => write!(f, "{:.1} MiB", bytes / f64::from(1 << 20)),
            _ => write!(f, "{:.2} GiB", bytes / f64::from(1 << 30)),
        }
    }
}

impl TbError {
    /// Whether the failure concerns the position asked about or its whole
    /// endgame.
    ///
    /// ```
    /// # #[cfg(feature = "generate")] {
    /// use qiboard::xiangqi::Position;
    /// use qiboard_tablebase::{Scope, Tablebase};
    ///
    /// let empty = Tablebase::in_memory();
    /// let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w").unwrap();
    /// assert_eq!(empty.probe_wdl(&position).unwrap_err().scope(), Scope::Endgame);
    /// # }
    /// ```
    pub fn scope(&self) -> Scope {
        match self {
            TbError::OffDomain { .. } | TbError::BrokenEntry { .. } | TbError::Mismatch { .. } => {
                Scope::Position
            }
            _ => Scope::Endgame,
        }
    }
}

impl TbError {
    /// A copy of a failure that concerns the whole endgame and lasts (a
    /// table missing, too large, of another rule set or format, damaged),
    /// for the prober to remember; `None` for the others (an I/O error
    /// may pass).
    pub(crate) fn lasting_copy(&self) -> Option<TbError> {
        Some(match self {
            TbError::Missing { material, path } => TbError::Missing {
                material: *material,
                path: path.clone(),
            },
            TbError::TooLarge(error) => TbError::TooLarge(error.clone()),
            TbError::OldFormat { path } => TbError::OldFormat { path: path.clone() },
            TbError::RulesMismatch {
                path,
                found,
                expected,
            } => TbError::RulesMismatch {
                path: path.clone(),
                found: *found,
                expected: *expected,
            },
            TbError::Corrupt { path, why } => TbError::Corrupt {
                path: path.clone(),
                why: why.clone(),
            },
            _ => return None,
        })
    }
}

impl std::error::Error for TbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TbError::Io { source, .. } => Some(source),
            TbError::Material(error) => Some(error),
            _ => None,
        }
    }
}

impl From<MaterialError> for TbError {
    fn from(error: MaterialError) -> TbError {
        TbError::Material(error)
    }
}

impl From<TooLarge> for TbError {
    fn from(error: TooLarge) -> TbError {
        TbError::TooLarge(error)
    }
}
