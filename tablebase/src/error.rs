//! Everything that can go wrong with a tablebase, as values.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::{Material, MaterialError, OffDomain, RuleSet, TooLarge};

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

/// Why a probe (or opening a tablebase) failed. [`ProbeError::scope`] says
/// whether it concerns the position or the whole endgame. The generator's
/// errors wrap these where a table it reads fails.
#[derive(Debug)]
#[non_exhaustive]
pub enum ProbeError {
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
    /// The tablebase's directory does not exist, or is not a directory.
    NotADirectory {
        /// The path given.
        path: PathBuf,
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
    /// A table file of an earlier format (the first one's `.qtb`, an
    /// earlier version of the block format, or solved under a superseded
    /// reading of the rules), which this build no longer reads.
    OldFormat {
        /// The file.
        path: PathBuf,
    },
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::Material(error) => write!(f, "{error}"),
            ProbeError::TooLarge(error) => write!(f, "{error}"),
            ProbeError::OffDomain { material, off } => write!(
                f,
                "{material}: the piece '{}' on {} stands where it never can in a game, so no table holds this position",
                off.piece, off.square
            ),
            ProbeError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            ProbeError::NotADirectory { path } => {
                write!(f, "{}: not a directory of tables", path.display())
            }
            ProbeError::Corrupt { path, why } => {
                write!(f, "{}: not a usable table: {why}", path.display())
            }
            ProbeError::Missing {
                material,
                path: Some(path),
            } => write!(
                f,
                "no table for {material} ({} not found); generate it with `qiboard tb gen {material}`",
                path.display()
            ),
            ProbeError::Missing {
                material,
                path: None,
            } => write!(f, "no table for {material} has been generated"),
            ProbeError::BrokenEntry { material, fen } => write!(
                f,
                "{material}: the table holds no value for the legal position {fen}: the file is damaged or from another index; regenerate it"
            ),
            ProbeError::RulesMismatch {
                path,
                found,
                expected,
            } => write!(
                f,
                "{}: solved under the {found} rules, but {expected} rules were asked for; keep each rule set's tables in a directory of its own",
                path.display()
            ),
            ProbeError::OldFormat { path } => {
                // The file is named after its endgame, in the directory
                // the tables are generated into.
                let material = path.file_stem().unwrap_or_default().to_string_lossy();
                let dir = match path.parent() {
                    Some(dir) if !dir.as_os_str().is_empty() => dir,
                    _ => Path::new("."),
                };
                write!(
                    f,
                    "{}: written by an older qiboard in a format this build no longer reads; rebuild it with `qiboard tb gen {material} --dir {}`",
                    path.display(),
                    dir.display()
                )
            }
        }
    }
}

impl ProbeError {
    /// Whether the failure concerns the position asked about or its whole
    /// endgame.
    ///
    /// ```
    /// use qiboard::xiangqi::Position;
    /// use qiboard_tablebase::{Scope, Tablebase};
    ///
    /// let empty = Tablebase::in_memory();
    /// let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w").unwrap();
    /// assert_eq!(empty.probe_wdl(&position).unwrap_err().scope(), Scope::Endgame);
    /// ```
    pub fn scope(&self) -> Scope {
        match self {
            ProbeError::OffDomain { .. } | ProbeError::BrokenEntry { .. } => Scope::Position,
            _ => Scope::Endgame,
        }
    }
}

impl ProbeError {
    /// A copy of a failure that concerns the whole endgame and lasts (a
    /// table missing, too large, of another rule set or format, damaged),
    /// for the prober to remember; `None` for the others (an I/O error
    /// may pass).
    pub(crate) fn lasting_copy(&self) -> Option<ProbeError> {
        Some(match self {
            ProbeError::Missing { material, path } => ProbeError::Missing {
                material: *material,
                path: path.clone(),
            },
            ProbeError::TooLarge(error) => ProbeError::TooLarge(error.clone()),
            ProbeError::OldFormat { path } => ProbeError::OldFormat { path: path.clone() },
            ProbeError::RulesMismatch {
                path,
                found,
                expected,
            } => ProbeError::RulesMismatch {
                path: path.clone(),
                found: *found,
                expected: *expected,
            },
            ProbeError::Corrupt { path, why } => ProbeError::Corrupt {
                path: path.clone(),
                why: why.clone(),
            },
            _ => return None,
        })
    }
}

impl std::error::Error for ProbeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ProbeError::Io { source, .. } => Some(source),
            ProbeError::Material(error) => Some(error),
            _ => None,
        }
    }
}

impl From<MaterialError> for ProbeError {
    fn from(error: MaterialError) -> ProbeError {
        ProbeError::Material(error)
    }
}

impl From<TooLarge> for ProbeError {
    fn from(error: TooLarge) -> ProbeError {
        ProbeError::TooLarge(error)
    }
}
