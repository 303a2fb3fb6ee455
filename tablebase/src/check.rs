//! Whether an entry's side not to move stands in check: such entries hold
//! no legal position.

use qiboard::xiangqi::king_attackers;
use qiboard::xiangqi::Position;

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
