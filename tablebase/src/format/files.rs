//! Two files per endgame, `KRKAAEE.qwdl` (win, draw or loss) and
//! `KRKAAEE.qdtm` (distances), each made of independently compressed
//! blocks (see [`super::blocks`] and `docs/tablebase-format.md`): where
//! they are, and opening one checked against the index and rules asked
//! for.

use std::path::{Path, PathBuf};

use super::blocks::{version_of, BlockFile, FileKind, FORMAT_VERSION};
use crate::{Layout, Material, ProbeError, RuleSet, MAX_ENTRIES};

/// The index scheme's version: palace placement pairs folded by mirror,
/// then combinatorial piece sets.
pub const INDEX_SCHEME: u16 = 1;

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
/// [`ProbeError::Missing`] (or [`ProbeError::OldFormat`] when only a table of the
/// first format is there).
pub fn open(
    dir: &Path,
    layout: &Layout,
    kind: FileKind,
    rules: RuleSet,
) -> Result<BlockFile, ProbeError> {
    let material = layout.material();
    let path = table_path(dir, material, kind);
    if !path.exists() {
        let old = old_path(dir, material);
        return Err(if old.exists() {
            ProbeError::OldFormat { path: old }
        } else {
            ProbeError::Missing {
                material,
                path: Some(path.into()),
            }
        });
    }
    let corrupt = |why: String| ProbeError::Corrupt {
        path: path.clone(),
        why,
    };
    let file = match BlockFile::open(&path, kind, MAX_ENTRIES) {
        Ok(file) => file,
        Err(_) if version_of(&path).is_some_and(|version| version < FORMAT_VERSION) => {
            return Err(ProbeError::OldFormat { path })
        }
        Err(why) => return Err(corrupt(why)),
    };
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
        Some(found) => Err(ProbeError::RulesMismatch {
            path,
            found,
            expected: rules,
        }),
        // Solved by an earlier reading of the rules, which ruled some
        // perpetual checks drawn.
        None if header.rules == RuleSet::SUPERSEDED_ASIAN => Err(ProbeError::OldFormat { path }),
        None => Err(corrupt(format!("unknown rule set {}", header.rules))),
    }
}
