//! Rule rounds out of core: the rounds of `rules` run with the cells in
//! the scratch file, into the values the rounds in memory give.
//!
//! A round's search for candidates and cycles changes no cell. It asks
//! of other entries only whether they are still unresolved, and of the
//! entry it looks at, whether a capture of its draws: so it runs on a
//! bitset of the unresolved entries, filled in one pass over the cells
//! file, while the cells are read in windows as the candidates are found.
//! The graph of cycles is written to a scratch file as it is built and
//! read back a batch of parts at a time for each sweep. The round's
//! losses are then marked in their cells as scheduled at level 0, and
//! propagation runs as after seeding, a partition at a time (step 1 to 3
//! of the parent module), in [`Propagation::RuleRound`].
//!
//! Why the values are the same: each round finds every candidate afresh,
//! and looks at all of them, where rounds in memory keep the conditions of
//! the candidates propagation did not touch and look only at those that
//! can reach a fresh one. Both find the same candidates (a candidate's
//! conditions depend only on which of its moves stay unresolved, and any
//! change there touches it) and the same losses (what the incremental
//! rounds leave out cannot be forced; the test of the rule rounds'
//! module checks the two kinds of round against each other).
//!
//! What stays in memory: two bits an entry (the unresolved entries, and
//! the candidates with their directory), a window of cells, and four
//! bytes a candidate, which [`Partitions::candidate_bytes`] bounds: a
//! round with more candidates than that stops with
//! [`GenerateError::RuleRoundsOverBudget`].

use super::files::{io_error, ListReader, ListWriter};
use super::{read_cells, Run};
use crate::solve::bitset::AtomicBits;
use crate::solve::cell::Cell;
use crate::solve::rules::{apply_to, Candidates, GraphStore, Replies};
use crate::solve::Propagation;
use crate::{GenerateError, Progress};

#[cfg(doc)]
use super::Partitions;

/// Entries whose cells are held at once while candidates are found (in
/// tests, few, so that small endgames cross many windows).
const WINDOW: usize = if cfg!(test) { 1 << 14 } else { 1 << 18 };

/// Words of the graph's file read back at once in a sweep (in tests, few,
/// so that a sweep takes many batches).
const GRAPH_BATCH: usize = if cfg!(test) { 1 << 10 } else { 1 << 16 };

/// The bytes a rule round out of core takes whatever its candidates: the
/// unresolved entries and the candidates (a bit an entry each), the
/// candidates' directory, a window of cells, the graph's batches as
/// written and as read back, and 1 MiB of slack (for the parts a batch of
/// tasks builds before they are written, two a thread, and the few nodes
/// whose replies attack).
pub(crate) fn fixed_bytes(entries: u64) -> u64 {
    let bits = entries.div_ceil(64) * 8;
    let directory = entries.div_ceil(512) * 4;
    let graph = 2 * GRAPH_BATCH as u64 * 8;
    2 * bits + directory + WINDOW as u64 * 2 + graph + (1 << 20)
}

