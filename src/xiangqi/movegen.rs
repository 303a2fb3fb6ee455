//! Legal move generation.
//!
//! When the side to move is not in check, almost every pseudo-legal move is
//! legal, and the exceptions are known before generating:
//! - *pinned* pieces, whose departure may expose the king: the only piece
//!   between the king and an enemy rook (or the enemy king, for the flying
//!   general), either of the two pieces between the king and an enemy
//!   cannon, and a piece on the leg of an enemy horse aimed at the king;
//! - *screen squares*: empty squares between the king and an enemy cannon
//!   with nothing in between, where any arriving piece becomes the screen
//!   that completes the cannon's check.
//!
//! Other pieces' moves are legal as generated (minus screen squares), so a
//! perft leaf counts them with one popcount per piece; pinned pieces and
//! king moves are checked one by one with [`attackers_to`]. In check,
//! every move is checked that way.

use super::attacks::FILE_A;
use super::moves::empty_list;
use super::tables::{ELEPHANT_EYES, ELEPHANT_TARGETS, HORSE_CHECKERS, HORSE_LEGS, HORSE_TARGETS};
use super::{
    advisor_attacks, between, cannon_attacks, cannon_quiet, cannon_super, file_moves,
    horse_checkers, king_attacks, pawn_attacks, pawn_checkers, rank_moves, rook_attacks, Bitboard,
    Color, LineKind, Move, MoveList, PieceKind, Position, Square,
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

/// Where generated moves go: a list, or a count.
trait Sink {
    /// The running total of a sink that only counts, so that moves can be
    /// counted without being found one by one; `None` for one that lists.
    fn count_only(&mut self) -> Option<&mut u64>;
    /// All of `targets` are legal destinations for the piece on `from`.
    fn all(&mut self, from: Square, targets: Bitboard);
    /// One legal move.
    fn one(&mut self, mv: Move);
    /// Every square of `targets` is a legal destination for a piece
    /// standing `step` squares before it (pawns, generated together).
    fn shifted(&mut self, targets: Bitboard, step: i8);
}

impl Sink for MoveList {
    #[inline(always)]
    fn count_only(&mut self) -> Option<&mut u64> {
        None
    }

    #[inline]
    fn all(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push_or_panic(Move::new(from, to));
        }
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        self.push_or_panic(mv);
    }

    #[inline]
    fn shifted(&mut self, targets: Bitboard, step: i8) {
        for to in targets {
            let from = Square::ALL[(to as usize).wrapping_add_signed(-isize::from(step))];
            self.push_or_panic(Move::new(from, to));
        }
    }
}

/// Counts moves; `HARDWARE` counts set bits with `count_ones` (for code
/// compiled with the `popcnt` feature), otherwise with [`count90`].
struct Counter<const HARDWARE: bool>(u64);

impl<const HARDWARE: bool> Counter<HARDWARE> {
    #[inline(always)]
    fn bits(set: Bitboard) -> u64 {
        if HARDWARE {
            u64::from(set.0.count_ones())
        } else {
            count90(set)
        }
    }
}

/// Population count of a 90-bit set without the `popcnt` instruction
/// (absent from the default x86-64 target): both halves share the final
/// byte-summing steps.
#[inline(always)]
fn count90(set: Bitboard) -> u64 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let (low, high) = (set.0 as u64, (set.0 >> 64) as u64);
    let low = low - (low >> 1 & M1);
    let high = high - (high >> 1 & M1);
    // Nibbles hold at most 4 + 4 after the sum.
    let nibbles = (low & M2) + (low >> 2 & M2) + (high & M2) + (high >> 2 & M2);
    let bytes = (nibbles & M4) + (nibbles >> 4 & M4);
    bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56
}

impl<const HARDWARE: bool> Sink for Counter<HARDWARE> {
    #[inline(always)]
    fn count_only(&mut self) -> Option<&mut u64> {
        Some(&mut self.0)
    }

    #[inline]
    fn all(&mut self, _from: Square, targets: Bitboard) {
        self.0 += Self::bits(targets);
    }

    #[inline]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }

    #[inline]
    fn shifted(&mut self, targets: Bitboard, _step: i8) {
        self.0 += Self::bits(targets);
    }
}

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum MoveFilter {
    /// Every legal move.
    All,
    /// Legal captures only.
    Captures,
    /// Legal non-captures only.
    Quiets,
}

/// Everything the generator knows about the side to move before it starts.
struct Context {
    us: Color,
    king: Square,
    occupied: Bitboard,
    ours: Bitboard,
    theirs: Bitboard,
    checkers: Bitboard,
    /// Our pieces whose moves must each be checked.
    pinned: Bitboard,
    /// Empty squares no piece of ours may enter (it would become a screen).
    screens: Bitboard,
}

