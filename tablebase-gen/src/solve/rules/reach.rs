//! Which candidates a later round must look at: those that can reach a
//! candidate found afresh.

use rayon::prelude::*;

use super::super::bitset::AtomicBits;
use super::candidates::Candidates;
use super::Solver;
use crate::Progress;
use qiboard_tablebase::Decoder;

impl Solver<'_> {
    /// The candidates a round must look at, when few were found afresh:
    /// those among `touched` (found afresh), and those that reach them by
    /// a drawing move and a reply, again and again (the closure). The
    /// others are not forced:
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
    /// Returns them as bits over the candidates' numbers, or `None` when
    /// the search would cost more than looking at every candidate.
    pub(super) fn reach(
        &self,
        candidates: &Candidates,
        touched: &AtomicBits,
        progress: &dyn Progress,
    ) -> Option<AtomicBits> {
        // Reaching an entry (two generations of un-moves) costs about half
        // as much as looking at a candidate, so the search pays unless it
        // reaches nearly all of them; most rounds but the first few reach
        // few.
        let budget = candidates.len() * 3 / 4;
        if candidates.among(touched).count() > candidates.len() / 2 {
            return None;
        }
        let entries = self.per_side * 2;
        let reached = AtomicBits::new(entries);
        // Whether `entry` is a candidate reached for the first time.
        let reach =
            |entry: u64| candidates.contains(entry) && !reached.test_and_set(entry as usize);
        let mut frontier: Vec<u64> = candidates.among(touched).filter(|&e| reach(e)).collect();
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
                        self.layout.for_each_predecessor(index, position, |after| {
                            let moved = self.entry(!side, after);
                            if !self.open(moved) {
                                return;
                            }
                            let Some(between) = inner.placed(!side, after) else {
                                return;
                            };
                            self.layout.for_each_predecessor(after, between, |before| {
                                let earlier = self.entry(side, before);
                                if reach(earlier) {
                                    found.push(earlier);
                                }
                            });
                        });
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
        let mut relevant = AtomicBits::new(candidates.len());
        for entry in reached.ones(0..entries) {
            let number = candidates
                .number(entry as u64)
                .expect("only candidates are reached");
            relevant.set_mut(number as usize);
        }
        Some(relevant)
    }
}
