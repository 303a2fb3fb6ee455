//! One square's occupancies and the scan that measures a factor on them.

use rand::Rng;

use crate::chess::magics::{hash, Slider};
use crate::seed::stream;

/// A square with its occupancies in a fixed shuffled order: a scan that
/// stops at the first clash or over budget then sees a representative
/// sample first instead of one corner of the board.
pub struct Square {
    pub slider: Slider,
    pub index: usize,
    pub mask: u64,
    occupancies: Vec<u64>,
    attacks: Vec<u64>,
    /// Each occupancy's attack set as a small id, so a scan compares `u16`s.
    attack_ids: Vec<u16>,
}

impl Square {
    pub fn new(slider: Slider, index: usize) -> Self {
        let (mask, mut pairs) = slider.occupancies(index);
        // Master seed 0: the order is a speed device, the same for every seed.
        let mut rng = stream(0, "chess-occupancy-order", index as u64);
        for last in (1..pairs.len()).rev() {
            let other = (rng.random::<u64>() % (last as u64 + 1)) as usize;
            pairs.swap(last, other);
        }
        let (occupancies, attacks): (Vec<u64>, Vec<u64>) = pairs.into_iter().unzip();
        let mut distinct = attacks.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let attack_ids = attacks
            .iter()
            .map(|attack| {
                let id = distinct.partition_point(|other| other < attack);
                u16::try_from(id).expect("a square has at most 4096 attack sets")
            })
            .collect();
        Square {
            slider,
            index,
            mask,
            occupancies,
            attacks,
            attack_ids,
        }
    }

    pub fn shift(&self) -> u32 {
        self.slider.fixed_shift()
    }

    pub fn window(&self) -> usize {
        self.slider.window()
    }

    /// Every occupancy's slot in the window under `factor`, with its attacks.
    pub fn slots(&self, factor: u64) -> impl Iterator<Item = (usize, u64)> + '_ {
        let shift = self.shift();
        self.occupancies
            .iter()
            .zip(&self.attacks)
            .map(move |(&occupancy, &attack)| (hash(self.mask, factor, shift, occupancy), attack))
    }

    /// [`Square::slots`] with attack ids.
    fn slot_ids(&self, factor: u64) -> impl Iterator<Item = (usize, u16)> + '_ {
        let shift = self.shift();
        self.occupancies
            .iter()
            .zip(&self.attack_ids)
            .map(move |(&occupancy, &id)| (hash(self.mask, factor, shift, occupancy), id))
    }
}

/// What a factor does with a square's window.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    /// Distinct slots written.
    pub used: u32,
    pub lowest: u32,
    pub highest: u32,
    /// Occupancies whose slot already holds different attacks.
    pub clashes: u32,
}

impl Usage {
    fn new() -> Self {
        Usage {
            used: 0,
            lowest: u32::MAX,
            highest: 0,
            clashes: 0,
        }
    }

    /// Slots from the lowest used to the highest, inclusive.
    pub fn span(&self) -> u32 {
        self.highest - self.lowest + 1
    }
}

enum Claim {
    New,
    Same,
    Clash,
}

/// Reusable memory for scanning factors: a window's slots, stamped with the
/// scan that last wrote them so that nothing is cleared between scans.
pub struct Scratch {
    stamps: Vec<u32>,
    ids: Vec<u16>,
    scan: u32,
    /// The slots the last [`Scratch::evaluate`] used, as a bitset.
    pub pattern: Vec<u64>,
}

impl Scratch {
    pub fn new(slider: Slider) -> Self {
        Scratch {
            stamps: vec![0; slider.window()],
            ids: vec![0; slider.window()],
            scan: 0,
            pattern: vec![0; slider.window() / 64],
        }
    }

    fn begin(&mut self) {
        self.scan = self.scan.wrapping_add(1);
        if self.scan == 0 {
            self.stamps.fill(0);
            self.scan = 1;
        }
    }

    fn claim(&mut self, slot: usize, id: u16) -> Claim {
        if self.stamps[slot] != self.scan {
            self.stamps[slot] = self.scan;
            self.ids[slot] = id;
            Claim::New
        } else if self.ids[slot] == id {
            Claim::Same
        } else {
            Claim::Clash
        }
    }

    /// Scans `factor` on `square`, filling [`Scratch::pattern`]; stops
    /// early (with a partial count) once clashes exceed `max_clashes`.
    pub fn evaluate(&mut self, square: &Square, factor: u64, max_clashes: u32) -> Usage {
        self.begin();
        self.pattern.fill(0);
        let mut usage = Usage::new();
        for (slot, id) in square.slot_ids(factor) {
            match self.claim(slot, id) {
                Claim::New => {
                    usage.used += 1;
                    usage.lowest = usage.lowest.min(slot as u32);
                    usage.highest = usage.highest.max(slot as u32);
                    self.pattern[slot / 64] |= 1 << (slot % 64);
                }
                Claim::Same => {}
                Claim::Clash => {
                    usage.clashes += 1;
                    if usage.clashes > max_clashes {
                        return usage;
                    }
                }
            }
        }
        usage
    }

    /// Scans `factor` on `square` while its cost, `used + mu * (span - 1) +
    /// lambda * clashes`, stays within `limit`; `None` once it exceeds it.
    /// The cost only grows during a scan, so stopping early loses nothing.
    pub fn evaluate_within(
        &mut self,
        square: &Square,
        factor: u64,
        weights: CostWeights,
        limit: f64,
    ) -> Option<Usage> {
        self.begin();
        let mut usage = Usage::new();
        let mut cost = 0.0f64;
        for (slot, id) in square.slot_ids(factor) {
            let slot = slot as u32;
            match self.claim(slot as usize, id) {
                Claim::New if usage.used == 0 => {
                    usage.used = 1;
                    usage.lowest = slot;
                    usage.highest = slot;
                    cost += 1.0 + weights.span;
                }
                Claim::New => {
                    usage.used += 1;
                    let old_width = (usage.highest - usage.lowest) as f64;
                    usage.lowest = usage.lowest.min(slot);
                    usage.highest = usage.highest.max(slot);
                    cost +=
                        1.0 + weights.span * ((usage.highest - usage.lowest) as f64 - old_width);
                }
                Claim::Same => continue,
                Claim::Clash => {
                    usage.clashes += 1;
                    cost += weights.clash;
                }
            }
            if cost > limit {
                return None;
            }
        }
        Some(usage)
    }
}

/// Weights of a factor's cost beyond one per used slot.
#[derive(Clone, Copy, Debug)]
pub struct CostWeights {
    /// Per slot of span.
    pub span: f64,
    /// Per clash.
    pub clash: f64,
}
