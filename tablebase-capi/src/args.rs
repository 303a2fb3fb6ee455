//! The arguments of the C functions, read and checked: the handle, text
//! and directories (positions are read in `position`).

use std::ffi::{c_char, CStr};
use std::path::PathBuf;

use qiboard_tablebase::Tablebase;

use crate::boundary::Failure;
use crate::types::{QtbError, QtbTablebase};

/// The tablebase behind a handle.
///
/// # Safety
/// `tb` is null or a handle from `qtb_open` not yet closed.
pub(crate) unsafe fn handle<'a>(tb: *const QtbTablebase) -> Result<&'a Tablebase, Failure> {
    // SAFETY: the caller's promise: null, or a live handle (a `Box` from
    // `qtb_open`), which `as_ref` turns into a shared reference; the
    // tablebase is `Sync`, so other threads may hold the same.
    let tb = unsafe { tb.as_ref() }.ok_or(Failure::null("tb is null"))?;
    Ok(&tb.inner)
}

/// A NUL-terminated text argument, as UTF-8 (`invalid` is the code when
/// it is not).
///
/// # Safety
/// `text` is null or points to a NUL-terminated string that stays valid
/// and unchanged during the call.
pub(crate) unsafe fn text_arg<'a>(
    text: *const c_char,
    what: &'static str,
    invalid: QtbError,
) -> Result<&'a str, Failure> {
    if text.is_null() {
        return Err(Failure::null(what));
    }
    // SAFETY: non-null, and the caller promised a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(text) };
    text.to_str()
        .map_err(|_| Failure::text(invalid, "the text is not UTF-8"))
}

/// A directory argument as a path (the system's encoding on Unix, UTF-8
/// elsewhere).
///
/// # Safety
/// As [`text_arg`].
pub(crate) unsafe fn path_arg(dir: *const c_char) -> Result<PathBuf, Failure> {
    if dir.is_null() {
        return Err(Failure::null("dir is null"));
    }
    // SAFETY: non-null, and the caller promised a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(dir) };
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Ok(PathBuf::from(std::ffi::OsStr::from_bytes(text.to_bytes())))
    }
    #[cfg(not(unix))]
    {
        text.to_str()
            .map(PathBuf::from)
            .map_err(|_| Failure::text(QtbError::BadArgument, "the directory is not UTF-8"))
    }
}
