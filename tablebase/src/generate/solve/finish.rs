//! Finishing: entries never resolved are draws; every cell becomes the
//! value code a table stores, in place.

use super::cell::Cell;
use super::Solver;
use crate::value::{BROKEN, CHANGED_FLAG, DRAW, DTM_BASE, RULE_FLAG};

impl Solver<'_> {
    /// The value codes, Red to move then Black to move. The cells become
    /// the codes where they lie (same size, so the vector is reused).
    pub(super) fn finish(self) -> Vec<u16> {
        self.plies
            .into_iter()
            .map(|cell| code(cell.into_inner()))
            .collect()
    }
}

/// The value code a table stores for a finished cell.
#[inline]
pub(super) fn code(cell: Cell) -> u16 {
    if cell.is_illegal() {
        BROKEN
    } else if cell.is_unresolved() {
        DRAW
    } else {
        let rule = if cell.by_rule() { RULE_FLAG } else { 0 };
        let changed = if cell.changed() { CHANGED_FLAG } else { 0 };
        (cell.level() + DTM_BASE) | rule | changed
    }
}
