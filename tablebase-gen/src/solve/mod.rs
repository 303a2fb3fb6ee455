//! Retrograde analysis with un-moves and successor counters.
//!
//! 1. *Seeding* (one parallel pass over the index): every legal entry
//!    counts its non-capture moves. Captures lead into smaller endgames,
//!    already solved, so their values are read at once and summarised
//!    per entry: the fastest win a capture gives, whether one draws, and
//!    the slowest loss. Entries with no legal move are lost now (level 0);
//!    a winning capture schedules a win at its distance; an entry whose
//!    only moves are losing captures schedules a loss.
//! 2. *Propagation*, level by level (level `n` = entries resolved with
//!    distance `n`): each entry resolved at `n` is un-moved. A predecessor
//!    of a loss is a win at `n + 1`. A predecessor of a win counts one
//!    more successor lost for it; when its counter reaches zero and no
//!    capture draws or wins, it is lost at `max(n + 1, slowest losing
//!    capture)`. Scheduled entries join their level unless already
//!    resolved sooner.
//! 3. Entries never resolved are draws.
//!
//! Within a level every entry is handled in parallel: values are atomics
//! claimed by compare-and-swap, counters are atomic decrements, so the
//! result does not depend on the order threads run in.
//!
//! Mirror folding: an entry stands for a position and (when its pair is
//! folded) its mirror image. Un-moves are generated from both, and a
//! predecessor is kept only when it is itself in stored orientation, so
//! each move of a stored position is counted exactly once.
//!
//! Sources: retrograde analysis with successor counters as Thompson's
//! endgame databases use it; for xiangqi, the solver of "使用java实现中国象棋：
//! 残局库预计算与逆向搜索求解" (可莉爸爸, in the series 每日算法: win, loss or
//! draw by retrograde analysis from the final positions, with distances),
//! and Wu, Liu and Hsu's external-memory xiangqi databases (Computers and
//! Games 2004) for solving out of core. Simplification: the distances
//! ignore the 120-ply move limit.
//!
//! One solve loop for two stores of cells ([`store::Store`]): every
//! entry's cell in memory (`memory`), or in partitioned scratch files, a
//! partition held at a time, when the memory limit is too small
//! (`spill`). The logic is written once over the store: `seed` (step 1),
//! `retro` (step 2: the level loop, and what a predecessor is told),
//! `finish` (step 3: the code a cell becomes) and `rules` (the rule
//! rounds' loop, candidates and forced cycles). `cell` says what an
//! entry's cell holds in each state; `frontier` holds a level's entries in
//! memory, `bitset` is the bit-per-entry set it and the rule rounds are
//! built on, and `parallel` cuts a pass over the entries into tasks.

mod bitset;
mod bucket;
mod cell;
mod finish;
mod frontier;
mod memory;
mod parallel;
mod retro;
mod rules;
mod seed;
mod spill;
mod store;

use std::sync::{Mutex, OnceLock};

use qiboard::xiangqi::Color;

use crate::captures::{Captures, Reads};
use crate::{GenerateError, Progress};
use cell::Cell;
use qiboard_tablebase::{Layout, Material, ProbeError, RuleSet, Tablebase};
#[cfg(test)]
pub(crate) use rules::apply_to as rule_rounds_apply;
pub(crate) use spill::{remove_dead_scratch, solve_spilled, Partitions};
use store::Store;

/// What every phase works on: the endgame, the tables one capture away,
/// and the store of its cells (one per entry, Red to move first).
struct Solver<'a, S> {
    layout: &'a Layout,
    captures: &'a Captures,
    per_side: usize,
    /// The first capture whose smaller table calls a legal position
    /// illegal: such a table (a doctored file) cannot be built upon.
    broken_capture: OnceLock<(Material, String)>,
    /// The first read of a smaller table that failed (a damaged file).
    failed_read: Mutex<Option<ProbeError>>,
    /// How many entries are legal, counted by seeding.
    legal: u64,
    cells: S,
}

