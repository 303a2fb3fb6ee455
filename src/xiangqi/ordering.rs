//! What a search asks of a move before playing it: what it captures,
//! whether it gives check, and what the exchange it starts on its square
//! is worth (static exchange evaluation, SEE); and which pieces attack a
//! square.
//!
//! SEE plays the captures on one square, each side taking with its least
//! valuable attacker and free to stop when going on would lose, with the
//! attackers found again after every capture: a capture opens lines and
//! moves cannon screens, so a rook behind another comes into play and a
//! cannon gains or loses the screen it jumps. Like every SEE it ignores
//! pins and checks elsewhere on the board; a king takes only a piece no
//! enemy still attacks (the flying general counts as an attack).

use super::attacks::{
    advisor_attacks, cannon_attacks, elephant_attacks, horse_checkers, king_attacks, pawn_checkers,
    rook_attacks,
};
use super::{king_attackers, Bitboard, Color, Move, Piece, PieceKind, Position, Square};
use crate::exchange;

/// The piece values SEE counts in (centipawns, as engines write them),
/// indexed by [`PieceKind::index`]: king (more than everything else
/// together), advisor 200, elephant 200, horse 400, rook 900, cannon 450,
/// pawn 100.
pub const SEE_VALUES: [i32; 7] = [30_000, 200, 200, 400, 900, 450, 100];

/// The value of a piece of `kind` in [`SEE_VALUES`].
#[inline]
const fn value(kind: PieceKind) -> i32 {
    SEE_VALUES[kind as usize]
}

/// The pieces of `by` (kind by kind, as `pieces[kind]`) that attack
/// `square` when `occupied` is occupied; `king_there`: whether a king of
/// the other side stands (or would stand) there, which `by`'s king then
/// attacks along an open file (the flying general).
#[inline]
fn attackers_of(
    by: Color,
    pieces: &[Bitboard; 7],
    square: Square,
    occupied: Bitboard,
    king_there: bool,
) -> Bitboard {
    let kind = |kind: PieceKind| pieces[kind as usize];
    let flying = if king_there {
        kind(PieceKind::King)
    } else {
        Bitboard::EMPTY
    };
    // Each lookup from the target is the reverse of the piece's own: line
    // pieces, horses (legs next to the horse), palace steps and elephant
    // eyes are symmetric, pawns are looked up by where they capture from.
    (rook_attacks(square, occupied) & (kind(PieceKind::Rook) | flying))
        | (cannon_attacks(square, occupied) & kind(PieceKind::Cannon))
        | (horse_checkers(square, occupied) & kind(PieceKind::Horse))
        | (pawn_checkers(by, square) & kind(PieceKind::Pawn))
        | (king_attacks(square) & kind(PieceKind::King))
        | (advisor_attacks(square) & kind(PieceKind::Advisor))
        | (elephant_attacks(square, occupied) & kind(PieceKind::Elephant))
}

impl Position {
    /// The pieces of `by` that attack `square` when `occupied` is occupied
    /// (pass [`Setup::occupied`](super::Setup::occupied) for the board as
    /// it stands, or a board with pieces lifted off to look through them):
    /// those that could take a piece standing on `square`, whether one
    /// stands there or not (a cannon's screen counts as it would then).
    /// Attacks, not legal moves: a pinned piece still attacks. `by`'s king
    /// attacks along an open file only the other king's square (the
    /// flying general).
    ///
    /// ```
    /// use qiboard::xiangqi::{Color, Position, Square};
    ///
    /// let position = Position::start();
    /// // e3 (Red's middle pawn) is attacked by no black piece yet.
    /// assert!(position.attackers(Square::E3, Color::Black, position.occupied()).is_empty());
    /// // Red's cannon on h2 attacks h9's horse over the h7 cannon.
    /// assert_eq!(position.attackers(Square::H9, Color::Red, position.occupied()), Square::H2.bitboard());
    /// ```
    #[inline]
    pub fn attackers(&self, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let king_there = self.pieces(!by, PieceKind::King).contains(square);
        let board = occupied.with(square);
        attackers_of(by, &self.pieces_by_kind(by), square, board, king_there) & occupied
    }

