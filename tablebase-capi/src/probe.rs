//! The probes. Each takes the handle, a [`QtbPosition`] (read and checked
//! by one path, [`resolve`]), its out-pointers and the detail buffer, and
//! is one call of the shared work ([`answer`], [`ranked`]).

use std::ffi::c_char;

use qiboard::xiangqi::Position;
use qiboard_tablebase::Tablebase;

use crate::boundary::{guarded, need, put, Detail, Failure};
use crate::position::resolve;
use crate::types::{QtbDtm, QtbError, QtbPosition, QtbRootMove, QtbTablebase};
use crate::values::{dtm_from, dtm_of, root_move, wdl_code};

/// A probe whose answer is one value: the handle and the position, the
/// out-pointer checked before the work, the answer written to it.
///
/// # Safety
/// As [`resolve`]; `out` is null or valid for a write of a `T`.
unsafe fn answer<T>(
    tb: *const QtbTablebase,
    position: *const QtbPosition,
    (out, what): (*mut T, &'static str),
    detail: Detail,
    probe: fn(&Tablebase, &Position) -> Result<T, Failure>,
) -> QtbError {
    guarded(detail, || {
        // SAFETY: the caller's promises, passed on.
        let (tablebase, position) = unsafe { resolve(tb, position) }?;
        need(out, what)?;
        let answer = probe(tablebase, &position)?;
        // SAFETY: as above.
        unsafe { put(out, answer, what) }
    })
}

fn covers(tablebase: &Tablebase, position: &Position) -> Result<bool, Failure> {
    Ok(tablebase.covers(position))
}

fn wdl(tablebase: &Tablebase, position: &Position) -> Result<i32, Failure> {
    Ok(wdl_code(tablebase.probe_wdl(position)?))
}

fn dtm(tablebase: &Tablebase, position: &Position) -> Result<QtbDtm, Failure> {
    Ok(dtm_of(tablebase.probe_dtm(position)?))
}

fn best_move(tablebase: &Tablebase, position: &Position) -> Result<QtbRootMove, Failure> {
    Ok(match tablebase.best_move(position)? {
        Some((mv, value)) => root_move(Some(mv), value),
        None => root_move(None, tablebase.probe_dtm(position)?),
    })
}

/// Whether the tablebase has the table of the position's endgame (see
/// `qtb_contains`).
///
/// # Safety
/// `tb` is null or a live handle; `position` is null or readable;
/// `covers` is null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_covers(
    tb: *const QtbTablebase,
    position: *const QtbPosition,
    covers: *mut bool,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    let (out, detail) = ((covers, "covers is null"), Detail::new(detail, detail_len));
    // SAFETY: the caller's promises, passed on.
    unsafe { answer(tb, position, out, detail, self::covers) }
}

/// Win, draw or loss for the side to move (`QtbWdl` into `*wdl`), reading
/// only the WDL table (one block, through the cache): what a search calls.
///
/// # Safety
/// `tb` is null or a live handle; `position` is null or readable; `wdl`
/// is null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_probe_wdl(
    tb: *const QtbTablebase,
    position: *const QtbPosition,
    wdl: *mut i32,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    let (out, detail) = ((wdl, "wdl is null"), Detail::new(detail, detail_len));
    // SAFETY: the caller's promises, passed on.
    unsafe { answer(tb, position, out, detail, self::wdl) }
}

/// The value with its distance (into `*dtm`), reading the WDL and DTM
/// tables. The distance counts plies to mate, or (`to` 1) to the position
/// where a repetition rule decides: then it is how long best play takes
/// to reach that decision, not a promise of mate.
///
/// # Safety
/// `tb` is null or a live handle; `position` is null or readable; `dtm`
/// is null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_probe_dtm(
    tb: *const QtbTablebase,
    position: *const QtbPosition,
    dtm: *mut QtbDtm,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    let (out, detail) = ((dtm, "dtm is null"), Detail::new(detail, detail_len));
    // SAFETY: the caller's promises, passed on.
    unsafe { answer(tb, position, out, detail, self::dtm) }
}

/// The best move and the value it leads to for the side making it (into
/// `*best`), by probing every successor: the fastest mate when winning,
/// the longest resistance when losing, a move that keeps the draw when
/// drawn; it is the first move of `qtb_probe_root`, and `best->value` is
/// the position's own value. When the side to move has no legal move (it
/// has lost), `best` holds no move (`uci` `0000`, squares 0) and the
/// position's value, a loss in 0.
///
/// # Safety
/// `tb` is null or a live handle; `position` is null or readable; `best`
/// is null or writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_best_move(
    tb: *const QtbTablebase,
    position: *const QtbPosition,
    best: *mut QtbRootMove,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    let (out, detail) = ((best, "best is null"), Detail::new(detail, detail_len));
    // SAFETY: the caller's promises, passed on.
    unsafe { answer(tb, position, out, detail, best_move) }
}

/// Every legal move with what it leads to for the side making it, best
/// first, in the order of `Tablebase::probe_root` (the first is
/// `qtb_best_move`'s), into `moves[0 .. capacity]`, and the number of
/// legal moves into `*count` (0: the side to move has lost). When
/// `capacity` is smaller than the count, the best `capacity` moves are
/// written and `QTB_ERROR_BUFFER_TOO_SMALL` returned (`moves` may then be
/// null with `capacity` 0, to ask for the count). `QTB_MAX_MOVES` entries
/// always suffice.
///
/// # Safety
/// `tb` is null or a live handle; `position` is null or readable; `moves`
/// is null or writable for `capacity` entries; `count` is null or
/// writable; `detail` as for `qtb_open`.
#[no_mangle]
pub unsafe extern "C" fn qtb_probe_root(
    tb: *const QtbTablebase,
    position: *const QtbPosition,
    moves: *mut QtbRootMove,
    capacity: usize,
    count: *mut usize,
    detail: *mut c_char,
    detail_len: usize,
) -> QtbError {
    let detail = Detail::new(detail, detail_len);
    // SAFETY: the caller's promises, passed on.
    unsafe { ranked(tb, position, (moves, capacity, count), detail) }
}

/// The ranked moves of `position` into the caller's buffer.
///
/// # Safety
/// As [`resolve`]; `moves` is null or writable for `capacity` entries;
/// `count` is null or writable.
unsafe fn ranked(
    tb: *const QtbTablebase,
    position: *const QtbPosition,
    (moves, capacity, count): (*mut QtbRootMove, usize, *mut usize),
    detail: Detail,
) -> QtbError {
    guarded(detail, || {
        // SAFETY: the caller's promises, passed on.
        let (tablebase, position) = unsafe { resolve(tb, position) }?;
        need(count, "count is null")?;
        if moves.is_null() && capacity > 0 {
            return Err(Failure::null("moves is null but capacity is not 0"));
        }
        let ranked = tablebase.probe_root(&position)?;
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
    })
}

/// The search score of `dtm` found `ply` plies below the root, in the
/// bands engines use: a win in `n` plies to mate is `QTB_MATE - (ply + n)`,
/// to a rule decision `QTB_RULE_WIN - (ply + n)`, a draw 0, a loss the
/// negation of the win's band. A `dtm` whose fields make no value scores 0.
#[no_mangle]
pub extern "C" fn qtb_score(dtm: QtbDtm, ply: u32) -> i32 {
    dtm_from(&dtm).map_or(0, |dtm| dtm.score(ply))
}
