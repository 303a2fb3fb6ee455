//! Reading a PGN collection of 100,000 moves: the whole reader (decoding,
//! tokens, notation, legality, the tree) in moves per second; the
//! notation parser alone on the same moves, for its share; and the
//! legality test alone, which every parse ends with.
//!
//! The collection is random legal games from the start position, written
//! by this crate's PGN writer in Chinese, WXF and ICCS notation.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use qiboard::xiangqi::record::{self, text, Record, TextEncoding};
use qiboard::xiangqi::{Game, Move, Notation, Position};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const MOVES: usize = 100_000;

/// Random games of at most 150 plies until `MOVES` moves are played.
fn games() -> Vec<Game> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
    let (mut games, mut total) = (Vec::new(), 0);
    while total < MOVES {
        let mut game = Game::new();
        for _ in 0..150.min(MOVES - total) {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            game.play(mv).expect("a legal move");
        }
        total += game.moves().len();
        games.push(game);
    }
    games
}

fn collection(games: &[Game], notation: Notation) -> String {
    let mut text = String::new();
    for game in games {
        text.push_str(&Record::from_game(game).to_pgn(notation));
        text.push('\n');
    }
    text
}

fn read(c: &mut Criterion) {
    let games = games();
    let moves: usize = games.iter().map(|game| game.moves().len()).sum();
    let mut group = c.benchmark_group("pgn_read");
    group.sample_size(10);
    group.throughput(Throughput::Elements(moves as u64));
    for (name, notation) in [
        ("chinese", Notation::CHINESE),
        ("wxf", Notation::Wxf),
        ("iccs", Notation::Iccs),
    ] {
        let utf8 = collection(&games, notation);
        let records = record::read(utf8.as_bytes()).expect("the collection reads");
        assert_eq!(
            records.iter().map(|r| r.main_line().len()).sum::<usize>(),
            moves
        );
        group.bench_function(format!("{name}_utf8"), |b| {
            b.iter(|| record::read(black_box(utf8.as_bytes())))
        });
        if name == "chinese" {
            let gb18030 = text::encode(&utf8, TextEncoding::Gb18030);
            group.bench_function(format!("{name}_gb18030"), |b| {
                b.iter(|| record::read(black_box(&gb18030)))
            });
        }
        // The notation parser alone: each move's text in its position.
        let mut cases: Vec<(Position, String, Move)> = Vec::with_capacity(moves);
        for game in &games {
            let mut position = game.start().clone();
            for &mv in game.moves() {
                let written = position.notation_text(mv, notation).expect("legal");
                let next = position.play(mv);
                cases.push((position, written, mv));
                position = next;
            }
        }
        group.bench_function(format!("{name}_parse_only"), |b| {
            b.iter(|| {
                for (position, written, _) in &cases {
                    black_box(position.parse_notation(written, notation).ok());
                }
            })
        });
        if name == "chinese" {
            // The legality test every parse ends with, for the text's share.
            group.bench_function("legality_only", |b| {
                b.iter(|| {
                    for (position, _, mv) in &cases {
                        black_box(position.is_legal(*mv));
                    }
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, read);
criterion_main!(benches);
