//! Rook + bishop lookups over random occupancies: qiboard against
//! cozy-chess, side by side in one run.

use criterion::{black_box, criterion_group, Criterion, Throughput};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const SAMPLES: usize = 4096;

fn inputs() -> Vec<(usize, u64)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    (0..SAMPLES)
        .map(|_| {
            let square = (rng.next_u64() % 64) as usize;
            // About a third of the squares occupied, like a middlegame.
            let occupied = rng.next_u64() & (rng.next_u64() | rng.next_u64() & rng.next_u64());
            (square, occupied & rng.next_u64())
        })
        .collect()
}

type OurInputs = Vec<(qiboard::chess::Square, qiboard::chess::Bitboard)>;
type CozyInputs = Vec<(cozy_chess::Square, cozy_chess::BitBoard)>;

/// The same inputs in each crate's types.
fn both_inputs() -> (OurInputs, CozyInputs) {
    let inputs = inputs();
    let ours = inputs
        .iter()
        .map(|&(s, o)| (qiboard::chess::Square::ALL[s], qiboard::chess::Bitboard(o)))
        .collect();
    let cozy = inputs
        .iter()
        .map(|&(s, o)| (cozy_chess::Square::index(s), cozy_chess::BitBoard(o)))
        .collect();
    (ours, cozy)
}

fn sliders(c: &mut Criterion) {
    let (ours, cozy) = both_inputs();

    let mut group = c.benchmark_group("rook+bishop lookups");
    group.throughput(Throughput::Elements(2 * SAMPLES as u64));
    group.bench_function("qiboard", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(square, occupied) in black_box(&ours) {
                acc ^= qiboard::chess::rook_attacks(square, occupied).0;
                acc ^= qiboard::chess::bishop_attacks(square, occupied).0;
            }
            acc
        })
    });
    group.bench_function("cozy-chess", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(square, occupied) in black_box(&cozy) {
                acc ^= cozy_chess::get_rook_moves(square, occupied).0;
                acc ^= cozy_chess::get_bishop_moves(square, occupied).0;
            }
            acc
        })
    });
    group.finish();
}

/// `QIBOARD_RACE=1 cargo bench --bench chess_attacks`: the two sides
/// alternate sweep by sweep and each keeps its fastest, so a busy machine
/// slows both alike (criterion runs one after the other).
fn race() {
    const ROUNDS: usize = 200;
    let (ours, cozy) = both_inputs();
    let sweep = |run: &dyn Fn() -> u64| {
        let start = std::time::Instant::now();
        black_box(run());
        start.elapsed().as_secs_f64() * 1e9 / (2 * SAMPLES) as f64
    };
    let (mut best_ours, mut best_cozy) = (f64::MAX, f64::MAX);
    for _ in 0..ROUNDS {
        best_ours = best_ours.min(sweep(&|| {
            ours.iter().fold(0, |acc, &(square, occupied)| {
                acc ^ qiboard::chess::rook_attacks(square, occupied).0
                    ^ qiboard::chess::bishop_attacks(square, occupied).0
            })
        }));
        best_cozy = best_cozy.min(sweep(&|| {
            cozy.iter().fold(0, |acc, &(square, occupied)| {
                acc ^ cozy_chess::get_rook_moves(square, occupied).0
                    ^ cozy_chess::get_bishop_moves(square, occupied).0
            })
        }));
    }
    println!(
        "fastest of {ROUNDS} interleaved sweeps, ns per lookup: qiboard {best_ours:.3}, cozy-chess {best_cozy:.3}, cozy/qiboard {:.3}",
        best_cozy / best_ours
    );
}

criterion_group!(benches, sliders);

fn main() {
    if std::env::var_os("QIBOARD_RACE").is_some() {
        race();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
