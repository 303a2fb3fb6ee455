//! What a probe costs when its block is not in the cache, and when it is:
//! WDL and DTM probes of random legal positions through a cache of no
//! bytes (every probe reads and decompresses its blocks from the page
//! cache), of 1 MiB (a first pass in random order) and of 1 GiB (a second
//! pass, every block cached), with the files' sizes.
//!
//! `cargo run --release -p qiboard-tablebase-gen --example cold_probes -- DIR [MATERIAL...]`
//!
//! Tables missing from DIR are generated there first (under the Asian
//! rules, with their sub-endgames); the default materials are KRKAAEE and
//! KRNKR.

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use qiboard::xiangqi::{Color, Position};
use qiboard_tablebase::{table_path, FileKind, Layout, Material, Tablebase};
use qiboard_tablebase_gen::{Generator, Quiet};

/// Positions probed per measurement.
const PROBES: usize = 20_000;

/// `count` legal positions of `material`, at pseudo-random indices (the
/// same every run), the side to move alternating.
fn positions(material: Material, count: usize) -> Vec<Position> {
    let layout = Layout::new(material).expect("an endgame with an index");
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut found = Vec::with_capacity(count);
    while found.len() < count {
        // splitmix64: spread over the whole index, no block favoured.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ z >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        let side = [Color::Red, Color::Black][found.len() % 2];
        if let Some(position) = layout.position(side, z % layout.per_side()) {
            found.push(position);
        }
    }
    found
}

/// Microseconds per probe of `probe` over `sample`.
fn per_probe(sample: &[Position], mut probe: impl FnMut(&Position)) -> f64 {
    let started = Instant::now();
    for position in sample {
        probe(position);
    }
    started.elapsed().as_secs_f64() * 1e6 / sample.len() as f64
}

fn wdl(tablebase: &Tablebase) -> impl FnMut(&Position) + '_ {
    move |position| {
        black_box(tablebase.probe_wdl(position).expect("the position probes"));
    }
}

fn dtm(tablebase: &Tablebase) -> impl FnMut(&Position) + '_ {
    move |position| {
        black_box(tablebase.probe_dtm(position).expect("the position probes"));
    }
}

fn measure(dir: &Path, material: Material) {
    let sizes = [FileKind::Wdl, FileKind::Dtm].map(|kind| {
        let path = table_path(dir, material, kind);
        // Read whole once: the measurements are from the page cache.
        std::fs::read(&path).expect("the file is there").len()
    });
    let sample = positions(material, PROBES);
    let open = |cache: usize| {
        Tablebase::open(dir)
            .expect("the directory is there")
            .with_cache_bytes(cache)
    };
    // One probe first: opening the files is not a probe's cost.
    let cold = open(0);
    cold.probe_dtm(&sample[0]).expect("the position probes");
    let cold_wdl = per_probe(&sample, wdl(&cold));
    let cold_dtm = per_probe(&sample, dtm(&cold));
    let small = open(1 << 20);
    small.probe_dtm(&sample[0]).expect("the position probes");
    let small_wdl = per_probe(&sample, wdl(&small));
    let small = open(1 << 20);
    small.probe_dtm(&sample[0]).expect("the position probes");
    let small_dtm = per_probe(&sample, dtm(&small));
    let warm = open(1 << 30);
    per_probe(&sample, dtm(&warm));
    let warm_wdl = per_probe(&sample, wdl(&warm));
    let warm_dtm = per_probe(&sample, dtm(&warm));
    println!(
        "{material}: WDL {} B, DTM {} B; per probe (us): cache 0 WDL {cold_wdl:.2} DTM {cold_dtm:.2}; \
         1 MiB first pass WDL {small_wdl:.2} DTM {small_dtm:.2}; 1 GiB warm WDL {warm_wdl:.3} DTM {warm_dtm:.3}",
        sizes[0], sizes[1]
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: cold_probes DIR [MATERIAL...]");
    let mut materials: Vec<Material> = args
        .map(|name| name.parse().expect("a material such as KRNKR"))
        .collect();
    if materials.is_empty() {
        materials = ["KRKAAEE", "KRNKR"]
            .map(|name| name.parse().expect("valid"))
            .to_vec();
    }
    let dir = Path::new(&dir);
    for &material in &materials {
        if !table_path(dir, material, FileKind::Dtm).exists() {
            let generator = Generator::open(dir).expect("the directory can be made");
            generator
                .generate(&material, &Quiet)
                .expect("the endgame solves");
        }
    }
    for material in materials {
        measure(dir, material);
    }
}
