//! The position a probe asks about. C gives it as a [`QtbPosition`]:
//! piece lists and the side to move, which an engine fills from its own
//! board and [`qtb_position_from_fen`] fills from a FEN. Either way it is
//! read into one [`Setup`] and checked by qiboard's own rules
//! ([`Position::from_setup`]), so the probes have one path from C to a
//! position.

use std::ffi::c_char;

use qiboard::xiangqi::{Color, Piece, PieceKind, Position, Setup, Square};
use qiboard_tablebase::Tablebase;

use crate::args::{handle, text_arg};
use crate::boundary::{guarded, need, put, Detail, Failure};
use crate::types::{QtbError, QtbPosition, QtbTablebase, QTB_MAX_PER_KIND};

/// Reads a FEN (board and side to move; the move counters are optional)
/// into `*position`, checked as the probes check it: a position the rules
/// allow, with at most `QTB_MAX_PER_KIND` pieces of a kind and colour.
/// Fails with `QTB_ERROR_BAD_FEN` for text that is not FEN and
/// `QTB_ERROR_ILLEGAL_POSITION` for a position the rules do not allow;
/// `*position` is written only on success.
///
/// # Safety
/// `fen` is null or a NUL-terminated string; `position` is null or
/// writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_position_from_fen(
    fen: *const c_char,
    position: *mut QtbPosition,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promise, passed on.
        let text = unsafe { text_arg(fen, "fen is null", QtbError::BadFen) }?;
        need(position, "position is null")?;
        let setup =
            Setup::from_fen(text).map_err(|error| Failure::shown(QtbError::BadFen, error))?;
        let lists = lists_of(&checked(setup)?);
        // SAFETY: as above.
        unsafe { put(position, lists, "position is null") }
    })
}

/// The tablebase behind a handle and the position a probe asks about;
/// the handle is checked first, so a null handle is always the error given.
///
/// # Safety
/// `tb` is null or a live handle; `position` is null or a readable
/// `QtbPosition`.
pub(crate) unsafe fn resolve<'a>(
    tb: *const QtbTablebase,
    position: *const QtbPosition,
) -> Result<(&'a Tablebase, Position), Failure> {
    // SAFETY: the caller's promise, passed on.
    let tablebase = unsafe { handle(tb) }?;
    // SAFETY: the caller's promise: null or a valid `QtbPosition`, which
    // is plain integers (every bit pattern is valid), read by reference.
    let lists = unsafe { position.as_ref() }.ok_or(Failure::null("position is null"))?;
    Ok((tablebase, checked(setup_of(lists)?)?))
}

fn checked(setup: Setup) -> Result<Position, Failure> {
    Position::from_setup(setup).map_err(|error| Failure::shown(QtbError::IllegalPosition, error))
}

/// The board piece lists describe: every list within its length, every
/// square on the board, no two pieces on one, a colour to move.
fn setup_of(lists: &QtbPosition) -> Result<Setup, Failure> {
    let mut setup = Setup::empty();
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let (c, k) = (color as usize, kind as usize);
            let count = usize::from(lists.count[c][k]);
            let piece = Piece { color, kind };
            let Some(squares) = lists.squares[c][k].get(..count) else {
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
    setup.set_side_to_move(match lists.side {
        0 => Color::Red,
        1 => Color::Black,
        side => {
            return Err(Failure::shown(
                QtbError::BadArgument,
                format_args!("side {side} is neither 0 (Red) nor 1 (Black)"),
            ))
        }
    });
    Ok(setup)
}

/// The piece lists of a legal position, each in square order; the rules
/// allow at most five pieces of a kind and colour, so every list fits.
fn lists_of(position: &Position) -> QtbPosition {
    let mut lists = QtbPosition {
        side: position.side_to_move() as i32,
        ..QtbPosition::default()
    };
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let (c, k) = (color as usize, kind as usize);
            for (at, square) in position.pieces(color, kind).into_iter().enumerate() {
                lists.squares[c][k][at] = square as u8;
                lists.count[c][k] = at as u8 + 1;
            }
        }
    }
    lists
}