    /// The piece `mv` captures, if any (`mv` a legal move of this
    /// position).
    #[inline]
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        self.piece_at(mv.to())
    }

    /// Whether `mv` (a legal move of this position) checks the other side:
    /// by the moved piece, by a line it opens, by a cannon screen it adds
    /// or by the flying general. It plays the move on piece sets only.
    ///
    /// ```
    /// use qiboard::xiangqi::Position;
    ///
    /// let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w").unwrap();
    /// let check = position.parse_move("e1d1").unwrap();
    /// assert!(position.gives_check(check));
    /// assert_eq!(position.gives_check(check), position.play(check).is_check());
    /// ```
    #[inline]
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = self.piece_at(from) else {
            return false;
        };
        let mut ours = self.pieces_by_kind(us);
        ours[moving.kind as usize] = ours[moving.kind as usize].without(from).with(to);
        let occupied = self.occupied().without(from).with(to);
        !king_attackers(us, &ours, self.king(!us), occupied).is_empty()
    }

    /// The static exchange evaluation of `mv`: what the side to move gains
    /// (in [`SEE_VALUES`]) from the captures on `mv`'s square that it
    /// starts, each side taking with its least valuable attacker and
    /// stopping when going on would lose. A quiet move is worth 0 unless
    /// the piece can be taken there. See the module documentation for what
    /// it leaves out.
    ///
    /// ```
    /// use qiboard::xiangqi::Position;
    ///
    /// // A rook takes a horse that a pawn protects: +400 - 900.
    /// let position = Position::from_fen("4k4/9/9/9/4p4/4n4/9/9/4R4/3K5 w").unwrap();
    /// let take = position.parse_move("e1e4").unwrap();
    /// assert_eq!(position.see(take), 400 - 900);
    /// assert!(position.see_ge(take, -500) && !position.see_ge(take, 0));
    /// ```
    pub fn see(&self, mv: Move) -> i32 {
        let Some(moving) = self.piece_at(mv.from()) else {
            return 0;
        };
        let target = mv.to();
        let mut gains = [0i32; exchange::MAX_CAPTURES];
        gains[0] = self.captured(mv).map_or(0, |piece| value(piece.kind));
        let mut pieces = [
            self.pieces_by_kind(Color::Red),
            self.pieces_by_kind(Color::Black),
        ];
        // Lift the mover off its square and onto the target.
        let mut occupied = self.occupied().without(mv.from()).with(target);
        for color in Color::ALL {
            for set in &mut pieces[color as usize] {
                *set = set.without(target).without(mv.from());
            }
        }
        let mut on_target = moving;
        let mut side = !moving.color;
        let mut depth = 0;
        while let Some((from, kind)) = least_valuable(side, &pieces, target, occupied) {
            // A king may not take into an attack: looked at from where it
            // will stand, with its own square empty (it may have screened).
            let lifted = occupied.without(from);
            if kind == PieceKind::King
                && !(attackers_of(!side, &pieces[!side as usize], target, lifted, true) & lifted)
                    .is_empty()
            {
                break;
            }
            depth += 1;
            if depth == gains.len() {
                break;
            }
            // Speculative: what this side has if it takes and is taken back.
            gains[depth] = value(on_target.kind) - gains[depth - 1];
            pieces[side as usize][kind as usize] =
                pieces[side as usize][kind as usize].without(from);
            occupied = occupied.without(from);
            on_target = Piece { color: side, kind };
            side = !side;
        }
        // Each side chooses, from the last capture back, whether to take.
        exchange::settle(&mut gains, depth)
    }

    /// Whether [`Position::see`] of `mv` is at least `threshold`: what
    /// move ordering asks (`see_ge(mv, 0)`: the capture does not lose
    /// material).
    #[inline]
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see(mv) >= threshold
    }
}

/// `side`'s least valuable piece attacking `target`, and its kind.
#[inline]
fn least_valuable(
    side: Color,
    pieces: &[[Bitboard; 7]; 2],
    target: Square,
    occupied: Bitboard,
) -> Option<(Square, PieceKind)> {
    // Kings are never taken in an exchange (one only ever takes into no
    // attack), so no king stands on the target for another to fly at.
    let attackers = attackers_of(side, &pieces[side as usize], target, occupied, false) & occupied;
    if attackers.is_empty() {
        return None;
    }
    const CHEAPEST_FIRST: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Cannon,
        PieceKind::Rook,
        PieceKind::King,
    ];
    CHEAPEST_FIRST.into_iter().find_map(|kind| {
        (attackers & pieces[side as usize][kind as usize])
            .first()
            .map(|square| (square, kind))
    })
}
