//! Retrograde propagation, level by level: each entry resolved at level
//! `n` is un-moved, its predecessors becoming wins at `n + 1` or counting
//! one more losing move, until no level has anything left.

use std::sync::atomic::Ordering::Relaxed;

use rayon::prelude::*;

use super::{Scheduled, Solver, ILLEGAL};
use crate::xiangqi::tablebase::index::Decoder;
use crate::xiangqi::tablebase::unmove::for_each_predecessor;
use crate::xiangqi::tablebase::Progress;

impl Solver<'_> {
    /// Resolves levels from 0 up, starting with what seeding scheduled.
    pub(super) fn propagate_all(&self, seeded: Vec<Vec<Scheduled>>, progress: &dyn Progress) {
        let mut buckets: Vec<Vec<u32>> = Vec::new();
        let schedule = |buckets: &mut Vec<Vec<u32>>, (entry, level): Scheduled| {
            let level = usize::from(level);
            if buckets.len() <= level {
                buckets.resize_with(level + 1, Vec::new);
            }
            buckets[level].push(entry);
        };
        for (entry, level) in seeded.into_iter().flatten() {
            schedule(&mut buckets, (entry, level));
        }

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
                        .filter(|&entry| self.claim(entry, level)),
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
                        self.propagate(&mut decoder, entry, level, &mut next, &mut later);
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
            for scheduled in later {
                schedule(&mut buckets, scheduled);
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
        level: u16,
        next: &mut Vec<u32>,
        later: &mut Vec<Scheduled>,
    ) {
        let (side, index) = self.side_and_index(entry);
        let position = decoder
            .placed(side, index)
            .expect("resolved entries are legal");
        let lost = level % 2 == 0;
        let visit = |before: u32| {
            let predecessor = self.entry(!side, before);
            if lost {
                if self.claim(predecessor, level + 1) {
                    next.push(predecessor);
                }
                return;
            }
            let p = predecessor as usize;
            if self.unknown_moves[p].fetch_sub(1, Relaxed) != 1
                || self.capture_flags[p].load(Relaxed) != 0
            {
                return;
            }
            let at = (level + 1).max(self.slowest_capture_loss[p].load(Relaxed));
            if at == level + 1 {
                if self.claim(predecessor, at) {
                    next.push(predecessor);
                }
            } else {
                later.push((predecessor, at));
            }
        };
        for_each_predecessor(self.layout, index, position, &self.pawn_squares, visit);
    }
}
