//! The fixed xiangqi action space and the observation planes: pure Rust,
//! no Python, so that `cargo test` checks them without an interpreter.
//!
//! # Actions
//!
//! Every move any xiangqi piece could ever make on an empty board, in one
//! list of [`ACTION_COUNT`] (2,086) entries, sorted by the origin square's
//! index and then the target's (squares a0 = 0 … i9 = 89, index =
//! rank × 9 + file):
//!
//! * along a rank or a file, any distance (rooks, cannons, kings, pawns):
//!   90 × 17 = 1,530;
//! * a horse's jump (one orthogonal and one diagonal step): 508;
//! * a diagonal step between two advisor points of one palace: 16;
//! * a two-square diagonal step between two elephant points of one side:
//!   32.
//!
//! Every legal move of every position is one of them.
//!
//! # Planes
//!
//! [`PLANES`] (15) planes of 10 ranks × 9 files: plane `color × 7 + kind`
//! holds a 1 where a piece of that colour (Red 0, Black 1) and kind (king,
//! advisor, elephant, horse, rook, cannon, pawn: 0–6, the FEN letters `K A
//! B N R C P`) stands; plane 14 is all ones when Red is to move, all zeros
//! when Black is. Row `r` of a plane is rank `r` (rank 0 is Red's back
//! rank), column `f` is file `f` (file a = 0).

use qiboard::xiangqi::{reachable, Color, Move, Piece, PieceKind, Position, Square};

/// How many actions there are.
pub const ACTION_COUNT: usize = 2086;

/// Planes per observation.
pub const PLANES: usize = 15;

/// Bytes of one observation: planes × 90 squares.
pub const OBSERVATION_LEN: usize = PLANES * 90;

/// No action (in [`ActionTable::index`]).
const NO_ACTION: u16 = u16::MAX;

/// The two-way map between moves and action indices.
pub struct ActionTable {
    /// `from * 90 + to` → action, or [`NO_ACTION`].
    index: [u16; 8100],
    /// action → `(from, to)`.
    moves: [(u8, u8); ACTION_COUNT],
}

/// Whether a piece could ever move from `from` to `to` on an empty board.
fn geometric(from: usize, to: usize) -> bool {
    if from == to {
        return false;
    }
    let (ff, fr) = ((from % 9) as i32, (from / 9) as i32);
    let (tf, tr) = ((to % 9) as i32, (to / 9) as i32);
    let (df, dr) = ((tf - ff).abs(), (tr - fr).abs());
    if df == 0 || dr == 0 {
        return true;
    }
    if (df, dr) == (1, 2) || (df, dr) == (2, 1) {
        return true;
    }
    let both_on = |kind: PieceKind| {
        Color::ALL.into_iter().any(|color| {
            let points = reachable(Piece { color, kind });
            points.contains(Square::ALL[from]) && points.contains(Square::ALL[to])
        })
    };
    (df == 1 && dr == 1 && both_on(PieceKind::Advisor))
        || (df == 2 && dr == 2 && both_on(PieceKind::Elephant))
}

impl ActionTable {
    fn build() -> ActionTable {
        let mut table = ActionTable {
            index: [NO_ACTION; 8100],
            moves: [(0, 0); ACTION_COUNT],
        };
        let mut next = 0;
        for from in 0..90 {
            for to in 0..90 {
                if geometric(from, to) {
                    table.index[from * 90 + to] = next as u16;
                    table.moves[next] = (from as u8, to as u8);
                    next += 1;
                }
            }
        }
        assert_eq!(
            next, ACTION_COUNT,
            "the action list has {ACTION_COUNT} entries"
        );
        table
    }

    /// The action of the move from `from` to `to`, if any piece could make it.
    #[inline]
    pub fn index(&self, mv: Move) -> Option<usize> {
        let at = mv.from() as usize * 90 + mv.to() as usize;
        match self.index[at] {
            NO_ACTION => None,
            action => Some(action as usize),
        }
    }

