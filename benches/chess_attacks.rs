//! Rook + bishop lookups over random occupancies: qiboard against
//! cozy-chess, side by side in one run.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
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

fn sliders(c: &mut Criterion) {
    let inputs = inputs();
    let ours: Vec<(qiboard::chess::Square, qiboard::chess::Bitboard)> = inputs
        .iter()
        .map(|&(s, o)| (qiboard::chess::Square::ALL[s], qiboard::chess::Bitboard(o)))
        .collect();
    let cozy: Vec<(cozy_chess::Square, cozy_chess::BitBoard)> = inputs
        .iter()
        .map(|&(s, o)| (cozy_chess::Square::index(s), cozy_chess::BitBoard(o)))
        .collect();

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

criterion_group!(benches, sliders);
criterion_main!(benches);
