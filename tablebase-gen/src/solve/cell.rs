//! An entry's cell: its whole state while solving, in sixteen bits (two
//! bytes an entry, reused for the value code the table stores).
//!
//! A cell is in one of four states, and what its bits hold depends on it:
//!
//! | state      | bit 15 | bit 14  | bit 13        | bits 0–12                                       |
//! |------------|--------|---------|---------------|-------------------------------------------------|
//! | illegal    | 1      | 1       | 1             | all ones                                        |
//! | scheduled  | 1      | 1       | noted by rule | the level                                       |
//! | waiting    | 1      | 0       | noted by rule | slowest loss (8–12), capture saves (7), moves left (0–6) |
//! | resolved   | 0      | by rule | changed       | the level                                       |
//!
//! Bits 14 and 13 mean one thing in an unresolved cell and another in a
//! resolved one: each meaning has its own method, false in any other
//! state. A *scheduled* cell is resolved at a level seeding (or, out of
//! core, a last lost move) fixed; it needs no count of its moves, since
//! nothing but that level or a sooner win can resolve it. A *waiting*
//! cell counts the non-captures not yet known to lose (at most 119 legal
//! moves fit in seven bits), says whether a capture draws or wins (so it
//! is never lost), and notes the slowest loss, in plies, its captures
//! concede (0 if none): what it is lost at, at the soonest, once its
//! non-captures all lose. Five bits hold that loss up to 30 plies; a
//! slower one reads [`SLOWER`], and is looked up again from the smaller
//! tables the few times it is needed. Folding the count into the cell is
//! what makes a solve two bytes an entry instead of three.

use std::sync::atomic::{AtomicU16, Ordering::Relaxed};

/// The bit set in every cell not resolved (and in [`ILLEGAL`]).
const UNRESOLVED: u16 = 0x8000;
/// In an unresolved cell: scheduled at the level in the distance bits
/// (else waiting, with its count of moves).
const SCHEDULED: u16 = 0x4000;
/// In an unresolved cell: the noted distance counts to a rule decision (a
/// capture leads into a smaller table's rule-decided value).
const NOTED_BY_RULE: u16 = 0x2000;
/// In a resolved cell: the distance counts to a rule decision (the value
/// was decided in a rule round, or comes from one through its best line).
const BY_RULE: u16 = 0x4000;
/// In a resolved cell: resolved in a rule round, so a draw without the
/// rules (given the same smaller tables).
const CHANGED: u16 = 0x2000;
/// The distance bits.
const DISTANCE: u16 = 0x1fff;
/// In a waiting cell: the slowest capture loss, up to [`SLOWER`].
const SLOWEST: u16 = 0x1f00;
const SLOWEST_SHIFT: u32 = 8;
/// In a waiting cell's slowest-loss bits: a loss slower than they hold.
pub(super) const SLOWER: u16 = 31;
/// In a waiting cell: some capture draws (or wins), so the entry is never
/// lost.
const CAPTURE_SAVES: u16 = 0x80;
/// In a waiting cell: the non-captures not yet known to lose.
const MOVES_LEFT: u16 = 0x7f;
/// A cell that holds no legal position.
const ILLEGAL: u16 = u16::MAX;

/// One entry's state while solving (see the module docs).
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cell(u16);

impl Cell {
    /// An entry that holds no legal position.
    pub(super) const ILLEGAL: Cell = Cell(ILLEGAL);
    /// Every entry before seeding: unresolved, with nothing noted.
    pub(super) const UNSEEDED: Cell = Cell(UNRESOLVED);

    /// Waiting: `moves_left` non-captures not known to lose, a capture
    /// that draws or wins if `saved`, and the slowest loss its captures
    /// concede being `slowest_loss` plies, counted to a rule decision if
    /// `by_rule`.
    #[inline]
    pub(super) fn waiting(moves_left: u32, saved: bool, slowest_loss: u16, by_rule: bool) -> Cell {
        debug_assert!(moves_left <= u32::from(MOVES_LEFT));
        let slowest = slowest_loss.min(SLOWER) << SLOWEST_SHIFT;
        let saved = if saved { CAPTURE_SAVES } else { 0 };
        Cell(UNRESOLVED | noted(0, by_rule) | slowest | saved | moves_left as u16)
    }

    /// Unresolved, and scheduled by seeding to be resolved at `level`,
    /// counted to a rule decision if `by_rule`.
    #[inline]
    pub(super) fn scheduled(level: u16, by_rule: bool) -> Cell {
        Cell(UNRESOLVED | SCHEDULED | noted(level, by_rule))
    }

