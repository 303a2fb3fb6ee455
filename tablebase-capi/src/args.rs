//! The arguments of the C functions, read and checked: the handle, text,
//! colours, directories, and the position a probe asks about, given as a
//! FEN or as piece lists. Both ways to give a position lead to one
//! [`Setup`], which qiboard's own rules check ([`Position::from_setup`]).

use std::ffi::{c_char, CStr};
use std::path::PathBuf;

use qiboard::xiangqi::{Color, Piece, PieceKind, Position, Setup, Square};
use qiboard_tablebase::Tablebase;

use crate::boundary::Failure;
use crate::types::{QtbError, QtbPieces, QtbTablebase, QTB_MAX_PER_KIND};

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

/// A colour code.
fn color_arg(side: i32) -> Result<Color, Failure> {
    match side {
        0 => Ok(Color::Red),
        1 => Ok(Color::Black),
        _ => Err(Failure::shown(
            QtbError::BadArgument,
            format_args!("side {side} is neither 0 (Red) nor 1 (Black)"),
        )),
    }
}

/// Where a probe's position comes from: the two ways each probe takes it.
#[derive(Clone, Copy)]
pub(crate) enum Source {
    /// A FEN.
    Fen(*const c_char),
    /// Piece lists and the side to move (a `QtbColor`).
    Pieces(*const QtbPieces, i32),
}

impl Source {
    /// The board it describes, not yet checked against the rules.
    ///
    /// # Safety
    /// `Fen`: null or a NUL-terminated string; `Pieces`: null or a
    /// readable `QtbPieces`.
    unsafe fn setup(self) -> Result<Setup, Failure> {
        match self {
            Source::Fen(fen) => {
                // SAFETY: the caller's promise, passed on.
                let text = unsafe { text_arg(fen, "fen is null", QtbError::BadFen) }?;
                Setup::from_fen(text).map_err(|error| Failure::shown(QtbError::BadFen, error))
            }
            Source::Pieces(pieces, side) => {
                // SAFETY: the caller's promise: null or a valid
                // `QtbPieces`, which is plain bytes (every bit pattern is
                // valid), read by reference.
                let pieces = unsafe { pieces.as_ref() }.ok_or(Failure::null("pieces is null"))?;
                setup_of(pieces, color_arg(side)?)
            }
        }
    }
}

/// The board piece lists describe, with `side` to move: every list within
/// its length, every square on the board, no two pieces on one.
fn setup_of(pieces: &QtbPieces, side: Color) -> Result<Setup, Failure> {
    let mut setup = Setup::empty();
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let (c, k) = (color as usize, kind as usize);
            let count = usize::from(pieces.count[c][k]);
            let piece = Piece { color, kind };
            let Some(squares) = pieces.squares[c][k].get(..count) else {
                return Err(Failure::shown(
                    QtbError::BadArgument,
                    format_args!(
                        "{count} pieces '{}' (count[{c}][{k}]): a list holds at most {QTB_MAX_PER_KIND}",
                        piece.letter(),
                    ),
                ));
            };
            for &square in squares {
                let Some(&at) = Square::ALL.get(usize::from(square)) else {
                    return Err(Failure::shown(
                        QtbError::BadArgument,
                        format_args!(
                            "square {square} of a piece '{}' is not on the board (0..89)",
                            piece.letter()
                        ),
                    ));
                };
                if let Some(there) = setup.put(at, piece) {
                    return Err(Failure::shown(
                        QtbError::BadArgument,
                        format_args!(
                            "two pieces on {at}: '{}' and '{}'",
                            there.letter(),
                            piece.letter()
                        ),
                    ));
                }
            }
        }
    }
    setup.set_side_to_move(side);
    Ok(setup)
}

/// The tablebase behind a handle and the position a probe asks about;
/// the handle is checked first, so a null handle is always the error given.
///
/// # Safety
/// As [`handle`], and as [`Source::setup`] for `source`.
pub(crate) unsafe fn resolve<'a>(
    tb: *const QtbTablebase,
    source: Source,
) -> Result<(&'a Tablebase, Position), Failure> {
    // SAFETY: the caller's promises, passed on.
    let tablebase = unsafe { handle(tb) }?;
    // SAFETY: as above.
    let setup = unsafe { source.setup() }?;
    let position = Position::from_setup(setup)
        .map_err(|error| Failure::shown(QtbError::IllegalPosition, error))?;
    Ok((tablebase, position))
}
