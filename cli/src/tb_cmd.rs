//! `qiboard tb …`: generate, probe, verify and count xiangqi endgame tables.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Subcommand;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use qiboard::xiangqi::{Color, Position};
use qiboard_tablebase::{Dtm, Layout, Material, ProbeError, RuleSet, Tablebase};
use qiboard_tablebase_gen::{family, GenerateError, Generated, Generator, Plan, Progress, Reads};

use crate::report::{quoted, Report};
use crate::Failure;

/// Which rules, where: options every `tb` command takes.
#[derive(clap::Args)]
pub struct Where {
    /// Where tables are read (and written).
    #[arg(long, default_value = ".")]
    dir: PathBuf,
    /// Repetition rules the tables assume: asian (a side that can avoid
    /// losing only by perpetual check or chase loses) or none.
    #[arg(long, default_value = "asian")]
    rules: String,
}

/// How `tb gen` reads the tables one capture away ([`Reads`]).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum SubtableReads {
    /// Whole when the solve fits --memory in memory with them, else
    /// probed when it does so; out of core, whichever leaves more room.
    Auto,
    /// Held whole in memory.
    Whole,
    /// Through their blocks with a bounded cache.
    Probed,
}

impl From<SubtableReads> for Reads {
    fn from(reads: SubtableReads) -> Reads {
        match reads {
            SubtableReads::Auto => Reads::Auto,
            SubtableReads::Whole => Reads::Whole,
            SubtableReads::Probed => Reads::Probed,
        }
    }
}

#[derive(Subcommand)]
pub enum TbCommand {
    /// Solve endgames (and every endgame they reach by captures, loaded
    /// from DIR when there) and write two files each (.qwdl, .qdtm) to DIR.
    /// With --all, every endgame of at most N attacking pieces, smallest
    /// first, skipping those already in DIR.
    Gen {
        /// Material signatures such as KRKAAEE (Red's K and pieces, then
        /// Black's; letters K A E/B N/H R C P).
        #[arg(required_unless_present = "all")]
        materials: Vec<String>,
        /// Every endgame of at most --attackers rooks, horses, cannons and
        /// pawns (both sides together), with any advisors and elephants.
        #[arg(long, requires = "attackers", conflicts_with = "materials")]
        all: bool,
        /// The most attacking pieces with --all.
        #[arg(long)]
        attackers: Option<u32>,
        /// With --all, only the endgames of at most N index entries (and
        /// what they need): e.g. 1e8.
        #[arg(long, requires = "all", value_parser = parse_count)]
        max_entries: Option<u64>,
        /// Memory the process may take for a solve: its own structures,
        /// the tables one capture away that it reads, their indexes and
        /// the process's own 16 MiB (bytes, or with K, M, G; default what
        /// the system has available). An endgame needing more is
        /// solved out of core, a partition of its entries at a time, with
        /// scratch files in DIR (its rule rounds too); one that cannot be
        /// is refused before any work.
        #[arg(long)]
        memory: Option<String>,
        /// How a solve reads the tables one capture away: held whole
        /// (two bytes an entry, the fastest), probed through their blocks
        /// with a bounded cache (counted within --memory by the cache, not
        /// their size), or auto: whole when the solve fits --memory in
        /// memory with them, else probed when it does so; out of core,
        /// whichever leaves the partitions more room.
        #[arg(long, value_enum, default_value = "auto")]
        subtables: SubtableReads,
        /// Solve only the endgames named: those one capture away must be in
        /// DIR already (each read whole and checked), or the run stops
        /// naming the first missing. For drivers that build a family on
        /// many machines, each endgame after those it needs.
        #[arg(long, conflicts_with = "all")]
        no_subtables: bool,
        #[command(flatten)]
        place: Where,
    },
    /// List every endgame of at most N attacking pieces (with everything
    /// they reach by captures) in the order they can be built: index
    /// entries, working memory, an estimate of the time on two cores, the
    /// endgames each needs, and what cannot be built here; then totals.
    Plan {
        /// The most rooks, horses, cannons and pawns, both sides together.
        #[arg(long)]
        attackers: u32,
        /// Only the endgames of at most N index entries (and what they
        /// need): e.g. 1e8.
        #[arg(long, value_parser = parse_count)]
        max_entries: Option<u64>,
        /// The plan as JSON, for drivers that build on many machines.
        #[arg(long)]
        json: bool,
        /// The memory to check each endgame against, counted as `tb gen
        /// --memory` counts it (default what the system has available).
        #[arg(long)]
        memory: Option<String>,
        /// Repetition rules (asian or none).
        #[arg(long, default_value = "asian")]
        rules: String,
    },
    /// Print the value for the side to move (`W|D|L <plies>`, plus `rule`
    /// when the distance counts to a repetition-rule decision rather than
    /// mate), then the best move (or `-`), then the line (or `-`). With `-`
    /// instead of a FEN, read one FEN per line from stdin and print
    /// `<W|D|L> <plies> <best move or ->` or `error: <why>` for each.
    Probe {
        /// A FEN, or `-` for FENs on stdin.
        fen: String,
        #[command(flatten)]
        place: Where,
    },
    /// Check every value of a table in DIR against its successors' values
    /// (the tables one capture away must be in DIR too).
    Verify {
        /// The endgame.
        material: String,
        #[command(flatten)]
        place: Where,
    },
    /// Print legal, won, drawn and lost positions, the longest distance and
    /// how many values the repetition rules decided, for Red to move then
    /// Black to move.
    Stats {
        /// The endgame.
        material: String,
        #[command(flatten)]
        place: Where,
    },
}

