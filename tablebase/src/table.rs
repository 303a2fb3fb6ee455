//! A solved endgame in memory: its index, one value code per entry and
//! the counts `stats` prints; and the smaller tables a solve reads.

use std::sync::Arc;

#[cfg(feature = "generate")]
use rayon::prelude::*;

use qiboard::xiangqi::{Color, Move, Piece, PieceKind, Position};

use crate::value::{Dtm, Value, BROKEN, CHANGED_FLAG};
use crate::{Layout, Material, OffDomain, RuleSet};

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
    /// The longest distance among wins and losses, or -1.
    pub max_dtm: i32,
    /// Positions whose value this table's rule rounds decided: draws when
    /// the table is solved without the repetition rules from the same
    /// smaller tables. (Values that changed only through a smaller table
    /// are counted in that table.)
    pub by_rule: u64,
}

impl SideStats {
    /// The counts of no position.
    #[cfg(feature = "generate")]
    pub(crate) const NONE: SideStats = SideStats {
        legal: 0,
        win: 0,
        draw: 0,
        loss: 0,
        max_dtm: -1,
        by_rule: 0,
    };

    /// The counts of `codes`, one side's codes from index `first` on.
    #[cfg(feature = "generate")]
    pub(crate) fn of(layout: &Layout, first: usize, codes: &[u16]) -> SideStats {
        let mut stats = SideStats::NONE;
        for (offset, &code) in codes.iter().enumerate() {
            let Some(value) = Value::from_code(code) else {
                continue;
            };
            let weight = layout.weight((first + offset) as u64);
            stats.legal += weight;
            match value {
                Value::Win(_) => stats.win += weight,
                Value::Draw => stats.draw += weight,
                Value::Loss(_) => stats.loss += weight,
            }
            if value != Value::Draw {
                stats.max_dtm = stats.max_dtm.max(i32::from(value.plies()));
            }
            if code & CHANGED_FLAG != 0 {
                stats.by_rule += weight;
            }
        }
        stats
    }

    /// The counts of two sets of positions together.
    #[cfg(feature = "generate")]
    pub(crate) fn add(self, other: SideStats) -> SideStats {
        SideStats {
            legal: self.legal + other.legal,
            win: self.win + other.win,
            draw: self.draw + other.draw,
            loss: self.loss + other.loss,
            by_rule: self.by_rule + other.by_rule,
            max_dtm: self.max_dtm.max(other.max_dtm),
        }
    }
}

/// A solved endgame.
#[derive(Clone, Debug)]
pub struct Table {
    layout: Arc<Layout>,
    rules: RuleSet,
    /// Value codes, Red to move (`per_side` of them) then Black to move.
    codes: Vec<u16>,
    stats: [SideStats; 2],
}

impl Table {
    /// A table from its codes (both sides to move, Red first, each
    /// `layout.per_side()` long), counting its statistics.
    #[cfg(feature = "generate")]
    pub(crate) fn new(layout: Arc<Layout>, rules: RuleSet, codes: Vec<u16>) -> Table {
        let per_side = layout.per_side() as usize;
        debug_assert_eq!(codes.len(), 2 * per_side);
        // Counted in parallel chunks: a pass over KRNKR's 65.6 million
        // codes took a tenth of a second on one core.
        const CHUNK: usize = 1 << 16;
        let stats = [0, 1].map(|side| {
            let side_codes = &codes[side * per_side..(side + 1) * per_side];
            side_codes
                .par_chunks(CHUNK)
                .enumerate()
                .map(|(chunk, codes)| SideStats::of(&layout, chunk * CHUNK, codes))
                .reduce(|| SideStats::NONE, SideStats::add)
        });
        Table {
            layout,
            rules,
            codes,
            stats,
        }
    }

    /// A table read from files, whose headers carry its counts (illegal
    /// entries there hold whatever compressed best, so they cannot be
    /// counted again).
    #[cfg(feature = "generate")]
    pub(crate) fn with_stats(
        layout: Arc<Layout>,
        rules: RuleSet,
        codes: Vec<u16>,
        stats: [SideStats; 2],
    ) -> Table {
        Table {
            layout,
            rules,
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

    /// The repetition rules its values assume.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Counts with `side` to move.
    pub fn stats(&self, side: Color) -> SideStats {
        self.stats[side as usize]
    }

    /// The value codes with `side` to move.
    pub(crate) fn codes(&self, side: Color) -> &[u16] {
        let per_side = self.layout.per_side() as usize;
        &self.codes[side as usize * per_side..(side as usize + 1) * per_side]
    }

    /// Bytes the codes take in memory.
    pub(crate) fn bytes(&self) -> usize {
        self.codes.len() * 2
    }

    /// Every legal position of the table with `side` to move (one of each
    /// mirror pair, in index order) with its stored value.
    pub fn values(&self, side: Color) -> impl Iterator<Item = (Position, Dtm)> + '_ {
        (0..self.layout.per_side()).filter_map(move |index| {
            let position = self.layout.position(side, index)?;
            Some((position, self.entry(side, index)?))
        })
    }

    /// The value of entry `index` with `side` to move, `None` when broken.
    pub(crate) fn entry(&self, side: Color, index: u64) -> Option<Dtm> {
        self.codes(side)
            .get(index as usize)
            .and_then(|&code| Dtm::from_code(code))
    }

    /// The value of `position`, which must have this table's material.
    /// `Ok(None)` means the entry is marked illegal, which a legal
    /// position never is.
    #[inline]
    pub(crate) fn lookup(&self, position: &Position) -> Result<Option<Dtm>, OffDomain> {
        let slot = self.layout.slot(position)?;
        let code = self.codes(position.side_to_move())[slot.index as usize];
        Ok((code != BROKEN).then(|| Dtm::from_code(code)).flatten())
    }
}

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
