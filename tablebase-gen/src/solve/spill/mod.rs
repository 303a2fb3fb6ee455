//! Solving out of core: the retrograde solve of an endgame whose arrays do
//! not fit the memory budget, one partition of entries in memory at a
//! time, in sequential passes over files in a scratch directory, with the
//! same result, bit for bit, as the solve in memory.
//!
//! The entries are cut into consecutive *partitions*, each as large as the
//! budget allows; their cells (which count their moves) live in a scratch
//! file.
//! Seeding is one pass, a partition at a time (it reads only the smaller
//! tables). Then, level by level:
//!
//! 1. Each partition with something to do is read in. First the entries
//!    scheduled at this level are claimed (a scheduled cell says so: seeding
//!    marks it, and so does step 3 for a loss that waits for its slowest
//!    capture), then the *tellings* of the level before: each says to a
//!    predecessor "one of your moves leads to an entry resolved at the
//!    previous level", and the predecessor does what it does in memory
//!    (`Solver::tell`). What is resolved at this level goes, in order, to
//!    the level's *frontier* file, and the partition is written back.
//! 2. The frontier is read in batches. Each entry is un-moved, and each
//!    predecessor's telling (its entry, and whether the child's distance
//!    counts to a rule decision) is sorted into the file of the
//!    predecessor's partition, read at step 1 of the next level.
//! 3. A predecessor whose last move is found lost, but whose captures
//!    concede a slower loss, is marked scheduled at that loss.
//!
//! Why the result is the same as in memory: a cell's final value does not
//! depend on the order its claims come in (of two at one level, the one to
//! mate stays), moves are only counted, and every claim at a level happens
//! in step 1 of that level as in memory all happen between two drains. The
//! one question about another partition's entries, whether a predecessor
//! has a child resolved to mate at the previous level (`mate_child_at`),
//! is answered by a bitset of the previous level's entries to mate
//! (`OutOfCore::to_mate`), filled from its frontier file.
//!
//! What stays in memory: that bitset (an eighth of a byte an entry), the
//! partition held (two bytes and an eighth an entry), a batch of the
//! frontier with its tellings, and the smaller tables. The finished values
//! are read from the cells file as the table's files are written
//! ([`Spilled`]). The rule rounds follow, each a search over bitsets
//! (`rounds`), with its candidates' conditions and states in a scratch
//! file (`forced`), and then the steps above from its losses.
//!
//! All of this is [`OutOfCore`], the store behind the same solve loop as
//! in memory (see the parent module).

mod files;
mod forced;
mod rounds;

use std::ops::Range;
use std::path::Path;
use std::sync::Mutex;

use rayon::prelude::*;

use super::bitset::AtomicBits;
use super::cell::{AtomicCell, Cell};
use super::finish;
use super::parallel::chunks;
use super::retro::Child;
use super::rules::{Candidates, Forced};
use super::store::Store;
use super::{Propagation, Solver};
use crate::captures::Captures;
use crate::write::Codes;
use crate::{GenerateError, Progress};
pub(crate) use files::remove_dead_scratch;
use files::{Array, ListReader, ListWriter, Scratch};
use qiboard::xiangqi::Color;
use qiboard_tablebase::{Decoder, Layout, RuleSet, SideStats};
use rounds::SpooledGraph;

/// Bytes a partition takes per eight entries held: a two-byte cell each,
/// and one bit each for the entries the level resolves.
const HELD_BYTES_PER_8: u64 = 8 * 2 + 1;

/// The most predecessors one position has, a bound for a batch's tellings
/// (fewer than its legal moves' bound, 119, since captures have none).
const MOST_PREDECESSORS: u64 = 128;

/// Bytes each partition's file of tellings buffers while it is written.
pub(super) const LIST_BUFFER: usize = 1 << 13;

/// The fewest entries a partition holds: below that the passes' fixed
/// costs outweigh the work.
const FEWEST_HELD: u64 = 1 << 12;

/// The most partitions: each has a file of tellings open at once, and
/// systems allow a process a thousand or so open files.
const MOST_PARTS: u64 = 512;

