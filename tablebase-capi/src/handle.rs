//! Opening and closing a tablebase, and what a handle knows of its
//! directory: the library's version, the text of each error code.

use std::ffi::{c_char, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

use qiboard_tablebase::{Material, RuleSet, Tablebase};

use crate::args::{handle, path_arg, text_arg};
use crate::boundary::{guarded, need, put, Detail, Failure};
use crate::types::{QtbError, QtbTablebase};

/// The version of the library, a static string such as `0.1.0`.
#[no_mangle]
pub extern "C" fn qtb_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The text of an error code: a static NUL-terminated string, never
/// null (an unknown code has a text saying so).
#[no_mangle]
pub extern "C" fn qtb_error_message(code: i32) -> *const c_char {
    let text: &'static CStr = match code {
        0 => c"no error",
        1 => c"a required pointer argument is null",
        2 => c"the FEN text is not valid FEN",
        3 => c"the position is not one the rules allow",
        4 => c"an argument is out of range",
        5 => c"no table for this endgame in the tablebase",
        6 => c"a piece stands where no table can index it",
        7 => c"reading a table file failed",
        8 => c"a table file is damaged or belongs to another endgame",
        9 => c"a table file was solved under other repetition rules",
        10 => c"a table file of an older format; regenerate it",
        11 => c"the endgame is too large to index",
        12 => c"the buffer is too small for all the moves",
        13 => c"internal error (a panic was caught)",
        14 => c"tablebase error",
        _ => c"unknown error code",
    };
    text.as_ptr()
}

/// Opens the tables in directory `dir` (a path in the system's encoding),
/// solved under `rules` (`QtbRules`), with a cache of `cache_bytes` bytes
/// of decompressed blocks (`QTB_DEFAULT_CACHE_BYTES` is 64 MiB; 0 keeps
/// none, so every probe reads and decompresses a block). Files are opened
/// when a probe first needs them; the directory must exist
/// (`QTB_ERROR_BAD_ARGUMENT` when it does not or is no directory,
/// `QTB_ERROR_IO` when it cannot be looked at).
///
/// Returns the handle, or null with the reason in `*err` (`err` may be
/// null) and `detail`.
///
/// # Safety
/// `dir` is null or a NUL-terminated string; `err` is null or writable;
/// `detail` is null or writable for `detail_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn qtb_open(
    dir: *const c_char,
    cache_bytes: usize,
    rules: i32,
    err: *mut QtbError,
    detail: *mut c_char,
    detail_len: usize,
) -> *mut QtbTablebase {
    let mut opened = std::ptr::null_mut();
    let code = guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promise, passed on.
        let path = unsafe { path_arg(dir) }?;
        let rules = match rules {
            0 => RuleSet::Asian,
            1 => RuleSet::None,
            _ => {
                return Err(Failure::shown(
                    QtbError::BadArgument,
                    format_args!("rules {rules} are neither 0 (Asian) nor 1 (none)"),
                ))
            }
        };
        let inner = Tablebase::open(path)?
            .with_rules(rules)
            .with_cache_bytes(cache_bytes);
        opened = Box::into_raw(Box::new(QtbTablebase { inner }));
        Ok(())
    });
    if !err.is_null() {
        // SAFETY: non-null, and the caller promised it is writable.
        unsafe { err.write(code) };
    }
    opened
}

/// Closes a handle from `qtb_open`, freeing its cache; null is ignored.
///
/// # Safety
/// `tb` is null or a handle from `qtb_open` that no other thread is using
/// and that is not used again.
#[no_mangle]
pub unsafe extern "C" fn qtb_close(tb: *mut QtbTablebase) {
    if tb.is_null() {
        return;
    }
    // SAFETY: the caller's promise: a `Box` from `qtb_open`, closed once
    // and not in use, so it is ours to drop.
    let tb = unsafe { Box::from_raw(tb) };
    let _ = catch_unwind(AssertUnwindSafe(move || drop(tb)));
}

/// Looks at the directory again: tables written there since the handle
/// first missed them (by `qiboard tb gen`, by another process) are found,
/// and removed ones are missing. Safe to call while other threads probe
/// through the same handle; null is ignored.
///
/// # Safety
/// `tb` is null or a live handle.
#[no_mangle]
pub unsafe extern "C" fn qtb_refresh(tb: *const QtbTablebase) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller's promise, passed on.
        if let Ok(tablebase) = unsafe { handle(tb) } {
            tablebase.refresh();
        }
    }));
}

/// The most pieces (kings included) of any endgame whose two files are in
/// the directory, 0 when there are none (or `tb` is null): a search
/// probes only positions with at most this many pieces. Looked up once
/// and remembered until `qtb_refresh`.
///
/// # Safety
/// `tb` is null or a live handle.
#[no_mangle]
pub unsafe extern "C" fn qtb_max_pieces(tb: *const QtbTablebase) -> u32 {
    catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller's promise, passed on.
        unsafe { handle(tb) }.map_or(0, Tablebase::max_pieces)
    }))
    .unwrap_or(0)
}

/// Whether the tablebase has the endgame named by `material` (a signature
/// such as `KRKA`: Red's pieces from its king, then Black's), in either
/// colour orientation, both files present and readable, into `*contains`.
///
/// # Safety
/// `tb` is null or a live handle; `material` is null or a NUL-terminated
/// string; `contains` is null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_contains(
    tb: *const QtbTablebase,
    material: *const c_char,
    contains: *mut bool,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promises, passed on.
        let tablebase = unsafe { handle(tb) }?;
        // SAFETY: as above.
        let text = unsafe { text_arg(material, "material is null", QtbError::BadArgument) }?;
        let material: Material = text
            .parse()
            .map_err(|error| Failure::shown(QtbError::BadArgument, error))?;
        need(contains, "contains is null")?;
        let answer = tablebase.contains(&material);
        // SAFETY: as above.
        unsafe { put(contains, answer, "contains is null") }
    })
}
