//! A board being set up: pieces on squares, the side to move, castling
//! rights, the en passant square and the counters, with no promise of
//! legality. [`Position::from_setup`] checks one into a [`Position`];
//! every `Position` derefs to its setup for reading.
//!
//! The split follows shakmaty's `Setup` → `Position`, as the xiangqi
//! side's does: FEN syntax is read into a setup ([`Setup::from_fen`],
//! [`FenError`](super::FenError)), and whether the setup is a position the
//! rules allow is a separate question with its own error
//! ([`PositionError`]).

use core::fmt;

use super::position::{above, back_rank, below, lowest};
use super::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks, zobrist, Bitboard,
    CastleSide, Color, Piece, PieceKind, Position, Square,
};

/// Pieces on squares, the side to move, castling rights (as the rooks
/// that may castle), the en passant square, the Chess960 notation flag and
/// the move counters: what a FEN says, before anyone asked whether it is
/// legal.
///
/// Editing the board ([`Setup::put`], [`Setup::remove`]) leaves the
/// castling rights and the en passant square alone; [`Setup::check`] says
/// whether they still fit the board.
///
/// ```
/// use qiboard::chess::{Color, Piece, PieceKind, Position, PositionError, Setup, Square};
///
/// let mut setup = Setup::empty();
/// setup.put(Square::E1, Piece { color: Color::White, kind: PieceKind::King });
/// setup.put(Square::E8, Piece { color: Color::Black, kind: PieceKind::King });
/// setup.put(Square::H1, Piece { color: Color::White, kind: PieceKind::Rook });
/// setup.set_castling_rooks(Square::H1.bitboard());
/// let position = Position::from_setup(setup)?;
/// assert_eq!(position.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
///
/// setup.remove(Square::H1);
/// assert_eq!(
///     Position::from_setup(setup),
///     Err(PositionError::CastlingWithoutRook(Square::H1))
/// );
/// # Ok::<(), qiboard::chess::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Both colours' pieces of each kind, indexed by [`PieceKind::index`].
    pub(super) by_kind: [Bitboard; 6],
    /// Each colour's pieces, indexed by [`Color::index`].
    pub(super) by_color: [Bitboard; 2],
    /// The rooks that may still castle (both colours).
    pub(super) castle_rooks: Bitboard,
    pub(super) side: Color,
    /// As written in the FEN or left by a double step; the key counts it
    /// only when a pawn of the side to move attacks it.
    pub(super) en_passant: Option<Square>,
    pub(super) chess960: bool,
    pub(super) halfmove_clock: u32,
    pub(super) fullmove_number: u32,
}

impl Setup {
    /// An empty board, White to move, no castling rights, no en passant
    /// square, standard notation, counters 0 and 1.
    pub const fn empty() -> Setup {
        Setup {
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            castle_rooks: Bitboard::EMPTY,
            side: Color::White,
            en_passant: None,
            chess960: false,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

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

    /// The square of `color`'s king (the lowest one if there are several,
    /// a1 if there is none: both of which [`Setup::check`] refuses).
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

    /// The en passant target square: as the FEN gave it, as set, or as the
    /// last double step left it (a position's moves leave one only when a
    /// pawn could capture there).
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// The rooks that may still castle, both colours'.
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        self.castle_rooks
    }

    /// The rook `color` may still castle with on `side` of its king, if
    /// that right remains.
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

    /// Puts `piece` on `square`, returning what stood there.
    #[inline]
    pub fn put(&mut self, square: Square, piece: Piece) -> Option<Piece> {
        let replaced = self.remove(square);
        self.toggle(piece.color, piece.kind, square.bitboard());
        replaced
    }

    /// Takes the piece on `square` off the board, returning it.
    #[inline]
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_at(square)?;
        self.toggle(piece.color, piece.kind, square.bitboard());
        Some(piece)
    }

    /// Sets the side to move.
    #[inline]
    pub fn set_side_to_move(&mut self, side: Color) {
        self.side = side;
    }

    /// Sets the castling rights: the rooks that may still castle, each on
    /// its side's first rank, at most one on each side of its king
    /// ([`Setup::check`] says whether they are). Squares on neither first
    /// rank are dropped: no FEN could name them.
    pub fn set_castling_rooks(&mut self, rooks: Bitboard) {
        self.castle_rooks = rooks & (back_rank(Color::White) | back_rank(Color::Black));
    }

    /// Sets the en passant target square: the square a pawn of the side
    /// that just moved passed over with a double step.
    pub fn set_en_passant(&mut self, square: Option<Square>) {
        self.en_passant = square;
    }

    /// Switches between Chess960 and standard notation for castling.
    /// [`Position::from_setup`] switches Chess960 on by itself when the
    /// castling rights are not the standard ones, where the king's
    /// two-square step would not say which rook castles.
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// Sets the moves since the last capture or pawn move.
    pub fn set_halfmove_clock(&mut self, plies: u32) {
        self.halfmove_clock = plies;
    }

    /// Sets the move number ([`Position::from_setup`] reads 0 as 1).
    pub fn set_fullmove_number(&mut self, number: u32) {
        self.fullmove_number = number;
    }

