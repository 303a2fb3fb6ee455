//! The C API (feature `capi`): open a directory of tables, probe WDL, DTM
//! and root moves from a FEN or from piece lists, from any number of
//! threads. The header is `include/qiboard_tablebase.h`, generated from
//! this file by cbindgen (`tests/c_api_header.rs` fails when it is stale;
//! `QIBOARD_BLESS=1` rewrites it); `docs/c-api.md` shows an engine calling
//! it.
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

use std::ffi::{c_char, CStr};
use std::fmt::{self, Write as _};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use qiboard::xiangqi::{
    between, king_attackers, reachable, Bitboard, Color, Move, Piece, PieceKind, Position, Setup,
    Square,
};

use crate::{score, DistanceTo, Dtm, Material, RuleSet, Tablebase, TbError, Value, Wdl};

/// What a call of the C API returns: `QTB_ERROR_OK` (0) or why it failed.
/// `qtb_error_message` gives each code's text.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbError {
    /// Success.
    Ok = 0,
    /// A pointer argument that must not be null was null.
    NullPointer = 1,
    /// The FEN text is not FEN (or not UTF-8).
    BadFen = 2,
    /// The FEN or piece lists describe a position the rules do not allow:
    /// a king missing, a piece where it can never stand, the kings facing
    /// each other, the side to move able to capture the king.
    IllegalPosition = 3,
    /// Another argument is out of range: a rule set, colour, square or
    /// piece count, a material signature, a directory that is not one.
    BadArgument = 4,
    /// No table for the position's endgame (or for one a root move leads
    /// into) in the directory.
    Missing = 5,
    /// A piece stands where no table can index it.
    OffDomain = 6,
    /// Reading a table file failed.
    Io = 7,
    /// A table file is damaged, truncated or belongs to another endgame.
    Corrupt = 8,
    /// A table file was solved under other repetition rules than the
    /// handle's.
    RulesMismatch = 9,
    /// A table file of an older format, which must be regenerated.
    OldFormat = 10,
    /// An endgame too large to index.
    TooLarge = 11,
    /// The caller's move buffer is too small for all the moves: the best
    /// ones that fit were written and the count says how many there are.
    BufferTooSmall = 12,
    /// An internal error (a panic) was caught at the boundary.
    Panic = 13,
    /// Any other failure.
    Other = 14,
}

/// A side: Red (moves first, ranks 0-4) or Black.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbColor {
    /// Red, uppercase in FEN.
    Red = 0,
    /// Black, lowercase in FEN.
    Black = 1,
}

/// The piece kinds, in the order of the `QtbPieces` arrays.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbPieceKind {
    /// King (FEN `K`).
    King = 0,
    /// Advisor (FEN `A`).
    Advisor = 1,
    /// Elephant (FEN `B`, also `E`).
    Elephant = 2,
    /// Horse (FEN `N`, also `H`).
    Horse = 3,
    /// Rook (FEN `R`).
    Rook = 4,
    /// Cannon (FEN `C`).
    Cannon = 5,
    /// Pawn (FEN `P`).
    Pawn = 6,
}

/// Win, draw or loss for the side to move (negate for the other side).
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbWdl {
    /// The side to move loses.
    Loss = -1,
    /// Neither side can force a win.
    Draw = 0,
    /// The side to move wins.
    Win = 1,
}

/// What a distance counts to.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbDistanceTo {
    /// Checkmate or stalemate (both lose in xiangqi).
    Mate = 0,
    /// The first position where the losing side can avoid defeat only by
    /// perpetual check or chase, which the repetition rules forbid.
    Rule = 1,
}

/// The repetition rules the tables were solved under.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QtbRules {
    /// The Asian (AXF) rules: a side that can avoid losing only by
    /// perpetual check or chase loses. The default.
    Asian = 0,
    /// No repetition rules: what neither side can force to mate is a draw.
    None = 1,
}

