//! Seeding, one parallel pass over the index: every legal entry counts
//! its non-captures and reads its captures' values from the smaller
//! tables; entries with no legal move are lost at once, and a capture may
//! schedule a win or a loss for later.
//!
//! Smaller tables held whole are read a capture at a time. When some are
//! probed through their blocks, a task of consecutive entries first lists
//! its captures' entries, sorts them by table, side and index, and reads
//! them in that order (a block is decompressed once for all of the
//! task's lookups in it, and a block cache keeps it for the next task);
//! its entries' cells are written once every value is in. A capture's
//! values combine the same in any order, so both ways seed the same
//! cells.

use std::ops::Range;

use rayon::prelude::*;

use super::cell::Cell;
use super::parallel::{chunks, chunks_of};
use super::store::Store;
use super::Solver;
use crate::captures::SubTable;
use crate::census::census;
use crate::{GenerateError, Progress};
use qiboard::xiangqi::{Color, Move, Position};
use qiboard_tablebase::Decoder;
use qiboard_tablebase::{DistanceTo, Dtm, Value};

/// Entries per task when smaller tables are probed: many, so that their
/// captures fall in fewer blocks.
const PROBED_CHUNK: usize = 1 << 16;

/// Captures a task lists before reading their values (then it reads them
/// and goes on listing).
const REQUESTS: usize = 1 << 16;

/// What a position's captures lead to: the fastest win one gives (plies),
/// whether one draws, and the slowest loss one concedes (plies, 0 if none).
#[derive(Clone, Copy, Debug)]
pub(super) struct CaptureValues {
    pub fastest_win: Option<u16>,
    /// Every capture that wins that fast wins by a rule decision.
    pub fastest_win_by_rule: bool,
    pub draws: bool,
    pub slowest_loss: u16,
    /// Every capture that loses that slowly loses by a rule decision.
    pub slowest_loss_by_rule: bool,
}

impl CaptureValues {
    /// What no capture leads to.
    const NONE: CaptureValues = CaptureValues {
        fastest_win: None,
        fastest_win_by_rule: false,
        draws: false,
        slowest_loss: 0,
        slowest_loss_by_rule: false,
    };

    /// Counts a capture into `dtm` (the value for the side then to move):
    /// the result does not depend on the order captures are counted in.
    fn add(&mut self, dtm: Dtm) {
        // Of equal distances, one to mate makes the value's: the same
        // rule as `Solver::claim`.
        let by_rule = dtm.to == DistanceTo::Rule;
        match dtm.value {
            Value::Loss(plies) => {
                let win = plies + 1;
                match self.fastest_win {
                    Some(fastest) if fastest < win => {}
                    Some(fastest) if fastest == win => self.fastest_win_by_rule &= by_rule,
                    _ => {
                        self.fastest_win = Some(win);
                        self.fastest_win_by_rule = by_rule;
                    }
                }
            }
            Value::Draw => self.draws = true,
            Value::Win(plies) => {
                let loss = plies + 1;
                if loss > self.slowest_loss {
                    self.slowest_loss = loss;
                    self.slowest_loss_by_rule = by_rule;
                } else if loss == self.slowest_loss {
                    self.slowest_loss_by_rule &= by_rule;
                }
            }
        }
    }
}

/// What seeding a range of entries found: how many it scheduled at each
/// level, and how many are legal.
pub(super) struct Seeded {
    pub scheduled: Vec<u64>,
    pub legal: u64,
}

impl Seeded {
    const NONE: fn() -> Seeded = || Seeded {
        scheduled: Vec::new(),
        legal: 0,
    };

    /// Counts an entry seeded as `seed`.
    fn count(&mut self, seed: Seed) {
        match seed {
            Seed::Illegal => return,
            Seed::Waiting => {}
            Seed::Scheduled(level) => {
                let level = usize::from(level);
                if self.scheduled.len() <= level {
                    self.scheduled.resize(level + 1, 0);
                }
                self.scheduled[level] += 1;
            }
        }
        self.legal += 1;
    }

