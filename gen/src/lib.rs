//! qiboard's table generator: pure functions from a seed to Rust tokens.
//!
//! qiboard's `build.rs` calls [`write_all`], which writes the token text of
//! every table to `OUT_DIR`, where the runtime `include!`s it. The same
//! tokens, pretty-printed (feature `pretty`), are the reviewed snapshot in
//! qiboard's `tables/` and what the `tables` binary writes for any seed.
//! The only I/O is [`write_all`] (and the binaries).
//!
//! ```text
//! seed ──► seed::stream per table ──► chess::files / xiangqi::files
//!      ──► emit::SourceFile (quote! tokens) ──► OUT_DIR ──► include!
//! ```

pub mod chess;
pub mod emit;
#[cfg(feature = "search")]
pub mod packed_search;
#[cfg(feature = "pretty")]
pub mod pretty;
pub mod seed;
pub mod xiangqi;

use std::path::Path;

pub use emit::SourceFile;

/// Every generated source file for `seed`.
pub fn generate(seed: u64) -> Result<Vec<SourceFile>, String> {
    let mut files = chess::files(seed)?;
    files.extend(xiangqi::files(seed));
    Ok(files)
}

/// Generates every table for `seed` and writes the sources under `dir`.
pub fn write_all(dir: &Path, seed: u64) -> Result<(), String> {
    for file in generate(seed)? {
        write_file(dir, &file.name, &file.text())?;
    }
    Ok(())
}

/// Writes `text` to `dir/name`, creating folders as needed.
fn write_file(dir: &Path, name: &str, text: &str) -> Result<(), String> {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}
