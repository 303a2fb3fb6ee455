//! The generated sources as a reviewer reads them: the same tokens that
//! `build.rs` writes, pretty-printed by prettyplease under their header.
//! qiboard's `tables/` snapshot is this for the default seed.

use std::path::Path;

use crate::emit::SourceFile;

/// `file` pretty-printed: its header, a blank line, then the items.
pub fn pretty_text(file: &SourceFile) -> Result<String, String> {
    let syntax = syn::parse2::<syn::File>(file.tokens().clone())
        .map_err(|e| format!("{} does not parse: {e}", file.name))?;
    Ok(format!(
        "{}\n{}",
        file.header(),
        prettyplease::unparse(&syntax)
    ))
}

/// Every file for `seed`, pretty-printed: `(name, text)`.
pub fn generate_pretty(seed: u64) -> Result<Vec<(String, String)>, String> {
    crate::generate(seed)?
        .iter()
        .map(|file| Ok((file.name.clone(), pretty_text(file)?)))
        .collect()
}

/// Writes the pretty-printed sources for `seed` under `dir`.
pub fn write_pretty(dir: &Path, seed: u64) -> Result<(), String> {
    for (name, text) in generate_pretty(seed)? {
        crate::write_file(dir, &name, &text)?;
    }
    Ok(())
}
