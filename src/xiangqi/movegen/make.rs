//! Making and unmaking a move in place, for perft: a scratch copy of the
//! parent takes each child's move and gives it back, so a node costs one
//! copy of the board instead of one per child. The counters are not kept;
//! the Zobrist key and lock only when asked (`HASH`).

use super::context::bit;
use super::pieces::KIND_OF_CODE;
use super::side::Side;
use crate::xiangqi::setup::PIECES;
use crate::xiangqi::zobrist::{self, Hashes};
use crate::xiangqi::{PieceKind, Position, Square};

/// What [`make`] changed that [`unmake`] cannot work out: the code of the
/// captured piece (0 for none) and the hashes before the move.
#[derive(Clone, Copy)]
pub(crate) struct Undo {
    captured: u8,
    hashes: Hashes,
}

/// Plays the legal move of our piece of `kind` from `from` to `to` on
/// `board`, whose side to move is `Us`; with `HASH`, the key and lock
/// follow. The half-move clock and move number are left alone.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(crate) fn make<Us: Side, const HASH: bool>(
    board: &mut Position,
    kind: PieceKind,
    from: usize,
    to: usize,
) -> Undo {
    let board = &mut board.setup;
    let (from_bit, to_bit) = (bit(from), bit(to));
    let captured = board.mailbox[to];
    let hashes = board.hashes;
    board.by_kind[kind as usize].0 ^= from_bit | to_bit;
    board.by_color[Us::US as usize].0 ^= from_bit | to_bit;
    if captured != 0 {
        board.by_kind[KIND_OF_CODE[captured as usize & 15] as usize].0 ^= to_bit;
        board.by_color[Us::THEM as usize].0 ^= to_bit;
    }
    let code = Us::code(kind as usize);
    board.mailbox[from] = 0;
    board.mailbox[to] = code;
    board.side = Us::THEM;
    if HASH {
        let (from, to) = (Square::ALL[from], Square::ALL[to]);
        let moving = PIECES[code as usize - 1];
        let mut next = hashes ^ zobrist::piece(moving, from) ^ zobrist::piece(moving, to);
        next ^= zobrist::BLACK_TO_MOVE;
        if captured != 0 {
            next ^= zobrist::piece(PIECES[(captured as usize - 1) % 14], to);
        }
        board.hashes = next;
    }
    Undo { captured, hashes }
}

/// Takes back what [`make`] played with the same arguments.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(crate) fn unmake<Us: Side, const HASH: bool>(
    board: &mut Position,
    kind: PieceKind,
    from: usize,
    to: usize,
    undo: Undo,
) {
    let board = &mut board.setup;
    let (from_bit, to_bit) = (bit(from), bit(to));
    board.by_kind[kind as usize].0 ^= from_bit | to_bit;
    board.by_color[Us::US as usize].0 ^= from_bit | to_bit;
    if undo.captured != 0 {
        board.by_kind[KIND_OF_CODE[undo.captured as usize & 15] as usize].0 ^= to_bit;
        board.by_color[Us::THEM as usize].0 ^= to_bit;
    }
    board.mailbox[from] = Us::code(kind as usize);
    board.mailbox[to] = undo.captured;
    board.side = Us::US;
    if HASH {
        board.hashes = undo.hashes;
    }
}
