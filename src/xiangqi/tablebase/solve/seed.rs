//! Seeding, one parallel pass over the index: every legal entry counts
//! its non-captures and reads its captures' values from the smaller
//! tables; entries with no legal move are lost at once, and a capture may
//! schedule a win or a loss for later.

use std::sync::atomic::Ordering::Relaxed;

use rayon::prelude::*;

use super::{Scheduled, Solver, CAPTURE_DRAWS, CAPTURE_WINS, ILLEGAL};
use crate::xiangqi::tablebase::census::census;
use crate::xiangqi::tablebase::index::Decoder;
use crate::xiangqi::tablebase::table::Captures;
use crate::xiangqi::tablebase::{Progress, TbError, Value};
use crate::xiangqi::Move;

/// Entries handled per parallel task.
const CHUNK: usize = 4096;

impl Solver<'_> {
    /// Seeds every entry; returns what must be resolved at which level,
    /// or the mismatch that makes a smaller table unusable.
    pub(super) fn seed_all(
        &self,
        captures: &Captures,
        progress: &dyn Progress,
    ) -> Result<Vec<Vec<Scheduled>>, TbError> {
        let total = self.per_side * 2;
        progress.start(&format!("{} seed", self.layout.material()), total as u64);
        let seeded = (0..total.div_ceil(CHUNK))
            .into_par_iter()
            .map(|chunk| {
                let range = chunk * CHUNK..total.min((chunk + 1) * CHUNK);
                let count = range.len() as u64;
                let mut decoder = Decoder::new(self.layout);
                let mut capture_moves = Vec::new();
                let scheduled = range
                    .filter_map(|entry| {
                        let entry = entry as u32;
                        self.seed(&mut decoder, &mut capture_moves, entry, captures)
                            .map(|level| (entry, level))
                    })
                    .collect();
                progress.advance(count);
                scheduled
            })
            .collect();
        progress.finish();
        match self.broken_capture.get() {
            Some((material, fen)) => Err(TbError::Mismatch {
                material: *material,
                fen: fen.clone(),
                stored: None,
                expected: None,
            }),
            None => Ok(seeded),
        }
    }

    /// Seeds one entry; returns when it must be resolved by itself.
    fn seed(
        &self,
        decoder: &mut Decoder,
        capture_moves: &mut Vec<Move>,
        entry: u32,
        captures: &Captures,
    ) -> Option<u16> {
        let (side, index) = self.side_and_index(entry);
        let slot = entry as usize;
        let Some(position) = decoder.position(side, index) else {
            self.plies[slot].store(ILLEGAL, Relaxed);
            return None;
        };
        let quiet = census(position, capture_moves);
        if quiet == 0 && capture_moves.is_empty() {
            return Some(0);
        }
        let quiet = quiet as u8;
        let mut fastest_win = u16::MAX;
        let mut draws = false;
        let mut slowest_loss = 0;
        for &mv in capture_moves.iter() {
            let Some(victim) = position.piece_at(mv.to()) else {
                continue;
            };
            let table = captures[victim.color as usize][victim.kind as usize]
                .as_deref()
                .expect("every capturable piece has its table");
            let after = position.play(mv);
            let Some(value) = table.lookup(&after).ok().flatten() else {
                self.broken_capture
                    .get_or_init(|| (table.material(), after.fen()));
                continue;
            };
            match value {
                Value::Loss(plies) => fastest_win = fastest_win.min(plies + 1),
                Value::Draw => draws = true,
                Value::Win(plies) => slowest_loss = slowest_loss.max(plies + 1),
            }
        }
        self.unknown_moves[slot].store(quiet, Relaxed);
        let flags = if fastest_win != u16::MAX {
            CAPTURE_WINS
        } else {
            0
        } | if draws { CAPTURE_DRAWS } else { 0 };
        self.capture_flags[slot].store(flags, Relaxed);
        self.slowest_capture_loss[slot].store(slowest_loss, Relaxed);
        if fastest_win != u16::MAX {
            Some(fastest_win)
        } else if quiet == 0 && !draws {
            Some(slowest_loss)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::super::solve;
    use crate::xiangqi::tablebase::table::{capturable, Captures};
    use crate::xiangqi::tablebase::value::BROKEN;
    use crate::xiangqi::tablebase::{Layout, Material, Quiet, Table, Tablebase, TbError};
    use crate::xiangqi::Color;

    /// A smaller table that calls legal positions illegal (a doctored file
    /// with a valid checksum) stops the solve with an error, not a panic.
    #[test]
    fn a_broken_smaller_table_is_an_error() {
        let material: Material = "KRKA".parse().unwrap();
        let tablebase = Tablebase::in_memory();
        tablebase.generate(&material, &Quiet).unwrap();
        let mut captures = Captures::default();
        for piece in capturable(&material) {
            let smaller = material.without(piece.color, piece.kind).unwrap();
            let table = tablebase.table(&smaller).unwrap();
            let layout = Arc::new(table.layout().clone());
            // Every entry marked illegal.
            let codes =
                [Color::Red, Color::Black].map(|side| vec![BROKEN; table.codes(side).len()]);
            captures[piece.color as usize][piece.kind as usize] =
                Some(Arc::new(Table::new(layout, codes)));
        }
        let layout = Layout::new(material).unwrap();
        let error = solve(&layout, &captures, &Quiet).unwrap_err();
        assert!(
            matches!(error, TbError::Mismatch { stored: None, .. }),
            "{error}"
        );
    }
}