/// The most pieces of one kind and colour (pawns: 5); the length of each
/// `QtbPieces.squares` list.
pub const QTB_MAX_PER_KIND: usize = 5;
/// The most legal moves a xiangqi position can have is 119: a
/// `QtbRootMove` buffer of this many entries always holds every move.
pub const QTB_MAX_MOVES: usize = 128;
/// The probe cache size `Tablebase` uses by default, in bytes (64 MiB).
pub const QTB_DEFAULT_CACHE_BYTES: usize = 64 << 20;
/// The score of a mate at the root (see `qtb_score`).
pub const QTB_MATE: i32 = 30_000;
/// Scores above this (below its negation) are mates.
pub const QTB_MATE_BOUND: i32 = 21_808;
/// The score of a win decided by the repetition rules at the root.
pub const QTB_RULE_WIN: i32 = 21_807;
/// Scores above this (up to `QTB_MATE_BOUND`) are rule wins; an
/// evaluation must stay within plus or minus this bound.
pub const QTB_RULE_WIN_BOUND: i32 = 13_615;

const _: () = {
    assert!(QTB_MATE == score::MATE);
    assert!(QTB_MATE_BOUND == score::MATE_BOUND);
    assert!(QTB_RULE_WIN == score::RULE_WIN);
    assert!(QTB_RULE_WIN_BOUND == score::RULE_WIN_BOUND);
    assert!(QTB_MAX_MOVES == qiboard::xiangqi::MAX_MOVES);
};

/// The pieces of a position, as lists of squares by colour and kind:
/// `squares[c][k][0 .. count[c][k]]` are the squares (0..89) of colour `c`'s
/// pieces of kind `k` (`QtbColor`, `QtbPieceKind`); entries past the count
/// are ignored. A zeroed struct is an empty board.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QtbPieces {
    /// How many pieces of each kind each colour has.
    pub count: [[u8; 7]; 2],
    /// Their squares.
    pub squares: [[[u8; QTB_MAX_PER_KIND]; 7]; 2],
}

/// A value with its distance, for the side to move.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct QtbDtm {
    /// `QtbWdl`: -1 loss, 0 draw, 1 win.
    pub wdl: i32,
    /// Plies to the end with best play: odd for a win, even for a loss
    /// (0: the side to move has no legal move, or a rule has decided), 0
    /// for a draw.
    pub plies: u32,
    /// `QtbDistanceTo`: 0 to mate, 1 to a decision by the repetition rules.
    pub to: i32,
    /// 1 when the repetition rules decided the value (solved without them,
    /// it is a draw), else 0.
    pub by_rules: i32,
}

/// A move with the value it leads to, for the side making it.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct QtbRootMove {
    /// The square the piece leaves (0..89).
    pub from: u8,
    /// The square the piece reaches (0..89).
    pub to: u8,
    /// The move in UCCI text (`h2e2`), NUL-terminated; `0000` for no move.
    pub uci: [c_char; 5],
    /// What the move leads to, for the side that makes it.
    pub value: QtbDtm,
}

/// An open tablebase: a directory of tables under one rule set, with its
/// block cache. Opaque; made by `qtb_open`, freed by `qtb_close`.
#[derive(Debug)]
pub struct QtbTablebase {
    inner: Tablebase,
}

const _: () = {
    const fn shared<T: Send + Sync>() {}
    shared::<QtbTablebase>();
};

// ---------------------------------------------------------------------
// Failures and the boundary.

/// Why a call failed, with what to say about it.
struct Failure {
    code: QtbError,
    why: Why,
}

enum Why {
    Text(&'static str),
    Shown(String),
    Tb(TbError),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Text(text) => f.write_str(text),
            Why::Shown(text) => f.write_str(text),
            Why::Tb(error) => write!(f, "{error}"),
        }
    }
}

impl Failure {
    fn text(code: QtbError, text: &'static str) -> Failure {
        Failure {
            code,
            why: Why::Text(text),
        }
    }

    fn shown(code: QtbError, why: impl fmt::Display) -> Failure {
        Failure {
            code,
            why: Why::Shown(why.to_string()),
        }
    }

