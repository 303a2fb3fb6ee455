//! Tablebases: solving whole endgames in memory (sub-endgames included),
//! and probing files on one thread, warm (every block already in the
//! cache) and cold (a cache too small to keep any block, so each probe
//! reads and decompresses one), and probes of endgames with no table.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use qiboard::xiangqi::{Color, Position};
use qiboard_tablebase::{Material, Tablebase};
use qiboard_tablebase_gen::{Generator, Quiet};

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("tablebase");
    group.sample_size(10);
    for name in ["KRKN", "KRKAAEE"] {
        let material: Material = name.parse().expect("a valid signature");
        group.bench_function(name, |b| {
            b.iter(|| {
                let tablebase = Generator::in_memory();
                tablebase
                    .generate(&material, &Quiet)
                    .expect("the endgame solves")
            })
        });
    }
    group.finish();
}

/// Legal positions of `material`, spread over its index by a fixed stride
/// (a pseudo-random order, the same every run).
fn positions(tablebase: &Generator, material: &Material, count: usize) -> Vec<Position> {
    let table = tablebase.table(material).expect("the table is there");
    let layout = table.layout();
    let per_side = layout.per_side();
    let mut found = Vec::with_capacity(count);
    let mut index = 0u64;
    while found.len() < count {
        index = (index + 7_919_993) % per_side;
        let side = if found.len() % 2 == 0 {
            Color::Red
        } else {
            Color::Black
        };
        if let Some(position) = layout.position(side, index) {
            found.push(position);
        }
    }
    found
}

fn probe(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("qiboard-bench-tb-{}", std::process::id()));
    let material: Material = "KRKAAEE".parse().expect("a valid signature");
    let writer = Generator::open(&dir).unwrap();
    writer
        .generate(&material, &Quiet)
        .expect("the endgame solves");
    let sample = positions(&writer, &material, 100_000);
    drop(writer);

    let mut group = c.benchmark_group("probe_wdl");
    group.throughput(Throughput::Elements(sample.len() as u64));
    let warm = Tablebase::open(&dir).unwrap().with_cache_bytes(256 << 20);
    for position in &sample {
        warm.probe_wdl(position).expect("the position probes");
    }
    group.bench_function("warm KRKAAEE", |b| {
        b.iter(|| {
            for position in &sample {
                criterion::black_box(warm.probe_wdl(position).expect("the position probes"));
            }
        })
    });
    group.sample_size(10);
    let cold_sample = &sample[..2_000];
    group.throughput(Throughput::Elements(cold_sample.len() as u64));
    let cold = Tablebase::open(&dir).unwrap().with_cache_bytes(0);
    group.bench_function("cold KRKAAEE", |b| {
        b.iter(|| {
            for position in cold_sample {
                criterion::black_box(cold.probe_wdl(position).expect("the position probes"));
            }
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a search pays at nodes whose endgame has no table: a probe that
/// fails (after the first, which finds the files absent) and `covers`.
fn missing(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("qiboard-bench-missing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let tablebase = Tablebase::open(&dir).unwrap();
    let positions: Vec<Position> = [
        "3k5/9/9/9/9/9/9/9/4C4/5K3 w",
        "3akab2/9/4b4/9/9/9/9/9/4R4/4K4 w",
        Position::START_FEN,
    ]
    .iter()
    .map(|fen| Position::from_fen(fen).expect("a position"))
    .collect();
    for position in &positions {
        assert!(tablebase.probe_wdl(position).is_err());
    }
    let mut group = c.benchmark_group("missing");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("probe_wdl", |b| {
        b.iter(|| {
            for position in &positions {
                let _ = criterion::black_box(tablebase.probe_wdl(criterion::black_box(position)));
            }
        })
    });
    group.bench_function("covers", |b| {
        b.iter(|| {
            for position in &positions {
                criterion::black_box(tablebase.covers(criterion::black_box(position)));
            }
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, generate, probe, missing);
criterion_main!(benches);
