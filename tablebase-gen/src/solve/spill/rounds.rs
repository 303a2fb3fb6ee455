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
//! The candidates' conditions, and then their states in the search for
//! forced cycles, go to a scratch file as they are found (`forced`): what
//! stays in memory is two bits an entry (the unresolved entries, and the
//! candidates with their directory), a window of cells, and what
//! [`fixed_bytes`] and [`Partitions::candidate_bytes`] count, however many
//! candidates a round finds.

use super::files::{io_error, ListReader, ListWriter, Scratch};
use super::forced::States;
use super::{read_cells, Levels, OutOfCore};
use crate::solve::bitset::AtomicBits;
use crate::solve::cell::Cell;
use crate::solve::rules::TASKS_A_THREAD;
use crate::solve::rules::{Candidates, Forced, GraphStore, Replies};
use crate::solve::store::Store;
use crate::solve::Solver;
use crate::{GenerateError, Progress};

#[cfg(doc)]
use super::Partitions;
#[cfg(doc)]
use crate::solve::Propagation;

/// Entries whose cells are held at once while candidates are found (in
/// tests, few, so that small endgames cross many windows).
const WINDOW: usize = if cfg!(test) { 1 << 14 } else { 1 << 18 };

/// Words of the graph's file read back at once in a sweep (in tests, few,
/// so that a sweep takes many batches).
pub(super) const GRAPH_BATCH: usize = if cfg!(test) { 1 << 10 } else { 1 << 16 };

/// Entries a task of the search for cycles covers (`rules::candidates`'
/// tasks).
const TASK_ENTRIES: u64 = 1 << 16;

/// The bytes a rule round out of core takes whatever its candidates: the
/// unresolved entries and the candidates (a bit an entry each), the
/// candidates' directory, a window of cells, the graph's batches as
/// written and as read back, decoded, with a slot (two bytes) a word and
/// a node's new state (eight bytes) a word, a batch of tasks' own
/// conditions, and 1 MiB of slack (for the parts a batch of tasks builds
/// before they are written, two a thread, and the few nodes whose replies
/// attack).
pub(crate) fn fixed_bytes(entries: u64) -> u64 {
    let bits = entries.div_ceil(64) * 8;
    let directory = entries.div_ceil(512) * 4;
    let graph = GRAPH_BATCH as u64 * (8 + 16 + 2 + 8);
    let threads = rayon::current_num_threads().max(1) as u64;
    let own = TASKS_A_THREAD as u64 * threads * TASK_ENTRIES * 2;
    2 * bits + directory + WINDOW as u64 * 2 + graph + own + (1 << 20)
}

/// A round's candidates, found afresh a window of cells at a time, with
/// the bitset of the unresolved entries that the search asks (filled from
/// the cells file); the partition held and the level's mates go first.
pub(super) fn candidates(
    solver: &mut Solver<'_, OutOfCore>,
    progress: &dyn Progress,
) -> Result<Candidates, GenerateError> {
    // The search holds no partition and needs no level's mates.
    solver.cells.to_mate = None;
    solver.cells.plies = Vec::new();
    solver.cells.open = Some(open_entries(&mut solver.cells, solver.per_side * 2)?);
    let total = solver.per_side * 2;
    let material = solver.layout.material();
    progress.start(&format!("{material} rules"), total as u64);
    let entries = AtomicBits::new(total);
    let mut states = States::create(&solver.cells.scratch)?;
    for start in (0..total).step_by(WINDOW) {
        let window = start..total.min(start + WINDOW);
        let words = start / 64..window.end.div_ceil(64);
        solver.cells.hold_range(window)?;
        for conditions in solver.candidates_among(&entries, words, progress) {
            states.extend(&conditions)?;
        }
    }
    progress.finish();
    solver.cells.plies = Vec::new();
    solver.cells.most_candidates = solver.cells.most_candidates.max(states.len());
    solver.cells.states = Some(states);
    Ok(Candidates::numbered(entries))
}

/// The entries whose cells are unresolved, read from the cells file.
fn open_entries(cells: &mut OutOfCore, total: usize) -> Result<AtomicBits, GenerateError> {
    let mut open = AtomicBits::new(total);
    let mut entry = 0;
    read_cells(&mut cells.cells, 0..total, |cell| {
        if cell.is_unresolved() {
            open.set_mut(entry);
        }
        entry += 1;
    })?;
    Ok(open)
}

/// The candidates `forced` keeps, marked in their cells as scheduled to
/// be lost at level 0 and counted for the propagation that follows; `None`
/// when there are none.
pub(super) fn losses(
    solver: &mut Solver<'_, OutOfCore>,
    candidates: Candidates,
    forced: Forced,
) -> Result<Option<Levels>, GenerateError> {
    let cells = &mut solver.cells;
    cells.open = None;
    drop(forced);
    // The states the search left, in candidate (entry) order.
    let losses = candidates.into_entries();
    let mut numbered = losses.ones(0..losses.words() * 64);
    let mut states = cells.states.take().expect("searched first");
    states.each(|state| {
        let entry = numbered.next().expect("a state a candidate");
        if state == 0 {
            losses.remove(entry);
        }
    })?;
    drop(numbered);
    drop(states);
    if losses.count() == 0 {
        return Ok(None);
    }
    cells.scheduled.clear();
    for k in 0..cells.parts.len() {
        let part = cells.parts[k].clone();
        let count = losses.ones(part.clone()).count() as u64;
        if count == 0 {
            continue;
        }
        cells.hold(k)?;
        for entry in losses.ones(part) {
            let cell = cells.cell(entry as u64);
            cell.store(Cell::scheduled(0, cell.load().noted_by_rule()));
        }
        cells.count_scheduled(0, k, count);
        cells.put_back(k)?;
    }
    drop(losses);
    cells.to_mate = Some(AtomicBits::new(solver.per_side * 2));
    Ok(Some(Levels::new(cells.parts.len())))
}

/// A round's graph in a scratch file, written as it is built and read
/// back a batch of parts at a time.
pub(in crate::solve) struct SpooledGraph {
    written: Option<ListWriter>,
    read: Option<ListReader>,
    /// Each part's length in words, in order.
    lengths: Vec<usize>,
    words: Vec<u64>,
}

impl SpooledGraph {
    pub(super) fn create(scratch: &Scratch) -> Result<SpooledGraph, GenerateError> {
        Ok(SpooledGraph {
            written: Some(ListWriter::create(scratch.path("graph"))?),
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
