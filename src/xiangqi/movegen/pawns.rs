//! All pawns that may move freely at once, as shifted sets.

use super::side::Side;
use super::sink::Sink;
use crate::xiangqi::attacks::FILE_A;
use crate::xiangqi::Color;

/// Ranks 5–9 (Red's pawns there have crossed the river).
const RED_ACROSS: u128 = ((1u128 << 90) - 1) & !((1u128 << 45) - 1);
/// Ranks 0–4 (Black's pawns there have crossed the river).
const BLACK_ACROSS: u128 = (1u128 << 45) - 1;
/// Every square but the a-file / the i-file: where a sideways step lands.
const NOT_FILE_A: u128 = ((1u128 << 90) - 1) & !FILE_A;
const NOT_FILE_I: u128 = ((1u128 << 90) - 1) & !(FILE_A << 8);

/// The moves of `pawns` as three shifted sets (forward, east, west), each
/// within `allowed` (which must lie on the board), with the step from
/// the pawn to its target: cheaper than one table read per pawn.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn shifted<Us: Side>(pawns: u128, allowed: u128) -> [(u128, isize); 3] {
    let (forward, across, step) = match Us::US {
        Color::Red => (pawns << 9, pawns & RED_ACROSS, 9),
        Color::Black => (pawns >> 9, pawns & BLACK_ACROSS, -9),
    };
    [
        (forward & allowed, step),
        (across << 1 & NOT_FILE_A & allowed, 1),
        (across >> 1 & NOT_FILE_I & allowed, -1),
    ]
}

/// The moves of `pawns` into `sink`.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn pawn_moves<Us: Side, S: Sink>(pawns: u128, allowed: u128, sink: &mut S) {
    for (targets, step) in shifted::<Us>(pawns, allowed) {
        if targets != 0 {
            sink.shifted(targets, step);
        }
    }
}

/// The number of moves of `pawns`.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn count_pawn_moves<Us: Side>(pawns: u128, allowed: u128) -> u64 {
    let [(forward, _), (east, _), (west, _)] = shifted::<Us>(pawns, allowed);
    u64::from(forward.count_ones() + east.count_ones() + west.count_ones())
}
