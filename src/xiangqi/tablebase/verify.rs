//! The forward check: every entry against the values of its successors.

use rayon::prelude::*;

use crate::xiangqi::Color;

use super::table::{backed_up, Captures, Family};
use super::{Progress, Table, TbError};

const CHUNK: u32 = 4096;

/// Checks every entry of `table`: illegal entries must be marked so, and
/// each legal position's value must be the one its successors imply
/// (positions with no move lost now, a losing successor makes a win one
/// ply longer than the fastest, and so on). Returns how many legal
/// entries were checked. Since distances strictly fall along every
/// winning or losing line, passing this check proves the table right
/// given the tables one capture away.
pub(crate) fn verify(
    table: &Table,
    captures: &Captures,
    progress: &dyn Progress,
) -> Result<u64, TbError> {
    let layout = table.layout();
    let per_side = layout.per_side() as u32;
    let family = Family {
        own: table,
        captures,
    };
    progress.start(
        &format!("{} verify", table.material()),
        u64::from(per_side) * 2,
    );
    let chunks = per_side.div_ceil(CHUNK);
    let outcome = (0..chunks * 2)
        .into_par_iter()
        .map(|task| {
            let side = if task < chunks {
                Color::Red
            } else {
                Color::Black
            };
            let start = task % chunks * CHUNK;
            let end = per_side.min(start + CHUNK);
            let mut checked = 0u64;
            for index in start..end {
                let stored = table.entry(side, index);
                let position = layout.position(side, index);
                let expected = match &position {
                    None => None,
                    Some(position) => family.successors(position).map(|list| backed_up(&list)),
                };
                if stored != expected || (position.is_some() && expected.is_none()) {
                    return Err(TbError::Mismatch {
                        material: table.material(),
                        fen: position.map_or_else(
                            || format!("entry {index} ({side} to move)"),
                            |position| position.fen(),
                        ),
                        stored,
                        expected,
                    });
                }
                checked += u64::from(position.is_some());
            }
            progress.advance(u64::from(end - start));
            Ok(checked)
        })
        .try_reduce(|| 0, |a, b| Ok(a + b));
    progress.finish();
    outcome
}
