//! `perft` and `moves` for either game: output formats, timing and the
//! line-by-line stdin loop, written once over [`Board`].

use std::time::Instant;

use qiboard::{chess, xiangqi, Board, Perft};

use crate::report::{quoted, Report};
use crate::{check_side, lines, Failure};

/// What the command line says of a game's positions beyond [`Board`].
pub trait Game: Board {
    /// The side that moves first, as messages name it.
    const FIRST: &'static str;
}

impl Game for chess::Position {
    const FIRST: &'static str = "White";
}

impl Game for xiangqi::Position {
    const FIRST: &'static str = "Red";
}

/// The position a FEN describes, or why not (quoting at most the FEN's
/// start).
fn parse<B: Board>(fen: &str) -> Result<B, String> {
    B::from_fen(fen).map_err(|e| format!("bad FEN {:?}: {e}", quoted(fen)))
}

/// What `perft` is asked for beyond the position.
pub struct PerftArgs {
    /// Plies to count.
    pub depth: u32,
    /// Whether to print the count below each first move.
    pub divide: bool,
    /// Threads to count on (0: every core).
    pub threads: usize,
    /// Hash table size in MiB (0: none).
    pub hash_mib: usize,
}

/// `perft` from `fen` (default: the start position): with `divide`,
/// `<move>: <count>` lines sorted by move; always a final `nodes <N>`
/// line. Time and speed go to stderr.
pub fn perft<B: Game + Sync + 'static>(
    fen: Option<&str>,
    args: PerftArgs,
    report: &mut Report,
) -> Result<String, Failure> {
    let fen = fen.unwrap_or(B::START_FEN);
    let position: B = parse(fen).map_err(Failure::Usage)?;
    check_side(fen, B::FIRST, report);
    let hash_bytes = args
        .hash_mib
        .checked_mul(1 << 20)
        .ok_or_else(|| Failure::Usage(format!("--hash {} MiB is too large", args.hash_mib)))?;
    let perft = Perft::new(args.depth)
        .threads(args.threads)
        .hash_bytes(hash_bytes);
    let (start, cpu_start) = (Instant::now(), thread_cpu_seconds());
    let mut out = String::new();
    let nodes = if args.divide && args.depth > 0 {
        let mut split: Vec<(String, u64)> = perft
            .divide(&position)
            .map_err(|e| Failure::Usage(e.to_string()))?
            .into_iter()
            .map(|(mv, count)| (position.move_text(mv), count))
            .collect();
        split.sort();
        for (mv, count) in &split {
            out.push_str(&format!("{mv}: {count}\n"));
        }
        split.iter().map(|(_, count)| count).sum()
    } else {
        perft
            .count(&position)
            .map_err(|e| Failure::Usage(e.to_string()))?
    };
    let seconds = start.elapsed().as_secs_f64();
    let rate = |seconds: f64| nodes as f64 / seconds.max(1e-9) / 1e6;
    let alone = args.threads == 1 && args.hash_mib == 0;
    match (cpu_start, thread_cpu_seconds()) {
        // The kernel updates a running thread's CPU time only now and then,
        // so a run of a few milliseconds can show none: no rate from that.
        // With other threads or a table, this thread's time tells nothing.
        (Some(before), Some(after)) if alone && after - before >= MIN_CPU_SECONDS => eprintln!(
            "time {seconds:.3} s, {:.1} Mnodes/s (thread CPU {:.3} s, {:.1} Mnodes/s)",
            rate(seconds),
            after - before,
            rate(after - before)
        ),
        _ if alone => eprintln!("time {seconds:.3} s, {:.1} Mnodes/s", rate(seconds)),
        _ => eprintln!(
            "time {seconds:.3} s, {:.1} Mnodes/s ({} threads, hash {} MiB)",
            rate(seconds),
            args.threads,
            args.hash_mib
        ),
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

/// How `moves` writes one move of a position: its coordinate text
/// ([`Board::move_text`]) or another notation; `Err` says why it cannot.
pub type Writer<B> = fn(&B, <B as Board>::Move) -> Result<String, String>;

/// The legal moves of one FEN on one line, sorted by their coordinate
/// text and written by `write`.
fn moves_line<B: Board>(fen: &str, write: Writer<B>) -> Result<String, String> {
    let position: B = parse(fen)?;
    let mut moves: Vec<(String, B::Move)> = position
        .legal_moves()
        .iter()
        .map(|&mv| (position.move_text(mv), mv))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    let texts = moves
        .iter()
        .map(|&(_, mv)| write(&position, mv))
        .collect::<Result<Vec<String>, String>>()?;
    Ok(texts.join(" "))
}

/// `moves <FEN>`, or with `-` one output line per stdin line, each
/// written as soon as its line is read: the moves, or `error: <why>` for
/// a bad line, carrying on to the next.
pub fn moves<B: Game>(fen: &str, write: Writer<B>, report: &mut Report) -> Result<String, Failure> {
    if fen != "-" {
        check_side(fen, B::FIRST, report);
        return moves_line::<B>(fen, write)
            .map(|line| line + "\n")
            .map_err(Failure::Usage);
    }
    let failed = lines::answer_each(|line| moves_line::<B>(line, write))
        .map_err(|e| Failure::Io(format!("cannot read stdin or write the answers: {e}")))?;
    if failed {
        report.refused();
    }
    Ok(String::new())
}
