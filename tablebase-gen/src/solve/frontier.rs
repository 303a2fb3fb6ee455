//! The entries of one retrograde level: a bit per entry, and a summary bit
//! per word of them, so that a level of a few entries costs a few words
//! rather than a pass over the whole index (rule rounds run hundreds of
//! levels, most of them small).

use rayon::prelude::*;

use super::bitset::AtomicBits;

/// A set of entries that threads add to at once, then drain at once.
pub(super) struct Frontier {
    entries: AtomicBits,
    /// Index `w`: word `w` of `entries` may hold entries.
    summary: AtomicBits,
}

impl Frontier {
    /// An empty set over `entries` entries.
    pub(super) fn new(entries: usize) -> Frontier {
        let entries = AtomicBits::new(entries);
        let summary = AtomicBits::new(entries.words());
        Frontier { entries, summary }
    }

    /// Adds `entry`.
    #[inline]
    pub(super) fn mark(&self, entry: u64) {
        let entry = entry as usize;
        if self.entries.set_first_of_word(entry) {
            self.summary.set(AtomicBits::word_of(entry));
        }
    }

    /// How many entries it holds.
    pub(super) fn count(&self) -> u64 {
        (0..self.summary.words())
            .into_par_iter()
            .map(|s| {
                self.summary
                    .ones_in_word(s)
                    .map(|w| self.entries.count_in_word(w))
                    .sum::<u64>()
            })
            .sum()
    }

    /// Empties the set, calling `each` on the entries it held, in
    /// parallel, with a `state` per task made by `init`: a word's entries
    /// (at most 64, lowest first) at a call, so that `each` can overlap
    /// the work of several.
    pub(super) fn drain<S>(
        &self,
        init: impl Fn() -> S + Sync + Send,
        each: impl Fn(&mut S, &[u64]) + Sync + Send,
    ) {
        (0..self.summary.words())
            .into_par_iter()
            .for_each_init(init, |state, s| {
                let mut batch = [0u64; 64];
                for w in self.summary.take_word(s) {
                    let mut n = 0;
                    for entry in self.entries.take_word(w) {
                        batch[n] = entry as u64;
                        n += 1;
                    }
                    each(state, &batch[..n]);
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::Frontier;
    use std::sync::Mutex;

    #[test]
    fn drains_what_was_marked_once_each() {
        let frontier = Frontier::new(100_000);
        let marked = [0u64, 1, 63, 64, 4095, 4096, 4097, 99_999, 64, 1];
        for &entry in &marked {
            frontier.mark(entry);
        }
        assert_eq!(frontier.count(), 8);
        let seen = Mutex::new(Vec::<u64>::new());
        frontier.drain(|| (), |_, batch| seen.lock().unwrap().extend(batch));
        let mut seen = seen.into_inner().unwrap();
        seen.sort_unstable();
        assert_eq!(seen, [0, 1, 63, 64, 4095, 4096, 4097, 99_999]);
        assert_eq!(frontier.count(), 0);
        frontier.mark(5);
        assert_eq!(frontier.count(), 1);
    }
}