/// Progress on stderr: bars when stderr is a terminal (one for the current
/// stage of a table, one over a whole family run), else a line every few
/// seconds; and each table's line on stdout as soon as it is built.
struct Bar {
    bars: MultiProgress,
    current: Mutex<Option<ProgressBar>>,
    overall: Mutex<Option<ProgressBar>>,
    visible: bool,
    /// Without a terminal: when the last progress line was written, the
    /// current stage's name, units done and total, and the overall count.
    lines: Mutex<Lines>,
    /// Tables built (or found present) so far, and the first error met
    /// writing their lines.
    tables: Mutex<Tables>,
}

#[derive(Default)]
struct Lines {
    last: Option<Instant>,
    stage: String,
    done: u64,
    total: u64,
    overall: Option<(u64, u64)>,
}

#[derive(Default)]
struct Tables {
    solved: usize,
    present: usize,
    bytes: u64,
    write_error: Option<std::io::Error>,
}

/// How often a progress line is written when stderr is no terminal
/// (`QIBOARD_PROGRESS_SECONDS` overrides the 5 s).
fn progress_interval() -> Duration {
    std::env::var("QIBOARD_PROGRESS_SECONDS")
        .ok()
        .and_then(|text| text.parse::<f64>().ok())
        .filter(|seconds| seconds.is_finite() && *seconds >= 0.0)
        .map_or(Duration::from_secs(5), Duration::from_secs_f64)
}

fn locked<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

