//! What can go wrong while generating, as values: a table read failing
//! as a probe does ([`ProbeError`]), or something of the generator's own.

use std::fmt;
use std::path::PathBuf;

use qiboard_tablebase::{Material, MaterialError, ProbeError, TooLarge, Value};

/// Why generating (solving, writing, verifying, planning) failed. A table
/// the generator reads (or finds in its way) that fails as a probe would
/// is [`GenerateError::Probe`], with the prober's reason.
#[derive(Debug)]
#[non_exhaustive]
pub enum GenerateError {
    /// A table read (a smaller endgame, the table to verify, files found
    /// in place) failed as a probe does: missing, damaged, of another
    /// rule set, too large to index.
    Probe(ProbeError),
    /// Reading or writing a file (a table, its lock, a scratch file)
    /// failed.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// Building a family, or solving out of core, needs a directory and
    /// the tablebase has none.
    NoDirectory,
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
    /// Solving an endgame would need more memory than the limit (or the
    /// system) allows, even out of core, so it was not started.
    NotEnoughMemory {
        /// The endgame.
        material: Material,
        /// Bytes of working memory the solve needs, the smaller tables it
        /// reads included.
        needed: u64,
        /// Bytes available.
        available: u64,
    },
    /// The system refused the memory a solve (or a whole table read back)
    /// needs.
    OutOfMemory {
        /// The endgame.
        material: Material,
        /// Bytes asked for.
        bytes: u64,
    },
}

fn show(value: Option<Value>) -> String {
    value.map_or_else(|| "illegal".to_string(), |value| value.to_string())
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Probe(error) => write!(f, "{error}"),
            GenerateError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            GenerateError::NoDirectory => {
                f.write_str("this needs a directory of tables, and the tablebase has none")
            }
            GenerateError::Mismatch {
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
            GenerateError::NotEnoughMemory {
                material,
                needed,
                available,
            } => write!(
                f,
                "{material}: solving needs about {} but only {} is available, and it cannot be solved out of core (beside the process, the index, the tables it reads and the buffers that write its files, the limit leaves less than an eighth of a byte an entry and 1.25 MiB, or with rule rounds about a third of a byte an entry and 5 MiB); not started",
                Bytes(*needed),
                Bytes(*available)
            ),
            GenerateError::OutOfMemory { material, bytes } => write!(
                f,
                "{material}: needs {} of memory, which the system refused",
                Bytes(*bytes)
            ),
        }
    }
}

/// A size in bytes, shown in the binary unit that keeps it readable.
pub(crate) struct Bytes(pub u64);

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

impl std::error::Error for GenerateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GenerateError::Probe(error) => Some(error),
            GenerateError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl From<ProbeError> for GenerateError {
    fn from(error: ProbeError) -> GenerateError {
        GenerateError::Probe(error)
    }
}

impl From<MaterialError> for GenerateError {
    fn from(error: MaterialError) -> GenerateError {
        GenerateError::Probe(ProbeError::Material(error))
    }
}

impl From<TooLarge> for GenerateError {
    fn from(error: TooLarge) -> GenerateError {
        GenerateError::Probe(ProbeError::TooLarge(error))
    }
}

impl GenerateError {
    /// The prober's error underneath, if a table read failed.
    pub fn as_probe(&self) -> Option<&ProbeError> {
        match self {
            GenerateError::Probe(error) => Some(error),
            _ => None,
        }
    }
}
