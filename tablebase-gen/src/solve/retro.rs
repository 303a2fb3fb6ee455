//! Retrograde propagation, level by level: each entry resolved at level
//! `n` is un-moved, its predecessors becoming wins at `n + 1` or counting
//! one more losing move, until no level has anything left.

use std::sync::Mutex;

use super::bucket::Bucket;
use super::cell::Cell;
use super::frontier::Frontier;
use super::{schedule, Propagation, Scheduled, Solver};
use crate::census::census;
use crate::Progress;
use qiboard_tablebase::Decoder;
use qiboard_tablebase::{DistanceTo, Value};

impl Solver<'_> {
    /// Resolves levels from 0 up, starting with what seeding (or a rule
    /// round, whose scheduled entries are lost by rule) scheduled; `pass`
    /// says which of the two this is, and so what the values owe to the
    /// rules.
    pub(super) fn propagate_all(
        &self,
        mut buckets: Vec<Bucket>,
        pass: Propagation,
        progress: &dyn Progress,
    ) {
        // Draws are never resolved, so the bar stops short of the end by them.
        // Counted once: rule rounds call this again and again.
        let legal = *self.legal.get_or_init(|| {
            self.plies
                .iter()
                .filter(|cell| !cell.load().is_illegal())
                .count() as u64
        });
        progress.start(&format!("{} retro", self.layout.material()), legal);
        // A level's entries are bits, not a list: two bitsets of a bit per
        // entry take less memory than the lists of millions of entries
        // some levels hold, and no list is merged between threads.
        let entries = self.per_side * 2;
        let (mut current, mut next) = (Frontier::new(entries), Frontier::new(entries));
        let mut level = 0u16;
        // A scheduled entry's claim reads what its cell noted (a capture
        // into a rule-decided value): so a level's are claimed before the
        // level below is drained, while no telling can have resolved one of
        // them at that level and with it wiped the note (the out-of-core
        // solve claims them in the same order).
        let claim_scheduled = |buckets: &mut Vec<Bucket>, level: u16, into: &Frontier| {
            if let Some(bucket) = buckets.get_mut(usize::from(level)) {
                for entry in std::mem::take(bucket).into_entries() {
                    let by_rule = self.cell(entry).load().noted_by_rule();
                    if self.claim(entry, pass.resolved(level, by_rule)) {
                        into.mark(entry);
                    }
                }
            }
        };
        loop {
            claim_scheduled(&mut buckets, level, &current);
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
            claim_scheduled(&mut buckets, level + 1, &next);
            let later = Mutex::new(Vec::new());
            current.drain(
                || (Decoder::new(self.layout), Decoder::new(self.layout)),
                |(decoder, spare), entry| {
                    let decoders = (&mut *decoder, &mut *spare);
                    self.propagate(decoders, entry, (level, pass), &next, &later);
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
        entry: u64,
        (level, pass): (u16, Propagation),
        next: &Frontier,
        later: &Mutex<Vec<Scheduled>>,
    ) {
        let (side, index) = self.side_and_index(entry);
        let position = decoder
            .placed(side, index)
            .expect("resolved entries are legal");
        // The predecessors' values count through this one.
        let rule = self.cell(entry).load().by_rule();
        let child = Child { level, rule, pass };
        let visit = |before: u64| {
            self.tell(
                spare,
                self.entry(!side, before),
                child,
                |p| next.mark(p),
                |p, at| {
                    later
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push((p, at))
                },
            );
        };
        self.layout.for_each_predecessor(index, position, visit);
    }

    /// Tells `predecessor` (held) that one of its moves leads to `child`:
    /// if it is resolved at `child.level + 1` by that, `next` gets it; if
    /// its last move lost and its captures make it lost later, `later`
    /// gets it with that level.
    #[inline]
    pub(super) fn tell(
        &self,
        spare: &mut Decoder,
        predecessor: u64,
        child: Child,
        next: impl FnOnce(u64),
        later: impl FnOnce(u64, u16),
    ) {
        let Child { level, rule, pass } = child;
        if level % 2 == 0 {
            // A move into a loss wins.
            if self.claim(predecessor, pass.resolved(level + 1, rule)) {
                next(predecessor);
            }
            return;
        }
        // A predecessor resolved already (won by another move, or lost
        // by rule) stays resolved: it has no use for its counter, nor
        // a rule round for the touch.
        if !self.cell(predecessor).load().is_unresolved() {
            return;
        }
        if let Some(touched) = &self.touched {
            touched.set(predecessor as usize);
        }
        // Only a waiting cell counts (a scheduled one is never lost by its
        // moves: a capture wins, or it has none).
        let Some(counted) = self.cell(predecessor).count_down() else {
            return;
        };
        if counted.moves_left() != 1 || counted.capture_saves() {
            return;
        }
        // A predecessor a losing child made a win since stays one.
        if !self.cell(predecessor).load().is_unresolved() {
            return;
        }
        let slowest = match counted.slowest_capture_loss() {
            Some(slowest) => slowest,
            None => self.slowest_capture_loss(spare, predecessor),
        };
        let at = (level + 1).max(slowest);
        // The longer line decides what the distance counts to; of two
        // as long, the one to mate.
        let slowest_rule = counted.noted_by_rule();
        let mut by_rule = match (at == level + 1, slowest == at) {
            (true, true) => rule && slowest_rule,
            (true, false) => rule,
            (false, _) => slowest_rule,
        };
        // The child that counted last may not be the only one this
        // long: a line to mate among them makes it to mate, whatever
        // order the threads counted in.
        if by_rule
            && pass == Propagation::WithoutRules
            && at == level + 1
            && self.mate_child_at(spare, predecessor, level)
        {
            by_rule = false;
        }
        if at == level + 1 {
            if self.claim(predecessor, pass.resolved(at, by_rule)) {
                next(predecessor);
            }
        } else {
            later(predecessor, at);
        }
    }

    /// The slowest loss `entry`'s captures concede, read again from the
    /// smaller tables: for the few whose cell could not hold it.
    #[cold]
    fn slowest_capture_loss(&self, decoder: &mut Decoder, entry: u64) -> u16 {
        let (side, index) = self.side_and_index(entry);
        let position = decoder
            .position(side, index)
            .expect("unresolved entries are legal");
        let mut captures = Vec::new();
        census(position, &mut captures);
        self.capture_values(position, &captures).slowest_loss
    }

    /// Whether `entry` has a successor won (for the side then to move) in
    /// `plies` with the distance counting to mate.
    fn mate_child_at(&self, decoder: &mut Decoder, entry: u64, plies: u16) -> bool {
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
                    match &self.to_mate {
                        Some(to_mate) => to_mate.test(child as usize),
                        None => {
                            let cell = self.cell(child).load();
                            cell.is_resolved() && cell.level() == plies && !cell.by_rule()
                        }
                    }
                }),
            }
        })
    }
}

/// What a predecessor is told about the child it moves to: resolved at
/// `level`, its distance counting to a rule decision if `rule`, in
/// propagation `pass`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Child {
    pub level: u16,
    pub rule: bool,
    pub pass: Propagation,
}

impl Propagation {
    /// A cell resolved at `level` in this propagation, its distance
    /// counting to a rule decision if `by_rule`: in a rule round every
    /// value is the rules' doing, and its distance counts through the
    /// round's decisions, so all are marked so.
    #[inline]
    pub(super) fn resolved(self, level: u16, by_rule: bool) -> Cell {
        let rule_round = self == Propagation::RuleRound;
        Cell::resolved(level, by_rule || rule_round, rule_round)
    }
}