/// Entries for each byte of the window a rule round's search holds of
/// its candidates' states, at least: a round whose candidates' states do
/// not fit sweeps them a window at a time, a pass over its graph each, so
/// the window bounds the passes (to a sixteenth of the candidates an
/// entry, at worst, of all entries).
const ENTRIES_A_STATE_BYTE: u64 = 32;

/// How an out-of-core solve of `entries` entries spends its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Partitions {
    /// Entries a partition holds (a multiple of 64, but for the last).
    pub held: usize,
    /// Frontier entries un-moved in one batch.
    pub batch: usize,
    /// The bytes this takes in memory at most (the file writer's
    /// compressors aside; the smaller tables it reads are added by
    /// `Working::within`).
    pub bytes: u64,
    /// With rule rounds, the bytes a round's search holds of its
    /// candidates' states (two bytes each, the rest in a scratch file:
    /// see `forced`); 0 without.
    pub candidate_bytes: u64,
}

impl Partitions {
    /// How to solve `entries` entries in `budget` bytes, with its rule
    /// rounds if `rule_rounds`, or `None` if that is too little: less
    /// than a bit an entry, a batch of 256 KiB, 1 MiB of slack and
    /// partitions of [`FEWEST_HELD`] entries, at most [`MOST_PARTS`] of
    /// them; with rule rounds, less than [`rounds::fixed_bytes`] and a
    /// window of states of a byte every [`ENTRIES_A_STATE_BYTE`] entries
    /// (at least 1 MiB), which a round's candidates, however many, are
    /// swept through.
    pub(crate) fn for_budget(entries: u64, budget: u64, rule_rounds: bool) -> Option<Partitions> {
        let to_mate = entries.div_ceil(64) * 8;
        // A batch: its entries and their tellings, collected then merged.
        let batch_bytes = (budget / 8).clamp(1 << 18, 1 << 26);
        let batch = batch_bytes / (8 + 2 * 8 * MOST_PREDECESSORS);
        let fixed = to_mate + batch_bytes + (1 << 20);
        let mut held = budget.checked_sub(fixed)? * 8 / HELD_BYTES_PER_8;
        held = held.min(entries.div_ceil(64) * 64) / 64 * 64;
        let mut partitions = loop {
            if held < FEWEST_HELD.min(entries) || held == 0 {
                return None;
            }
            let parts = entries.div_ceil(held);
            if parts > MOST_PARTS {
                return None;
            }
            let bytes = fixed + held * HELD_BYTES_PER_8 / 8 + parts * LIST_BUFFER as u64;
            if bytes <= budget {
                break Partitions {
                    held: held as usize,
                    batch: batch as usize,
                    bytes,
                    candidate_bytes: 0,
                };
            }
            held = (held - held / 16) / 64 * 64;
        };
        if rule_rounds {
            // The rounds' search holds no partition: it has the budget.
            let room = budget.checked_sub(rounds::fixed_bytes(entries))?;
            if room < (entries / ENTRIES_A_STATE_BYTE).max(1 << 20) {
                return None;
            }
            partitions.candidate_bytes = room;
            partitions.bytes = budget;
        }
        Some(partitions)
    }
}

/// Solves `layout`'s endgame under `rules`, out of core, in a scratch
/// directory under `parent`: the values [`super::solve`] gives, in files
/// that go when they do.
pub(crate) fn solve_spilled<'a>(
    layout: &'a Layout,
    captures: &Captures,
    rules: RuleSet,
    partitions: Partitions,
    parent: &Path,
    progress: &dyn Progress,
) -> Result<Spilled<'a>, GenerateError> {
    let cells = OutOfCore::create(layout, partitions, parent)?;
    let mut solver = Solver::new(layout, captures, cells);
    solver.run(rules, progress)?;
    Spilled::new(solver, layout, rules)
}

