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
//!
//! The phases are this module's children: `memory` sets the arrays up,
//! `seed`, `retro` and `finish` are steps 1 to 3.

mod finish;
mod frontier;
mod memory;
mod retro;
mod rules;
mod seed;

use std::sync::atomic::{AtomicU16, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::OnceLock;

use qiboard::xiangqi::{Bitboard, Color};

use crate::table::Captures;
use crate::{Layout, Material, Progress, RuleSet, TbError};

/// A cell that holds no legal position.
const ILLEGAL: u16 = u16::MAX;
/// Cells from here up (except [`ILLEGAL`]) are not resolved (yet): a draw
/// if they stay so. The bits below [`DISTANCE`] hold the slowest loss, in
/// plies, that the entry's captures concede (0 if none): what it is lost
/// at, at the soonest, once its non-captures all lose. Keeping it in the
/// cell saves a byte per entry.
const UNRESOLVED: u16 = 0x8000;
/// In an unresolved cell: seeding scheduled the entry at the level in the
/// distance bits (instead of holding its slowest capture loss, which such
/// an entry never needs).
const PENDING: u16 = 0x4000;
/// In an unresolved cell: the distance bits count to a rule decision (a
/// capture leads into a smaller table's rule-decided value).
const NOTE_RULE: u16 = 0x2000;
/// The distance bits of a cell.
const DISTANCE: u16 = 0x1fff;

/// In a resolved cell: the distance counts to a rule decision (the value
/// was decided in a rule round, or comes from one through its best line).
const BY_RULE: u16 = 0x4000;
/// In a resolved cell: resolved in a rule round, so a draw without the
/// rules (given the same smaller tables).
const CHANGED: u16 = 0x2000;

/// Whether `cell` is not resolved yet.
#[inline]
fn unresolved(cell: u16) -> bool {
    cell & UNRESOLVED != 0 && cell != ILLEGAL
}

/// In a move counter: some capture draws (or wins), so the entry is never
/// lost; the low bits count the non-captures not yet known to lose (at
/// most 119 legal moves fit in seven bits).
const CAPTURE_SAVES: u8 = 0x80;
const COUNT: u8 = 0x7f;

/// What every phase works on: one cell of each array per entry, Red to
/// move first.
struct Solver<'a> {
    layout: &'a Layout,
    captures: &'a Captures,
    per_side: usize,
    pawn_squares: [Bitboard; 2],
    /// The level once resolved (with [`BY_RULE`]), else [`UNRESOLVED`]
    /// with the slowest capture loss, or [`ILLEGAL`].
    plies: Vec<AtomicU16>,
    /// Non-capture moves not yet known to lose, and [`CAPTURE_SAVES`].
    moves: Vec<AtomicU8>,
    /// The first capture whose smaller table calls a legal position
    /// illegal: such a table (a doctored file) cannot be built upon.
    broken_capture: OnceLock<(Material, String)>,
    /// During rule rounds, one bit per entry: propagation counted one of
    /// its moves lost, so the next round looks at it again. Once the next
    /// round's candidates are found, the bits have served, and the cycle
    /// search borrows them for its membership test until the round's
    /// propagation clears them.
    touched: Vec<AtomicU64>,
    /// How many entries are legal, once counted.
    legal: OnceLock<u64>,
}

/// An entry to resolve at a later level: `(entry, level)`.
type Scheduled = (u32, u16);

/// Puts `entry` in the bucket of `level`.
fn schedule(buckets: &mut Vec<Vec<u32>>, entry: u32, level: u16) {
    let level = usize::from(level);
    if buckets.len() <= level {
        buckets.resize_with(level + 1, Vec::new);
    }
    buckets[level].push(entry);
}

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

    /// Resolves `entry` with `cell` (a level, with [`BY_RULE`] and
    /// [`CHANGED`] as they apply) unless something did so first; returns
    /// whether this call resolved it. A distance to mate wins a tie with
    /// the same distance to a rule decision, whichever thread came first,
    /// so that the result never depends on the order threads run in.
    #[inline]
    fn claim(&self, entry: u32, cell: u16) -> bool {
        let slot = &self.plies[entry as usize];
        let mut current = slot.load(Relaxed);
        loop {
            let (replace, claimed) = if unresolved(current) {
                (true, true)
            } else {
                let same_level = current & DISTANCE == cell & DISTANCE;
                let to_mate = current & BY_RULE != 0 && cell & BY_RULE == 0;
                (current != ILLEGAL && same_level && to_mate, false)
            };
            if !replace {
                return false;
            }
            match slot.compare_exchange_weak(current, cell, Relaxed, Relaxed) {
                Ok(_) => return claimed,
                Err(now) => current = now,
            }
        }
    }
}

/// Bytes of working memory a solve of `layout` takes per entry (the
/// solver's arrays; the result reuses the first).
pub(crate) const BYTES_PER_ENTRY: u64 = 3;

/// The working memory a solve of `layout` under `rules` asks for, in
/// bytes: the arrays, the two bitsets of retrograde levels, and when rule
/// rounds run, their three bitsets (touched entries, and the reach
/// search's two) and as much again for the candidates and their graph
/// (KRNKR under the rules peaks 43 MB above its peak without them, the
/// bitsets 25 MB of it).
pub(crate) fn working_bytes(layout: &Layout, rules: RuleSet) -> u64 {
    let entries = layout.per_side() * 2;
    let bitsets = if rules == RuleSet::Asian && rules::apply_to(layout.material()) {
        2 + 3 + 3
    } else {
        2
    };
    entries * BYTES_PER_ENTRY + entries.div_ceil(8) * bitsets
}

/// Solves `layout`'s endgame under `rules` given the tables one capture
/// away; returns value codes (Red to move, then Black), or the mismatch
/// that makes a smaller table unusable.
pub(crate) fn solve(
    layout: &Layout,
    captures: &Captures,
    rules: RuleSet,
    progress: &dyn Progress,
) -> Result<Vec<u16>, TbError> {
    solve_with(layout, captures, rules, Rounds::Incremental, progress)
}

/// How rule rounds after the first choose the candidates they look at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rounds {
    /// Only those that can reach a candidate found afresh, when few are.
    Incremental,
    /// Every candidate (what the incremental rounds must agree with).
    #[cfg_attr(not(test), allow(dead_code))]
    Exhaustive,
}

fn solve_with(
    layout: &Layout,
    captures: &Captures,
    rules: RuleSet,
    rounds: Rounds,
    progress: &dyn Progress,
) -> Result<Vec<u16>, TbError> {
    let mut solver = Solver::new(layout, captures)?;
    let seeded = solver.seed_all(progress)?;
    solver.propagate_all(seeded, 0, progress);
    if rules == RuleSet::Asian {
        solver.apply_rules(rounds, progress);
    }
    Ok(solver.finish())
}