    fn null(what: &'static str) -> Failure {
        Failure::text(QtbError::NullPointer, what)
    }
}

impl From<TbError> for Failure {
    fn from(error: TbError) -> Failure {
        let code = match &error {
            TbError::Material(_) => QtbError::BadArgument,
            TbError::TooLarge(_) => QtbError::TooLarge,
            TbError::OffDomain { .. } => QtbError::OffDomain,
            TbError::Io { .. } => QtbError::Io,
            TbError::Corrupt { .. } | TbError::BrokenEntry { .. } => QtbError::Corrupt,
            TbError::Missing { .. } => QtbError::Missing,
            TbError::RulesMismatch { .. } => QtbError::RulesMismatch,
            TbError::OldFormat { .. } => QtbError::OldFormat,
            TbError::Mismatch { .. }
            | TbError::NotEnoughMemory { .. }
            | TbError::RuleRoundsOverBudget { .. }
            | TbError::OutOfMemory { .. } => QtbError::Other,
        };
        Failure {
            code,
            why: Why::Tb(error),
        }
    }
}

/// The caller's optional message buffer.
#[derive(Clone, Copy)]
struct Detail {
    buffer: *mut c_char,
    capacity: usize,
}

impl Detail {
    fn new(buffer: *mut c_char, capacity: usize) -> Detail {
        Detail { buffer, capacity }
    }

    /// Writes `text` (cut at a character boundary to fit) and a NUL.
    fn write(self, text: &dyn fmt::Display) {
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
fn guarded(detail: Detail, body: impl FnOnce() -> Result<(), Failure>) -> QtbError {
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

// ---------------------------------------------------------------------
// Arguments.

/// The tablebase behind a handle.
///
/// # Safety
/// `tb` is null or a handle from [`qtb_open`] not yet closed.
unsafe fn handle<'a>(tb: *const QtbTablebase) -> Result<&'a Tablebase, Failure> {
    // SAFETY: the caller's promise: null, or a live handle (a `Box` from
    // `qtb_open`), which `as_ref` turns into a shared reference; the
    // tablebase is `Sync`, so other threads may hold the same.
    let tb = unsafe { tb.as_ref() }.ok_or(Failure::null("tb is null"))?;
    Ok(&tb.inner)
}

/// A NUL-terminated UTF-8 text argument.
///
/// # Safety
/// `text` is null or points to a NUL-terminated string that stays valid
/// and unchanged during the call.
unsafe fn text_arg<'a>(text: *const c_char, what: &'static str) -> Result<&'a str, Failure> {
    if text.is_null() {
        return Err(Failure::null(what));
    }
    // SAFETY: non-null, and the caller promised a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(text) };
    text.to_str()
        .map_err(|_| Failure::text(QtbError::BadArgument, "the text is not UTF-8"))
}

/// The position a FEN describes.
///
/// # Safety
/// As [`text_arg`].
unsafe fn fen_arg(fen: *const c_char) -> Result<Position, Failure> {
    if fen.is_null() {
        return Err(Failure::null("fen is null"));
    }
    // SAFETY: non-null, and the caller promised a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(fen) }
        .to_str()
        .map_err(|_| Failure::text(QtbError::BadFen, "the FEN is not UTF-8"))?;
    let setup = Setup::from_fen(text).map_err(|error| Failure::shown(QtbError::BadFen, error))?;
    Position::from_setup(setup).map_err(|error| Failure::shown(QtbError::IllegalPosition, error))
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

/// The position piece lists describe, with `side` to move.
///
/// # Safety
/// `pieces` is null or points to a `QtbPieces`.
unsafe fn pieces_arg(pieces: *const QtbPieces, side: i32) -> Result<Position, Failure> {
    // SAFETY: the caller's promise: null or a valid `QtbPieces`, which is
    // plain bytes (every bit pattern is valid), read by copy.
    let pieces = unsafe { pieces.as_ref() }.ok_or(Failure::null("pieces is null"))?;
    position_of(pieces, color_arg(side)?)
}

/// The position of `pieces` with `side` to move, checked.
fn position_of(pieces: &QtbPieces, side: Color) -> Result<Position, Failure> {
    let mut setup = Setup::empty();
    let mut legal = true;
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let (c, k) = (color as usize, kind as usize);
            let count = usize::from(pieces.count[c][k]);
            let piece = Piece { color, kind };
            if count > QTB_MAX_PER_KIND {
                return Err(Failure::shown(
                    QtbError::BadArgument,
                    format_args!(
                        "{count} pieces '{}' (count[{c}][{k}]): a list holds at most {QTB_MAX_PER_KIND}",
                        piece.letter(),
                    ),
                ));
            }
            legal &= count <= MAX_COUNT[k] && (kind != PieceKind::King || count == 1);
            for &square in &pieces.squares[c][k][..count] {
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
                legal &= REACHABLE[c][k].contains(at);
            }
        }
    }
    setup.set_side_to_move(side);
    if legal && kings_apart_and_safe(&setup) {
        // Everything `Setup::check` asks, answered from the counts given
        // rather than by counting the board's sets again (a third of the
        // cost of a probe on a target without `popcnt`); a test compares
        // the two on random boards.
        return Ok(Position::from_setup_unchecked(setup));
    }
    // Not legal: the full check says why.
    Position::from_setup(setup).map_err(|error| Failure::shown(QtbError::IllegalPosition, error))
}

