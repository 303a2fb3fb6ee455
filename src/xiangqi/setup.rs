//! A board being set up: pieces on squares, the side to move and the
//! counters, with no promise of legality. [`Position::from_setup`] checks
//! one into a [`Position`]; every `Position` derefs to its setup for
//! reading.
//!
//! The split follows shakmaty's `Setup` → `Position`: FEN syntax is read
//! into a setup ([`Setup::from_fen`], [`FenError`]), and whether the
//! setup is a position the rules allow is a separate question with its
//! own error ([`PositionError`]).

use core::fmt;

use super::zobrist::{self, Hashes};
use super::{Bitboard, Color, Piece, PieceKind, Position, Square};

/// Pieces on squares, the side to move and the move counters: what a FEN
/// says, before anyone asked whether it is legal.
///
/// Editing keeps the piece sets, the mailbox and the Zobrist key and lock
/// in step, so turning a setup into a [`Position`] costs only the checks.
///
/// ```
/// use qiboard::xiangqi::{Color, Piece, PieceKind, Position, PositionError, Setup, Square};
///
/// let mut setup = Setup::empty();
/// setup.put(Square::E0, Piece { color: Color::Red, kind: PieceKind::King });
/// setup.put(Square::D9, Piece { color: Color::Black, kind: PieceKind::King });
/// setup.put(Square::A4, Piece { color: Color::Red, kind: PieceKind::Rook });
/// let position = Position::from_setup(setup.clone())?;
/// assert_eq!(position.fen(), "3k5/9/9/9/9/R8/9/9/9/4K4 w - - 0 1");
///
/// setup.put(Square::A0, Piece { color: Color::Red, kind: PieceKind::Pawn });
/// assert!(matches!(Position::from_setup(setup), Err(PositionError::Unreachable { .. })));
/// # Ok::<(), qiboard::xiangqi::PositionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub(crate) by_kind: [Bitboard; 7],
    pub(crate) by_color: [Bitboard; 2],
    /// 0 for an empty square, else `Piece::index() + 1`.
    pub(crate) mailbox: [u8; 90],
    pub(crate) side: Color,
    pub(crate) hashes: Hashes,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
}

/// Every piece, by `Piece::index()`.
pub(crate) const PIECES: [Piece; 14] = {
    let mut pieces = [Piece {
        color: Color::Red,
        kind: PieceKind::King,
    }; 14];
    let mut i = 0;
    while i < 14 {
        pieces[i] = Piece {
            color: if i < 7 { Color::Red } else { Color::Black },
            kind: PieceKind::ALL[i % 7],
        };
        i += 1;
    }
    pieces
};

impl Setup {
    /// An empty board, Red to move, counters 0 and 1.
    pub const fn empty() -> Setup {
        Setup {
            by_kind: [Bitboard::EMPTY; 7],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [0; 90],
            side: Color::Red,
            hashes: Hashes { key: 0, lock: 0 },
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        match self.mailbox[square as usize] {
            0 => None,
            code => Some(PIECES[code as usize - 1]),
        }
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind as usize] & self.by_color[color as usize]
    }

    /// `color`'s pieces kind by kind, indexed by [`PieceKind::index`]: the
    /// form [`king_attackers`](super::king_attackers) reads.
    #[inline]
    pub fn pieces_by_kind(&self, color: Color) -> [Bitboard; 7] {
        let side = self.by_color[color as usize];
        self.by_kind.map(|set| set & side)
    }

