//! What the draw rules ask of a single position: whether the material
//! left can still mate, and the identity that repetitions compare.
//!
//! Both follow python-chess (`Board.has_insufficient_material`,
//! `Board._transposition_key`), so that a game ends here where it ends
//! there. Insufficient material looks at the material alone, bishops'
//! square colours included, never at where the pieces stand: a side
//! with only its king, or with a king and one knight while the opponent
//! has nothing but a king and queens, or with king and bishops all on
//! squares of one colour while nobody has a pawn or knight, cannot mate
//! (the conditions on the opponent's pieces leave out the self-mates those
//! pieces could help into). So a position it calls drawn is drawn, but a
//! fortress is not seen.

use super::{zobrist, Bitboard, Color, MoveKind, PieceKind, Position};

/// The light squares (b1, a2, …; a1 is dark).
const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);

impl Position {
    /// Whether `color` has too little material to ever mate, by
    /// python-chess's rule: only its king; or king and one knight while
    /// the opponent has nothing but its king and queens; or king and
    /// bishops while every bishop on the board stands on squares of one
    /// colour and nobody has a pawn or knight. True only when `color`
    /// cannot win whatever is played, but not always when it cannot (the
    /// material alone is looked at, so a fortress is not seen).
    ///
    /// ```
    /// use qiboard::chess::{Color, Position};
    ///
    /// let knight = Position::from_fen("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1").unwrap();
    /// assert!(knight.has_insufficient_material(Color::White));
    /// assert!(knight.is_insufficient_material());
    /// // A black pawn would let the knight mate a king hemmed in by it.
    /// let pawn = Position::from_fen("8/8/4k3/4p3/8/2N5/8/4K3 w - - 0 1").unwrap();
    /// assert!(!pawn.has_insufficient_material(Color::White));
    /// ```
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color(color);
        let kind = |kind| self.by_kind(kind);
        let heavy = kind(PieceKind::Pawn) | kind(PieceKind::Rook) | kind(PieceKind::Queen);
        if !(ours & heavy).is_empty() {
            return false;
        }
        if !(ours & kind(PieceKind::Knight)).is_empty() {
            // One knight and nothing else, against nothing that could block
            // the opponent's own king.
            let blockers = self.by_color(!color) - kind(PieceKind::King) - kind(PieceKind::Queen);
            return ours.count() <= 2 && blockers.is_empty();
        }
        if !(ours & kind(PieceKind::Bishop)).is_empty() {
            // Every bishop on the board on one colour, and nothing that could
            // stand on the other.
            let bishops = kind(PieceKind::Bishop);
            let one_colour =
                (bishops & LIGHT_SQUARES).is_empty() || (bishops - LIGHT_SQUARES).is_empty();
            return one_colour
                && kind(PieceKind::Pawn).is_empty()
                && kind(PieceKind::Knight).is_empty();
        }
        true
    }

    /// Whether neither side has the material to mate
    /// ([`Position::has_insufficient_material`] for both): the game is
    /// drawn.
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|color| self.has_insufficient_material(color))
    }

    /// Whether an en passant capture is legal here (not only a pawn
    /// standing beside the pawn that just moved two squares).
    pub fn has_legal_en_passant(&self) -> bool {
        self.en_passant_counts().is_some()
            && self
                .legal_captures()
                .iter()
                .any(|mv| mv.kind() == MoveKind::EnPassant)
    }

    /// The position's identity for the repetition rules: the same pieces
    /// on the same squares, the same side to move and castling rights,
    /// and an en passant square only where an en passant capture is legal
    /// (FIDE's rule, and python-chess's). The [`Position::key`] with the en
    /// passant file taken out where the capture is only pseudo-legal (a
    /// pinned pawn): equal positions have equal keys, and different ones
    /// differ but for a 64-bit collision.
    pub fn repetition_key(&self) -> u64 {
        match self.en_passant_counts() {
            Some(square) if !self.has_legal_en_passant() => {
                self.key ^ zobrist::en_passant(square.file())
            }
            _ => self.key,
        }
    }
}
