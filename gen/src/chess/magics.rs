//! Rook and bishop magics and the shared attack table they index.
//!
//! A lookup reads `attacks[offset + ((occupied | !mask) * factor >> shift)]`
//! (ORing in the squares outside the mask, "black magic" style). There are
//! two kinds:
//!
//! - **Fixed shift** (the default seed): every rook square hashes to 12
//!   bits and every bishop square to 9, so the runtime shifts by a
//!   constant. The squares' windows overlap, each using only the slots its
//!   own occupancies reach. Finding factors whose windows pack that tightly
//!   takes a long search (`crate::packed_search`, a binary's job), so its
//!   result for the default seed is cached in `magic_cache.rs`.
//! - **Per-square shift** (any other seed): each square hashes to as many
//!   bits as its mask has, searched at build time in about two seconds;
//!   the slices lie side by side and the runtime loads each square's shift.
//!
//! Either way, every square is verified against every occupancy of its
//! mask before the table is used, and every window of `1 << bits` slots
//! lies inside the table, which the runtime relies on.

pub use qiboard_types::chess::Magic;

use super::geometry::{relevant_mask, slide, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use super::magic_cache;
use crate::seed::{sparse_u64, stream, DEFAULT_SEED};

/// Give up on a square after this many candidates: no seed needs nearly as
/// many, so reaching it means the generator is broken.
const CANDIDATE_LIMIT: u64 = 100_000_000;

/// Candidates drawn from one stream before moving to the next.
const BLOCK: u64 = 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slider {
    Rook,
    Bishop,
}

impl Slider {
    pub const BOTH: [Slider; 2] = [Slider::Rook, Slider::Bishop];

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

    /// Bits of a fixed-shift index, and the size of every square's window:
    /// enough for the square with the most relevant occupancies.
    pub fn index_bits(self) -> u32 {
        match self {
            Slider::Rook => 12,
            Slider::Bishop => 9,
        }
    }

    fn stream_name(self) -> &'static str {
        match self {
            Slider::Rook => "chess-rook-magic",
            Slider::Bishop => "chess-bishop-magic",
        }
    }

    pub fn window(self) -> usize {
        1 << self.index_bits()
    }

    /// The occupancies that matter for `square`, each with its attacks.
    pub fn occupancies(self, square: usize) -> (u64, Vec<(u64, u64)>) {
        let mask = relevant_mask(square, self.directions());
        let pairs = subsets(mask)
            .into_iter()
            .map(|occupancy| (occupancy, slide(square, occupancy, self.directions())))
            .collect();
        (mask, pairs)
    }

    pub fn fixed_shift(self) -> u32 {
        64 - self.index_bits()
    }
}

/// The slot of a square's window that `occupancy` hashes to: the
/// runtime's own index function ([`Magic::index`]) at offset 0.
pub fn hash(mask: u64, factor: u64, shift: u32, occupancy: u64) -> usize {
    let outside = !mask;
    Magic {
        outside,
        factor,
        offset: 0,
        shift,
    }
    .index(occupancy)
}

/// Rook and bishop magics and the attack table they index.
#[derive(Debug, PartialEq, Eq)]
pub struct SliderTables {
    pub rook: Vec<Magic>,
    pub bishop: Vec<Magic>,
    pub attacks: Vec<u64>,
}

impl SliderTables {
    pub fn magics(&self, slider: Slider) -> &[Magic] {
        match slider {
            Slider::Rook => &self.rook,
            Slider::Bishop => &self.bishop,
        }
    }

    /// The attacks the runtime reads for a slider on `square`.
    pub fn lookup(&self, slider: Slider, square: usize, occupied: u64) -> u64 {
        self.attacks[self.magics(slider)[square].index(occupied)]
    }

