//! Whole families of endgames: every endgame with at most a given number
//! of attacking pieces, built smallest first, skipping what is already
//! there, so that a run killed halfway resumes where it stopped.

use qiboard::xiangqi::{Color, PieceKind};
use qiboard_tablebase::format::open;
use qiboard_tablebase::{FileKind, Layout, Material, ProbeError, MAX_ENTRIES};

use crate::{GenerateError, Generated, Generator, Progress};

/// Every endgame (in stored orientation, [`Material::canonical`]) whose two
/// sides together have at most `attackers` rooks, horses, cannons and
/// pawns, with any advisors and elephants on either side; smallest index
/// first.
///
/// ```
/// use qiboard_tablebase_gen::family;
///
/// let one = family(1);
/// // One attacker or none, each side with 0-2 advisors and 0-2 elephants.
/// assert_eq!(one.iter().filter(|m| m.attackers() == 1).count(), 324);
/// assert!(one.iter().all(|m| m.is_canonical()));
/// ```
pub fn family(attackers: u32) -> Vec<Material> {
    // Grown from the bare kings a piece at a time, kinds in a fixed order
    // so that each material is reached once.
    const KINDS: [PieceKind; 6] = [
        PieceKind::Rook,
        PieceKind::Horse,
        PieceKind::Cannon,
        PieceKind::Pawn,
        PieceKind::Advisor,
        PieceKind::Elephant,
    ];
    let slots: Vec<(Color, PieceKind)> = Color::ALL
        .into_iter()
        .flat_map(|color| KINDS.map(|kind| (color, kind)))
        .collect();
    let mut found = Vec::new();
    let mut stack = vec![(Material::KINGS, 0)];
    while let Some((material, first)) = stack.pop() {
        if material.is_canonical() {
            found.push(material);
        }
        for (slot, &(color, kind)) in slots.iter().enumerate().skip(first) {
            if let Some(more) = material.with(color, kind) {
                if more.attackers() <= attackers {
                    stack.push((more, slot));
                }
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
    /// index entries, and each table as it is built
    /// ([`Progress::generated`]) or found ([`Progress::present`]). Tables
    /// are written whole or not at all, and their bytes depend only on
    /// their values, so a run that is killed and started again ends with
    /// the same files.
    ///
    /// # Errors
    ///
    /// [`GenerateError::NoDirectory`] for a tablebase in memory; the first
    /// endgame that fails stops the run (what was built stays built and
    /// was reported).
    pub fn generate_family(
        &self,
        materials: &[Material],
        progress: &dyn Progress,
    ) -> Result<FamilyRun, GenerateError> {
        let dir = self.tablebase().dir().ok_or(GenerateError::NoDirectory)?;
        // Sizes are counted, and each index built only for its turn: the
        // family's indexes held together took hundreds of megabytes that
        // no plan counted.
        let entries = |material: &Material| Layout::entries(material.canonical());
        // One too large to index is refused before any work.
        if let Some(material) = materials.iter().find(|m| entries(m) > MAX_ENTRIES) {
            Layout::new(material.canonical())?;
        }
        let total: u64 = materials.iter().map(entries).sum();
        let mut done = 0;
        let mut run = FamilyRun::default();
        progress.overall(done, total);
        for material in materials {
            let layout = Layout::new(material.canonical())?;
            let material = layout.material();
            let mut intact = true;
            for kind in [FileKind::Wdl, FileKind::Dtm] {
                match open(dir, &layout, kind, self.tablebase().rules()) {
                    Ok(file) => intact &= file.verify_blocks().is_ok(),
                    // Another rule set's table stays, and the run stops.
                    Err(error @ ProbeError::RulesMismatch { .. }) => return Err(error.into()),
                    Err(_) => intact = false,
                }
            }
            if intact {
                progress.present(material);
                run.present.push(material);
            } else {
                // Unless another process of the run wrote it meanwhile.
                let log = self.generate_missing(&material, progress)?;
                run.generated.extend(log);
            }
            drop(layout);
            done += entries(&material);
            progress.overall(done, total);
        }
        Ok(run)
    }
}
