//! The files: two per endgame (WDL and DTM), each of independently
//! zstd-compressed blocks with an index and checksums, specified in the
//! repository's `docs/tablebase-format.md`.

mod blocks;
mod files;
#[cfg(feature = "generate")]
mod lock;
#[cfg(feature = "generate")]
mod write;

pub(crate) use blocks::{check_bytes, BlockFile};
pub use blocks::{FileKind, FORMAT_VERSION};
pub use files::table_path;
pub(crate) use files::{code_of, open};
#[cfg(feature = "generate")]
pub(crate) use lock::EndgameLock;
#[cfg(feature = "generate")]
pub use write::Saved;
#[cfg(feature = "generate")]
pub(crate) use write::{load, save, save_codes, Codes};
