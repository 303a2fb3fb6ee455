//! Square arithmetic on the 9×10 xiangqi board and the board regions the
//! rules confine pieces to: the plain definitions every xiangqi table is
//! built from.

/// Files a..i.
pub const FILES: usize = 9;
/// Ranks 0..9 (rank 0 is Red's back rank).
pub const RANKS: usize = 10;
/// a0 = 0 … i9 = 89.
pub const SQUARES: usize = FILES * RANKS;

/// `(file, rank)` steps of a rook (and of a king or pawn, one at a time).
pub const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// `(file, rank)` diagonal steps (advisor moves, horse checks, elephant eyes).
pub const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The square `step` away from `square`, if it is on the board.
pub fn offset(square: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let file = (square % FILES) as i32 + df;
    let rank = (square / FILES) as i32 + dr;
    ((0..FILES as i32).contains(&file) && (0..RANKS as i32).contains(&rank))
        .then(|| rank as usize * FILES + file as usize)
}

/// The bit of `square`.
pub fn bit(square: usize) -> u128 {
    1 << square
}

/// Whether `square` is on Red's side of the river (ranks 0..=4).
pub fn in_red_half(square: usize) -> bool {
    square / FILES < 5
}

/// Whether `a` and `b` are on the same side of the river.
pub fn same_half(a: usize, b: usize) -> bool {
    in_red_half(a) == in_red_half(b)
}

/// The palace (files d..f of ranks 0..=2 or 7..=9) holding `square`, as
/// a number (0 Red, 1 Black), if any.
pub fn palace(square: usize) -> Option<usize> {
    let file = square % FILES;
    let rank = square / FILES;
    if !(3..=5).contains(&file) {
        return None;
    }
    match rank {
        0..=2 => Some(0),
        7..=9 => Some(1),
        _ => None,
    }
}

/// The squares reached from `square` by single steps that stay in the
/// palace holding `square` (empty outside a palace).
pub fn palace_steps(square: usize, steps: &[(i32, i32)]) -> u128 {
    let Some(home) = palace(square) else {
        return 0;
    };
    steps
        .iter()
        .filter_map(|&step| offset(square, step))
        .filter(|&target| palace(target) == Some(home))
        .fold(0, |set, target| set | bit(target))
}
