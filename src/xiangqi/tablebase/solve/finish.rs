//! Finishing: entries never resolved are draws; every cell becomes the
//! value code a table stores.

use super::{Solver, ILLEGAL, UNRESOLVED};
use crate::xiangqi::tablebase::value::{BROKEN, DRAW, DTM_BASE};

impl Solver<'_> {
    /// The value codes, Red to move then Black to move.
    pub(super) fn finish(self) -> [Vec<u16>; 2] {
        let codes: Vec<u16> = self
            .plies
            .into_iter()
            .map(|cell| match cell.into_inner() {
                ILLEGAL => BROKEN,
                UNRESOLVED => DRAW,
                plies => plies + DTM_BASE,
            })
            .collect();
        let mut red = codes;
        let black = red.split_off(self.per_side);
        [red, black]
    }
}
