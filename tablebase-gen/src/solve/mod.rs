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
//! `seed`, `retro` and `finish` are steps 1 to 3, and `rules` the rule
//! rounds after them. `cell` says what an entry's cell holds in each
//! state; `frontier` holds a level's entries, `bitset` is the bit-per-entry
//! set it and the rule rounds are built on, and `parallel` cuts a pass
//! over the entries into tasks. `spill` runs steps 1 to 3 and the rule
//! rounds out of core, a partition of the entries at a time, when the
//! arrays do not fit the memory limit.

mod bitset;
mod bucket;
mod cell;
mod finish;
mod frontier;
mod memory;
mod parallel;
mod retro;
mod rules;
mod seed;
mod spill;

use std::sync::OnceLock;

use qiboard::xiangqi::Color;

use crate::captures::Captures;
use crate::{GenerateError, Progress};
use bitset::AtomicBits;
use bucket::Bucket;
use cell::{AtomicCell, Cell};
use qiboard_tablebase::{Layout, Material, RuleSet};
#[cfg(test)]
pub(crate) use rules::apply_to as rule_rounds_apply;
pub(crate) use spill::{solve_spilled, Partitions};

/// What every phase works on: one cell per entry, Red to move first.
struct Solver<'a> {
    layout: &'a Layout,
    captures: &'a Captures,
    per_side: usize,
    /// The first entry [`Solver::plies`] holds: 0 in memory, where it holds
    /// every entry; out of core, the first of the partition in memory (see
    /// `spill`).
    base: u64,
    /// Each entry's state: its level once resolved, else what it waits
    /// for (its moves not yet known to lose among it), or that it is
    /// illegal.
    plies: Vec<AtomicCell>,
    /// Out of core, the entries resolved to mate at the level being
    /// propagated: what [`Solver::plies`] answers in memory, for entries
    /// outside the partition held.
    to_mate: Option<AtomicBits>,
    /// The first capture whose smaller table calls a legal position
    /// illegal: such a table (a doctored file) cannot be built upon.
    broken_capture: OnceLock<(Material, String)>,
    /// During a rule round's propagation and until the next round's
    /// candidates are found (`None` otherwise), one bit per entry:
    /// propagation counted one of its moves lost, so the next round looks
    /// at it again.
    touched: Option<AtomicBits>,
    /// How many entries are legal, once counted.
    legal: OnceLock<u64>,
    /// Out of core, during a rule round's search for candidates and
    /// cycles: the entries still unresolved, which [`Solver::plies`]
    /// answers in memory.
    open_entries: Option<AtomicBits>,
}

/// What a propagation resolves values for, which says what they owe to
/// the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Propagation {
    /// The solve without rules: a distance counts to a rule decision only
    /// through a capture into a smaller table's rule-decided value.
    WithoutRules,
    /// A rule round: every value it resolves is the rules' doing (a draw
    /// without them), its distance counting through the round's decisions.
    RuleRound,
}

/// An entry to resolve at a later level: `(entry, level)`.
type Scheduled = (u64, u16);

/// Puts `entry` in the bucket of `level`.
fn schedule(buckets: &mut Vec<Bucket>, entry: u64, level: u16) {
    let level = usize::from(level);
    if buckets.len() <= level {
        buckets.resize_with(level + 1, Bucket::default);
    }
    buckets[level].push(entry);
}

impl Solver<'_> {
    fn side_and_index(&self, entry: u64) -> (Color, u64) {
        let per_side = self.per_side as u64;
        if entry < per_side {
            (Color::Red, entry)
        } else {
            (Color::Black, entry - per_side)
        }
    }

    fn entry(&self, side: Color, index: u64) -> u64 {
        side as u64 * self.per_side as u64 + index
    }

    /// Whether `entry`'s cell is among those held.
    #[inline]
    fn holds(&self, entry: u64) -> bool {
        entry
            .checked_sub(self.base)
            .is_some_and(|i| i < self.plies.len() as u64)
    }

    /// `entry`'s cell, which must be in the entries held.
    #[inline]
    fn cell(&self, entry: u64) -> &AtomicCell {
        &self.plies[(entry - self.base) as usize]
    }

    /// Resolves `entry` with `cell` (a resolved one) unless something did
    /// so first; returns whether this call resolved it. A distance to mate
    /// wins a tie with the same distance to a rule decision, whichever
    /// thread came first, so that the result never depends on the order
    /// threads run in.
    #[inline]
    fn claim(&self, entry: u64, cell: Cell) -> bool {
        let slot = self.cell(entry);
        let mut current = slot.load();
        loop {
            let (replace, claimed) = if current.is_unresolved() {
                (true, true)
            } else {
                let same_level = current.is_resolved() && current.level() == cell.level();
                let to_mate = current.by_rule() && !cell.by_rule();
                (same_level && to_mate, false)
            };
            if !replace {
                return false;
            }
            match slot.compare_exchange_weak(current, cell) {
                Ok(_) => return claimed,
                Err(now) => current = now,
            }
        }
    }
}

