//! One file per endgame, written to a temporary name and renamed, so a
//! crash leaves the old file or none, never half of one; loading checks
//! every field (see [`FORMAT_VERSION`] for the layout).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::table::SideStats;
use super::value::DTM_BASE;
use super::{Layout, Material, Table, TbError};

const MAGIC: &[u8; 8] = b"QIXQTB\r\n";
/// The version of the table file format:
///
/// ```text
/// magic        8 bytes  "QIXQTB\r\n"
/// version      u16      FORMAT_VERSION
/// scheme       u16      INDEX_SCHEME
/// material     u8 length + ASCII signature, e.g. "KRKAAEE"
/// width        u8       bytes per entry: 1 when every distance fits, else 2
/// pairs        u64      stored placement pairs
/// free size    u64      entries per pair
/// per side     u64      entries per side to move
/// counts       2 × (legal, win, draw, loss: u64; max_dtm: i32), Red to move first
/// entries      per side × 2 value codes (0 illegal, 1 draw, 2 + plies)
/// checksum     u64      over every byte before it
/// ```
///
/// All integers are little-endian. Loading checks every field against the
/// index this build computes ([`Layout`]), the length, the checksum and
/// the counts, and refuses the file otherwise.
pub const FORMAT_VERSION: u16 = 1;
/// The version of the index scheme ([`Layout`]): palace placement pairs
/// folded by mirror, then combinatorial piece sets.
pub const INDEX_SCHEME: u16 = 1;

/// The file name of `material`'s table in `dir`.
pub fn table_path(dir: &Path, material: Material) -> PathBuf {
    dir.join(format!("{material}.qtb"))
}

/// A 64-bit checksum: eight bytes at a time, multiply and shift mixed.
fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut hash = bytes.len() as u64 ^ 0x51_7cc1_b727_220a;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        hash = (hash ^ word).wrapping_mul(K).rotate_left(29);
    }
    for &byte in words.remainder() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(K).rotate_left(29);
    }
    hash ^= hash >> 32;
    hash.wrapping_mul(K) ^ hash >> 29
}

fn encode(table: &Table) -> Vec<u8> {
    let layout = table.layout();
    let name = table.material().to_string();
    let red = table.codes(super::Color::Red);
    let black = table.codes(super::Color::Black);
    let width: u8 = if red.iter().chain(black).all(|&code| code <= 0xff) {
        1
    } else {
        2
    };
    let mut out = Vec::with_capacity(128 + (red.len() + black.len()) * usize::from(width));
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&INDEX_SCHEME.to_le_bytes());
    out.push(name.len() as u8);
    out.extend_from_slice(name.as_bytes());
    out.push(width);
    for number in [layout.pairs(), layout.free_size(), layout.per_side()] {
        out.extend_from_slice(&number.to_le_bytes());
    }
    for side in super::Color::ALL {
        let stats = table.stats(side);
        for count in [stats.legal, stats.win, stats.draw, stats.loss] {
            out.extend_from_slice(&count.to_le_bytes());
        }
        out.extend_from_slice(&stats.max_dtm.to_le_bytes());
    }
    for &code in red.iter().chain(black) {
        if width == 1 {
            out.push(code as u8);
        } else {
            out.extend_from_slice(&code.to_le_bytes());
        }
    }
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Writes `table` to `dir` (created if missing) through a temporary file;
/// returns the path and the file's size.
pub(crate) fn save(table: &Table, dir: &Path) -> Result<(PathBuf, u64), TbError> {
    let path = table_path(dir, table.material());
    let io = |source| TbError::Io {
        path: path.clone(),
        source,
    };
    fs::create_dir_all(dir).map_err(io)?;
    let bytes = encode(table);
    let temporary = dir.join(temporary_name(table.material(), std::process::id()));
    let written = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(&bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, &path)
    })();
    if let Err(source) = written {
        let _ = fs::remove_file(&temporary);
        return Err(io(source));
    }
    remove_stale_temporaries(dir, table.material());
    Ok((path, bytes.len() as u64))
}

/// The file a table is written to before it is renamed into place: hidden,
/// and named after the writing process, so two processes never share one.
fn temporary_name(material: Material, process: u32) -> String {
    format!(".{material}.qtb.{process}.tmp")
}

