//! The store that holds every entry's cell in memory: two bytes an entry,
//! refused as an error rather than aborting when the memory cannot be
//! had. A level's entries wait in a bitset (`Frontier`) and are told
//! about straight away, a word of them at a time: their predecessors are
//! listed and their cells read together before any is told, so that the
//! cache misses of a table far larger than the cache overlap. Entries
//! scheduled for later levels wait in gap-coded buckets. Rule rounds after
//! the first are incremental: an earlier candidate whose moves the last
//! propagation did not touch keeps its conditions, and when few candidates
//! are new only those that reach one are looked at (`rules::reach`).

use std::sync::Mutex;

use super::bitset::AtomicBits;
use super::bucket::{Bucket, BucketSizes};
use super::cell::{AtomicCell, Cell};
use super::finish::code;
use super::frontier::Frontier;
use super::retro::Child;
use super::rules::{Candidates, Forced, Replies};
use super::store::Store;
use super::{Propagation, Rounds, Solver, BYTES_PER_ENTRY};
use crate::{GenerateError, Progress};
use qiboard_tablebase::{Decoder, Layout};

/// `n` values made by `make`, or `None` if the memory cannot be had (an
/// endgame near `MAX_ENTRIES` on a small machine), so that the caller
/// reports it instead of the process aborting.
fn filled<T>(n: usize, make: impl Fn() -> T) -> Option<Vec<T>> {
    let mut values = Vec::new();
    values.try_reserve_exact(n).ok()?;
    values.extend((0..n).map(|_| make()));
    Some(values)
}

/// Every entry's cell in memory.
pub(super) struct InMemory {
    plies: Vec<AtomicCell>,
    rounds: Rounds,
    /// During a rule round's propagation and until the next round's
    /// candidates are found, one bit per entry: propagation counted one of
    /// its moves lost, so the next round looks at it again.
    touched: Option<AtomicBits>,
    /// The last round's candidates, which the next round starts from.
    earlier: Option<Candidates>,
}

impl InMemory {
    /// Every entry of `layout` unseeded; later rule rounds as `rounds`
    /// says.
    pub(super) fn new(layout: &Layout, rounds: Rounds) -> Result<InMemory, GenerateError> {
        let total = layout.per_side() as usize * 2;
        let plies = filled(total, || AtomicCell::new(Cell::UNSEEDED)).ok_or(
            GenerateError::OutOfMemory {
                material: layout.material(),
                bytes: total as u64 * BYTES_PER_ENTRY,
            },
        )?;
        Ok(InMemory {
            plies,
            rounds,
            touched: None,
            earlier: None,
        })
    }

    /// The value codes, Red to move then Black to move: the cells become
    /// the codes where they lie (same size, so the vector is reused).
    pub(super) fn into_codes(self) -> Vec<u16> {
        self.plies
            .into_iter()
            .map(|cell| code(cell.into_inner()))
            .collect()
    }
}

/// A propagation in memory: the entries each level resolves by schedule,
/// and, once it starts, the level's entries and the next's.
pub(super) struct Levels {
    buckets: Vec<Bucket>,
    frontiers: Option<(Frontier, Frontier)>,
}

impl Levels {
    fn scheduled(buckets: Vec<Bucket>) -> Levels {
        Levels {
            buckets,
            frontiers: None,
        }
    }

    /// Puts `entry` in the bucket of `level`.
    fn schedule(&mut self, entry: u64, level: u16) {
        let level = usize::from(level);
        if self.buckets.len() <= level {
            self.buckets.resize_with(level + 1, Bucket::default);
        }
        self.buckets[level].push(entry);
    }
}

