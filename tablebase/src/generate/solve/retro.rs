//! Retrograde propagation, level by level: each entry resolved at level
//! `n` is un-moved, its predecessors becoming wins at `n + 1` or counting
//! one more losing move, until no level has anything left.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::Mutex;

use super::frontier::Frontier;
use super::{
    schedule, unresolved, Scheduled, Solver, BY_RULE, CAPTURE_SAVES, CHANGED, COUNT, DISTANCE,
    ILLEGAL, NOTE_RULE,
};
use crate::generate::unmove::for_each_predecessor;
use crate::index::Decoder;
use crate::{DistanceTo, Progress, Value};

impl Solver<'_> {
    /// Resolves levels from 0 up, starting with what seeding (or a rule
    /// round) scheduled; `round` is 0 for the plain solve and
    /// [`CHANGED`] in rule rounds, whose scheduled entries are lost by
    /// rule: it marks every cell resolved.
    pub(super) fn propagate_all(
        &self,
        mut buckets: Vec<Vec<u32>>,
        round: u16,
        progress: &dyn Progress,
    ) {
        // In a rule round every value is the rules' doing, and its distance
        // counts through the round's decisions: all are marked so.
        let round = if round == 0 { 0 } else { BY_RULE | CHANGED };
        // Draws are never resolved, so the bar stops short of the end by them.
        // Counted once: rule rounds call this again and again.
        let legal = *self.legal.get_or_init(|| {
            self.plies
                .iter()
                .filter(|cell| cell.load(Relaxed) != ILLEGAL)
                .count() as u64
        });
        progress.start(&format!("{} retro", self.layout.material()), legal);
        // A level's entries are bits, not a list: two bitsets of a bit per
        // entry take less memory than the lists of millions of entries
        // some levels hold, and no list is merged between threads.
        let entries = self.per_side * 2;
        let (mut current, mut next) = (Frontier::new(entries), Frontier::new(entries));
        let mut level = 0u16;
        loop {
            if let Some(bucket) = buckets.get_mut(usize::from(level)) {
                for entry in std::mem::take(bucket) {
                    // A capture into a rule-decided value noted it.
                    let note = self.plies[entry as usize].load(Relaxed) & NOTE_RULE;
                    let by_rule = if note != 0 { BY_RULE } else { 0 };
                    if self.claim(entry, level | round | by_rule) {
                        current.mark(entry);
                    }
                }
            }
            let count = current.count();
            if count == 0 {
                // Nothing at this level: on to the next scheduled one.
                match (usize::from(level) + 1..buckets.len()).find(|&l| !buckets[l].is_empty()) {
                    Some(scheduled) => {
                        level = scheduled as u16;
                        continue;
                    }
                    None => break,
                }
            }
            progress.advance(count);
            let later = Mutex::new(Vec::new());
            current.drain(
                || (Decoder::new(self.layout), Decoder::new(self.layout)),
                |(decoder, spare), entry| {
                    let decoders = (&mut *decoder, &mut *spare);
                    self.propagate(decoders, entry, (level, round), &next, &later);
                },
            );
            for (entry, at) in later.into_inner().unwrap_or_else(|p| p.into_inner()) {
                schedule(&mut buckets, entry, at);
            }
            std::mem::swap(&mut current, &mut next);
            level += 1;
        }
        progress.finish();
    }

    /// The stored-orientation predecessors of `entry` (resolved at
    /// `level`), each told what that means for it: those resolved at
    /// `level + 1` join `next`, those lost later than that join `later`.
    fn propagate(
        &self,
        (decoder, spare): (&mut Decoder, &mut Decoder),
        entry: u32,
        (level, round): (u16, u16),
        next: &Frontier,
        later: &Mutex<Vec<Scheduled>>,
    ) {
        let (side, index) = self.side_and_index(entry);
        let position = decoder
            .placed(side, index)
            .expect("resolved entries are legal");
        let lost = level % 2 == 0;
        // The predecessors' values count through this one.
        let rule = self.plies[entry as usize].load(Relaxed) & BY_RULE;
        let visit = |before: u32| {
            let predecessor = self.entry(!side, before);
            if lost {
                if self.claim(predecessor, (level + 1) | rule | round) {
                    next.mark(predecessor);
                }
                return;
            }
            let p = predecessor as usize;
            // A predecessor resolved already (won by another move, or lost
            // by rule) stays resolved: it has no use for its counter, nor
            // a rule round for the touch.
            if !unresolved(self.plies[p].load(Relaxed)) {
                return;
            }
            if let Some(word) = self.touched.get(p / 64) {
                word.fetch_or(1 << (p % 64), Relaxed);
            }
            let counter = self.moves[p].fetch_sub(1, Relaxed);
            if counter & COUNT != 1 || counter & CAPTURE_SAVES != 0 {
                return;
            }
            // A predecessor a losing child already made a win keeps
            // counting; an unresolved one holds the slowest loss its
            // captures concede.
            let cell = self.plies[p].load(Relaxed);
            if !unresolved(cell) {
                return;
            }
            let slowest = cell & DISTANCE;
            let at = (level + 1).max(slowest);
            // The longer line decides what the distance counts to; of two
            // as long, the one to mate.
            let slowest_rule = if cell & NOTE_RULE != 0 { BY_RULE } else { 0 };
            let mut flag = match (at == level + 1, slowest == at) {
                (true, true) => rule & slowest_rule,
                (true, false) => rule,
                (false, _) => slowest_rule,
            };
            // The child that counted last may not be the only one this
            // long: a line to mate among them makes it to mate, whatever
            // order the threads counted in.
            if flag != 0
                && round == 0
                && at == level + 1
                && self.mate_child_at(spare, predecessor, level)
            {
                flag = 0;
            }
            if at == level + 1 {
                if self.claim(predecessor, at | flag | round) {
                    next.mark(predecessor);
                }
            } else {
                later
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push((predecessor, at));
            }
        };
        for_each_predecessor(self.layout, index, position, &self.pawn_squares, visit);
    }

    /// Whether `entry` has a successor won (for the side then to move) in
    /// `plies` with the distance counting to mate.
    fn mate_child_at(&self, decoder: &mut Decoder, entry: u32, plies: u16) -> bool {
        let (side, index) = self.side_and_index(entry);
        let Some(position) = decoder.position(side, index) else {
            return false;
        };
        position.legal_moves().iter().any(|&mv| {
            let after = position.play(mv);
            match position.piece_at(mv.to()) {
                Some(victim) => self.captures[victim.color as usize][victim.kind as usize]
                    .as_ref()
                    .and_then(|table| table.lookup(&after).ok().flatten())
                    .is_some_and(|dtm| {
                        dtm.value == Value::Win(plies) && dtm.to == DistanceTo::Mate
                    }),
                None => self.layout.slot(&after).is_ok_and(|slot| {
                    let child = self.entry(after.side_to_move(), slot.index);
                    let cell = self.plies[child as usize].load(Relaxed);
                    !unresolved(cell)
                        && cell != ILLEGAL
                        && cell & DISTANCE == plies
                        && cell & BY_RULE == 0
                }),
            }
        })
    }
}