/// Removes the temporaries of `material` that interrupted runs left behind:
/// those whose writing process no longer exists. Only where that can be
/// told (Linux's `/proc`); elsewhere they stay, hidden, until removed.
fn remove_stale_temporaries(dir: &Path, material: Material) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{material}.qtb.");
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(process) = name
            .to_str()
            .and_then(|name| name.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new("/proc").join(process.to_string()).exists() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Reads fields off the front of a file's bytes.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], String> {
        if self.bytes.len() < n {
            return Err(format!("truncated: the file ends inside the {what}"));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn u8(&mut self, what: &str) -> Result<u8, String> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: &str) -> Result<u16, String> {
        Ok(u16::from_le_bytes(
            self.take(2, what)?.try_into().expect("2 bytes"),
        ))
    }

    fn u64(&mut self, what: &str) -> Result<u64, String> {
        Ok(u64::from_le_bytes(
            self.take(8, what)?.try_into().expect("8 bytes"),
        ))
    }

    fn i32(&mut self, what: &str) -> Result<i32, String> {
        Ok(i32::from_le_bytes(
            self.take(4, what)?.try_into().expect("4 bytes"),
        ))
    }
}

/// Checks a file's bytes and builds the table they hold.
/// Longest distance to mate, in plies, a stored entry may claim.
const MAX_PLIES: u16 = 4096;

fn decode(bytes: &[u8], layout: Arc<Layout>) -> Result<Table, String> {
    let mut reader = Reader { bytes };
    if reader.take(MAGIC.len(), "magic bytes")? != MAGIC {
        return Err("not a qiboard tablebase file (wrong magic bytes)".into());
    }
    let version = reader.u16("format version")?;
    if version != FORMAT_VERSION {
        return Err(format!(
            "format version {version}; this build reads version {FORMAT_VERSION}"
        ));
    }
    let scheme = reader.u16("index scheme")?;
    if scheme != INDEX_SCHEME {
        return Err(format!(
            "index scheme {scheme}; this build uses scheme {INDEX_SCHEME}"
        ));
    }
    let length = usize::from(reader.u8("material")?);
    let name = reader.take(length, "material")?;
    let expected = layout.material().to_string();
    if name != expected.as_bytes() {
        return Err(format!(
            "holds material {:?}, expected {expected}",
            String::from_utf8_lossy(name)
        ));
    }
    let width = reader.u8("entry width")?;
    if width != 1 && width != 2 {
        return Err(format!("entry width {width} is neither 1 nor 2"));
    }
    let dimensions = [
        ("pair count", layout.pairs()),
        ("entries per pair", layout.free_size()),
        ("entries per side", layout.per_side()),
    ];
    for (what, expected) in dimensions {
        let found = reader.u64(what)?;
        if found != expected {
            return Err(format!("{what} is {found}, the index has {expected}"));
        }
    }
    let mut header_stats = [SideStats::default(); 2];
    for stats in &mut header_stats {
        stats.legal = reader.u64("counts")?;
        stats.win = reader.u64("counts")?;
        stats.draw = reader.u64("counts")?;
        stats.loss = reader.u64("counts")?;
        stats.max_dtm = reader.i32("counts")?;
    }
    let per_side = layout.per_side() as usize;
    let payload = reader.take(per_side * 2 * usize::from(width), "entries")?;
    let body_length = bytes.len() - reader.bytes.len();
    let stored_sum = reader.u64("checksum")?;
    if !reader.bytes.is_empty() {
        return Err(format!(
            "{} unexpected bytes after the checksum",
            reader.bytes.len()
        ));
    }
    if checksum(&bytes[..body_length]) != stored_sum {
        return Err("checksum mismatch: the file is corrupted".into());
    }
    let codes: Vec<u16> = if width == 1 {
        payload.iter().map(|&byte| u16::from(byte)).collect()
    } else {
        payload
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect()
    };
    // A checksum catches accidents, not a file written to deceive: refuse
    // distances no endgame reaches, which the solver would misread.
    if let Some(&code) = codes.iter().find(|&&code| code > DTM_BASE + MAX_PLIES) {
        return Err(format!("entry code {code} is beyond any distance to mate"));
    }
    let mut red = codes;
    let black = red.split_off(per_side);
    let table = Table::new(layout, [red, black]);
    for side in super::Color::ALL {
        if table.stats(side) != header_stats[side as usize] {
            return Err("the counts in the header do not match the entries".into());
        }
    }
    Ok(table)
}

/// Loads and checks `material`'s table from `path`.
pub(crate) fn load(path: &Path, layout: Arc<Layout>) -> Result<Table, TbError> {
    let bytes = fs::read(path).map_err(|source| TbError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    decode(&bytes, layout).map_err(|why| TbError::Corrupt {
        path: path.to_path_buf(),
        why,
    })
}