/// Every entry's cell in a scratch file, a partition of them held at a
/// time: the store of a solve out of core.
pub(super) struct OutOfCore {
    parts: Vec<Range<usize>>,
    batch: usize,
    /// What a rule round's candidates may take ([`Partitions`]).
    candidate_bytes: u64,
    /// Every entry's cell (two bytes, little-endian).
    cells: Array,
    /// By level, then partition: how many cells are scheduled there.
    scheduled: Vec<Vec<u64>>,
    /// The first entry of the cells held.
    base: u64,
    /// The cells held: a partition, or a window of a round's search.
    plies: Vec<AtomicCell>,
    /// While propagating: the entries resolved to mate at the level last
    /// un-moved, which a partition asks of entries it does not hold.
    to_mate: Option<AtomicBits>,
    /// During a rule round's search: the entries still unresolved.
    open: Option<AtomicBits>,
    /// During a rule round: its candidates' conditions, then states.
    states: Option<forced::States>,
    /// The most candidates a round found.
    most_candidates: usize,
    /// Last, so that its files are closed before it goes.
    scratch: Scratch,
}

/// A propagation out of core: the files of tellings for the next level,
/// one per partition that has some, and the level's frontier.
pub(super) struct Levels {
    told: Vec<Option<ListReader>>,
    frontier: Option<ListReader>,
}

impl Levels {
    fn new(parts: usize) -> Levels {
        Levels {
            told: (0..parts).map(|_| None).collect(),
            frontier: None,
        }
    }
}

impl OutOfCore {
    fn create(
        layout: &Layout,
        partitions: Partitions,
        parent: &Path,
    ) -> Result<OutOfCore, GenerateError> {
        let scratch = Scratch::create(parent, layout.material())?;
        let total = layout.per_side() as usize * 2;
        Ok(OutOfCore {
            parts: (0..total)
                .step_by(partitions.held)
                .map(|start| start..total.min(start + partitions.held))
                .collect(),
            batch: partitions.batch,
            candidate_bytes: partitions.candidate_bytes,
            cells: Array::create(scratch.path("cells"), total as u64 * 2)?,
            scheduled: Vec::new(),
            base: 0,
            plies: Vec::new(),
            to_mate: Some(AtomicBits::new(total)),
            open: None,
            states: None,
            most_candidates: 0,
            scratch,
        })
    }

    fn count_scheduled(&mut self, level: usize, part: usize, count: u64) {
        if count == 0 {
            return;
        }
        if self.scheduled.len() <= level {
            self.scheduled.resize(level + 1, vec![0; self.parts.len()]);
        }
        self.scheduled[level][part] += count;
    }

    /// Reads partition `k` in.
    fn hold(&mut self, k: usize) -> Result<(), GenerateError> {
        self.hold_range(self.parts[k].clone())
    }

    /// Reads the cells of `part`'s entries in.
    fn hold_range(&mut self, part: Range<usize>) -> Result<(), GenerateError> {
        self.base = part.start as u64;
        self.plies.clear();
        // Grown a run at a time, it could reserve twice what it holds.
        self.plies.reserve_exact(part.len());
        let plies = &mut self.plies;
        read_cells(&mut self.cells, part, |cell| {
            plies.push(AtomicCell::new(cell));
        })
    }

    /// Holds the entries of `part`, unseeded.
    fn hold_unseeded(&mut self, part: Range<usize>) {
        self.base = part.start as u64;
        self.plies.clear();
        self.plies
            .extend(part.map(|_| AtomicCell::new(Cell::UNSEEDED)));
    }

    /// Writes partition `k`, the one held, back.
    fn put_back(&mut self, k: usize) -> Result<(), GenerateError> {
        let part = self.parts[k].clone();
        let mut bytes = Vec::with_capacity(IO_ENTRIES.min(part.len()) * 2);
        for run in (part.start..part.end).step_by(IO_ENTRIES) {
            let len = (part.end - run).min(IO_ENTRIES);
            let held = run - part.start..run - part.start + len;
            bytes.clear();
            for cell in &self.plies[held] {
                bytes.extend_from_slice(&cell.load().bits().to_le_bytes());
            }
            self.cells.write(run as u64 * 2, &bytes)?;
        }
        Ok(())
    }

