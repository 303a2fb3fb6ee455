//! The tables a solve reads: those one capture away, by the captured
//! piece, and with its own table, every successor's value.

use std::sync::Arc;

use qiboard::xiangqi::{Color, Move, Piece, PieceKind, Position};
use qiboard_tablebase::{Dtm, Material, OffDomain, Table};

/// A smaller table as a capture reaches it: stored in the other colour
/// orientation when `flipped` (see [`Material::canonical`]).
#[derive(Clone, Debug)]
pub(crate) struct SubTable {
    pub table: Arc<Table>,
    pub flipped: bool,
}

impl SubTable {
    /// The value of `position`, of the sub-table's material in the
    /// capture's orientation.
    #[inline]
    pub fn lookup(&self, position: &Position) -> Result<Option<Dtm>, OffDomain> {
        if self.flipped {
            self.table.lookup(&position.flipped())
        } else {
            self.table.lookup(position)
        }
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
            None => self.own.lookup(child),
            Some(piece) => self.captures[piece.color as usize][piece.kind as usize]
                .as_ref()?
                .lookup(child),
        }
        .ok()
        .flatten()
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
