//! Positions of index entries, built on one board kept from entry to
//! entry.

use super::Layout;
use crate::xiangqi::tablebase::check::waiting_side_in_check;
use crate::xiangqi::{Bitboard, Color, Position};

/// Builds the positions of entries on one board that it keeps: the
/// kings, advisors and elephants stay while consecutive entries share a
/// pair (they mostly do), and only the other pieces are lifted and put
/// back.
pub(crate) struct Decoder<'a> {
    layout: &'a Layout,
    pair: u64,
    board: Position,
    /// Squares of the pieces put on top of the pair's.
    extra: Bitboard,
}

impl<'a> Decoder<'a> {
    /// A decoder for `layout`'s entries.
    pub(crate) fn new(layout: &'a Layout) -> Decoder<'a> {
        Decoder {
            layout,
            pair: 0,
            board: layout.base(0),
            extra: Bitboard::EMPTY,
        }
    }

    /// The pieces of entry `index` with `side` to move, or `None` when
    /// two share a square; whether the side not to move is in check is
    /// not looked at (for entries already known to be legal).
    #[inline]
    pub(crate) fn placed(&mut self, side: Color, index: u32) -> Option<&Position> {
        let layout = self.layout;
        let index = u64::from(index);
        let pair = index / layout.free_size;
        if pair != self.pair {
            self.pair = pair;
            self.board = layout.base(pair);
        } else {
            for square in self.extra {
                self.board.remove(square);
            }
        }
        self.extra = Bitboard::EMPTY;
        let rest = index % layout.free_size;
        let mut occupied = self.board.occupied();
        for set in &layout.sets {
            let squares = set.domain.unrank(rest / set.stride % set.sets, set.count);
            if !(squares & occupied).is_empty() {
                return None;
            }
            occupied |= squares;
            for square in squares {
                self.board.put(square, set.piece);
            }
            self.extra |= squares;
        }
        self.board.set_side(side);
        Some(&self.board)
    }

    /// The position of entry `index`, or `None` for a broken entry.
    #[inline]
    pub(crate) fn position(&mut self, side: Color, index: u32) -> Option<&Position> {
        let position = self.placed(side, index)?;
        (!waiting_side_in_check(position)).then_some(position)
    }
}