/// What a propagation resolves values for, which says what they owe to
/// the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Propagation {
    /// The solve without rules: a distance counts to a rule decision only
    /// through a capture into a smaller table's rule-decided value.
    WithoutRules,
    /// A rule round: every value it resolves is the rules' doing (a draw
    /// without them), its distance counting through the round's decisions.
    RuleRound,
}

impl<'a, S: Store> Solver<'a, S> {
    fn new(layout: &'a Layout, captures: &'a Captures, cells: S) -> Solver<'a, S> {
        Solver {
            layout,
            captures,
            per_side: layout.per_side() as usize,
            broken_capture: OnceLock::new(),
            failed_read: Mutex::new(None),
            legal: 0,
            cells,
        }
    }

    /// The whole solve: seeding, propagation, and under `rules` the rule
    /// rounds.
    fn run(&mut self, rules: RuleSet, progress: &dyn Progress) -> Result<(), GenerateError> {
        let seeded = S::seed(self, progress)?;
        self.propagate_all(seeded, Propagation::WithoutRules, progress)?;
        self.check_reads()?;
        if rules == RuleSet::Asian {
            self.apply_rules(progress)?;
        }
        self.check_reads()
    }

    /// Keeps the first failed read of a smaller table, which ends the
    /// solve at the next [`Solver::check_reads`].
    #[cold]
    fn read_failed(&self, error: ProbeError) {
        let mut failed = self
            .failed_read
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        failed.get_or_insert(error);
    }

    /// The error of the first smaller table that could not be read, or
    /// that calls a legal position illegal.
    fn check_reads(&self) -> Result<(), GenerateError> {
        let failed = self
            .failed_read
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        if let Some(error) = failed {
            return Err(error.into());
        }
        if let Some((material, fen)) = self.broken_capture.get() {
            return Err(ProbeError::BrokenEntry {
                material: *material,
                fen: fen.clone(),
            }
            .into());
        }
        Ok(())
    }

    fn side_and_index(&self, entry: u64) -> (Color, u64) {
        let per_side = self.per_side as u64;
        if entry < per_side {
            (Color::Red, entry)
        } else {
            (Color::Black, entry - per_side)
        }
    }

    fn entry(&self, side: Color, index: u64) -> u64 {
        side as u64 * self.per_side as u64 + index
    }

    /// Resolves `entry` (held) with `cell` (a resolved one) unless
    /// something did so first; returns whether this call resolved it. A
    /// distance to mate wins a tie with the same distance to a rule
    /// decision, whichever thread came first, so that the result never
    /// depends on the order threads run in.
    #[inline]
    fn claim(&self, entry: u64, cell: Cell) -> bool {
        let slot = self.cells.cell(entry);
        let mut current = slot.load();
        loop {
            let (replace, claimed) = if current.is_unresolved() {
                (true, true)
            } else {
                let same_level = current.is_resolved() && current.level() == cell.level();
                let to_mate = current.by_rule() && !cell.by_rule();
                (same_level && to_mate, false)
            };
            if !replace {
                return false;
            }
            match slot.compare_exchange_weak(current, cell) {
                Ok(_) => return claimed,
                Err(now) => current = now,
            }
        }
    }
}

/// Bytes of working memory a solve of `layout` takes per entry (the
/// cells, which the result reuses).
pub(crate) const BYTES_PER_ENTRY: u64 = 2;

/// What the process holds beside any solve's own structures and tables
/// and the writer's buffers ([`crate::write::writer_bytes`]): the program,
/// its threads and their allocator arenas (measured against whole runs:
/// see docs/benchmarks.md).
pub(crate) const PROCESS_BYTES: u64 = 16 << 20;