    fn sum(mut self, other: Seeded) -> Seeded {
        if self.scheduled.len() < other.scheduled.len() {
            self.scheduled.resize(other.scheduled.len(), 0);
        }
        for (total, count) in self.scheduled.iter_mut().zip(other.scheduled) {
            *total += count;
        }
        self.legal += other.legal;
        self
    }
}

/// A capture whose value a probed task reads later: the smaller table
/// (`color * 7 + kind` of the captured piece), the entry there, the
/// task's waiting entry it counts for and the move (to name the position
/// if the table fails it).
#[derive(Clone, Copy)]
struct Request {
    table: u8,
    side: Color,
    index: u64,
    waiting: u32,
    mv: Move,
}

/// An entry of a probed task waiting for its captures' values.
struct Waiting {
    entry: u64,
    quiet: u32,
    values: CaptureValues,
}

/// Bytes each thread seeding with probed tables holds for its task
/// beside the cache: its requests, waiting entries, and the indices and
/// codes of a read.
pub(crate) const PROBED_TASK_BYTES: u64 = (REQUESTS as u64 + 128)
    * (size_of::<Request>() + size_of::<u64>() + 2 * size_of::<u16>()) as u64
    + (PROBED_CHUNK * size_of::<Waiting>()) as u64;

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
        let probed = self
            .captures
            .iter()
            .flatten()
            .flatten()
            .any(SubTable::is_probed);
        let seeded = if probed {
            chunks_of(range.len(), PROBED_CHUNK)
                .map(|chunk| {
                    let count = chunk.len() as u64;
                    let seeded = self.seed_probed(start + chunk.start..start + chunk.end);
                    progress.advance(count);
                    seeded
                })
                .reduce(Seeded::NONE, Seeded::sum)
        } else {
            chunks(range.len())
                .map(|chunk| {
                    let count = chunk.len() as u64;
                    let mut decoder = Decoder::new(self.layout);
                    let mut capture_moves = Vec::new();
                    let mut seeded = Seeded::NONE();
                    for entry in chunk {
                        let entry = (start + entry) as u64;
                        seeded.count(self.seed(&mut decoder, &mut capture_moves, entry));
                    }
                    progress.advance(count);
                    seeded
                })
                .reduce(Seeded::NONE, Seeded::sum)
        };
        self.check_reads()?;
        Ok(seeded)
    }

    /// The smaller table of a capture of a piece of `color` and `kind`.
    pub(super) fn table_of(&self, color: usize, kind: usize) -> &SubTable {
        self.captures[color][kind]
            .as_ref()
            .expect("every capturable piece has its table")
    }

    /// The values `captures` (legal capture moves of `position`) lead to,
    /// read from the smaller tables.
    pub(super) fn capture_values(&self, position: &Position, captures: &[Move]) -> CaptureValues {
        let mut values = CaptureValues::NONE;
        for &mv in captures {
            let Some(victim) = position.piece_at(mv.to()) else {
                continue;
            };
            let table = self.table_of(victim.color as usize, victim.kind as usize);
            let after = position.play(mv);
            match table.lookup(&after) {
                Ok(Some(dtm)) => values.add(dtm),
                Ok(None) => {
                    self.broken_capture
                        .get_or_init(|| (table.material, after.fen()));
                }
                Err(error) => self.read_failed(error),
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
        self.settle_seed(entry, quiet, &values)
    }

    /// Writes the cell of `entry` (legal, with `quiet` non-captures and
    /// at least one move) from what its captures lead to.
    fn settle_seed(&self, entry: u64, quiet: u32, values: &CaptureValues) -> Seed {
        let saves = values.fastest_win.is_some() || values.draws;
        let scheduled = if let Some(win) = values.fastest_win {
            Some((win, values.fastest_win_by_rule))
        } else if quiet == 0 && !values.draws {
            Some((values.slowest_loss, values.slowest_loss_by_rule))
        } else {
            None
        };
        self.cells.cell(entry).store(match scheduled {
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

    /// Seeds the entries `entries` (all held), reading their captures'
    /// values in index order.
    fn seed_probed(&self, entries: Range<usize>) -> Seeded {
        let mut decoder = Decoder::new(self.layout);
        let mut capture_moves = Vec::new();
        let mut seeded = Seeded::NONE();
        let mut waiting: Vec<Waiting> = Vec::new();
        let mut requests: Vec<Request> = Vec::with_capacity(REQUESTS + 128);
        for entry in entries {
            let entry = entry as u64;
            let (side, index) = self.side_and_index(entry);
            let Some(position) = decoder.position(side, index) else {
                self.cells.cell(entry).store(Cell::ILLEGAL);
                continue;
            };
            let quiet = census(position, &mut capture_moves);
            if capture_moves.is_empty() {
                let seed = if quiet == 0 {
                    self.cells.cell(entry).store(Cell::scheduled(0, false));
                    Seed::Scheduled(0)
                } else {
                    self.settle_seed(entry, quiet, &CaptureValues::NONE)
                };
                seeded.count(seed);
                continue;
            }
            for &mv in &capture_moves {
                let Some(victim) = position.piece_at(mv.to()) else {
                    continue;
                };
                let (color, kind) = (victim.color as usize, victim.kind as usize);
                match self.table_of(color, kind).slot(&position.play(mv)) {
                    Ok((side, index)) => requests.push(Request {
                        table: (color * 7 + kind) as u8,
                        side,
                        index,
                        waiting: waiting.len() as u32,
                        mv,
                    }),
                    Err(error) => self.read_failed(error),
                }
            }
            waiting.push(Waiting {
                entry,
                quiet,
                values: CaptureValues::NONE,
            });
            if requests.len() >= REQUESTS {
                self.read_requests(&mut requests, &mut waiting, &mut decoder);
            }
        }
        self.read_requests(&mut requests, &mut waiting, &mut decoder);
        for waiting in waiting {
            seeded.count(self.settle_seed(waiting.entry, waiting.quiet, &waiting.values));
        }
        seeded
    }

    /// Reads the values `requests` ask for, table by table in index
    /// order, into their waiting entries; empties `requests`.
    fn read_requests(
        &self,
        requests: &mut Vec<Request>,
        waiting: &mut [Waiting],
        decoder: &mut Decoder,
    ) {
        requests.sort_unstable_by_key(|request| (request.table, request.side as u8, request.index));
        let mut indices = Vec::new();
        let mut codes = Vec::new();
        for run in requests.chunk_by(|a, b| (a.table, a.side) == (b.table, b.side)) {
            let first = run[0];
            let table = self.table_of(usize::from(first.table / 7), usize::from(first.table % 7));
            indices.clear();
            indices.extend(run.iter().map(|request| request.index));
            codes.clear();
            if let Err(error) = table.codes(first.side, &indices, &mut codes) {
                self.read_failed(error);
                continue;
            }
            for (request, &code) in run.iter().zip(&codes) {
                let waiting = &mut waiting[request.waiting as usize];
                match Dtm::from_code(code) {
                    Some(dtm) => waiting.values.add(dtm),
                    None => {
                        let (side, index) = self.side_and_index(waiting.entry);
                        if let Some(position) = decoder.position(side, index) {
                            let after = position.play(request.mv);
                            self.broken_capture
                                .get_or_init(|| (table.material, after.fen()));
                        }
                    }
                }
            }
        }
        requests.clear();
    }
}

/// What seeding made of an entry.
#[derive(Clone, Copy)]
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
    use crate::captures::{capturable, Captures, Source, SubTable};
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
                source: Source::Whole(Arc::new(Table::from_codes(layout, RuleSet::Asian, codes))),
                material: canonical,
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