impl Bar {
    fn new() -> Bar {
        let visible = std::io::stderr().is_terminal();
        let target = if visible {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        Bar {
            bars: MultiProgress::with_draw_target(target),
            current: Mutex::new(None),
            overall: Mutex::new(None),
            visible,
            lines: Mutex::default(),
            tables: Mutex::default(),
        }
    }

    /// Without a terminal, a progress line on stderr when the interval has
    /// passed since the last.
    fn line(&self, update: impl FnOnce(&mut Lines)) {
        if self.visible {
            return;
        }
        let mut lines = locked(&self.lines);
        update(&mut lines);
        let now = Instant::now();
        let due = lines
            .last
            .is_none_or(|last| now.duration_since(last) >= progress_interval());
        if !due {
            return;
        }
        lines.last = Some(now);
        let mut text = String::from("progress:");
        if let Some((done, total)) = lines.overall {
            text += &format!(" all tables {:.1}%;", percent(done, total));
        }
        if !lines.stage.is_empty() {
            text += &format!(" {} {:.1}%", lines.stage, percent(lines.done, lines.total));
        }
        eprintln!("{text}");
    }

    /// Writes a table's line to stdout at once (flushed: a pipe reader
    /// sees it now, and an interrupted run leaves it).
    fn table_line(&self, text: &str) {
        let mut tables = locked(&self.tables);
        if tables.write_error.is_some() {
            return;
        }
        let mut out = std::io::stdout().lock();
        if let Err(error) = writeln!(out, "{text}").and_then(|()| out.flush()) {
            tables.write_error = Some(error);
        }
    }

    /// The first error met writing the tables' lines, if any.
    fn write_error(&self) -> Option<std::io::Error> {
        locked(&self.tables).write_error.take()
    }

    fn styled(bar: ProgressBar, template: &str, name: &str) -> ProgressBar {
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(name.to_string());
        bar
    }

    /// Ends the run's overall bar.
    fn finish_overall(&self) {
        if let Some(bar) = locked(&self.overall).take() {
            bar.finish_and_clear();
        }
    }
}

impl Progress for Bar {
    fn start(&self, name: &str, total: u64) {
        self.line(|lines| {
            lines.stage = name.to_string();
            lines.done = 0;
            lines.total = total;
        });
        // Small endgames finish before a bar would be read.
        let bar = if self.visible && total >= 100_000 {
            self.bars.add(ProgressBar::new(total))
        } else {
            ProgressBar::hidden()
        };
        let bar = Self::styled(bar, "{msg:>16} [{bar:40}] {percent:>3}% {elapsed}", name);
        *locked(&self.current) = Some(bar);
    }

    fn advance(&self, units: u64) {
        self.line(|lines| lines.done += units);
        if let Some(bar) = &*locked(&self.current) {
            bar.inc(units);
        }
    }

    fn finish(&self) {
        if let Some(bar) = locked(&self.current).take() {
            bar.finish_and_clear();
        }
    }

    fn overall(&self, done: u64, total: u64) {
        self.line(|lines| lines.overall = Some((done, total)));
        let mut overall = locked(&self.overall);
        let bar = overall.get_or_insert_with(|| {
            let bar = if self.visible {
                self.bars.insert(0, ProgressBar::new(total))
            } else {
                ProgressBar::hidden()
            };
            Self::styled(
                bar,
                "{msg:>16} [{bar:40}] {percent:>3}% {elapsed} (eta {eta})",
                "all tables",
            )
        });
        bar.set_length(total);
        bar.set_position(done);
    }

    fn generated(&self, generated: &Generated) {
        {
            let mut tables = locked(&self.tables);
            tables.solved += 1;
            tables.bytes += generated
                .files
                .as_ref()
                .map_or(0, |files| files.wdl.1 + files.dtm.1);
        }
        // Printed above the bars, which redraw below it.
        self.bars.suspend(|| self.table_line(&report(generated)));
    }

    fn present(&self, material: Material) {
        locked(&self.tables).present += 1;
        let _ = material;
    }

