//! Perft: the number of leaf positions of the legal move tree, the
//! standard correctness (and speed) test of a move generator.

use super::{Move, Position};

/// Leaf positions `depth` plies below `position`. The last ply is counted
/// without playing its moves.
///
/// On x86-64 CPUs that have them, the search runs in a copy of the move
/// generator compiled for `popcnt`, `bmi1`, `bmi2` and `lzcnt` (found at run
/// time), since the default target may not assume them.
pub fn perft(position: &Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
    {
        // SAFETY: the CPU has every feature `perft_x86_features` is compiled
        // for; that was checked just above.
        #[allow(unsafe_code)]
        return unsafe { perft_x86_features(position, depth) };
    }
    perft_portable(position, depth)
}

fn perft_portable(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => position
            .legal_moves()
            .iter()
            .map(|&mv| perft_portable(&position.play(mv), depth - 1))
            .sum(),
    }
}

#[cfg(target_arch = "x86_64")]
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

/// Perft below each legal move of `position`, in move order.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    let below = depth.saturating_sub(1);
    position
        .legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&position.play(mv), below)))
        .collect()
}
