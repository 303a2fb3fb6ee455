//! Finishing: entries never resolved are draws; every cell becomes the
//! value code a table stores, in place.

use super::{unresolved, Solver, BY_RULE, ILLEGAL};
use crate::xiangqi::tablebase::value::{BROKEN, DRAW, DTM_BASE, RULE_FLAG};

impl Solver<'_> {
    /// The value codes, Red to move then Black to move. The cells become
    /// the codes where they lie (same size, so the vector is reused).
    pub(super) fn finish(self) -> Vec<u16> {
        self.plies
            .into_iter()
            .map(|cell| match cell.into_inner() {
                ILLEGAL => BROKEN,
                cell if unresolved(cell) => DRAW,
                cell if cell & BY_RULE != 0 => ((cell & !BY_RULE) + DTM_BASE) | RULE_FLAG,
                level => level + DTM_BASE,
            })
            .collect()
    }
}
