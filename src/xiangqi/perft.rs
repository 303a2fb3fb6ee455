//! Perft: the number of leaf positions of the legal move tree, the
//! standard correctness (and speed) test of a move generator.

#[cfg(feature = "alloc")]
use super::Move;
use super::Position;
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
/// ```
/// use qiboard::xiangqi::{perft, Position};
/// assert_eq!(perft(&Position::start(), 3), Ok(79_666));
/// assert!(perft(&Position::start(), u32::MAX).is_err());
/// ```
pub fn perft(position: &Position, depth: u32) -> Result<u64, PerftError> {
    check_depth(depth)?;
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if let Some(nodes) = perft_x86(position, depth) {
        return Ok(nodes);
    }
    Ok(perft_portable(position, depth))
}

/// Perft in the copy compiled for x86-64 features, if this CPU has them.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
fn perft_x86(position: &Position, depth: u32) -> Option<u64> {
    let detected = std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt");
    // SAFETY: the CPU has every feature `perft_x86_features` is compiled
    // for; that was checked just above.
    #[allow(unsafe_code)]
    detected.then(|| unsafe { perft_x86_features(position, depth) })
}

/// Perft in each copy of the search: the portable one, and the one
/// compiled for x86-64 features if this build and CPU can run it. It
/// exists so that tests can check that both copies agree (the safety
/// argument of the `unsafe` call above); it is no part of the API.
#[doc(hidden)]
pub fn perft_copies(position: &Position, depth: u32) -> (u64, Option<u64>) {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    let features = perft_x86(position, depth);
    #[cfg(not(all(feature = "std", target_arch = "x86_64")))]
    let features = None;
    (perft_portable(position, depth), features)
}

/// The search as compiled for the crate's target: its last ply counts bits
/// with `count_ones` when `popcnt` is known at compile time.
fn perft_portable(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves_inline::<{ cfg!(target_feature = "popcnt") }>(),
        _ => position
            .legal_moves()
            .iter()
            .map(|&mv| perft_portable(&position.play(mv), depth - 1))
            .sum(),
    }
}

#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
fn perft_x86_features(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves_inline::<true>(),
        _ => {
            let mut nodes = 0;
            for &mv in position.legal_moves().iter() {
                nodes += perft_x86_features(&position.play(mv), depth - 1);
            }
            nodes
        }
    }
}

/// Perft below each legal move of `position`, in move order. Needs the
/// `alloc` feature.
#[cfg(feature = "alloc")]
pub fn divide(position: &Position, depth: u32) -> Result<alloc::vec::Vec<(Move, u64)>, PerftError> {
    check_depth(depth)?;
    let below = depth.saturating_sub(1);
    position
        .legal_moves()
        .iter()
        .map(|&mv| Ok((mv, perft(&position.play(mv), below)?)))
        .collect()
}
