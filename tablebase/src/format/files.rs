//! Two files per endgame, `KRKAAEE.qwdl` (win, draw or loss) and
//! `KRKAAEE.qdtm` (distances), each made of independently compressed
//! blocks (see [`super::blocks`] and `docs/tablebase-format.md`).
//!
//! Entries that hold no legal position are "don't care": they take the
//! value of the entry before them, which costs the compressor nothing. The
//! DTM file stores, for a win or loss, half its distance (the WDL file
//! gives the parity) and whether it counts to a rule decision; draws are
//! don't care there too. The best move is not stored: a probe of every
//! successor finds it.
//!
//! This module reads; writing (the `generate` feature) is `write.rs`.

use std::path::{Path, PathBuf};

use super::blocks::{BlockFile, FileKind};
use crate::value::{CHANGED_FLAG, DRAW, DTM_BASE, MAX_PLIES, RULE_FLAG};
use crate::{Layout, Material, RuleSet, TbError, MAX_ENTRIES};

/// The index scheme's version: palace placement pairs folded by mirror,
/// then combinatorial piece sets.
pub(crate) const INDEX_SCHEME: u16 = 1;

/// Where `material`'s file of `kind` lives in `dir`.
pub fn table_path(dir: &Path, material: Material, kind: FileKind) -> PathBuf {
    dir.join(format!("{material}.{}", kind.extension()))
}

/// Where a table of the first format (one `.qtb` file) would be.
pub(crate) fn old_path(dir: &Path, material: Material) -> PathBuf {
    dir.join(format!("{material}.qtb"))
}

/// Opens `material`'s file of `kind` in `dir`, checking its header against
/// the index this build computes and the rules expected. A missing file is
/// [`TbError::Missing`] (or [`TbError::OldFormat`] when only a table of the
/// first format is there).
pub(crate) fn open(
    dir: &Path,
    layout: &Layout,
    kind: FileKind,
    rules: RuleSet,
) -> Result<BlockFile, TbError> {
    let material = layout.material();
    let path = table_path(dir, material, kind);
    if !path.exists() {
        let old = old_path(dir, material);
        return Err(if old.exists() {
            TbError::OldFormat { path: old }
        } else {
            TbError::Missing {
                material,
                path: Some(path.into()),
            }
        });
    }
    let corrupt = |why: String| TbError::Corrupt {
        path: path.clone(),
        why,
    };
    let file = BlockFile::open(&path, kind, MAX_ENTRIES).map_err(corrupt)?;
    let header = file.header();
    if header.material != material.to_string() {
        return Err(corrupt(format!(
            "holds {:?}, expected {material}",
            header.material
        )));
    }
    if header.index_scheme != INDEX_SCHEME {
        return Err(corrupt(format!(
            "index scheme {}; this build uses scheme {INDEX_SCHEME}: regenerate the table",
            header.index_scheme
        )));
    }
    if header.per_side != layout.per_side() {
        return Err(corrupt(format!(
            "{} entries per side, the index has {}",
            header.per_side,
            layout.per_side()
        )));
    }
    match RuleSet::from_code(header.rules) {
        Some(found) if found == rules => Ok(file),
        Some(found) => Err(TbError::RulesMismatch {
            path,
            found,
            expected: rules,
        }),
        // Solved by an earlier reading of the rules, which ruled some
        // perpetual checks drawn.
        None if header.rules == RuleSet::SUPERSEDED_ASIAN => Err(TbError::OldFormat { path }),
        None => Err(corrupt(format!("unknown rule set {}", header.rules))),
    }
}

/// The value code of a WDL symbol and a DTM entry.
#[inline]
pub(crate) fn code_of(symbol: u8, entry: u16) -> Result<u16, String> {
    let half = entry >> 2;
    let rule = if entry & 1 != 0 { RULE_FLAG } else { 0 };
    let changed = if entry & 2 != 0 { CHANGED_FLAG } else { 0 };
    let plies = match symbol {
        0 => 2 * half,
        1 => return Ok(DRAW),
        2 => 2 * half + 1,
        other => return Err(format!("WDL symbol {other} is not 0, 1 or 2")),
    };
    if plies >= MAX_PLIES {
        return Err(format!("distance {plies} is beyond any table"));
    }
    Ok((DTM_BASE + plies) | rule | changed)
}

#[cfg(test)]
mod tests {
    use super::super::blocks::checksum;
    use crate::{Generator, Material, Quiet, TbError};

    /// A table whose header names the superseded reading of the Asian
    /// rules (with its header checksum made right again) is an old format
    /// to regenerate, not a corrupt file and not another rule set.
    #[test]
    fn tables_of_the_superseded_rules_reading_say_to_regenerate() {
        let dir = std::env::temp_dir().join(format!("qiboard-superseded-{}", std::process::id()));
        let material: Material = "KRKN".parse().unwrap();
        Generator::open(&dir).generate(&material, &Quiet).unwrap();
        let path = dir.join("KRKN.qwdl");
        let mut bytes = std::fs::read(&path).unwrap();
        // magic, kind, version, index scheme: the rules byte is the 13th.
        assert_eq!(bytes[12], crate::RuleSet::Asian.code());
        bytes[12] = crate::RuleSet::SUPERSEDED_ASIAN;
        let head = (13..256)
            .find(|&end| {
                let stored: [u8; 8] = bytes[end..end + 8].try_into().unwrap();
                let mut fixed = bytes.clone();
                fixed[12] = crate::RuleSet::Asian.code();
                checksum(&fixed[..end]) == u64::from_le_bytes(stored)
            })
            .expect("the header checksum follows the header");
        let sum = checksum(&bytes[..head]);
        bytes[head..head + 8].copy_from_slice(&sum.to_le_bytes());
        std::fs::write(&path, &bytes).unwrap();
        let error = Generator::open(&dir).table(&material).unwrap_err();
        assert!(matches!(error, TbError::OldFormat { .. }), "{error}");
        assert!(error.to_string().contains("regenerate"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