impl Run<'_> {
    /// Applies the rules in rounds until one finds no new loss, as
    /// `Solver::apply_rules` does in memory; returns the number of rounds
    /// that found some.
    pub(super) fn apply_rules(&mut self, progress: &dyn Progress) -> Result<u32, GenerateError> {
        if !apply_to(self.solver.layout.material()) {
            return Ok(0);
        }
        let total = self.solver.per_side * 2;
        let mut rounds = 0;
        loop {
            // The search holds no partition and needs no level's mates.
            self.solver.to_mate = None;
            self.solver.plies = Vec::new();
            self.solver.open_entries = Some(self.open_entries()?);
            let candidates = self.candidates(progress)?;
            let mut graph = SpooledGraph::create(self)?;
            let forced = self
                .solver
                .forced(&candidates, None, &mut graph, progress)?;
            drop(graph);
            self.solver.open_entries = None;
            let losses = candidates.into_kept(&forced);
            drop(forced);
            if losses.count() == 0 {
                break;
            }
            rounds += 1;
            self.schedule_losses(&losses)?;
            drop(losses);
            self.solver.to_mate = Some(AtomicBits::new(total));
            self.propagate(Propagation::RuleRound, progress)?;
        }
        Ok(rounds)
    }

    /// The entries whose cells are unresolved, read from the cells file.
    fn open_entries(&mut self) -> Result<AtomicBits, GenerateError> {
        let total = self.solver.per_side * 2;
        let mut open = AtomicBits::new(total);
        let mut entry = 0;
        read_cells(&mut self.cells, 0..total, |cell| {
            if cell.is_unresolved() {
                open.set_mut(entry);
            }
            entry += 1;
        })?;
        Ok(open)
    }

    /// The round's candidates, found a window of cells at a time.
    fn candidates(&mut self, progress: &dyn Progress) -> Result<Candidates, GenerateError> {
        let total = self.solver.per_side * 2;
        let material = self.solver.layout.material();
        progress.start(&format!("{material} rules"), total as u64);
        let entries = AtomicBits::new(total);
        let mut conditions = Vec::new();
        let mut found = 0;
        for start in (0..total).step_by(WINDOW) {
            let window = start..total.min(start + WINDOW);
            let words = start / 64..window.end.div_ceil(64);
            self.hold_range(window)?;
            let lists = self.solver.candidates_among(&entries, words, progress);
            found += lists.iter().map(Vec::len).sum::<usize>() as u64;
            conditions.extend(lists);
            // Their lists, joined, then their states: four bytes each,
            // refused as soon as they would not fit.
            if found * 4 > self.candidate_bytes {
                progress.finish();
                return Err(GenerateError::RuleRoundsOverBudget {
                    material,
                    candidates: found,
                    needed: found * 4 + fixed_bytes(total as u64),
                    budget: self.candidate_bytes + fixed_bytes(total as u64),
                });
            }
        }
        progress.finish();
        self.solver.plies = Vec::new();
        Ok(Candidates::found(entries, conditions))
    }

    /// Marks each entry of `losses` scheduled to be lost at level 0, and
    /// counts them for the propagation that follows.
    fn schedule_losses(&mut self, losses: &AtomicBits) -> Result<(), GenerateError> {
        self.scheduled.clear();
        for k in 0..self.parts.len() {
            let part = self.parts[k].clone();
            let count = losses.ones(part.clone()).count() as u64;
            if count == 0 {
                continue;
            }
            self.hold(k)?;
            for entry in losses.ones(part) {
                let cell = self.solver.cell(entry as u64);
                cell.store(Cell::scheduled(0, cell.load().noted_by_rule()));
            }
            self.count_scheduled(0, k, count);
            self.put_back(k)?;
        }
        Ok(())
    }
}

/// A round's graph in a scratch file, written as it is built and read
/// back a batch of parts at a time.
struct SpooledGraph {
    written: Option<ListWriter>,
    read: Option<ListReader>,
    /// Each part's length in words, in order.
    lengths: Vec<usize>,
    words: Vec<u64>,
}

impl SpooledGraph {
    fn create(run: &Run<'_>) -> Result<SpooledGraph, GenerateError> {
        Ok(SpooledGraph {
            written: Some(ListWriter::create(run.scratch.path("graph"))?),
            read: None,
            lengths: Vec::new(),
            words: Vec::new(),
        })
    }
}

impl GraphStore for SpooledGraph {
    fn keep(&mut self, part: Replies) -> Result<(), GenerateError> {
        let written = self
            .written
            .as_mut()
            .expect("parts are kept before the sweeps");
        self.words.clear();
        part.to_words(&mut self.words);
        self.lengths.push(self.words.len());
        written.extend(&self.words)
    }

    fn each_batch(&mut self, sweep: &mut dyn FnMut(&[Replies])) -> Result<(), GenerateError> {
        if let Some(written) = self.written.take() {
            self.read = Some(written.finish()?);
        }
        let Some(read) = &self.read else {
            return Ok(());
        };
        let mut reader = read.reread()?;
        let mut next = 0;
        while next < self.lengths.len() {
            let mut len = 0;
            let first = next;
            while next < self.lengths.len()
                && (next == first || len + self.lengths[next] <= GRAPH_BATCH)
            {
                len += self.lengths[next];
                next += 1;
            }
            reader.next_batch(len, &mut self.words)?;
            let parts = Replies::all_from_words(&self.words)
                .filter(|parts| parts.len() == next - first)
                .ok_or_else(|| {
                    io_error(reader.path())(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        "the graph's file reads back other than it was written",
                    ))
                })?;
            sweep(&parts);
        }
        Ok(())
    }
}