    /// Resolved at `level`: its distance counts to a rule decision if
    /// `by_rule`; `changed` when a rule round resolved it.
    #[inline]
    pub(super) fn resolved(level: u16, by_rule: bool, changed: bool) -> Cell {
        debug_assert!(level <= DISTANCE, "level {level} overflows a cell");
        let by_rule = if by_rule { BY_RULE } else { 0 };
        let changed = if changed { CHANGED } else { 0 };
        Cell(level | by_rule | changed)
    }

    /// The cell whose bits [`Cell::bits`] gave.
    #[inline]
    pub(super) const fn from_bits(bits: u16) -> Cell {
        Cell(bits)
    }

    /// The cell's sixteen bits, as a scratch file keeps them.
    #[inline]
    pub(super) const fn bits(self) -> u16 {
        self.0
    }

    /// Whether the entry holds no legal position.
    #[inline]
    pub(super) fn is_illegal(self) -> bool {
        self.0 == ILLEGAL
    }

    /// Whether the entry is legal and not resolved (yet): a draw if it
    /// stays so.
    #[inline]
    pub(super) fn is_unresolved(self) -> bool {
        self.0 & UNRESOLVED != 0 && self.0 != ILLEGAL
    }

    /// Whether the entry is resolved: a win or a loss at [`Cell::level`].
    #[inline]
    pub(super) fn is_resolved(self) -> bool {
        self.0 & UNRESOLVED == 0
    }

    /// Unresolved cells: the level seeding scheduled the entry at, if it
    /// did.
    #[inline]
    pub(super) fn scheduled_level(self) -> Option<u16> {
        (self.0 & (UNRESOLVED | SCHEDULED) == UNRESOLVED | SCHEDULED && self.0 != ILLEGAL)
            .then_some(self.0 & DISTANCE)
    }

    /// Whether the entry is waiting: unresolved, not scheduled.
    #[inline]
    pub(super) fn is_waiting(self) -> bool {
        self.0 & (UNRESOLVED | SCHEDULED) == UNRESOLVED
    }

    /// Waiting cells: the slowest loss, in plies, the entry's captures
    /// concede (0 if none), or `None` if slower than a cell holds.
    #[inline]
    pub(super) fn slowest_capture_loss(self) -> Option<u16> {
        debug_assert!(self.is_waiting());
        let slowest = (self.0 & SLOWEST) >> SLOWEST_SHIFT;
        (slowest < SLOWER).then_some(slowest)
    }

    /// Waiting cells: the non-captures not yet known to lose (0 in any
    /// other state).
    #[inline]
    pub(super) fn moves_left(self) -> u8 {
        if self.is_waiting() {
            (self.0 & MOVES_LEFT) as u8
        } else {
            0
        }
    }

    /// Waiting cells: whether a capture draws or wins, so that the entry
    /// is never lost.
    #[inline]
    pub(super) fn capture_saves(self) -> bool {
        self.is_waiting() && self.0 & CAPTURE_SAVES != 0
    }

    /// Unresolved cells: whether the noted distance (the scheduled level,
    /// or the slowest capture loss) counts to a rule decision.
    #[inline]
    pub(super) fn noted_by_rule(self) -> bool {
        self.0 & (UNRESOLVED | NOTED_BY_RULE) == UNRESOLVED | NOTED_BY_RULE && self.0 != ILLEGAL
    }

    /// Resolved cells: the level, the distance in plies to the end.
    #[inline]
    pub(super) fn level(self) -> u16 {
        debug_assert!(self.is_resolved());
        self.0 & DISTANCE
    }

    /// Resolved cells: whether the distance counts to a rule decision.
    #[inline]
    pub(super) fn by_rule(self) -> bool {
        self.0 & (UNRESOLVED | BY_RULE) == BY_RULE
    }

    /// Resolved cells: whether a rule round resolved the entry, so that it
    /// is a draw without the rules.
    #[inline]
    pub(super) fn changed(self) -> bool {
        self.0 & (UNRESOLVED | CHANGED) == CHANGED
    }
}

/// The noted-distance bits of an unresolved cell.
#[inline]
fn noted(distance: u16, by_rule: bool) -> u16 {
    // Distances stay far below the distance bits' limit (see
    // `value::MAX_PLIES`).
    debug_assert!(distance <= DISTANCE, "distance {distance} overflows a cell");
    distance | if by_rule { NOTED_BY_RULE } else { 0 }
}