    /// The squares of all of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of both sides' pieces of `kind`.
    #[inline]
    pub fn by_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind as usize]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The 9-bit occupancy of `rank` (bit `f` = file `f`), as the thesis's
    /// bit-rank word.
    #[inline]
    pub fn rank_word(&self, rank: usize) -> u16 {
        self.occupied().rank_word(rank)
    }

    /// The 10-bit occupancy of `file` (bit `r` = rank `r`), as the thesis's
    /// bit-file word.
    #[inline]
    pub fn file_word(&self, file: usize) -> u16 {
        self.occupied().file_word(file)
    }

    /// The Zobrist key: the XOR of `ZOBRIST_KEYS[piece][square]` over all
    /// pieces, and `ZOBRIST_KEY_BLACK_TO_MOVE` when Black moves.
    #[inline]
    pub fn key(&self) -> u64 {
        self.hashes.key
    }

    /// The Zobrist lock: the same sum over the independent lock numbers.
    /// Store it beside the key in a hash table to confirm a match.
    #[inline]
    pub fn lock(&self) -> u64 {
        self.hashes.lock
    }

    /// Plies since the last capture, counting on from the FEN's half-move
    /// clock: what the move limit of [`rules`](super::rules) reads.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increased after Black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The key and lock computed from scratch (for checks and tests).
    pub fn hashes_from_scratch(&self) -> (u64, u64) {
        let mut hashes = match self.side {
            Color::Red => Hashes::default(),
            Color::Black => zobrist::BLACK_TO_MOVE,
        };
        for square in self.occupied() {
            if let Some(piece) = self.piece_at(square) {
                hashes ^= zobrist::piece(piece, square);
            }
        }
        (hashes.key, hashes.lock)
    }

    /// Puts `piece` on `square`, returning what stood there.
    #[inline]
    pub fn put(&mut self, square: Square, piece: Piece) -> Option<Piece> {
        let replaced = self.remove(square);
        let bit = square.bitboard();
        self.by_kind[piece.kind as usize] |= bit;
        self.by_color[piece.color as usize] |= bit;
        self.mailbox[square as usize] = piece.index() as u8 + 1;
        self.hashes ^= zobrist::piece(piece, square);
        replaced
    }

    /// Takes the piece on `square` off the board, returning it.
    #[inline]
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_at(square)?;
        let bit = square.bitboard();
        self.by_kind[piece.kind as usize] ^= bit;
        self.by_color[piece.color as usize] ^= bit;
        self.mailbox[square as usize] = 0;
        self.hashes ^= zobrist::piece(piece, square);
        Some(piece)
    }

    /// Sets the side to move.
    #[inline]
    pub fn set_side_to_move(&mut self, side: Color) {
        if self.side != side {
            self.hashes ^= zobrist::BLACK_TO_MOVE;
            self.side = side;
        }
    }

    /// Sets the plies since the last capture.
    pub fn set_halfmove_clock(&mut self, plies: u32) {
        self.halfmove_clock = plies;
    }

    /// Sets the move number.
    pub fn set_fullmove_number(&mut self, number: u32) {
        self.fullmove_number = number;
    }

    /// The setup seen from the other side: every piece on the same file of
    /// the mirrored rank (a0 ↔ a9) with its colour swapped, and the other
    /// side to move. Xiangqi's rules are symmetric under this.
    pub fn flipped(&self) -> Setup {
        let mut flipped = Setup::empty();
        for square in self.occupied() {
            if let Some(piece) = self.piece_at(square) {
                let swapped = Piece {
                    color: !piece.color,
                    kind: piece.kind,
                };
                flipped.put(square.flip_rank(), swapped);
            }
        }
        flipped.set_side_to_move(!self.side);
        flipped.halfmove_clock = self.halfmove_clock;
        flipped.fullmove_number = self.fullmove_number;
        flipped
    }

    /// Whether the setup is a position the rules allow: what
    /// [`Position::from_setup`] checks, without taking the setup.
    ///
    /// # Errors
    ///
    /// The first rule the setup breaks ([`PositionError`]): a king missing or
    /// doubled, more pieces of a kind than a side has, a piece where it can
    /// never stand, the kings facing each other, the side to move able to
    /// capture the enemy king.
    pub fn check(&self) -> Result<(), PositionError> {
        if !self.pieces_allowed() {
            self.check_pieces()?;
        }
        let (red, black) = (self.king(Color::Red), self.king(Color::Black));
        if red.file() == black.file() && (super::between(red, black) & self.occupied()).is_empty() {
            return Err(PositionError::KingsFacing);
        }
        let attackers = super::king_attackers(
            self.side,
            &self.pieces_by_kind(self.side),
            self.king(!self.side),
            self.occupied(),
        );
        if !attackers.is_empty() {
            return Err(PositionError::KingCapturable(self.side));
        }
        Ok(())
    }

    /// Whether each side has its king, no more pieces of a kind than it
    /// may, each where it can stand: one pass without branches, the case a
    /// probe from piece lists meets nearly always.
    #[inline]
    fn pieces_allowed(&self) -> bool {
        let mut broken = 0u128;
        for color in Color::ALL {
            let own = self.by_color[color as usize];
            for kind in PieceKind::ALL {
                let pieces = (self.by_kind[kind as usize] & own).0;
                broken |= beyond_max(pieces, kind)
                    | (pieces & !REACHABLE[color as usize][kind as usize].0);
            }
            broken |= u128::from((self.by_kind[PieceKind::King as usize] & own).is_empty());
        }
        broken == 0
    }

    /// The first piece-count or placement rule broken, in a fixed order
    /// (colour, then kind): the errors behind [`Setup::pieces_allowed`].
    #[cold]
    fn check_pieces(&self) -> Result<(), PositionError> {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let pieces = self.pieces(color, kind);
                let piece = Piece { color, kind };
                if kind == PieceKind::King && pieces.is_empty() {
                    return Err(PositionError::MissingKing(color));
                }
                if beyond_max(pieces.0, kind) != 0 {
                    let count = pieces.count();
                    return Err(match kind {
                        PieceKind::King => PositionError::ExtraKing(color),
                        _ => PositionError::TooMany { piece, count },
                    });
                }
                let outside = pieces - REACHABLE[color as usize][kind as usize];
                if let Some(square) = outside.first() {
                    return Err(PositionError::Unreachable { piece, square });
                }
            }
        }
        Ok(())
    }

    /// `color`'s king, or a0 when there is none (which
    /// [`Setup::check`] refuses).
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.pieces(color, PieceKind::King)
            .first()
            .unwrap_or(Square::A0)
    }
}

