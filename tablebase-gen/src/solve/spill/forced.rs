//! A rule round's forced cycles out of core: the search of
//! `rules::cycles` with the candidates' conditions and states in a
//! scratch file, so that what it holds does not grow with them.
//!
//! The round's candidates write their conditions, two bytes each in
//! number order, to the states file as they are found ([`States`]). The
//! graph is built as in memory, a batch of tasks at a time, each batch's
//! own conditions read from the file and written back with those that
//! die. When the states fit in what the budget leaves the round, they are
//! then held whole and swept as in memory. When they do not, a sweep runs
//! in *ranges* of candidate numbers, each a window of states the budget
//! holds: a pass over the graph for each range, in which a reply counts
//! only when its target's state is held, collects for each node and move
//! what its replies keep (an OR, so the ranges may add up in any order)
//! in a file of such slots, in the graph's order, read and written again
//! pass after pass; the last pass ANDs each node's moves and takes that
//! from the node's state in the file.
//!
//! Why the result is the same as in memory: a node's new state is its
//! state ANDed with what its moves keep, which only ever drops conditions,
//! and what a reply keeps is monotone in its target's state. Iterated from
//! states at least as large as the greatest set closed under that rule,
//! in any order (whole sweeps from the last sweep's states, as here, or in
//! place, as in memory), the states shrink to exactly that set: each step
//! keeps it (monotone), and where nothing changes they form a closed set,
//! which is within the greatest. For the same reason, a reply is kept in
//! the graph whatever its target's conditions when those are not held (a
//! reply that keeps nothing is dropped by the first sweep), and a node
//! with something attacked starts with every condition, those of a
//! candidate dropped while the graph was built taken out after the first
//! sweep.
//!
//! What stays in memory beside the round's bitsets: a window of states,
//! a batch of the graph with its slots and its nodes' new states, a batch
//! of tasks' own conditions, and the nodes with something attacked, which
//! few replies make (as in memory).

use std::collections::HashMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU16, Ordering::Relaxed};

use rayon::prelude::*;

use super::files::{io_error, Array, ListReader, ListWriter, Scratch};
use super::rounds::SpooledGraph;
use super::OutOfCore;
use crate::solve::rules::{moves, Candidates, Forced, GraphStore, Replies, TASKS_A_THREAD};
use crate::solve::Solver;
use crate::{GenerateError, Progress};
use qiboard_tablebase::Decoder;

/// States read or written at once.
const IO_STATES: usize = 1 << 14;

/// A round's candidates' conditions, then their states, two bytes each
/// in number order, in a scratch file; held whole while they fit.
pub(super) struct States {
    file: Array,
    len: usize,
    held: Option<Vec<AtomicU16>>,
}

impl States {
    /// An empty file for a round's conditions.
    pub(super) fn create(scratch: &Scratch) -> Result<States, GenerateError> {
        let path = scratch.path("states");
        // The last round's, if any: nothing of it is needed.
        let _ = std::fs::remove_file(&path);
        Ok(States {
            file: Array::create(path, 0)?,
            len: 0,
            held: None,
        })
    }

    /// Appends the next candidates' conditions.
    pub(super) fn extend(&mut self, conditions: &[u16]) -> Result<(), GenerateError> {
        let bytes: Vec<u8> = conditions.iter().flat_map(|c| c.to_le_bytes()).collect();
        self.file.write(self.len as u64 * 2, &bytes)?;
        self.len += conditions.len();
        Ok(())
    }

    /// How many there are.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// States `range`, from the file.
    fn read(&mut self, range: Range<usize>, out: &mut Vec<u16>) -> Result<(), GenerateError> {
        out.clear();
        let mut bytes = vec![0u8; IO_STATES.min(range.len()) * 2];
        for run in range.clone().step_by(IO_STATES) {
            let len = (range.end - run).min(IO_STATES);
            let bytes = &mut bytes[..len * 2];
            self.file.read(run as u64 * 2, bytes)?;
            out.extend(
                bytes
                    .chunks_exact(2)
                    .map(|pair| u16::from_le_bytes([pair[0], pair[1]])),
            );
        }
        Ok(())
    }

    /// Writes `states` from number `first` on.
    fn write(&mut self, first: usize, states: &[u16]) -> Result<(), GenerateError> {
        let bytes: Vec<u8> = states.iter().flat_map(|c| c.to_le_bytes()).collect();
        self.file.write(first as u64 * 2, &bytes)
    }

