//! Horse, elephant, advisor, king and pawn tables, and the reverse tables
//! that find checkers from a king square.
//!
//! Blockable leapers are grouped by the square that blocks them: a horse's
//! leg, an elephant's eye, or (looking back from a king) the leg a checking
//! horse needs empty. Each group is a blocker and the targets behind it; a
//! direction that leaves the board keeps the piece's own square as blocker
//! and has no targets.

use super::geometry::{
    bit, in_red_half, offset, palace_steps, same_half, DIAGONAL, ORTHOGONAL, SQUARES,
};

/// Four blockers of one square and the targets behind each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocked {
    /// Square that must be empty for the matching targets.
    pub blockers: [u8; 4],
    /// Targets behind each blocker.
    pub targets: [u128; 4],
}

/// For every square, one group per direction: `group(square, direction)`
/// gives the blocker and the squares beyond it.
fn per_square(
    directions: [(i32, i32); 4],
    group: impl Fn(usize, (i32, i32)) -> Option<(usize, u128)>,
) -> Vec<Blocked> {
    (0..SQUARES)
        .map(|square| {
            let mut entry = Blocked {
                blockers: [square as u8; 4],
                targets: [0; 4],
            };
            for (slot, &direction) in directions.iter().enumerate() {
                if let Some((blocker, targets)) = group(square, direction) {
                    if targets != 0 {
                        entry.blockers[slot] = blocker as u8;
                        entry.targets[slot] = targets;
                    }
                }
            }
            entry
        })
        .collect()
}

fn squares(square: usize, steps: &[(i32, i32)]) -> u128 {
    steps
        .iter()
        .filter_map(|&step| offset(square, step))
        .fold(0, |set, target| set | bit(target))
}

/// Horse moves by leg: the leg is one orthogonal step, the two targets are
/// one more step on and one to either side.
pub fn horse_moves() -> Vec<Blocked> {
    per_square(ORTHOGONAL, |square, (df, dr)| {
        let leg = offset(square, (df, dr))?;
        let targets = squares(
            square,
            &[(2 * df + dr, 2 * dr + df), (2 * df - dr, 2 * dr - df)],
        );
        Some((leg, targets))
    })
}

/// From a king square: the squares a horse checks it from, by the leg the
/// horse needs empty (a diagonal neighbour of the king).
pub fn horse_checks() -> Vec<Blocked> {
    per_square(DIAGONAL, |king, (df, dr)| {
        let leg = offset(king, (df, dr))?;
        Some((leg, squares(king, &[(2 * df, dr), (df, 2 * dr)])))
    })
}

/// Elephant moves by eye: two diagonal steps, staying on the side of the
/// river that holds the square.
pub fn elephant_moves() -> Vec<Blocked> {
    per_square(DIAGONAL, |square, (df, dr)| {
        let eye = offset(square, (df, dr))?;
        let target = offset(square, (2 * df, 2 * dr)).filter(|&t| same_half(square, t))?;
        Some((eye, bit(target)))
    })
}

/// Advisor moves: one diagonal step within the palace holding the square.
pub fn advisor_moves() -> Vec<u128> {
    (0..SQUARES)
        .map(|square| palace_steps(square, &DIAGONAL))
        .collect()
}

/// King moves: one orthogonal step within the palace holding the square.
pub fn king_moves() -> Vec<u128> {
    (0..SQUARES)
        .map(|square| palace_steps(square, &ORTHOGONAL))
        .collect()
}

/// Pawn moves by `[colour][square]` (Red first): forward, and also
/// sideways once across the river.
pub fn pawn_moves() -> Vec<Vec<u128>> {
    [(1, false), (-1, true)]
        .iter()
        .map(|&(forward, crossed_when_red_half)| {
            (0..SQUARES)
                .map(|square| {
                    let crossed = in_red_half(square) == crossed_when_red_half;
                    let sideways: &[(i32, i32)] = if crossed { &[(1, 0), (-1, 0)] } else { &[] };
                    squares(square, &[(0, forward)]) | squares(square, sideways)
                })
                .collect()
        })
        .collect()
}

/// By `[colour][king square]`: the squares from which a pawn of that
/// colour attacks the king square.
pub fn pawn_checks() -> Vec<Vec<u128>> {
    pawn_moves()
        .iter()
        .map(|moves| {
            (0..SQUARES)
                .map(|king| {
                    (0..SQUARES)
                        .filter(|&pawn| moves[pawn] & bit(king) != 0)
                        .fold(0, |set, pawn| set | bit(pawn))
                })
                .collect()
        })
        .collect()
}