    /// Marks `entry` (unresolved, its moves all lost) scheduled to be lost
    /// at `at`, the slowest loss its captures concede.
    fn schedule_loss(&self, entry: u64, at: u16) {
        let cell = self.cell(entry);
        let waiting = cell.load();
        debug_assert!(waiting
            .slowest_capture_loss()
            .is_none_or(|slowest| slowest == at));
        // Only the thread that counted its last move gets here.
        cell.store(Cell::scheduled(at, waiting.noted_by_rule()));
    }
}

impl Store for OutOfCore {
    type Levels = Levels;
    type Graph = SpooledGraph;

    #[inline]
    fn cell(&self, entry: u64) -> &AtomicCell {
        &self.plies[(entry - self.base) as usize]
    }

    #[inline]
    fn holds(&self, entry: u64) -> bool {
        entry
            .checked_sub(self.base)
            .is_some_and(|i| i < self.plies.len() as u64)
    }

    #[inline]
    fn is_open(&self, entry: u64) -> bool {
        self.open
            .as_ref()
            .expect("asked during a rule round's search")
            .test(entry as usize)
    }

    #[inline]
    fn mate_at(&self, entry: u64, _level: u16) -> bool {
        self.to_mate
            .as_ref()
            .expect("asked while propagating")
            .test(entry as usize)
    }

    #[inline]
    fn touch(&self, _entry: u64) {
        // Every round out of core finds its candidates afresh.
    }

    fn seed(
        solver: &mut Solver<'_, Self>,
        progress: &dyn Progress,
    ) -> Result<Levels, GenerateError> {
        let total = solver.cells.parts.last().map_or(0, |part| part.end);
        progress.start(&format!("{} seed", solver.layout.material()), total as u64);
        let mut legal = 0;
        for k in 0..solver.cells.parts.len() {
            let part = solver.cells.parts[k].clone();
            solver.cells.hold_unseeded(part.clone());
            let seeded = solver.seed_range(part, progress)?;
            for (level, count) in seeded.scheduled.into_iter().enumerate() {
                solver.cells.count_scheduled(level, k, count);
            }
            legal += seeded.legal;
            solver.cells.put_back(k)?;
        }
        progress.finish();
        solver.legal = legal;
        Ok(Levels::new(solver.cells.parts.len()))
    }

    fn settle(
        solver: &mut Solver<'_, Self>,
        levels: &mut Levels,
        level: u16,
        pass: Propagation,
    ) -> Result<u64, GenerateError> {
        let mut frontier = ListWriter::create(solver.cells.scratch.path("frontier"))?;
        for k in 0..solver.cells.parts.len() {
            let tellings = levels.told[k].take();
            let cells = &solver.cells;
            let due = cells.scheduled.get(usize::from(level)).map_or(0, |c| c[k]);
            if tellings.is_some() || due > 0 {
                resolve_level(solver, k, (level, pass), due, tellings, &mut frontier)?;
            }
        }
        let frontier = frontier.finish()?;
        let count = frontier.left();
        levels.frontier = Some(frontier);
        Ok(count)
    }

    fn un_move(
        solver: &mut Solver<'_, Self>,
        levels: &mut Levels,
        level: u16,
        _pass: Propagation,
    ) -> Result<(), GenerateError> {
        let mut frontier = levels.frontier.take().expect("settled first");
        levels.told = un_move_frontier(solver, level, &mut frontier)?;
        Ok(())
    }

    fn next_due(solver: &Solver<'_, Self>, _levels: &Levels, level: u16) -> Option<u16> {
        (usize::from(level) + 1..solver.cells.scheduled.len())
            .find(|&l| solver.cells.scheduled[l].iter().any(|&n| n > 0))
            .map(|l| l as u16)
    }

    fn round_candidates(
        solver: &mut Solver<'_, Self>,
        progress: &dyn Progress,
    ) -> Result<(Candidates, Option<AtomicBits>), GenerateError> {
        rounds::candidates(solver, progress).map(|candidates| (candidates, None))
    }

