//! Which enemy pieces a side chases: set operations on the position's
//! piece sets, with a legality test only for the few attacks that reach a
//! target. No allocation, so that a tablebase can ask it of every position.

use crate::xiangqi::attackers::king_attackers;
use crate::xiangqi::{
    advisor_attacks, attacks, cannon_attacks, elephant_attacks, horse_checkers, king_attacks,
    pawn_checkers, rook_attacks, Bitboard, Color, Move, Piece, PieceKind, Position, Square,
};

/// Ranks 0–4, Red's side of the river.
const RED_HALF: Bitboard = Bitboard((1 << 45) - 1);

/// `color`'s side of the river.
#[inline]
fn own_half(color: Color) -> Bitboard {
    match color {
        Color::Red => RED_HALF,
        Color::Black => Bitboard::FULL - RED_HALF,
    }
}

/// The pieces of `chaser`'s opponent that `chaser` chases in `position`,
/// whoever is to move: attacked by a piece other than `chaser`'s king and
/// pawns, with a capture that would be legal (checks `chaser` already
/// stands in are ignored), and not the king nor a pawn still on its own
/// side of the river; a rook attacked by a horse or cannon always, any
/// other piece only when no legal recapture protects it and, for a piece
/// of the attacker's own kind, when it could not legally capture the
/// attacker back. See the [module documentation](super) for the rules.
///
/// ```
/// use qiboard::xiangqi::rules::chased;
/// use qiboard::xiangqi::{Color, Position, Square};
///
/// // Red's rook attacks the lone black cannon on b7; nothing protects it.
/// let position = Position::from_fen("5k3/9/1c7/9/9/9/9/1R7/9/3K5 b").unwrap();
/// assert_eq!(chased(&position, Color::Red), Square::B7.bitboard());
/// assert!(chased(&position, Color::Black).is_empty());
/// ```
pub fn chased(position: &Position, chaser: Color) -> Bitboard {
    let victim = !chaser;
    let theirs = position.pieces_by_kind(victim);
    let targets = position.by_color(victim)
        - theirs[PieceKind::King as usize]
        - (theirs[PieceKind::Pawn as usize] & own_half(victim));
    if targets.is_empty() {
        return Bitboard::EMPTY;
    }
    let mut search = Search {
        position,
        chaser,
        targets,
        occupied: position.occupied(),
        ours: position.pieces_by_kind(chaser),
        scene: None,
        found: Bitboard::EMPTY,
    };
    // Kind by kind rather than a loop over kinds, so that each call's
    // `match kind` folds away.
    search.visit(PieceKind::Rook);
    search.visit(PieceKind::Cannon);
    search.visit(PieceKind::Horse);
    search.visit(PieceKind::Elephant);
    search.visit(PieceKind::Advisor);
    search.found
}

/// [`chased`] under way.
struct Search<'a> {
    position: &'a Position,
    chaser: Color,
    targets: Bitboard,
    occupied: Bitboard,
    ours: [Bitboard; 7],
    /// Built at the first attack on a target.
    scene: Option<Scene<'a>>,
    found: Bitboard,
}

impl Search<'_> {
    /// Looks at the attacks of the chaser's pieces of `kind`.
    #[inline(always)]
    fn visit(&mut self, kind: PieceKind) {
        for from in self.ours[kind as usize] {
            let piece = Piece {
                color: self.chaser,
                kind,
            };
            let hits = attacks(piece, from, self.occupied) & self.targets;
            for to in hits - self.found {
                let (position, chaser) = (self.position, self.chaser);
                let scene = self
                    .scene
                    .get_or_insert_with(|| Scene::new(position, chaser));
                if scene.chases(kind, from, to) {
                    self.found |= to.bitboard();
                }
            }
        }
    }
}

/// The pieces the last move chased, in the sense of the cycle ruling:
/// attacked in the chase sense ([`chased`]) by the side that just moved in
/// `after_move`, and no longer so after the opponent's `reply`, which led
/// to `after_reply`. Squares are those of `after_move` (a victim that
/// escaped is named by the square it left).
///
/// ```
/// use qiboard::xiangqi::rules::chases;
/// use qiboard::xiangqi::{Position, Square};
///
/// // Red's rook has just come to b2, attacking the cannon on b7, which steps aside.
/// let after_move = Position::from_fen("5k3/9/1c7/9/9/9/9/1R7/9/3K5 b").unwrap();
/// let reply = after_move.parse_move("b7a7").unwrap();
/// let after_reply = after_move.play(reply);
/// assert_eq!(chases(&after_move, reply, &after_reply), Square::B7.bitboard());
/// ```
pub fn chases(after_move: &Position, reply: Move, after_reply: &Position) -> Bitboard {
    let mover = !after_move.side_to_move();
    let attacked = chased(after_move, mover);
    if attacked.is_empty() {
        return attacked;
    }
    attacked - before_move(chased(after_reply, mover), reply)
}