    #[inline]
    pub(super) fn toggle(&mut self, color: Color, kind: PieceKind, squares: Bitboard) {
        self.by_kind[kind.index()] ^= squares;
        self.by_color[color.index()] ^= squares;
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

    /// The en passant square if a pawn of the side to move attacks it:
    /// Polyglot hashes the square only then.
    #[inline]
    pub(super) fn en_passant_counts(&self) -> Option<Square> {
        let square = self.en_passant?;
        let capturers = pawn_attacks(!self.side, square) & self.pieces(self.side, PieceKind::Pawn);
        (!capturers.is_empty()).then_some(square)
    }

    /// The Polyglot key computed from scratch (a position's incremental
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

    /// Whether every castling right is a standard one: the king on e1 (e8)
    /// with rooks in the corners. Otherwise only Chess960 notation says
    /// which rook castles.
    fn standard_castling(&self) -> bool {
        Color::ALL.into_iter().all(|color| {
            let mine = self.castle_rooks & back_rank(color);
            let corners =
                relative(Square::A1, color).bitboard() | relative(Square::H1, color).bitboard();
            mine.is_empty()
                || (self.king(color) == relative(Square::E1, color) && (mine - corners).is_empty())
        })
    }

    /// The rook X-FEN's `K` or `Q` (`k`, `q`) names: the outermost rook of
    /// `color` on its first rank on that side of its king (on the whole
    /// rank if the king is not there), or the corner if there is none, for
    /// [`Setup::check`] to refuse.
    pub(super) fn xfen_rook(&self, color: Color, side: CastleSide) -> Square {
        let rank = back_rank(color);
        let rooks = self.pieces(color, PieceKind::Rook) & rank;
        let king = (self.pieces(color, PieceKind::King) & rank).first();
        match side {
            CastleSide::King => king
                .map_or(rooks, |king| rooks & above(king))
                .last()
                .unwrap_or(relative(Square::H1, color)),
            CastleSide::Queen => king
                .map_or(rooks, |king| rooks & below(king))
                .first()
                .unwrap_or(relative(Square::A1, color)),
        }
    }

    /// Whether the setup is a position the rules allow: what
    /// [`Position::from_setup`] checks, without taking the setup.
    ///
    /// # Errors
    ///
    /// The first rule the setup breaks ([`PositionError`]).
    pub fn check(&self) -> Result<(), PositionError> {
        for color in Color::ALL {
            match self.pieces(color, PieceKind::King).count() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                _ => return Err(PositionError::ExtraKing(color)),
            }
            let count = self.by_color(color).count();
            if count > 16 {
                return Err(PositionError::TooManyPieces { color, count });
            }
        }
        let pawns = self.by_kind(PieceKind::Pawn);
        if let Some(square) = (pawns & (back_rank(Color::White) | back_rank(Color::Black))).first()
        {
            return Err(PositionError::PawnOnBackRank(square));
        }
        for color in Color::ALL {
            // Every extra queen, rook, bishop or knight was a pawn once; this
            // also bounds the number of legal moves below the move list's size.
            let of = |kind| self.pieces(color, kind).count();
            let promoted = of(PieceKind::Queen).saturating_sub(1)
                + of(PieceKind::Rook).saturating_sub(2)
                + of(PieceKind::Bishop).saturating_sub(2)
                + of(PieceKind::Knight).saturating_sub(2);
            let pawns = of(PieceKind::Pawn);
            if promoted + pawns > 8 {
                return Err(PositionError::ImpossibleMaterial {
                    color,
                    promoted,
                    pawns,
                });
            }
        }
        self.check_castling()?;
        self.check_en_passant()?;
        let them = !self.side;
        if !self
            .attackers(self.king(them), self.side, self.occupied())
            .is_empty()
        {
            return Err(PositionError::OpponentInCheck);
        }
        Ok(())
    }

    fn check_castling(&self) -> Result<(), PositionError> {
        for color in Color::ALL {
            let mine = self.castle_rooks & back_rank(color);
            if let Some(square) = (mine - self.pieces(color, PieceKind::Rook)).first() {
                return Err(PositionError::CastlingWithoutRook(square));
            }
            if mine.is_empty() {
                continue;
            }
            let king = self.king(color);
            if !back_rank(color).contains(king) {
                return Err(PositionError::CastlingWithoutKing(color));
            }
            if (mine & above(king)).has_many() || (mine & below(king)).has_many() {
                return Err(PositionError::CastlingSameSide(color));
            }
        }
        Ok(())
    }

    fn check_en_passant(&self) -> Result<(), PositionError> {
        let Some(square) = self.en_passant else {
            return Ok(());
        };
        let us = self.side;
        let (rank, pawn_step) = match us {
            Color::White => (5, -8),
            Color::Black => (2, 8),
        };
        if square.rank() != rank {
            return Err(PositionError::EnPassantRank(square));
        }
        let pawn = Square::from_index_wrapping((square.index() as i32 + pawn_step) as usize);
        let start = Square::from_index_wrapping((square.index() as i32 - pawn_step) as usize);
        if !self.pieces(!us, PieceKind::Pawn).contains(pawn) {
            return Err(PositionError::EnPassantNoPawn(square));
        }
        if self.occupied().contains(square) || self.occupied().contains(start) {
            return Err(PositionError::EnPassantBlocked(square));
        }
        Ok(())
    }
}

