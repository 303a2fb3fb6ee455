//! Perft: the number of leaf positions of the legal move tree, the
//! standard correctness (and speed) test of a move generator.
//!
//! The search is compiled apart for each side to move. Each node copies
//! its board once into a scratch board, which plays each child's move in
//! place and takes it back (no move list, no Zobrist key); the last ply
//! is counted without being played.
//!
//! At the last but one ply, the parent first finds, once, what the side
//! that replies would find were it to move (its checkers, pins and
//! screens, its general's steps, the moves of its horses, elephants,
//! advisors and pawns), with the squares each of these depends on; a
//! child whose move left and entered none of those squares takes them
//! over instead of finding them again (`movegen::KingView`).

use super::movegen::{
    count, count_inherited, for_each_move, make, unmake, Black, KingView, Red, Side,
};
#[cfg(feature = "alloc")]
use super::Move;
use super::{Color, Position};
use crate::perft::check_depth;
use crate::PerftError;

/// Leaf positions `depth` plies below `position`. The last ply is counted
/// without playing its moves.
///
/// On x86-64 CPUs that have them, the search runs in a copy of the move
/// generator compiled for `popcnt`, `bmi1`, `bmi2` and `lzcnt` (found at run
/// time), since the default target may not assume them. Without the `std`
/// feature there is no run-time detection: the search uses whatever
/// features the crate was compiled for.
///
/// A depth beyond [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH) is an error.
///
/// # Errors
///
/// [`PerftError`] for a depth beyond
/// [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH).
///
/// ```
/// use qiboard::xiangqi::{perft, Position};
/// assert_eq!(perft(&Position::start(), 3), Ok(79_666));
/// assert!(perft(&Position::start(), u32::MAX).is_err());
/// ```
pub fn perft(position: &Position, depth: u32) -> Result<u64, PerftError> {
    check_depth(depth)?;
    Ok(leaves(position, depth))
}

/// The count, `depth` already checked: in the feature copy if this CPU
/// can run it.
fn leaves(position: &Position, depth: u32) -> u64 {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized)))]
    if let Some(nodes) = perft_x86(position, depth) {
        return nodes;
    }
    perft_portable(position, depth)
}

/// Perft in the copy compiled for x86-64 features, if this CPU has them.
#[cfg(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized)))]
fn perft_x86(position: &Position, depth: u32) -> Option<u64> {
    if !crate::perft::has_x86_features() {
        return None;
    }
    if depth == 0 {
        return Some(1);
    }
    // SAFETY: the CPU has every feature `search_x86` is compiled for;
    // that was checked just above.
    #[allow(unsafe_code)]
    let nodes = unsafe {
        match position.side {
            Color::Red => search_x86::<Red>(position, depth),
            Color::Black => search_x86::<Black>(position, depth),
        }
    };
    Some(nodes)
}

/// Perft in each copy of the search: the portable one, and the one
/// compiled for x86-64 features if this build and CPU can run it. It
/// exists so that tests can check that both copies agree (the safety
/// argument of the `unsafe` call above); it is no part of the API.
#[doc(hidden)]
pub fn perft_copies(position: &Position, depth: u32) -> (u64, Option<u64>) {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized)))]
    let features = perft_x86(position, depth);
    #[cfg(not(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized))))]
    let features = None;
    (perft_portable(position, depth), features)
}

/// The search as compiled for the crate's target.
fn perft_portable(position: &Position, depth: u32) -> u64 {
    match (depth, position.side) {
        (0, _) => 1,
        (_, Color::Red) => search_portable::<Red>(position, depth),
        (_, Color::Black) => search_portable::<Black>(position, depth),
    }
}

/// The body of both copies of the search from a position with `Us` to
/// move, `depth` ≥ 1; `$search` names the copy, for the recursion.
macro_rules! search_body {
    ($search:ident, $position:expr, $depth:expr) => {{
        let (position, depth): (&Position, u32) = ($position, $depth);
        if depth == 1 {
            return count::<Us>(position);
        }
        let mut nodes = 0;
        let mut board = position.clone();
        if depth == 2 {
            let view = KingView::new::<Us::Other>(position);
            for_each_move::<Us>(position, |kind, from, to| {
                let undo = make::<Us, false>(&mut board, kind, from, to);
                nodes += if view.holds_after(from, to) {
                    let counted = view.counted_after(from, to);
                    count_inherited::<Us::Other>(&board, &view, counted)
                } else {
                    count::<Us::Other>(&board)
                };
                unmake::<Us, false>(&mut board, kind, from, to, undo);
            });
        } else {
            for_each_move::<Us>(position, |kind, from, to| {
                let undo = make::<Us, false>(&mut board, kind, from, to);
                nodes += $search::<Us::Other>(&board, depth - 1);
                unmake::<Us, false>(&mut board, kind, from, to, undo);
            });
        }
        nodes
    }};
}

/// The portable search from a position with `Us` to move, `depth` ≥ 1.
fn search_portable<Us: Side>(position: &Position, depth: u32) -> u64 {
    search_body!(search_portable, position, depth)
}

/// The search compiled for x86-64 features, from a position with `Us` to
/// move, `depth` ≥ 1.
#[cfg(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized)))]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
fn search_x86<Us: Side>(position: &Position, depth: u32) -> u64 {
    search_body!(search_x86, position, depth)
}

/// Perft below each legal move of `position`, in move order. Needs the
/// `alloc` feature.
///
/// # Errors
///
/// [`PerftError`] for a depth beyond
/// [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH).
#[cfg(feature = "alloc")]
pub fn divide(position: &Position, depth: u32) -> Result<alloc::vec::Vec<(Move, u64)>, PerftError> {
    check_depth(depth)?;
    let below = depth.saturating_sub(1);
    Ok(position
        .legal_moves()
        .iter()
        .map(|&mv| (mv, leaves(&position.play(mv), below)))
        .collect())
}
