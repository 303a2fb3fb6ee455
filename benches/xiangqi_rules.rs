//! The repetition rules' costs:
//! - `chased`: the chase test a tablebase would ask of every position, over
//!   positions from random playouts of small endgames and of the opening;
//! - `game`: what a search pays at each node of a long game (200 and 1,000
//!   plies without a capture, the worst case for finding a repetition):
//!   the repetition query where there is none, the same with the move
//!   played and taken back around it, and the query where a repetition is
//!   found and ruled (a 4-ply and a 40-ply cycle).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use qiboard::xiangqi::rules::{chased, Rules};
use qiboard::xiangqi::{Color, Game, Move, Position};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const SAMPLES: usize = 4096;

/// Endgames of a few pieces each, as a tablebase sees them.
const ENDGAMES: [&str; 6] = [
    "3k5/9/9/9/9/9/N8/5K3/5R3/8r w",
    "2r2k3/9/9/1N7/9/9/2r6/9/9/4K4 w",
    "4rk3/9/3n5/9/9/9/2P1P4/9/2C6/3K5 w",
    "5k3/9/9/9/1P7/N8/2Pn5/9/9/3K5 w",
    "3ak4/4a4/4b4/9/2c6/9/9/4B4/4R4/4K4 w",
    "2bak4/9/4b4/p8/2n6/9/2C6/9/4A4/3AK4 w",
];

/// Positions after random playouts of up to `plies` from `starts`.
fn playouts(starts: &[&str], plies: u64, rng: &mut Xoshiro256PlusPlus) -> Vec<Position> {
    (0..SAMPLES)
        .map(|i| {
            let mut position = Position::from_fen(starts[i % starts.len()]).unwrap();
            for _ in 0..rng.next_u64() % plies {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position = position.play(moves[rng.next_u64() as usize % moves.len()]);
            }
            position
        })
        .collect()
}

fn chase_test(c: &mut Criterion) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    let endgames = playouts(&ENDGAMES, 40, &mut rng);
    let openings = playouts(&[Position::START_FEN], 40, &mut rng);
    let mut group = c.benchmark_group("chased");
    group.throughput(Throughput::Elements(2 * SAMPLES as u64));
    for (name, positions) in [("endgames", &endgames), ("openings", &openings)] {
        let found = positions
            .iter()
            .filter(|p| !(chased(p, Color::Red) | chased(p, Color::Black)).is_empty())
            .count();
        eprintln!("{name}: {found} of {SAMPLES} positions have a chased piece");
        group.bench_function(name, |b| {
            b.iter(|| {
                for position in positions {
                    black_box(chased(black_box(position), Color::Red));
                    black_box(chased(black_box(position), Color::Black));
                }
            })
        });
    }
    group.finish();
}

/// A game of `plies` random moves without a capture from the start, under
/// rules that never end it, whose last position has not stood before.
fn quiet_game(plies: usize, rng: &mut Xoshiro256PlusPlus) -> Game {
    let rules = Rules::default()
        .with_occurrences(u32::MAX)
        .with_move_limit(None);
    let mut game = Game::new().with_rules(rules);
    while game.moves().len() < plies {
        let quiets = game.position().legal_quiets();
        if quiets.is_empty() {
            game.undo();
            continue;
        }
        game.play(quiets[rng.next_u64() as usize % quiets.len()])
            .unwrap();
        if game.moves().len() == plies && game.repetition().is_some() {
            game.undo();
        }
    }
    game
}

/// A move of the side to move and one of the other side that can both
/// be taken back at once: a 4-ply cycle from here.
fn shuttle(position: &Position) -> Option<[Move; 4]> {
    for first in position.legal_quiets().iter().copied() {
        let next = position.play(first);
        for second in next.legal_quiets().iter().copied() {
            let after = next.play(second);
            let back = Move::new(first.to(), first.from());
            let back_again = Move::new(second.to(), second.from());
            if after.is_legal(back) && after.play(back).is_legal(back_again) {
                return Some([first, second, back, back_again]);
            }
        }
    }
    None
}

fn game_queries(c: &mut Criterion) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut group = c.benchmark_group("game");
    for plies in [200, 1000] {
        let mut game = quiet_game(plies, &mut rng);
        group.bench_function(format!("repetition none/{plies}"), |b| {
            b.iter(|| black_box(&game).repetition())
        });
        let mv = game.position().legal_quiets()[0];
        group.bench_function(format!("play, repetition, undo/{plies}"), |b| {
            b.iter(|| {
                game.play(black_box(mv)).unwrap();
                let found = game.repetition();
                game.undo();
                found
            })
        });
        // One lap of a shuttle, then another: the repetition the second
        // lap closes is found and ruled.
        let cycle = shuttle(game.position()).expect("some pieces can shuttle");
        for mv in cycle {
            game.play(mv).unwrap();
        }
        let found = game.repetition().expect("the shuttle repeats");
        assert_eq!(found.plies_ago, 4);
        group.bench_function(format!("repetition found, 4-ply cycle/{plies}"), |b| {
            b.iter(|| black_box(&game).repetition())
        });
        // Ten laps: the last position stood 4 plies ago; ask about the
        // 40-ply span back to its first occurrence through `outcome`,
        // which rules it (the rules of this game never end it, so the
        // outcome is counted from the occurrences with a copy).
        for _ in 0..9 {
            for mv in cycle {
                game.play(mv).unwrap();
            }
        }
        let ruled = game
            .clone()
            .with_rules(Rules::default().with_occurrences(11));
        assert!(ruled.outcome().is_some());
        group.bench_function(format!("outcome, 40-ply span/{plies}"), |b| {
            b.iter(|| black_box(&ruled).outcome())
        });
    }
    group.finish();
}

criterion_group!(benches, chase_test, game_queries);
criterion_main!(benches);