impl Default for Setup {
    /// The empty board ([`Setup::empty`]).
    fn default() -> Setup {
        Setup::empty()
    }
}

/// `square` as White sees it, mirrored to Black's side for Black.
const fn relative(square: Square, color: Color) -> Square {
    match color {
        Color::White => square,
        Color::Black => square.flip_rank(),
    }
}

/// Why a setup is not a position the rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionError {
    /// A side with no king.
    MissingKing(Color),
    /// A side with more than one king.
    ExtraKing(Color),
    /// More than 16 pieces of one side.
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// How many there are.
        count: u32,
    },
    /// More queens, rooks, bishops or knights than the missing pawns could
    /// have promoted to.
    ImpossibleMaterial {
        /// Whose pieces.
        color: Color,
        /// Pieces beyond the starting set.
        promoted: u32,
        /// Pawns still on the board.
        pawns: u32,
    },
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// A castling right of a side whose king is not on its first rank.
    CastlingWithoutKing(Color),
    /// A castling right for this square, where no rook of the side whose
    /// first rank it is stands.
    CastlingWithoutRook(Square),
    /// A side with two castling rooks on the same side of its king.
    CastlingSameSide(Color),
    /// An en passant square that is not on rank 6 with White to move, or
    /// rank 3 with Black to move.
    EnPassantRank(Square),
    /// An en passant square with no pawn of the side that just moved in
    /// front of it.
    EnPassantNoPawn(Square),
    /// An en passant square, or the square the pawn came from, that is
    /// occupied.
    EnPassantBlocked(Square),
    /// The side that just moved is in check, which no legal game reaches.
    OpponentInCheck,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::MissingKing(color) => {
                write!(f, "{color} has no king; each side needs exactly one")
            }
            PositionError::ExtraKing(color) => {
                write!(f, "{color} has more than one king; each side needs exactly one")
            }
            PositionError::TooManyPieces { color, count } => {
                write!(f, "{color} has {count} pieces; a side has at most 16")
            }
            PositionError::ImpossibleMaterial {
                color,
                promoted,
                pawns,
            } => write!(
                f,
                "{color} has {promoted} pieces beyond the starting set but {pawns} pawns; \
                 only the 8 - {pawns} missing pawns could have promoted"
            ),
            PositionError::PawnOnBackRank(square) => {
                write!(
                    f,
                    "a pawn stands on {square}; pawns cannot be on rank 1 or 8"
                )
            }
            PositionError::CastlingWithoutKing(color) => write!(
                f,
                "{color} has a castling right, but its king is not on its first rank"
            ),
            PositionError::CastlingWithoutRook(square) => write!(
                f,
                "a castling right names {square}, where no rook of that side stands on its first rank"
            ),
            PositionError::CastlingSameSide(color) => write!(
                f,
                "{color} has two castling rooks on the same side of its king"
            ),
            PositionError::EnPassantRank(square) => write!(
                f,
                "en passant square {square}: it must be on rank 6 with White to move, \
                 rank 3 with Black to move"
            ),
            PositionError::EnPassantNoPawn(square) => write!(
                f,
                "en passant square {square}: no pawn of the side that just moved stands in front of it"
            ),
            PositionError::EnPassantBlocked(square) => write!(
                f,
                "en passant square {square}: the square and the pawn's starting square must be empty"
            ),
            PositionError::OpponentInCheck => {
                f.write_str("the side not to move is in check, so the position cannot arise")
            }
        }
    }
}

impl core::error::Error for PositionError {}

impl Position {
    /// The position `setup` describes, if the rules allow it
    /// ([`Setup::check`]). Castling rights other than the standard ones
    /// (king on e1 or e8, rooks in the corners) switch on Chess960
    /// notation, and a full-move number of 0 reads as 1.
    ///
    /// # Errors
    ///
    /// What [`Setup::check`] finds.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        setup.check()?;
        Ok(Position::from_setup_unchecked(setup))
    }

    /// The position `setup` describes, without [`Setup::check`]: for
    /// builders that know their setups are legal. Memory safety never
    /// depends on it, but the answers of an unchecked illegal position
    /// (its moves, its check, its key) are unspecified.
    pub fn from_setup_unchecked(mut setup: Setup) -> Position {
        if !setup.standard_castling() {
            setup.chess960 = true;
        }
        setup.fullmove_number = setup.fullmove_number.max(1);
        Position {
            key: setup.compute_key(),
            setup,
        }
    }

    /// The setup, to edit it and check it in again.
    #[inline]
    pub fn into_setup(self) -> Setup {
        self.setup
    }
}

impl core::ops::Deref for Position {
    type Target = Setup;

    /// Every position is a setup that passed the checks: its pieces, side,
    /// castling rights and counters are read through the setup's methods.
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
