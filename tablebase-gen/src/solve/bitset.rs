//! A bit per entry that threads set and test at once: the solver's sets
//! of entries (a level's, the touched ones, the candidates, those
//! reached), an eighth of a byte an entry where a list would take four.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

/// Bits per word.
const WORD: usize = 64;

/// A set of indices below a bound, a bit each. Every access is relaxed:
/// the bits carry no other data, and the phases that read what others
/// wrote are ordered by rayon's joins.
pub(super) struct AtomicBits {
    words: Vec<AtomicU64>,
}

impl AtomicBits {
    /// An empty set of indices below `len`.
    pub(super) fn new(len: usize) -> AtomicBits {
        AtomicBits {
            words: (0..len.div_ceil(WORD)).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// How many words hold the bits: index `i`'s is [`AtomicBits::word_of`].
    pub(super) fn words(&self) -> usize {
        self.words.len()
    }

    /// The word that holds index `i`.
    #[inline]
    pub(super) const fn word_of(i: usize) -> usize {
        i / WORD
    }

    /// Adds `i`.
    #[inline]
    pub(super) fn set(&self, i: usize) {
        self.words[i / WORD].fetch_or(bit(i), Relaxed);
    }

    /// Takes `i` out.
    #[inline]
    pub(super) fn remove(&self, i: usize) {
        self.words[i / WORD].fetch_and(!bit(i), Relaxed);
    }

    /// Adds `i`, without an atomic operation: the set is not shared yet.
    #[inline]
    pub(super) fn set_mut(&mut self, i: usize) {
        *self.words[i / WORD].get_mut() |= bit(i);
    }

    /// Adds `i`; returns whether its word held no index before.
    #[inline]
    pub(super) fn set_first_of_word(&self, i: usize) -> bool {
        self.words[i / WORD].fetch_or(bit(i), Relaxed) == 0
    }

    /// Adds `i`; returns whether it was in the set already.
    #[inline]
    pub(super) fn test_and_set(&self, i: usize) -> bool {
        self.words[i / WORD].fetch_or(bit(i), Relaxed) & bit(i) != 0
    }

    /// Whether `i` is in the set.
    #[inline]
    pub(super) fn test(&self, i: usize) -> bool {
        self.words[i / WORD].load(Relaxed) & bit(i) != 0
    }

    /// Empties the set.
    pub(super) fn clear(&mut self) {
        for word in &mut self.words {
            *word.get_mut() = 0;
        }
    }

    /// How many indices the set holds.
    pub(super) fn count(&self) -> u64 {
        self.words
            .par_iter()
            .map(|word| u64::from(word.load(Relaxed).count_ones()))
            .sum()
    }

    /// How many indices word `w` holds.
    #[inline]
    pub(super) fn count_in_word(&self, w: usize) -> u64 {
        u64::from(self.words[w].load(Relaxed).count_ones())
    }

    /// The indices in `range` the set holds, lowest first.
    pub(super) fn ones(&self, range: Range<usize>) -> impl Iterator<Item = usize> + '_ {
        let (start, end) = (range.start, range.end);
        (start / WORD..end.div_ceil(WORD))
            .flat_map(move |w| ones_of(self.words[w].load(Relaxed), w))
            .filter(move |&i| start <= i && i < end)
    }

    /// The indices word `w` holds, lowest first.
    #[inline]
    pub(super) fn ones_in_word(&self, w: usize) -> impl Iterator<Item = usize> {
        ones_of(self.words[w].load(Relaxed), w)
    }

    /// Word `w`'s bits.
    #[inline]
    pub(super) fn word(&self, w: usize) -> u64 {
        self.words[w].load(Relaxed)
    }

    /// Sets word `w`'s bits to `bits`.
    #[inline]
    pub(super) fn store_word(&self, w: usize, bits: u64) {
        self.words[w].store(bits, Relaxed);
    }

    /// Removes the indices word `w` holds, and gives them, lowest first.
    #[inline]
    pub(super) fn take_word(&self, w: usize) -> impl Iterator<Item = usize> {
        ones_of(self.words[w].swap(0, Relaxed), w)
    }
}

/// Index `i`'s bit in its word.
#[inline]
const fn bit(i: usize) -> u64 {
    1 << (i % WORD)
}

/// The indices that `bits`, word `w`'s bits, hold, lowest first.
#[inline]
pub(super) fn ones_of(mut bits: u64, w: usize) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            w * WORD + i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::AtomicBits;

    #[test]
    fn holds_what_was_set() {
        let mut bits = AtomicBits::new(200);
        assert_eq!(bits.words(), 4);
        assert!(!bits.test_and_set(3));
        assert!(bits.test_and_set(3));
        assert!(bits.set_first_of_word(64));
        assert!(!bits.set_first_of_word(127));
        bits.set(199);
        bits.set_mut(0);
        assert!(bits.test(0) && bits.test(199) && !bits.test(1));
        assert_eq!(bits.count(), 5);
        assert_eq!(bits.count_in_word(1), 2);
        assert_eq!(bits.ones(1..128).collect::<Vec<_>>(), [3, 64, 127]);
        assert_eq!(bits.ones_in_word(3).collect::<Vec<_>>(), [199]);
        assert_eq!(bits.word(3), 1 << 7);
        bits.store_word(2, 1);
        assert!(bits.test(128));
        bits.store_word(2, 0);
        assert_eq!(bits.take_word(1).collect::<Vec<_>>(), [64, 127]);
        assert_eq!(bits.count(), 3);
        bits.clear();
        assert_eq!(bits.count(), 0);
    }
}
