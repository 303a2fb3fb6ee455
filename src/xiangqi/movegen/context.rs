//! What the generator knows before it starts: checkers, pinned pieces and
//! screen squares, and the test that a move leaves the king safe.

use crate::xiangqi::attacks::FILE_A;
use crate::xiangqi::tables::HORSE_CHECKERS;
use crate::xiangqi::{
    between, cannon_attacks, cannon_super, horse_checkers, pawn_checkers, rook_attacks, Bitboard,
    Color, PieceKind, Position, Square,
};

/// Bits 0..9: rank 0.
const RANK_0: u128 = 0x1ff;

/// The rank and the file through `square`: where a rook or cannon must
/// stand to reach it. A cheap test that skips most line lookups.
#[inline(always)]
fn lines_through(square: Square) -> Bitboard {
    Bitboard(RANK_0 << (9 * square.rank() as u32) | FILE_A << square.file() as u32)
}

/// Every square a horse could check `king` from, legs aside.
#[inline(always)]
fn horse_zone(king: Square) -> Bitboard {
    let [a, b, c, d] = HORSE_CHECKERS[king as usize];
    Bitboard(a | b | c | d)
}

/// Pieces of colour `by` attacking `king`, a square a king can stand on,
/// with `occupied` as the board's occupancy. Advisors, elephants and king
/// steps never reach the other palace, so only rooks, cannons, horses,
/// pawns and the facing enemy king (the flying general) are tested.
#[inline(always)]
pub fn attackers_to(position: &Position, king: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let kinds = &position.by_kind;
    let theirs = position.by_color[by as usize];
    let lines = lines_through(king);
    let rooks = kinds[PieceKind::Rook as usize] & theirs;
    let cannons = kinds[PieceKind::Cannon as usize] & theirs;
    let mut attackers = pawn_checkers(by, king) & kinds[PieceKind::Pawn as usize] & theirs;
    let enemy_king = kinds[PieceKind::King as usize] & theirs;
    if let Some(other) = (enemy_king & lines).first() {
        // Kings never share a rank, so this is the flying general's file.
        if (between(king, other) & occupied).is_empty() {
            attackers |= enemy_king;
        }
    }
    let horses = kinds[PieceKind::Horse as usize] & theirs;
    if !(horses & horse_zone(king)).is_empty() {
        attackers |= horse_checkers(king, occupied) & horses;
    }
    if !(rooks & lines).is_empty() {
        attackers |= rook_attacks(king, occupied) & rooks;
    }
    if !(cannons & lines).is_empty() {
        attackers |= cannon_attacks(king, occupied) & cannons;
    }
    attackers
}

/// Everything the generator knows about the side to move before it starts.
pub(super) struct Context {
    pub(super) us: Color,
    pub(super) king: Square,
    pub(super) occupied: Bitboard,
    pub(super) ours: Bitboard,
    pub(super) theirs: Bitboard,
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
        let checkers = attackers_to(position, king, !us, occupied);
        let mut context = Context {
            us,
            king,
            occupied,
            ours,
            theirs,
            checkers,
            pinned: Bitboard::EMPTY,
            screens: Bitboard::EMPTY,
        };
        if checkers.is_empty() {
            context.find_pins(position);
        }
        context
    }

    fn find_pins(&mut self, position: &Position) {
        let (king, occupied, ours, theirs) = (self.king, self.occupied, self.ours, self.theirs);
        let kinds = &position.by_kind;
        let lines = lines_through(king);
        if let Some(other) = (theirs & kinds[PieceKind::King as usize] & lines).first() {
            // The only piece between the kings may not leave the file.
            let shield = between(king, other) & occupied;
            if !shield.has_many() {
                self.pinned |= shield & ours;
            }
        }
        let sliders = theirs & kinds[PieceKind::Rook as usize] & lines;
        let cannons = theirs & kinds[PieceKind::Cannon as usize] & lines;
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

        let horses = theirs & kinds[PieceKind::Horse as usize] & horse_zone(king);
        if !horses.is_empty() {
            for horse in horses {
                self.pinned |= horse_leg(horse, king).bitboard() & ours;
            }
        }
    }

    /// Whether moving our piece from `from` to `to` leaves our king safe.
    #[inline]
    pub(super) fn safe(&self, position: &Position, from: Square, to: Square) -> bool {
        let to_bit = to.bitboard();
        let occupied = (self.occupied ^ from.bitboard()) | to_bit;
        let king = if from == self.king { to } else { self.king };
        // A piece captured on `to` attacks nothing any more.
        (attackers_to(position, king, !self.us, occupied) - to_bit).is_empty()
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