/// The most pieces of each kind a side may have, by kind.
const MAX_COUNT: [usize; 7] = {
    let mut max = [0; 7];
    let mut k = 0;
    while k < 7 {
        max[k] = PieceKind::ALL[k].max_count() as usize;
        k += 1;
    }
    max
};

/// The squares each piece can ever stand on, by colour and kind.
static REACHABLE: [[Bitboard; 7]; 2] = {
    let mut sets = [[Bitboard::EMPTY; 7]; 2];
    let mut k = 0;
    while k < 7 {
        let kind = PieceKind::ALL[k];
        sets[0][k] = reachable(Piece {
            color: Color::Red,
            kind,
        });
        sets[1][k] = reachable(Piece {
            color: Color::Black,
            kind,
        });
        k += 1;
    }
    sets
};

/// Whether the kings (one each, on their palaces) do not face each other
/// on an open file and the side to move cannot capture the other's king.
fn kings_apart_and_safe(setup: &Setup) -> bool {
    let side = setup.side_to_move();
    let (red, black) = (setup.king(Color::Red), setup.king(Color::Black));
    let facing = red.file() == black.file() && (between(red, black) & setup.occupied()).is_empty();
    !facing
        && king_attackers(
            side,
            &setup.pieces_by_kind(side),
            setup.king(!side),
            setup.occupied(),
        )
        .is_empty()
}

/// Writes `value` to an out-pointer.
///
/// # Safety
/// `out` is null or valid for a write of a `T`.
unsafe fn put<T>(out: *mut T, value: T, what: &'static str) -> Result<(), Failure> {
    if out.is_null() {
        return Err(Failure::null(what));
    }
    // SAFETY: non-null, and the caller promised it is valid and aligned
    // for a `T`; `write` does not read (or drop) what was there.
    unsafe { out.write(value) };
    Ok(())
}

/// Where a probe's position comes from.
#[derive(Clone, Copy)]
enum Source {
    /// A FEN.
    Fen(*const c_char),
    /// Piece lists and the side to move (a `QtbColor`).
    Pieces(*const QtbPieces, i32),
}

/// The tablebase behind a handle and the position a probe asks about;
/// the handle is checked first, so a null handle is always the error given.
///
/// # Safety
/// As [`handle`], and as [`fen_arg`] or [`pieces_arg`] for `source`.
unsafe fn resolve<'a>(
    tb: *const QtbTablebase,
    source: Source,
) -> Result<(&'a Tablebase, Position), Failure> {
    // SAFETY: the caller's promises, passed on.
    let tablebase = unsafe { handle(tb) }?;
    let position = match source {
        // SAFETY: as above.
        Source::Fen(fen) => unsafe { fen_arg(fen) },
        // SAFETY: as above.
        Source::Pieces(pieces, side) => unsafe { pieces_arg(pieces, side) },
    }?;
    Ok((tablebase, position))
}

