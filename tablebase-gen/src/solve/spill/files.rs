//! The scratch directory an out-of-core solve works in, and the two kinds
//! of file it keeps there: arrays read and written a partition at a time,
//! and lists of `u64` written once and then read once, in order.

use std::fs::{self, File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use crate::GenerateError;
use qiboard_tablebase::Material;

/// The error of `path`'s `source`.
pub(super) fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> GenerateError + '_ {
    move |source| GenerateError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A directory of this solve's own, removed with everything in it when the
/// solve ends, however it ends.
pub(super) struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    /// A fresh directory under `parent`, named for `material` and this
    /// process (two solves at once, in one process or two, never share one).
    pub(super) fn create(parent: &Path, material: Material) -> Result<Scratch, GenerateError> {
        static SOLVES: AtomicU32 = AtomicU32::new(0);
        let prefix = scratch_prefix(material);
        remove_scratch(parent, &prefix, |process| {
            let proc = Path::new("/proc");
            proc.join("self").exists() && !proc.join(process.to_string()).exists()
        });
        let name = format!(
            "{prefix}{}-{}",
            std::process::id(),
            SOLVES.fetch_add(1, Relaxed)
        );
        let dir = parent.join(name);
        // Only a killed run whose process number this one now has can
        // have left this name: nothing of it is worth keeping.
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).map_err(io_error(&dir))?;
        Ok(Scratch { dir })
    }

    pub(super) fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

/// How the names of `material`'s scratch directories begin.
fn scratch_prefix(material: Material) -> String {
    format!(".{material}-scratch-")
}

/// Removes every scratch directory of `material` under `parent`, whatever
/// process made it: for a solve that holds the endgame's lock in `parent`,
/// when no live solve of that endgame can own one there. A dead solve's
/// process id says nothing here, since it may have run on another machine
/// that shares the directory.
pub(crate) fn remove_dead_scratch(parent: &Path, material: Material) {
    remove_scratch(parent, &scratch_prefix(material), |_| true);
}

/// Removes the scratch directories under `parent` named with `prefix` whose
/// process `dead` says is gone. Without the endgame's lock (scratch in the
/// system's temporary directory, beside no tables) that can be told only
/// from Linux's `/proc`; elsewhere they stay, hidden.
fn remove_scratch(parent: &Path, prefix: &str, dead: impl Fn(u32) -> bool) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let process = name
            .to_str()
            .and_then(|name| name.strip_prefix(prefix))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok());
        if process.is_some_and(&dead) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // Nothing in it is worth keeping; a failure leaves a dot-directory.
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// A file of `len` fixed-size items, read and written in runs.
pub(super) struct Array {
    path: PathBuf,
    file: File,
}

impl Array {
    /// A file of `bytes` zero bytes.
    pub(super) fn create(path: PathBuf, bytes: u64) -> Result<Array, GenerateError> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(io_error(&path))?;
        file.set_len(bytes).map_err(io_error(&path))?;
        Ok(Array { path, file })
    }

    /// The file's path.
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// Fills `buffer` from byte `at` on.
    pub(super) fn read(&mut self, at: u64, buffer: &mut [u8]) -> Result<(), GenerateError> {
        self.file
            .seek(SeekFrom::Start(at))
            .and_then(|_| self.file.read_exact(buffer))
            .map_err(io_error(&self.path))
    }

    /// Writes `bytes` from byte `at` on.
    pub(super) fn write(&mut self, at: u64, bytes: &[u8]) -> Result<(), GenerateError> {
        self.file
            .seek(SeekFrom::Start(at))
            .and_then(|_| self.file.write_all(bytes))
            .map_err(io_error(&self.path))
    }
}

/// A list of `u64` being written.
pub(super) struct ListWriter {
    path: PathBuf,
    file: BufWriter<File>,
    len: u64,
}

impl ListWriter {
    pub(super) fn create(path: PathBuf) -> Result<ListWriter, GenerateError> {
        let file = File::create(&path).map_err(io_error(&path))?;
        Ok(ListWriter {
            path,
            file: BufWriter::with_capacity(super::LIST_BUFFER, file),
            len: 0,
        })
    }

    pub(super) fn extend(&mut self, items: &[u64]) -> Result<(), GenerateError> {
        for item in items {
            self.file
                .write_all(&item.to_le_bytes())
                .map_err(io_error(&self.path))?;
        }
        self.len += items.len() as u64;
        Ok(())
    }

    /// The list written, to be read from its start.
    pub(super) fn finish(self) -> Result<ListReader, GenerateError> {
        let ListWriter { path, file, len } = self;
        let file = file
            .into_inner()
            .map_err(|error| error.into_error())
            .map_err(io_error(&path))?;
        drop(file);
        ListReader::open(path, len, true)
    }
}

/// A list of `u64` being read once, in order; the file goes when it does,
/// unless it is a [`ListReader::reread`].
pub(super) struct ListReader {
    path: PathBuf,
    file: BufReader<File>,
    len: u64,
    left: u64,
    removes: bool,
}

impl ListReader {
    fn open(path: PathBuf, len: u64, removes: bool) -> Result<ListReader, GenerateError> {
        let file = File::open(&path).map_err(io_error(&path))?;
        Ok(ListReader {
            path,
            file: BufReader::with_capacity(super::LIST_BUFFER, file),
            len,
            left: len,
            removes,
        })
    }

    /// The same list read again from its start, by a reader that leaves
    /// the file to this one (a rule round's graph is swept many times).
    pub(super) fn reread(&self) -> Result<ListReader, GenerateError> {
        ListReader::open(self.path.clone(), self.len, false)
    }

    /// The list's file.
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// Items not read yet.
    pub(super) fn left(&self) -> u64 {
        self.left
    }

    /// The next (up to) `most` items in `batch`, replacing what it held;
    /// false once the list is read.
    pub(super) fn next_batch(
        &mut self,
        most: usize,
        batch: &mut Vec<u64>,
    ) -> Result<bool, GenerateError> {
        batch.clear();
        let take = self.left.min(most as u64) as usize;
        let mut bytes = [0u8; 8];
        for _ in 0..take {
            self.file
                .read_exact(&mut bytes)
                .map_err(io_error(&self.path))?;
            batch.push(u64::from_le_bytes(bytes));
        }
        self.left -= take as u64;
        Ok(take > 0)
    }
}

impl Drop for ListReader {
    fn drop(&mut self) {
        if self.removes {
            let _ = fs::remove_file(&self.path);
        }
    }
}
