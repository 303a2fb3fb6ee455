//! What the generator knows before it starts: checkers, pinned pieces and
//! screen squares, and the test that a move leaves the king safe.

use crate::xiangqi::attackers::{horse_zone, king_attackers, lines_through};
use crate::xiangqi::{
    between, cannon_super, rook_attacks, Bitboard, Color, PieceKind, Position, Square,
};

/// Everything the generator knows about the side to move before it starts.
pub(super) struct Context {
    pub(super) us: Color,
    pub(super) king: Square,
    pub(super) occupied: Bitboard,
    pub(super) ours: Bitboard,
    pub(super) theirs: Bitboard,
    /// Their pieces, kind by kind.
    enemy: [Bitboard; 7],
    pub(super) checkers: Bitboard,
    /// Our pieces whose moves must each be checked.
    pub(super) pinned: Bitboard,
    /// Empty squares no piece of ours may enter (it would become a screen).
    pub(super) screens: Bitboard,
}

impl Context {
    #[inline]
    pub(super) fn new(position: &Position) -> Context {
        let us = position.side;
        let king = position.king(us);
        let occupied = position.occupied();
        let ours = position.by_color[us as usize];
        let theirs = position.by_color[!us as usize];
        let enemy = position.pieces_by_kind(!us);
        let checkers = king_attackers(!us, &enemy, king, occupied);
        let mut context = Context {
            us,
            king,
            occupied,
            ours,
            theirs,
            enemy,
            checkers,
            pinned: Bitboard::EMPTY,
            screens: Bitboard::EMPTY,
        };
        if checkers.is_empty() {
            context.find_pins();
        }
        context
    }

    fn find_pins(&mut self) {
        let (king, occupied, ours) = (self.king, self.occupied, self.ours);
        let enemy = &self.enemy;
        let lines = lines_through(king);
        if let Some(other) = (enemy[PieceKind::King as usize] & lines).first() {
            // The only piece between the kings may not leave the file.
            let shield = between(king, other) & occupied;
            if !shield.has_many() {
                self.pinned |= shield & ours;
            }
        }
        let sliders = enemy[PieceKind::Rook as usize] & lines;
        let cannons = enemy[PieceKind::Cannon as usize] & lines;
        if !(sliders | cannons).is_empty() {
            let seen = rook_attacks(king, occupied);
            // Rooks behind exactly one of our pieces.
            if !sliders.is_empty() {
                for slider in rook_attacks(king, occupied ^ (seen & ours)) & sliders {
                    self.pinned |= between(king, slider) & ours;
                }
            }
            if !cannons.is_empty() {
                // A cannon in plain view: the squares between would complete it.
                for cannon in seen & cannons {
                    self.screens |= between(king, cannon);
                }
                // A cannon over two screens: either screen of ours leaving checks.
                for cannon in cannon_super(king, occupied) & cannons {
                    self.pinned |= between(king, cannon) & ours;
                }
            }
        }

        let horses = enemy[PieceKind::Horse as usize] & horse_zone(king);
        if !horses.is_empty() {
            for horse in horses {
                self.pinned |= horse_leg(horse, king).bitboard() & ours;
            }
        }
    }

    /// Whether moving our piece from `from` to `to` leaves our king safe.
    #[inline]
    pub(super) fn safe(&self, from: Square, to: Square) -> bool {
        let to_bit = to.bitboard();
        let occupied = (self.occupied ^ from.bitboard()) | to_bit;
        let king = if from == self.king { to } else { self.king };
        // A piece captured on `to` attacks nothing any more.
        (king_attackers(!self.us, &self.enemy, king, occupied) - to_bit).is_empty()
    }
}

/// The leg square of a horse on `horse` attacking `target`: the orthogonal
/// neighbour of the horse toward the long side of the jump.
#[inline]
fn horse_leg(horse: Square, target: Square) -> Square {
    let (hf, hr) = (horse.file() as i32, horse.rank() as i32);
    let (df, dr) = (target.file() as i32 - hf, target.rank() as i32 - hr);
    let (lf, lr) = if df.abs() == 2 {
        (hf + df.signum(), hr)
    } else {
        (hf, hr + dr.signum())
    };
    Square::from_file_rank(lf as usize, lr as usize).expect("a horse's leg is on the board")
}