    /// Takes `and` (candidate numbers ascending, each with what to keep)
    /// from the states in the file, a run at a time; returns whether one
    /// changed.
    fn and_all(&mut self, and: &[(u32, u16)]) -> Result<bool, GenerateError> {
        let mut changed = false;
        let mut run = Vec::new();
        let mut rest = and;
        while let Some(&(first, _)) = rest.first() {
            let start = first as usize;
            let end = self.len.min(start + IO_STATES);
            let split = rest.partition_point(|&(number, _)| (number as usize) < end);
            let (here, after) = rest.split_at(split);
            self.read(start..end, &mut run)?;
            let mut last = 0;
            for &(number, keep) in here {
                let state = &mut run[number as usize - start];
                if *state & keep != *state {
                    *state &= keep;
                    changed = true;
                }
                last = number as usize - start + 1;
            }
            self.write(start, &run[..last])?;
            rest = after;
        }
        Ok(changed)
    }

    /// Calls `each` with every state in number order.
    pub(super) fn each(&mut self, mut each: impl FnMut(u16)) -> Result<(), GenerateError> {
        if let Some(held) = &self.held {
            held.iter().for_each(|state| each(state.load(Relaxed)));
            return Ok(());
        }
        let mut run = Vec::new();
        for start in (0..self.len).step_by(IO_STATES) {
            self.read(start..self.len.min(start + IO_STATES), &mut run)?;
            run.iter().for_each(|&state| each(state));
        }
        Ok(())
    }
}

/// The nodes with something attacked (see `rules::cycles`), in memory.
struct Extra {
    /// Each one's candidate and what the reply into it attacked.
    keys: Vec<(u32, u16)>,
    states: Vec<AtomicU16>,
    /// Each candidate's, sorted: (candidate, node).
    of: Vec<(u32, u32)>,
    /// Which the first sweep reached (their candidate is in the graph).
    reached: Vec<AtomicBool>,
}

impl Extra {
    /// Candidate `candidate`'s nodes with something attacked, and what.
    fn of(&self, candidate: u32, count: usize) -> impl Iterator<Item = (usize, u16)> + '_ {
        let from = self.of.partition_point(|&(c, _)| c < candidate);
        self.of[from..]
            .iter()
            .take_while(move |&&(c, _)| c == candidate)
            .map(move |&(_, node)| {
                let e = node as usize - count;
                (e, self.keys[e].1)
            })
    }
}

/// The candidates whose cycles the opponent can force, as in
/// `Solver::forced`, their states left in the round's states file (see
/// the module docs); the [`Forced`] given back is empty.
pub(super) fn forced(
    solver: &mut Solver<'_, OutOfCore>,
    candidates: &Candidates,
    graph: &mut SpooledGraph,
    progress: &dyn Progress,
) -> Result<Forced, GenerateError> {
    let mut states = solver
        .cells
        .states
        .take()
        .expect("found with the candidates");
    debug_assert_eq!(states.len(), candidates.len());
    let count = candidates.len();
    let window = (solver.cells.candidate_bytes / 2).max(1) as usize;
    if count <= window {
        let mut all = Vec::new();
        states.read(0..count, &mut all)?;
        states.held = Some(all.into_iter().map(AtomicU16::new).collect());
    }
    let extra = build(solver, candidates, &mut states, graph, progress)?;
    let mut first = true;
    loop {
        let mut changed = sweep(&mut states, &extra, count, window, graph, first)?;
        if first {
            // A node with something attacked whose candidate was dropped
            // as the graph was built is no node of the graph.
            for (state, reached) in extra.states.iter().zip(&extra.reached) {
                if !reached.load(Relaxed) && state.swap(0, Relaxed) != 0 {
                    changed = true;
                }
            }
            first = false;
        }
        if !changed {
            break;
        }
    }
    solver.cells.states = Some(states);
    Ok(Forced::none())
}