impl Context {
    #[inline]
    fn new(position: &Position) -> Context {
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
    fn safe(&self, position: &Position, from: Square, to: Square) -> bool {
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

/// The targets behind each empty blocker (horse leg, elephant eye), read
/// from the mailbox: a byte test per blocker is cheaper than a 128-bit shift.
#[inline(always)]
fn over_open(position: &Position, blockers: &[u8; 4], targets: &[u128; 4]) -> Bitboard {
    let mut set = 0;
    for (&blocker, &behind) in blockers.iter().zip(targets) {
        if position.mailbox[blocker as usize % 90] == 0 {
            set |= behind;
        }
    }
    Bitboard(set)
}

/// The destinations of our piece of `kind` on `from`, before legality.
#[inline(always)]
fn destinations(
    position: &Position,
    context: &Context,
    kind: PieceKind,
    from: Square,
    filter: MoveFilter,
) -> Bitboard {
    let occupied = context.occupied;
    let reach = match kind {
        PieceKind::Rook => rook_attacks(from, occupied),
        PieceKind::Cannon => {
            return match filter {
                MoveFilter::All => {
                    cannon_quiet(from, occupied) | (cannon_attacks(from, occupied) & context.theirs)
                }
                MoveFilter::Captures => cannon_attacks(from, occupied) & context.theirs,
                MoveFilter::Quiets => cannon_quiet(from, occupied),
            }
        }
        PieceKind::Horse => over_open(
            position,
            &HORSE_LEGS[from as usize],
            &HORSE_TARGETS[from as usize],
        ),
        PieceKind::Elephant => over_open(
            position,
            &ELEPHANT_EYES[from as usize],
            &ELEPHANT_TARGETS[from as usize],
        ),
        PieceKind::Advisor => advisor_attacks(from),
        PieceKind::King => king_attacks(from),
        PieceKind::Pawn => pawn_attacks(position.side, from),
    };
    match filter {
        MoveFilter::All => reach - context.ours,
        MoveFilter::Captures => reach & context.theirs,
        MoveFilter::Quiets => reach - occupied,
    }
}

/// Ranks 5–9 (Red's pawns there have crossed the river).
const RED_ACROSS: u128 = ((1u128 << 90) - 1) & !((1u128 << 45) - 1);
/// Ranks 0–4 (Black's pawns there have crossed the river).
const BLACK_ACROSS: u128 = (1u128 << 45) - 1;
/// Every square but the a-file / the i-file: where a sideways step lands.
const NOT_FILE_A: u128 = ((1u128 << 90) - 1) & !FILE_A;
const NOT_FILE_I: u128 = ((1u128 << 90) - 1) & !(FILE_A << 8);

/// The moves of `pawns` as three shifted sets, which is cheaper than one
/// table read per pawn.
#[inline(always)]
fn pawn_moves<S: Sink>(pawns: Bitboard, us: Color, allowed: Bitboard, sink: &mut S) {
    let (forward, across) = match us {
        Color::Red => (pawns.0 << 9, pawns.0 & RED_ACROSS),
        Color::Black => (pawns.0 >> 9, pawns.0 & BLACK_ACROSS),
    };
    let step = if us == Color::Red { 9 } else { -9 };
    sink.shifted(Bitboard(forward) & allowed, step);
    if across != 0 {
        sink.shifted(Bitboard(across << 1 & NOT_FILE_A) & allowed, 1);
        sink.shifted(Bitboard(across >> 1 & NOT_FILE_I) & allowed, -1);
    }
}

/// The number of moves of the rook or cannon on `from`, read off the line
/// tables' end points: the quiet moves on a line are the points between
/// its two ends, and each capture end counts if an enemy stands there. No
/// set is built and nothing is popcounted.
#[inline(always)]
fn count_line_moves(position: &Position, kind: PieceKind, from: Square) -> u64 {
    let capture = if kind == PieceKind::Rook {
        LineKind::RookCapture
    } else {
        LineKind::CannonCapture
    };
    let occupied = position.occupied();
    let (file, rank) = (from.file(), from.rank());
    let mover = position.mailbox[from as usize];
    // Piece codes 1..=7 are Red, 8..=14 Black: an enemy is on the other side of 7.5.
    let enemy = |square: usize| {
        let code = position.mailbox[square % 90];
        code != 0 && (code > 7) != (mover > 7)
    };
    let quiet_rank = rank_moves(LineKind::Quiet, from, occupied);
    let quiet_file = file_moves(LineKind::Quiet, from, occupied);
    let mut count =
        u64::from(quiet_rank.high - quiet_rank.low) + u64::from(quiet_file.high - quiet_file.low);
    let on_rank = rank_moves(capture, from, occupied);
    for end in [on_rank.low, on_rank.high] {
        count += u64::from(end as usize != file && enemy(rank * 9 + end as usize));
    }
    let on_file = file_moves(capture, from, occupied);
    for end in [on_file.low, on_file.high] {
        count += u64::from(end as usize != rank && enemy(end as usize * 9 + file));
    }
    count
}

/// Tests each move of the piece on `from` before handing it to `sink`.
#[inline(always)]
fn one_by_one<S: Sink>(
    position: &Position,
    context: &Context,
    kind: PieceKind,
    from: Square,
    filter: MoveFilter,
    sink: &mut S,
) {
    for to in destinations(position, context, kind, from, filter) - context.screens {
        if context.safe(position, from, to) {
            sink.one(Move::new(from, to));
        }
    }
}

/// The moves of our pieces of one kind; `careful` pieces are tested move
/// by move.
#[inline(always)]
fn kind_moves<S: Sink>(
    position: &Position,
    context: &Context,
    kind: PieceKind,
    careful: Bitboard,
    filter: MoveFilter,
    sink: &mut S,
) {
    let pieces = position.pieces(context.us, kind);
    let countable = context.screens.is_empty()
        && matches!(kind, PieceKind::Rook | PieceKind::Cannon)
        && filter == MoveFilter::All;
    match sink.count_only() {
        Some(total) if countable => {
            for from in pieces - careful {
                *total += count_line_moves(position, kind, from);
            }
        }
        _ => {
            for from in pieces - careful {
                sink.all(
                    from,
                    destinations(position, context, kind, from, filter) - context.screens,
                );
            }
        }
    }
    for from in pieces & careful {
        one_by_one(position, context, kind, from, filter, sink);
    }
}

// Always inlined, so that a caller compiled with extra CPU features (see
// `perft`) gets a copy of the whole generator that uses them.
#[inline(always)]
fn generate<S: Sink>(position: &Position, filter: MoveFilter, sink: &mut S) {
    let context = Context::new(position);
    let us = context.us;
    // Pieces whose every move is tested: all of them in check, else the pinned.
    let careful = if context.checkers.is_empty() {
        context.pinned
    } else {
        context.ours
    };
    // PieceKind by kind rather than a loop over kinds, so that each call's
    // `match kind` folds away instead of becoming a mispredicted jump.
    kind_moves(position, &context, PieceKind::Rook, careful, filter, sink);
    kind_moves(position, &context, PieceKind::Cannon, careful, filter, sink);
    kind_moves(position, &context, PieceKind::Horse, careful, filter, sink);
    kind_moves(
        position,
        &context,
        PieceKind::Advisor,
        careful,
        filter,
        sink,
    );
    kind_moves(
        position,
        &context,
        PieceKind::Elephant,
        careful,
        filter,
        sink,
    );
    let pawns = position.pieces(us, PieceKind::Pawn);
    let (free, pinned) = (pawns - careful, pawns & careful);
    if !free.is_empty() {
        let allowed = match filter {
            MoveFilter::All => Bitboard::FULL - context.ours,
            MoveFilter::Captures => context.theirs,
            MoveFilter::Quiets => Bitboard::FULL - context.occupied,
        } - context.screens;
        pawn_moves(free, us, allowed, sink);
    }
    for from in pinned {
        one_by_one(position, &context, PieceKind::Pawn, from, filter, sink);
    }
    let king = context.king;
    for to in destinations(position, &context, PieceKind::King, king, filter) {
        if context.safe(position, king, to) {
            sink.one(Move::new(king, to));
        }
    }
}

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        self.listed(MoveFilter::All)
    }

    /// The legal captures.
    pub fn legal_captures(&self) -> MoveList {
        self.listed(MoveFilter::Captures)
    }

    /// The legal moves that capture nothing.
    pub fn legal_quiets(&self) -> MoveList {
        self.listed(MoveFilter::Quiets)
    }

    fn listed(&self, filter: MoveFilter) -> MoveList {
        let mut list = empty_list();
        generate(self, filter, &mut list);
        list
    }

    /// The number of legal moves, without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        self.count_legal_moves_inline::<false>()
    }

    /// [`Position::count_legal_moves`], inlined into its caller; `HARDWARE`
    /// counts bits with `count_ones` (for callers built with `popcnt`).
    #[inline(always)]
    pub(crate) fn count_legal_moves_inline<const HARDWARE: bool>(&self) -> u64 {
        let mut counter = Counter::<HARDWARE>(0);
        generate(self, MoveFilter::All, &mut counter);
        counter.0
    }

    /// Legal moves when in check (the thesis's check evasions); empty when
    /// not in check.
    pub fn evasions(&self) -> MoveList {
        if self.is_check() {
            self.legal_moves()
        } else {
            empty_list()
        }
    }

    /// The enemy pieces giving check.
    pub fn checkers(&self) -> Bitboard {
        attackers_to(self, self.king(self.side), !self.side, self.occupied())
    }

    /// Whether the side to move is in check (including by the flying
    /// general: facing kings count as check).
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        let Some(piece) = self.piece_at(mv.from()) else {
            return false;
        };
        if piece.color != self.side {
            return false;
        }
        let context = Context::new(self);
        let targets = destinations(self, &context, piece.kind, mv.from(), MoveFilter::All);
        targets.contains(mv.to()) && context.safe(self, mv.from(), mv.to())
    }
}
