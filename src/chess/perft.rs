//! Perft: counting the leaves of the legal move tree, to check generation.
//!
//! The search is compiled apart for each side to move, makes each child
//! as its move is generated (no move list, no Zobrist key), and counts the
//! last ply without making it. On x86-64 CPUs with the features, it runs
//! in a copy compiled for them (`perft_x86`).
//!
//! At the last but one ply, the parent first works out, once, what the
//! side that replies would find about its own pieces were it to move:
//! its pinned pieces, which of its king's steps are safe, and how many
//! moves its knights and pawns, its sliders, and its castling have (the
//! last taken back by a child in check). Each child whose
//! move provably changed one of these (it left or entered a square that
//! one depends on) finds it again; the others take it over. The idea is
//! the "reuse of the parent's attacks" of fast bitboard perfts, taken to
//! whole move counts; the squares each finding depends on are drawn
//! generously (whole lines, both sides of the board's edge), which costs
//! some reuse and keeps the argument short (see `movegen::sink`).

use super::movegen::{Black, Counted, Inherited, Magics, Side, Sliders, White};
#[cfg(feature = "alloc")]
use super::Move;
use super::{Color, Position};
use crate::perft::check_depth;
use crate::PerftError;

/// The number of move sequences of length `depth` from `position`. The
/// last ply is counted, not played. A depth beyond
/// [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH) is an error.
///
/// On x86-64 CPUs that have them, the search runs in a copy compiled for
/// `popcnt`, `bmi1`, `bmi2` and `lzcnt` (found at run time), since the
/// default target may not assume them; where `PEXT` is fast, that copy
/// looks bishops up in a PEXT-indexed table (see
/// [`tables`](super::tables)). Without the `std` feature there is no
/// run-time detection: the search uses whatever features the crate was
/// compiled for.
///
/// # Errors
///
/// [`PerftError`] for a depth beyond
/// [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH).
///
/// ```
/// use qiboard::chess::{perft, Position};
/// assert_eq!(perft(&Position::start(), 3), Ok(8_902));
/// assert!(perft(&Position::start(), 100_000).is_err());
/// ```
pub fn perft(position: &Position, depth: u32) -> Result<u64, PerftError> {
    check_depth(depth)?;
    Ok(count(position, depth))
}

/// The count, `depth` already checked: in the feature copy if this CPU
/// can run it.
fn count(position: &Position, depth: u32) -> u64 {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized)))]
    if let Some(nodes) = super::perft_x86::perft(position, depth) {
        return nodes;
    }
    count_portable(position, depth)
}

/// The count in the copy compiled for the crate's target.
pub(super) fn count_portable(position: &Position, depth: u32) -> u64 {
    match (depth, position.side) {
        (0, _) => 1,
        (_, Color::White) => portable::<White>(position, depth),
        (_, Color::Black) => portable::<Black>(position, depth),
    }
}

/// The portable search from a position with `Us` to move, `depth` ≥ 1.
fn portable<Us: Side>(position: &Position, depth: u32) -> u64 {
    if depth == 1 {
        return position.count_moves::<Us, _>(Sliders(Magics), Inherited::NONE, Counted::NONE);
    }
    let mut nodes = 0;
    if depth == 2 {
        position.for_each_last_child::<Us, _>(Sliders(Magics), |child, inherited, counted| {
            nodes += child.count_moves::<Us::Other, _>(Sliders(Magics), inherited, counted);
        });
        return nodes;
    }
    position.for_each_child::<Us, _>(Sliders(Magics), |child| {
        nodes += portable::<Us::Other>(child, depth - 1);
    });
    nodes
}

/// Perft split by first move: each legal move of `position` with the
/// number of sequences of length `depth` that start with it (`depth` ≥ 1).
/// Needs the `alloc` feature.
///
/// # Errors
///
/// [`PerftError`] for a depth beyond
/// [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH).
#[cfg(feature = "alloc")]
pub fn divide(position: &Position, depth: u32) -> Result<alloc::vec::Vec<(Move, u64)>, PerftError> {
    check_depth(depth)?;
    Ok(position
        .legal_moves()
        .iter()
        .map(|&mv| (mv, count(&position.play(mv), depth.saturating_sub(1))))
        .collect())
}

/// Perft in each copy of the search: the portable one, and the one
/// compiled for x86-64 features if this build and CPU can run it. It
/// exists so that tests can check that both copies agree (the safety
/// argument of the `unsafe` call in `perft_x86`); it is no part of the API.
#[doc(hidden)]
pub fn perft_copies(position: &Position, depth: u32) -> (u64, Option<u64>) {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized)))]
    let features = super::perft_x86::perft(position, depth);
    #[cfg(not(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized))))]
    let features = None;
    (count_portable(position, depth), features)
}
