//! The boundary between C and Rust: a failure becomes an error code and a
//! message in the caller's buffer, a panic never unwinds into C, and
//! out-pointers are checked before they are written.

use std::ffi::c_char;
use std::fmt::{self, Write as _};
use std::panic::{catch_unwind, AssertUnwindSafe};

use qiboard_tablebase::ProbeError;

use crate::types::QtbError;

/// Why a call failed, with what to say about it.
pub(crate) struct Failure {
    pub(crate) code: QtbError,
    why: Why,
}

enum Why {
    Text(&'static str),
    Shown(String),
    Probe(ProbeError),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Text(text) => f.write_str(text),
            Why::Shown(text) => f.write_str(text),
            Why::Probe(error) => write!(f, "{error}"),
        }
    }
}

impl Failure {
    pub(crate) fn text(code: QtbError, text: &'static str) -> Failure {
        Failure {
            code,
            why: Why::Text(text),
        }
    }

    pub(crate) fn shown(code: QtbError, why: impl fmt::Display) -> Failure {
        Failure {
            code,
            why: Why::Shown(why.to_string()),
        }
    }

    pub(crate) fn null(what: &'static str) -> Failure {
        Failure::text(QtbError::NullPointer, what)
    }
}

impl From<ProbeError> for Failure {
    fn from(error: ProbeError) -> Failure {
        let code = match &error {
            ProbeError::Material(_) | ProbeError::NotADirectory { .. } => QtbError::BadArgument,
            ProbeError::TooLarge(_) => QtbError::TooLarge,
            ProbeError::OffDomain { .. } => QtbError::OffDomain,
            ProbeError::Io { .. } => QtbError::Io,
            ProbeError::Corrupt { .. } | ProbeError::BrokenEntry { .. } => QtbError::Corrupt,
            ProbeError::Missing { .. } => QtbError::Missing,
            ProbeError::RulesMismatch { .. } => QtbError::RulesMismatch,
            ProbeError::OldFormat { .. } => QtbError::OldFormat,
            _ => QtbError::Other,
        };
        Failure {
            code,
            why: Why::Probe(error),
        }
    }
}

/// The caller's optional message buffer.
#[derive(Clone, Copy)]
pub(crate) struct Detail {
    buffer: *mut c_char,
    capacity: usize,
}

impl Detail {
    pub(crate) fn new(buffer: *mut c_char, capacity: usize) -> Detail {
        Detail { buffer, capacity }
    }

    /// Writes `text` (cut at a character boundary to fit) and a NUL.
    pub(crate) fn write(self, text: &dyn fmt::Display) {
        if self.buffer.is_null() || self.capacity == 0 {
            return;
        }
        let mut writer = DetailWriter {
            detail: self,
            len: 0,
            full: false,
        };
        let _ = write!(writer, "{text}");
        // SAFETY: the caller promised `capacity` writable bytes at
        // `buffer` (non-null, checked above); `len < capacity` always.
        unsafe { self.buffer.add(writer.len).write(0) };
    }
}

/// Writes into a [`Detail`], keeping one byte for the NUL.
struct DetailWriter {
    detail: Detail,
    len: usize,
    full: bool,
}

impl fmt::Write for DetailWriter {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        if self.full {
            return Ok(());
        }
        let room = self.detail.capacity - 1 - self.len;
        let mut take = text.len().min(room);
        while !text.is_char_boundary(take) {
            take -= 1;
        }
        if take < text.len() {
            self.full = true;
        }
        // SAFETY: `take <= room`, so the bytes written stay within the
        // `capacity` bytes the caller promised at `buffer`, which is
        // non-null (checked by `Detail::write`) and does not overlap
        // `text` (a Rust string the caller cannot see).
        unsafe {
            std::ptr::copy_nonoverlapping(
                text.as_ptr(),
                self.detail.buffer.add(self.len).cast::<u8>(),
                take,
            );
        }
        self.len += take;
        Ok(())
    }
}

/// The text of a caught panic's payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic without a message");
    format!("internal error (please report it): {message}")
}

/// Runs `body` at the boundary: its failure, or a panic, becomes a code
/// and a detail; success clears the detail.
pub(crate) fn guarded(detail: Detail, body: impl FnOnce() -> Result<(), Failure>) -> QtbError {
    let outcome = catch_unwind(AssertUnwindSafe(body));
    let failure = match outcome {
        Ok(Ok(())) => {
            detail.write(&"");
            return QtbError::Ok;
        }
        Ok(Err(failure)) => failure,
        Err(payload) => {
            let failure = Failure::shown(QtbError::Panic, panic_text(&*payload));
            // Dropping a payload may itself panic: keep that inside too.
            let _ = catch_unwind(AssertUnwindSafe(move || drop(payload)));
            failure
        }
    };
    let code = failure.code;
    if catch_unwind(AssertUnwindSafe(|| detail.write(&failure.why))).is_err() {
        detail.write(&"internal error while describing an error");
    }
    // A `Display` or `Drop` that panics must not unwind into C either.
    let _ = catch_unwind(AssertUnwindSafe(move || drop(failure)));
    code
}

/// Writes `value` to an out-pointer.
///
/// # Safety
/// `out` is null or valid for a write of a `T`.
pub(crate) unsafe fn put<T>(out: *mut T, value: T, what: &'static str) -> Result<(), Failure> {
    if out.is_null() {
        return Err(Failure::null(what));
    }
    // SAFETY: non-null, and the caller promised it is valid and aligned
    // for a `T`; `write` does not read (or drop) what was there.
    unsafe { out.write(value) };
    Ok(())
}

/// Checks an out-pointer before the work whose result goes there.
pub(crate) fn need<T>(out: *mut T, what: &'static str) -> Result<(), Failure> {
    if out.is_null() {
        Err(Failure::null(what))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::{c_char, CStr};

    use super::*;

    fn message(buffer: &[c_char]) -> String {
        // SAFETY: the buffer was NUL-terminated by `Detail::write`.
        let text = unsafe { CStr::from_ptr(buffer.as_ptr()) };
        text.to_str().unwrap().to_string()
    }

    #[test]
    fn panics_become_codes_with_their_message() {
        let mut buffer = [1 as c_char; 64];
        let detail = Detail::new(buffer.as_mut_ptr(), buffer.len());
        let code = guarded(detail, || panic!("boom"));
        assert_eq!(code, QtbError::Panic);
        assert!(message(&buffer).contains("boom"), "{}", message(&buffer));
        assert_eq!(guarded(detail, || Ok(())), QtbError::Ok);
        assert_eq!(message(&buffer), "");
    }

    #[test]
    fn details_are_cut_at_character_boundaries() {
        for capacity in 1..12 {
            let mut buffer = [1 as c_char; 12];
            Detail::new(buffer.as_mut_ptr(), capacity).write(&"帥將車馬");
            let text = message(&buffer);
            assert!(text.len() < capacity, "{capacity}: {text}");
            assert!("帥將車馬".starts_with(&text));
            assert_eq!(text.len(), (capacity - 1) / 3 * 3);
        }
        // No buffer, or none of it: nothing is written.
        Detail::new(std::ptr::null_mut(), 10).write(&"x");
        let mut byte = [7 as c_char];
        Detail::new(byte.as_mut_ptr(), 0).write(&"x");
        assert_eq!(byte, [7]);
    }
}
