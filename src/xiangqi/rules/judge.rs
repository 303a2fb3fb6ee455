//! Ruling a cycle: perpetual check first, then perpetual chase of one
//! piece, followed through its moves.

use super::chase::chased;
use crate::xiangqi::{Bitboard, Color, Move, Position};

/// How a repetition cycle is ruled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ruling {
    /// Neither side broke a rule, or both did the same: a draw.
    Draw,
    /// `loser` gave check on every one of its moves and the other side did
    /// not.
    PerpetualCheck {
        /// The side that checked and loses.
        loser: Color,
    },
    /// `loser` chased the same piece on every one of its moves, without
    /// any check, and the other side did not chase.
    PerpetualChase {
        /// The side that chased and loses.
        loser: Color,
    },
}

impl Ruling {
    /// The side that loses, if any.
    pub const fn loser(self) -> Option<Color> {
        match self {
            Ruling::Draw => None,
            Ruling::PerpetualCheck { loser } | Ruling::PerpetualChase { loser } => Some(loser),
        }
    }
}

/// Rules the cycle of `moves` through `positions`: `positions[i]` is the
/// position before `moves[i]`, and the last position, after the last move,
/// is the first one again (same key, lock and side to move). A cycle is
/// read round and round, so where it is entered does not matter: the
/// reply to the last move is the first move.
///
/// `None` when the input is no cycle: fewer than two moves, an odd number,
/// not one position more than moves, or a last position that differs from
/// the first. Moves that do not lead from one position to the next give an
/// unspecified ruling.
///
/// ```
/// use qiboard::xiangqi::rules::{judge, Ruling};
/// use qiboard::xiangqi::{Color, Position};
///
/// // Red's rook checks from a9 and a8 while Black's king steps e8-e9 and back.
/// let mut positions = vec![Position::from_fen("R8/4k4/9/9/9/9/9/9/9/3K5 w").unwrap()];
/// let mut moves = Vec::new();
/// for text in ["a9a8", "e8e9", "a8a9", "e9e8"] {
///     let position = positions.last().unwrap();
///     let mv = position.parse_move(text).unwrap();
///     positions.push(position.play(mv));
///     moves.push(mv);
/// }
/// assert_eq!(judge(&positions, &moves), Some(Ruling::PerpetualCheck { loser: Color::Red }));
/// ```
pub fn judge(positions: &[Position], moves: &[Move]) -> Option<Ruling> {
    let plies = moves.len();
    let closed = positions.len() == plies + 1
        && positions[0].key() == positions[plies].key()
        && positions[0].lock() == positions[plies].lock();
    if plies < 2 || plies % 2 != 0 || !closed {
        return None;
    }
    Some(judge_cycle(positions, moves, |ply| {
        positions[ply + 1].is_check()
    }))
}

/// [`judge`] of a checked cycle, with whether each move gave check read
/// from `gave_check(ply)` (a game keeps these flags).
pub(crate) fn judge_cycle(
    positions: &[Position],
    moves: &[Move],
    gave_check: impl Fn(usize) -> bool,
) -> Ruling {
    let plies = moves.len();
    let mover = |ply: usize| positions[ply % plies].side_to_move() as usize;
    let (mut always, mut ever) = ([true; 2], [false; 2]);
    for ply in 0..plies {
        let check = gave_check(ply);
        always[mover(ply)] &= check;
        ever[mover(ply)] |= check;
    }
    match always {
        [true, true] => return Ruling::Draw,
        [true, false] => return Ruling::PerpetualCheck { loser: Color::Red },
        [false, true] => {
            return Ruling::PerpetualCheck {
                loser: Color::Black,
            }
        }
        [false, false] => {}
    }
    // A side that checked at all chases nothing; the others must chase one
    // piece on every move, so their candidates only ever shrink.
    let mut candidates = [Bitboard::FULL, Bitboard::FULL];
    let mut chasing = [!ever[0], !ever[1]];
    let mut names = Names::new();
    // attacked[side]: the pieces `side` chases in the position before
    // `ply + 1`, named by their squares at the cycle's start.
    let mut attacked = [Bitboard::EMPTY; 2];
    for ply in 0..=plies {
        // The position after the move of `ply`, one lap on for the last.
        let mv = moves[ply % plies];
        names.follow(mv);
        let after = &positions[ply % plies + 1];
        let mut now = [Bitboard::EMPTY; 2];
        for side in [Color::Red, Color::Black] {
            if chasing[side as usize] {
                now[side as usize] = names.of(chased(after, side));
            }
        }
        if ply > 0 {
            // The move before this one chased what it attacked and this
            // reply freed.
            let side = mover(ply - 1);
            if chasing[side] {
                candidates[side] &= attacked[side] - now[side];
                chasing[side] = !candidates[side].is_empty();
            }
        }
        if chasing == [false, false] {
            return Ruling::Draw;
        }
        attacked = now;
    }
    match chasing {
        [true, false] => Ruling::PerpetualChase { loser: Color::Red },
        [false, true] => Ruling::PerpetualChase {
            loser: Color::Black,
        },
        _ => Ruling::Draw,
    }
}

/// Names the pieces of a cycle by the squares they stood on at its start,
/// so that a victim that moves stays the same victim.
struct Names {
    /// `start[square]`: where the piece now on `square` started.
    start: [u8; 90],
}

impl Names {
    fn new() -> Names {
        Names {
            start: core::array::from_fn(|square| square as u8),
        }
    }

    fn follow(&mut self, mv: Move) {
        self.start[mv.to() as usize] = self.start[mv.from() as usize];
    }

    /// `set`, squares of the current position, as starting squares.
    fn of(&self, set: Bitboard) -> Bitboard {
        set.into_iter().fold(Bitboard::EMPTY, |names, square| {
            names | Bitboard(1 << self.start[square as usize])
        })
    }
}
