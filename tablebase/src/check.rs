//! The tablebase's questions about a king: which squares a move must touch
//! to expose it (so that most moves need no attack test at all), and
//! whether an entry's side not to move stands in check.

use qiboard::xiangqi::king_attackers;
use qiboard::xiangqi::{Bitboard, Position, Square};

/// `LINES[square]`: the rank and the file through `square`, computed by
/// the compiler.
static LINES: [Bitboard; 90] = {
    let mut lines = [Bitboard::EMPTY; 90];
    let mut square = 0;
    while square < 90 {
        let (file, rank) = (square % 9, square / 9);
        let rank_bits = 0x1ff << (9 * rank);
        let mut file_bits = 0;
        let mut r = 0;
        while r < 10 {
            file_bits |= 1 << (9 * r + file);
            r += 1;
        }
        lines[square] = Bitboard(rank_bits | file_bits);
        square += 1;
    }
    lines
};

/// The squares through which a move can expose `king` when it is not in
/// check: its rank and file (lines opened, cannon screens added, the
/// flying general) and, against horses, its diagonal neighbours (where
/// the legs of horses attacking it stand). A move touching none of them
/// changes no attack on the king but the moved piece's own.
#[inline]
pub(crate) fn exposure(king: Square, horses: Bitboard) -> Bitboard {
    let lines = LINES[king as usize];
    if horses.is_empty() {
        lines
    } else {
        lines | diagonal_neighbours(king)
    }
}

/// The diagonal neighbours of `square`.
#[inline]
fn diagonal_neighbours(square: Square) -> Bitboard {
    let (file, rank) = (square.file() as isize, square.rank() as isize);
    [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        .into_iter()
        .filter_map(|(df, dr)| Square::from_file_rank((file + df) as usize, (rank + dr) as usize))
        .collect()
}

/// Whether `position`'s side not to move is in check (such entries are
/// illegal).
#[inline]
pub(crate) fn waiting_side_in_check(position: &Position) -> bool {
    let side = position.side_to_move();
    let attackers = king_attackers(
        side,
        &position.pieces_by_kind(side),
        position.king(!side),
        position.occupied(),
    );
    !attackers.is_empty()
}