/// Builds the graph into `graph`, a batch of tasks at a time, dropping
/// (in `states`) the candidates some drawing move of which keeps nothing;
/// gives the nodes with something attacked.
fn build(
    solver: &Solver<'_, OutOfCore>,
    candidates: &Candidates,
    states: &mut States,
    graph: &mut SpooledGraph,
    progress: &dyn Progress,
) -> Result<Extra, GenerateError> {
    let count = candidates.len();
    let find = |entry: u64| candidates.number(entry);
    progress.start(
        &format!("{} cycles", solver.layout.material()),
        count as u64,
    );
    let mut numbers: HashMap<(u32, u16), u32> = HashMap::new();
    let mut keys: Vec<(u32, u16)> = Vec::new();
    let tasks = candidates.task_count();
    let batch = TASKS_A_THREAD * rayon::current_num_threads().max(1);
    let first_of = |task: usize| -> usize {
        if task >= tasks {
            return count;
        }
        let first = candidates.tasks_in(task..task + 1).map(|(first, _)| first);
        first.min().map_or(count, |first| first as usize)
    };
    let mut own = Vec::new();
    let in_file = states.held.is_none();
    for first_task in (0..tasks).step_by(batch) {
        let last_task = tasks.min(first_task + batch);
        let numbers_here = first_of(first_task)..first_of(last_task);
        if in_file {
            states.read(numbers_here.clone(), &mut own)?;
        }
        let held = states.held.as_deref();
        let own_state = |i: u32| match held {
            Some(held) => held[i as usize].load(Relaxed),
            None => own[i as usize - numbers_here.start],
        };
        // Without the states held, a target may keep anything.
        let goal =
            |target: u32| held.map_or(u32::MAX, |held| held[target as usize].load(Relaxed).into());
        let built: Vec<(Replies, Vec<u32>)> = candidates
            .tasks_in(first_task..last_task)
            .map(|(first, entries)| {
                let mut decoder = Decoder::new(solver.layout);
                let mut replies = Replies::default();
                let mut dropped = Vec::new();
                let mut looked_at = 0;
                for (i, entry) in (first..).zip(entries) {
                    looked_at += 1;
                    let conditions = u32::from(own_state(i));
                    if conditions == 0 {
                        continue;
                    }
                    let found = solver.replies(
                        &mut decoder,
                        (i, entry, conditions),
                        &goal,
                        &find,
                        &mut replies,
                    );
                    if !found {
                        dropped.push(i);
                    }
                }
                progress.advance(looked_at);
                replies.shrink_to_fit();
                (replies, dropped)
            })
            .collect();
        for (mut part, dropped) in built {
            for i in dropped {
                match held {
                    Some(held) => held[i as usize].store(0, Relaxed),
                    None => own[i as usize - numbers_here.start] = 0,
                }
            }
            part.move_attacking(|key| {
                *numbers.entry(key).or_insert_with(|| {
                    keys.push(key);
                    (count + keys.len() - 1) as u32
                })
            });
            graph.keep(part)?;
        }
        if in_file {
            states.write(numbers_here.start, &own)?;
        }
    }
    progress.finish();
    drop(numbers);
    let mut of: Vec<(u32, u32)> = (0..)
        .zip(&keys)
        .map(|(e, &(candidate, _))| (candidate, (count + e) as u32))
        .collect();
    of.sort_unstable();
    Ok(Extra {
        states: keys.iter().map(|_| AtomicU16::new(u16::MAX)).collect(),
        reached: keys.iter().map(|_| AtomicBool::new(false)).collect(),
        keys,
        of,
    })
}

/// Slots (a node's move each) of `part`'s nodes, with something
/// attacked or not.
fn slots(part: &Replies, extra: &Extra, count: usize) -> usize {
    part.nodes()
        .map(|(candidate, replies)| {
            (1 + extra.of(candidate, count).count()) * moves(replies).count()
        })
        .sum()
}