    fn waiting(&self, material: Material) {
        if !self.visible {
            eprintln!("{material}: waiting for another writer's lock");
        }
    }
}

fn percent(done: u64, total: u64) -> f64 {
    if total == 0 {
        100.0
    } else {
        done as f64 * 100.0 / total as f64
    }
}

fn usage(error: impl std::fmt::Display) -> Failure {
    Failure::Usage(error.to_string())
}

/// A prober's failure: an I/O error, a directory that is none (the
/// `--dir` given), or refused data.
fn probe_failure(error: ProbeError) -> Failure {
    match error {
        ProbeError::Io { .. } => Failure::Io(error.to_string()),
        ProbeError::NotADirectory { .. } | ProbeError::Material(_) => usage(error),
        _ => Failure::Refused(error.to_string()),
    }
}

/// A generator's failure, by the same kinds.
fn failure(error: GenerateError) -> Failure {
    match error {
        GenerateError::Probe(error) => probe_failure(error),
        GenerateError::Io { .. } => Failure::Io(error.to_string()),
        _ => Failure::Refused(error.to_string()),
    }
}

fn parse_material(text: &str) -> Result<Material, Failure> {
    text.parse().map_err(usage)
}

fn parse_rules(text: &str) -> Result<RuleSet, Failure> {
    text.parse().map_err(usage)
}

/// A generator writing to `place`'s directory, made if missing.
fn writer(place: Where) -> Result<Generator, Failure> {
    let rules = parse_rules(&place.rules)?;
    Ok(Generator::open(place.dir)
        .map_err(failure)?
        .with_rules(rules))
}

/// A generator over `place`'s directory, which must exist (reading whole
/// tables: stats, verify).
fn reader(place: Where) -> Result<Generator, Failure> {
    Ok(Generator::new(prober(place)?))
}

fn prober(place: Where) -> Result<Tablebase, Failure> {
    let rules = parse_rules(&place.rules)?;
    Ok(Tablebase::open(place.dir)
        .map_err(probe_failure)?
        .with_rules(rules))
}

pub fn run(command: TbCommand, report: &mut Report) -> Result<String, Failure> {
    match command {
        TbCommand::Gen {
            all: true,
            attackers,
            max_entries,
            memory,
            subtables,
            place,
            ..
        } => generate_family(
            attackers.unwrap_or(0),
            max_entries,
            with_memory(writer(place)?, memory)?.with_subtable_reads(subtables.into()),
        ),
        TbCommand::Gen {
            materials,
            memory,
            subtables,
            no_subtables,
            place,
            ..
        } => generate(
            &materials,
            with_memory(writer(place)?, memory)?
                .with_subtables(!no_subtables)
                .with_subtable_reads(subtables.into()),
        ),
        TbCommand::Plan {
            attackers,
            max_entries,
            json,
            memory,
            rules,
        } => {
            let limit = match memory {
                Some(text) => Some(parse_size(&text)?),
                None => Generator::in_memory().memory_limit(),
            };
            let materials = family_up_to(attackers, max_entries);
            let plan = Plan::new(&materials, parse_rules(&rules)?, limit);
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            if json {
                plan.write_json(&mut out)
            } else {
                show_plan(&plan, &mut out)
            }
            .and_then(|()| std::io::Write::flush(&mut out))
            .map_err(Failure::output)?;
            Ok(String::new())
        }
        TbCommand::Probe { fen, place } if fen == "-" => probe_stdin(&prober(place)?, report),
        TbCommand::Probe { fen, place } => {
            crate::check_side(&fen, "Red", report);
            probe(&fen, &prober(place)?)
        }
        TbCommand::Verify { material, place } => {
            let material = parse_material(&material)?;
            let tablebase = reader(place)?;
            let checked = tablebase.verify(&material, &Bar::new()).map_err(failure)?;
            Ok(format!(
                "{material} verified: {checked} legal entries agree with all their successors\n"
            ))
        }
        TbCommand::Stats { material, place } => {
            let material = parse_material(&material)?;
            let table = reader(place)?.table(&material).map_err(failure)?;
            let stored = table.material();
            let mut out = String::new();
            if stored != material {
                out += &format!("{material} is stored as {stored}, its colours swapped\n");
            }
            for (side, name) in [(Color::Red, "red"), (Color::Black, "black")] {
                let s = table.stats(side);
                out += &format!(
                    "{stored} {name}-to-move legal={} win={} draw={} loss={} max_dtm={} by_rule={}\n",
                    s.legal, s.win, s.draw, s.loss, s.max_dtm, s.by_rule
                );
            }
            Ok(out)
        }
    }
}

/// A built table's line (without its end).
fn report(generated: &Generated) -> String {
    let mut out = format!(
        "{}: {} entries solved in {:.3} s",
        generated.material,
        generated.entries,
        generated.elapsed.as_secs_f64()
    );
    if let Some(files) = &generated.files {
        out += &format!(
            ", wrote {} ({} bytes) and {} ({} bytes)",
            files.wdl.0.display(),
            files.wdl.1,
            files.dtm.0.display(),
            files.dtm.1
        );
    }
    out
}

fn generate(materials: &[String], tablebase: Generator) -> Result<String, Failure> {
    let materials = materials
        .iter()
        .map(|text| parse_material(text))
        .collect::<Result<Vec<_>, _>>()?;
    let started = Instant::now();
    let bar = Bar::new();
    for material in &materials {
        let generated = tablebase.generate(material, &bar);
        if let Some(error) = bar.write_error() {
            return Err(Failure::output(error));
        }
        generated.map_err(failure)?;
    }
    Ok(format!("total {:.3} s\n", started.elapsed().as_secs_f64()))
}

/// A size in bytes: a number, or one with K, M or G (powers of 1024).
fn parse_size(text: &str) -> Result<u64, Failure> {
    let text = text.trim();
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => text.split_at(at),
        None => (text, ""),
    };
    let shift = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => u32::MAX,
    };
    digits
        .parse::<u64>()
        .ok()
        .filter(|_| shift != u32::MAX)
        .and_then(|n| n.checked_mul(1 << shift.min(63)))
        .ok_or_else(|| {
            Failure::Usage(format!(
                "{:?} is not a size: write bytes, or a number with K, M or G",
                quoted(text)
            ))
        })
}

