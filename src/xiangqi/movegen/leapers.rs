//! Horse and elephant moves by one table read: the four blockers (legs,
//! eyes) of a square are gathered from the occupancy into a 4-bit index,
//! and a table derived at compile time from the generated
//! [`HORSE_LEGS`]/[`HORSE_TARGETS`] and [`ELEPHANT_EYES`]/[`ELEPHANT_TARGETS`]
//! gives the targets behind the empty ones. No branch per blocker.

use crate::xiangqi::tables::{ELEPHANT_EYES, ELEPHANT_TARGETS, HORSE_LEGS, HORSE_TARGETS};

/// Blocker offsets in index order: bit `i` of a 4-bit index is the
/// blocker at `square + OFFSETS[i]`.
const HORSE_OFFSETS: [i32; 4] = [-9, -1, 1, 9];
const ELEPHANT_OFFSETS: [i32; 4] = [-10, -8, 8, 10];

/// `[square][blocked]`: the targets whose blocker is not in `blocked`
/// (bit `i` set when the blocker at `square + offsets[i]` is occupied).
/// A direction whose blocker is the square itself (the generator's mark
/// for no targets that way) adds nothing.
const fn by_blockers(
    blockers: &[[u8; 4]; 90],
    targets: &[[u128; 4]; 90],
    offsets: [i32; 4],
) -> [[u128; 16]; 90] {
    let mut table = [[0; 16]; 90];
    let mut square = 0;
    while square < 90 {
        let mut direction = 0;
        while direction < 4 {
            let offset = blockers[square][direction] as i32 - square as i32;
            let behind = targets[square][direction];
            let mut slot = 0;
            while slot < 4 {
                if offsets[slot] == offset && behind != 0 {
                    let mut blocked = 0;
                    while blocked < 16 {
                        if blocked >> slot & 1 == 0 {
                            table[square][blocked] |= behind;
                        }
                        blocked += 1;
                    }
                }
                slot += 1;
            }
            direction += 1;
        }
        square += 1;
    }
    table
}

/// Horse targets by square and occupied legs.
static HORSE_BY_LEGS: [[u128; 16]; 90] = by_blockers(&HORSE_LEGS, &HORSE_TARGETS, HORSE_OFFSETS);

/// Elephant targets by square and occupied eyes.
static ELEPHANT_BY_EYES: [[u128; 16]; 90] =
    by_blockers(&ELEPHANT_EYES, &ELEPHANT_TARGETS, ELEPHANT_OFFSETS);

/// The squares a horse on `square` attacks; `occupied9` is the occupancy
/// shifted up by 9, so that the leg below is bit 0 of the window.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn horse(square: usize, occupied9: u128) -> u128 {
    let window = (occupied9 >> (square & 127)) as u32;
    let legs = (window & 1) | (window >> 7 & 2) | (window >> 8 & 4) | (window >> 15 & 8);
    HORSE_BY_LEGS[square][legs as usize]
}

/// The squares an elephant on `square` attacks; `occupied10` is the
/// occupancy shifted up by 10.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn elephant(square: usize, occupied10: u128) -> u128 {
    let window = (occupied10 >> (square & 127)) as u32;
    let eyes = (window & 1) | (window >> 1 & 2) | (window >> 16 & 4) | (window >> 17 & 8);
    ELEPHANT_BY_EYES[square][eyes as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::{elephant_attacks, horse_attacks, Bitboard, Square};

    /// The table reads against the generated tables' own lookups, on
    /// every square and every pattern of the four blockers (plus noise
    /// elsewhere on the board).
    #[test]
    fn blocker_tables_match_the_lookups() {
        for square in Square::ALL {
            let s = square as usize;
            for pattern in 0..16u32 {
                for noise in [0u128, 0x2aa_aaaa_aaaa_aaaa_aaaa_aaaa, (1 << 90) - 1] {
                    let occupied = noise | 1u128 << s;
                    for (i, offsets) in [HORSE_OFFSETS, ELEPHANT_OFFSETS].iter().enumerate() {
                        let mut board = occupied;
                        for (slot, &offset) in offsets.iter().enumerate() {
                            let blocker = s as i32 + offset;
                            if (0..90).contains(&blocker) {
                                board &= !(1u128 << blocker);
                                if pattern >> slot & 1 != 0 {
                                    board |= 1 << blocker;
                                }
                            }
                        }
                        if i == 0 {
                            assert_eq!(
                                horse(s, board << 9),
                                horse_attacks(square, Bitboard(board)).0,
                                "{square} {board:x}"
                            );
                        } else {
                            assert_eq!(
                                elephant(s, board << 10),
                                elephant_attacks(square, Bitboard(board)).0,
                                "{square} {board:x}"
                            );
                        }
                    }
                }
            }
        }
    }
}
