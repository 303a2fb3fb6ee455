//! qiboard's table generator: pure functions from a seed to Rust sources.
//!
//! Included by `build.rs` (which writes the sources to `OUT_DIR`) and by
//! `tests/generated.rs` (which compares them with the `tables/` snapshot).
//! The only I/O is [`write_all`].

#![allow(dead_code)]

pub mod chess;
pub mod emit;
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
        let path = dir.join(&file.name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&path, file.text()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}
