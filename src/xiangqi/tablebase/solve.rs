//! Retrograde analysis with un-moves and successor counters.
//!
//! 1. *Seeding* (one parallel pass over the index): every legal entry
//!    counts its non-capture moves. Captures lead into smaller endgames,
//!    already solved, so their values are read at once and summarised
//!    per entry: the fastest win a capture gives, whether one draws, and
//!    the slowest loss. Entries with no legal move are lost now (level 0);
//!    a winning capture schedules a win at its distance; an entry whose
//!    only moves are losing captures schedules a loss.
//! 2. *Propagation*, level by level (level `n` = entries resolved with
//!    distance `n`): each entry resolved at `n` is un-moved. A predecessor
//!    of a loss is a win at `n + 1`. A predecessor of a win counts one
//!    more successor lost for it; when its counter reaches zero and no
//!    capture draws or wins, it is lost at `max(n + 1, slowest losing
//!    capture)`. Scheduled entries join their level unless already
//!    resolved sooner.
//! 3. Entries never resolved are draws.
//!
//! Within a level every entry is handled in parallel: values are atomics
//! claimed by compare-and-swap, counters are atomic decrements, so the
//! result does not depend on the order threads run in.
//!
//! Mirror folding: an entry stands for a position and (when its pair is
//! folded) its mirror image. Un-moves are generated from both, and a
//! predecessor is kept only when it is itself in stored orientation, so
//! each move of a stored position is counted exactly once.

use std::sync::atomic::{AtomicU16, AtomicU8, Ordering::Relaxed};
use std::sync::OnceLock;

use rayon::prelude::*;

use crate::xiangqi::{Bitboard, Color, Move, Piece, PieceKind};

use super::census::census;
use super::index::Decoder;
use super::table::Captures;
use super::unmove::for_each_predecessor;
use super::value::{Value, BROKEN, DRAW, DTM_BASE};
use super::{Layout, Material, Progress, TbError};

const UNRESOLVED: u16 = u16::MAX;
const ILLEGAL: u16 = u16::MAX - 1;

/// A capture wins: the entry is a win at the scheduled level or sooner.
const CAPTURE_WINS: u8 = 1;
/// A capture draws: the entry is never lost.
const CAPTURE_DRAWS: u8 = 2;

/// Entries handled per parallel task.
const CHUNK: usize = 4096;

struct Solver<'a> {
    layout: &'a Layout,
    per_side: usize,
    pawn_squares: [Bitboard; 2],
    /// Distance to mate once resolved, else `UNRESOLVED` or `ILLEGAL`.
    plies: Vec<AtomicU16>,
    /// Non-capture moves not yet known to lose.
    unknown_moves: Vec<AtomicU8>,
    capture_flags: Vec<AtomicU8>,
    /// One more than the longest win a capture concedes, or 0.
    slowest_capture_loss: Vec<AtomicU16>,
    /// The first capture whose smaller table calls a legal position
    /// illegal: such a table (a doctored file) cannot be built upon.
    broken_capture: OnceLock<(Material, String)>,
}

/// An entry to resolve at a later level: `(entry, level)`.
type Scheduled = (u32, u16);