    fn graph(solver: &Solver<'_, Self>) -> Result<SpooledGraph, GenerateError> {
        SpooledGraph::create(&solver.cells.scratch)
    }

    fn forced(
        solver: &mut Solver<'_, Self>,
        candidates: &Candidates,
        _relevant: Option<&AtomicBits>,
        graph: &mut SpooledGraph,
        progress: &dyn Progress,
    ) -> Result<Forced, GenerateError> {
        forced::forced(solver, candidates, graph, progress)
    }

    fn rule_losses(
        solver: &mut Solver<'_, Self>,
        candidates: Candidates,
        forced: Forced,
    ) -> Result<Option<Levels>, GenerateError> {
        rounds::losses(solver, candidates, forced)
    }
}

/// Step 1 for partition `k` at `level`: its `due` scheduled entries and
/// the `tellings` of the level before; what it resolves goes to
/// `frontier`.
fn resolve_level(
    solver: &mut Solver<'_, OutOfCore>,
    k: usize,
    (level, pass): (u16, Propagation),
    due: u64,
    tellings: Option<ListReader>,
    frontier: &mut ListWriter,
) -> Result<(), GenerateError> {
    let part = solver.cells.parts[k].clone();
    solver.cells.hold(k)?;
    let batch_len = solver.cells.batch;
    let solver_ref = &*solver;
    let base = solver_ref.cells.base;
    let resolved = AtomicBits::new(part.len());
    let mark = |entry: u64| resolved.set((entry - base) as usize);
    if due > 0 {
        chunks(part.len()).for_each(|chunk| {
            for i in chunk {
                let entry = base + i as u64;
                let cell = solver_ref.cells.cell(entry).load();
                if cell.scheduled_level() == Some(level) {
                    let by_rule = cell.noted_by_rule();
                    if solver_ref.claim(entry, pass.resolved(level, by_rule)) {
                        mark(entry);
                    }
                }
            }
        });
    }
    let later = Mutex::new(Vec::new());
    if let Some(mut tellings) = tellings {
        let child = |rule| Child {
            level: level - 1,
            rule,
            pass,
        };
        let mut batch = Vec::new();
        while tellings.next_batch(batch_len, &mut batch)? {
            batch.par_chunks(4096).for_each_init(
                || Decoder::new(solver_ref.layout),
                |spare, told| {
                    for &telling in told {
                        let schedule = |entry, at| {
                            solver_ref.cells.schedule_loss(entry, at);
                            later.lock().unwrap_or_else(|p| p.into_inner()).push(at);
                        };
                        solver_ref.tell(
                            spare,
                            telling >> 1,
                            child(telling & 1 != 0),
                            mark,
                            schedule,
                        );
                    }
                },
            );
        }
    }
    for at in later.into_inner().unwrap_or_else(|p| p.into_inner()) {
        solver.cells.count_scheduled(usize::from(at), k, 1);
    }
    let cells = &mut solver.cells;
    // The level's entries of this partition, in order, a run at a time.
    let mut new: Vec<u64> = Vec::new();
    for i in resolved.ones(0..part.len()) {
        let entry = base + i as u64;
        new.push(entry << 1 | u64::from(cells.cell(entry).load().by_rule()));
        if new.len() == 1 << 14 {
            frontier.extend(&new)?;
            new.clear();
        }
    }
    frontier.extend(&new)?;
    cells.put_back(k)
}

