//! Polyglot-compatible Zobrist keys, read from the generated key list.

use super::tables::POLYGLOT_KEYS;
use super::{Color, PieceKind, Square};

/// Key of `kind` of `color` on `square`. Polyglot orders its twelve piece
/// kinds black-pawn, white-pawn, black-knight, …, so White is the odd one.
#[inline]
pub(crate) fn piece(color: Color, kind: PieceKind, square: Square) -> u64 {
    let polyglot_kind = 2 * kind.index() + 1 - color.index();
    POLYGLOT_KEYS[polyglot_kind * 64 + square.index()]
}

/// Key of castling right `right`: 0 = White king side, 1 = White queen
/// side, 2 = Black king side, 3 = Black queen side.
#[inline]
pub(crate) fn castling(right: usize) -> u64 {
    POLYGLOT_KEYS[768 + right % 4]
}

/// The keys of every right set in `rights` (bits as in [`castling`]).
#[inline]
pub(crate) fn castling_set(rights: u8) -> u64 {
    (0..4)
        .filter(|right| rights >> right & 1 != 0)
        .fold(0, |key, right| key ^ castling(right))
}

/// Key of an en passant square on `file` (0 = a).
#[inline]
pub(crate) fn en_passant(file: usize) -> u64 {
    POLYGLOT_KEYS[772 + file % 8]
}

/// Key present when White is to move.
#[inline]
pub(crate) fn white_to_move() -> u64 {
    POLYGLOT_KEYS[780]
}