impl Solver<'_> {
    fn side_and_index(&self, entry: u32) -> (Color, u32) {
        let per_side = self.per_side as u32;
        if entry < per_side {
            (Color::Red, entry)
        } else {
            (Color::Black, entry - per_side)
        }
    }

    fn entry(&self, side: Color, index: u32) -> u32 {
        side as u32 * self.per_side as u32 + index
    }

    /// Seeds one entry; returns when it must be resolved by itself.
    fn seed(
        &self,
        decoder: &mut Decoder,
        capture_moves: &mut Vec<Move>,
        entry: u32,
        captures: &Captures,
    ) -> Option<u16> {
        let (side, index) = self.side_and_index(entry);
        let slot = entry as usize;
        let Some(position) = decoder.position(side, index) else {
            self.plies[slot].store(ILLEGAL, Relaxed);
            return None;
        };
        let quiet = census(position, capture_moves);
        if quiet == 0 && capture_moves.is_empty() {
            return Some(0);
        }
        let quiet = quiet as u8;
        let mut fastest_win = u16::MAX;
        let mut draws = false;
        let mut slowest_loss = 0;
        for &mv in capture_moves.iter() {
            let Some(victim) = position.piece_at(mv.to()) else {
                continue;
            };
            let table = captures[victim.color as usize][victim.kind as usize]
                .as_deref()
                .expect("every capturable piece has its table");
            let after = position.play(mv);
            let Some(value) = table.lookup(&after).ok().flatten() else {
                self.broken_capture
                    .get_or_init(|| (table.material(), after.fen()));
                continue;
            };
            match value {
                Value::Loss(plies) => fastest_win = fastest_win.min(plies + 1),
                Value::Draw => draws = true,
                Value::Win(plies) => slowest_loss = slowest_loss.max(plies + 1),
            }
        }
        self.unknown_moves[slot].store(quiet, Relaxed);
        let flags = if fastest_win != u16::MAX {
            CAPTURE_WINS
        } else {
            0
        } | if draws { CAPTURE_DRAWS } else { 0 };
        self.capture_flags[slot].store(flags, Relaxed);
        self.slowest_capture_loss[slot].store(slowest_loss, Relaxed);
        if fastest_win != u16::MAX {
            Some(fastest_win)
        } else if quiet == 0 && !draws {
            Some(slowest_loss)
        } else {
            None
        }
    }

    /// Resolves `entry` at `level` unless something did so first.
    #[inline]
    fn claim(&self, entry: u32, level: u16) -> bool {
        let cell = &self.plies[entry as usize];
        cell.load(Relaxed) == UNRESOLVED
            && cell
                .compare_exchange(UNRESOLVED, level, Relaxed, Relaxed)
                .is_ok()
    }

    /// The stored-orientation predecessors of `entry` (resolved at
    /// `level`), each told what that means for it.
    fn propagate(
        &self,
        decoder: &mut Decoder,
        entry: u32,
        level: u16,
        next: &mut Vec<u32>,
        later: &mut Vec<Scheduled>,
    ) {
        let (side, index) = self.side_and_index(entry);
        let position = decoder
            .placed(side, index)
            .expect("resolved entries are legal");
        let lost = level % 2 == 0;
        let visit = |before: u32| {
            let predecessor = self.entry(!side, before);
            if lost {
                if self.claim(predecessor, level + 1) {
                    next.push(predecessor);
                }
                return;
            }
            let p = predecessor as usize;
            if self.unknown_moves[p].fetch_sub(1, Relaxed) != 1
                || self.capture_flags[p].load(Relaxed) != 0
            {
                return;
            }
            let at = (level + 1).max(self.slowest_capture_loss[p].load(Relaxed));
            if at == level + 1 {
                if self.claim(predecessor, at) {
                    next.push(predecessor);
                }
            } else {
                later.push((predecessor, at));
            }
        };
        for_each_predecessor(self.layout, index, position, &self.pawn_squares, visit);
    }
}

fn pawn_squares(layout: &Layout) -> [Bitboard; 2] {
    Color::ALL.map(|color| {
        layout
            .domain_of(Piece {
                color,
                kind: PieceKind::Pawn,
            })
            .map_or(Bitboard::EMPTY, |domain| domain.squares())
    })
}

/// Working memory per entry: the four per-entry arrays of [`Solver`].
const BYTES_PER_ENTRY: u64 = 6;

/// `n` values made by `make`, or `None` if the memory cannot be had (an
/// endgame near [`super::MAX_ENTRIES`] on a small machine), so that the
/// caller reports it instead of the process aborting.
fn filled<T>(n: usize, make: impl Fn() -> T) -> Option<Vec<T>> {
    let mut values = Vec::new();
    values.try_reserve_exact(n).ok()?;
    values.extend((0..n).map(|_| make()));
    Some(values)
}

