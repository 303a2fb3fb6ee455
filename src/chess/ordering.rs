//! What a search asks of a move before playing it, as xiangqi's
//! `ordering` answers it: the piece it takes, whether it checks, and the
//! static exchange evaluation (SEE) of the captures it starts.
//!
//! SEE plays out the captures on one square, each side taking with its
//! least valuable attacker and stopping when going on would lose, with
//! sliders seen through the pieces that have left (x-rays). Its
//! simplifications are the usual ones: pins and checks elsewhere are
//! ignored, a pawn that recaptures on the last rank stays a pawn, and a
//! king takes only where the other side has no attacker left.

use super::{Bitboard, Color, Move, MoveKind, Piece, PieceKind, Position, Square};
use crate::exchange;

/// The material values SEE counts in, by [`PieceKind::index`]: pawn,
/// knight, bishop, rook, queen, king (the king's is beyond any exchange).
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

#[inline]
fn value(kind: PieceKind) -> i32 {
    SEE_VALUES[kind.index()]
}

impl Position {
    /// The piece `mv` takes: the one on its target square, the pawn taken
    /// en passant, nothing for castling (whose target is its own rook).
    ///
    /// ```
    /// use qiboard::chess::{Color, Piece, PieceKind, Position};
    ///
    /// let position = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// let take = position.parse_move("e4d5").unwrap();
    /// assert_eq!(position.captured(take), Some(Piece { color: Color::Black, kind: PieceKind::Pawn }));
    /// ```
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        match mv.kind() {
            MoveKind::Castle => None,
            MoveKind::EnPassant => Some(Piece {
                color: !self.side_to_move(),
                kind: PieceKind::Pawn,
            }),
            _ => self
                .piece_at(mv.to())
                .filter(|piece| piece.color != self.side_to_move()),
        }
    }

    /// Whether `mv` (a legal move) gives check. A chess position is a
    /// small `Copy` value, so this makes the move on a copy: every way of
    /// checking (direct, discovered, by castling's rook, by en passant's
    /// opened line, by promotion) is found the way play finds it.
    #[inline]
    pub fn gives_check(&self, mv: Move) -> bool {
        self.play(mv).is_check()
    }

    /// The static exchange evaluation of `mv`: what the side to move gains
    /// (in [`SEE_VALUES`]) from the captures on `mv`'s square that it
    /// starts (a promotion gains the new piece's value over the pawn's). A
    /// quiet move is worth 0 unless the piece can be taken there; castling
    /// is worth 0. See the module documentation for what it leaves out.
    ///
    /// ```
    /// use qiboard::chess::Position;
    ///
    /// // A rook takes a knight that a pawn protects: +320 - 500.
    /// let position = Position::from_fen("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1").unwrap();
    /// let take = position.parse_move("d1d5").unwrap();
    /// assert_eq!(position.see(take), 320 - 500);
    /// assert!(position.see_ge(take, -200) && !position.see_ge(take, 0));
    /// ```
    pub fn see(&self, mv: Move) -> i32 {
        if mv.is_castle() {
            return 0;
        }
        let target = mv.to();
        let us = self.side_to_move();
        let mut gains = [0i32; exchange::MAX_CAPTURES];
        gains[0] = self.captured(mv).map_or(0, |piece| value(piece.kind));
        let mut on_target = mv.piece();
        if let Some(promoted) = mv.promotion_kind() {
            gains[0] += value(promoted) - value(PieceKind::Pawn);
            on_target = promoted;
        }
        // The board once the mover stands on the target: its square, and
        // the pawn taken en passant, are empty.
        let mut occupied = self.occupied().without(mv.from()).with(target);
        if mv.kind() == MoveKind::EnPassant {
            let taken = Square::from_index_wrapping(mv.from().rank() * 8 + target.file());
            occupied = occupied.without(taken);
        }
        let mut side = !us;
        let mut depth = 0;
        while let Some((from, kind)) = self.least_valuable(side, target, occupied) {
            let lifted = occupied.without(from);
            // A king may not take into an attack.
            if kind == PieceKind::King
                && !(self.attackers(target, !side, lifted) & lifted).is_empty()
            {
                break;
            }
            depth += 1;
            if depth == gains.len() {
                break;
            }
            // Speculative: what this side has if it takes and is taken back.
            gains[depth] = value(on_target) - gains[depth - 1];
            occupied = lifted;
            on_target = kind;
            side = !side;
        }
        // Each side chooses, from the last capture back, whether to take.
        exchange::settle(&mut gains, depth)
    }

    /// Whether [`Position::see`] of `mv` is at least `threshold`
    /// (`see_ge(mv, 0)`: the capture does not lose material).
    #[inline]
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see(mv) >= threshold
    }

    /// `side`'s least valuable piece still on the board (`occupied`) that
    /// attacks `target`, and its kind. The piece on `target` is the one
    /// being taken, never a taker.
    fn least_valuable(
        &self,
        side: Color,
        target: Square,
        occupied: Bitboard,
    ) -> Option<(Square, PieceKind)> {
        let attackers = self.attackers(target, side, occupied) & occupied.without(target);
        PieceKind::ALL.into_iter().find_map(|kind| {
            (attackers & self.pieces(side, kind))
                .first()
                .map(|square| (square, kind))
        })
    }
}
