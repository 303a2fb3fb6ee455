//! One writer per endgame in a directory, however many processes and
//! machines share it: a writer holds an exclusive lock on the endgame's
//! lock file (`.KRK.lock`) from the moment it looks for the table until
//! its files are in place.
//!
//! The lock is the operating system's (`flock` on Unix, `LockFileEx` on
//! Windows; NFSv4 and most cluster file systems carry it), so a writer
//! that dies — killed, out of memory, its machine gone — releases it with
//! nothing left to clean up: there are no stale locks to recover.
//!
//! On Unix a writer removes the lock file when it is done, while it still
//! holds the lock, so a finished directory holds only tables. Another
//! process may be waiting on the file just removed: once it gets the lock,
//! it sees that the path no longer names the file it locked, and starts
//! over with a fresh one, so two writers never hold one endgame. A writer
//! that dies leaves its (unlocked, empty) file behind, which the next
//! writer of that endgame takes and removes. Elsewhere the files stay,
//! empty.
//!
//! Since the holder is the endgame's only writer in the directory, what
//! other writers of it left there (temporary files, scratch directories)
//! is a dead writer's, whatever machine it ran on: the generator removes
//! it once the lock is held.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use qiboard_tablebase::Material;

use crate::{GenerateError, Progress};

/// An endgame's lock, held until dropped.
#[derive(Debug)]
pub(crate) struct EndgameLock {
    file: File,
    path: PathBuf,
}

/// Where `material`'s lock file is in `dir`.
fn lock_path(dir: &Path, material: Material) -> PathBuf {
    dir.join(format!(".{material}.lock"))
}

impl EndgameLock {
    /// Takes `material`'s lock in `dir` (created if missing), waiting for
    /// another writer to finish; says so through `progress` while it
    /// waits.
    pub(crate) fn acquire(
        dir: &Path,
        material: Material,
        progress: &dyn Progress,
    ) -> Result<EndgameLock, GenerateError> {
        let path = lock_path(dir, material);
        let io = |source| GenerateError::Io {
            path: path.clone(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(|source| GenerateError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        loop {
            let file = OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(io)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    progress.waiting(material);
                    progress.start(&format!("{material}: waiting for another writer"), 0);
                    let locked = file.lock().map_err(io);
                    progress.finish();
                    locked?;
                }
                Err(std::fs::TryLockError::Error(source)) => return Err(io(source)),
            }
            if still_named(&file, &path) {
                return Ok(EndgameLock { file, path });
            }
            // The writer before removed it: lock the file there now.
        }
    }
}

/// Whether `path` still names `file` (another writer may have removed it
/// while this one waited for its lock).
#[cfg(unix)]
fn still_named(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(held), Ok(named)) => (held.dev(), held.ino()) == (named.dev(), named.ino()),
        _ => false,
    }
}

/// Lock files are never removed here, so the one locked is the one named.
#[cfg(not(unix))]
fn still_named(_file: &File, _path: &Path) -> bool {
    true
}

impl Drop for EndgameLock {
    fn drop(&mut self) {
        // Removed while held, so no writer can be inside this endgame's
        // files meanwhile (see the module docs).
        if cfg!(unix) {
            let _ = std::fs::remove_file(&self.path);
        }
        // Closing the file releases the lock too; unlocking first makes
        // the release immediate even if a clone of the handle lingers.
        let _ = self.file.unlock();
    }
}