/// Claims the entries scheduled at `level` into `into`. A scheduled
/// entry's claim reads what its cell noted (a capture into a rule-decided
/// value): so a level's are claimed before the level below is drained,
/// while no telling can have resolved one of them at that level and with
/// it wiped the note (the out-of-core solve claims them in the same order).
fn claim_scheduled(
    solver: &Solver<'_, InMemory>,
    buckets: &mut [Bucket],
    (level, pass): (u16, Propagation),
    into: &Frontier,
) {
    if let Some(bucket) = buckets.get_mut(usize::from(level)) {
        for entry in std::mem::take(bucket).into_entries() {
            let by_rule = solver.cells.cell(entry).load().noted_by_rule();
            if solver.claim(entry, pass.resolved(level, by_rule)) {
                into.mark(entry);
            }
        }
    }
}

/// What a task of a level's un-moves keeps from batch to batch: its
/// decoders and the predecessors of the batch at hand.
type Unmoving<'l> = (Decoder<'l>, Decoder<'l>, Vec<(u64, bool)>);

/// The stored-orientation predecessors of `entries` (resolved at
/// `level`), each told what that means for it: those resolved at
/// `level + 1` join `next`, those lost later than that join `later`.
///
/// The predecessors' cells lie far apart in a large table, each a cache
/// miss: those of a batch of entries are listed first and their cells
/// read together, so that the misses overlap instead of each waiting for
/// the last, and only then told (in any order: the result does not depend
/// on it).
fn propagate(
    solver: &Solver<'_, InMemory>,
    (decoder, spare, predecessors): &mut Unmoving<'_>,
    entries: &[u64],
    (level, pass): (u16, Propagation),
    next: &Frontier,
    later: &Mutex<Vec<(u64, u16)>>,
) {
    predecessors.clear();
    for &entry in entries {
        let (side, index) = solver.side_and_index(entry);
        let position = decoder
            .placed(side, index)
            .expect("resolved entries are legal");
        // The predecessors' values count through this one.
        let rule = solver.cells.cell(entry).load().by_rule();
        solver
            .layout
            .for_each_predecessor(index, position, |before| {
                predecessors.push((solver.entry(!side, before), rule));
            });
    }
    warm(&solver.cells.plies, predecessors);
    for &(predecessor, rule) in predecessors.iter() {
        solver.tell(
            spare,
            predecessor,
            Child { level, rule, pass },
            |p| next.mark(p),
            |p, at| {
                later
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push((p, at))
            },
        );
    }
}

/// Reads the cells of `entries` into the cache, all at once: loads whose
/// values nothing waits for are issued together, so their misses overlap
/// (a prefetch, without the intrinsic's `unsafe`).
#[inline]
fn warm(cells: &[AtomicCell], entries: &[(u64, bool)]) {
    let mut any = 0u16;
    for &(entry, _) in entries {
        any |= cells[entry as usize].load().bits();
    }
    std::hint::black_box(any);
}

impl Store for InMemory {
    type Levels = Levels;
    type Graph = Vec<Replies>;

    #[inline]
    fn cell(&self, entry: u64) -> &AtomicCell {
        &self.plies[entry as usize]
    }

    #[inline]
    fn holds(&self, _entry: u64) -> bool {
        true
    }

    #[inline]
    fn is_open(&self, entry: u64) -> bool {
        self.cell(entry).load().is_unresolved()
    }

    #[inline]
    fn mate_at(&self, entry: u64, level: u16) -> bool {
        let cell = self.cell(entry).load();
        cell.is_resolved() && cell.level() == level && !cell.by_rule()
    }

    #[inline]
    fn touch(&self, entry: u64) {
        if let Some(touched) = &self.touched {
            touched.set(entry as usize);
        }
    }

    fn seed(
        solver: &mut Solver<'_, Self>,
        progress: &dyn Progress,
    ) -> Result<Levels, GenerateError> {
        let total = solver.per_side * 2;
        progress.start(&format!("{} seed", solver.layout.material()), total as u64);
        let seeded = solver.seed_range(0..total, progress)?;
        progress.finish();
        solver.legal = seeded.legal;
        // Scheduled entries wait in their cells (a table may schedule
        // millions) until the buckets, sized by a first pass, take them.
        let scheduled = || {
            let plies = solver.cells.plies.iter().enumerate();
            plies.filter_map(|(entry, cell)| {
                Some((usize::from(cell.load().scheduled_level()?), entry as u64))
            })
        };
        let mut sizes = BucketSizes::new(seeded.scheduled.len());
        scheduled().for_each(|(level, entry)| sizes.add(level, entry));
        let mut buckets = sizes.into_buckets();
        scheduled().for_each(|(level, entry)| buckets[level].push(entry));
        Ok(Levels::scheduled(buckets))
    }