/// `set`, squares after `mv`, named as before it: the piece that moved
/// by the square it left.
#[inline]
fn before_move(set: Bitboard, mv: Move) -> Bitboard {
    if set.contains(mv.to()) {
        set.without(mv.to()).with(mv.from())
    } else {
        set
    }
}

/// The pieces in `pieces` (one side's, kind by kind, pawns of `color`)
/// that attack `square`. Every leaper's attack is symmetric but the
/// horse's (its leg is next to the horse) and the pawn's, which have
/// tables of their own.
#[inline]
fn attackers_to(
    square: Square,
    color: Color,
    pieces: &[Bitboard; 7],
    occupied: Bitboard,
) -> Bitboard {
    let [king, advisors, elephants, horses, rooks, cannons, pawns] = *pieces;
    (rook_attacks(square, occupied) & rooks)
        | (cannon_attacks(square, occupied) & cannons)
        | (horse_checkers(square, occupied) & horses)
        | (elephant_attacks(square, occupied) & elephants)
        | (advisor_attacks(square) & advisors)
        | (king_attacks(square) & king)
        | (pawn_checkers(color, square) & pawns)
}

/// What the legality tests need, gathered once an attack on a target has
/// been found.
struct Scene<'a> {
    position: &'a Position,
    chaser: Color,
    occupied: Bitboard,
    ours: [Bitboard; 7],
    theirs: [Bitboard; 7],
    our_king: Square,
    their_king: Square,
    /// The victim's pieces attacking the chaser's king now: a capture is
    /// judged as if these checks were answered.
    standing_checks: Bitboard,
}

impl<'a> Scene<'a> {
    fn new(position: &'a Position, chaser: Color) -> Scene<'a> {
        let occupied = position.occupied();
        let ours = position.pieces_by_kind(chaser);
        let theirs = position.pieces_by_kind(!chaser);
        let our_king = position.king(chaser);
        Scene {
            position,
            chaser,
            occupied,
            ours,
            theirs,
            our_king,
            their_king: position.king(!chaser),
            standing_checks: king_attackers(!chaser, &theirs, our_king, occupied),
        }
    }

    /// Whether the chaser's piece of `kind` on `from` chases the enemy
    /// piece it attacks on `to`.
    fn chases(&self, kind: PieceKind, from: Square, to: Square) -> bool {
        let Some(victim) = self.position.piece_at(to) else {
            return false;
        };
        // The attacker lands on `to`; the victim's attacks there are gone.
        let occupied = self.occupied - from.bitboard();
        let exposed = king_attackers(!self.chaser, &self.theirs, self.our_king, occupied);
        if !(exposed - to.bitboard() - self.standing_checks).is_empty() {
            return false;
        }
        if matches!(kind, PieceKind::Horse | PieceKind::Cannon) && victim.kind == PieceKind::Rook {
            return true;
        }
        // An offer to exchange like for like is no chase either.
        let exchange = victim.kind == kind && self.takes_back(kind, from, to);
        !exchange && !self.protected(from, to)
    }

    /// Whether, once the chaser's piece on `from` has captured on `to`,
    /// the victim's side has a legal recapture there.
    fn protected(&self, from: Square, to: Square) -> bool {
        let occupied = self.occupied - from.bitboard();
        let defenders = attackers_to(to, !self.chaser, &self.theirs, occupied);
        defenders.into_iter().any(|defender| {
            let king = if defender == self.their_king {
                to
            } else {
                self.their_king
            };
            // The chaser's pieces still list the capturer on `from`, where
            // it no longer stands, so it is struck from the attackers.
            let exposed = king_attackers(
                self.chaser,
                &self.ours,
                king,
                occupied - defender.bitboard(),
            );
            (exposed - from.bitboard()).is_empty()
        })
    }

    /// Whether the victim on `to`, of the attacker's `kind`, could legally
    /// capture the attacker on `from` (checks it already stands in aside).
    fn takes_back(&self, kind: PieceKind, from: Square, to: Square) -> bool {
        let victim = Piece {
            color: !self.chaser,
            kind,
        };
        if !attacks(victim, to, self.occupied).contains(from) {
            return false;
        }
        let standing = king_attackers(self.chaser, &self.ours, self.their_king, self.occupied);
        let exposed = king_attackers(
            self.chaser,
            &self.ours,
            self.their_king,
            self.occupied - to.bitboard(),
        );
        (exposed - from.bitboard() - standing).is_empty()
    }
}
