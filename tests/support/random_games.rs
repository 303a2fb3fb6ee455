//! Positions from random games, for the property tests that want many
//! positions of every kind: each start played `games` times, up to
//! `plies` random legal moves each, every position on the way kept.
//! Seeded, so a failure repeats. Included by path
//! (`#[path = …] mod random_games;`) where it is needed.

use qiboard::Board;
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The positions of `games` random games of at most `plies` plies from
/// each of `starts`, drawn from `seed`.
pub fn positions<B: Board + Clone>(
    starts: &[&str],
    games: usize,
    plies: usize,
    seed: u64,
) -> Vec<B> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut found = Vec::new();
    for fen in starts {
        for _ in 0..games {
            let mut position = B::from_fen(fen).unwrap_or_else(|_| panic!("{fen}"));
            for _ in 0..plies {
                found.push(position.clone());
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                position = position.play(mv);
            }
        }
    }
    found
}
