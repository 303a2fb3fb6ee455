//! A solved endgame in memory: its index, one value code per entry and
//! the counts the `stats` command prints.

use std::sync::Arc;

use crate::xiangqi::{Color, Move, Piece, PieceKind, Position};

use super::value::{Value, BROKEN};
use super::{Layout, Material, OffDomain};

/// Counts over every legal position with one side to move, over the whole
/// board (mirror images counted separately).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideStats {
    /// Legal positions.
    pub legal: u64,
    /// Won for the side to move.
    pub win: u64,
    /// Drawn.
    pub draw: u64,
    /// Lost for the side to move.
    pub loss: u64,
    /// The longest distance to mate among wins and losses, or -1.
    pub max_dtm: i32,
}

/// A solved endgame.
#[derive(Clone, Debug)]
pub struct Table {
    layout: Arc<Layout>,
    /// Value codes by side to move, then index.
    codes: [Vec<u16>; 2],
    stats: [SideStats; 2],
}

impl Table {
    /// A table from its codes (one vector per side to move, each
    /// `layout.per_side()` long), counting its statistics.
    pub(crate) fn new(layout: Arc<Layout>, codes: [Vec<u16>; 2]) -> Table {
        let stats = [0, 1].map(|side| {
            let mut stats = SideStats {
                max_dtm: -1,
                ..SideStats::default()
            };
            for (index, &code) in codes[side].iter().enumerate() {
                let Some(value) = Value::from_code(code) else {
                    continue;
                };
                let weight = layout.weight(index as u32);
                stats.legal += weight;
                match value {
                    Value::Win(_) => stats.win += weight,
                    Value::Draw => stats.draw += weight,
                    Value::Loss(_) => stats.loss += weight,
                }
                if value != Value::Draw {
                    stats.max_dtm = stats.max_dtm.max(i32::from(value.plies()));
                }
            }
            stats
        });
        Table {
            layout,
            codes,
            stats,
        }
    }

    /// The endgame.
    pub fn material(&self) -> Material {
        self.layout.material()
    }

    /// Its index.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Counts with `side` to move.
    pub fn stats(&self, side: Color) -> SideStats {
        self.stats[side as usize]
    }

    /// The value codes with `side` to move.
    pub(crate) fn codes(&self, side: Color) -> &[u16] {
        &self.codes[side as usize]
    }

    /// The value of entry `index` with `side` to move, `None` when broken.
    pub fn entry(&self, side: Color, index: u32) -> Option<Value> {
        self.codes[side as usize]
            .get(index as usize)
            .and_then(|&code| Value::from_code(code))
    }

    /// The value of `position`, which must have this table's material.
    /// `Ok(None)` means the entry is marked illegal, which a legal
    /// position never is.
    #[inline]
    pub(crate) fn lookup(&self, position: &Position) -> Result<Option<Value>, OffDomain> {
        let slot = self.layout.slot(position)?;
        let code = self.codes[position.side_to_move() as usize][slot.index as usize];
        Ok((code != BROKEN).then(|| Value::from_code(code)).flatten())
    }
}

/// The table of each endgame one capture away, by the captured piece.
pub(crate) type Captures = [[Option<Arc<Table>>; 7]; 2];

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
    pub fn child_value(&self, child: &Position, victim: Option<Piece>) -> Option<Value> {
        let table = match victim {
            None => self.own,
            Some(piece) => self.captures[piece.color as usize][piece.kind as usize].as_deref()?,
        };
        table.lookup(child).ok().flatten()
    }

    /// Every legal move of `position` with the value of where it leads, or
    /// `None` if some successor has no value.
    pub fn successors(&self, position: &Position) -> Option<Vec<(Move, Value)>> {
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

/// The value a position must have given its successors' values (the
/// minimax rule: no move loses; mate a losing successor soonest, else
/// draw, else lose as late as possible).
pub(crate) fn backed_up(successors: &[(Move, Value)]) -> Value {
    let mut fastest_win: Option<u16> = None;
    let mut draw = false;
    let mut slowest_loss = 0;
    for &(_, value) in successors {
        match value {
            Value::Loss(plies) => {
                fastest_win = Some(fastest_win.map_or(plies + 1, |best| best.min(plies + 1)));
            }
            Value::Draw => draw = true,
            Value::Win(plies) => slowest_loss = slowest_loss.max(plies + 1),
        }
    }
    match (fastest_win, draw) {
        (Some(plies), _) => Value::Win(plies),
        (None, true) => Value::Draw,
        (None, false) => Value::Loss(slowest_loss),
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