/// A probe whose answer is one value: the handle and the position, the
/// out-pointer checked before the work, the answer written to it.
///
/// # Safety
/// As [`resolve`]; `out` as for [`put`].
unsafe fn probe_into<T>(
    tb: *const QtbTablebase,
    source: Source,
    out: *mut T,
    what: &'static str,
    probe: impl FnOnce(&Tablebase, &Position) -> Result<T, Failure>,
) -> Result<(), Failure> {
    // SAFETY: the caller's promises, passed on.
    let (tablebase, position) = unsafe { resolve(tb, source) }?;
    need(out, what)?;
    let answer = probe(tablebase, &position)?;
    // SAFETY: as above.
    unsafe { put(out, answer, what) }
}

/// Checks an out-pointer before the work whose result goes there.
fn need<T>(out: *mut T, what: &'static str) -> Result<(), Failure> {
    if out.is_null() {
        Err(Failure::null(what))
    } else {
        Ok(())
    }
}

// ---------------------------------------------------------------------
// Values.

fn wdl_code(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Loss => QtbWdl::Loss as i32,
        Wdl::Draw => QtbWdl::Draw as i32,
        Wdl::Win => QtbWdl::Win as i32,
    }
}

fn dtm_of(dtm: Dtm) -> QtbDtm {
    QtbDtm {
        wdl: wdl_code(dtm.value.wdl()),
        plies: u32::from(dtm.value.plies()),
        to: match dtm.to {
            DistanceTo::Mate => QtbDistanceTo::Mate as i32,
            DistanceTo::Rule => QtbDistanceTo::Rule as i32,
        },
        by_rules: i32::from(dtm.by_rules),
    }
}

/// The crate's value of a `QtbDtm`, if its fields make one.
fn dtm_from(dtm: &QtbDtm) -> Option<Dtm> {
    let plies = u16::try_from(dtm.plies).ok()?;
    let value = match dtm.wdl {
        -1 => Value::Loss(plies),
        0 => Value::Draw,
        1 => Value::Win(plies),
        _ => return None,
    };
    let to = match dtm.to {
        0 => DistanceTo::Mate,
        1 => DistanceTo::Rule,
        _ => return None,
    };
    Some(Dtm {
        value,
        to,
        by_rules: dtm.by_rules != 0,
    })
}

fn root_move(mv: Option<Move>, value: Dtm) -> QtbRootMove {
    let mut uci = [b'0' as c_char; 5];
    uci[4] = 0;
    let (from, to) = match mv {
        Some(mv) => {
            let text = mv.to_string();
            for (slot, byte) in uci.iter_mut().zip(text.bytes().take(4)) {
                *slot = byte as c_char;
            }
            (mv.from() as u8, mv.to() as u8)
        }
        None => (0, 0),
    };
    QtbRootMove {
        from,
        to,
        uci,
        value: dtm_of(value),
    }
}

// ---------------------------------------------------------------------
// The functions.

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
/// when a probe first needs them; the directory must exist.
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
        if dir.is_null() {
            return Err(Failure::null("dir is null"));
        }
        // SAFETY: non-null, and the caller promised a NUL-terminated string.
        let path = path_of(unsafe { CStr::from_ptr(dir) })?;
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
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => {
                return Err(Failure::shown(
                    QtbError::BadArgument,
                    format_args!("{}: not a directory", path.display()),
                ))
            }
            Err(error) => {
                return Err(Failure::shown(
                    QtbError::Io,
                    format_args!("{}: {error}", path.display()),
                ))
            }
        }
        let inner = Tablebase::open(path)
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

