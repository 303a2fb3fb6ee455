//! The forward check: every entry against the values of its successors.

use rayon::prelude::*;

use crate::xiangqi::Color;

use super::index::Decoder;
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
            let mut decoder = Decoder::new(layout);
            for index in start..end {
                let stored = table.entry(side, index);
                let position = decoder.position(side, index);
                let expected = match position {
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::super::table::capturable;
    use super::super::value::DTM_BASE;
    use super::super::{Quiet, Table, Tablebase};
    use super::*;

    /// Changing any one stored value is caught.
    #[test]
    fn a_wrong_value_fails_verification() {
        let material = "KRKA".parse().unwrap();
        let tablebase = Tablebase::in_memory();
        tablebase.generate(&material, &Quiet).unwrap();
        let table = tablebase.table(&material).unwrap();
        let mut captures = Captures::default();
        for piece in capturable(&material) {
            let smaller = material.without(piece.color, piece.kind).unwrap();
            captures[piece.color as usize][piece.kind as usize] =
                Some(tablebase.table(&smaller).unwrap());
        }
        assert!(verify(&table, &captures, &Quiet).is_ok());
        let layout = Arc::new(table.layout().clone());
        let codes = [Color::Red, Color::Black].map(|side| table.codes(side).to_vec());
        let legal = (0..codes[0].len())
            .filter(|&i| codes[0][i] != 0)
            .step_by(501)
            .take(5);
        for index in legal {
            for wrong in [1, DTM_BASE + 1, codes[0][index] + 2] {
                if wrong == codes[0][index] {
                    continue;
                }
                let mut bad = codes.clone();
                bad[0][index] = wrong;
                let bad = Table::new(Arc::clone(&layout), bad);
                let error = verify(&bad, &captures, &Quiet).unwrap_err();
                assert!(matches!(error, TbError::Mismatch { .. }), "{error}");
            }
        }
    }
}