fn with_memory(generator: Generator, memory: Option<String>) -> Result<Generator, Failure> {
    Ok(match memory {
        Some(text) => generator.with_memory_limit(parse_size(&text)?),
        None => generator,
    })
}

/// A size for people: bytes in KiB, MiB or GiB.
fn human(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 => format!("{:.1} GiB", b as f64 / f64::from(1 << 30)),
        b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / f64::from(1 << 20)),
        b => format!("{:.1} KiB", b as f64 / 1024.0),
    }
}

fn show_plan(plan: &Plan, out: &mut impl std::io::Write) -> std::io::Result<()> {
    for endgame in &plan.endgames {
        let needs: Vec<String> = endgame.needs.iter().map(Material::to_string).collect();
        writeln!(
            out,
            "{} entries={} memory={} time={:.1}s needs={}{}",
            endgame.material,
            endgame.entries,
            human(endgame.working_bytes),
            endgame.seconds,
            if needs.is_empty() {
                "-".to_string()
            } else {
                needs.join(",")
            },
            match (endgame.blocked, endgame.least_bytes) {
                (None, _) => String::new(),
                (Some(why), None) => format!(" blocked: {why}"),
                (Some(why), Some(least)) => format!(" blocked: {why} (needs {})", human(least)),
            }
        )?;
    }
    writeln!(
        out,
        "{} endgames, {} entries, peak memory {} (limit {}), about {:.1} hours on two cores; {} cannot be built here",
        plan.endgames.len(),
        plan.total_entries(),
        human(plan.peak_bytes()),
        plan.memory_limit.map_or("unknown".to_string(), human),
        plan.total_seconds() / 3600.0,
        plan.blocked().count()
    )
}

/// The family of at most `attackers` attacking pieces, without the
/// endgames of more than `max_entries` index entries.
fn family_up_to(attackers: u32, max_entries: Option<u64>) -> Vec<Material> {
    let mut materials = family(attackers);
    if let Some(most) = max_entries {
        materials.retain(|&material| Layout::entries(material) <= most);
    }
    materials
}

/// A count: digits, or a mantissa and a power of ten (`1e8`).
fn parse_count(text: &str) -> Result<u64, String> {
    let bad = || format!("{text:?} is not a count: write digits, or e.g. 1e8");
    match text.trim().split_once(['e', 'E']) {
        Some((mantissa, exponent)) => {
            let mantissa: u64 = mantissa.parse().map_err(|_| bad())?;
            let exponent: u32 = exponent.parse().map_err(|_| bad())?;
            10u64
                .checked_pow(exponent)
                .and_then(|power| power.checked_mul(mantissa))
                .ok_or_else(bad)
        }
        None => text.trim().parse().map_err(|_| bad()),
    }
}

