//! The tables a solve reads: those one capture away, by the captured
//! piece, and with its own table, every successor's value.
//!
//! A smaller table is read one of two ways ([`Reads`]): held whole in
//! memory at two bytes an entry, the fastest, or through its files'
//! compressed blocks by a prober with a bounded cache, when holding it
//! whole does not fit the memory limit. Seeding reads the probed ones
//! many entries at a time in index order (`solve::seed`), so that each
//! block is decompressed once for many lookups.

use std::borrow::Cow;
use std::sync::Arc;

use qiboard::xiangqi::{Color, Move, Piece, PieceKind, Position};
use qiboard_tablebase::{Dtm, Layout, Material, ProbeError, Table, Tablebase};

/// How a solve reads the tables one capture away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reads {
    /// Whole when the solve fits in memory with them, else probed when it
    /// fits in memory so; out of core, whichever leaves it more room (with
    /// a directory to read them from).
    #[default]
    Auto,
    /// Held whole in memory, two bytes an entry.
    Whole,
    /// Probed from their files through a bounded block cache: a solve of
    /// a generator without a directory holds them whole regardless.
    Probed,
}

/// Where a smaller table's values come from.
#[derive(Clone, Debug)]
pub(crate) enum Source {
    /// The whole table in memory.
    Whole(Arc<Table>),
    /// Its files, through a prober (shared by a solve's smaller tables,
    /// with one bounded cache); `layout` finds a position's entry.
    Probed {
        tablebase: Arc<Tablebase>,
        layout: Arc<Layout>,
    },
}

/// A smaller table as a capture reaches it: stored in the other colour
/// orientation when `flipped` (see [`Material::canonical`]).
#[derive(Clone, Debug)]
pub(crate) struct SubTable {
    pub source: Source,
    /// Its material, in the stored orientation.
    pub material: Material,
    pub flipped: bool,
}

impl SubTable {
    /// `position` (of the sub-table's material in the capture's
    /// orientation) in the stored orientation.
    #[inline]
    fn stored<'p>(&self, position: &'p Position) -> Cow<'p, Position> {
        if self.flipped {
            Cow::Owned(position.flipped())
        } else {
            Cow::Borrowed(position)
        }
    }

    /// Whether it is read through its blocks.
    pub fn is_probed(&self) -> bool {
        matches!(self.source, Source::Probed { .. })
    }

    /// The side to move and index of `position`'s entry (of the
    /// sub-table's material in the capture's orientation).
    #[inline]
    pub fn slot(&self, position: &Position) -> Result<(Color, u64), ProbeError> {
        let position = self.stored(position);
        let layout = match &self.source {
            Source::Whole(table) => table.layout(),
            Source::Probed { layout, .. } => layout,
        };
        let slot = layout
            .slot(&position)
            .map_err(|off| ProbeError::OffDomain {
                material: self.material,
                off,
            })?;
        Ok((position.side_to_move(), slot.index))
    }

    /// The codes of entries `indices` with `side` to move, appended to
    /// `codes` (fastest in ascending order).
    pub fn codes(
        &self,
        side: Color,
        indices: &[u64],
        codes: &mut Vec<u16>,
    ) -> Result<(), ProbeError> {
        match &self.source {
            Source::Whole(table) => {
                let stored = table.codes(side);
                codes.extend(indices.iter().map(|&index| stored[index as usize]));
                Ok(())
            }
            Source::Probed { tablebase, .. } => {
                tablebase.codes_at(&self.material, side, indices, codes)
            }
        }
    }

    /// The value of `position`, of the sub-table's material in the
    /// capture's orientation; `Ok(None)` for an entry marked illegal.
    #[inline]
    pub fn lookup(&self, position: &Position) -> Result<Option<Dtm>, ProbeError> {
        let (side, index) = self.slot(position)?;
        let code = match &self.source {
            Source::Whole(table) => table.codes(side)[index as usize],
            Source::Probed { tablebase, .. } => {
                let mut codes = Vec::with_capacity(1);
                tablebase.codes_at(&self.material, side, &[index], &mut codes)?;
                codes[0]
            }
        };
        Ok(Dtm::from_code(code))
    }
}

/// The table of each endgame one capture away, by the captured piece.
pub(crate) type Captures = [[Option<SubTable>; 7]; 2];

/// The tables needed to value every successor of an endgame's positions:
/// its own (for quiet moves) and those one capture away.
pub(crate) struct Family<'a> {
    pub own: &'a Table,
    pub captures: &'a Captures,
}

impl Family<'_> {
    /// The value of `child`, reached from a position of the own endgame by
    /// a move that captured `victim` (if any).
    #[inline]
    pub fn child_value(&self, child: &Position, victim: Option<Piece>) -> Option<Dtm> {
        match victim {
            None => self.own.lookup(child).ok().flatten(),
            Some(piece) => self.captures[piece.color as usize][piece.kind as usize]
                .as_ref()?
                .lookup(child)
                .ok()
                .flatten(),
        }
    }

    /// Every legal move of `position` with the value of where it leads, or
    /// `None` if some successor has no value.
    pub fn successors(&self, position: &Position) -> Option<Vec<(Move, Dtm)>> {
        position
            .legal_moves()
            .iter()
            .map(|&mv| {
                let victim = position.piece_at(mv.to());
                self.child_value(&position.play(mv), victim)
                    .map(|value| (mv, value))
            })
            .collect()
    }
}

/// The captured pieces a material's positions can lose: every non-king
/// piece it has.
pub(crate) fn capturable(material: &Material) -> impl Iterator<Item = Piece> + '_ {
    Color::ALL.into_iter().flat_map(move |color| {
        PieceKind::ALL
            .into_iter()
            .filter(move |&kind| material.without(color, kind).is_some())
            .map(move |kind| Piece { color, kind })
    })
}
