//! Positions of index entries, built on one board kept from entry to
//! entry.

use super::Layout;
use crate::check::waiting_side_in_check;
use qiboard::xiangqi::{Bitboard, Color, Position};

/// Piece sets an index can have: one per colour and kind of rook, cannon,
/// horse and pawn.
const MAX_SETS: usize = 8;

/// Builds the positions of an index's entries, one after another, as a
/// pass over the index needs them (a solver's, a verifier's): much
/// faster than [`Layout::position`] for consecutive entries.
///
/// It keeps one board: the
/// kings, advisors and elephants stay while consecutive entries share a
/// pair (they mostly do), and of the other pieces only the sets whose
/// number changed are lifted and put back. Entries met in order (the
/// passes over a whole index) count the sets' numbers up like an odometer
/// instead of dividing the index out again.
pub struct Decoder<'a> {
    layout: &'a Layout,
    pair: u64,
    board: Position,
    /// The entry last asked for (within its side), if any.
    last: Option<u64>,
    /// Each set's number among its domain's sets in that entry.
    numbers: [u64; MAX_SETS],
    /// The squares of each set on the board: empty while a set is not
    /// placed (it would have shared a square).
    on_board: [Bitboard; MAX_SETS],
}

impl<'a> Decoder<'a> {
    /// A decoder for `layout`'s entries.
    pub fn new(layout: &'a Layout) -> Decoder<'a> {
        assert!(layout.sets.len() <= MAX_SETS, "one set per colour and kind");
        Decoder {
            layout,
            pair: 0,
            board: layout.base(0),
            last: None,
            numbers: [0; MAX_SETS],
            on_board: [Bitboard::EMPTY; MAX_SETS],
        }
    }

    /// The pieces of entry `index` with `side` to move, or `None` when
    /// two share a square; whether the side not to move is in check is
    /// not looked at (for entries already known to be legal).
    #[inline]
    pub fn placed(&mut self, side: Color, index: u64) -> Option<&Position> {
        let layout = self.layout;
        if index >= layout.per_side() {
            return None;
        }
        let sets = &layout.sets;
        let mut numbers = self.numbers;
        let pair = if self.last.is_some_and(|last| last + 1 == index) {
            // The last set varies fastest: count up, carrying leftwards;
            // a carry out of the first set is the next pair.
            let mut pair = self.pair + 1;
            for (number, set) in numbers[..sets.len()].iter_mut().zip(sets).rev() {
                *number += 1;
                if *number < set.sets {
                    pair = self.pair;
                    break;
                }
                *number = 0;
            }
            pair
        } else {
            let pair = index / layout.free_size;
            // Digits of a mixed radix, the first set's the highest: one
            // division a set (the strides are not known to the compiler,
            // so each is a hardware division), none for the last (stride 1).
            let mut rest = index - pair * layout.free_size;
            for (number, set) in numbers.iter_mut().zip(sets) {
                *number = if set.stride == 1 {
                    rest
                } else {
                    rest / set.stride
                };
                rest -= *number * set.stride;
            }
            pair
        };
        self.last = Some(index);
        if pair != self.pair {
            self.pair = pair;
            self.board = layout.base(pair);
            self.on_board = [Bitboard::EMPTY; MAX_SETS];
        }
        for (i, on_board) in self.on_board[..sets.len()].iter_mut().enumerate() {
            if numbers[i] != self.numbers[i] && !on_board.is_empty() {
                for square in *on_board {
                    self.board.edit_unchecked().remove(square);
                }
                *on_board = Bitboard::EMPTY;
            }
        }
        self.numbers = numbers;
        // Each set put back is tested against every piece on the board, so
        // two sets put back together are tested against each other too.
        for (i, set) in sets.iter().enumerate() {
            if !self.on_board[i].is_empty() {
                continue;
            }
            let squares = set.domain.set(numbers[i], set.count);
            if !(squares & self.board.occupied()).is_empty() {
                return None;
            }
            for square in squares {
                self.board.edit_unchecked().put(square, set.piece);
            }
            self.on_board[i] = squares;
        }
        // Kings, advisors and elephants come from their placements, the
        // other sets from their domains, none on a shared square: the
        // position is legal but for check, which `position` tests.
        self.board.edit_unchecked().set_side_to_move(side);
        Some(&self.board)
    }

    /// The position of entry `index`, or `None` for a broken entry.
    #[inline]
    pub fn position(&mut self, side: Color, index: u64) -> Option<&Position> {
        let position = self.placed(side, index)?;
        (!waiting_side_in_check(position)).then_some(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One decoder met entries in order, with jumps back and forth, gives
    /// what a fresh decoder gives for each: the odometer and the lifting
    /// of only the changed sets keep the board right, also after entries
    /// whose pieces share a square.
    #[test]
    fn a_reused_decoder_agrees_with_fresh_ones() {
        for name in ["KRKNA", "KPPKA", "KNNKE", "KRCKP"] {
            let layout = Layout::new(name.parse().unwrap()).unwrap();
            let per_side = layout.per_side();
            let mut decoder = Decoder::new(&layout);
            let mut checked = 0u64;
            for side in Color::ALL {
                let mut index = 0;
                while index < per_side {
                    let reused = decoder.placed(side, index).cloned();
                    let fresh = Decoder::new(&layout).placed(side, index).cloned();
                    assert_eq!(reused, fresh, "{name} {side:?} {index}");
                    checked += 1;
                    // Mostly the next entry; now and then a jump.
                    index = match checked % 997 {
                        0 => (index * 7 + 13) % per_side,
                        1 => index.saturating_sub(5000),
                        _ => index + 1 + checked.is_multiple_of(31) as u64 * 40,
                    };
                    if checked > 400_000 {
                        break;
                    }
                }
            }
        }
    }
}
