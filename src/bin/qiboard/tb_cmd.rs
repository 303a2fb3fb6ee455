//! `qiboard tb …`: generate, probe, verify and count xiangqi endgame tables.

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use clap::Subcommand;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use qiboard::xiangqi::tablebase::{Material, Progress, Tablebase, Value};
use qiboard::xiangqi::{Color, Position};

use crate::UsageError;

#[derive(Subcommand)]
pub enum TbCommand {
    /// Solve endgames (and every endgame they reach by captures, loaded
    /// from DIR when there) and write one file each to DIR.
    Gen {
        /// Material signatures such as KRKAAEE (Red's K and pieces, then
        /// Black's; letters K A E/B N/H R C P).
        #[arg(required = true)]
        materials: Vec<String>,
        /// Where tables are read and written.
        #[arg(long, default_value = ".")]
        dir: PathBuf,
    },
    /// Print `<W|D|L> <plies>` for the side to move (plies to mate, 0 for a
    /// draw or a side with no move), then the best move (or `-`), then the
    /// line to mate (or `-`). With `-` instead of a FEN, read one FEN per
    /// line from stdin and print `<W|D|L> <plies> <best move or ->` or
    /// `error: <why>` for each.
    Probe {
        /// A FEN, or `-` for FENs on stdin.
        fen: String,
        /// Where the tables are.
        #[arg(long, default_value = ".")]
        dir: PathBuf,
    },
    /// Check every value of a table against its successors' values.
    Verify {
        /// The endgame.
        material: String,
        /// Read the tables from DIR (default: solve in memory).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// Print legal, won, drawn and lost positions and the longest mate,
    /// for Red to move then Black to move.
    Stats {
        /// The endgame.
        material: String,
        /// Read the table from DIR (default: solve in memory).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
struct Bar {
    current: Mutex<Option<ProgressBar>>,
    visible: bool,
}

impl Bar {
    fn new() -> Bar {
        Bar {
            current: Mutex::new(None),
            visible: std::io::stderr().is_terminal(),
        }
    }

    fn with(&self, act: impl FnOnce(&mut Option<ProgressBar>)) {
        act(&mut self.current.lock().unwrap_or_else(|p| p.into_inner()));
    }
}

impl Progress for Bar {
    fn start(&self, name: &str, total: u64) {
        // Small endgames finish before a bar would be read.
        let target = if self.visible && total >= 100_000 {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        if let Ok(style) =
            ProgressStyle::with_template("{msg:>16} [{bar:40}] {percent:>3}% {elapsed}")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(name.to_string());
        self.with(|current| *current = Some(bar));
    }

    fn advance(&self, units: u64) {
        self.with(|current| {
            if let Some(bar) = current {
                bar.inc(units);
            }
        });
    }

    fn finish(&self) {
        self.with(|current| {
            if let Some(bar) = current.take() {
                bar.finish_and_clear();
            }
        });
    }
}

fn usage(error: impl std::fmt::Display) -> UsageError {
    UsageError(error.to_string())
}

fn parse_material(text: &str) -> Result<Material, UsageError> {
    text.parse().map_err(usage)
}

pub fn run(command: TbCommand) -> Result<String, UsageError> {
    match command {
        TbCommand::Gen { materials, dir } => generate(&materials, dir),
        TbCommand::Probe { fen, dir } if fen == "-" => probe_stdin(&Tablebase::at(dir)),
        TbCommand::Probe { fen, dir } => probe(&fen, &Tablebase::at(dir)),
        TbCommand::Verify { material, dir } => {
            let material = parse_material(&material)?;
            let tablebase = open(&material, dir)?;
            let checked = tablebase.verify(&material, &Bar::new()).map_err(usage)?;
            Ok(format!(
                "{material} verified: {checked} legal entries agree with all their successors\n"
            ))
        }
        TbCommand::Stats { material, dir } => {
            let material = parse_material(&material)?;
            let table = open(&material, dir)?.table(&material).map_err(usage)?;
            let mut out = String::new();
            for (side, name) in [(Color::Red, "red"), (Color::Black, "black")] {
                let s = table.stats(side);
                out += &format!(
                    "{material} {name}-to-move legal={} win={} draw={} loss={} max_dtm={}\n",
                    s.legal, s.win, s.draw, s.loss, s.max_dtm
                );
            }
            Ok(out)
        }
    }
}

/// The tables of `dir` (a missing table there is an error: the user named
/// that directory), or without `dir` a fresh in-memory solve.
fn open(material: &Material, dir: Option<PathBuf>) -> Result<Tablebase, UsageError> {
    if let Some(dir) = dir {
        let tablebase = Tablebase::at(dir);
        tablebase.table(material).map_err(usage)?;
        return Ok(tablebase);
    }
    let tablebase = Tablebase::in_memory();
    tablebase.generate(material, &Bar::new()).map_err(usage)?;
    Ok(tablebase)
}

fn generate(materials: &[String], dir: PathBuf) -> Result<String, UsageError> {
    let materials = materials
        .iter()
        .map(|text| parse_material(text))
        .collect::<Result<Vec<_>, _>>()?;
    let tablebase = Tablebase::at(dir);
    let started = Instant::now();
    let mut out = String::new();
    for material in &materials {
        for generated in tablebase.generate(material, &Bar::new()).map_err(usage)? {
            out += &format!(
                "{}: {} entries solved in {:.3} s",
                generated.material,
                generated.entries,
                generated.elapsed.as_secs_f64()
            );
            if let Some((path, bytes)) = generated.file {
                out += &format!(", wrote {} ({bytes} bytes)", path.display());
            }
            out.push('\n');
        }
    }
    out += &format!("total {:.3} s\n", started.elapsed().as_secs_f64());
    Ok(out)
}

fn parse_fen(fen: &str) -> Result<Position, UsageError> {
    Position::from_fen(fen.trim()).map_err(|e| UsageError(format!("bad FEN {:?}: {e}", fen.trim())))
}

fn show_move(best: Option<(qiboard::xiangqi::Move, Value)>) -> String {
    best.map_or_else(|| "-".to_string(), |(mv, _)| mv.to_string())
}

fn probe(fen: &str, tablebase: &Tablebase) -> Result<String, UsageError> {
    let position = parse_fen(fen)?;
    let value = tablebase.probe(&position).map_err(usage)?;
    let best = tablebase.best_move(&position).map_err(usage)?;
    let line = tablebase.line(&position).map_err(usage)?;
    let line = if line.is_empty() {
        "-".to_string()
    } else {
        line.iter()
            .map(|mv| mv.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    Ok(format!("{value}\n{}\n{line}\n", show_move(best)))
}

fn probe_stdin(tablebase: &Tablebase) -> Result<String, UsageError> {
    let mut out = String::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| UsageError(format!("reading stdin: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = parse_fen(&line).and_then(|position| {
            let value = tablebase.probe(&position).map_err(usage)?;
            let best = tablebase.best_move(&position).map_err(usage)?;
            Ok(format!("{value} {}", show_move(best)))
        });
        match answer {
            Ok(text) => out += &text,
            Err(UsageError(why)) => out += &format!("error: {why}"),
        }
        out.push('\n');
    }
    Ok(out)
}
