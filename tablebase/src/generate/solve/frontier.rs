//! The entries of one retrograde level: a bit per entry, and a summary bit
//! per word of them, so that a level of a few entries costs a few words
//! rather than a pass over the whole index (KRNKR's rule rounds run some
//! two hundred levels, most of them small).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

/// A set of entries that threads add to at once, then drain at once.
pub(super) struct Frontier {
    words: Vec<AtomicU64>,
    /// Bit `i`: word `i` may hold entries.
    summary: Vec<AtomicU64>,
}

impl Frontier {
    /// An empty set over `entries` entries.
    pub(super) fn new(entries: usize) -> Frontier {
        let words = entries.div_ceil(64);
        let zeros = |n: usize| (0..n).map(|_| AtomicU64::new(0)).collect();
        Frontier {
            words: zeros(words),
            summary: zeros(words.div_ceil(64)),
        }
    }

    /// Adds `entry`.
    #[inline]
    pub(super) fn mark(&self, entry: u32) {
        let word = entry as usize / 64;
        let before = self.words[word].fetch_or(1 << (entry % 64), Relaxed);
        if before == 0 {
            self.summary[word / 64].fetch_or(1 << (word % 64), Relaxed);
        }
    }

    /// How many entries it holds.
    pub(super) fn count(&self) -> u64 {
        self.summary
            .par_iter()
            .enumerate()
            .map(|(s, summary)| {
                ones(summary.load(Relaxed))
                    .map(|w| u64::from(self.words[s * 64 + w].load(Relaxed).count_ones()))
                    .sum::<u64>()
            })
            .sum()
    }

    /// Empties the set, calling `each` on every entry it held, in
    /// parallel, with a `state` per task made by `init`.
    pub(super) fn drain<S>(
        &self,
        init: impl Fn() -> S + Sync + Send,
        each: impl Fn(&mut S, u32) + Sync + Send,
    ) {
        self.summary
            .par_iter()
            .enumerate()
            .for_each_init(init, |state, (s, summary)| {
                for w in ones(summary.swap(0, Relaxed)) {
                    let word = s * 64 + w;
                    let bits = self.words[word].swap(0, Relaxed);
                    for bit in ones(bits) {
                        each(state, (word * 64 + bit) as u32);
                    }
                }
            });
    }
}

/// The positions of the set bits of `bits`, lowest first.
fn ones(mut bits: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (bits != 0).then(|| {
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::Frontier;
    use std::sync::Mutex;

    #[test]
    fn drains_what_was_marked_once_each() {
        let frontier = Frontier::new(100_000);
        let marked = [0u32, 1, 63, 64, 4095, 4096, 4097, 99_999, 64, 1];
        for &entry in &marked {
            frontier.mark(entry);
        }
        assert_eq!(frontier.count(), 8);
        let seen = Mutex::new(Vec::new());
        frontier.drain(|| (), |_, entry| seen.lock().unwrap().push(entry));
        let mut seen = seen.into_inner().unwrap();
        seen.sort_unstable();
        assert_eq!(seen, [0, 1, 63, 64, 4095, 4096, 4097, 99_999]);
        assert_eq!(frontier.count(), 0);
        frontier.mark(5);
        assert_eq!(frontier.count(), 1);
    }
}
