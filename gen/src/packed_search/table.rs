//! The shared table being packed: which slots are taken, and first fit.

use super::square::Square;

/// A square's factor and where its window starts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Placement {
    pub factor: u64,
    pub offset: usize,
}

/// The slots placed so far, with what lets first fit skip taken runs.
pub struct Table {
    /// Taken slots as a bitset; words past the end are free.
    taken: Vec<u64>,
    /// The attacks in each taken slot, to refuse a conflicting placement.
    attacks: Vec<u64>,
    /// Every slot from here on is free.
    pub frontier: usize,
    /// The first free slot at or after each slot below the frontier.
    next_free: Vec<usize>,
}

impl Table {
    pub fn new() -> Self {
        Table {
            taken: Vec::new(),
            attacks: Vec::new(),
            frontier: 0,
            next_free: Vec::new(),
        }
    }

    fn taken_word(&self, word: usize) -> u64 {
        self.taken.get(word).copied().unwrap_or(0)
    }

    fn is_taken(&self, slot: usize) -> bool {
        self.taken_word(slot / 64) >> (slot % 64) & 1 != 0
    }

    /// Whether a window whose used slots are `pattern` (a bitset) can start
    /// at `offset`: each used slot is free or the table is past it.
    fn fits(&self, pattern: &[u64], offset: usize) -> bool {
        let base = offset / 64;
        let shift = (offset % 64) as u32;
        if shift == 0 {
            return pattern
                .iter()
                .enumerate()
                .all(|(at, &word)| word & self.taken_word(base + at) == 0);
        }
        let mut previous = 0u64;
        for at in 0..=pattern.len() {
            let word = pattern.get(at).copied().unwrap_or(0);
            let shifted = (word << shift) | (previous >> (64 - shift));
            if shifted & self.taken_word(base + at) != 0 {
                return false;
            }
            previous = word;
        }
        true
    }

    /// The lowest offset from `lowest_offset` at which `pattern`, whose
    /// first used slot is `first_used`, fits; at worst the one that puts it
    /// at the frontier.
    pub fn first_fit(&self, pattern: &[u64], first_used: usize, lowest_offset: usize) -> usize {
        let mut offset = lowest_offset;
        loop {
            let first_slot = offset + first_used;
            if first_slot >= self.frontier {
                return offset;
            }
            let free = self.next_free[first_slot];
            if free != first_slot {
                offset = free - first_used;
            } else if self.fits(pattern, offset) {
                return offset;
            } else {
                offset += 1;
            }
        }
    }

    /// Writes `square`'s slots at its placement.
    pub fn place(&mut self, square: &Square, placement: Placement) -> Result<(), String> {
        let Placement { factor, offset } = placement;
        for (slot, attack) in square.slots(factor) {
            let slot = offset + slot;
            if self.is_taken(slot) && self.attacks[slot] != attack {
                return Err(format!(
                    "{} square {}: factor {factor:#018x} at offset {offset} overwrites slot {slot}",
                    square.slider.name(),
                    square.index
                ));
            }
            if self.attacks.len() <= slot {
                self.attacks.resize(slot + 1, 0);
                self.taken.resize(self.taken.len().max(slot / 64 + 1), 0);
            }
            self.taken[slot / 64] |= 1 << (slot % 64);
            self.attacks[slot] = attack;
            self.frontier = self.frontier.max(slot + 1);
        }
        self.index_free_slots();
        Ok(())
    }

    fn index_free_slots(&mut self) {
        self.next_free.resize(self.frontier, 0);
        let mut free = self.frontier;
        for slot in (0..self.frontier).rev() {
            if !self.is_taken(slot) {
                free = slot;
            }
            self.next_free[slot] = free;
        }
    }
}
