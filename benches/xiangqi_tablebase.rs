//! Solving whole endgames in memory, sub-endgames included: `KRKN` and
//! `KRKAAEE` (the one-second target on two cores).

use criterion::{criterion_group, criterion_main, Criterion};
use qiboard::xiangqi::tablebase::{Material, Quiet, Tablebase};

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("tablebase");
    group.sample_size(10);
    for name in ["KRKN", "KRKAAEE"] {
        let material: Material = name.parse().expect("a valid signature");
        group.bench_function(name, |b| {
            b.iter(|| {
                let tablebase = Tablebase::in_memory();
                tablebase
                    .generate(&material, &Quiet)
                    .expect("the endgame solves")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, generate);
criterion_main!(benches);
