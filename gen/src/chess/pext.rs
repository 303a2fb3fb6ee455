//! The PEXT-indexed bishop table, for CPUs with a fast BMI2 `PEXT`: each
//! square's slice holds the attacks of every occupancy of its relevant
//! mask in the order of their `pext` values, the squares' slices side by
//! side (a1 first), then zeros so that every square's window of 512
//! entries lies inside the table. Nothing is searched. The index function
//! is `qiboard-types`' [`PextSquare::index`].
//!
//! Only bishops: the rook table would be 102,400 entries (800 KiB), whose
//! literals alone take the build script about 0.25 s at opt-level 0,
//! over its budget, for a few percent of perft speed beyond the bishops'.

use qiboard_types::chess::pdep;
pub use qiboard_types::chess::PextSquare;

use super::geometry::{relevant_mask, slide};
use super::magics::Slider;

/// The bishop squares and the table they index.
#[derive(Debug, PartialEq, Eq)]
pub struct PextTables {
    pub bishop: Vec<PextSquare>,
    pub attacks: Vec<u64>,
}

/// Builds the bishop table, checking each slot through the shared index
/// function.
pub fn build() -> Result<PextTables, String> {
    let slider = Slider::Bishop;
    let mut attacks = Vec::new();
    let mut bishop = Vec::with_capacity(64);
    for square in 0..64 {
        let mask = relevant_mask(square, slider.directions());
        let offset = u32::try_from(attacks.len()).map_err(|_| "table too long")?;
        let entry = PextSquare { mask, offset };
        for gathered in 0..1u64 << mask.count_ones() {
            let occupied = pdep(gathered, mask);
            if entry.index(occupied) != attacks.len() {
                return Err(format!("bishop square {square}: pext does not invert pdep"));
            }
            attacks.push(slide(square, occupied, slider.directions()));
        }
        bishop.push(entry);
    }
    let end = bishop
        .iter()
        .map(|entry| entry.offset as usize + slider.window())
        .max();
    attacks.resize(end.unwrap_or(0).max(attacks.len()), 0);
    Ok(PextTables { bishop, attacks })
}
