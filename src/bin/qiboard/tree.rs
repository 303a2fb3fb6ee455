//! Game-independent halves of `perft` and `moves`: output formats, timing
//! and the line-by-line stdin loop. Each game supplies a [`MoveTree`].

use std::io::{self, BufRead, Write};
use std::time::Instant;

use crate::UsageError;

/// What a game offers the `perft` and `moves` commands.
pub trait MoveTree {
    /// The position a FEN describes.
    fn parse(fen: &str) -> Result<Self, String>
    where
        Self: Sized;
    /// Leaf count at `depth`.
    fn perft(&self, depth: u32) -> u64;
    /// Each legal move's text with its leaf count at `depth - 1`.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// Legal moves as text, in any order.
    fn moves(&self) -> Vec<String>;
}

/// `perft`: with `divide`, `<move>: <count>` lines sorted by move; always a
/// final `nodes <N>` line. Time and speed go to stderr.
pub fn perft<T: MoveTree>(fen: &str, depth: u32, divide: bool) -> Result<String, UsageError> {
    let position = T::parse(fen).map_err(UsageError)?;
    let (start, cpu_start) = (Instant::now(), thread_cpu_seconds());
    let mut out = String::new();
    let nodes = if divide && depth > 0 {
        let mut split = position.divide(depth);
        split.sort();
        for (mv, count) in &split {
            out.push_str(&format!("{mv}: {count}\n"));
        }
        split.iter().map(|(_, count)| count).sum()
    } else {
        position.perft(depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    let rate = |seconds: f64| nodes as f64 / seconds.max(1e-9) / 1e6;
    match (cpu_start, thread_cpu_seconds()) {
        // The kernel updates a running thread's CPU time only now and then,
        // so a run of a few milliseconds can show none: no rate from that.
        (Some(before), Some(after)) if after - before >= MIN_CPU_SECONDS => eprintln!(
            "time {seconds:.3} s, {:.1} Mnodes/s (thread CPU {:.3} s, {:.1} Mnodes/s)",
            rate(seconds),
            after - before,
            rate(after - before)
        ),
        _ => eprintln!("time {seconds:.3} s, {:.1} Mnodes/s", rate(seconds)),
    }
    out.push_str(&format!("nodes {nodes}\n"));
    Ok(out)
}

/// Thread CPU time below which no rate is shown.
const MIN_CPU_SECONDS: f64 = 0.01;

/// This thread's CPU time in seconds, where Linux reports it: on a shared
/// machine it shows the speed that waiting for a core hides.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

/// The sorted legal moves of one FEN on one line.
fn moves_line<T: MoveTree>(fen: &str) -> Result<String, String> {
    let mut moves = T::parse(fen)?.moves();
    moves.sort();
    Ok(moves.join(" "))
}

/// `moves <FEN>`, or with `-` one output line per stdin line: the moves,
/// or `error: <why>` for a bad FEN, carrying on to the next line.
pub fn moves<T: MoveTree>(fen: &str) -> Result<String, UsageError> {
    if fen != "-" {
        return moves_line::<T>(fen)
            .map(|line| line + "\n")
            .map_err(UsageError);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|e| UsageError(format!("cannot read stdin: {e}")))?;
        let text = moves_line::<T>(line.trim()).unwrap_or_else(|why| format!("error: {why}"));
        writeln!(out, "{text}").map_err(|e| UsageError(format!("cannot write: {e}")))?;
    }
    out.flush()
        .map_err(|e| UsageError(format!("cannot write: {e}")))?;
    Ok(String::new())
}
