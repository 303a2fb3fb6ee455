//! Seeding, one parallel pass over the index: every legal entry counts
//! its non-captures and reads its captures' values from the smaller
//! tables; entries with no legal move are lost at once, and a capture may
//! schedule a win or a loss for later.

use std::ops::Range;

use rayon::prelude::*;

use super::cell::Cell;
use super::parallel::chunks;
use super::store::Store;
use super::Solver;
use crate::census::census;
use crate::{GenerateError, Progress};
use qiboard::xiangqi::{Move, Position};
use qiboard_tablebase::Decoder;
use qiboard_tablebase::{DistanceTo, ProbeError, Value};

/// What a position's captures lead to: the fastest win one gives (plies),
/// whether one draws, and the slowest loss one concedes (plies, 0 if none).
pub(super) struct CaptureValues {
    pub fastest_win: Option<u16>,
    /// Every capture that wins that fast wins by a rule decision.
    pub fastest_win_by_rule: bool,
    pub draws: bool,
    pub slowest_loss: u16,
    /// Every capture that loses that slowly loses by a rule decision.
    pub slowest_loss_by_rule: bool,
}

/// What seeding a range of entries found: how many it scheduled at each
/// level, and how many are legal.
pub(super) struct Seeded {
    pub scheduled: Vec<u64>,
    pub legal: u64,
}

impl<S: Store> Solver<'_, S> {
    /// Seeds the entries of `range` (all held), in parallel; returns how
    /// many it scheduled at each level and how many are legal, or the
    /// mismatch that makes a smaller table unusable.
    pub(super) fn seed_range(
        &self,
        range: Range<usize>,
        progress: &dyn Progress,
    ) -> Result<Seeded, GenerateError> {
        let start = range.start;
        let seeded = chunks(range.len())
            .map(|chunk| {
                let count = chunk.len() as u64;
                let mut decoder = Decoder::new(self.layout);
                let mut capture_moves = Vec::new();
                let mut seeded = Seeded {
                    scheduled: Vec::new(),
                    legal: 0,
                };
                for entry in chunk {
                    let entry = (start + entry) as u64;
                    match self.seed(&mut decoder, &mut capture_moves, entry) {
                        Seed::Illegal => continue,
                        Seed::Waiting => {}
                        Seed::Scheduled(level) => {
                            let level = usize::from(level);
                            if seeded.scheduled.len() <= level {
                                seeded.scheduled.resize(level + 1, 0);
                            }
                            seeded.scheduled[level] += 1;
                        }
                    }
                    seeded.legal += 1;
                }
                progress.advance(count);
                seeded
            })
            .reduce(
                || Seeded {
                    scheduled: Vec::new(),
                    legal: 0,
                },
                |mut sum, seeded| {
                    if sum.scheduled.len() < seeded.scheduled.len() {
                        sum.scheduled.resize(seeded.scheduled.len(), 0);
                    }
                    for (total, count) in sum.scheduled.iter_mut().zip(seeded.scheduled) {
                        *total += count;
                    }
                    sum.legal += seeded.legal;
                    sum
                },
            );
        if let Some((material, fen)) = self.broken_capture.get() {
            return Err(ProbeError::BrokenEntry {
                material: *material,
                fen: fen.clone(),
            }
            .into());
        }
        Ok(seeded)
    }

    /// The values `captures` (legal capture moves of `position`) lead to,
    /// read from the smaller tables.
    pub(super) fn capture_values(&self, position: &Position, captures: &[Move]) -> CaptureValues {
        let mut values = CaptureValues {
            fastest_win: None,
            fastest_win_by_rule: false,
            draws: false,
            slowest_loss: 0,
            slowest_loss_by_rule: false,
        };
        for &mv in captures {
            let Some(victim) = position.piece_at(mv.to()) else {
                continue;
            };
            let table = self.captures[victim.color as usize][victim.kind as usize]
                .as_ref()
                .expect("every capturable piece has its table");
            let after = position.play(mv);
            let Some(dtm) = table.lookup(&after).ok().flatten() else {
                self.broken_capture
                    .get_or_init(|| (table.table.material(), after.fen()));
                continue;
            };
            // Of equal distances, one to mate makes the value's: the
            // same rule as `Solver::claim`.
            let by_rule = dtm.to == DistanceTo::Rule;
            match dtm.value {
                Value::Loss(plies) => {
                    let win = plies + 1;
                    match values.fastest_win {
                        Some(fastest) if fastest < win => {}
                        Some(fastest) if fastest == win => values.fastest_win_by_rule &= by_rule,
                        _ => {
                            values.fastest_win = Some(win);
                            values.fastest_win_by_rule = by_rule;
                        }
                    }
                }
                Value::Draw => values.draws = true,
                Value::Win(plies) => {
                    let loss = plies + 1;
                    if loss > values.slowest_loss {
                        values.slowest_loss = loss;
                        values.slowest_loss_by_rule = by_rule;
                    } else if loss == values.slowest_loss {
                        values.slowest_loss_by_rule &= by_rule;
                    }
                }
            }
        }
        values
    }

    /// Seeds one entry.
    fn seed(&self, decoder: &mut Decoder, capture_moves: &mut Vec<Move>, entry: u64) -> Seed {
        let (side, index) = self.side_and_index(entry);
        let cell = self.cells.cell(entry);
        let Some(position) = decoder.position(side, index) else {
            cell.store(Cell::ILLEGAL);
            return Seed::Illegal;
        };
        let quiet = census(position, capture_moves);
        if quiet == 0 && capture_moves.is_empty() {
            cell.store(Cell::scheduled(0, false));
            return Seed::Scheduled(0);
        }
        let values = self.capture_values(position, capture_moves);
        let saves = values.fastest_win.is_some() || values.draws;
        let scheduled = if let Some(win) = values.fastest_win {
            Some((win, values.fastest_win_by_rule))
        } else if quiet == 0 && !values.draws {
            Some((values.slowest_loss, values.slowest_loss_by_rule))
        } else {
            None
        };
        cell.store(match scheduled {
            Some((level, by_rule)) => Cell::scheduled(level, by_rule),
            None => Cell::waiting(
                quiet,
                saves,
                values.slowest_loss,
                values.slowest_loss_by_rule,
            ),
        });
        scheduled.map_or(Seed::Waiting, |(level, _)| Seed::Scheduled(level))
    }
}