/// A cell that threads read and claim at once. Every access is relaxed:
/// cells carry no other data, and the phases that read what others wrote
/// are ordered by rayon's joins.
#[repr(transparent)]
pub(super) struct AtomicCell(AtomicU16);

impl AtomicCell {
    pub(super) fn new(cell: Cell) -> AtomicCell {
        AtomicCell(AtomicU16::new(cell.0))
    }

    #[inline]
    pub(super) fn load(&self) -> Cell {
        Cell(self.0.load(Relaxed))
    }

    #[inline]
    pub(super) fn store(&self, cell: Cell) {
        self.0.store(cell.0, Relaxed);
    }

    /// Replaces `current` with `new` if the cell still holds `current`;
    /// else (or spuriously) gives what it holds.
    #[inline]
    pub(super) fn compare_exchange_weak(&self, current: Cell, new: Cell) -> Result<Cell, Cell> {
        self.0
            .compare_exchange_weak(current.0, new.0, Relaxed, Relaxed)
            .map(Cell)
            .map_err(Cell)
    }

    /// Counts one more of a waiting cell's non-captures lost; gives the
    /// cell as it was, or `None` (and changes nothing) if it was not
    /// waiting or had no move left to count.
    #[inline]
    pub(super) fn count_down(&self) -> Option<Cell> {
        let mut current = self.load();
        loop {
            if current.moves_left() == 0 {
                return None;
            }
            match self.compare_exchange_weak(current, Cell(current.0 - 1)) {
                Ok(_) => return Some(current),
                Err(now) => current = now,
            }
        }
    }

    pub(super) fn into_inner(self) -> Cell {
        Cell(self.0.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::{AtomicCell, Cell};

    /// The aliased bits answer only in their own state.
    #[test]
    fn each_state_reads_only_its_own_flags() {
        let scheduled = Cell::scheduled(7, true);
        assert!(scheduled.is_unresolved() && !scheduled.is_resolved());
        assert_eq!(scheduled.scheduled_level(), Some(7));
        assert!(scheduled.noted_by_rule());
        assert!(!scheduled.by_rule() && !scheduled.changed());

        let waiting = Cell::waiting(119, true, 5, false);
        assert!(waiting.is_unresolved() && waiting.is_waiting());
        assert_eq!(waiting.scheduled_level(), None);
        assert_eq!(waiting.slowest_capture_loss(), Some(5));
        assert_eq!((waiting.moves_left(), waiting.capture_saves()), (119, true));
        assert!(!waiting.noted_by_rule());
        let slow = Cell::waiting(0, false, 300, true);
        assert_eq!(slow.slowest_capture_loss(), None);
        assert_eq!((slow.moves_left(), slow.capture_saves()), (0, false));
        assert!(slow.noted_by_rule());
        assert!(!scheduled.is_waiting() && scheduled.moves_left() == 0);

        let resolved = Cell::resolved(9, true, true);
        assert!(resolved.is_resolved() && !resolved.is_unresolved());
        assert_eq!(resolved.level(), 9);
        assert!(resolved.by_rule() && resolved.changed());
        assert!(!resolved.noted_by_rule());
        assert_eq!(resolved.scheduled_level(), None);

        let illegal = Cell::ILLEGAL;
        assert!(illegal.is_illegal() && !illegal.is_unresolved() && !illegal.is_resolved());
        assert!(!illegal.by_rule() && !illegal.changed() && !illegal.noted_by_rule());
        assert_eq!(illegal.scheduled_level(), None);
        assert!(!illegal.is_waiting() && !illegal.capture_saves() && illegal.moves_left() == 0);
        assert!(!resolved.is_waiting() && resolved.moves_left() == 0);
        assert!(Cell::UNSEEDED.is_unresolved());
    }

    /// Counting down stops at zero and leaves every other state alone.
    #[test]
    fn counting_down_touches_only_waiting_moves() {
        let cell = AtomicCell::new(Cell::waiting(2, false, 40, true));
        assert_eq!(cell.count_down().map(Cell::moves_left), Some(2));
        assert_eq!(cell.count_down().map(Cell::moves_left), Some(1));
        assert_eq!(cell.count_down(), None);
        let left = cell.load();
        assert_eq!((left.moves_left(), left.slowest_capture_loss()), (0, None));
        assert!(left.noted_by_rule() && left.is_waiting());
        for other in [
            Cell::scheduled(3, false),
            Cell::resolved(3, false, false),
            Cell::ILLEGAL,
        ] {
            let cell = AtomicCell::new(other);
            assert_eq!(cell.count_down(), None);
            assert_eq!(cell.load(), other);
        }
    }
}