    /// Whether every square of both sliders uses its slider's fixed shift.
    pub fn fixed_shifts(&self) -> bool {
        Slider::BOTH.iter().all(|&slider| {
            self.magics(slider)
                .iter()
                .all(|magic| magic.shift == slider.fixed_shift())
        })
    }
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

/// Lays each square's slots into `attacks` at its offset, growing the table
/// to hold every window; fails if two occupancies claim one slot with
/// different attacks (a bad factor or two overlapping windows). A slot once
/// set never changes, so when this succeeds every occupancy of every square
/// reads its ray-scan attacks: this is the verification.
fn fill(slider: Slider, magics: &[Magic], attacks: &mut Vec<u64>, seed: u64) -> Result<(), String> {
    for (square, magic) in magics.iter().enumerate() {
        let end = magic.offset as usize + slider.window();
        if attacks.len() < end {
            attacks.resize(end, 0);
        }
        let (mask, pairs) = slider.occupancies(square);
        if mask != !magic.outside {
            return Err(format!(
                "{} square {square}: mask {:#018x} is not the relevant mask {mask:#018x}",
                slider.name(),
                !magic.outside
            ));
        }
        for (occupancy, attack) in pairs {
            let slot = &mut attacks[magic.index(occupancy)];
            // Attack sets are never empty, so 0 marks a free slot.
            if *slot != 0 && *slot != attack {
                return Err(format!(
                    "{} magic {:#018x} at offset {} for square {square} gives wrong attacks for occupancy {occupancy:#018x} (seed {seed:#x})",
                    slider.name(),
                    magic.factor,
                    magic.offset
                ));
            }
            *slot = attack;
        }
    }
    Ok(())
}

/// Builds the table that `rook` and `bishop` describe, verified.
pub fn assemble(rook: Vec<Magic>, bishop: Vec<Magic>, seed: u64) -> Result<SliderTables, String> {
    let mut attacks = Vec::new();
    fill(Slider::Rook, &rook, &mut attacks, seed)?;
    fill(Slider::Bishop, &bishop, &mut attacks, seed)?;
    Ok(SliderTables {
        rook,
        bishop,
        attacks,
    })
}

/// The default seed's tables, from the cache in `magic_cache.rs`.
pub fn from_cache() -> Result<SliderTables, String> {
    let cached = |slider: Slider, entries: &[(u64, u32); 64]| -> Vec<Magic> {
        entries
            .iter()
            .enumerate()
            .map(|(square, &(factor, offset))| Magic {
                outside: !relevant_mask(square, slider.directions()),
                factor,
                offset,
                shift: slider.fixed_shift(),
            })
            .collect()
    };
    assemble(
        cached(Slider::Rook, &magic_cache::ROOK),
        cached(Slider::Bishop, &magic_cache::BISHOP),
        DEFAULT_SEED,
    )
}

/// Both sliders' magics and the shared table, verified: the cached
/// fixed-shift result for the default seed, a per-square-shift search for
/// any other.
pub fn build(seed: u64) -> Result<SliderTables, String> {
    if seed == DEFAULT_SEED {
        from_cache()
    } else {
        per_square_search(seed)
    }
}

/// Per-square-shift magics for `seed`, with their slices laid side by side.
pub fn per_square_search(seed: u64) -> Result<SliderTables, String> {
    let mut next_offset = 0;
    let mut place = |slider: Slider| -> Result<Vec<Magic>, String> {
        let mut magics = (0..64)
            .map(|square| find_per_square(seed, slider, square))
            .collect::<Result<Vec<Magic>, String>>()?;
        // Smallest slices first, so the last ones are full-sized and every
        // window ends inside the table without padding.
        let mut order: Vec<usize> = (0..64).collect();
        order.sort_by_key(|&square| (magics[square].outside.count_zeros(), square));
        for square in order {
            magics[square].offset = next_offset;
            next_offset += 1 << magics[square].outside.count_zeros();
        }
        Ok(magics)
    };
    let rook = place(Slider::Rook)?;
    let bishop = place(Slider::Bishop)?;
    assemble(rook, bishop, seed)
}

/// The first candidate factor, in `square`'s stream, that hashes the
/// square's occupancies to as many bits as its mask has without collision.
fn find_per_square(seed: u64, slider: Slider, square: usize) -> Result<Magic, String> {
    let (mask, pairs) = slider.occupancies(square);
    let shift = 64 - mask.count_ones();
    // Candidates come in blocks of `BLOCK` from streams keyed by (square,
    // block).
    let block_stream =
        |block: u64| stream(seed, slider.stream_name(), (square as u64) << 32 | block);
    let mut rng = block_stream(0);
    let mut slots = vec![0u64; 1 << mask.count_ones()];
    let mut used = vec![0u32; slots.len()];
    for candidate in 0..CANDIDATE_LIMIT {
        if candidate % BLOCK == 0 && candidate > 0 {
            rng = block_stream(candidate / BLOCK);
        }
        let factor = sparse_u64(&mut rng);
        let epoch = candidate as u32 + 1;
        let collides = pairs.iter().any(|&(occupancy, attack)| {
            let index = hash(mask, factor, shift, occupancy);
            if used[index] != epoch {
                used[index] = epoch;
                slots[index] = attack;
                false
            } else {
                slots[index] != attack
            }
        });
        if !collides {
            return Ok(Magic {
                outside: !mask,
                factor,
                offset: 0,
                shift,
            });
        }
    }
    Err(format!(
        "no {} magic for square {square} within {CANDIDATE_LIMIT} candidates (seed {seed:#x})",
        slider.name()
    ))
}

/// The text of `magic_cache.rs` holding `tables`.
pub fn cache_source(tables: &SliderTables) -> String {
    let mut text = String::from(
        "//! The packing search's result for the default seed, so that a dependent's\n\
         //! build only verifies it. Rewritten by\n\
         //! `cargo run --release -p qiboard-gen --features search --bin pack-magics`\n\
         //! (with `-- --check`, compared instead).\n",
    );
    for slider in Slider::BOTH {
        text.push_str(&format!(
            "\n/// `(factor, offset)` of each {} square.\n#[rustfmt::skip]\npub const {}: [(u64, u32); 64] = [\n",
            slider.name(),
            slider.name().to_uppercase()
        ));
        for magic in tables.magics(slider) {
            text.push_str(&format!(
                "    ({:#018x}, {}),\n",
                magic.factor, magic.offset
            ));
        }
        text.push_str("];\n");
    }
    text
}
