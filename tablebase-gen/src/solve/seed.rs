//! Seeding, one parallel pass over the index: every legal entry counts
//! its non-captures and reads its captures' values from the smaller
//! tables; entries with no legal move are lost at once, and a capture may
//! schedule a win or a loss for later.

use std::ops::Range;

use rayon::prelude::*;

use super::bucket::Bucket;
use super::cell::Cell;
use super::parallel::chunks;
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

impl Solver<'_> {
    /// Seeds every entry; returns, by level, the entries to resolve at that
    /// level, or the mismatch that makes a smaller table unusable.
    pub(super) fn seed_all(&self, progress: &dyn Progress) -> Result<Vec<Bucket>, GenerateError> {
        let total = self.per_side * 2;
        progress.start(&format!("{} seed", self.layout.material()), total as u64);
        let counts = self.seed_range(0..total, progress)?;
        progress.finish();
        // Scheduled entries wait in their cells (a table like KRNKR
        // schedules seven million): seeding only counts them per level, so
        // that the buckets are then allocated at about their size.
        let mut buckets: Vec<Bucket> = counts
            .iter()
            .map(|&size| Bucket::with_capacity(size as usize))
            .collect();
        for (entry, cell) in self.plies.iter().enumerate() {
            if let Some(level) = cell.load().scheduled_level() {
                buckets[usize::from(level)].push(entry as u64);
            }
        }
        Ok(buckets)
    }

    /// Seeds the entries of `range` (all held), in parallel; returns how
    /// many it scheduled at each level, or the mismatch that makes a
    /// smaller table unusable.
    pub(super) fn seed_range(
        &self,
        range: Range<usize>,
        progress: &dyn Progress,
    ) -> Result<Vec<u64>, GenerateError> {
        let start = range.start;
        let counts = chunks(range.len())
            .map(|chunk| {
                let count = chunk.len() as u64;
                let mut decoder = Decoder::new(self.layout);
                let mut capture_moves = Vec::new();
                let mut per_level: Vec<u64> = Vec::new();
                for entry in chunk {
                    let entry = (start + entry) as u64;
                    if let Some(level) = self.seed(&mut decoder, &mut capture_moves, entry) {
                        let level = usize::from(level);
                        if per_level.len() <= level {
                            per_level.resize(level + 1, 0);
                        }
                        per_level[level] += 1;
                    }
                }
                progress.advance(count);
                per_level
            })
            .reduce(Vec::new, |mut sum, counts| {
                if sum.len() < counts.len() {
                    sum.resize(counts.len(), 0);
                }
                for (total, count) in sum.iter_mut().zip(counts) {
                    *total += count;
                }
                sum
            });
        if let Some((material, fen)) = self.broken_capture.get() {
            return Err(ProbeError::BrokenEntry {
                material: *material,
                fen: fen.clone(),
            }
            .into());
        }
        Ok(counts)
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

    /// Seeds one entry; returns when it must be resolved by itself.
    fn seed(
        &self,
        decoder: &mut Decoder,
        capture_moves: &mut Vec<Move>,
        entry: u64,
    ) -> Option<u16> {
        let (side, index) = self.side_and_index(entry);
        let cell = self.cell(entry);
        let Some(position) = decoder.position(side, index) else {
            cell.store(Cell::ILLEGAL);
            return None;
        };
        let quiet = census(position, capture_moves);
        if quiet == 0 && capture_moves.is_empty() {
            cell.store(Cell::scheduled(0, false));
            return Some(0);
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
        scheduled.map(|(level, _)| level)
    }
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
