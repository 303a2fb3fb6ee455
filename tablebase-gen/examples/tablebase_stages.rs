//! How long each stage of a tablebase generation takes: seeding, each
//! retrograde pass, each rule round, compression. Prints one line per
//! stage (wall time and units of work), then the total.
//!
//! `cargo run --release -p qiboard-tablebase-gen --example tablebase_stages -- KRNKR [asian|none]`

use std::sync::Mutex;
use std::time::Instant;

use qiboard_tablebase::{Material, RuleSet};
use qiboard_tablebase_gen::{Generator, Progress};

/// Prints each stage's name, units and wall time as it finishes.
struct Stages {
    current: Mutex<Option<(String, u64, Instant)>>,
}

impl Progress for Stages {
    fn start(&self, name: &str, total: u64) {
        *self.current.lock().unwrap() = Some((name.to_owned(), total, Instant::now()));
    }

    fn finish(&self) {
        if let Some((name, total, started)) = self.current.lock().unwrap().take() {
            let seconds = started.elapsed().as_secs_f64();
            println!("{name:<24} {total:>12} units {seconds:>9.3} s");
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let material: Material = args
        .next()
        .unwrap_or_else(|| "KRNKR".to_owned())
        .parse()
        .expect("a material such as KRNKR");
    let rules: RuleSet = args
        .next()
        .unwrap_or_else(|| "asian".to_owned())
        .parse()
        .expect("asian or none");
    let tablebase = Generator::in_memory().with_rules(rules);
    let stages = Stages {
        current: Mutex::new(None),
    };
    let started = Instant::now();
    let log = tablebase.generate(&material, &stages).expect("generation");
    for table in &log {
        println!("{}: {:.3} s", table.material, table.elapsed.as_secs_f64());
    }
    println!("total {:.3} s", started.elapsed().as_secs_f64());
}
