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
mod memory;
mod retro;
mod seed;

use std::sync::atomic::{AtomicU16, AtomicU8, Ordering::Relaxed};
use std::sync::OnceLock;

use crate::xiangqi::{Bitboard, Color};

use super::table::Captures;
use super::{Layout, Material, Progress, TbError};

const UNRESOLVED: u16 = u16::MAX;
const ILLEGAL: u16 = u16::MAX - 1;

/// A capture wins: the entry is a win at the scheduled level or sooner.
const CAPTURE_WINS: u8 = 1;
/// A capture draws: the entry is never lost.
const CAPTURE_DRAWS: u8 = 2;

/// What every phase works on: one cell of each array per entry, Red to
/// move first.
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

    /// Resolves `entry` at `level` unless something did so first.
    #[inline]
    fn claim(&self, entry: u32, level: u16) -> bool {
        let cell = &self.plies[entry as usize];
        cell.load(Relaxed) == UNRESOLVED
            && cell
                .compare_exchange(UNRESOLVED, level, Relaxed, Relaxed)
                .is_ok()
    }
}

/// Solves `layout`'s endgame given the tables one capture away; returns
/// value codes by side to move, or the mismatch that makes a smaller table
/// unusable.
pub(crate) fn solve(
    layout: &Layout,
    captures: &Captures,
    progress: &dyn Progress,
) -> Result<[Vec<u16>; 2], TbError> {
    let solver = Solver::new(layout)?;
    let seeded = solver.seed_all(captures, progress)?;
    solver.propagate_all(seeded, progress);
    Ok(solver.finish())
}
