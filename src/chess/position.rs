//! The chess position and making moves on it.

use super::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks, zobrist, Bitboard,
    Color, Move, MoveKind, Piece, PieceKind, Square,
};

/// Which side of the king a castling rook stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the h-file (O-O).
    King,
    /// Towards the a-file (O-O-O).
    Queen,
}

/// A chess position: where the pieces are, whose turn it is, castling
/// rights, the en passant square, the move counters and the Polyglot key.
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
pub struct Position {
    /// Both colours' pieces of each kind, indexed by [`PieceKind::index`].
    pub(super) by_kind: [Bitboard; 6],
    /// Each colour's pieces, indexed by [`Color::index`].
    pub(super) by_color: [Bitboard; 2],
    /// The rooks that may still castle (both colours).
    pub(super) castle_rooks: Bitboard,
    pub(super) key: u64,
    pub(super) side: Color,
    /// As written in the FEN or left by a double step; the key counts it
    /// only when a pawn of the side to move attacks it.
    pub(super) en_passant: Option<Square>,
    pub(super) chess960: bool,
    pub(super) halfmove_clock: u32,
    pub(super) fullmove_number: u32,
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

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// All pieces of `kind`, both colours.
    #[inline]
    pub fn by_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// All pieces of `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The pieces of `kind` and `color`.
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        lowest(self.pieces(color, PieceKind::King))
    }

    /// The kind of piece on `square`, if any.
    #[inline]
    pub fn kind_at(&self, square: Square) -> Option<PieceKind> {
        // Branch-free: the kinds' bitboards are disjoint, so at most one of
        // these terms is non-zero, and it names the kind (pawn = 1).
        const BY_CODE: [Option<PieceKind>; 7] = [
            None,
            Some(PieceKind::Pawn),
            Some(PieceKind::Knight),
            Some(PieceKind::Bishop),
            Some(PieceKind::Rook),
            Some(PieceKind::Queen),
            Some(PieceKind::King),
        ];
        let mut code = 0;
        for (i, set) in self.by_kind.iter().enumerate() {
            code += (i + 1) * (set.0 >> square as u8 & 1) as usize;
        }
        BY_CODE.get(code).copied().flatten()
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let kind = self.kind_at(square)?;
        let color = if self.by_color[0].contains(square) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }

    /// The en passant target square, as the FEN gave it or as the last
    /// double step left it (only when a pawn could capture there).
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// The rook `color` may still castle with on `side`, if that right remains.
    pub fn castling_rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        let rooks = self.castle_rooks & back_rank(color);
        if rooks.is_empty() {
            return None;
        }
        let king = self.king(color);
        match side {
            CastleSide::King => (rooks & above(king)).first(),
            CastleSide::Queen => (rooks & below(king)).first(),
        }
    }

    /// The castling rights as four bits in Polyglot's order: White king
    /// side, White queen side, Black king side, Black queen side.
    pub fn castling_bits(&self) -> u8 {
        let mut bits = 0;
        for (i, color) in Color::ALL.into_iter().enumerate() {
            if self.castling_rook(color, CastleSide::King).is_some() {
                bits |= 1 << (2 * i);
            }
            if self.castling_rook(color, CastleSide::Queen).is_some() {
                bits |= 2 << (2 * i);
            }
        }
        bits
    }

    /// Moves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and rising after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Whether castling is written king-takes-rook (Chess960) rather than
    /// as the king's two-square step, in UCI and FEN.
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Switches between Chess960 and standard notation for castling.
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// The Polyglot Zobrist key, kept up to date move by move.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Whether a pawn of the side to move attacks the en passant square:
    /// Polyglot hashes the square only then.
    #[inline]
    fn en_passant_counts(&self) -> Option<Square> {
        let square = self.en_passant?;
        let capturers = pawn_attacks(!self.side, square) & self.pieces(self.side, PieceKind::Pawn);
        (!capturers.is_empty()).then_some(square)
    }

    /// The Polyglot key computed from scratch (the incremental
    /// [`Position::key`] always equals it).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                for square in self.pieces(color, kind) {
                    key ^= zobrist::piece(color, kind, square);
                }
            }
        }
        key ^= zobrist::castling_set(self.castling_bits());
        if let Some(square) = self.en_passant_counts() {
            key ^= zobrist::en_passant(square.file());
        }
        if self.side == Color::White {
            key ^= zobrist::white_to_move();
        }
        key
    }

    /// Pieces of `by` that attack `square`, were the board occupied by `occupied`.
    #[inline]
    pub fn attackers(&self, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color[by.index()];
        let queens = self.by_kind[PieceKind::Queen.index()];
        let diagonal = self.by_kind[PieceKind::Bishop.index()] | queens;
        let straight = self.by_kind[PieceKind::Rook.index()] | queens;
        theirs
            & ((knight_attacks(square) & self.by_kind[PieceKind::Knight.index()])
                | (king_attacks(square) & self.by_kind[PieceKind::King.index()])
                | (pawn_attacks(!by, square) & self.by_kind[PieceKind::Pawn.index()])
                | (bishop_attacks(square, occupied) & diagonal)
                | (rook_attacks(square, occupied) & straight))
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

    #[inline]
    fn toggle(&mut self, color: Color, kind: PieceKind, squares: Bitboard) {
        self.by_kind[kind.index()] ^= squares;
        self.by_color[color.index()] ^= squares;
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

    /// [`Position::play`] in place.
    #[inline]
    pub fn play_in_place(&mut self, mv: Move) {
        let us = self.side;
        let them = !us;
        let from = mv.from();
        let to = mv.to();
        let kind = mv.piece();
        let mut key = self.key ^ zobrist::white_to_move();
        if let Some(square) = self.en_passant_counts() {
            key ^= zobrist::en_passant(square.file());
        }
        self.en_passant = None;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        let from_to = from.bitboard() | to.bitboard();
        // Rights are read relative to the king, so update them before it moves.
        if !self.castle_rooks.is_empty() {
            let mut lost = from_to;
            if kind == PieceKind::King {
                lost |= back_rank(us);
            }
            if !(self.castle_rooks & lost).is_empty() {
                let before = self.castling_bits();
                self.castle_rooks -= lost;
                key ^= zobrist::castling_set(before ^ self.castling_bits());
            }
        }

        match mv.kind() {
            MoveKind::Castle => {
                let king_to = mv.castle_king_target();
                let rook_to = mv.castle_rook_target();
                self.toggle(us, PieceKind::King, from.bitboard() ^ king_to.bitboard());
                self.toggle(us, PieceKind::Rook, to.bitboard() ^ rook_to.bitboard());
                key ^= zobrist::piece(us, PieceKind::King, from)
                    ^ zobrist::piece(us, PieceKind::King, king_to)
                    ^ zobrist::piece(us, PieceKind::Rook, to)
                    ^ zobrist::piece(us, PieceKind::Rook, rook_to);
            }
            MoveKind::EnPassant => {
                let victim = Square::from_index_wrapping(from.rank() * 8 + to.file());
                self.toggle(them, PieceKind::Pawn, victim.bitboard());
                self.toggle(us, PieceKind::Pawn, from_to);
                key ^= zobrist::piece(them, PieceKind::Pawn, victim)
                    ^ zobrist::piece(us, PieceKind::Pawn, from)
                    ^ zobrist::piece(us, PieceKind::Pawn, to);
                self.halfmove_clock = 0;
            }
            flag => {
                if self.by_color[them.index()].contains(to) {
                    if let Some(victim) = self.kind_at(to) {
                        self.toggle(them, victim, to.bitboard());
                        key ^= zobrist::piece(them, victim, to);
                    }
                    self.halfmove_clock = 0;
                }
                self.toggle(us, kind, from_to);
                key ^= zobrist::piece(us, kind, from) ^ zobrist::piece(us, kind, to);
                if kind == PieceKind::Pawn {
                    self.halfmove_clock = 0;
                    match flag {
                        MoveKind::DoublePush => {
                            let passed =
                                Square::from_index_wrapping((from.index() + to.index()) / 2);
                            let capturers =
                                pawn_attacks(us, passed) & self.pieces(them, PieceKind::Pawn);
                            if !capturers.is_empty() {
                                self.en_passant = Some(passed);
                                key ^= zobrist::en_passant(passed.file());
                            }
                        }
                        MoveKind::Promotion(promoted) => {
                            self.toggle(us, PieceKind::Pawn, to.bitboard());
                            self.toggle(us, promoted, to.bitboard());
                            key ^= zobrist::piece(us, PieceKind::Pawn, to)
                                ^ zobrist::piece(us, promoted, to);
                        }
                        _ => {}
                    }
                }
            }
        }

        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = them;
        self.key = key;
    }
}

impl Default for Position {
    /// The standard starting position.
    fn default() -> Position {
        Position::start()
    }
}
