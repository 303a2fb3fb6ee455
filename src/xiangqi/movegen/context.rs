//! What the generator knows before it starts: checkers, pinned pieces and
//! screen squares, found in one pass over the enemy pieces that can reach
//! the king, and the test that a move leaves the king safe.

use super::pieces::{count_king, Bits};
use super::side::Side;
use super::{count_unpinned_leapers, Counted};
use crate::xiangqi::tables::{
    HORSE_CHECKERS, HORSE_CHECK_LEGS, KING_MOVES, LINES, PAWN_CHECKERS, SIGHT,
};
use crate::xiangqi::{PieceKind, Position};

/// Every square a horse could check a king on each square from, legs
/// aside: the union of that square's [`HORSE_CHECKERS`].
static HORSE_ZONE: [u128; 90] = {
    let mut zone = [0; 90];
    let mut square = 0;
    while square < 90 {
        let [a, b, c, d] = HORSE_CHECKERS[square];
        zone[square] = a | b | c | d;
        square += 1;
    }
    zone
};

/// The lowest set bit's index, for a set known not to be empty.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn low(set: u128) -> usize {
    set.trailing_zeros() as usize
}

/// The set of one square.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
pub(super) fn bit(square: usize) -> u128 {
    1u128 << (square & 127)
}

/// Whether `set` has more than one member.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn many(set: u128) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// Everything the generator knows about the side to move before it
/// starts. Sets are raw `u128` (bit = square), squares indices.
pub(super) struct Context {
    pub(super) king: usize,
    pub(super) occupied: u128,
    pub(super) ours: u128,
    pub(super) theirs: u128,
    pub(super) checkers: u128,
    /// Our pieces whose moves must each be tested (when not in check).
    pub(super) pinned: u128,
    /// Empty squares no piece of ours may enter (it would become the one
    /// screen of an enemy cannon aimed at our king).
    pub(super) screens: u128,
}

impl Context {
    /// The context of `position`, whose side to move is `Us`.
    ///
    /// One pass over the enemy pieces that can reach the king finds the
    /// checkers and the pins together: a pawn on a checking square; a
    /// horse on a checking square whose leg is empty (a check) or holds
    /// one of our pieces (pinned); a rook or king on the king's rank or
    /// file with nothing between (a check) or one piece between (pinned,
    /// if ours); a cannon there with nothing between (its squares between
    /// are screens), one piece (a check) or two (either, if ours, pinned).
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn new<Us: Side>(position: &Position) -> Context {
        let by_kind = &position.by_kind;
        let ours = position.by_color[Us::US as usize].0;
        let theirs = position.by_color[Us::THEM as usize].0;
        let occupied = ours | theirs;
        let king = low(by_kind[PieceKind::King as usize].0 & ours);
        let mut checkers =
            PAWN_CHECKERS[Us::THEM as usize][king] & by_kind[PieceKind::Pawn as usize].0 & theirs;
        let mut pinned = 0;
        let mut screens = 0;

        let horses = by_kind[PieceKind::Horse as usize].0 & theirs;
        if horses & HORSE_ZONE[king] != 0 {
            for (&leg, &group) in HORSE_CHECK_LEGS[king].iter().zip(&HORSE_CHECKERS[king]) {
                if group & horses != 0 {
                    let leg = bit(leg as usize);
                    if occupied & leg == 0 {
                        checkers |= group & horses;
                    } else {
                        pinned |= leg & ours;
                    }
                }
            }
        }

        let lines = LINES[king];
        let sight = &SIGHT[king];
        let mut sliders = (by_kind[PieceKind::Rook as usize].0
            | by_kind[PieceKind::King as usize].0)
            & theirs
            & lines;
        while sliders != 0 {
            let slider = sliders & sliders.wrapping_neg();
            sliders ^= slider;
            let between = sight[low(slider)] & occupied;
            if between == 0 {
                checkers |= slider;
            } else if !many(between) {
                pinned |= between & ours;
            }
        }
        let mut cannons = by_kind[PieceKind::Cannon as usize].0 & theirs & lines;
        while cannons != 0 {
            let cannon = cannons & cannons.wrapping_neg();
            cannons ^= cannon;
            let path = sight[low(cannon)];
            let between = path & occupied;
            if between == 0 {
                screens |= path;
            } else if !many(between) {
                checkers |= cannon;
            } else if !many(between & between.wrapping_sub(1)) {
                pinned |= between & ours;
            }
        }
        Context {
            king,
            occupied,
            ours,
            theirs,
            checkers,
            pinned,
            screens,
        }
    }

    /// The context of `position`, whose side to move is `Us`, with the
    /// checkers, pins and screens a parent found (see [`KingView`]).
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn inherited<Us: Side>(position: &Position, view: &KingView) -> Context {
        let ours = position.by_color[Us::US as usize].0;
        let theirs = position.by_color[Us::THEM as usize].0;
        Context {
            king: view.king,
            occupied: ours | theirs,
            ours,
            theirs,
            checkers: view.checkers,
            pinned: view.pinned,
            screens: view.screens,
        }
    }

    /// Whether moving our piece from `from` to `to` leaves our king safe.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(super) fn safe<Us: Side>(&self, position: &Position, from: usize, to: usize) -> bool {
        let to_bit = bit(to);
        let occupied = (self.occupied ^ bit(from)) | to_bit;
        let king = if from == self.king { to } else { self.king };
        // A piece captured on `to` attacks nothing any more.
        attackers::<Us>(position, self.theirs & !to_bit, king, occupied) == 0
    }
}