/// What seeding made of an entry.
enum Seed {
    /// No legal position.
    Illegal,
    /// Waiting for its moves to be resolved.
    Waiting,
    /// To be resolved at this level by itself.
    Scheduled(u16),
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::super::solve;
    use crate::captures::{capturable, Captures, SubTable};
    use crate::{GenerateError, Generator, Quiet};
    use qiboard_tablebase::{Layout, Material, ProbeError, RuleSet, Table, ILLEGAL_CODE};

    /// A smaller table that calls legal positions illegal (a doctored file
    /// with a valid checksum) stops the solve with an error, not a panic.
    #[test]
    fn a_broken_smaller_table_is_an_error() {
        let material: Material = "KRKA".parse().unwrap();
        let tablebase = Generator::in_memory();
        tablebase.generate(&material, &Quiet).unwrap();
        let mut captures = Captures::default();
        for piece in capturable(&material) {
            let smaller = material.without(piece.color, piece.kind).unwrap();
            let canonical = smaller.canonical();
            let table = tablebase.table(&canonical).unwrap();
            let layout = Arc::new(table.layout().clone());
            // Every entry marked illegal.
            let codes = vec![ILLEGAL_CODE; 2 * layout.per_side() as usize];
            captures[piece.color as usize][piece.kind as usize] = Some(SubTable {
                table: Arc::new(Table::from_codes(layout, RuleSet::Asian, codes)),
                flipped: canonical != smaller,
            });
        }
        let layout = Layout::new(material).unwrap();
        let error = solve(&layout, &captures, RuleSet::Asian, &Quiet).unwrap_err();
        assert!(
            matches!(error, GenerateError::Probe(ProbeError::BrokenEntry { .. })),
            "{error}"
        );
    }
}
