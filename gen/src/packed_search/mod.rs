//! The long search behind the default seed's fixed-shift magics: factors
//! whose windows pack into one shared table far tighter than side by side.
//!
//! A fixed-shift window has `1 << index_bits` slots (4096 for rooks, 512
//! for bishops), but a square only uses the slots its occupancies hash to.
//! Squares whose used slots leave holes can be packed so that other
//! squares' windows fill those holes. The search runs in four stages:
//!
//! 1. **Gather factors.** For every square, factors are constructed that
//!    move each mask square to its own index bit (see `gather.rs`), so that
//!    they use one slot per occupancy in a regular, narrow pattern. The 64
//!    most compact collision-free ones are the square's candidates.
//! 2. **Annealing for squares without one.** Twelve rook squares (the
//!    eighth rank, a1, h1, a4 and h5) have no collision-free gather factor;
//!    simulated annealing looks for factors that use few slots in a narrow
//!    span. Each square has its own stream, so the two workers sharing them
//!    do not change the result.
//! 3. **Table-aware annealing for irregular squares.** Those squares, and
//!    every rook square whose best candidate spans more than 1.1 times its
//!    occupancies, are placed first, corners first: each anneals its factor
//!    against the table built so far, costing a factor by how far its first
//!    fit pushes the table's end. Two runs with their own streams anneal
//!    side by side and the cheaper wins.
//! 4. **Best-candidate first fit for the rest.** The remaining rook squares,
//!    widest first, then every bishop square, take the candidate whose
//!    first fit ends the table lowest.
//!
//! For the default seed the table has 104,833 entries, against 107,648 for
//! per-square slices side by side. It takes about 10 minutes on two cores
//! in release (603 s measured), almost all in stage 3, which is why it is
//! not part of any build: the build uses the cached result in
//! `chess/magic_cache.rs`, which the `pack-magics` binary rewrites
//! (`cargo run --release -p qiboard-gen --features search --bin pack-magics`)
//! and checks (`… -- --check`).
//!
//! Annealing draws on `ln` and `powf` from the platform's math library, so
//! the search reproduces the cache bit for bit where that library rounds as
//! glibc does (checked on x86-64 Linux). The cache itself is verified by
//! every build on every platform.

mod anneal;
mod fit;
mod gather;
mod square;
mod table;

use crate::chess::magics::{assemble, Magic, Slider, SliderTables};
use square::{Scratch, Square};
use table::{Placement, Table};

/// Annealing steps per irregular square in stage 3: the table shrinks
/// steadily with more (127,927 entries at 30,000 steps, 123,056 at
/// 150,000, 112,984 at 600,000), so this is where the time budget goes.
const FIT_STEPS: u64 = 1_500_000;

/// A rook square whose best candidate spans more than this many times its
/// number of occupancies is irregular: its holes are worth filling.
const IRREGULAR_SPAN: f64 = 1.1;

/// Rook and bishop magics, each square with its slider's fixed shift, whose
/// windows pack into one table, with that table (verified).
pub fn search(seed: u64) -> Result<SliderTables, String> {
    let (rook, bishop) = search_with(seed, FIT_STEPS)?;
    assemble(rook, bishop, seed)
}

