//! What a probe costs from files, cold (its blocks not in the cache: read
//! from the page cache, checked and decompressed) and warm (its blocks
//! cached), for WDL and DTM probes through a cache of 1 MiB and of 1 GiB.
//!
//! `cargo bench -p qiboard-tablebase-gen --bench probes`
//!
//! The tables are built on first use (under the Asian rules, with their
//! sub-endgames) into `bench-tables/` of the target directory, or into
//! `QIBOARD_BENCH_TABLES` when set, and kept there for the next run;
//! `QIBOARD_BENCH_ENDGAMES` names the endgames (comma-separated, default
//! `KRNKR`). The files' sizes are printed first.
//!
//! A cold probe is timed through a tablebase opened afresh (its files'
//! headers, dictionaries and indices read before the clock starts) on
//! positions whose blocks are all different, so that every timed probe
//! misses the cache; a warm probe repeats positions whose blocks the
//! cache already holds (with 1 MiB, a few positions, so that their blocks
//! fit).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use qiboard::xiangqi::{Color, Position};
use qiboard_tablebase::{table_path, FileKind, Layout, Material, Tablebase};
use qiboard_tablebase_gen::{Generator, Quiet};

/// Positions a cold measurement may take, each in blocks of its own.
const COLD_POSITIONS: usize = 2_000;
/// Positions a warm measurement with the small cache cycles through.
const SMALL_WORKING_SET: usize = 8;
const CACHES: [(&str, usize); 2] = [("1MiB", 1 << 20), ("1GiB", 1 << 30)];

/// The directory the tables are kept in.
fn tables_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("QIBOARD_BENCH_TABLES") {
        return dir.into();
    }
    // The bench runs as `TARGET/PROFILE/deps/probes-HASH`.
    let exe = std::env::current_exe().expect("the bench's own path");
    let target = exe.ancestors().nth(3).expect("a target directory");
    target.join("bench-tables")
}

/// The endgames measured.
fn endgames() -> Vec<Material> {
    let names = std::env::var("QIBOARD_BENCH_ENDGAMES").unwrap_or_else(|_| "KRNKR".into());
    names
        .split(',')
        .map(|name| name.trim().parse().expect("an endgame such as KRNKR"))
        .collect()
}

/// Legal positions of `material`, at pseudo-random indices (the same every
/// run), the side to move alternating, no two in the same WDL or DTM
/// block.
fn spread_positions(dir: &Path, material: Material, count: usize) -> Vec<Position> {
    let layout = Layout::new(material).expect("an endgame with an index");
    let blocks = [FileKind::Wdl, FileKind::Dtm].map(|kind| {
        let file = qiboard_tablebase::format::BlockFile::open(
            &table_path(dir, material, kind),
            kind,
            qiboard_tablebase::MAX_ENTRIES,
        )
        .expect("the file opens");
        u64::from(file.header().block_entries)
    });
    let mut seen = std::collections::HashSet::new();
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut found = Vec::with_capacity(count);
    for _ in 0..count * 64 {
        if found.len() == count {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let side = [Color::Red, Color::Black][found.len() % 2];
        let index = state % layout.per_side();
        let Some(position) = layout.position(side, index) else {
            continue;
        };
        // The index of the position as stored (a mirror image may be).
        let stored = layout.slot(&position).expect("on the board").index;
        let keys = blocks.map(|entries| (side, stored / entries));
        if keys.iter().all(|key| !seen.contains(key)) {
            seen.extend(keys);
            found.push(position);
        }
    }
    found
}

fn probe_wdl(tablebase: &Tablebase, position: &Position) {
    black_box(tablebase.probe_wdl(position).expect("the position probes"));
}

fn probe_dtm(tablebase: &Tablebase, position: &Position) {
    black_box(tablebase.probe_dtm(position).expect("the position probes"));
}

type Probe = fn(&Tablebase, &Position);

/// Cold probes: each batch through a tablebase opened afresh.
fn cold(
    group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    dir: &Path,
    cache: usize,
    positions: &[Position],
    probe: Probe,
) {
    group.bench_function(name, |b| {
        b.iter_custom(|iterations| {
            let mut spent = Duration::ZERO;
            let mut left = iterations as usize;
            while left > 0 {
                let tablebase = Tablebase::open(dir)
                    .expect("the directory is there")
                    .with_cache_bytes(cache);
                // Opening the files is not a probe's cost.
                probe_dtm(&tablebase, &positions[0]);
                let batch = &positions[1..positions.len().min(left + 1)];
                let started = Instant::now();
                for position in batch {
                    probe(&tablebase, position);
                }
                spent += started.elapsed();
                left -= batch.len();
            }
            spent
        })
    });
}

/// Warm probes: `positions` cycled through a cache that holds their
/// blocks.
fn warm(
    group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    tablebase: &Tablebase,
    positions: &[Position],
    probe: Probe,
) {
    for position in positions {
        probe_dtm(tablebase, position);
    }
    let mut next = positions.iter().cycle();
    group.bench_function(name, |b| {
        b.iter(|| probe(tablebase, next.next().expect("a cycle never ends")))
    });
}

fn probes(c: &mut Criterion) {
    let dir = tables_dir();
    for material in endgames() {
        if !table_path(&dir, material, FileKind::Dtm).exists() {
            eprintln!("building {material} into {} (once)", dir.display());
            Generator::open(&dir)
                .expect("the directory can be made")
                .generate(&material, &Quiet)
                .expect("the endgame solves");
        }
        for kind in [FileKind::Wdl, FileKind::Dtm] {
            let path = table_path(&dir, material, kind);
            let bytes = std::fs::read(&path).expect("the file is there").len();
            // Read whole once: cold probes are measured from the page cache.
            println!("{}: {bytes} bytes", path.display());
        }
        let positions = spread_positions(&dir, material, COLD_POSITIONS);
        let mut group = c.benchmark_group(format!("probe {material}"));
        group.sample_size(20);
        group.measurement_time(Duration::from_secs(4));
        for (label, cache) in CACHES {
            cold(
                &mut group,
                &format!("cold WDL {label}"),
                &dir,
                cache,
                &positions,
                probe_wdl,
            );
            cold(
                &mut group,
                &format!("cold DTM {label}"),
                &dir,
                cache,
                &positions,
                probe_dtm,
            );
        }
        for (label, cache) in CACHES {
            let tablebase = Tablebase::open(&dir)
                .expect("the directory is there")
                .with_cache_bytes(cache);
            let set = if cache < 64 << 20 {
                &positions[..SMALL_WORKING_SET]
            } else {
                &positions[..]
            };
            warm(
                &mut group,
                &format!("warm WDL {label}"),
                &tablebase,
                set,
                probe_wdl,
            );
            warm(
                &mut group,
                &format!("warm DTM {label}"),
                &tablebase,
                set,
                probe_dtm,
            );
        }
        group.finish();
    }
}

criterion_group!(benches, probes);
criterion_main!(benches);