/// The memory a solve of `material`'s endgame of `entries` entries under
/// `rules` takes in memory, in bytes, whose index need not be built (a
/// plan's sizes): the cells, the two bitsets of retrograde levels, the
/// seeded entries' lists (a bit an entry is allowed; they take a byte
/// for each entry scheduled, and seeding schedules few), and when rule
/// rounds run, their three bitsets (touched entries, and the reach
/// search's two) and as much again for the candidates and their graph
/// (measured against the peak without them: see docs/benchmarks.md).
/// [`beside_bytes`] is not included.
pub(crate) fn working_bytes_for(material: Material, entries: u64, rules: RuleSet) -> u64 {
    let bitsets = if rules == RuleSet::Asian && rules::apply_to(material) {
        2 + 1 + 3 + 3
    } else {
        2 + 1
    };
    entries
        .saturating_mul(BYTES_PER_ENTRY)
        .saturating_add(entries.div_ceil(8).saturating_mul(bitsets))
}

/// What any solve of `material`, in memory or out of core, holds beside
/// its own structures: the process ([`PROCESS_BYTES`]), the endgame's
/// index and the tables one capture away read as `reads` says
/// ([`read_bytes`]).
pub(crate) fn beside_bytes(material: Material, reads: Reads) -> u64 {
    PROCESS_BYTES
        .saturating_add(Layout::memory(material))
        .saturating_add(read_bytes(material, reads))
}

/// What writing `material`'s files holds beside its values (in memory,
/// two bytes an entry; out of core, in the scratch file): what
/// [`beside_bytes`] counts (the tables read may still be held), and the
/// writer's buffers and compressors ([`crate::write::writer_bytes`]). The
/// solve's own structures are gone by then.
pub(crate) fn writing_bytes(material: Material, reads: Reads) -> u64 {
    beside_bytes(material, reads)
        .saturating_add(crate::write::writer_bytes(Layout::entries(material)))
}

/// The endgames one capture away from `material`, each once, in stored
/// form.
pub(crate) fn needs(material: Material) -> Vec<Material> {
    let mut needs: Vec<Material> = material
        .captures()
        .iter()
        .map(Material::canonical)
        .collect();
    needs.sort_by_key(Material::packed);
    needs.dedup();
    needs
}

/// Decompressed blocks the prober of a solve's probed tables keeps.
pub(crate) const PROBE_CACHE_BYTES: usize = 16 << 20;

/// Bytes the tables one capture away from `material` take while it is
/// solved. Held whole ([`Reads::Whole`]): two bytes an entry and its
/// index, as much as the solve itself takes for some endgames. Probed
/// ([`Reads::Probed`], and `Auto`): the block cache (and a sixteenth more
/// for its bookkeeping), what each open file holds
/// ([`Tablebase::probing_bytes`]) and, on each thread, what opening the
/// largest takes ([`Tablebase::opening_bytes`]), the index the solve finds
/// entries with, and each seeding thread's task
/// ([`seed::PROBED_TASK_BYTES`]).
pub(crate) fn read_bytes(material: Material, reads: Reads) -> u64 {
    let needs = needs(material).into_iter();
    match reads {
        Reads::Whole => needs
            .map(|need| {
                let values = Layout::entries(need).saturating_mul(2);
                values.saturating_add(Layout::memory(need))
            })
            .fold(0, u64::saturating_add),
        Reads::Probed | Reads::Auto => {
            let threads = rayon::current_num_threads() as u64;
            let cache = PROBE_CACHE_BYTES as u64 * 17 / 16;
            let tasks = threads * seed::PROBED_TASK_BYTES;
            let needs: Vec<Material> = needs.collect();
            let opening = needs
                .iter()
                .map(|&need| Tablebase::opening_bytes(need))
                .max();
            let opening = threads.saturating_mul(opening.unwrap_or(0));
            needs
                .into_iter()
                .map(|need| Tablebase::probing_bytes(need).saturating_add(Layout::memory(need)))
                .fold(cache + tasks + opening, u64::saturating_add)
        }
    }
}

