//! A solved endgame in memory: its index, one value code per entry and
//! the counts `stats` prints; and the smaller tables a solve reads.

use std::sync::Arc;

use qiboard::xiangqi::{Color, Position};

use crate::value::{Dtm, Value, CHANGED_FLAG};
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
    pub const NONE: SideStats = SideStats {
        legal: 0,
        win: 0,
        draw: 0,
        loss: 0,
        max_dtm: -1,
        by_rule: 0,
    };

    /// The counts of `codes` ([`Dtm::to_code`]), one side's codes of
    /// `layout` from index `first` on (mirror images counted).
    pub fn of(layout: &Layout, first: usize, codes: &[u16]) -> SideStats {
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
}

/// The counts of two sets of positions together.
impl std::ops::Add for SideStats {
    type Output = SideStats;

    fn add(self, other: SideStats) -> SideStats {
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
    /// A table from its codes ([`Dtm::to_code`]; Red to move, then Black,
    /// `layout.per_side()` each), counting its statistics.
    ///
    /// # Panics
    ///
    /// If `codes` has not `2 * layout.per_side()` codes.
    pub fn from_codes(layout: Arc<Layout>, rules: RuleSet, codes: Vec<u16>) -> Table {
        let per_side = layout.per_side() as usize;
        let stats = [0, 1]
            .map(|side| SideStats::of(&layout, 0, &codes[side * per_side..(side + 1) * per_side]));
        Table::with_stats(layout, rules, codes, stats)
    }

    /// A table from its codes and their statistics, counted already (by a
    /// solver, in parallel) or read from files, whose entries without a
    /// legal position hold whatever compressed best and cannot be counted
    /// again.
    ///
    /// # Panics
    ///
    /// If `codes` has not `2 * layout.per_side()` codes.
    pub fn with_stats(
        layout: Arc<Layout>,
        rules: RuleSet,
        codes: Vec<u16>,
        stats: [SideStats; 2],
    ) -> Table {
        assert_eq!(
            codes.len() as u64,
            2 * layout.per_side(),
            "a table has a code per entry and side to move"
        );
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

    /// The value codes with `side` to move, in index order.
    pub fn codes(&self, side: Color) -> &[u16] {
        let per_side = self.layout.per_side() as usize;
        &self.codes[side as usize * per_side..(side as usize + 1) * per_side]
    }

    /// Bytes the codes take in memory.
    pub fn bytes(&self) -> usize {
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

    /// The value of entry `index` with `side` to move; `None` for an entry
    /// without a legal position, or past the end.
    pub fn entry(&self, side: Color, index: u64) -> Option<Dtm> {
        self.codes(side)
            .get(index as usize)
            .and_then(|&code| Dtm::from_code(code))
    }

    /// The value of `position`, which must have this table's material in
    /// its stored orientation. `Ok(None)` means the entry is marked
    /// illegal, which a legal position never is.
    ///
    /// # Errors
    ///
    /// A piece where the index has no square for it ([`OffDomain`]).
    #[inline]
    pub fn lookup(&self, position: &Position) -> Result<Option<Dtm>, OffDomain> {
        let slot = self.layout.slot(position)?;
        let code = self.codes(position.side_to_move())[slot.index as usize];
        Ok(Dtm::from_code(code))
    }
}
