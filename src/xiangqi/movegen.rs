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

use super::{
    advisor_attacks, cannon_attacks, cannon_quiet, cannon_super, elephant_attacks, horse_attacks,
    horse_checkers, king_attacks, pawn_attacks, pawn_checkers, rook_attacks, Bitboard, Color, Kind,
    Move, Position, Square,
};

/// Bits 0, 9, …, 81: the a-file.
const FILE_A: u128 = {
    let mut bits = 0u128;
    let mut rank = 0;
    while rank < 10 {
        bits |= 1 << (rank * 9);
        rank += 1;
    }
    bits
};

/// Squares strictly between `a` and `b` when they share a rank or a file;
/// empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    let (low, high) = if a < b {
        (a as u32, b as u32)
    } else {
        (b as u32, a as u32)
    };
    let span = (1u128 << high).wrapping_sub(2u128 << low) & !(1u128 << high);
    let span = if high > low { span } else { 0 };
    if a.rank() == b.rank() {
        Bitboard(span)
    } else if a.file() == b.file() {
        Bitboard(span & FILE_A << a.file())
    } else {
        Bitboard::EMPTY
    }
}

/// Pieces of colour `by` attacking `king`, a square a king can stand on,
/// with `occupied` as the board's occupancy. Advisors, elephants and king
/// steps never reach the other palace, so only rooks, cannons, horses,
/// pawns and the facing enemy king (the flying general) are tested.
#[inline]
pub fn attackers_to(position: &Position, king: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let kinds = &position.kinds;
    let sliders =
        rook_attacks(king, occupied) & (kinds[Kind::Rook as usize] | kinds[Kind::King as usize]);
    let cannons = cannon_attacks(king, occupied) & kinds[Kind::Cannon as usize];
    let horses = horse_checkers(king, occupied) & kinds[Kind::Horse as usize];
    let pawns = pawn_checkers(by, king) & kinds[Kind::Pawn as usize];
    (sliders | cannons | horses | pawns) & position.colors[by as usize]
}

/// The most legal moves a xiangqi position can have is 119 (two rooks and
/// two cannons with 17 each, horses 16, pawns 15, advisors 8, elephants 8,
/// king 4), so a fixed array never overflows.
pub const MAX_MOVES: usize = 128;

/// A list of moves held on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square::A0, Square::A1); MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// How many moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// Where generated moves go: a list, or a count.
trait Sink {
    /// All of `targets` are legal destinations for the piece on `from`.
    fn all(&mut self, from: Square, targets: Bitboard);
    /// One legal move.
    fn one(&mut self, mv: Move);
}

impl Sink for MoveList {
    #[inline]
    fn all(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::new(from, to));
        }
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        self.push(mv);
    }
}

struct Counter(u64);

impl Sink for Counter {
    #[inline]
    fn all(&mut self, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveFilter {
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
        let ours = position.colors[us as usize];
        let theirs = position.colors[!us as usize];
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
        let kinds = &position.kinds;
        let seen = rook_attacks(king, occupied);

        // Rooks and the enemy king behind exactly one of our pieces.
        let sliders = theirs & (kinds[Kind::Rook as usize] | kinds[Kind::King as usize]);
        let behind = rook_attacks(king, occupied ^ (seen & ours)) & sliders;
        for slider in behind {
            self.pinned |= between(king, slider) & ours;
        }

        let cannons = theirs & kinds[Kind::Cannon as usize];
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

        let horses = theirs & kinds[Kind::Horse as usize];
        for horse in horse_checkers(king, Bitboard::EMPTY) & horses {
            self.pinned |= horse_leg(horse, king).bitboard() & ours;
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

/// The destinations of our piece of `kind` on `from`, before legality.
#[inline]
fn destinations(
    position: &Position,
    context: &Context,
    kind: Kind,
    from: Square,
    filter: MoveFilter,
) -> Bitboard {
    let occupied = context.occupied;
    let reach = match kind {
        Kind::Rook => rook_attacks(from, occupied),
        Kind::Cannon => {
            return match filter {
                MoveFilter::All => {
                    cannon_quiet(from, occupied) | (cannon_attacks(from, occupied) & context.theirs)
                }
                MoveFilter::Captures => cannon_attacks(from, occupied) & context.theirs,
                MoveFilter::Quiets => cannon_quiet(from, occupied),
            }
        }
        Kind::Horse => horse_attacks(from, occupied),
        Kind::Elephant => elephant_attacks(from, occupied),
        Kind::Advisor => advisor_attacks(from),
        Kind::King => king_attacks(from),
        Kind::Pawn => pawn_attacks(position.side, from),
    };
    match filter {
        MoveFilter::All => reach - context.ours,
        MoveFilter::Captures => reach & context.theirs,
        MoveFilter::Quiets => reach - occupied,
    }
}

const NON_KING: [Kind; 6] = [
    Kind::Rook,
    Kind::Cannon,
    Kind::Horse,
    Kind::Pawn,
    Kind::Advisor,
    Kind::Elephant,
];

fn generate<S: Sink>(position: &Position, filter: MoveFilter, sink: &mut S) {
    let context = Context::new(position);
    let us = context.us;
    let in_check = !context.checkers.is_empty();
    for kind in NON_KING {
        for from in position.pieces(us, kind) {
            let targets = destinations(position, &context, kind, from, filter) - context.screens;
            if in_check || context.pinned.contains(from) {
                for to in targets {
                    if context.safe(position, from, to) {
                        sink.one(Move::new(from, to));
                    }
                }
            } else {
                sink.all(from, targets);
            }
        }
    }
    let king = context.king;
    for to in destinations(position, &context, Kind::King, king, filter) {
        if context.safe(position, king, to) {
            sink.one(Move::new(king, to));
        }
    }
}

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        self.moves(MoveFilter::All)
    }

    /// The legal moves that `filter` selects.
    pub fn moves(&self, filter: MoveFilter) -> MoveList {
        let mut list = MoveList::new();
        generate(self, filter, &mut list);
        list
    }

    /// The number of legal moves, without listing them.
    pub fn count_moves(&self) -> u64 {
        let mut counter = Counter(0);
        generate(self, MoveFilter::All, &mut counter);
        counter.0
    }

    /// Legal moves when in check (the thesis's check evasions); empty when
    /// not in check.
    pub fn evasions(&self) -> MoveList {
        if self.in_check() {
            self.legal_moves()
        } else {
            MoveList::new()
        }
    }

    /// The enemy pieces giving check.
    pub fn checkers(&self) -> Bitboard {
        attackers_to(self, self.king(self.side), !self.side, self.occupied())
    }

    /// Whether the side to move is in check (including by the flying
    /// general: facing kings count as check).
    pub fn in_check(&self) -> bool {
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
