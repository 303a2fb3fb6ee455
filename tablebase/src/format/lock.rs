//! One writer per endgame in a directory, however many processes and
//! machines share it: a writer holds an exclusive lock on the endgame's
//! lock file (`.KRK.lock`) from the moment it looks for the table until
//! its files are in place.
//!
//! The lock is the operating system's (`flock` on Unix, `LockFileEx` on
//! Windows; NFSv4 and most cluster file systems carry it), so a writer
//! that dies — killed, out of memory, its machine gone — releases it with
//! nothing left to clean up: there are no stale locks to recover. The
//! lock files stay, empty (so a directory's bytes depend only on its
//! tables); removing one while another process waits on it would let two
//! writers in.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use crate::{Material, Progress, TbError};

/// An endgame's lock, held until dropped.
#[derive(Debug)]
pub(crate) struct EndgameLock {
    file: File,
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
    ) -> Result<EndgameLock, TbError> {
        let path = lock_path(dir, material);
        let io = |source| TbError::Io {
            path: path.clone(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(|source| TbError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                progress.start(&format!("{material}: waiting for another writer"), 0);
                let locked = file.lock().map_err(io);
                progress.finish();
                locked?;
            }
            Err(std::fs::TryLockError::Error(source)) => return Err(io(source)),
        }
        Ok(EndgameLock { file })
    }
}

impl Drop for EndgameLock {
    fn drop(&mut self) {
        // Closing the file releases the lock too; unlocking first makes
        // the release immediate even if a clone of the handle lingers.
        let _ = self.file.unlock();
    }
}
