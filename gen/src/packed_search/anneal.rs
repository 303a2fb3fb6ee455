//! Simulated annealing over factors: the moves, the schedule, and the
//! stand-alone search for squares that no gather factor fits.

use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::square::{CostWeights, Scratch, Square};
use crate::seed::{sparse_u64, stream};

/// Annealing steps for a square without a gather factor; corner squares,
/// whose 12 mask bits fill the whole window, get twice as many.
const STEPS: u64 = 100_000;

/// Start and end temperature, in used slots: early on a move may cost a few
/// hundred slots, at the end only a few.
const HOT: f64 = 300.0;
const COLD: f64 = 3.0;

/// A clash costs as much as this many used slots, so the walk may cross
/// colliding factors but never ends on one.
const CLASH_COST: f64 = 50.0;

/// Cost per slot of span besides the used slots: a narrow pattern packs
/// better. Corners use every slot of their window anyway, so they ignore it.
const SPAN_COST: f64 = 10.0;

/// Collision-free factors kept per square, for the table-aware annealing
/// to start from.
const KEEP: usize = 8;

/// A uniform number in `[0, 1)`.
pub fn unit(rng: &mut Xoshiro256PlusPlus) -> f64 {
    (rng.random::<u64>() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// The temperature after `step` of `steps`: geometric from `hot` to `cold`.
pub fn temperature(hot: f64, cold: f64, step: u64, steps: u64) -> f64 {
    let progress = step as f64 / steps as f64;
    hot * (cold / hot).powf(progress)
}

/// The acceptance limit for a move from a state costing `cost`: Metropolis
/// acceptance as a threshold, so a scan can stop once it passes it.
pub fn limit(cost: f64, temperature: f64, rng: &mut Xoshiro256PlusPlus) -> f64 {
    cost - temperature * (1.0 - unit(rng)).ln()
}

/// A small random change to a factor: flip, add, subtract or move bits.
pub fn mutate(factor: u64, rng: &mut Xoshiro256PlusPlus) -> u64 {
    let r = rng.random::<u64>();
    let bit = (r >> 8) as u32 % 64;
    let other_bit = (r >> 16) as u32 % 64;
    match r % 8 {
        0..=2 => factor ^ (1 << bit),
        3 => factor ^ (1 << bit) ^ (1 << other_bit),
        4 => factor.wrapping_add(1 << bit),
        5 => factor.wrapping_sub(1 << bit),
        6 => {
            let run_length = 2 + (r >> 16) as u32 % 7;
            factor ^ ((1u64 << run_length) - 1).rotate_left(bit)
        }
        _ => {
            // Move a set bit to a neighbour, or set a clear one.
            let step = if (r >> 20) & 1 == 0 { 1 } else { 63 };
            let chosen = 1u64 << bit;
            if factor & chosen != 0 {
                (factor & !chosen) | chosen.rotate_left(step)
            } else {
                factor ^ chosen
            }
        }
    }
}

/// The annealed candidates of each square in `squares`, by square; two
/// workers share the squares, each square with its own stream, so the
/// result does not depend on the split.
pub fn search_squares(seed: u64, squares: &[&Square]) -> Vec<(usize, Vec<u64>)> {
    const WORKERS: usize = 2;
    let mut found: Vec<(usize, Vec<u64>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..WORKERS)
            .map(|worker| {
                scope.spawn(move || {
                    squares
                        .iter()
                        .skip(worker)
                        .step_by(WORKERS)
                        .map(|square| (square.index, search_square(seed, square)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("an annealing worker does not panic"))
            .collect()
    });
    found.sort_by_key(|&(index, _)| index);
    found
}

/// Anneals `square`'s factor for a small pattern (few used slots, narrow
/// span); returns up to [`KEEP`] distinct collision-free factors, best
/// first.
fn search_square(seed: u64, square: &Square) -> Vec<u64> {
    let corner = square.mask.count_ones() == square.slider.index_bits();
    let steps = if corner { 2 * STEPS } else { STEPS };
    let weights = CostWeights {
        span: if corner { 0.0 } else { SPAN_COST },
        clash: CLASH_COST,
    };
    let score = |used: u32, span: u32| used as f64 + weights.span * span as f64;
    let mut rng = stream(seed, "chess-rook-fixed-magic", square.index as u64);
    let mut scratch = Scratch::new(square.slider);
    let (mut factor, mut cost) = loop {
        let factor = sparse_u64(&mut rng);
        let usage = scratch.evaluate(square, factor, 0);
        if usage.clashes == 0 {
            break (factor, score(usage.used, usage.span()));
        }
    };
    let mut best = vec![(cost, factor)];
    for step in 0..steps {
        let temperature = temperature(HOT, COLD, step, steps);
        let next = mutate(factor, &mut rng);
        let limit = limit(cost, temperature, &mut rng);
        let Some(usage) = scratch.evaluate_within(square, next, weights, limit) else {
            continue;
        };
        factor = next;
        cost = score(usage.used, usage.span()) + weights.clash * usage.clashes as f64;
        if usage.clashes == 0 {
            keep(&mut best, score(usage.used, usage.span()), next);
        }
    }
    best.into_iter().map(|(_, factor)| factor).collect()
}

/// Inserts `factor` into the sorted list `best` if it is new and beats the
/// worst kept (or there is room).
fn keep(best: &mut Vec<(f64, u64)>, score: f64, factor: u64) {
    let worst = best.last().map_or(f64::INFINITY, |&(score, _)| score);
    if (best.len() < KEEP || score < worst) && !best.iter().any(|&(_, kept)| kept == factor) {
        let at = best.partition_point(|&(kept, _)| kept <= score);
        best.insert(at, (score, factor));
        best.truncate(KEEP);
    }
}
