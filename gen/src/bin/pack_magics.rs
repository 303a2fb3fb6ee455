//! Runs the packing search behind the default seed's fixed-shift magics
//! (about ten minutes on two cores in release) and rewrites the cache the
//! build verifies, `src/chess/magic_cache.rs`; with `--check`, compares
//! instead and fails if the cache is stale.
//!
//! ```text
//! cargo run --release -p qiboard-gen --features search --bin pack-magics [-- --check]
//! ```

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use qiboard_gen::chess::magics::{cache_source, from_cache};
use qiboard_gen::packed_search::search;
use qiboard_gen::seed::DEFAULT_SEED;

fn run(check: bool) -> Result<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/chess/magic_cache.rs");
    let start = Instant::now();
    let searched = search(DEFAULT_SEED)?;
    let took = start.elapsed().as_secs_f64();
    let summary = format!(
        "packing search: {} entries in {took:.0} s",
        searched.attacks.len()
    );
    if check {
        let cached = from_cache()?;
        return if cached == searched {
            Ok(format!("{summary}; {} matches it", path.display()))
        } else {
            Err(format!(
                "{summary}; {} is stale: rewrite it by running this binary without --check",
                path.display()
            ))
        };
    }
    std::fs::write(&path, cache_source(&searched))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(format!("{summary}; wrote {}", path.display()))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = match args.as_slice() {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => {
            eprintln!("usage: pack-magics [--check]");
            return ExitCode::from(2);
        }
    };
    match run(check) {
        Ok(message) => {
            println!("{message}");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("error: {why}");
            ExitCode::FAILURE
        }
    }
}