/// One sweep: a pass over the graph for each range of states (one when
/// they are held); returns whether a state changed.
fn sweep(
    states: &mut States,
    extra: &Extra,
    count: usize,
    window: usize,
    graph: &mut SpooledGraph,
    first: bool,
) -> Result<bool, GenerateError> {
    let ranges = if states.held.is_some() {
        1
    } else {
        count.div_ceil(window).max(1)
    };
    let changed = AtomicBool::new(false);
    let mut failed = None;
    let mut slots_in = None::<ListReader>;
    let mut chunk = Vec::new();
    for r in 0..ranges {
        let range = r * window..count.min((r + 1) * window);
        if states.held.is_none() {
            states.read(range.clone(), &mut chunk)?;
        }
        let last = r + 1 == ranges;
        let mut slots_out = if last {
            None
        } else {
            Some(ListWriter::create(states_slots_path(states, r))?)
        };
        let held = states.held.take();
        let mut updates: Vec<(u32, u16)> = Vec::new();
        let mut words = Vec::new();
        let mut each = |parts: &[Replies]| {
            if failed.is_some() {
                return;
            }
            let lengths: Vec<usize> = parts.iter().map(|part| slots(part, extra, count)).collect();
            let total: usize = lengths.iter().sum();
            let mut acc = vec![0u16; total];
            if let Some(reader) = &mut slots_in {
                let read = reader.next_batch(total.div_ceil(4), &mut words);
                match read {
                    Ok(_) if words.len() == total.div_ceil(4) => unpack(&words, &mut acc),
                    Ok(_) => {
                        let path = reader.path();
                        failed = Some(io_error(path)(std::io::Error::new(
                            std::io::ErrorKind::InvalidData,
                            "a sweep's slots read back shorter than they were written",
                        )));
                        return;
                    }
                    Err(error) => {
                        failed = Some(error);
                        return;
                    }
                }
            }
            let state_of = |node: u32| -> Option<u32> {
                let node = node as usize;
                if node >= count {
                    return Some(extra.states[node - count].load(Relaxed).into());
                }
                match &held {
                    Some(held) => Some(held[node].load(Relaxed).into()),
                    None => range
                        .contains(&node)
                        .then(|| chunk[node - range.start].into()),
                }
            };
            let mut slices = Vec::with_capacity(parts.len());
            let mut rest = &mut acc[..];
            for &len in &lengths {
                let (here, after) = rest.split_at_mut(len);
                slices.push(here);
                rest = after;
            }
            let found: Vec<Vec<(u32, u16)>> = parts
                .par_iter()
                .zip(slices)
                .map(|(part, acc)| {
                    let mut and = Vec::new();
                    let mut slot = 0;
                    for (candidate, replies) in part.nodes() {
                        let nodes = std::iter::once((None, 0)).chain(
                            extra
                                .of(candidate, count)
                                .map(|(e, attacked)| (Some(e), attacked)),
                        );
                        for (e, attacked) in nodes {
                            let mut keep = u32::MAX;
                            for replies in moves(replies) {
                                let kept = replies
                                    .iter()
                                    .filter(|reply| reply.attacked_here() & attacked == 0)
                                    .filter_map(|reply| {
                                        Some(reply.gains(state_of(reply.target())?))
                                    })
                                    .fold(u32::from(acc[slot]), |kept, gains| kept | gains);
                                acc[slot] = kept as u16;
                                keep &= kept;
                                slot += 1;
                            }
                            if !last {
                                continue;
                            }
                            let keep = keep as u16;
                            match e {
                                Some(e) => {
                                    if first {
                                        extra.reached[e].store(true, Relaxed);
                                    }
                                    let before = extra.states[e].fetch_and(keep, Relaxed);
                                    if before & keep != before {
                                        changed.store(true, Relaxed);
                                    }
                                }
                                None => match &held {
                                    Some(held) => {
                                        let before =
                                            held[candidate as usize].fetch_and(keep, Relaxed);
                                        if before & keep != before {
                                            changed.store(true, Relaxed);
                                        }
                                    }
                                    None => and.push((candidate, keep)),
                                },
                            }
                        }
                    }
                    and
                })
                .collect();
            if let Some(writer) = &mut slots_out {
                words.clear();
                pack(&acc, &mut words);
                if let Err(error) = writer.extend(&words) {
                    failed = Some(error);
                }
            }
            updates.clear();
            updates.extend(found.into_iter().flatten());
            if !updates.is_empty() {
                match states_and(states, &updates) {
                    Ok(true) => changed.store(true, Relaxed),
                    Ok(false) => {}
                    Err(error) => failed = Some(error),
                }
            }
        };
        let swept = graph.each_batch(&mut each);
        states.held = held;
        swept?;
        if let Some(error) = failed.take() {
            return Err(error);
        }
        slots_in = slots_out.map(ListWriter::finish).transpose()?;
    }
    Ok(changed.load(Relaxed))
}

/// Where range `r`'s slots go.
fn states_slots_path(states: &States, r: usize) -> std::path::PathBuf {
    states
        .file
        .path()
        .with_file_name(format!("slots-{}", r % 2))
}

/// [`States::and_all`], for a closure that cannot borrow `states` whole.
fn states_and(states: &mut States, and: &[(u32, u16)]) -> Result<bool, GenerateError> {
    states.and_all(and)
}

/// `values` four to a word.
fn pack(values: &[u16], words: &mut Vec<u64>) {
    words.extend(values.chunks(4).map(|four| {
        four.iter().enumerate().fold(0u64, |word, (i, &value)| {
            word | u64::from(value) << (16 * i)
        })
    }));
}

/// What [`pack`] packed, into `values` (whose length says how many).
fn unpack(words: &[u64], values: &mut [u16]) {
    for (i, value) in values.iter_mut().enumerate() {
        *value = (words[i / 4] >> (16 * (i % 4))) as u16;
    }
}
