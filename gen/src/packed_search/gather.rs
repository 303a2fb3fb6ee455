//! Constructed "gather" factors, and each square's best candidates.
//!
//! A gather factor is a sum of `±2^(shift - l)` terms, one per window of
//! board squares `l .. l + bits`: each term moves its window's bits to the
//! top of the product, where the index is read. If the windows cover every
//! mask square exactly once, each at its own position inside its window,
//! and the carries between terms stay constant (the squares outside the
//! mask are all ones), every mask square toggles its own index bit, so the
//! factor is collision-free and its used slots form a regular pattern.

use super::square::{Scratch, Square};

/// Gather factors enumerated per square; enough to find the regular ones.
const GATHER_LIMIT: usize = 20_000;

/// Squares with fewer gather factors than this also try each one's
/// neighbours `f ± 2^t`, which often repair a wrong carry.
const NUDGE_BELOW: usize = 5_000;

/// Candidates kept per square for the packers to choose from.
const CANDIDATES: usize = 64;

/// The square's collision-free factors among its gather factors (and their
/// neighbours), most compact first: by span, then by slots used.
pub fn candidates(square: &Square) -> Vec<u64> {
    let mut factors = gather_factors(square.mask, square.slider.index_bits(), square.shift());
    if factors.len() < NUDGE_BELOW {
        let gathered = factors.clone();
        for factor in gathered {
            for bit in 0..64 {
                factors.push(factor.wrapping_add(1 << bit));
                factors.push(factor.wrapping_sub(1 << bit));
            }
        }
    }
    let mut scratch = Scratch::new(square.slider);
    let mut ranked: Vec<(u32, u32, u64)> = factors
        .into_iter()
        .filter_map(|factor| {
            let usage = scratch.evaluate(square, factor, 0);
            (usage.clashes == 0).then(|| (usage.span(), usage.used, factor))
        })
        .collect();
    ranked.sort_unstable();
    ranked.dedup();
    ranked.truncate(CANDIDATES);
    ranked.into_iter().map(|(_, _, factor)| factor).collect()
}

/// Up to [`GATHER_LIMIT`] gather factors for `mask` with `bits`-bit
/// indices read at `shift`.
fn gather_factors(mask: u64, bits: u32, shift: u32) -> Vec<u64> {
    let squares: Vec<i32> = (0..64).filter(|&square| mask >> square & 1 != 0).collect();
    let mut gather = Gather {
        squares: &squares,
        width: bits as i32,
        shift: shift as i32,
        found: Vec::new(),
    };
    gather.extend(0, 0, 0);
    gather.found
}

struct Gather<'a> {
    /// The mask's squares, ascending.
    squares: &'a [i32],
    width: i32,
    shift: i32,
    found: Vec<u64>,
}

impl Gather<'_> {
    /// Continues a factor whose windows cover `squares[..next]`, using the
    /// index bits in `positions`, with a window starting at or below
    /// `squares[next]` and above the last square already covered.
    fn extend(&mut self, next: usize, positions: u32, factor: u64) {
        if self.found.len() >= GATHER_LIMIT {
            return;
        }
        let Some(&first) = self.squares.get(next) else {
            self.found.push(factor);
            return;
        };
        let mut lowest = first - self.width + 1;
        if let Some(&previous) = next.checked_sub(1).and_then(|at| self.squares.get(at)) {
            lowest = lowest.max(previous + 1);
        }
        for start in lowest..=first {
            let term_shift = self.shift - start;
            if !(0..64).contains(&term_shift) {
                continue;
            }
            if let Some((after, positions)) = self.cover(next, start, positions) {
                let term = 1u64 << term_shift;
                self.extend(after, positions, factor.wrapping_add(term));
                self.extend(after, positions, factor.wrapping_sub(term));
            }
        }
    }

    /// Puts the squares from `next` inside the window at `start` at their
    /// positions; `None` if a position is taken. Returns the first square
    /// past the window and the positions then used.
    fn cover(&self, next: usize, start: i32, mut positions: u32) -> Option<(usize, u32)> {
        let mut after = next;
        while let Some(&square) = self
            .squares
            .get(after)
            .filter(|&&square| square < start + self.width)
        {
            let position = 1u32 << (square - start);
            if positions & position != 0 {
                return None;
            }
            positions |= position;
            after += 1;
        }
        Some((after, positions))
    }
}
