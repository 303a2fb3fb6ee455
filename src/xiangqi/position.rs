//! A xiangqi position: piece sets, a mailbox, the side to move and the
//! Zobrist key and lock, kept up to date by [`Position::play`].

use super::zobrist::{self, Hashes};
use super::{Bitboard, Color, Move, Piece, PieceKind, Square};

/// A xiangqi position.
///
/// Positions are values: [`Position::play`] returns the position after a
/// move and leaves `self` untouched (copy-make), so undoing a move is
/// dropping the new value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_kind: [Bitboard; 7],
    pub(crate) by_color: [Bitboard; 2],
    /// 0 for an empty square, else `Piece::index() + 1`.
    pub(crate) mailbox: [u8; 90],
    pub(crate) side: Color,
    hashes: Hashes,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
}

const PIECES: [Piece; 14] = {
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

impl Position {
    /// An empty board with Red to move (for building positions piece by
    /// piece; most positions come from [`Position::from_fen`]).
    pub(crate) fn empty() -> Position {
        Position {
            by_kind: [Bitboard::EMPTY; 7],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [0; 90],
            side: Color::Red,
            hashes: Hashes::default(),
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The start position, in FEN.
    pub const START_FEN: &'static str =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    /// The standard start position.
    pub fn start() -> Position {
        Position::from_fen(Position::START_FEN).expect("the start FEN is valid")
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

    /// `color`'s pieces kind by kind, indexed by [`PieceKind::index`].
    #[inline]
    pub(crate) fn pieces_by_kind(&self, color: Color) -> [Bitboard; 7] {
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

    /// `color`'s king. Every position this crate builds has one.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.pieces(color, PieceKind::King)
            .first()
            .expect("a position always has both kings")
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
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increased after Black moves.
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
            let piece = self.piece_at(square).expect("occupied squares hold pieces");
            hashes ^= zobrist::piece(piece, square);
        }
        (hashes.key, hashes.lock)
    }

    /// The position seen from the other side: every piece on the same file
    /// of the mirrored rank (a0 ↔ a9) with its colour swapped, and the other
    /// side to move. Xiangqi's rules are symmetric under this, so a
    /// position and its flip have the same value for the side to move; the
    /// tablebase stores only one colour orientation of each endgame.
    pub fn flipped(&self) -> Position {
        let mut flipped = Position::empty();
        for square in self.occupied() {
            if let Some(piece) = self.piece_at(square) {
                let swapped = Piece {
                    color: !piece.color,
                    kind: piece.kind,
                };
                flipped.put(square.flip_rank(), swapped);
            }
        }
        flipped.set_side(!self.side);
        flipped.halfmove_clock = self.halfmove_clock;
        flipped.fullmove_number = self.fullmove_number;
        flipped
    }

    pub(crate) fn put(&mut self, square: Square, piece: Piece) {
        let bit = square.bitboard();
        self.by_kind[piece.kind as usize] |= bit;
        self.by_color[piece.color as usize] |= bit;
        self.mailbox[square as usize] = piece.index() as u8 + 1;
        self.hashes ^= zobrist::piece(piece, square);
    }

    /// Takes the piece on `square` off the board (the reverse of `put`).
    #[cfg_attr(not(feature = "tablebase"), allow(dead_code))]
    pub(crate) fn remove(&mut self, square: Square) {
        if let Some(piece) = self.piece_at(square) {
            let bit = square.bitboard();
            self.by_kind[piece.kind as usize] ^= bit;
            self.by_color[piece.color as usize] ^= bit;
            self.mailbox[square as usize] = 0;
            self.hashes ^= zobrist::piece(piece, square);
        }
    }

    pub(crate) fn set_side(&mut self, side: Color) {
        if self.side != side {
            self.hashes ^= zobrist::BLACK_TO_MOVE;
            self.side = side;
        }
    }

    /// The position after `mv`, which must be a legal move of this position
    /// (from [`Position::legal_moves`] or [`Position::parse_move`]).
    /// Playing anything else gives an unspecified (but memory-safe) result.
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        let mut next = self.clone();
        let (from, to) = (mv.from(), mv.to());
        let mover = self.mailbox[from as usize];
        let captured = self.mailbox[to as usize];
        debug_assert!(mover != 0, "no piece on {from}");
        if mover == 0 {
            // Not a move of this position: keep the promise of no panic.
            return next;
        }
        let moving = PIECES[mover as usize - 1];
        let (from_bit, to_bit) = (from.bitboard(), to.bitboard());
        next.hashes ^=
            zobrist::piece(moving, from) ^ zobrist::piece(moving, to) ^ zobrist::BLACK_TO_MOVE;
        if captured != 0 {
            let victim = PIECES[captured as usize - 1];
            next.by_kind[victim.kind as usize] ^= to_bit;
            next.by_color[victim.color as usize] ^= to_bit;
            next.hashes ^= zobrist::piece(victim, to);
            next.halfmove_clock = 0;
        } else {
            next.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        let path = from_bit | to_bit;
        next.by_kind[moving.kind as usize] ^= path;
        next.by_color[moving.color as usize] ^= path;
        next.mailbox[from as usize] = 0;
        next.mailbox[to as usize] = mover;
        if self.side == Color::Black {
            next.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        next.side = !self.side;
        next
    }

    /// [`Position::play`] in place. Xiangqi's hot path is copy-make
    /// (perft and the tablebase keep the parent), and reading the parent
    /// while writing the copy measured about 3% faster in perft than
    /// copying first and updating the copy, so this is the one built on
    /// the other.
    #[inline]
    pub fn play_in_place(&mut self, mv: Move) {
        *self = self.play(mv);
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}
