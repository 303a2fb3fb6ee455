//! Magic-number search for rook and bishop attacks, and the shared
//! ("fancy") attack table.
//!
//! Each square draws candidates from its own stream. For the default seed
//! the search starts at the candidate recorded in `magic_hints.rs` (where a
//! full search succeeds), so a dependent's unoptimised build does not repeat
//! the search; any other seed searches from the start. Either way every
//! magic is verified against every occupancy of its mask before it is used.

use super::geometry::{relevant_mask, slide, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use super::magic_hints::{BISHOP_HINTS, ROOK_HINTS};
use crate::gen::seed::{sparse_u64, stream, DEFAULT_SEED};

/// Give up on a square after this many candidates: no seed needs nearly as
/// many, so reaching it means the generator is broken.
const CANDIDATE_LIMIT: u64 = 100_000_000;

/// Candidates drawn from one stream before moving to the next.
const BLOCK: u64 = 1024;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Slider {
    Rook,
    Bishop,
}

impl Slider {
    pub fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Bishop => "bishop",
        }
    }

    pub fn directions(self) -> &'static [(i32, i32)] {
        match self {
            Slider::Rook => &ROOK_DIRECTIONS,
            Slider::Bishop => &BISHOP_DIRECTIONS,
        }
    }

    fn hints(self) -> &'static [u64; 64] {
        match self {
            Slider::Rook => &ROOK_HINTS,
            Slider::Bishop => &BISHOP_HINTS,
        }
    }

    fn stream_name(self) -> &'static str {
        match self {
            Slider::Rook => "chess-rook-magic",
            Slider::Bishop => "chess-bishop-magic",
        }
    }
}

/// The magic of one square and where its slice of the attack table starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    pub mask: u64,
    pub factor: u64,
    pub shift: u32,
    pub offset: usize,
    /// The index, in this square's stream, of the candidate that worked.
    pub candidate: u64,
}

/// Rook and bishop magics and the attack table they index.
pub struct SliderTables {
    pub rook: Vec<Magic>,
    pub bishop: Vec<Magic>,
    pub attacks: Vec<u64>,
}

/// Every occupancy of the squares in `mask` (the Carry-Rippler walk).
pub fn subsets(mask: u64) -> Vec<u64> {
    let mut all = Vec::with_capacity(1 << mask.count_ones());
    let mut subset = 0u64;
    loop {
        all.push(subset);
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            return all;
        }
    }
}

/// The slice of the attack table that `factor` gives for one square, or
/// `None` if two occupancies with different attacks collide.
fn try_factor(
    occupancies: &[u64],
    attacks: &[u64],
    factor: u64,
    shift: u32,
    slots: &mut [u64],
    used: &mut [u32],
    epoch: u32,
) -> bool {
    for (&occupancy, &attack) in occupancies.iter().zip(attacks) {
        let index = (occupancy.wrapping_mul(factor) >> shift) as usize;
        if used[index] != epoch {
            used[index] = epoch;
            slots[index] = attack;
        } else if slots[index] != attack {
            return false;
        }
    }
    true
}

/// Finds the magic of one square, filling `slice` with its attack sets.
/// Errors if no candidate works within [`CANDIDATE_LIMIT`].
fn find_magic(
    seed: u64,
    slider: Slider,
    square: usize,
    use_hint: bool,
) -> Result<(Magic, Vec<u64>), String> {
    let mask = relevant_mask(square, slider.directions());
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let occupancies = subsets(mask);
    let attacks: Vec<u64> = occupancies
        .iter()
        .map(|&occupancy| slide(square, occupancy, slider.directions()))
        .collect();

    // Candidates come in blocks of `BLOCK` from streams keyed by (square,
    // block), so resuming at a hint skips less than one block of draws.
    let start = if use_hint { slider.hints()[square] } else { 0 };
    let block_stream =
        |block: u64| stream(seed, slider.stream_name(), (square as u64) << 32 | block);
    let mut rng = block_stream(start / BLOCK);
    for _ in 0..start % BLOCK {
        sparse_u64(&mut rng);
    }

    let mut slots = vec![0u64; 1 << bits];
    let mut used = vec![0u32; 1 << bits];
    for candidate in start..CANDIDATE_LIMIT {
        if candidate % BLOCK == 0 {
            rng = block_stream(candidate / BLOCK);
        }
        let factor = sparse_u64(&mut rng);
        // A factor that spreads too few mask bits into the index's top byte
        // rarely works; skip the full test for it.
        if (mask.wrapping_mul(factor) >> 56).count_ones() < 6 {
            continue;
        }
        let epoch = (candidate - start + 1) as u32;
        if try_factor(
            &occupancies,
            &attacks,
            factor,
            shift,
            &mut slots,
            &mut used,
            epoch,
        ) {
            let slice = (0..slots.len())
                .map(|i| if used[i] == epoch { slots[i] } else { 0 })
                .collect();
            let magic = Magic {
                mask,
                factor,
                shift,
                offset: 0,
                candidate,
            };
            return Ok((magic, slice));
        }
    }
    Err(format!(
        "no {} magic for square {square} within {CANDIDATE_LIMIT} candidates (seed {seed:#x})",
        slider.name()
    ))
}

/// Searches (or, for the default seed, resumes at the recorded candidate)
/// the magics of one slider for all 64 squares.
pub fn search(seed: u64, slider: Slider) -> Result<Vec<(Magic, Vec<u64>)>, String> {
    let use_hint = seed == DEFAULT_SEED;
    (0..64)
        .map(|square| find_magic(seed, slider, square, use_hint))
        .collect()
}

/// Searches from the start of every stream, ignoring the recorded hints.
pub fn full_search(seed: u64, slider: Slider) -> Result<Vec<Magic>, String> {
    (0..64)
        .map(|square| find_magic(seed, slider, square, false).map(|(magic, _)| magic))
        .collect()
}

/// Checks one square's magic against a ray scan of every occupancy.
fn verify(slider: Slider, square: usize, magic: &Magic, attacks: &[u64]) -> Result<(), String> {
    for occupancy in subsets(magic.mask) {
        let index = magic.offset + (occupancy.wrapping_mul(magic.factor) >> magic.shift) as usize;
        let expected = slide(square, occupancy, slider.directions());
        if attacks.get(index) != Some(&expected) {
            return Err(format!(
                "{} magic {:#018x} for square {square} gives wrong attacks for occupancy {occupancy:#018x}",
                slider.name(),
                magic.factor
            ));
        }
    }
    Ok(())
}

/// Builds both sliders' magics and the shared attack table, verified.
pub fn build(seed: u64) -> Result<SliderTables, String> {
    let mut attacks = Vec::new();
    let mut place = |found: Vec<(Magic, Vec<u64>)>| -> Vec<Magic> {
        found
            .into_iter()
            .map(|(mut magic, slice)| {
                magic.offset = attacks.len();
                attacks.extend_from_slice(&slice);
                magic
            })
            .collect()
    };
    let rook = place(search(seed, Slider::Rook)?);
    let bishop = place(search(seed, Slider::Bishop)?);
    for (slider, magics) in [(Slider::Rook, &rook), (Slider::Bishop, &bishop)] {
        for (square, magic) in magics.iter().enumerate() {
            verify(slider, square, magic, &attacks)?;
        }
    }
    Ok(SliderTables {
        rook,
        bishop,
        attacks,
    })
}
