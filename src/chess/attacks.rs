//! Attack lookups: each one a read of a generated table, in the crate's
//! copy of it (`tables::direct`, all at one base address).

use super::tables::direct::TABLES;
use super::tables::FIXED_SHIFTS;
use super::{Bitboard, Color, Piece, PieceKind, Square};

/// Squares a knight on `square` attacks.
///
/// ```
/// use qiboard::chess::{knight_attacks, Square};
/// // The eight targets of a knight on d4 (seed 003's example).
/// assert_eq!(
///     knight_attacks(Square::D4).to_string(),
///     "00000000/00000000/00101000/01000100/00000000/01000100/00101000/00000000"
/// );
/// ```
#[inline]
pub const fn knight_attacks(square: Square) -> Bitboard {
    Bitboard(TABLES.knight_attacks[square as usize])
}

/// Squares a king on `square` attacks.
#[inline]
pub const fn king_attacks(square: Square) -> Bitboard {
    Bitboard(TABLES.king_attacks[square as usize])
}

/// Squares a pawn of `color` on `square` attacks (its diagonal captures).
#[inline]
pub const fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    Bitboard(TABLES.pawn_attacks[color as usize][square as usize])
}

/// Squares a rook on `square` attacks, given the occupied squares: each ray
/// runs up to and including the first occupied square.
///
/// ```
/// use qiboard::chess::{rook_attacks, Bitboard, Square};
/// // Seed 003: the squares a rook on d1 attacks that black pieces occupy.
/// let black: Bitboard = [Square::D5, Square::H1, Square::H8].into_iter().collect();
/// assert_eq!(
///     (rook_attacks(Square::D1, black) & black).to_string(),
///     "00000000/00000000/00000000/00010000/00000000/00000000/00000000/00000001"
/// );
/// ```
#[inline]
pub const fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    TABLES.rook_windows[square as usize].attacks(occupied, FIXED_SHIFTS)
}

/// Squares a bishop on `square` attacks, given the occupied squares.
#[inline]
pub const fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    TABLES.bishop_windows[square as usize].attacks(occupied, FIXED_SHIFTS)
}

/// Squares a queen on `square` attacks, given the occupied squares.
#[inline]
pub const fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rook_attacks(square, occupied).0 | bishop_attacks(square, occupied).0)
}

/// Squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; empty otherwise.
#[inline]
pub const fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.between[a as usize][b as usize])
}

/// The whole rank, file or diagonal through `a` and `b` (both included) if
/// they are aligned; empty otherwise.
#[inline]
pub const fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.line[a as usize][b as usize])
}

/// The squares `piece` on `square` attacks (could capture on), given the
/// occupied squares: the one question every other lookup answers for one
/// kind. A pawn attacks its two diagonal squares forward, not the squares
/// it pushes to.
///
/// ```
/// use qiboard::chess::{attacks, rook_attacks, Bitboard, Color, Piece, PieceKind, Square};
///
/// let occupied: Bitboard = [Square::D1, Square::D5, Square::H1].into_iter().collect();
/// let rook = Piece { color: Color::White, kind: PieceKind::Rook };
/// assert_eq!(attacks(rook, Square::D1, occupied), rook_attacks(Square::D1, occupied));
/// let pawn = Piece { color: Color::Black, kind: PieceKind::Pawn };
/// let targets: Bitboard = [Square::D4, Square::F4].into_iter().collect();
/// assert_eq!(attacks(pawn, Square::E5, occupied), targets);
/// ```
#[inline]
pub const fn attacks(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    match piece.kind {
        PieceKind::Pawn => pawn_attacks(piece.color, square),
        PieceKind::Knight => knight_attacks(square),
        PieceKind::Bishop => bishop_attacks(square, occupied),
        PieceKind::Rook => rook_attacks(square, occupied),
        PieceKind::Queen => queen_attacks(square, occupied),
        PieceKind::King => king_attacks(square),
    }
}

/// The rank and file through `square`, without it: a rook's attacks on
/// an empty board, read from a 64-entry table.
#[inline]
pub(crate) const fn rook_rays(square: Square) -> Bitboard {
    Bitboard(TABLES.rook_rays[square as usize])
}

/// The diagonals through `square`, without it (see [`rook_rays`]).
#[inline]
pub(crate) const fn bishop_rays(square: Square) -> Bitboard {
    Bitboard(TABLES.bishop_rays[square as usize])
}

/// Castling by `color` with the king on `king` and the rook on `rook`,
/// both on its first rank: the squares the king crosses and lands on, and
/// the squares that must be empty (but for king and rook). Two reads of
/// 64-entry tables.
#[inline]
pub(crate) const fn castling_paths(
    color: Color,
    king: Square,
    rook: Square,
) -> (Bitboard, Bitboard) {
    let index = 8 * king.file() + rook.file();
    (
        Bitboard(TABLES.castling_king_path[color as usize][index]),
        Bitboard(TABLES.castling_empty[color as usize][index]),
    )
}
