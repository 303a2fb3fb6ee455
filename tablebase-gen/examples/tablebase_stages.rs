//! How long each stage of a tablebase generation takes: seeding, each
//! retrograde pass, each rule round, compression. Prints one line per
//! stage (wall time, the process's CPU time and units of work), then the
//! total. On a shared machine the CPU time is the steadier figure.
//!
//! `cargo run --release -p qiboard-tablebase-gen --example tablebase_stages -- KRNKR [asian|none]`

use std::sync::Mutex;
use std::time::Instant;

use qiboard_tablebase::{Material, RuleSet};
use qiboard_tablebase_gen::{Generator, Progress};

/// Prints each stage's name, units and wall time as it finishes.
struct Stages {
    current: Mutex<Option<(String, u64, Instant, f64)>>,
}

/// The CPU time the process has used so far, in seconds, on Linux (user
/// and system, from `/proc/self/stat`); 0 elsewhere.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command's closing parenthesis: utime and stime
    // are the 12th and 13th, in clock ticks (100 a second on Linux).
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: Vec<f64> = after
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|field| field.parse().ok())
        .collect();
    ticks.iter().sum::<f64>() / 100.0
}

impl Progress for Stages {
    fn start(&self, name: &str, total: u64) {
        *self.current.lock().unwrap() =
            Some((name.to_owned(), total, Instant::now(), cpu_seconds()));
    }

    fn finish(&self) {
        if let Some((name, total, started, cpu)) = self.current.lock().unwrap().take() {
            let seconds = started.elapsed().as_secs_f64();
            let cpu = cpu_seconds() - cpu;
            println!("{name:<24} {total:>12} units {seconds:>9.3} s {cpu:>8.2} s CPU");
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
    println!(
        "total {:.3} s, {:.2} s CPU",
        started.elapsed().as_secs_f64(),
        cpu_seconds()
    );
}