/// Bytes of working memory a solve of `layout` takes per entry (the
/// cells, which the result reuses).
pub(crate) const BYTES_PER_ENTRY: u64 = 2;

/// The working memory a solve of `layout` under `rules` asks for, in
/// bytes: the arrays, the two bitsets of retrograde levels, and when rule
/// rounds run, their three bitsets (touched entries, and the reach
/// search's two) and as much again for the candidates and their graph
/// (KRNKR under the rules peaks 43 MB above its peak without them, the
/// bitsets 25 MB of it).
pub(crate) fn working_bytes(layout: &Layout, rules: RuleSet) -> u64 {
    working_bytes_for(layout.material(), layout.per_side() * 2, rules)
}

/// [`working_bytes`] of `material`'s endgame of `entries` entries, whose
/// index need not be built (a plan's sizes).
pub(crate) fn working_bytes_for(material: Material, entries: u64, rules: RuleSet) -> u64 {
    let bitsets = if rules == RuleSet::Asian && rules::apply_to(material) {
        2 + 3 + 3
    } else {
        2
    };
    entries
        .saturating_mul(BYTES_PER_ENTRY)
        .saturating_add(entries.div_ceil(8).saturating_mul(bitsets))
}

/// The endgames one capture away from `material`, each once, in stored
/// form.
pub(crate) fn needs(material: Material) -> Vec<Material> {
    let mut needs: Vec<Material> = material
        .captures()
        .iter()
        .map(Material::canonical)
        .collect();
    needs.sort_by_key(Material::packed);
    needs.dedup();
    needs
}

/// Bytes the tables one capture away from `material` take, each held
/// whole while it is solved (two bytes an entry): what a memory limit
/// must leave them (KNPAKAAE's five take 177 MiB beside its 204 MiB).
pub(crate) fn read_bytes(material: Material) -> u64 {
    needs(material)
        .into_iter()
        .map(|need| Layout::entries(need).saturating_mul(2))
        .fold(0, u64::saturating_add)
}

/// How a solve runs within a memory limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Working {
    /// Every entry in memory, in this many bytes ([`working_bytes`] and
    /// the tables it reads, [`read_bytes`]).
    InMemory(u64),
    /// A partition at a time (see `spill`), whose bytes count the tables
    /// it reads too.
    OutOfCore(Partitions),
}

impl Working {
    /// How `material`'s solve of `entries` entries under `rules` runs
    /// within `limit` bytes (in memory when there is none) beside the
    /// tables it reads ([`read_bytes`]), or `None` if it cannot: out of
    /// core needs a bit an entry and a partition's worth, and with rule
    /// rounds what their search takes (see `spill`).
    pub(crate) fn within(
        material: Material,
        entries: u64,
        rules: RuleSet,
        limit: Option<u64>,
    ) -> Option<Working> {
        let in_memory = working_bytes_for(material, entries, rules);
        let reads = read_bytes(material);
        match limit {
            Some(limit) if in_memory.saturating_add(reads) > limit => {
                let rule_rounds = rules == RuleSet::Asian && rules::apply_to(material);
                let budget = limit.checked_sub(reads)?;
                let mut partitions = Partitions::for_budget(entries, budget, rule_rounds)?;
                partitions.bytes += reads;
                Some(Working::OutOfCore(partitions))
            }
            _ => Some(Working::InMemory(in_memory.saturating_add(reads))),
        }
    }

    /// The bytes it takes, the tables it reads included.
    pub(crate) fn bytes(self) -> u64 {
        match self {
            Working::InMemory(bytes) => bytes,
            Working::OutOfCore(partitions) => partitions.bytes,
        }
    }
}

/// Solves `layout`'s endgame under `rules` given the tables one capture
/// away; returns value codes (Red to move, then Black), or the mismatch
/// that makes a smaller table unusable.
pub(crate) fn solve(
    layout: &Layout,
    captures: &Captures,
    rules: RuleSet,
    progress: &dyn Progress,
) -> Result<Vec<u16>, GenerateError> {
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
) -> Result<Vec<u16>, GenerateError> {
    let mut solver = Solver::new(layout, captures)?;
    let seeded = solver.seed_all(progress)?;
    solver.propagate_all(seeded, Propagation::WithoutRules, progress);
    if rules == RuleSet::Asian {
        solver.apply_rules(rounds, progress)?;
    }
    Ok(solver.finish())
}