/// A directory argument as a path.
fn path_of(text: &CStr) -> Result<PathBuf, Failure> {
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

/// The most pieces (kings included) of any endgame whose two files are in
/// the directory, 0 when there are none (or `tb` is null): a search
/// probes only positions with at most this many pieces. Looked up once
/// and remembered.
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
        let text = unsafe { text_arg(material, "material is null") }?;
        let material: Material = text
            .parse()
            .map_err(|error| Failure::shown(QtbError::BadArgument, error))?;
        need(contains, "contains is null")?;
        let answer = tablebase.contains(&material);
        // SAFETY: as above.
        unsafe { put(contains, answer, "contains is null") }
    })
}

/// Whether the tablebase has the table of the position's endgame (see
/// `qtb_contains`), from a FEN.
///
/// # Safety
/// `tb` is null or a live handle; `fen` is null or a NUL-terminated
/// string; `covers` is null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_covers_fen(
    tb: *const QtbTablebase,
    fen: *const c_char,
    covers: *mut bool,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promises, passed on.
        unsafe {
            probe_into(
                tb,
                Source::Fen(fen),
                covers,
                "covers is null",
                |tablebase, position| Ok(tablebase.covers(position)),
            )
        }
    })
}

/// `qtb_covers_fen` from piece lists, with `side` (`QtbColor`) to move.
///
/// # Safety
/// `tb` is null or a live handle; `pieces` is null or readable; `covers`
/// is null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_covers(
    tb: *const QtbTablebase,
    pieces: *const QtbPieces,
    side: i32,
    covers: *mut bool,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promises, passed on.
        unsafe {
            probe_into(
                tb,
                Source::Pieces(pieces, side),
                covers,
                "covers is null",
                |tablebase, position| Ok(tablebase.covers(position)),
            )
        }
    })
}

/// Win, draw or loss for the side to move (`QtbWdl` into `*wdl`), reading
/// only the WDL table (one block, through the cache), from a FEN.
///
/// # Safety
/// `tb` is null or a live handle; `fen` is null or a NUL-terminated
/// string; `wdl` is null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_probe_wdl_fen(
    tb: *const QtbTablebase,
    fen: *const c_char,
    wdl: *mut i32,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promises, passed on.
        unsafe {
            probe_into(
                tb,
                Source::Fen(fen),
                wdl,
                "wdl is null",
                |tablebase, position| Ok(wdl_code(tablebase.probe_wdl(position)?)),
            )
        }
    })
}

/// `qtb_probe_wdl_fen` from piece lists, with `side` (`QtbColor`) to move:
/// what a search calls.
///
/// # Safety
/// `tb` is null or a live handle; `pieces` is null or readable; `wdl` is
/// null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_probe_wdl(
    tb: *const QtbTablebase,
    pieces: *const QtbPieces,
    side: i32,
    wdl: *mut i32,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promises, passed on.
        unsafe {
            probe_into(
                tb,
                Source::Pieces(pieces, side),
                wdl,
                "wdl is null",
                |tablebase, position| Ok(wdl_code(tablebase.probe_wdl(position)?)),
            )
        }
    })
}

/// The value with its distance (into `*dtm`), reading the WDL and DTM
/// tables, from a FEN.
///
/// # Safety
/// `tb` is null or a live handle; `fen` is null or a NUL-terminated
/// string; `dtm` is null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_probe_dtm_fen(
    tb: *const QtbTablebase,
    fen: *const c_char,
    dtm: *mut QtbDtm,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promises, passed on.
        unsafe {
            probe_into(
                tb,
                Source::Fen(fen),
                dtm,
                "dtm is null",
                |tablebase, position| Ok(dtm_of(tablebase.probe_dtm(position)?)),
            )
        }
    })
}

