//! All pawns that may move freely at once, as shifted sets.

use super::sink::Sink;
use crate::xiangqi::attacks::FILE_A;
use crate::xiangqi::{Bitboard, Color};

/// Ranks 5–9 (Red's pawns there have crossed the river).
const RED_ACROSS: u128 = ((1u128 << 90) - 1) & !((1u128 << 45) - 1);
/// Ranks 0–4 (Black's pawns there have crossed the river).
const BLACK_ACROSS: u128 = (1u128 << 45) - 1;
/// Every square but the a-file / the i-file: where a sideways step lands.
const NOT_FILE_A: u128 = ((1u128 << 90) - 1) & !FILE_A;
const NOT_FILE_I: u128 = ((1u128 << 90) - 1) & !(FILE_A << 8);

/// The moves of `pawns` as three shifted sets, which is cheaper than one
/// table read per pawn.
#[inline(always)]
pub(super) fn pawn_moves<S: Sink>(pawns: Bitboard, us: Color, allowed: Bitboard, sink: &mut S) {
    let (forward, across) = match us {
        Color::Red => (pawns.0 << 9, pawns.0 & RED_ACROSS),
        Color::Black => (pawns.0 >> 9, pawns.0 & BLACK_ACROSS),
    };
    let step = if us == Color::Red { 9 } else { -9 };
    sink.shifted(Bitboard(forward) & allowed, step);
    if across != 0 {
        sink.shifted(Bitboard(across << 1 & NOT_FILE_A) & allowed, 1);
        sink.shifted(Bitboard(across >> 1 & NOT_FILE_I) & allowed, -1);
    }
}
