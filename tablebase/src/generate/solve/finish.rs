//! Finishing: entries never resolved are draws; every cell becomes the
//! value code a table stores, in place.

use super::{unresolved, Solver, BY_RULE, CHANGED, DISTANCE, ILLEGAL};
use crate::value::{BROKEN, CHANGED_FLAG, DRAW, DTM_BASE, RULE_FLAG};

impl Solver<'_> {
    /// The value codes, Red to move then Black to move. The cells become
    /// the codes where they lie (same size, so the vector is reused).
    pub(super) fn finish(self) -> Vec<u16> {
        self.plies
            .into_iter()
            .map(|cell| match cell.into_inner() {
                ILLEGAL => BROKEN,
                cell if unresolved(cell) => DRAW,
                cell => {
                    let rule = if cell & BY_RULE != 0 { RULE_FLAG } else { 0 };
                    let changed = if cell & CHANGED != 0 { CHANGED_FLAG } else { 0 };
                    ((cell & DISTANCE) + DTM_BASE) | rule | changed
                }
            })
            .collect()
    }
}
