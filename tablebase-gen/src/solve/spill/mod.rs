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
//! (`Solver::to_mate`), filled from its frontier file.
//!
//! What stays in memory: that bitset (an eighth of a byte an entry), the
//! partition held (two bytes and an eighth an entry), a batch of the
//! frontier with its tellings, and the smaller tables. The finished values
//! are read from the cells file as the table's files are written
//! ([`Spilled`]). The rule rounds follow, each a search over bitsets
//! (`rounds`) and then the steps above from its losses.

mod files;
mod rounds;

use std::ops::Range;
use std::path::Path;
use std::sync::Mutex;

use rayon::prelude::*;

use super::bitset::AtomicBits;
use super::cell::{AtomicCell, Cell};
use super::parallel::chunks;
use super::retro::Child;
use super::{finish, Propagation, Solver};
use crate::captures::Captures;
use crate::write::Codes;
use crate::{GenerateError, Progress};
use files::{Array, ListReader, ListWriter, Scratch};
use qiboard::xiangqi::Color;
use qiboard_tablebase::Decoder;
use qiboard_tablebase::{Layout, RuleSet, SideStats};

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
    /// With rule rounds, the bytes a round's candidates may take, four
    /// for each (their conditions, then their states in the search for
    /// cycles); 0 without.
    pub candidate_bytes: u64,
}

impl Partitions {
    /// How to solve `entries` entries in `budget` bytes, with its rule
    /// rounds if `rule_rounds`, or `None` if that is too little: less
    /// than a bit an entry, a batch of 256 KiB, 1 MiB of slack and
    /// partitions of [`FEWEST_HELD`] entries, at most [`MOST_PARTS`] of
    /// them; with rule rounds, less than [`rounds::fixed_bytes`] and
    /// room for a candidate in every sixty-four entries.
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
            if room < entries / 16 {
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
    captures: &'a Captures,
    rules: RuleSet,
    partitions: Partitions,
    parent: &Path,
    progress: &dyn Progress,
) -> Result<Spilled<'a>, GenerateError> {
    let scratch = Scratch::create(parent, layout.material())?;
    let total = layout.per_side() as usize * 2;
    let mut run = Run {
        solver: Solver::held_in_parts(layout, captures),
        parts: (0..total)
            .step_by(partitions.held)
            .map(|start| start..total.min(start + partitions.held))
            .collect(),
        batch: partitions.batch,
        candidate_bytes: partitions.candidate_bytes,
        cells: Array::create(scratch.path("cells"), total as u64 * 2)?,
        scheduled: Vec::new(),
        scratch,
    };
    run.seed(progress)?;
    run.propagate(Propagation::WithoutRules, progress)?;
    if rules == RuleSet::Asian {
        run.apply_rules(progress)?;
    }
    Spilled::new(run, rules)
}

/// An out-of-core solve under way.
struct Run<'a> {
    solver: Solver<'a>,
    parts: Vec<Range<usize>>,
    batch: usize,
    /// What a rule round's candidates may take ([`Partitions`]).
    candidate_bytes: u64,
    /// Every entry's cell (two bytes, little-endian).
    cells: Array,
    /// By level, then partition: how many cells are scheduled there.
    scheduled: Vec<Vec<u64>>,
    /// Last, so that its files are closed before it goes.
    scratch: Scratch,
}

/// The values of a finished out-of-core solve, read from its cells file.
pub(crate) struct Spilled<'a> {
    run: Run<'a>,
    rules: RuleSet,
    stats: [SideStats; 2],
}

