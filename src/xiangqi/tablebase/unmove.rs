//! Un-moves: the positions from which one non-capture move leads to a
//! given position. Retrograde analysis walks these edges backwards.

use crate::xiangqi::{
    advisor_attacks, attackers_to, cannon_quiet, elephant_attacks, horse_checkers, king_attacks,
    pawn_checkers, rook_attacks, Bitboard, Color, Kind, Move, Position, Square,
};

/// Squares from which `kind` of colour `mover` reaches `to` without
/// capturing, on a board with `occupied` squares (`to` among them).
/// Every move but the pawn's is reversible; pawns come from behind or the
/// side, and only from squares they can reach (`pawn_squares`).
#[inline]
fn origins(
    kind: Kind,
    mover: Color,
    to: Square,
    occupied: Bitboard,
    pawn_squares: Bitboard,
) -> Bitboard {
    let reach = match kind {
        Kind::Rook => rook_attacks(to, occupied),
        Kind::Cannon => cannon_quiet(to, occupied),
        // A horse's leg is next to where it starts, which is a diagonal
        // neighbour of where it lands: exactly the reverse-horse table.
        Kind::Horse => horse_checkers(to, occupied),
        Kind::Elephant => elephant_attacks(to, occupied),
        Kind::Advisor => advisor_attacks(to),
        Kind::King => king_attacks(to),
        Kind::Pawn => pawn_checkers(mover, to) & pawn_squares,
    };
    reach - occupied
}

/// Calls `visit` with every legal position that reaches `position` by one
/// non-capture move of the side not to move. `pawn_squares[color]` are
/// the squares pawns of that colour can reach.
#[inline]
pub(crate) fn for_each_unmove(
    position: &Position,
    pawn_squares: &[Bitboard; 2],
    mut visit: impl FnMut(&Position),
) {
    let waiting = position.side_to_move();
    let mover = !waiting;
    let occupied = position.occupied();
    for to in position.side_pieces(mover) {
        let Some(piece) = position.piece_at(to) else {
            continue;
        };
        for from in origins(
            piece.kind,
            mover,
            to,
            occupied,
            pawn_squares[mover as usize],
        ) {
            // Sliding the piece back and handing the move over is what
            // `play` does with any piece on `to`.
            let before = position.play(Move::new(to, from));
            let legal =
                attackers_to(&before, before.king(waiting), mover, before.occupied()).is_empty();
            if legal {
                visit(&before);
            }
        }
    }
}
