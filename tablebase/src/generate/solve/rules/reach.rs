//! Which candidates a later round must look at: those that can reach a
//! candidate found afresh.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::candidates::Candidate;
use super::Solver;
use crate::generate::unmove::for_each_predecessor;
use crate::index::Decoder;
use crate::Progress;

impl Solver<'_> {
    /// The candidates a round must look at, when few were found afresh:
    /// those `fresh`, and those that reach them by a drawing move and a
    /// reply, again and again (the closure). The others are not forced:
    /// - a candidate outside the closure was not touched, so it has the
    ///   drawing moves and conditions it had last round; each of its
    ///   edges (a reply onto a candidate) existed then too, since a
    ///   position only ever goes from unresolved to resolved and a target
    ///   outside the closure is an untouched candidate with its old
    ///   conditions;
    /// - so the forced candidates outside the closure would form a set
    ///   closed under last round's graph, hence forced last round (whose
    ///   result equals the exhaustive one, by induction over rounds);
    /// - but every candidate forced last round was lost by rule and is
    ///   resolved now, so that set is empty.
    ///
    /// `None` when the search would cost more than looking at every
    /// candidate.
    pub(super) fn reach(
        &self,
        candidates: &[Candidate],
        fresh: &[u32],
        progress: &dyn Progress,
    ) -> Option<Vec<Candidate>> {
        // Reaching an entry (two generations of un-moves) costs about half
        // as much as looking at a candidate, so the search pays unless it
        // reaches nearly all of them; most rounds but the first few reach
        // few.
        let budget = candidates.len() * 3 / 4;
        if fresh.len() > candidates.len() / 2 {
            return None;
        }
        let words = (self.per_side * 2).div_ceil(64);
        let member: Vec<u64> = {
            let mut member = vec![0u64; words];
            for c in candidates {
                member[c.entry as usize / 64] |= 1 << (c.entry % 64);
            }
            member
        };
        let reached: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
        let reach = |entry: u32| {
            let bit = 1 << (entry % 64);
            member[entry as usize / 64] & bit != 0
                && reached[entry as usize / 64].fetch_or(bit, Relaxed) & bit == 0
        };
        let mut frontier: Vec<u32> = fresh.iter().copied().filter(|&e| reach(e)).collect();
        let mut total = frontier.len();
        progress.start(&format!("{} reach", self.layout.material()), budget as u64);
        while !frontier.is_empty() {
            frontier = frontier
                .par_chunks(64)
                .map(|chunk| {
                    let (mut outer, mut inner) =
                        (Decoder::new(self.layout), Decoder::new(self.layout));
                    let mut found = Vec::new();
                    for &entry in chunk {
                        let (side, index) = self.side_and_index(entry);
                        let Some(position) = outer.placed(side, index) else {
                            continue;
                        };
                        for_each_predecessor(
                            self.layout,
                            index,
                            position,
                            &self.pawn_squares,
                            |after| {
                                let moved = self.entry(!side, after);
                                if !self.open(moved) {
                                    return;
                                }
                                let Some(between) = inner.placed(!side, after) else {
                                    return;
                                };
                                for_each_predecessor(
                                    self.layout,
                                    after,
                                    between,
                                    &self.pawn_squares,
                                    |before| {
                                        let earlier = self.entry(side, before);
                                        if reach(earlier) {
                                            found.push(earlier);
                                        }
                                    },
                                );
                            },
                        );
                    }
                    progress.advance(chunk.len() as u64);
                    found
                })
                .flatten()
                .collect();
            total += frontier.len();
            if total > budget {
                progress.finish();
                return None;
            }
        }
        progress.finish();
        let reached =
            |entry: u32| reached[entry as usize / 64].load(Relaxed) >> (entry % 64) & 1 != 0;
        Some(
            candidates
                .iter()
                .copied()
                .filter(|c| reached(c.entry))
                .collect(),
        )
    }
}