/// [`search`] with `fit_steps` annealing steps per irregular square.
fn search_with(seed: u64, fit_steps: u64) -> Result<(Vec<Magic>, Vec<Magic>), String> {
    let rooks: Vec<Square> = (0..64)
        .map(|index| Square::new(Slider::Rook, index))
        .collect();
    let bishops: Vec<Square> = (0..64)
        .map(|index| Square::new(Slider::Bishop, index))
        .collect();
    let (rook_candidates, ungathered) = rook_candidates(seed, &rooks)?;
    let bishop_candidates: Vec<Vec<u64>> = bishops.iter().map(gather::candidates).collect();
    if let Some(index) = bishop_candidates.iter().position(Vec::is_empty) {
        return Err(format!("bishop square {index}: no gather factor"));
    }

    let spans = best_spans(&rooks, &rook_candidates);
    let irregular = irregular_order(&rooks, &spans, &ungathered);
    let mut table = Table::new();
    let mut rook_placements = vec![Placement::default(); 64];
    for &index in &irregular {
        let square = &rooks[index];
        let placement = fit::anneal_into(seed, &table, square, &rook_candidates[index], fit_steps)?;
        table.place(square, placement)?;
        rook_placements[index] = placement;
    }

    let mut windows_end = irregular
        .iter()
        .map(|&index| rook_placements[index].offset + Slider::Rook.window())
        .fold(table.frontier, usize::max);
    let mut place_best = |square: &Square, candidates: &[u64]| -> Result<Placement, String> {
        let placement = fit::best_candidate(&table, square, candidates, windows_end)?;
        table.place(square, placement)?;
        windows_end = windows_end.max(placement.offset + square.window());
        Ok(placement)
    };
    for index in regular_order(&spans, &irregular) {
        rook_placements[index] = place_best(&rooks[index], &rook_candidates[index])?;
    }
    let bishop_placements = bishops
        .iter()
        .zip(&bishop_candidates)
        .map(|(square, candidates)| place_best(square, candidates))
        .collect::<Result<Vec<Placement>, String>>()?;

    Ok((
        magics(&rooks, &rook_placements),
        magics(&bishops, &bishop_placements),
    ))
}

/// Each rook square's candidates: its gather factors, or for the squares
/// without any (also returned), the factors annealing finds (stage 2).
fn rook_candidates(seed: u64, rooks: &[Square]) -> Result<(Vec<Vec<u64>>, Vec<usize>), String> {
    let mut candidates: Vec<Vec<u64>> = rooks.iter().map(gather::candidates).collect();
    let ungathered: Vec<&Square> = rooks
        .iter()
        .filter(|square| candidates[square.index].is_empty())
        .collect();
    for (index, annealed) in anneal::search_squares(seed, &ungathered) {
        if annealed.is_empty() {
            return Err(format!("rook square {index}: annealing found no factor"));
        }
        candidates[index] = annealed;
    }
    let ungathered = ungathered.iter().map(|square| square.index).collect();
    Ok((candidates, ungathered))
}

/// The span of each square's best candidate.
fn best_spans(squares: &[Square], candidates: &[Vec<u64>]) -> Vec<u32> {
    let mut scratch = Scratch::new(Slider::Rook);
    squares
        .iter()
        .zip(candidates)
        .map(|(square, factors)| {
            let best = factors[0]; // every rook square has candidates by stage 3
            scratch.evaluate(square, best, 0).span()
        })
        .collect()
}

/// The rook squares annealed into the table (stage 3), in placing order:
/// corners first, then the squares without a gather factor, by square.
fn irregular_order(rooks: &[Square], spans: &[u32], ungathered: &[usize]) -> Vec<usize> {
    let ungathered = |index: usize| ungathered.contains(&index);
    let mut irregular: Vec<usize> = (0..64)
        .filter(|&index| {
            let occupancies = (1u32 << rooks[index].mask.count_ones()) as f64;
            ungathered(index) || spans[index] as f64 > IRREGULAR_SPAN * occupancies
        })
        .collect();
    let corner = |index: usize| rooks[index].mask.count_ones() == Slider::Rook.index_bits();
    irregular.sort_by_key(|&index| (!corner(index), !ungathered(index), index));
    irregular
}

/// The other rook squares, in first-fit order: widest span first.
fn regular_order(spans: &[u32], irregular: &[usize]) -> Vec<usize> {
    let mut regular: Vec<usize> = (0..64).filter(|index| !irregular.contains(index)).collect();
    regular.sort_by_key(|&index| (std::cmp::Reverse(spans[index]), index));
    regular
}

fn magics(squares: &[Square], placements: &[Placement]) -> Vec<Magic> {
    squares
        .iter()
        .zip(placements)
        .map(|(square, placement)| Magic {
            outside: !square.mask,
            factor: placement.factor,
            // Offsets are below the table's length, 104,833 entries.
            offset: placement.offset as u32,
            shift: square.shift(),
        })
        .collect()
}