/// What the side not to move finds about its king in a position, for
/// the children at perft's last but one ply: a move of the other side
/// that leaves and enters no square of `zone` leaves it all as it was.
pub(crate) struct KingView {
    king: usize,
    checkers: u128,
    pinned: u128,
    screens: u128,
    /// The king's rank and file, where its horse checkers stand and
    /// their legs, and where its pawn checkers stand: every square whose
    /// piece the checkers, pins and screens depend on.
    zone: u128,
    /// How many of the king's own steps are legal.
    king_moves: u64,
    /// The same squares for each of the king's steps, and the steps:
    /// every square whose piece the legality of a step depends on.
    step_zone: u128,
    /// The moves of the unpinned horses, elephants, advisors and pawns.
    leaper_moves: u64,
    /// Every piece of the side, and the legs of its horses and eyes of
    /// its elephants (with some squares beside them across the board's
    /// edge): where a move must leave and land for `leaper_moves` to hold.
    leaper_zone: u128,
}

impl KingView {
    /// The view of `Them`, the side not to move in `position`.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(crate) fn new<Them: Side>(position: &Position) -> KingView {
        let context = Context::new::<Them>(position);
        let king = context.king;
        let by_kind = &position.by_kind;
        let horses = by_kind[PieceKind::Horse as usize].0 & context.ours;
        let elephants = by_kind[PieceKind::Elephant as usize].0 & context.ours;
        let mut step_zone = 0;
        for step in Bits(KING_MOVES[king]) {
            step_zone |= bit(step) | reach::<Them>(step);
        }
        KingView {
            king,
            checkers: context.checkers,
            pinned: context.pinned,
            screens: context.screens,
            zone: reach::<Them>(king),
            king_moves: count_king::<Them>(position, &context),
            step_zone,
            leaper_moves: count_unpinned_leapers::<Them>(position, &context),
            leaper_zone: context.ours | around(horses, [1, 9]) | around(elephants, [8, 10]),
        }
    }

    /// What the count of the position after a move from `from` to `to`
    /// can take from the view, the checkers, pins and screens holding.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(crate) fn counted_after(&self, from: usize, to: usize) -> Counted {
        let moved = bit(from) | bit(to);
        Counted {
            king: (moved & self.step_zone == 0).then_some(self.king_moves),
            leapers: (moved & self.leaper_zone == 0).then_some(self.leaper_moves),
        }
    }

    /// Whether the position after a move from `from` to `to` has the
    /// view's checkers, pins and screens.
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    pub(crate) fn holds_after(&self, from: usize, to: usize) -> bool {
        (bit(from) | bit(to)) & self.zone == 0
    }
}

/// The squares `offsets` away from a member of `set`, either way.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn around(set: u128, offsets: [u32; 2]) -> u128 {
    offsets
        .iter()
        .fold(0, |near, &offset| near | set << offset | set >> offset)
}

/// Every square whose piece may decide whether a king of `Us` on
/// `square` is attacked: its rank and file, where a horse could check it
/// from and the legs of those checks, and where a pawn could.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn reach<Us: Side>(square: usize) -> u128 {
    let legs = HORSE_CHECK_LEGS[square]
        .iter()
        .fold(0, |legs, &leg| legs | bit(leg as usize));
    LINES[square] | HORSE_ZONE[square] | legs | PAWN_CHECKERS[Us::THEM as usize][square]
}

/// The pieces of `theirs` (the other side's pieces, or some of them)
/// attacking a king of `Us` on `king`, on a board whose occupied squares
/// are `occupied`: [`king_attackers`](crate::xiangqi::king_attackers) on
/// raw sets.
#[cfg_attr(not(qiboard_unoptimized), inline(always))]
#[cfg_attr(qiboard_unoptimized, inline)]
fn attackers<Us: Side>(position: &Position, theirs: u128, king: usize, occupied: u128) -> u128 {
    let by_kind = &position.by_kind;
    let mut attackers =
        PAWN_CHECKERS[Us::THEM as usize][king] & by_kind[PieceKind::Pawn as usize].0 & theirs;
    let horses = by_kind[PieceKind::Horse as usize].0 & theirs;
    if horses & HORSE_ZONE[king] != 0 {
        for (&leg, &group) in HORSE_CHECK_LEGS[king].iter().zip(&HORSE_CHECKERS[king]) {
            if occupied & bit(leg as usize) == 0 {
                attackers |= group & horses;
            }
        }
    }
    let lines = LINES[king];
    let sight = &SIGHT[king];
    let mut sliders = (by_kind[PieceKind::Rook as usize].0 | by_kind[PieceKind::King as usize].0)
        & theirs
        & lines;
    while sliders != 0 {
        let slider = sliders & sliders.wrapping_neg();
        sliders ^= slider;
        if sight[low(slider)] & occupied == 0 {
            attackers |= slider;
        }
    }
    let mut cannons = by_kind[PieceKind::Cannon as usize].0 & theirs & lines;
    while cannons != 0 {
        let cannon = cannons & cannons.wrapping_neg();
        cannons ^= cannon;
        let between = sight[low(cannon)] & occupied;
        if between != 0 && !many(between) {
            attackers |= cannon;
        }
    }
    attackers
}