/// `qtb_probe_dtm_fen` from piece lists, with `side` (`QtbColor`) to move.
///
/// # Safety
/// `tb` is null or a live handle; `pieces` is null or readable; `dtm` is
/// null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_probe_dtm(
    tb: *const QtbTablebase,
    pieces: *const QtbPieces,
    side: i32,
    dtm: *mut QtbDtm,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promises, passed on.
        unsafe {
            probe_into(
                tb,
                Source::Pieces(pieces, side),
                dtm,
                "dtm is null",
                |tablebase, position| Ok(dtm_of(tablebase.probe_dtm(position)?)),
            )
        }
    })
}

/// A best move and the value it leads to for the side making it (into
/// `*best`), by probing every successor: the fastest mate when winning,
/// the longest resistance when losing, a move that keeps the draw when
/// drawn. `best->value` is then the position's own value. When the side
/// to move has no legal move (it has lost), `best` holds no move
/// (`uci` `0000`, squares 0) and the position's value, a loss in 0.
/// From a FEN.
///
/// # Safety
/// `tb` is null or a live handle; `fen` is null or a NUL-terminated
/// string; `best` is null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_best_move_fen(
    tb: *const QtbTablebase,
    fen: *const c_char,
    best: *mut QtbRootMove,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promises, passed on.
        unsafe { probe_into(tb, Source::Fen(fen), best, "best is null", best_move) }
    })
}

/// `qtb_best_move_fen` from piece lists, with `side` (`QtbColor`) to move.
///
/// # Safety
/// `tb` is null or a live handle; `pieces` is null or readable; `best` is
/// null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_best_move(
    tb: *const QtbTablebase,
    pieces: *const QtbPieces,
    side: i32,
    best: *mut QtbRootMove,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promises, passed on.
        unsafe {
            probe_into(
                tb,
                Source::Pieces(pieces, side),
                best,
                "best is null",
                best_move,
            )
        }
    })
}

fn best_move(tablebase: &Tablebase, position: &Position) -> Result<QtbRootMove, Failure> {
    Ok(match tablebase.best_move(position)? {
        Some((mv, value)) => root_move(Some(mv), value),
        None => root_move(None, tablebase.probe_dtm(position)?),
    })
}

/// Every legal move with what it leads to for the side making it, best
/// first (mates before rule wins, quicker wins first, then draws, then
/// the slowest losses), into `moves[0 .. capacity]`, and the number of
/// legal moves into `*count` (0: the side to move has lost). When
/// `capacity` is smaller than the count, the best `capacity` moves are
/// written and `QTB_ERROR_BUFFER_TOO_SMALL` returned (`moves` may then be
/// null with `capacity` 0, to ask for the count). `QTB_MAX_MOVES` entries
/// always suffice. From a FEN.
///
/// # Safety
/// `tb` is null or a live handle; `fen` is null or a NUL-terminated
/// string; `moves` is null or writable for `capacity` entries; `count` is
/// null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_probe_root_fen(
    tb: *const QtbTablebase,
    fen: *const c_char,
    moves: *mut QtbRootMove,
    capacity: usize,
    count: *mut usize,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promises, passed on.
        unsafe {
            let (tablebase, position) = resolve(tb, Source::Fen(fen))?;
            probe_root(tablebase, &position, moves, capacity, count)
        }
    })
}

/// `qtb_probe_root_fen` from piece lists, with `side` (`QtbColor`) to move.
///
/// # Safety
/// `tb` is null or a live handle; `pieces` is null or readable; `moves`
/// is null or writable for `capacity` entries; `count` is null or
/// writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_probe_root(
    tb: *const QtbTablebase,
    pieces: *const QtbPieces,
    side: i32,
    moves: *mut QtbRootMove,
    capacity: usize,
    count: *mut usize,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    guarded(Detail::new(detail, detail_len), || {
        // SAFETY: the caller's promises, passed on.
        unsafe {
            let (tablebase, position) = resolve(tb, Source::Pieces(pieces, side))?;
            probe_root(tablebase, &position, moves, capacity, count)
        }
    })
}

