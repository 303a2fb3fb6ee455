//! Retrograde propagation, level by level: each entry resolved at level
//! `n` is un-moved, its predecessors becoming wins at `n + 1` or counting
//! one more losing move, until no level has anything left. The loop is
//! the same for every store of cells ([`Store`]); what a predecessor is
//! told, and what it makes of it, is [`Solver::tell`].

use super::cell::Cell;
use super::store::Store;
use super::{Propagation, Solver};
use crate::census::census;
use crate::{GenerateError, Progress};
use qiboard_tablebase::{Decoder, DistanceTo, Value};

impl<S: Store> Solver<'_, S> {
    /// Resolves levels from 0 up, starting from `levels` (what seeding, or
    /// a rule round whose losses are scheduled at level 0, left); `pass`
    /// says which of the two this is, and so what the values owe to the
    /// rules.
    pub(super) fn propagate_all(
        &mut self,
        mut levels: S::Levels,
        pass: Propagation,
        progress: &dyn Progress,
    ) -> Result<(), GenerateError> {
        // Draws are never resolved, so the bar stops short of the end by them.
        progress.start(&format!("{} retro", self.layout.material()), self.legal);
        let mut level = 0u16;
        loop {
            let count = S::settle(self, &mut levels, level, pass)?;
            if count == 0 {
                // Nothing at this level: on to the next scheduled one.
                match S::next_due(self, &levels, level) {
                    Some(due) => {
                        level = due;
                        continue;
                    }
                    None => break,
                }
            }
            progress.advance(count);
            S::un_move(self, &mut levels, level, pass)?;
            level += 1;
        }
        progress.finish();
        Ok(())
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
        let cell = self.cells.cell(predecessor);
        if !cell.load().is_unresolved() {
            return;
        }
        self.cells.touch(predecessor);
        // Only a waiting cell counts (a scheduled one is never lost by its
        // moves: a capture wins, or it has none).
        let Some(counted) = cell.count_down() else {
            return;
        };
        if counted.moves_left() != 1 || counted.capture_saves() {
            return;
        }
        // A predecessor a losing child made a win since stays one.
        if !cell.load().is_unresolved() {
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
                Some(victim) => {
                    let table = self.table_of(victim.color as usize, victim.kind as usize);
                    match table.lookup(&after) {
                        Ok(dtm) => dtm.is_some_and(|dtm| {
                            dtm.value == Value::Win(plies) && dtm.to == DistanceTo::Mate
                        }),
                        Err(error) => {
                            self.read_failed(error);
                            false
                        }
                    }
                }
                None => self.layout.slot(&after).is_ok_and(|slot| {
                    let child = self.entry(after.side_to_move(), slot.index);
                    self.cells.mate_at(child, plies)
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
