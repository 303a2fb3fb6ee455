//! Candidates: positions whose side to move keeps the draw only by moves
//! that all check, or all chase one and the same piece.

use std::ops::Range;

use rayon::prelude::*;

use super::super::bitset::{ones_of, AtomicBits};
use super::super::bucket::Bucket;
use super::super::parallel::chunks_of;
use super::super::store::Store;
use super::cycles::Forced;
use super::Solver;
use crate::Progress;
use qiboard::xiangqi::rules::chased;
use qiboard::xiangqi::Bitboard;
use qiboard_tablebase::Decoder;

/// In a candidate's conditions: every drawing move checks. Below it, the
/// victims: a mask over the opponent's pieces in square order (bit `i`:
/// the `i`-th lowest square), rather than a set of squares, so that a
/// candidate's conditions take two bytes.
pub(super) const CHECK: u32 = 1 << 15;

/// `pieces` as a mask over `among` (bit `i`: the `i`-th lowest square of
/// `among`); a side has at most sixteen pieces, its king never chased.
fn mask_of(pieces: Bitboard, among: Bitboard) -> u32 {
    among
        .iter()
        .enumerate()
        .filter(|&(_, square)| pieces.contains(square))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// The squares of `among` that `mask` names.
pub(super) fn squares_of(mask: u32, among: Bitboard) -> Bitboard {
    among
        .iter()
        .enumerate()
        .filter(|&(i, _)| mask >> i & 1 != 0)
        .map(|(_, square)| square)
        .collect()
}

/// Words of entries a directory count covers: a directory of a
/// sixteenth of a bit an entry, and at most seven counts of ones to
/// number a candidate.
const BLOCK: usize = 8;

/// Words of entries a task that finds candidates covers (4,096 entries).
const FIND_WORDS: usize = 64;

/// Words of entries a parallel task covers, a whole number of
/// [`BLOCK`]s, so that a task's first candidate has its number in the
/// directory.
const TASK_WORDS: usize = 128 * BLOCK;

/// A round's candidates in stored orientation: their entries, a bit each,
/// a directory that numbers them in entry order, and each one's conditions
/// ([`CHECK`] and victims) in two bytes: a round may have millions, and
/// this takes about three quarters of a list of entries and conditions.
pub(in super::super) struct Candidates {
    entries: AtomicBits,
    /// How many candidates the blocks of [`BLOCK`] words before each hold.
    before: Vec<u32>,
    /// Each candidate's conditions, in entry order (none for
    /// [`Candidates::numbered`]).
    conditions: Vec<u16>,
    /// How many there are.
    len: usize,
}

impl Candidates {
    /// The candidates marked in `entries`, with their conditions in lists
    /// that follow each other in entry order.
    pub(in super::super) fn found(entries: AtomicBits, conditions: Vec<Vec<u16>>) -> Candidates {
        // `concat` allocates the exact size: a list grown by doubling may
        // hold twice what it needs.
        Candidates::new(entries, conditions.concat())
    }

    fn new(entries: AtomicBits, conditions: Vec<u16>) -> Candidates {
        let candidates = Candidates::numbered(entries);
        debug_assert_eq!(candidates.len, conditions.len());
        Candidates {
            conditions,
            ..candidates
        }
    }

    /// The candidates marked in `entries`, numbered, whose conditions the
    /// caller keeps (out of core, in a scratch file).
    pub(in super::super) fn numbered(entries: AtomicBits) -> Candidates {
        let mut before = Vec::with_capacity(entries.words().div_ceil(BLOCK));
        let mut count: u32 = 0;
        for w in 0..entries.words() {
            if w % BLOCK == 0 {
                before.push(count);
            }
            // Numbered with `u32` in the graph: four thousand million
            // candidates would need tens of gigabytes of graph first.
            count = count
                .checked_add(entries.count_in_word(w) as u32)
                .expect("too many candidates");
        }
        Candidates {
            entries,
            before,
            conditions: Vec::new(),
            len: count as usize,
        }
    }

    /// How many there are.
    pub(in super::super) fn len(&self) -> usize {
        self.len
    }

    /// Candidate `number`'s conditions.
    #[inline]
    pub(super) fn conditions(&self, number: u32) -> u32 {
        u32::from(self.conditions[number as usize])
    }

    /// Whether `entry` is a candidate's.
    #[inline]
    pub(in super::super) fn contains(&self, entry: u64) -> bool {
        self.entries.test(entry as usize)
    }

    /// The number of `entry`'s candidate, if it is one.
    #[inline]
    pub(in super::super) fn number(&self, entry: u64) -> Option<u32> {
        let entry = entry as usize;
        if !self.entries.test(entry) {
            return None;
        }
        let w = AtomicBits::word_of(entry);
        let block = w / BLOCK * BLOCK;
        let within: u32 = (block..w)
            .map(|v| self.entries.count_in_word(v) as u32)
            .sum();
        let below = self.entries.word(w) & ((1 << (entry % 64)) - 1);
        Some(self.before[w / BLOCK] + within + below.count_ones())
    }

    /// Every task of [`Candidates::tasks_in`].
    #[cfg(test)]
    fn tasks(
        &self,
    ) -> impl IndexedParallelIterator<Item = (u32, impl Iterator<Item = u64> + '_)> + '_ {
        self.tasks_in(0..self.task_count())
    }

    /// How many tasks the candidates are cut into, each [`TASK_WORDS`]
    /// words of entries.
    pub(in super::super) fn task_count(&self) -> usize {
        self.entries.words().div_ceil(TASK_WORDS)
    }

    /// Tasks `range` of the candidates as parallel tasks, in entry order:
    /// each task's first number, and its candidates' entries.
    pub(in super::super) fn tasks_in(
        &self,
        range: Range<usize>,
    ) -> impl IndexedParallelIterator<Item = (u32, impl Iterator<Item = u64> + '_)> + '_ {
        word_tasks(self.entries.words())
            .skip(range.start)
            .take(range.len())
            .map(move |words| {
                let first = self.before[words.start / BLOCK];
                let entries = words.flat_map(|w| self.entries.ones_in_word(w).map(|e| e as u64));
                (first, entries)
            })
    }

    /// The candidates among the entries `marked` holds, in entry order.
    pub(super) fn among<'a>(&'a self, marked: &'a AtomicBits) -> impl Iterator<Item = u64> + 'a {
        (0..self.entries.words())
            .flat_map(move |w| ones_of(self.entries.word(w) & marked.word(w), w).map(|e| e as u64))
    }

    /// Their entries, a bit each.
    pub(in super::super) fn into_entries(self) -> AtomicBits {
        self.entries
    }

    /// The entries of the candidates `forced` keeps, in a bucket: in entry
    /// order, a byte or two each: gathered as a list from parallel tasks,
    /// a round's losses could set the peak of the whole solve.
    pub(in super::super) fn entries_kept(&self, forced: &Forced) -> Bucket {
        let mut kept = Bucket::default();
        let mut number = 0;
        for w in 0..self.entries.words() {
            for entry in self.entries.ones_in_word(w) {
                if forced.contains(number) {
                    kept.push(entry as u64);
                }
                number += 1;
            }
        }
        kept
    }
}

/// `0..words` in consecutive ranges of [`TASK_WORDS`], as a parallel
/// iterator.
fn word_tasks(words: usize) -> impl IndexedParallelIterator<Item = Range<usize>> {
    chunks_of(words, TASK_WORDS)
}

impl<S: Store> Solver<'_, S> {
    /// The first round's candidates, over every entry.
    pub(in super::super) fn first_candidates(&self, progress: &dyn Progress) -> Candidates {
        let total = self.per_side * 2;
        progress.start(&format!("{} rules", self.layout.material()), total as u64);
        let entries = AtomicBits::new(total);
        let found = self.candidates_among(&entries, 0..entries.words(), progress);
        progress.finish();
        Candidates::found(entries, found)
    }

    /// Finds the candidates among the entries of `words` (words of
    /// `entries`, whose cells are held) and marks them in `entries`;
    /// returns their conditions in entry order, a list a task.
    pub(in super::super) fn candidates_among(
        &self,
        entries: &AtomicBits,
        words: Range<usize>,
        progress: &dyn Progress,
    ) -> Vec<Vec<u16>> {
        let total = self.per_side * 2;
        // Tasks of a few thousand entries: out of core a window of cells
        // holds only a few of `TASK_WORDS`, too few to keep threads busy.
        chunks_of(words.len(), FIND_WORDS)
            .map(|task| {
                let words = words.start + task.start..words.start + task.end;
                let mut decoder = Decoder::new(self.layout);
                let mut conditions = Vec::new();
                let range = words.start * 64..total.min(words.end * 64);
                progress.advance(range.len() as u64);
                for entry in range {
                    if let Some(found) = self.candidate(&mut decoder, entry as u64) {
                        entries.set(entry);
                        conditions.push(found);
                    }
                }
                // Until joined, the lists take their length and no more.
                conditions.shrink_to_fit();
                conditions
            })
            .collect()
    }

    /// The next round's candidates: a candidate whose moves the last
    /// round's propagation did not touch is one still, with the same
    /// conditions, while unresolved (its drawing moves are the same); the
    /// touched entries are looked at afresh (those found so are
    /// [`Candidates::among`] the touched ones). The bits of `earlier` are
    /// rewritten in place, a task's words at a time.
    pub(in super::super) fn next_candidates(
        &self,
        earlier: Candidates,
        touched: &AtomicBits,
        progress: &dyn Progress,
    ) -> Candidates {
        progress.start(
            &format!("{} rules", self.layout.material()),
            touched.count(),
        );
        let found: Vec<Vec<u16>> = word_tasks(earlier.entries.words())
            .map(|words| {
                let mut decoder = Decoder::new(self.layout);
                let mut conditions = Vec::new();
                let mut number = earlier.before[words.start / BLOCK] as usize;
                // One report a task: a front end may lock on each.
                let mut looked_at = 0;
                for w in words {
                    let (was, again) = (earlier.entries.word(w), touched.word(w));
                    let mut now = 0;
                    for entry in ones_of(was | again, w) {
                        let bit = 1 << (entry % 64);
                        if again & bit != 0 {
                            looked_at += 1;
                            if let Some(found) = self.candidate(&mut decoder, entry as u64) {
                                now |= bit;
                                conditions.push(found);
                            }
                        } else if self.cells.is_open(entry as u64) {
                            now |= bit;
                            conditions.push(earlier.conditions[number]);
                        }
                        if was & bit != 0 {
                            number += 1;
                        }
                    }
                    earlier.entries.store_word(w, now);
                }
                progress.advance(looked_at);
                conditions
            })
            .collect();
        progress.finish();
        let Candidates { entries, .. } = earlier;
        Candidates::found(entries, found)
    }

    /// `entry`'s conditions as a candidate, if it is one (see the module
    /// docs).
    fn candidate(&self, decoder: &mut Decoder, entry: u64) -> Option<u16> {
        let cell = self.cells.cell(entry).load();
        if !cell.is_unresolved() || cell.capture_saves() {
            return None;
        }
        let (side, index) = self.side_and_index(entry);
        // Unresolved entries are legal: no test for the check.
        let position = decoder.placed(side, index)?;
        // What was chased already matters only for a move that chases
        // something: most moves that keep the draw chase nothing.
        let mut before = None;
        let mut check = true;
        let mut victims = position.by_color(!side);
        let mut drawing = false;
        let alive = self.each_drawing_move(entry, position, |drawing_move| {
            drawing = true;
            if drawing_move.checks() {
                victims = Bitboard::EMPTY;
            } else {
                check = false;
                victims = if drawing_move.may_chase(victims) {
                    let now = chased(drawing_move.after(), side) & victims;
                    if now.is_empty() {
                        now
                    } else {
                        now - *before.get_or_insert_with(|| chased(position, side))
                    }
                } else {
                    Bitboard::EMPTY
                };
            }
            check || !victims.is_empty()
        });
        let victims = mask_of(victims, position.by_color(!side));
        debug_assert!(victims < CHECK, "a side has fewer than sixteen pieces");
        let check = if check { CHECK } else { 0 };
        (alive && drawing).then_some((victims | check) as u16)
    }
}

#[cfg(test)]
mod tests {
    use rayon::prelude::*;

    use super::{AtomicBits, Candidates, Forced, TASK_WORDS};

    /// The directory numbers candidates in entry order, across blocks and
    /// tasks, and the tasks give each its number.
    #[test]
    fn candidates_are_numbered_in_entry_order() {
        let len = 3 * TASK_WORDS * 64 + 77;
        let entries: Vec<usize> = (0..len).filter(|e| e % 7 == 3 || e % 4093 == 0).collect();
        let mut bits = AtomicBits::new(len);
        for &e in &entries {
            bits.set_mut(e);
        }
        let conditions = (0..entries.len()).map(|i| (i % 5) as u16).collect();
        let candidates = Candidates::new(bits, conditions);
        assert_eq!(candidates.len(), entries.len());
        for (i, &e) in entries.iter().enumerate() {
            assert_eq!(candidates.number(e as u64), Some(i as u32));
            assert_eq!(candidates.conditions(i as u32), (i % 5) as u32);
        }
        assert_eq!(candidates.number(1), None);
        let numbered: Vec<(u32, u64)> = candidates
            .tasks()
            .map(|(first, entries)| (first..).zip(entries).collect::<Vec<_>>())
            .flatten()
            .collect();
        let expected: Vec<(u32, u64)> = (0..).zip(entries.iter().map(|&e| e as u64)).collect();
        assert_eq!(numbered, expected);
        let forced = Forced::keeping(entries.len(), |i| i % 3 == 0);
        let kept: Vec<u64> = candidates.entries_kept(&forced).into_entries().collect();
        let every_third: Vec<u64> = entries.iter().step_by(3).map(|&e| e as u64).collect();
        assert_eq!(kept, every_third);
    }
}
