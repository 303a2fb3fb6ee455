//! Setting up: the solver's per-entry arrays, refused as an error rather
//! than aborting when the memory cannot be had.

use std::sync::OnceLock;

use super::cell::{AtomicCell, Cell};
use super::{Solver, BYTES_PER_ENTRY};
use crate::captures::Captures;
use crate::GenerateError;
use qiboard_tablebase::Layout;

/// `n` values made by `make`, or `None` if the memory cannot be had (an
/// endgame near [`crate::MAX_ENTRIES`] on a small machine), so that
/// the caller reports it instead of the process aborting.
fn filled<T>(n: usize, make: impl Fn() -> T) -> Option<Vec<T>> {
    let mut values = Vec::new();
    values.try_reserve_exact(n).ok()?;
    values.extend((0..n).map(|_| make()));
    Some(values)
}

impl<'a> Solver<'a> {
    /// Every entry unseeded.
    pub(super) fn new(
        layout: &'a Layout,
        captures: &'a Captures,
    ) -> Result<Solver<'a>, GenerateError> {
        let total = layout.per_side() as usize * 2;
        let out_of_memory = || GenerateError::OutOfMemory {
            material: layout.material(),
            bytes: total as u64 * BYTES_PER_ENTRY,
        };
        let plies = filled(total, || AtomicCell::new(Cell::UNSEEDED)).ok_or_else(out_of_memory)?;
        Ok(Solver::holding(layout, captures, plies))
    }

    /// A solver holding the cells `plies`, from entry 0.
    pub(super) fn holding(
        layout: &'a Layout,
        captures: &'a Captures,
        plies: Vec<AtomicCell>,
    ) -> Solver<'a> {
        Solver {
            layout,
            captures,
            per_side: layout.per_side() as usize,
            base: 0,
            plies,
            broken_capture: OnceLock::new(),
            to_mate: None,
            touched: None,
            legal: OnceLock::new(),
            open_entries: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_that_cannot_be_had_is_none() {
        assert!(filled(usize::MAX / 2, || 0u16).is_none());
        assert_eq!(filled(3, || 7u8), Some(vec![7, 7, 7]));
    }
}