/// Step 2: fills the bitset of entries to mate from `frontier` (resolved
/// at `level`), and gives the files of tellings its un-moves make, one
/// per partition that has some.
fn un_move_frontier(
    solver: &mut Solver<'_, OutOfCore>,
    level: u16,
    frontier: &mut ListReader,
) -> Result<Vec<Option<ListReader>>, GenerateError> {
    let to_mate = solver.cells.to_mate.as_mut().expect("propagating");
    to_mate.clear();
    let mut writers: Vec<Option<ListWriter>> = solver.cells.parts.iter().map(|_| None).collect();
    let mut batch = Vec::new();
    while frontier.next_batch(solver.cells.batch, &mut batch)? {
        let to_mate = solver.cells.to_mate.as_mut().expect("propagating");
        for &entry in batch.iter().filter(|&&entry| entry & 1 == 0) {
            to_mate.set_mut((entry >> 1) as usize);
        }
        let solver = &*solver;
        let mut tellings: Vec<u64> = batch
            .par_chunks(256)
            .map_init(
                || Decoder::new(solver.layout),
                |decoder, entries| {
                    let mut tellings = Vec::new();
                    for &entry in entries {
                        let rule = entry & 1;
                        let (side, index) = solver.side_and_index(entry >> 1);
                        let position = decoder
                            .placed(side, index)
                            .expect("resolved entries are legal");
                        let visit = |before| tellings.push(solver.entry(!side, before) << 1 | rule);
                        solver.layout.for_each_predecessor(index, position, visit);
                    }
                    tellings
                },
            )
            .flatten_iter()
            .collect();
        tellings.par_sort_unstable();
        let mut rest = &tellings[..];
        for (k, part) in solver.cells.parts.iter().enumerate() {
            let split = rest.partition_point(|&telling| ((telling >> 1) as usize) < part.end);
            let (here, after) = rest.split_at(split);
            if !here.is_empty() {
                let writer = match &mut writers[k] {
                    Some(writer) => writer,
                    slot => slot.insert(ListWriter::create(
                        solver.cells.scratch.path(&format!("told-{level}-{k}")),
                    )?),
                };
                writer.extend(here)?;
            }
            rest = after;
        }
    }
    writers
        .into_iter()
        .map(|writer| writer.map(ListWriter::finish).transpose())
        .collect()
}

/// Entries read or written at once.
const IO_ENTRIES: usize = 1 << 15;

/// Calls `each` with the cells of `entries` in order, read from `cells` a
/// run of [`IO_ENTRIES`] at a time.
fn read_cells(
    cells: &mut Array,
    entries: Range<usize>,
    mut each: impl FnMut(Cell),
) -> Result<(), GenerateError> {
    let mut bytes = vec![0u8; IO_ENTRIES.min(entries.len()) * 2];
    for run in entries.clone().step_by(IO_ENTRIES) {
        let len = (entries.end - run).min(IO_ENTRIES);
        let bytes = &mut bytes[..len * 2];
        cells.read(run as u64 * 2, bytes)?;
        for pair in bytes.chunks_exact(2) {
            each(Cell::from_bits(u16::from_le_bytes([pair[0], pair[1]])));
        }
    }
    Ok(())
}

/// The values of a finished out-of-core solve, read from its cells file.
/// It keeps only the store and the layout, not the solver: the tables
/// the solve read can go before the files are written.
pub(crate) struct Spilled<'a> {
    layout: &'a Layout,
    per_side: usize,
    cells: OutOfCore,
    rules: RuleSet,
    stats: [SideStats; 2],
}