/// The ranked moves into the caller's buffer.
///
/// # Safety
/// `moves` is null or writable for `capacity` entries; `count` is null or
/// writable.
unsafe fn probe_root(
    tablebase: &Tablebase,
    position: &Position,
    moves: *mut QtbRootMove,
    capacity: usize,
    count: *mut usize,
) -> Result<(), Failure> {
    need(count, "count is null")?;
    if moves.is_null() && capacity > 0 {
        return Err(Failure::null("moves is null but capacity is not 0"));
    }
    let ranked = tablebase.probe_root(position)?;
    for (at, &(mv, value)) in ranked.iter().take(capacity).enumerate() {
        // SAFETY: `at < capacity`, and the caller promised `capacity`
        // writable entries at `moves` (non-null when `capacity > 0`).
        unsafe { moves.add(at).write(root_move(Some(mv), value)) };
    }
    // SAFETY: checked non-null above; the caller promised it writable.
    unsafe { put(count, ranked.len(), "count is null") }?;
    if ranked.len() > capacity {
        return Err(Failure::shown(
            QtbError::BufferTooSmall,
            format_args!(
                "{} legal moves, room for {capacity}: the best {capacity} were written",
                ranked.len()
            ),
        ));
    }
    Ok(())
}

/// The search score of `dtm` found `ply` plies below the root, in the
/// bands engines use: a win in `n` plies to mate is `QTB_MATE - (ply + n)`,
/// to a rule decision `QTB_RULE_WIN - (ply + n)`, a draw 0, a loss the
/// negation of the win's band. A `dtm` whose fields make no value scores 0.
#[no_mangle]
pub extern "C" fn qtb_score(dtm: QtbDtm, ply: u32) -> i32 {
    dtm_from(&dtm).map_or(0, |dtm| dtm.score(ply))
}

#[cfg(test)]
mod tests {
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

    /// The legality test of piece lists says what `Setup::check` says, on
    /// random boards: kings in and out of their palaces, too many pieces,
    /// pieces where they never stand, kings facing, kings capturable.
    #[test]
    fn piece_lists_are_checked_as_setups_are() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % below
        };
        let (mut legal, mut illegal) = (0, 0);
        for _ in 0..200_000 {
            let mut pieces = QtbPieces::default();
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    let (c, k) = (color as usize, kind as usize);
                    let count = match kind {
                        PieceKind::King => [1, 1, 1, 1, 1, 1, 1, 0, 2][next(9) as usize],
                        _ if next(3) == 0 => next(MAX_COUNT[k] as u64 + 2).min(5) as u8,
                        _ => 0,
                    };
                    let reach: Vec<Square> = REACHABLE[c][k].into_iter().collect();
                    for slot in 0..usize::from(count) {
                        pieces.squares[c][k][slot] = if next(8) == 0 {
                            next(90) as u8
                        } else {
                            reach[next(reach.len() as u64) as usize] as u8
                        };
                    }
                    pieces.count[c][k] = count;
                }
            }
            let side = Color::ALL[next(2) as usize];
            let fast = position_of(&pieces, side);
            let mut setup = Setup::empty();
            let mut clash = false;
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    let (c, k) = (color as usize, kind as usize);
                    for &square in &pieces.squares[c][k][..usize::from(pieces.count[c][k])] {
                        clash |= setup
                            .put(Square::ALL[usize::from(square)], Piece { color, kind })
                            .is_some();
                    }
                }
            }
            setup.set_side_to_move(side);
            match (fast, clash) {
                (Err(failure), true) => assert_eq!(failure.code, QtbError::BadArgument),
                (Ok(position), false) => {
                    assert_eq!(setup.check(), Ok(()), "{}", setup.fen());
                    assert_eq!(*position, setup);
                    legal += 1;
                }
                (Err(failure), false) => {
                    assert_eq!(failure.code, QtbError::IllegalPosition);
                    assert!(setup.check().is_err(), "{}", setup.fen());
                    illegal += 1;
                }
                (Ok(_), true) => panic!("two pieces on a square were taken"),
            }
        }
        assert!(legal > 10_000 && illegal > 10_000, "{legal} {illegal}");
    }

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