impl<'a> Spilled<'a> {
    fn new(run: Run<'a>, rules: RuleSet) -> Result<Spilled<'a>, GenerateError> {
        let mut spilled = Spilled {
            run,
            rules,
            stats: [SideStats::NONE; 2],
        };
        let per_side = spilled.layout().per_side() as usize;
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
        self.run.solver.layout
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
        let first = side as usize * self.run.solver.per_side + range.start;
        read_cells(&mut self.run.cells, first..first + range.len(), |cell| {
            out.push(finish::code(cell));
        })
    }
}

impl Run<'_> {
    fn seed(&mut self, progress: &dyn Progress) -> Result<(), GenerateError> {
        let total = self.parts.last().map_or(0, |part| part.end);
        let material = self.solver.layout.material();
        progress.start(&format!("{material} seed"), total as u64);
        let mut legal = 0;
        for k in 0..self.parts.len() {
            let part = self.parts[k].clone();
            self.solver.hold_unseeded(part.clone());
            let counts = self.solver.seed_range(part, progress)?;
            for (level, count) in counts.into_iter().enumerate() {
                self.count_scheduled(level, k, count);
            }
            legal += self
                .solver
                .plies
                .iter()
                .filter(|c| !c.load().is_illegal())
                .count() as u64;
            self.put_back(k)?;
        }
        progress.finish();
        let _ = self.solver.legal.set(legal);
        Ok(())
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

    /// Resolves levels from 0 up in propagation `pass`, from the entries
    /// scheduled (by seeding, or a rule round's losses at level 0).
    fn propagate(
        &mut self,
        pass: Propagation,
        progress: &dyn Progress,
    ) -> Result<(), GenerateError> {
        let material = self.solver.layout.material();
        let legal = self.solver.legal.get().copied().unwrap_or(0);
        progress.start(&format!("{material} retro"), legal);
        let mut told: Vec<Option<ListReader>> = self.parts.iter().map(|_| None).collect();
        let mut level = 0u16;
        loop {
            let mut frontier = ListWriter::create(self.scratch.path("frontier"))?;
            for k in 0..self.parts.len() {
                let tellings = told[k].take();
                let due = self.scheduled.get(usize::from(level)).map_or(0, |c| c[k]);
                if tellings.is_some() || due > 0 {
                    self.resolve_level(k, (level, pass), due, tellings, &mut frontier)?;
                }
            }
            let mut frontier = frontier.finish()?;
            if frontier.left() == 0 {
                let later = usize::from(level) + 1;
                if self
                    .scheduled
                    .iter()
                    .skip(later)
                    .all(|c| c.iter().all(|&n| n == 0))
                {
                    break;
                }
            } else {
                progress.advance(frontier.left());
                told = self.un_move(level, &mut frontier)?;
            }
            level += 1;
        }
        progress.finish();
        Ok(())
    }

    /// Step 1 for partition `k` at `level`: its `due` scheduled entries and
    /// the `tellings` of the level before; what it resolves goes to
    /// `frontier`.
    fn resolve_level(
        &mut self,
        k: usize,
        (level, pass): (u16, Propagation),
        due: u64,
        tellings: Option<ListReader>,
        frontier: &mut ListWriter,
    ) -> Result<(), GenerateError> {
        let part = self.parts[k].clone();
        self.hold(k)?;
        let solver = &self.solver;
        let resolved = AtomicBits::new(part.len());
        let mark = |entry: u64| resolved.set((entry - solver.base) as usize);
        if due > 0 {
            chunks(part.len()).for_each(|chunk| {
                for i in chunk {
                    let entry = solver.base + i as u64;
                    let cell = solver.cell(entry).load();
                    if cell.scheduled_level() == Some(level) {
                        let by_rule = cell.noted_by_rule();
                        if solver.claim(entry, pass.resolved(level, by_rule)) {
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
            while tellings.next_batch(self.batch, &mut batch)? {
                batch.par_chunks(4096).for_each_init(
                    || Decoder::new(solver.layout),
                    |spare, told| {
                        for &telling in told {
                            let schedule = |entry, at| {
                                solver.schedule_loss(entry, at);
                                later.lock().unwrap_or_else(|p| p.into_inner()).push(at);
                            };
                            solver.tell(
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
            self.count_scheduled(usize::from(at), k, 1);
        }
        let solver = &self.solver;
        // The level's entries of this partition, in order, a run at a time.
        let mut new: Vec<u64> = Vec::new();
        for i in resolved.ones(0..part.len()) {
            let entry = solver.base + i as u64;
            new.push(entry << 1 | u64::from(solver.cell(entry).load().by_rule()));
            if new.len() == 1 << 14 {
                frontier.extend(&new)?;
                new.clear();
            }
        }
        frontier.extend(&new)?;
        self.put_back(k)
    }

    /// Step 2: fills the bitset of entries to mate from `frontier` (resolved
    /// at `level`), and gives the files of tellings its un-moves make, one
    /// per partition that has some.
    fn un_move(
        &mut self,
        level: u16,
        frontier: &mut ListReader,
    ) -> Result<Vec<Option<ListReader>>, GenerateError> {
        let solver = &mut self.solver;
        let to_mate = solver.to_mate.as_mut().expect("held in parts");
        to_mate.clear();
        let mut writers: Vec<Option<ListWriter>> = self.parts.iter().map(|_| None).collect();
        let mut batch = Vec::new();
        while frontier.next_batch(self.batch, &mut batch)? {
            let to_mate = solver.to_mate.as_mut().expect("held in parts");
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
                            let visit =
                                |before| tellings.push(solver.entry(!side, before) << 1 | rule);
                            solver.layout.for_each_predecessor(index, position, visit);
                        }
                        tellings
                    },
                )
                .flatten_iter()
                .collect();
            tellings.par_sort_unstable();
            let mut rest = &tellings[..];
            for (k, part) in self.parts.iter().enumerate() {
                let split = rest.partition_point(|&telling| ((telling >> 1) as usize) < part.end);
                let (here, after) = rest.split_at(split);
                if !here.is_empty() {
                    let writer = match &mut writers[k] {
                        Some(writer) => writer,
                        slot => slot.insert(ListWriter::create(
                            self.scratch.path(&format!("told-{level}-{k}")),
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

    /// Reads partition `k` in.
    fn hold(&mut self, k: usize) -> Result<(), GenerateError> {
        self.hold_range(self.parts[k].clone())
    }

    /// Reads the cells of `part`'s entries in.
    fn hold_range(&mut self, part: Range<usize>) -> Result<(), GenerateError> {
        let solver = &mut self.solver;
        solver.base = part.start as u64;
        solver.plies.clear();
        // Grown a run at a time, it could reserve twice what it holds.
        solver.plies.reserve_exact(part.len());
        read_cells(&mut self.cells, part, |cell| {
            solver.plies.push(AtomicCell::new(cell));
        })
    }

    /// Writes partition `k`, the one held, back.
    fn put_back(&mut self, k: usize) -> Result<(), GenerateError> {
        let part = self.parts[k].clone();
        let solver = &self.solver;
        let mut bytes = Vec::with_capacity(IO_ENTRIES.min(part.len()) * 2);
        for run in (part.start..part.end).step_by(IO_ENTRIES) {
            let len = (part.end - run).min(IO_ENTRIES);
            let held = run - part.start..run - part.start + len;
            bytes.clear();
            for cell in &solver.plies[held] {
                bytes.extend_from_slice(&cell.load().bits().to_le_bytes());
            }
            self.cells.write(run as u64 * 2, &bytes)?;
        }
        Ok(())
    }
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

impl<'a> Solver<'a> {
    /// A solver that holds no entries yet, for an out-of-core solve.
    fn held_in_parts(layout: &'a Layout, captures: &'a Captures) -> Solver<'a> {
        let total = layout.per_side() as usize * 2;
        Solver {
            to_mate: Some(AtomicBits::new(total)),
            ..Solver::holding(layout, captures, Vec::new())
        }
    }

    /// Holds the entries of `part`, unseeded.
    fn hold_unseeded(&mut self, part: Range<usize>) {
        self.base = part.start as u64;
        self.plies.clear();
        self.plies
            .extend(part.map(|_| AtomicCell::new(Cell::UNSEEDED)));
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
    /// the rounds in memory give (KNPKN takes four rounds); with no room
    /// for candidates, the solve stops with an error.
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
            let solve = |room| spilled(&layout, &captures, RuleSet::Asian, held, room);
            let differ = differing(&in_memory, &solve(u64::MAX).unwrap());
            assert_eq!(differ, 0, "{name}: {differ} codes differ");
            let refused = solve(0).unwrap_err();
            assert!(
                matches!(refused, GenerateError::RuleRoundsOverBudget { material: m, candidates, .. } if m == material && candidates > 0),
                "{name}: {refused}"
            );
        }
    }

    fn in_memory(layout: &Layout, captures: &Captures, rules: RuleSet) -> Vec<u16> {
        solve_with(layout, captures, rules, Rounds::Incremental, &Quiet).unwrap()
    }

    /// The codes of an out-of-core solve in partitions of `held` entries,
    /// with `candidate_bytes` for a rule round's candidates.
    fn spilled(
        layout: &Layout,
        captures: &Captures,
        rules: RuleSet,
        held: usize,
        candidate_bytes: u64,
    ) -> Result<Vec<u16>, GenerateError> {
        let partitions = Partitions {
            held,
            batch: 777,
            bytes: 0,
            candidate_bytes,
        };
        let scratch = std::env::temp_dir();
        solve_spilled(layout, captures, rules, partitions, &scratch, &Quiet)
            .and_then(|spilled| spilled.into_codes())
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
        assert!(Partitions::for_budget(entries, 20 << 20, true).is_none());
        assert!(Partitions::for_budget(entries, 20 << 20, false).is_some());
    }
}
