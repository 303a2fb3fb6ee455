//! The chess position and making moves on it.

use super::{pawn_attacks, zobrist, Bitboard, Color, Move, MoveKind, PieceKind, Setup, Square};

/// Which side of the king a castling rook stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the h-file (O-O).
    King,
    /// Towards the a-file (O-O-O).
    Queen,
}

/// A chess position: a [`Setup`] the rules allow, which it derefs to for
/// its pieces, side to move, castling rights, en passant square and
/// counters, and the Polyglot key kept up to date move by move.
///
/// Positions are small `Copy` values; [`Position::play`] returns the
/// position after a move (copy-make).
///
/// ```
/// use qiboard::chess::Position;
///
/// let start = Position::start();
/// assert_eq!(start.key(), 0x463b96181691fc9c);
/// let e4 = start.play(start.parse_move("e2e4").unwrap());
/// assert_eq!(e4.key(), 0x823c9b50fd114196);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
// The setup first, so the board's sets keep the offsets they had before
// the split. The compiler's own order put the key first: the same
// instructions, yet perft from the start ran about 1.5% slower.
#[repr(C)]
pub struct Position {
    pub(super) setup: Setup,
    pub(super) key: u64,
}

/// The first rank of `color` (rank 1 for White, rank 8 for Black).
#[inline]
pub(super) const fn back_rank(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(0xff),
        Color::Black => Bitboard(0xff << 56),
    }
}

/// Squares with a higher index than `square`.
#[inline]
pub(super) const fn above(square: Square) -> Bitboard {
    Bitboard(u64::MAX << (square as u8) << 1)
}

/// Squares with a lower index than `square`.
#[inline]
pub(super) const fn below(square: Square) -> Bitboard {
    Bitboard((1u64 << square as u8) - 1)
}

/// The lowest square of a set known to be non-empty (a1 if it is empty).
#[inline]
pub(super) const fn lowest(set: Bitboard) -> Square {
    Square::from_index_wrapping((set.0.trailing_zeros() & 63) as usize)
}

impl Position {
    /// The standard starting position.
    pub fn start() -> Position {
        // The start FEN is a fixed, valid text.
        match Position::from_fen(Position::START_FEN) {
            Ok(position) => position,
            Err(_) => unreachable!("the start position's FEN parses"),
        }
    }

    /// FEN of the standard starting position.
    pub const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// Switches between Chess960 and standard notation for castling.
    pub fn set_chess960(&mut self, chess960: bool) {
        self.setup.chess960 = chess960;
    }

    /// The Polyglot Zobrist key, kept up to date move by move.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        let us = self.side;
        self.attackers(self.king(us), !us, self.occupied())
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// The position after `mv`, which must be legal here (as from
    /// [`Position::legal_moves`] or [`Position::parse_move`]); an illegal
    /// move gives an unspecified position but never a panic.
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play_in_place(mv);
        next
    }

    /// The position with the move passed to the other side (a null move,
    /// for null-move pruning), or `None` when the side to move is in
    /// check. The en passant square goes, the key changes as it does for
    /// a move, and the half-move clock counts the pass as a ply.
    ///
    /// ```
    /// use qiboard::chess::{Color, Position};
    ///
    /// let e4 = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    /// let passed = e4.null_move().unwrap();
    /// assert_eq!(passed.side_to_move(), Color::White);
    /// assert_eq!(passed.en_passant(), None);
    /// assert_eq!(passed.key(), passed.compute_key());
    /// ```
    #[inline]
    pub fn null_move(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut next = *self;
        next.key ^= zobrist::white_to_move();
        if let Some(square) = self.en_passant_counts() {
            next.key ^= zobrist::en_passant(square.file());
        }
        let board = &mut next.setup;
        board.en_passant = None;
        board.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.side == Color::Black {
            board.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        board.side = !self.side;
        Some(next)
    }

    /// [`Position::play`] in place.
    #[inline]
    pub fn play_in_place(&mut self, mv: Move) {
        let mut key = self.key ^ zobrist::white_to_move();
        let board = &mut self.setup;
        let us = board.side;
        let them = !us;
        let from = mv.from();
        let to = mv.to();
        let kind = mv.piece();
        if let Some(square) = board.en_passant_counts() {
            key ^= zobrist::en_passant(square.file());
        }
        board.en_passant = None;
        board.halfmove_clock = board.halfmove_clock.saturating_add(1);
        let from_to = from.bitboard() | to.bitboard();
        // Rights are read relative to the king, so update them before it moves.
        if !board.castle_rooks.is_empty() {
            let mut lost = from_to;
            if kind == PieceKind::King {
                lost |= back_rank(us);
            }
            if !(board.castle_rooks & lost).is_empty() {
                let before = board.castling_bits();
                board.castle_rooks -= lost;
                key ^= zobrist::castling_set(before ^ board.castling_bits());
            }
        }

        match mv.kind() {
            MoveKind::Castle => {
                let king_to = mv.castle_king_target();
                let rook_to = mv.castle_rook_target();
                board.toggle(us, PieceKind::King, from.bitboard() ^ king_to.bitboard());
                board.toggle(us, PieceKind::Rook, to.bitboard() ^ rook_to.bitboard());
                key ^= zobrist::piece(us, PieceKind::King, from)
                    ^ zobrist::piece(us, PieceKind::King, king_to)
                    ^ zobrist::piece(us, PieceKind::Rook, to)
                    ^ zobrist::piece(us, PieceKind::Rook, rook_to);
            }
            MoveKind::EnPassant => {
                let victim = Square::from_index_wrapping(from.rank() * 8 + to.file());
                board.toggle(them, PieceKind::Pawn, victim.bitboard());
                board.toggle(us, PieceKind::Pawn, from_to);
                key ^= zobrist::piece(them, PieceKind::Pawn, victim)
                    ^ zobrist::piece(us, PieceKind::Pawn, from)
                    ^ zobrist::piece(us, PieceKind::Pawn, to);
                board.halfmove_clock = 0;
            }
            flag => {
                if board.by_color[them.index()].contains(to) {
                    if let Some(victim) = board.kind_at(to) {
                        board.toggle(them, victim, to.bitboard());
                        key ^= zobrist::piece(them, victim, to);
                    }
                    board.halfmove_clock = 0;
                }
                board.toggle(us, kind, from_to);
                key ^= zobrist::piece(us, kind, from) ^ zobrist::piece(us, kind, to);
                if kind == PieceKind::Pawn {
                    board.halfmove_clock = 0;
                    match flag {
                        MoveKind::DoublePush => {
                            let passed =
                                Square::from_index_wrapping((from.index() + to.index()) / 2);
                            let capturers =
                                pawn_attacks(us, passed) & board.pieces(them, PieceKind::Pawn);
                            if !capturers.is_empty() {
                                board.en_passant = Some(passed);
                                key ^= zobrist::en_passant(passed.file());
                            }
                        }
                        MoveKind::Promotion(promoted) => {
                            board.toggle(us, PieceKind::Pawn, to.bitboard());
                            board.toggle(us, promoted, to.bitboard());
                            key ^= zobrist::piece(us, PieceKind::Pawn, to)
                                ^ zobrist::piece(us, promoted, to);
                        }
                        _ => {}
                    }
                }
            }
        }

        if us == Color::Black {
            board.fullmove_number = board.fullmove_number.saturating_add(1);
        }
        board.side = them;
        self.key = key;
    }
}

impl Default for Position {
    /// The standard starting position.
    fn default() -> Position {
        Position::start()
    }
}
