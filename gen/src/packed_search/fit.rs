//! Fitting rook and bishop squares into the shared table: table-aware
//! annealing for the irregular squares, best-candidate first fit for the
//! rest.

use rand_xoshiro::Xoshiro256PlusPlus;

use super::anneal::{limit, mutate, temperature};
use super::square::{Scratch, Square, Usage};
use super::table::{Placement, Table};
use crate::seed::stream;

/// Start and end temperature, in table slots.
const HOT: f64 = 100.0;
const COLD: f64 = 1.0;

/// A clash costs as much as this many slots of growth.
const CLASH_COST: f64 = 50.0;

/// Cost per used slot: at equal growth, a sparser window leaves more room
/// for the squares placed after it.
const USED_COST: f64 = 0.3;

/// Offsets are tried from this far below the frontier: lower holes are
/// already too fragmented to matter, and skipping them saves time.
const LOOK_BACK: usize = 8192;

/// Independent annealing runs per square, each with its own stream, run
/// side by side; the cheapest placement wins.
const RUNS: usize = 2;

/// A placement with its annealing cost: the slots by which it pushes the
/// frontier, plus its used-slot and clash costs.
#[derive(Clone, Copy, Debug)]
struct Costed {
    placement: Placement,
    cost: f64,
}

/// The cheapest of [`RUNS`] annealing runs for `square` against `table`,
/// each starting from the best-fitting of `starts`.
pub fn anneal_into(
    seed: u64,
    table: &Table,
    square: &Square,
    starts: &[u64],
    steps: u64,
) -> Result<Placement, String> {
    let runs: Vec<Result<Costed, String>> = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..RUNS)
            .map(|run| {
                scope.spawn(move || {
                    // Room for 16 runs per square in the stream index.
                    let index = (square.index * 16 + run) as u64;
                    let mut rng = stream(seed, "chess-rook-fixed-magic-fit", index);
                    anneal_run(table, square, starts, steps, &mut rng)
                })
            })
            .collect();
        runs.into_iter()
            .map(|run| run.join().expect("an annealing run does not panic"))
            .collect()
    });
    let mut best: Option<Costed> = None;
    for run in runs {
        best = cheaper(best, run?);
    }
    best.map(|best| best.placement).ok_or_else(|| {
        format!(
            "{} square {}: no annealing run finished",
            square.slider.name(),
            square.index
        )
    })
}

/// `candidate` if it costs less than `best` (the earlier wins ties).
fn cheaper(best: Option<Costed>, candidate: Costed) -> Option<Costed> {
    match best {
        Some(best) if best.cost <= candidate.cost => Some(best),
        _ => Some(candidate),
    }
}

/// `square`'s first fit under `factor`, scanned into `scratch` as `usage`,
/// at or above `lowest_offset`, with its annealing cost.
fn costed_fit(
    table: &Table,
    scratch: &Scratch,
    usage: &Usage,
    factor: u64,
    lowest_offset: usize,
) -> Costed {
    let offset = table.first_fit(&scratch.pattern, usage.lowest as usize, lowest_offset);
    let end = offset + usage.highest as usize + 1;
    let growth = end.saturating_sub(table.frontier);
    Costed {
        placement: Placement { factor, offset },
        cost: growth as f64 + USED_COST * usage.used as f64 + CLASH_COST * usage.clashes as f64,
    }
}

/// One annealing walk: the cost of a factor is how far its first fit pushes
/// the frontier, plus [`USED_COST`] per used slot and [`CLASH_COST`] per
/// clash. Returns the cheapest collision-free placement seen.
fn anneal_run(
    table: &Table,
    square: &Square,
    starts: &[u64],
    steps: u64,
    rng: &mut Xoshiro256PlusPlus,
) -> Result<Costed, String> {
    let mut scratch = Scratch::new(square.slider);
    let lowest_offset = table.frontier.saturating_sub(LOOK_BACK);
    let mut best: Option<Costed> = None;
    for &factor in starts {
        let usage = scratch.evaluate(square, factor, 0);
        if usage.clashes == 0 {
            best = cheaper(
                best,
                costed_fit(table, &scratch, &usage, factor, lowest_offset),
            );
        }
    }
    let mut best = best.ok_or_else(|| {
        format!(
            "{} square {}: no collision-free factor to start from",
            square.slider.name(),
            square.index
        )
    })?;
    let mut current = best;
    for step in 0..steps {
        let temperature = temperature(HOT, COLD, step, steps);
        let factor = mutate(current.placement.factor, rng);
        let limit = limit(current.cost, temperature, rng);
        let max_clashes = (limit / CLASH_COST) as u32;
        let usage = scratch.evaluate(square, factor, max_clashes);
        if usage.clashes > max_clashes {
            continue;
        }
        let next = costed_fit(table, &scratch, &usage, factor, lowest_offset);
        if next.cost <= limit {
            current = next;
            if usage.clashes == 0 && next.cost < best.cost {
                best = next;
            }
        }
    }
    Ok(best)
}

/// The candidate of `square` that first-fits best into `table`, given that
/// the windows placed so far end at `windows_end`: the one that ends the
/// table lowest (counting whole windows), then whose used slots end lowest,
/// then the lowest offset.
pub fn best_candidate(
    table: &Table,
    square: &Square,
    candidates: &[u64],
    windows_end: usize,
) -> Result<Placement, String> {
    let mut scratch = Scratch::new(square.slider);
    let mut best: Option<((usize, usize, usize), Placement)> = None;
    for &factor in candidates {
        let usage = scratch.evaluate(square, factor, 0);
        if usage.clashes != 0 {
            continue;
        }
        let offset = table.first_fit(&scratch.pattern, usage.lowest as usize, 0);
        let used_end = offset + usage.highest as usize + 1;
        let table_end = used_end
            .max(table.frontier)
            .max(windows_end)
            .max(offset + square.window());
        let rank = (table_end, used_end, offset);
        if best.is_none_or(|(best, _)| rank < best) {
            best = Some((rank, Placement { factor, offset }));
        }
    }
    best.map(|(_, placement)| placement).ok_or_else(|| {
        format!(
            "{} square {}: no collision-free candidate",
            square.slider.name(),
            square.index
        )
    })
}
