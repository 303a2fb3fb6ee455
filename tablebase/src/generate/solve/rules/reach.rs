//! Which candidates a later round must look at: those that can reach a
//! candidate found afresh.

use rayon::prelude::*;

use super::super::bitset::AtomicBits;
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
        fresh: &[u64],
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
        let entries = self.per_side * 2;
        let member = {
            let mut member = AtomicBits::new(entries);
            for c in candidates {
                member.set_mut(c.entry() as usize);
            }
            member
        };
        let reached = AtomicBits::new(entries);
        // Whether `entry` is a candidate reached for the first time.
        let reach = |entry: u64| {
            let entry = entry as usize;
            member.test(entry) && !reached.test_and_set(entry)
        };
        let mut frontier: Vec<u64> = fresh.iter().copied().filter(|&e| reach(e)).collect();
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
        Some(
            candidates
                .iter()
                .copied()
                .filter(|c| reached.test(c.entry() as usize))
                .collect(),
        )
    }
}