    fn settle(
        solver: &mut Solver<'_, Self>,
        levels: &mut Levels,
        level: u16,
        pass: Propagation,
    ) -> Result<u64, GenerateError> {
        // A level's entries are bits, not a list: two bitsets of a bit per
        // entry take less memory than the lists of millions of entries
        // some levels hold, and no list is merged between threads.
        let entries = solver.per_side * 2;
        let (current, _) = levels
            .frontiers
            .get_or_insert_with(|| (Frontier::new(entries), Frontier::new(entries)));
        claim_scheduled(solver, &mut levels.buckets, (level, pass), current);
        Ok(current.count())
    }

    fn un_move(
        solver: &mut Solver<'_, Self>,
        levels: &mut Levels,
        level: u16,
        pass: Propagation,
    ) -> Result<(), GenerateError> {
        let solver = &*solver;
        let (current, next) = levels.frontiers.as_mut().expect("settled first");
        claim_scheduled(solver, &mut levels.buckets, (level + 1, pass), next);
        let later = Mutex::new(Vec::new());
        current.drain(
            || {
                let decoder = Decoder::new(solver.layout);
                (decoder, Decoder::new(solver.layout), Vec::new())
            },
            |unmoving, entry| propagate(solver, unmoving, entry, (level, pass), next, &later),
        );
        std::mem::swap(current, next);
        for (entry, at) in later.into_inner().unwrap_or_else(|p| p.into_inner()) {
            levels.schedule(entry, at);
        }
        Ok(())
    }

    fn next_due(_solver: &Solver<'_, Self>, levels: &Levels, level: u16) -> Option<u16> {
        (usize::from(level) + 1..levels.buckets.len())
            .find(|&l| !levels.buckets[l].is_empty())
            .map(|l| l as u16)
    }

    fn round_candidates(
        solver: &mut Solver<'_, Self>,
        progress: &dyn Progress,
    ) -> Result<(Candidates, Option<AtomicBits>), GenerateError> {
        let Some(earlier) = solver.cells.earlier.take() else {
            return Ok((solver.first_candidates(progress), None));
        };
        let touched = solver
            .cells
            .touched
            .take()
            .expect("tracked since the last round's propagation");
        let candidates = solver.next_candidates(earlier, &touched, progress);
        // The candidates found afresh are those among the touched
        // entries: read off the bits, not listed.
        let relevant = match solver.cells.rounds {
            Rounds::Incremental => solver.reach(&candidates, &touched, progress),
            Rounds::Exhaustive => None,
        };
        Ok((candidates, relevant))
    }

    fn graph(_solver: &Solver<'_, Self>) -> Result<Vec<Replies>, GenerateError> {
        Ok(Vec::new())
    }

    fn rule_losses(
        solver: &mut Solver<'_, Self>,
        candidates: Candidates,
        forced: Forced,
    ) -> Result<Option<Levels>, GenerateError> {
        let losses = candidates.entries_kept(&forced);
        drop(forced);
        if losses.is_empty() {
            return Ok(None);
        }
        // Touched entries are tracked from propagation to the next
        // candidates and their reach only: the cycle search has their
        // memory meanwhile.
        solver.cells.earlier = Some(candidates);
        solver.cells.touched = Some(AtomicBits::new(solver.per_side * 2));
        Ok(Some(Levels::scheduled(vec![losses])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_that_cannot_be_had_is_none() {
        assert!(filled(usize::MAX / 2, || 0u16).is_none());
        assert_eq!(filled(3, || 7u8), Some(vec![7, 7, 7]));
    }
}