impl<'a> Spilled<'a> {
    /// `layout` is the solver's, borrowed for as long as the values are
    /// read (the solver's borrow of the tables it read ends here).
    fn new(
        solver: Solver<'_, OutOfCore>,
        layout: &'a Layout,
        rules: RuleSet,
    ) -> Result<Spilled<'a>, GenerateError> {
        let mut cells = solver.cells;
        // Only the cells file is read from here on: the writer has the
        // room the solve's own structures took.
        cells.plies = Vec::new();
        cells.to_mate = None;
        let mut spilled = Spilled {
            layout,
            per_side: solver.per_side,
            cells,
            rules,
            stats: [SideStats::NONE; 2],
        };
        let per_side = spilled.per_side;
        let mut codes = Vec::new();
        for side in Color::ALL {
            let mut stats = SideStats::NONE;
            for start in (0..per_side).step_by(IO_ENTRIES) {
                spilled.read(side, start..per_side.min(start + IO_ENTRIES), &mut codes)?;
                stats = stats + SideStats::of(spilled.layout(), start, &codes);
            }
            spilled.stats[side as usize] = stats;
        }
        Ok(spilled)
    }

    /// Every value code, Red to move then Black, in memory.
    pub(crate) fn into_codes(mut self) -> Result<Vec<u16>, GenerateError> {
        let per_side = self.layout().per_side() as usize;
        let mut codes = Vec::new();
        codes
            .try_reserve_exact(per_side * 2)
            .map_err(|_| GenerateError::OutOfMemory {
                material: self.layout().material(),
                bytes: per_side as u64 * 4,
            })?;
        let mut run = Vec::new();
        for side in Color::ALL {
            for start in (0..per_side).step_by(IO_ENTRIES) {
                self.read(side, start..per_side.min(start + IO_ENTRIES), &mut run)?;
                codes.extend_from_slice(&run);
            }
        }
        Ok(codes)
    }
}

