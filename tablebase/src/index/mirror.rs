//! The mirror across the e-file, under which xiangqi's rules are
//! symmetric: the index stores one of each mirror pair of positions.

use qiboard::xiangqi::Square;
#[cfg(test)]
use qiboard::xiangqi::{Position, Setup};

/// The square across the e-file (a0 ↔ i0).
#[inline]
pub(crate) fn mirror_square(square: Square) -> Square {
    Square::ALL[square.rank() * 9 + 8 - square.file()]
}

/// The position seen in the mirror across the e-file.
#[cfg(test)]
pub(crate) fn mirror_position(position: &Position) -> Position {
    let mut mirrored = Setup::empty();
    for square in position.occupied() {
        if let Some(piece) = position.piece_at(square) {
            mirrored.put(mirror_square(square), piece);
        }
    }
    mirrored.set_side_to_move(position.side_to_move());
    Position::from_setup(mirrored).expect("the mirror of a legal position is legal")
}
