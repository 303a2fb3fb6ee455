//! Finishing: entries never resolved are draws; every cell becomes the
//! value code a table stores ([`Dtm::to_code`]).

use super::cell::Cell;
use qiboard_tablebase::{DistanceTo, Dtm, Value, ILLEGAL_CODE};

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