    /// The move of `action`, if it is one.
    #[inline]
    pub fn mv(&self, action: usize) -> Option<Move> {
        let &(from, to) = self.moves.get(action)?;
        Some(Move::new(
            Square::ALL[from as usize],
            Square::ALL[to as usize],
        ))
    }
}

/// The action table, built once.
pub fn actions() -> &'static ActionTable {
    static TABLE: std::sync::OnceLock<ActionTable> = std::sync::OnceLock::new();
    TABLE.get_or_init(ActionTable::build)
}

/// Writes `position`'s planes into `out` ([`OBSERVATION_LEN`] bytes).
#[inline]
pub fn write_planes(position: &Position, out: &mut [u8]) {
    out.fill(0);
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let plane = (color.index() * 7 + kind.index()) * 90;
            for square in position.pieces(color, kind) {
                out[plane + square as usize] = 1;
            }
        }
    }
    if position.side_to_move() == Color::Red {
        out[14 * 90..15 * 90].fill(1);
    }
}

/// Writes a mask of `moves` into `out`: `one` at their actions, `zero`
/// elsewhere.
#[inline]
pub fn write_mask<T: Copy>(moves: &[Move], out: &mut [T], zero: T, one: T) {
    out.fill(zero);
    let table = actions();
    for &mv in moves {
        if let Some(action) = table.index(mv) {
            out[action] = one;
        }
    }
}

/// Sets the mask entries of `moves` to `value`.
#[inline]
pub fn set_mask(moves: &[Move], mask: &mut [bool], value: bool) {
    let table = actions();
    for &mv in moves {
        if let Some(action) = table.index(mv) {
            mask[action] = value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_by_shape() {
        let table = actions();
        let mut lines = 0;
        let mut horse = 0;
        let mut diagonal1 = 0;
        let mut diagonal2 = 0;
        for action in 0..ACTION_COUNT {
            let mv = table.mv(action).unwrap();
            assert_eq!(table.index(mv), Some(action));
            let df = (mv.from().file() as i32 - mv.to().file() as i32).abs();
            let dr = (mv.from().rank() as i32 - mv.to().rank() as i32).abs();
            match (df.min(dr), df.max(dr)) {
                (0, _) => lines += 1,
                (1, 2) => horse += 1,
                (1, 1) => diagonal1 += 1,
                (2, 2) => diagonal2 += 1,
                other => panic!("unexpected shape {other:?}"),
            }
        }
        assert_eq!((lines, horse, diagonal1, diagonal2), (1530, 508, 16, 32));
        assert_eq!(table.mv(ACTION_COUNT), None);
    }

    #[test]
    fn sorted_by_squares() {
        let table = actions();
        let keys: Vec<u16> = (0..ACTION_COUNT)
            .map(|a| {
                let mv = table.mv(a).unwrap();
                mv.from() as u16 * 90 + mv.to() as u16
            })
            .collect();
        assert!(keys.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn legal_moves_are_actions() {
        // A few plies of every position from the start: each legal move
        // has an action.
        let mut frontier = vec![Position::start()];
        for _ in 0..2 {
            let mut next = Vec::new();
            for position in &frontier {
                for &mv in position.legal_moves().iter() {
                    assert!(actions().index(mv).is_some(), "{mv} has no action");
                    next.push(position.play(mv));
                }
            }
            frontier = next;
        }
    }

    #[test]
    fn planes_of_the_start() {
        let mut out = vec![7u8; OBSERVATION_LEN];
        write_planes(&Position::start(), &mut out);
        assert_eq!(out.iter().map(|&b| b as usize).sum::<usize>(), 32 + 90);
        // Red's king on e0, Black's on e9.
        assert_eq!(out[4], 1);
        assert_eq!(out[7 * 90 + 9 * 9 + 4], 1);
        let mut mask = vec![0u8; ACTION_COUNT];
        write_mask(&Position::start().legal_moves(), &mut mask, 0, 1);
        assert_eq!(mask.iter().filter(|&&b| b == 1).count(), 44);
    }
}
