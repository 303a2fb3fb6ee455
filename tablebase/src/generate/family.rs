//! Whole families of endgames: every endgame with at most a given number
//! of attacking pieces, built smallest first, skipping what is already
//! there, so that a run killed halfway resumes where it stopped.

use std::sync::Arc;

use super::{Generated, Generator};
use crate::format::{open, FileKind};
use crate::{Layout, Material, Progress, TbError};
use qiboard::xiangqi::{Color, PieceKind};

/// The kinds that can cross the river and attack.
const ATTACKERS: [PieceKind; 4] = [
    PieceKind::Rook,
    PieceKind::Horse,
    PieceKind::Cannon,
    PieceKind::Pawn,
];

/// Every endgame (in stored orientation, [`Material::canonical`]) whose two
/// sides together have at most `attackers` rooks, horses, cannons and
/// pawns, with any advisors and elephants on either side; smallest index
/// first.
///
/// ```
/// use qiboard_tablebase::family;
///
/// let one = family(1);
/// // One attacker or none, each side with 0-2 advisors and 0-2 elephants.
/// assert_eq!(one.iter().filter(|m| m.attackers() == 1).count(), 324);
/// assert!(one.iter().all(|m| m.is_canonical()));
/// ```
pub fn family(attackers: u32) -> Vec<Material> {
    let mut found = Vec::new();
    let mut sides = Vec::new();
    // Each side's pieces as counts of R N C P A E, kings implied.
    for rooks in 0..=2u8 {
        for horses in 0..=2u8 {
            for cannons in 0..=2u8 {
                for pawns in 0..=5u8 {
                    if u32::from(rooks + horses + cannons + pawns) > attackers {
                        continue;
                    }
                    for advisors in 0..=2u8 {
                        for elephants in 0..=2u8 {
                            sides.push([rooks, horses, cannons, pawns, advisors, elephants]);
                        }
                    }
                }
            }
        }
    }
    let kinds = [
        PieceKind::Rook,
        PieceKind::Horse,
        PieceKind::Cannon,
        PieceKind::Pawn,
        PieceKind::Advisor,
        PieceKind::Elephant,
    ];
    for red in &sides {
        for black in &sides {
            let total: u32 = red[..4]
                .iter()
                .chain(&black[..4])
                .map(|&n| u32::from(n))
                .sum();
            if total > attackers {
                continue;
            }
            let mut counts = [[0u8; 7]; 2];
            for (color, side) in [(Color::Red, red), (Color::Black, black)] {
                counts[color as usize][PieceKind::King as usize] = 1;
                for (kind, &count) in kinds.iter().zip(side.iter()) {
                    counts[color as usize][*kind as usize] = count;
                }
            }
            let material = Material::from_counts(counts);
            if material.is_canonical() {
                found.push(material);
            }
        }
    }
    let mut sized: Vec<(u64, Material)> = found
        .into_iter()
        .map(|material| (Layout::entries(material), material))
        .collect();
    sized.sort_by_key(|&(entries, material)| (entries, material.packed()));
    sized.dedup();
    sized.into_iter().map(|(_, material)| material).collect()
}

impl Material {
    /// Rooks, horses, cannons and pawns of both sides.
    pub fn attackers(&self) -> u32 {
        Color::ALL
            .iter()
            .flat_map(|&color| ATTACKERS.iter().map(move |&kind| self.count(color, kind)))
            .sum()
    }
}

/// What a family run did.
#[derive(Clone, Debug, Default)]
pub struct FamilyRun {
    /// Tables solved now, in order.
    pub generated: Vec<Generated>,
    /// Tables found in the directory with every block intact, not solved
    /// again.
    pub present: Vec<Material>,
}

impl Generator {
    /// Builds every table of `materials` (see [`family`]) in order into the
    /// directory, skipping those whose files are present with every block
    /// intact under this tablebase's rules; reports overall progress in
    /// index entries. Tables are written whole or not at all, and their
    /// bytes depend only on their values, so a run that is killed and
    /// started again ends with the same files.
    pub fn generate_family(
        &self,
        materials: &[Material],
        progress: &dyn Progress,
    ) -> Result<FamilyRun, TbError> {
        let dir = self.dir().ok_or(TbError::Missing {
            material: materials
                .first()
                .copied()
                .unwrap_or_else(|| "KK".parse().expect("a valid signature")),
            path: None,
        })?;
        let layouts = materials
            .iter()
            .map(|material| Layout::new(material.canonical()).map(Arc::new))
            .collect::<Result<Vec<_>, _>>()?;
        let total: u64 = layouts.iter().map(|layout| 2 * layout.per_side()).sum();
        let mut done = 0;
        let mut run = FamilyRun::default();
        progress.overall(done, total);
        for layout in &layouts {
            let material = layout.material();
            let mut intact = true;
            for kind in [FileKind::Wdl, FileKind::Dtm] {
                match open(dir, layout, kind, self.tablebase().rules()) {
                    Ok(file) => intact &= file.verify_blocks().is_ok(),
                    // Another rule set's table stays, and the run stops.
                    Err(error @ TbError::RulesMismatch { .. }) => return Err(error),
                    Err(_) => intact = false,
                }
            }
            if intact {
                run.present.push(material);
            } else {
                // Unless another process of the run wrote it meanwhile.
                let log = self.generate_missing(&material, progress)?;
                run.generated.extend(log);
            }
            done += 2 * layout.per_side();
            progress.overall(done, total);
        }
        Ok(run)
    }
}
