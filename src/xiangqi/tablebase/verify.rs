//! The forward check: every legal entry against the values of its
//! successors.
//!
//! Distances to mate are checked exactly: a win is one ply longer than the
//! fastest losing successor, a loss one longer than the slowest winning
//! one, a position with no move lost at 0. The solver resolves every such
//! value before it applies the repetition rules, so a win to mate never
//! has a rule-decided loss as its reason, and a rule-decided value never
//! has a mate behind it. Values the rules decided are checked for what
//! they must be: a win has a successor lost by rule one ply sooner; a loss
//! has only winning successors, at least one decided by rule, and is
//! either where the rule decides (distance 0) or one ply longer than such
//! a successor. Draws have a drawn successor and no losing one.

use rayon::prelude::*;

use crate::xiangqi::{Color, Move};

use super::index::Decoder;
use super::table::{Captures, Family};
use super::value::{DistanceTo, Dtm, Value};
use super::{Progress, Table, TbError};

const CHUNK: u32 = 4096;

/// What the successors say `stored` should be, if it is not that.
fn expected(stored: Dtm, successors: &[(Move, Dtm)]) -> Option<Value> {
    let rule = |dtm: &Dtm| dtm.to == DistanceTo::Rule;
    let mut mate_loss: Option<u16> = None;
    let mut rule_losses = Vec::new();
    let (mut draw, mut slowest_win, mut rule_win) = (false, None::<u16>, false);
    for (_, dtm) in successors {
        match dtm.value {
            Value::Loss(plies) if rule(dtm) => rule_losses.push(plies),
            Value::Loss(plies) => mate_loss = Some(mate_loss.map_or(plies, |p| p.min(plies))),
            Value::Draw => draw = true,
            Value::Win(plies) => {
                slowest_win = Some(slowest_win.map_or(plies, |p| p.max(plies)));
                rule_win |= rule(dtm);
            }
        }
    }
    let exact = if let Some(plies) = mate_loss {
        Value::Win(plies + 1)
    } else if let Some(&fastest) = rule_losses.iter().min() {
        let Value::Win(plies) = stored.value else {
            return Some(Value::Win(fastest + 1));
        };
        let reason = rule(&stored) && rule_losses.contains(&(plies - 1));
        return (!reason).then_some(Value::Win(fastest + 1));
    } else if draw {
        Value::Draw
    } else if rule_win {
        let Value::Loss(plies) = stored.value else {
            return Some(Value::Loss(0));
        };
        let reason = plies == 0
            || successors
                .iter()
                .any(|(_, dtm)| rule(dtm) && dtm.value == Value::Win(plies - 1));
        return (!(rule(&stored) && reason)).then_some(stored.value);
    } else {
        Value::Loss(slowest_win.map_or(0, |plies| plies + 1))
    };
    let by_rule = rule(&stored) && stored.value != Value::Draw;
    (stored.value != exact || by_rule).then_some(exact)
}

/// Checks every legal entry of `table`: each position's value must be the
/// one its successors imply (see the module docs). Returns how many legal
/// entries were checked. Since distances strictly fall along every
/// winning or losing line, passing this check proves the values to mate
/// right given the tables one capture away.
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
                let Some(position) = decoder.position(side, index) else {
                    continue;
                };
                let mismatch = |stored: Option<Dtm>, expected: Option<Value>| TbError::Mismatch {
                    material: table.material(),
                    fen: position.fen(),
                    stored: stored.map(|dtm| dtm.value),
                    expected,
                };
                let stored = table.entry(side, index);
                let Some(successors) = family.successors(position) else {
                    return Err(mismatch(stored, None));
                };
                let Some(stored) = stored else {
                    return Err(mismatch(None, Some(Value::Draw)));
                };
                if let Some(expected) = expected(stored, &successors) {
                    return Err(mismatch(Some(stored), Some(expected)));
                }
                checked += 1;
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

    use super::super::value::{DTM_BASE, RULE_FLAG};
    use super::super::{Quiet, RuleSet, Table, Tablebase};
    use super::*;

    /// Changing any one stored value is caught.
    #[test]
    fn a_wrong_value_fails_verification() {
        let material = "KRKA".parse().unwrap();
        let tablebase = Tablebase::in_memory();
        tablebase.generate(&material, &Quiet).unwrap();
        let table = tablebase.table(&material).unwrap();
        let captures =
            Tablebase::captures(&table.material(), |smaller| tablebase.table(smaller)).unwrap();
        assert!(verify(&table, &captures, &Quiet).is_ok());
        let layout = Arc::new(table.layout().clone());
        let codes: Vec<u16> = Color::ALL
            .iter()
            .flat_map(|&side| table.codes(side).to_vec())
            .collect();
        let legal = (0..codes.len())
            .filter(|&i| codes[i] != 0)
            .step_by(501)
            .take(5);
        for index in legal {
            let right = codes[index];
            for wrong in [1, DTM_BASE + 1, right + 2, right | RULE_FLAG] {
                if wrong == right {
                    continue;
                }
                let mut bad = codes.clone();
                bad[index] = wrong;
                let bad = Table::new(Arc::clone(&layout), RuleSet::Asian, bad);
                let error = verify(&bad, &captures, &Quiet).unwrap_err();
                assert!(matches!(error, TbError::Mismatch { .. }), "{error}");
            }
        }
    }
}
