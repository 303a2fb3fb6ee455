//! Knight, king and pawn attack tables.

use super::geometry::leaps;

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const WHITE_PAWN_CAPTURES: [(i32, i32); 2] = [(-1, 1), (1, 1)];
const BLACK_PAWN_CAPTURES: [(i32, i32); 2] = [(-1, -1), (1, -1)];

fn per_square(steps: &[(i32, i32)]) -> Vec<u64> {
    (0..64).map(|square| leaps(square, steps)).collect()
}

pub fn knight_attacks() -> Vec<u64> {
    per_square(&KNIGHT_STEPS)
}

pub fn king_attacks() -> Vec<u64> {
    per_square(&KING_STEPS)
}

/// Indexed `[color][square]`, white first.
pub fn pawn_attacks() -> Vec<Vec<u64>> {
    vec![
        per_square(&WHITE_PAWN_CAPTURES),
        per_square(&BLACK_PAWN_CAPTURES),
    ]
}
