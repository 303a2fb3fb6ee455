//! Square arithmetic and plain ray scans: the slow, obviously correct
//! definitions that every chess table is built (and checked) from.

/// `(file, rank)` steps of a rook.
pub const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// `(file, rank)` steps of a bishop.
pub const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The square `steps` away from `square`, if it is on the board.
pub fn offset(square: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let file = (square % 8) as i32 + df;
    let rank = (square / 8) as i32 + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

/// The squares a leaper on `square` reaches with the given steps.
pub fn leaps(square: usize, steps: &[(i32, i32)]) -> u64 {
    steps
        .iter()
        .filter_map(|&step| offset(square, step))
        .fold(0, |set, target| set | 1 << target)
}

/// The squares a slider on `square` attacks, stopping at (and including)
/// the first occupied square in each direction.
pub fn slide(square: usize, occupied: u64, directions: &[(i32, i32)]) -> u64 {
    let mut attacks = 0;
    for &direction in directions {
        let mut at = square;
        while let Some(next) = offset(at, direction) {
            attacks |= 1 << next;
            if occupied & (1 << next) != 0 {
                break;
            }
            at = next;
        }
    }
    attacks
}

/// The squares whose occupancy changes a slider's attacks: its rays without
/// their last square.
pub fn relevant_mask(square: usize, directions: &[(i32, i32)]) -> u64 {
    let mut mask = 0;
    for &direction in directions {
        let mut at = square;
        while let Some(next) = offset(at, direction) {
            if offset(next, direction).is_none() {
                break;
            }
            mask |= 1 << next;
            at = next;
        }
    }
    mask
}
