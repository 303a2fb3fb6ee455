//! Finishing: entries never resolved are draws; every cell becomes the
//! value code a table stores, in place.

use super::cell::Cell;
use super::Solver;
use qiboard_tablebase::{DistanceTo, Dtm, Value, ILLEGAL_CODE};

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
        return ILLEGAL_CODE;
    }
    let dtm = if cell.is_unresolved() {
        Dtm {
            value: Value::Draw,
            to: DistanceTo::Mate,
            by_rules: false,
        }
    } else {
        Dtm {
            value: Value::from_plies(cell.level()),
            to: if cell.by_rule() {
                DistanceTo::Rule
            } else {
                DistanceTo::Mate
            },
            by_rules: cell.changed(),
        }
    };
    dtm.to_code()
}
