//! The files: two per endgame (WDL and DTM), each of independently
//! zstd-compressed blocks with an index and checksums, specified in the
//! repository's `docs/tablebase-format.md`.
//!
//! Probing needs none of this module's items; they are public for a
//! writer of tables (`qiboard-tablebase-gen`) and for tools that read
//! files block by block: the header ([`Header`]), the entries a file
//! stores ([`wdl_symbol`], [`dtm_entry`], [`pack_block`]), a block's
//! compression ([`Compressor`]) and a whole file's bytes ([`assemble`]),
//! and reading one back ([`BlockFile`], [`open`]).

mod blocks;
mod entries;
mod files;

pub use blocks::{
    assemble, checksum, BlockFile, Compressor, FileHead, FileKind, Header, FORMAT_VERSION,
    MAX_DICTIONARY_BYTES,
};
pub(crate) use blocks::{check_bytes, BLOCK_RECORD_BYTES, BLOCK_RECORD_FILE_BYTES};
pub use entries::{
    code_of, dtm_entry, pack_block, wdl_symbol, DTM_BLOCK_BYTES, DTM_LEVEL, WDL_BLOCK_ENTRIES,
    WDL_LEVEL,
};
pub use files::{open, table_path, INDEX_SCHEME};
