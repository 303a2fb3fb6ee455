//! The forward check: every legal entry against the values of its
//! successors.
//!
//! Values solved before the repetition rules apply are checked exactly: a
//! win is one ply longer than the fastest losing successor, a loss one
//! longer than the slowest winning one, a position with no move lost at 0;
//! what the distance counts to is what the successors that set it count
//! to (mate, unless they all count to a rule decision, which captures into
//! smaller tables bring). Values the rule rounds decided (all marked as
//! counting to a rule decision) are checked for what they must be: a win
//! has a successor lost by rule one ply sooner; a loss has only winning
//! successors and is where the rule decides (distance 0) or one ply longer
//! than one of them. Draws have a drawn successor and no losing one.

use rayon::prelude::*;

use qiboard::xiangqi::{Color, Move};

use crate::captures::{Captures, Family};
use crate::{GenerateError, Progress};
use qiboard_tablebase::Decoder;
use qiboard_tablebase::{DistanceTo, Dtm, Table, Value};

const CHUNK: u64 = 4096;

/// The value the successors give by minimax on distances (no move loses;
/// mate a losing successor soonest, else draw, else lose as late as
/// possible), and what its distance counts to: a rule decision when every
/// successor that sets it counts to one.
fn backed_up(successors: &[(Move, Dtm)]) -> (Value, DistanceTo) {
    let rule = |dtm: &Dtm| dtm.to == DistanceTo::Rule;
    let fastest_win = successors
        .iter()
        .filter_map(|(_, dtm)| match dtm.value {
            Value::Loss(plies) => Some(plies),
            _ => None,
        })
        .min();
    let to_of = |value: Value| {
        let all_rule = successors
            .iter()
            .filter(|(_, dtm)| dtm.value == value)
            .all(|(_, dtm)| rule(dtm));
        if all_rule {
            DistanceTo::Rule
        } else {
            DistanceTo::Mate
        }
    };
    if let Some(plies) = fastest_win {
        return (Value::Win(plies + 1), to_of(Value::Loss(plies)));
    }
    if successors.iter().any(|(_, dtm)| dtm.value == Value::Draw) {
        return (Value::Draw, DistanceTo::Mate);
    }
    let slowest = successors.iter().map(|(_, dtm)| dtm.value.plies()).max();
    match slowest {
        None => (Value::Loss(0), DistanceTo::Mate),
        Some(plies) => (Value::Loss(plies + 1), to_of(Value::Win(plies))),
    }
}

/// Whether a value a rule round decided fits its successors: a win has a
/// successor lost by rule one ply sooner; a loss has only winning
/// successors and is where the rule decides (distance 0) or one ply
/// longer than one of them.
fn rule_round_value_holds(stored: Value, successors: &[(Move, Dtm)]) -> bool {
    match stored {
        Value::Win(plies) => successors
            .iter()
            .any(|(_, dtm)| dtm.to == DistanceTo::Rule && dtm.value == Value::Loss(plies - 1)),
        Value::Loss(plies) => {
            successors
                .iter()
                .all(|(_, dtm)| matches!(dtm.value, Value::Win(_)))
                && (plies == 0
                    || successors
                        .iter()
                        .any(|(_, dtm)| dtm.value == Value::Win(plies - 1)))
        }
        Value::Draw => false,
    }
}

/// What the successors say `stored` should be, if it is not that.
/// `captures` tells the moves that capture: their values come from smaller
/// tables, where the rules had done their work before this one was solved.
fn expected(
    stored: Dtm,
    successors: &[(Move, Dtm)],
    captures: impl Fn(Move) -> bool,
) -> Option<Value> {
    // The successors as the plain solve saw them: those of this table that
    // the rules decided were draws then.
    let plain: Vec<(Move, Dtm)> = successors
        .iter()
        .map(|&(mv, dtm)| {
            if dtm.by_rules && !captures(mv) {
                let draw = Dtm {
                    value: Value::Draw,
                    to: DistanceTo::Mate,
                    by_rules: false,
                };
                (mv, draw)
            } else {
                (mv, dtm)
            }
        })
        .collect();
    let (exact, to) = backed_up(&plain);
    if stored.by_rules {
        // A draw for the plain solve, and what a rule round makes of it.
        let holds = exact == Value::Draw
            && stored.to == DistanceTo::Rule
            && rule_round_value_holds(stored.value, successors);
        return (!holds).then_some(stored.value);
    }
    let losing_successor = successors
        .iter()
        .any(|(_, dtm)| matches!(dtm.value, Value::Loss(_)));
    let holds = match exact {
        // A draw the rules left: no successor loses, not even by rule.
        Value::Draw => stored.value == Value::Draw && !losing_successor,
        _ => stored.value == exact && stored.to == to,
    };
    (!holds).then_some(exact)
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
) -> Result<u64, GenerateError> {
    let layout = table.layout();
    let per_side = layout.per_side();
    let family = Family {
        own: table,
        captures,
    };
    progress.start(&format!("{} verify", table.material()), per_side * 2);
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
                let mismatch =
                    |stored: Option<Dtm>, expected: Option<Value>| GenerateError::Mismatch {
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
                let captures = |mv: Move| position.piece_at(mv.to()).is_some();
                if let Some(expected) = expected(stored, &successors, captures) {
                    return Err(mismatch(Some(stored), Some(expected)));
                }
                checked += 1;
            }
            progress.advance(end - start);
            Ok(checked)
        })
        .try_reduce(|| 0, |a, b| Ok(a + b));
    progress.finish();
    outcome
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::{Generator, Quiet};
    use qiboard_tablebase::{DistanceTo, Dtm, RuleSet, Table, Value};

    /// Changing any one stored value is caught.
    #[test]
    fn a_wrong_value_fails_verification() {
        let material = "KRKA".parse().unwrap();
        let tablebase = Generator::in_memory();
        tablebase.generate(&material, &Quiet).unwrap();
        let table = tablebase.table(&material).unwrap();
        let captures =
            Generator::captures(&table.material(), |smaller| tablebase.table(smaller)).unwrap();
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
            let dtm = Dtm::from_code(right).expect("a legal entry");
            let draw = Dtm {
                value: Value::Draw,
                ..dtm
            };
            let win_in_one = Dtm {
                value: Value::Win(1),
                to: DistanceTo::Mate,
                by_rules: false,
            };
            let longer = Dtm {
                value: Value::from_plies(dtm.value.plies() + 2),
                ..dtm
            };
            let by_rule = Dtm {
                to: DistanceTo::Rule,
                ..dtm
            };
            let wrongs = [draw, win_in_one, longer, by_rule].map(Dtm::to_code);
            for wrong in wrongs {
                if wrong == right {
                    continue;
                }
                let mut bad = codes.clone();
                bad[index] = wrong;
                let bad = Table::from_codes(Arc::clone(&layout), RuleSet::Asian, bad);
                let error = verify(&bad, &captures, &Quiet).unwrap_err();
                assert!(matches!(error, GenerateError::Mismatch { .. }), "{error}");
            }
        }
    }
}
