//! Retrograde propagation, level by level: each entry resolved at level
//! `n` is un-moved, its predecessors becoming wins at `n + 1` or counting
//! one more losing move, until no level has anything left.

use std::sync::atomic::Ordering::Relaxed;

use rayon::prelude::*;

use super::{schedule, Scheduled, Solver, CAPTURE_SAVES, COUNT, ILLEGAL, UNRESOLVED};
use crate::xiangqi::tablebase::index::Decoder;
use crate::xiangqi::tablebase::unmove::for_each_predecessor;
use crate::xiangqi::tablebase::Progress;

impl Solver<'_> {
    /// Resolves levels from 0 up, starting with what seeding (or a rule
    /// round) scheduled; `rule` is [`super::BY_RULE`] in rule rounds, 0
    /// before, and marks every cell resolved.
    pub(super) fn propagate_all(
        &self,
        mut buckets: Vec<Vec<u32>>,
        rule: u16,
        progress: &dyn Progress,
    ) {
        // Draws are never resolved, so the bar stops short of the end by them.
        let legal = self
            .plies
            .iter()
            .filter(|cell| cell.load(Relaxed) != ILLEGAL)
            .count();
        progress.start(&format!("{} retro", self.layout.material()), legal as u64);
        let mut level = 0u16;
        let mut frontier: Vec<u32> = Vec::new();
        loop {
            if let Some(bucket) = buckets.get_mut(usize::from(level)) {
                frontier.extend(
                    std::mem::take(bucket)
                        .into_iter()
                        .filter(|&entry| self.claim(entry, level | rule)),
                );
            }
            if frontier.is_empty() && buckets.len() <= usize::from(level) + 1 {
                break;
            }
            progress.advance(frontier.len() as u64);
            let (next, later) = frontier
                .par_chunks(256)
                .map(|chunk| {
                    let (mut next, mut later) = (Vec::new(), Vec::new());
                    let mut decoder = Decoder::new(self.layout);
                    for &entry in chunk {
                        let mut out = (&mut next, &mut later);
                        self.propagate(&mut decoder, entry, (level, rule), &mut out);
                    }
                    (next, later)
                })
                .reduce(
                    || (Vec::new(), Vec::new()),
                    |(mut next, mut later), (more_next, more_later)| {
                        next.extend(more_next);
                        later.extend(more_later);
                        (next, later)
                    },
                );
            for (entry, at) in later {
                schedule(&mut buckets, entry, at);
            }
            frontier = next;
            level += 1;
        }
        progress.finish();
    }

    /// The stored-orientation predecessors of `entry` (resolved at
    /// `level`), each told what that means for it.
    fn propagate(
        &self,
        decoder: &mut Decoder,
        entry: u32,
        (level, rule): (u16, u16),
        (next, later): &mut (&mut Vec<u32>, &mut Vec<Scheduled>),
    ) {
        let (side, index) = self.side_and_index(entry);
        let position = decoder
            .placed(side, index)
            .expect("resolved entries are legal");
        let lost = level % 2 == 0;
        let visit = |before: u32| {
            let predecessor = self.entry(!side, before);
            if lost {
                if self.claim(predecessor, (level + 1) | rule) {
                    next.push(predecessor);
                }
                return;
            }
            let p = predecessor as usize;
            if let Some(word) = self.touched.get(p / 64) {
                word.fetch_or(1 << (p % 64), Relaxed);
            }
            let counter = self.moves[p].fetch_sub(1, Relaxed);
            if counter & COUNT != 1 || counter & CAPTURE_SAVES != 0 {
                return;
            }
            // Still unresolved (its counter just reached zero), so the
            // cell holds the slowest loss its captures concede.
            let slowest = self.plies[p].load(Relaxed) & !UNRESOLVED;
            let at = (level + 1).max(slowest);
            if at == level + 1 {
                if self.claim(predecessor, at | rule) {
                    next.push(predecessor);
                }
            } else {
                later.push((predecessor, at));
            }
        };
        for_each_predecessor(self.layout, index, position, &self.pawn_squares, visit);
    }
}