/// Solves `layout`'s endgame given the tables one capture away; returns
/// value codes by side to move, or the mismatch that makes a smaller table
/// unusable.
pub(crate) fn solve(
    layout: &Layout,
    captures: &Captures,
    progress: &dyn Progress,
) -> Result<[Vec<u16>; 2], TbError> {
    let per_side = layout.per_side() as usize;
    let total = per_side * 2;
    let out_of_memory = || TbError::OutOfMemory {
        material: layout.material(),
        bytes: total as u64 * BYTES_PER_ENTRY,
    };
    let solver = Solver {
        layout,
        per_side,
        pawn_squares: pawn_squares(layout),
        plies: filled(total, || AtomicU16::new(UNRESOLVED)).ok_or_else(out_of_memory)?,
        unknown_moves: filled(total, || AtomicU8::new(0)).ok_or_else(out_of_memory)?,
        capture_flags: filled(total, || AtomicU8::new(0)).ok_or_else(out_of_memory)?,
        slowest_capture_loss: filled(total, || AtomicU16::new(0)).ok_or_else(out_of_memory)?,
        broken_capture: OnceLock::new(),
    };

    progress.start(&format!("{} seed", layout.material()), total as u64);
    let seeded: Vec<Vec<Scheduled>> = (0..total.div_ceil(CHUNK))
        .into_par_iter()
        .map(|chunk| {
            let range = chunk * CHUNK..total.min((chunk + 1) * CHUNK);
            let count = range.len() as u64;
            let mut decoder = Decoder::new(layout);
            let mut capture_moves = Vec::new();
            let scheduled = range
                .filter_map(|entry| {
                    let entry = entry as u32;
                    solver
                        .seed(&mut decoder, &mut capture_moves, entry, captures)
                        .map(|level| (entry, level))
                })
                .collect();
            progress.advance(count);
            scheduled
        })
        .collect();
    progress.finish();
    if let Some((material, fen)) = solver.broken_capture.get() {
        return Err(TbError::Mismatch {
            material: *material,
            fen: fen.clone(),
            stored: None,
            expected: None,
        });
    }

    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let schedule = |buckets: &mut Vec<Vec<u32>>, (entry, level): Scheduled| {
        let level = usize::from(level);
        if buckets.len() <= level {
            buckets.resize_with(level + 1, Vec::new);
        }
        buckets[level].push(entry);
    };
    for (entry, level) in seeded.into_iter().flatten() {
        schedule(&mut buckets, (entry, level));
    }

    // Draws are never resolved, so the bar stops short of the end by them.
    let legal = solver
        .plies
        .iter()
        .filter(|cell| cell.load(Relaxed) != ILLEGAL)
        .count();
    progress.start(&format!("{} retro", layout.material()), legal as u64);
    let mut level = 0u16;
    let mut frontier: Vec<u32> = Vec::new();
    loop {
        if let Some(bucket) = buckets.get_mut(usize::from(level)) {
            frontier.extend(
                std::mem::take(bucket)
                    .into_iter()
                    .filter(|&entry| solver.claim(entry, level)),
            );
        }
        if frontier.is_empty() && buckets.len() <= usize::from(level) + 1 {
            break;
        }
        progress.advance(frontier.len() as u64);
        let (next, later) = frontier
            .par_chunks(256)
            .map(|chunk| {
                let (mut next, mut later) = (Vec::new(), Vec::new());
                let mut decoder = Decoder::new(layout);
                for &entry in chunk {
                    solver.propagate(&mut decoder, entry, level, &mut next, &mut later);
                }
                (next, later)
            })
            .reduce(
                || (Vec::new(), Vec::new()),
                |(mut next, mut later), (more_next, more_later)| {
                    next.extend(more_next);
                    later.extend(more_later);
                    (next, later)
                },
            );
        for scheduled in later {
            schedule(&mut buckets, scheduled);
        }
        frontier = next;
        level += 1;
    }
    progress.finish();

    let codes: Vec<u16> = solver
        .plies
        .into_iter()
        .map(|cell| match cell.into_inner() {
            ILLEGAL => BROKEN,
            UNRESOLVED => DRAW,
            plies => plies + DTM_BASE,
        })
        .collect();
    let mut red = codes;
    let black = red.split_off(per_side);
    Ok([red, black])
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::super::table::capturable;
    use super::super::{Quiet, Table, Tablebase};
    use super::*;

    #[test]
    fn memory_that_cannot_be_had_is_none() {
        assert!(filled(usize::MAX / 2, || 0u16).is_none());
        assert_eq!(filled(3, || 7u8), Some(vec![7, 7, 7]));
    }

    /// A smaller table that calls legal positions illegal (a doctored file
    /// with a valid checksum) stops the solve with an error, not a panic.
    #[test]
    fn a_broken_smaller_table_is_an_error() {
        let material: Material = "KRKA".parse().unwrap();
        let tablebase = Tablebase::in_memory();
        tablebase.generate(&material, &Quiet).unwrap();
        let mut captures = Captures::default();
        for piece in capturable(&material) {
            let smaller = material.without(piece.color, piece.kind).unwrap();
            let table = tablebase.table(&smaller).unwrap();
            let layout = Arc::new(table.layout().clone());
            // Every entry marked illegal.
            let codes =
                [Color::Red, Color::Black].map(|side| vec![BROKEN; table.codes(side).len()]);
            captures[piece.color as usize][piece.kind as usize] =
                Some(Arc::new(Table::new(layout, codes)));
        }
        let layout = Layout::new(material).unwrap();
        let error = solve(&layout, &captures, &Quiet).unwrap_err();
        assert!(
            matches!(error, TbError::Mismatch { stored: None, .. }),
            "{error}"
        );
    }
}