impl Default for Setup {
    /// The empty board ([`Setup::empty`]).
    fn default() -> Setup {
        Setup::empty()
    }
}

/// `pieces` (of one kind and colour) without its `max_count` lowest
/// members: empty when there are not too many. Counted by clearing bits,
/// as a 128-bit popcount is a routine on targets without the instruction.
#[inline(always)]
fn beyond_max(pieces: u128, kind: PieceKind) -> u128 {
    let mut rest = pieces;
    for _ in 0..kind.max_count() {
        rest &= rest.wrapping_sub(1);
    }
    rest
}

/// [`reachable`] of every piece, by colour and kind, folded by the compiler.
const REACHABLE: [[Bitboard; 7]; 2] = {
    let mut sets = [[Bitboard::EMPTY; 7]; 2];
    let mut kind = 0;
    while kind < 7 {
        let kind_of = PieceKind::ALL[kind];
        sets[0][kind] = reachable(Piece {
            color: Color::Red,
            kind: kind_of,
        });
        sets[1][kind] = reachable(Piece {
            color: Color::Black,
            kind: kind_of,
        });
        kind += 1;
    }
    sets
};

/// The squares a piece can ever stand on: its palace for kings and
/// advisors, its seven points for elephants, and for pawns the five files
/// of its start ranks before the river and every square beyond it.
pub const fn reachable(piece: Piece) -> Bitboard {
    let red = match piece.kind {
        PieceKind::King => palace(),
        PieceKind::Advisor => squares(&[(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)]),
        PieceKind::Elephant => squares(&[(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)]),
        PieceKind::Pawn => Bitboard(
            // Start points and one step on, then all of ranks 5-9.
            (squares(&[(0, 3), (2, 3), (4, 3), (6, 3), (8, 3)]).0 * (1 | 1 << 9))
                | (Bitboard::FULL.0 >> 45 << 45),
        ),
        PieceKind::Horse | PieceKind::Rook | PieceKind::Cannon => Bitboard::FULL,
    };
    match piece.color {
        Color::Red => red,
        Color::Black => flip_ranks(red),
    }
}

/// Red's palace: files d-f of ranks 0-2.
const fn palace() -> Bitboard {
    Bitboard(0b111_000 * (1 | 1 << 9 | 1 << 18))
}

/// The squares at `(file, rank)`.
const fn squares(points: &[(usize, usize)]) -> Bitboard {
    let mut set = 0u128;
    let mut i = 0;
    while i < points.len() {
        set |= 1 << (points[i].1 * 9 + points[i].0);
        i += 1;
    }
    Bitboard(set)
}

/// `set` with every square on the same file of the mirrored rank.
const fn flip_ranks(set: Bitboard) -> Bitboard {
    let mut flipped = 0u128;
    let mut rank = 0;
    while rank < 10 {
        let row = (set.0 >> (9 * rank)) & 0x1ff;
        flipped |= row << (9 * (9 - rank));
        rank += 1;
    }
    Bitboard(flipped)
}

