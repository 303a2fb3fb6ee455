//! Writes the pretty-printed table sources for a seed into a directory:
//! exactly what a build with that seed compiles in, as `tables/` shows it
//! for the default seed.
//!
//! ```text
//! cargo run -p qiboard-gen --features pretty --bin tables -- [--seed SEED] --out DIR
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use qiboard_gen::seed::{parse_seed, DEFAULT_SEED};

const USAGE: &str = "usage: tables [--seed SEED] --out DIR   (SEED in decimal or 0x hex; default the crate's default seed)";

fn run() -> Result<String, String> {
    let mut seed = DEFAULT_SEED;
    let mut out: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => {
                let text = args.next().ok_or("--seed needs a value")?;
                seed = parse_seed(&text)?;
            }
            "--out" => out = Some(args.next().ok_or("--out needs a directory")?.into()),
            "-h" | "--help" => return Ok(USAGE.to_string()),
            other => return Err(format!("unexpected argument {other:?}\n{USAGE}")),
        }
    }
    let out = out.ok_or_else(|| format!("--out is required\n{USAGE}"))?;
    qiboard_gen::pretty::write_pretty(&out, seed)?;
    Ok(format!(
        "wrote the tables for seed {seed:#018x} to {}",
        out.display()
    ))
}

fn main() -> ExitCode {
    match run() {
        Ok(message) => {
            println!("{message}");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("error: {why}");
            ExitCode::from(2)
        }
    }
}