fn generate_family(
    attackers: u32,
    max_entries: Option<u64>,
    tablebase: Generator,
) -> Result<String, Failure> {
    // Everything checked before any work: an endgame that cannot be built
    // here is an error now, not an abort halfway.
    let materials = family_up_to(attackers, max_entries);
    let plan = Plan::new(
        &materials,
        tablebase.tablebase().rules(),
        tablebase.memory_limit(),
    );
    let blocked: Vec<String> = plan
        .blocked()
        .map(|endgame| {
            format!(
                "{} ({} entries, {}: {})",
                endgame.material,
                endgame.entries,
                human(endgame.working_bytes),
                endgame.blocked.expect("blocked")
            )
        })
        .collect();
    if !blocked.is_empty() {
        let shown = blocked
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("; ");
        return Err(Failure::Refused(format!(
            "{} of the family's {} endgames cannot be built here, e.g. {shown}; nothing was built (see `qiboard tb plan --attackers {attackers}`)",
            blocked.len(),
            plan.endgames.len()
        )));
    }
    let started = Instant::now();
    let bar = Bar::new();
    let run = tablebase.generate_family(&materials, &bar);
    bar.finish_overall();
    if let Some(error) = bar.write_error() {
        return Err(Failure::output(error));
    }
    // What was built stays built, and is said, whether the run finished.
    let tables = locked(&bar.tables);
    let up_to = max_entries.map_or(String::new(), |most| format!(" and {most} entries"));
    let ended = if run.is_ok() {
        ""
    } else {
        ", then stopped by the error below"
    };
    let summary = format!(
        "{} endgames of at most {attackers} attacking pieces{up_to}: {} solved ({} bytes written), {} already present{ended}; total {:.3} s\n",
        materials.len(),
        tables.solved,
        tables.bytes,
        tables.present,
        started.elapsed().as_secs_f64()
    );
    match run {
        Ok(_) => Ok(summary),
        Err(error) => {
            let mut out = std::io::stdout().lock();
            out.write_all(summary.as_bytes())
                .and_then(|()| out.flush())
                .map_err(Failure::output)?;
            Err(failure(error))
        }
    }
}

fn parse_fen(fen: &str) -> Result<Position, Failure> {
    Position::from_fen(fen.trim())
        .map_err(|e| Failure::Usage(format!("bad FEN {:?}: {e}", quoted(fen.trim()))))
}

fn show_move(best: Option<(qiboard::xiangqi::Move, Dtm)>) -> String {
    best.map_or_else(|| "-".to_string(), |(mv, _)| mv.to_string())
}

fn probe(fen: &str, tablebase: &Tablebase) -> Result<String, Failure> {
    let position = parse_fen(fen)?;
    let value = tablebase.probe_dtm(&position).map_err(probe_failure)?;
    let best = tablebase.best_move(&position).map_err(probe_failure)?;
    let line = tablebase.line(&position).map_err(probe_failure)?;
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

/// `tb probe -`: each stdin line answered as it is read.
fn probe_stdin(tablebase: &Tablebase, report: &mut Report) -> Result<String, Failure> {
    let failed = crate::lines::answer_each(|line| {
        let position = parse_fen(line).map_err(|failure| failure.to_string())?;
        let value = tablebase.probe_dtm(&position).map_err(|e| e.to_string())?;
        let best = tablebase.best_move(&position).map_err(|e| e.to_string())?;
        Ok(format!("{value} {}", show_move(best)))
    })
    .map_err(|e| Failure::Io(format!("cannot read stdin or write the answers: {e}")))?;
    if failed {
        report.refused();
    }
    Ok(String::new())
}