/// How a solve runs within a memory limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Working {
    /// Every entry in memory, in this many bytes ([`working_bytes_for`]
    /// and [`beside_bytes`] while solving, the values and
    /// [`writing_bytes`] while writing, whichever is more).
    InMemory(u64),
    /// A partition at a time (see `spill`), whose bytes count
    /// [`beside_bytes`] too, or [`writing_bytes`] if that is more.
    OutOfCore(Partitions),
}

impl Working {
    /// How `material`'s solve of `entries` entries under `rules` runs
    /// within `limit` bytes (in memory when there is none), what it holds
    /// beside its own structures ([`beside_bytes`], the tables one capture
    /// away read as `reads` says) included, or `None` if it cannot: out of
    /// core needs a bit an entry and a partition's worth, and with rule
    /// rounds what their search takes (see `spill`).
    pub(crate) fn within(
        material: Material,
        entries: u64,
        rules: RuleSet,
        limit: Option<u64>,
        reads: Reads,
    ) -> Option<Working> {
        let beside = beside_bytes(material, reads);
        let writing = writing_bytes(material, reads);
        let in_memory = working_bytes_for(material, entries, rules)
            .saturating_add(beside)
            .max(
                entries
                    .saturating_mul(BYTES_PER_ENTRY)
                    .saturating_add(writing),
            );
        match limit {
            Some(limit) if in_memory > limit => {
                let rule_rounds = rules == RuleSet::Asian && rules::apply_to(material);
                let budget = limit.checked_sub(beside)?;
                let mut partitions = Partitions::for_budget(entries, budget, rule_rounds)?;
                partitions.bytes = (partitions.bytes + beside).max(writing);
                (partitions.bytes <= limit).then_some(Working::OutOfCore(partitions))
            }
            _ => Some(Working::InMemory(in_memory)),
        }
    }

    /// How the solve runs and how it reads the tables one capture away:
    /// as `reads` says, or for [`Reads::Auto`] held whole when that fits
    /// (in memory or out of core), else probed.
    pub(crate) fn choose(
        material: Material,
        entries: u64,
        rules: RuleSet,
        limit: Option<u64>,
        reads: Reads,
    ) -> Option<(Working, Reads)> {
        let with = |reads| {
            Some((
                Working::within(material, entries, rules, limit, reads)?,
                reads,
            ))
        };
        match reads {
            Reads::Auto => with(Reads::Whole).or_else(|| with(Reads::Probed)),
            forced => with(forced),
        }
    }

    /// The bytes it takes, the tables it reads included.
    pub(crate) fn bytes(self) -> u64 {
        match self {
            Working::InMemory(bytes) => bytes,
            Working::OutOfCore(partitions) => partitions.bytes,
        }
    }
}

/// Solves `layout`'s endgame under `rules` given the tables one capture
/// away, every cell in memory; returns value codes (Red to move, then
/// Black), or the mismatch that makes a smaller table unusable.
pub(crate) fn solve(
    layout: &Layout,
    captures: &Captures,
    rules: RuleSet,
    progress: &dyn Progress,
) -> Result<Vec<u16>, GenerateError> {
    solve_with(layout, captures, rules, Rounds::Incremental, progress)
}

/// How rule rounds after the first choose the candidates they look at,
/// in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rounds {
    /// Only those that can reach a candidate found afresh, when few are.
    Incremental,
    /// Every candidate (what the incremental rounds must agree with).
    #[cfg_attr(not(test), allow(dead_code))]
    Exhaustive,
}

fn solve_with(
    layout: &Layout,
    captures: &Captures,
    rules: RuleSet,
    rounds: Rounds,
    progress: &dyn Progress,
) -> Result<Vec<u16>, GenerateError> {
    let cells = memory::InMemory::new(layout, rounds)?;
    let mut solver = Solver::new(layout, captures, cells);
    solver.run(rules, progress)?;
    Ok(solver.cells.into_codes())
}