impl Codes for Spilled<'_> {
    fn layout(&self) -> &Layout {
        self.layout
    }

    fn rules(&self) -> RuleSet {
        self.rules
    }

    fn stats(&self, side: Color) -> SideStats {
        self.stats[side as usize]
    }

    fn read(
        &mut self,
        side: Color,
        range: Range<usize>,
        out: &mut Vec<u16>,
    ) -> Result<(), GenerateError> {
        out.clear();
        let first = side as usize * self.per_side + range.start;
        read_cells(&mut self.cells.cells, first..first + range.len(), |cell| {
            out.push(finish::code(cell));
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{solve_spilled, Partitions};
    use crate::captures::Captures;
    use crate::solve::{solve_with, Rounds};
    use crate::{GenerateError, Generator, Quiet};
    use qiboard_tablebase::{DistanceTo, Dtm, Layout, Material, RuleSet};

    fn captures(generator: &Generator, material: &Material) -> Captures {
        Generator::captures(material, |smaller| {
            generator.load_or_generate(smaller, &Quiet)
        })
        .unwrap()
    }

    /// Partitions of a hundredth of the entries (and of 64,000), so that
    /// every level crosses many of them, give the codes the solve in
    /// memory gives: without rules, and with smaller tables solved under
    /// them (whose rule-decided values make the distance's kind depend on
    /// which child counted last).
    #[test]
    fn partitions_solve_what_memory_solves() {
        let asian = Generator::in_memory();
        let plain = Generator::in_memory().with_rules(RuleSet::None);
        for (name, generator) in [
            ("KRKN", &asian),
            ("KRKNA", &asian),
            ("KNPKA", &asian),
            ("KCKAE", &plain),
        ] {
            let material: Material = name.parse().unwrap();
            let captures = captures(generator, &material);
            let layout = Layout::new(material).unwrap();
            let in_memory = in_memory(&layout, &captures, RuleSet::None);
            let by_rule = rule_decided(&in_memory);
            assert_eq!(
                by_rule > 0,
                name == "KRKNA",
                "{name}: {by_rule} distances to a rule"
            );
            // A hundred partitions or so at most: each has its file open.
            let entries = layout.per_side() as usize * 2;
            let many = (entries / 100).next_multiple_of(64).max(4096);
            for held in [many, 64 * 1000] {
                let spilled = spilled(&layout, &captures, RuleSet::None, held, 0).unwrap();
                let differ = differing(&in_memory, &spilled);
                assert_eq!(
                    differ, 0,
                    "{name}, {held} entries held: {differ} codes differ"
                );
            }
        }
    }

    /// Rule rounds out of core, with partitions, windows of cells and
    /// batches of the graph much smaller than the endgame, give the codes
    /// the rounds in memory give (KNPKN takes four rounds): with the
    /// candidates' states held whole, and swept through a window of a few
    /// hundred of them, far fewer than a round finds (where the search once
    /// stopped for want of room).
    #[test]
    fn rule_rounds_out_of_core_solve_what_memory_solves() {
        let generator = Generator::in_memory();
        for name in ["KRKN", "KNKR", "KNPKN"] {
            let material: Material = name.parse().unwrap();
            let captures = captures(&generator, &material);
            let layout = Layout::new(material).unwrap();
            let in_memory = in_memory(&layout, &captures, RuleSet::Asian);
            assert!(rule_decided(&in_memory) > 0, "{name}: no rule decision");
            let entries = layout.per_side() as usize * 2;
            let held = (entries / 50).next_multiple_of(64).max(4096);
            // A window of a fourth or less of the first round's candidates.
            let few = (entries / 2000) as u64;
            for window in [u64::MAX / 2, few] {
                let (codes, most) =
                    spilled_with(&layout, &captures, RuleSet::Asian, held, window * 2).unwrap();
                let differ = differing(&in_memory, &codes);
                assert_eq!(
                    differ, 0,
                    "{name}, a window of {window}: {differ} codes differ"
                );
                let many = window > entries as u64 || most as u64 > 2 * window;
                assert!(many, "{name}: {most} candidates");
            }
        }
    }

    fn in_memory(layout: &Layout, captures: &Captures, rules: RuleSet) -> Vec<u16> {
        solve_with(layout, captures, rules, Rounds::Incremental, &Quiet).unwrap()
    }

    /// The codes of an out-of-core solve in partitions of `held` entries,
    /// with `candidate_bytes` for a rule round's candidates' states.
    fn spilled(
        layout: &Layout,
        captures: &Captures,
        rules: RuleSet,
        held: usize,
        candidate_bytes: u64,
    ) -> Result<Vec<u16>, GenerateError> {
        spilled_with(layout, captures, rules, held, candidate_bytes).map(|(codes, _)| codes)
    }

    /// [`spilled`]'s codes, and the most candidates a rule round found.
    fn spilled_with(
        layout: &Layout,
        captures: &Captures,
        rules: RuleSet,
        held: usize,
        candidate_bytes: u64,
    ) -> Result<(Vec<u16>, usize), GenerateError> {
        let partitions = Partitions {
            held,
            batch: 777,
            bytes: 0,
            candidate_bytes,
        };
        let scratch = std::env::temp_dir();
        let spilled = solve_spilled(layout, captures, rules, partitions, &scratch, &Quiet)?;
        let most = spilled.cells.most_candidates;
        Ok((spilled.into_codes()?, most))
    }

    fn rule_decided(codes: &[u16]) -> usize {
        codes
            .iter()
            .filter(|&&code| Dtm::from_code(code).is_some_and(|dtm| dtm.to == DistanceTo::Rule))
            .count()
    }

    fn differing(a: &[u16], b: &[u16]) -> usize {
        assert_eq!(a.len(), b.len());
        a.iter().zip(b).filter(|(a, b)| a != b).count()
    }

    #[test]
    fn a_budget_is_cut_into_partitions_that_fit_it() {
        let entries = 65_610_000;
        let partitions = Partitions::for_budget(entries, 32 << 20, false).unwrap();
        assert!(partitions.bytes <= 32 << 20);
        assert!(partitions.held.is_multiple_of(64) && partitions.held > 1 << 20);
        assert_eq!(partitions.candidate_bytes, 0);
        assert!(Partitions::for_budget(entries, 4 << 20, false).is_none());
        let whole = Partitions::for_budget(1000, 64 << 20, false).unwrap();
        assert_eq!(whole.held, 1024);
        // The rule rounds' search has what its bits leave of the budget.
        let ruled = Partitions::for_budget(entries, 32 << 20, true).unwrap();
        assert_eq!(ruled.held, partitions.held);
        assert_eq!(ruled.bytes, 32 << 20);
        let fixed = super::rounds::fixed_bytes(entries);
        assert_eq!(ruled.candidate_bytes, (32 << 20) - fixed);
        assert!(Partitions::for_budget(entries, 19 << 20, true).is_none());
        assert!(Partitions::for_budget(entries, 19 << 20, false).is_some());
    }
}