/// Why a setup is not a position the rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionError {
    /// A side with no king.
    MissingKing(Color),
    /// A side with more than one king.
    ExtraKing(Color),
    /// More pieces of one kind than a side starts with.
    TooMany {
        /// The piece.
        piece: Piece,
        /// How many there are.
        count: u32,
    },
    /// A piece on a square it can never reach: a king or advisor outside
    /// its palace, an elephant off its seven points or across the river,
    /// a pawn behind its start rank or, before the river, off its file.
    Unreachable {
        /// The piece.
        piece: Piece,
        /// The first such square.
        square: Square,
    },
    /// The two kings face each other on an open file.
    KingsFacing,
    /// The side to move could capture the enemy king.
    KingCapturable(Color),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MissingKing(color) => write!(f, "{color} has no king"),
            PositionError::ExtraKing(color) => write!(f, "{color} has more than one king"),
            PositionError::TooMany { piece, count } => write!(
                f,
                "{} has {count} pieces '{piece}', at most {} are allowed",
                piece.color,
                piece.kind.max_count()
            ),
            PositionError::Unreachable { piece, square } => write!(
                f,
                "{}'s {} on {square} stands where it can never go",
                piece.color,
                piece.kind.name()
            ),
            PositionError::KingsFacing => write!(f, "the kings face each other on an open file"),
            PositionError::KingCapturable(color) => {
                write!(f, "{color}, to move, could capture the enemy king")
            }
        }
    }
}

impl core::error::Error for PositionError {}

impl Position {
    /// The position `setup` describes, if the rules allow it
    /// ([`Setup::check`]).
    ///
    /// # Errors
    ///
    /// What [`Setup::check`] finds.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        setup.check()?;
        Ok(Position { setup })
    }

    /// The position `setup` describes, without [`Setup::check`]: for
    /// builders that know their setups are legal (a tablebase's index
    /// entries). Memory safety never depends on it, but the answers of an
    /// unchecked illegal position (its moves, its check) are unspecified,
    /// and a missing king or too many pieces may panic.
    #[inline]
    pub fn from_setup_unchecked(setup: Setup) -> Position {
        Position { setup }
    }

    /// The setup, to edit it and check it in again.
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// The setup in place, for editors that keep the position legal
    /// themselves (a tablebase decoder lifts pieces off and puts others
    /// back between entries); the contract of
    /// [`Position::from_setup_unchecked`] applies to the result.
    #[inline]
    pub fn edit_unchecked(&mut self) -> &mut Setup {
        &mut self.setup
    }
}

impl core::ops::Deref for Position {
    type Target = Setup;

    /// Every position is a setup that passed the checks: its pieces, side
    /// and counters are read through the setup's methods.
    #[inline]
    fn deref(&self) -> &Setup {
        &self.setup
    }
}

impl From<Position> for Setup {
    fn from(position: Position) -> Setup {
        position.setup
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The branch-free pass and the error-finding loop agree on which
    /// boards break a piece rule, over crowded random boards (extra
    /// pieces, missing kings and misplaced ones all come up).
    #[test]
    fn the_fast_piece_pass_agrees_with_the_errors() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below as u64) as usize
        };
        let (mut allowed, mut refused) = (0, 0);
        for _ in 0..20_000 {
            let mut setup = Setup::empty();
            for _ in 0..next(14) {
                setup.put(Square::ALL[next(90)], PIECES[next(14)]);
            }
            for color in Color::ALL {
                if next(4) != 0 {
                    let palace = reachable(Piece {
                        color,
                        kind: PieceKind::King,
                    });
                    // Nine points in a palace.
                    if let Some(square) = palace.into_iter().nth(next(9)) {
                        let king = Piece {
                            color,
                            kind: PieceKind::King,
                        };
                        setup.put(square, king);
                    }
                }
            }
            let fast = setup.pieces_allowed();
            assert_eq!(fast, setup.check_pieces().is_ok(), "{setup:?}");
            if fast {
                allowed += 1;
            } else {
                refused += 1;
            }
        }
        assert!(
            allowed > 100 && refused > 100,
            "{allowed} allowed, {refused} refused"
        );
    }
}
