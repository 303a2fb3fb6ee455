//! # qiboard-tablebase-capi
//!
//! The C API of [`qiboard_tablebase`]: open a directory of xiangqi endgame
//! tables, probe WDL, DTM and root moves of a position given as piece
//! lists (or read from a FEN), from any number of threads. It builds a shared library
//! (`libqiboard_tablebase_capi.so`, with a SONAME) and a static one, and
//! `build.rs` writes a pkg-config file beside them. The header is
//! `include/qiboard_tablebase.h`, generated from this crate by cbindgen
//! (`tests/c_api_header.rs` fails when it is stale; `QIBOARD_BLESS=1`
//! rewrites it); `docs/c-api.md` says how to build and install it and
//! shows an engine calling it.
//!
//! The crate is split by concern: `types` (what C sees), `boundary`
//! (failures, messages, panics), `args` (the handle, text and directory
//! arguments), `position` (one path from piece lists or a FEN to a
//! position checked by qiboard's rules), `values`, `handle` (open, close,
//! refresh) and `probe`.
//!
//! Conventions of every function:
//!
//! - Squares are numbered a0 = 0 … i9 = 89 (`rank * 9 + file`; rank 0 is
//!   Red's back rank, files a..i), as everywhere in qiboard.
//! - A function that can fail returns a [`QtbError`]; `QTB_ERROR_OK` is 0.
//!   Results go through out-pointers, written only on success.
//! - The last two arguments, `detail` and `detail_len`, name an optional
//!   buffer (null, or `detail_len` 0, for none) that receives a
//!   NUL-terminated message saying what went wrong, cut to fit; on
//!   success it receives an empty string.
//! - Null pointers are errors (`QTB_ERROR_NULL_POINTER`), never crashes;
//!   a panic inside is caught and reported as `QTB_ERROR_PANIC`.
//! - A handle from [`qtb_open`] may be used by many threads at once; only
//!   [`qtb_close`] needs it to be no longer in use.

// FFI signatures take many arguments: the out-pointers and the detail.
#![allow(clippy::too_many_arguments)]
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

mod args;
mod boundary;
mod handle;
mod position;
mod probe;
mod types;
mod values;

pub use handle::{
    qtb_close, qtb_contains, qtb_error_message, qtb_max_pieces, qtb_open, qtb_refresh, qtb_version,
};
pub use position::qtb_position_from_fen;
pub use probe::{
    qtb_best_move, qtb_covers, qtb_probe_dtm, qtb_probe_root, qtb_probe_wdl, qtb_score,
};
pub use types::*;

#[cfg(test)]
mod tests {
    use std::ffi::CStr;

    use qiboard_tablebase::{DistanceTo, Dtm, Value};

    use super::values::{dtm_from, dtm_of};
    use super::*;

    #[test]
    fn every_code_has_a_message() {
        for code in -1..=15 {
            // SAFETY: the messages are static NUL-terminated strings.
            let text = unsafe { CStr::from_ptr(qtb_error_message(code)) };
            assert!(!text.to_bytes().is_empty());
        }
    }

    #[test]
    fn scores_and_values_round_trip() {
        let win = Dtm {
            value: Value::Win(13),
            to: DistanceTo::Rule,
            by_rules: true,
        };
        assert_eq!(dtm_from(&dtm_of(win)), Some(win));
        assert_eq!(qtb_score(dtm_of(win), 2), win.score(2));
        let broken = QtbDtm {
            wdl: 7,
            ..QtbDtm::default()
        };
        assert_eq!(qtb_score(broken, 0), 0);
    }
}
