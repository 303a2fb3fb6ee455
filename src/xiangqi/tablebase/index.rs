//! The perfect index of an endgame's positions.
//!
//! Each side's king, advisors and elephants only ever stand in that side's
//! own half (the palace, the five advisor points, the seven elephant
//! points), so they are enumerated together as one *group placement*: a
//! king square plus a set of advisor points plus a set of elephant points,
//! none shared. `KAAEE` has 1,410 such placements, a lone king 9.
//!
//! A *pair* is a Red placement with a Black placement. Xiangqi's rules are
//! symmetric about the e-file, so a pair and its mirror image hold the same
//! values: only one of the two is stored (the one with the smaller
//! `(red, black)` placement numbers), and a position whose pair is not
//! canonical is mirrored before it is indexed. A pair that is its own
//! mirror (both kings on the e-file, defenders symmetric) is stored as is,
//! so there both a position and its mirror have entries.
//!
//! The remaining pieces (horses, rooks, cannons, pawns) are indexed per
//! kind and colour as a set of `k` identical pieces on the `d` squares
//! the piece can ever stand on (all 90 for horses, rooks and cannons; the
//! 55 a pawn can reach), by the combinatorial number system: the sorted
//! local squares `l0 < l1 < …` rank as `C(l0, 1) + C(l1, 2) + …`.
//!
//! ```text
//! index = pair × free_size + Σ rank(group i) × stride(i)
//! ```
//!
//! with one such table for each side to move. Entries where two pieces
//! share a square, or the side not to move is in check (facing kings
//! included), are *broken*: marked illegal and excluded from all counts.

use crate::xiangqi::{
    advisor_attacks, elephant_attacks, king_attacks, Bitboard, Color, Piece, PieceKind, Position,
    Square,
};

use super::check::waiting_side_in_check;

use super::Material;

/// The most entries (both sides to move) an endgame may have: the solver
/// keeps about 6 bytes per entry and indexes them with `u32`; if the
/// memory cannot be had, solving returns [`super::TbError::OutOfMemory`].
pub const MAX_ENTRIES: u64 = 1 << 30;

/// The largest set of identical pieces (five pawns).
const MAX_SET: usize = 5;

/// `C(n, k)` for `n ≤ 90`, `k ≤ 5`.
static BINOMIAL: [[u64; MAX_SET + 1]; 91] = {
    let mut table = [[0u64; MAX_SET + 1]; 91];
    let mut n = 0;
    while n <= 90 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_SET {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

#[inline]
fn binomial(n: usize, k: usize) -> u64 {
    BINOMIAL[n][k]
}

/// The square across the e-file (a0 ↔ i0).
#[inline]
pub(crate) fn mirror_square(square: Square) -> Square {
    Square::ALL[square.rank() * 9 + 8 - square.file()]
}

/// Where one kind of piece of one colour can ever stand, with each
/// square's position in that list.
#[derive(Clone, Debug)]
pub(crate) struct Domain {
    squares: Vec<Square>,
    /// `local[square]` = the square's position in `squares`, or `NOWHERE`.
    local: [u8; 90],
}

const NOWHERE: u8 = u8::MAX;

impl Domain {
    fn new(color: Color, kind: PieceKind) -> Domain {
        let red_point = |file: usize, rank: usize| -> bool {
            match kind {
                PieceKind::King => (3..=5).contains(&file) && rank <= 2,
                PieceKind::Advisor => {
                    matches!((file, rank), (3 | 5, 0) | (4, 1) | (3 | 5, 2))
                }
                PieceKind::Elephant => {
                    matches!((file, rank), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4))
                }
                PieceKind::Pawn => rank >= 5 || (rank >= 3 && file % 2 == 0),
                PieceKind::Horse | PieceKind::Rook | PieceKind::Cannon => true,
            }
        };
        let squares: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|square| {
                // Black's points are Red's seen from the other end.
                let rank = match color {
                    Color::Red => square.rank(),
                    Color::Black => 9 - square.rank(),
                };
                red_point(square.file(), rank)
            })
            .collect();
        let mut local = [NOWHERE; 90];
        for (i, square) in squares.iter().enumerate() {
            local[*square as usize] = i as u8;
        }
        Domain { squares, local }
    }

    /// The squares of the domain.
    pub(crate) fn squares(&self) -> Bitboard {
        self.squares.iter().copied().collect()
    }

    fn len(&self) -> usize {
        self.squares.len()
    }

    /// The combinatorial rank of `set` (every square in the domain), its
    /// squares mirrored first when `mirrored`.
    #[inline]
    pub(crate) fn rank(&self, set: Bitboard, mirrored: bool) -> Option<u64> {
        if !set.has_many() {
            // No piece ranks 0, a single one as its place in the domain.
            let Some(square) = set.first() else {
                return Some(0);
            };
            let square = if mirrored {
                mirror_square(square)
            } else {
                square
            };
            let local = self.local[square as usize];
            return (local != NOWHERE).then_some(u64::from(local));
        }
        let mut locals = [0u8; MAX_SET];
        let mut count = 0;
        for square in set {
            let square = if mirrored {
                mirror_square(square)
            } else {
                square
            };
            let local = self.local[square as usize];
            if local == NOWHERE || count == MAX_SET {
                return None;
            }
            locals[count] = local;
            count += 1;
        }
        // Squares come lowest first and the domain lists them in order, so
        // only mirrored sets need sorting.
        if mirrored {
            locals[..count].sort_unstable();
        }
        Some(
            locals[..count]
                .iter()
                .enumerate()
                .map(|(i, &local)| binomial(usize::from(local), i + 1))
                .sum(),
        )
    }

    /// The set of `count` squares with combinatorial rank `rank`.
    #[inline]
    fn unrank(&self, mut rank: u64, count: usize) -> Bitboard {
        if count == 1 {
            return self.squares[rank as usize].bitboard();
        }
        let mut set = Bitboard::EMPTY;
        let mut top = self.len();
        for k in (1..=count).rev() {
            let mut local = top - 1;
            while binomial(local, k) > rank {
                local -= 1;
            }
            rank -= binomial(local, k);
            set = set.with(self.squares[local]);
            top = local;
        }
        set
    }

    /// How many sets of `count` squares there are.
    fn sets(&self, count: usize) -> u64 {
        binomial(self.len(), count)
    }
}

/// One side's king, advisors and elephants.
#[derive(Clone, Copy, Debug)]
struct Placement {
    king: Square,
    advisors: Bitboard,
    elephants: Bitboard,
    /// The number of the mirror-image placement.
    mirror: u32,
}

/// Every placement of one side's king, advisors and elephants.
#[derive(Clone, Debug)]
struct Placements {
    list: Vec<Placement>,
    palace: Domain,
    advisor_points: Domain,
    elephant_points: Domain,
    advisors: usize,
    elephants: usize,
    /// Placement number by dense key (king, advisor set, elephant set), or
    /// `u32::MAX` where pieces would share a square.
    by_key: Vec<u32>,
    /// Every placement's steps back, placement after placement: see
    /// [`GroupStep`]; `steps_from[n]..steps_from[n + 1]` are placement
    /// `n`'s.
    steps: Vec<GroupStep>,
    steps_from: Vec<u32>,
}

/// One way a placement's king, advisor or elephant can have arrived where
/// it stands: from `from`, over `eye` for an elephant, which must both be
/// empty on the board (`blockers`). The placement before the move is
/// number `before`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GroupStep {
    pub kind: PieceKind,
    pub from: Square,
    pub to: Square,
    pub blockers: Bitboard,
    pub before: u32,
}

impl Placements {
    fn new(material: &Material, color: Color) -> Placements {
        let palace = Domain::new(color, PieceKind::King);
        let advisor_points = Domain::new(color, PieceKind::Advisor);
        let elephant_points = Domain::new(color, PieceKind::Elephant);
        let advisors = material.count(color, PieceKind::Advisor) as usize;
        let elephants = material.count(color, PieceKind::Elephant) as usize;
        let mut placements = Placements {
            list: Vec::new(),
            by_key: Vec::new(),
            palace,
            advisor_points,
            elephant_points,
            advisors,
            elephants,
            steps: Vec::new(),
            steps_from: Vec::new(),
        };
        for king in placements.palace.squares.clone() {
            for advisor_rank in 0..placements.advisor_points.sets(advisors) {
                let advisor_set = placements.advisor_points.unrank(advisor_rank, advisors);
                for elephant_rank in 0..placements.elephant_points.sets(elephants) {
                    let elephant_set = placements.elephant_points.unrank(elephant_rank, elephants);
                    let clash = advisor_set.contains(king) || elephant_set.contains(king);
                    if clash {
                        placements.by_key.push(u32::MAX);
                    } else {
                        placements.by_key.push(placements.list.len() as u32);
                        placements.list.push(Placement {
                            king,
                            advisors: advisor_set,
                            elephants: elephant_set,
                            mirror: 0,
                        });
                    }
                }
            }
        }
        for i in 0..placements.list.len() {
            let placement = placements.list[i];
            let mirrored = |set: Bitboard| set.into_iter().map(mirror_square).collect();
            placements.list[i].mirror = placements
                .number(
                    mirror_square(placement.king),
                    mirrored(placement.advisors),
                    mirrored(placement.elephants),
                )
                .expect("mirror images of placements are placements");
        }
        for number in 0..placements.list.len() {
            placements.steps_from.push(placements.steps.len() as u32);
            let steps = placements.steps_back(&placements.list[number]);
            placements.steps.extend(steps);
        }
        placements.steps_from.push(placements.steps.len() as u32);
        placements
    }

    /// The king, advisor and elephant moves that end in `placement`, as
    /// far as the group itself can tell (the rest of the board decides
    /// whether the origin and the eye are free).
    fn steps_back(&self, placement: &Placement) -> Vec<GroupStep> {
        let own = placement.king.bitboard() | placement.advisors | placement.elephants;
        let mut steps = Vec::new();
        let mut add = |kind: PieceKind, to: Square, from: Square, eye: Bitboard| {
            let moved = |set: Bitboard, of: PieceKind| {
                if of == kind {
                    set ^ from.bitboard() ^ to.bitboard()
                } else {
                    set
                }
            };
            let king = if kind == PieceKind::King {
                from
            } else {
                placement.king
            };
            let before = self
                .number(
                    king,
                    moved(placement.advisors, PieceKind::Advisor),
                    moved(placement.elephants, PieceKind::Elephant),
                )
                .expect("a step inside the group's points keeps a placement");
            steps.push(GroupStep {
                kind,
                from,
                to,
                blockers: from.bitboard() | eye,
                before,
            });
        };
        for from in king_attacks(placement.king) - own {
            add(PieceKind::King, placement.king, from, Bitboard::EMPTY);
        }
        for to in placement.advisors {
            for from in advisor_attacks(to) - own {
                add(PieceKind::Advisor, to, from, Bitboard::EMPTY);
            }
        }
        for to in placement.elephants {
            for from in elephant_attacks(to, Bitboard::EMPTY) - own {
                let eye = Square::ALL[(to as usize + from as usize) / 2];
                add(PieceKind::Elephant, to, from, eye.bitboard());
            }
        }
        steps
    }

    /// Placement `number`'s steps back.
    #[inline]
    fn steps(&self, number: u32) -> &[GroupStep] {
        let number = number as usize;
        &self.steps[self.steps_from[number] as usize..self.steps_from[number + 1] as usize]
    }

    /// The placement number of a king, advisor set and elephant set.
    #[inline]
    fn number(&self, king: Square, advisors: Bitboard, elephants: Bitboard) -> Option<u32> {
        let king = self.palace.local[king as usize];
        if king == NOWHERE {
            return None;
        }
        let advisor_rank = self.advisor_points.rank(advisors, false)?;
        let elephant_rank = self.elephant_points.rank(elephants, false)?;
        let advisor_sets = self.advisor_points.sets(self.advisors);
        let elephant_sets = self.elephant_points.sets(self.elephants);
        let key = (u64::from(king) * advisor_sets + advisor_rank) * elephant_sets + elephant_rank;
        match self.by_key[key as usize] {
            u32::MAX => None,
            number => Some(number),
        }
    }
}

/// `count` identical pieces indexed as a set.
#[derive(Clone, Debug)]
pub(crate) struct PieceSet {
    pub piece: Piece,
    count: usize,
    pub domain: Domain,
    sets: u64,
    pub stride: u64,
}

/// A pair number with this bit set is stored as its mirror image.
const MIRRORED: u32 = 1 << 31;

/// Where a position's entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slot {
    /// The entry in the table of the side to move.
    pub index: u32,
    /// Whether the stored position is this one's mirror image.
    pub mirrored: bool,
}

/// Why a position has no entry in an endgame's index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffDomain {
    /// The piece.
    pub piece: Piece,
    /// The square it stands on, where it can never be in a game.
    pub square: Square,
}

/// The index of one endgame: see the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Layout {
    material: Material,
    placements: [Placements; 2],
    /// `(red, black)` placement numbers of each stored pair.
    pairs: Vec<(u32, u32)>,
    /// Pair number (with `MIRRORED`) by `red × black placements + black`.
    pair_of: Vec<u32>,
    sets: Vec<PieceSet>,
    free_size: u64,
    per_side: u64,
}

/// Why an endgame cannot be indexed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The endgame.
    pub material: Material,
    /// How many entries it would need.
    pub entries: u64,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.entries == u64::MAX {
            write!(
                f,
                "{} needs more index entries than fit in 64 bits; at most {MAX_ENTRIES} are supported",
                self.material
            )
        } else {
            write!(
                f,
                "{} needs {} index entries; at most {MAX_ENTRIES} are supported",
                self.material, self.entries
            )
        }
    }
}

impl std::error::Error for TooLarge {}

const SET_KINDS: [PieceKind; 4] = [
    PieceKind::Horse,
    PieceKind::Rook,
    PieceKind::Cannon,
    PieceKind::Pawn,
];

impl Layout {
    /// The index of `material`'s endgame.
    pub fn new(material: Material) -> Result<Layout, TooLarge> {
        let mut sets = Vec::new();
        let mut free_size = 1u64;
        for color in Color::ALL {
            for kind in SET_KINDS {
                let count = material.count(color, kind) as usize;
                if count > 0 {
                    let domain = Domain::new(color, kind);
                    let size = domain.sets(count);
                    free_size = free_size.saturating_mul(size);
                    sets.push(PieceSet {
                        piece: Piece { color, kind },
                        count,
                        domain,
                        sets: size,
                        stride: 0,
                    });
                }
            }
        }
        // Saturating: an endgame this large is refused just below.
        let mut stride = 1u64;
        for set in sets.iter_mut().rev() {
            set.stride = stride;
            stride = stride.saturating_mul(set.sets);
        }
        let placements = [
            Placements::new(&material, Color::Red),
            Placements::new(&material, Color::Black),
        ];
        let (reds, blacks) = (placements[0].list.len(), placements[1].list.len());
        // Half the pairs survive the mirror fold, so this bounds the size
        // before the pair table is built.
        let estimate = (reds as u64 * blacks as u64).saturating_mul(free_size);
        if estimate > MAX_ENTRIES * 2 {
            return Err(TooLarge {
                material,
                entries: estimate,
            });
        }
        let mut pairs = Vec::new();
        let mut pair_of = vec![u32::MAX; reds * blacks];
        for red in 0..reds {
            for black in 0..blacks {
                let mirror = (
                    placements[0].list[red].mirror as usize,
                    placements[1].list[black].mirror as usize,
                );
                if (red, black) <= mirror {
                    pair_of[red * blacks + black] = pairs.len() as u32;
                    pairs.push((red as u32, black as u32));
                }
            }
        }
        for red in 0..reds {
            for black in 0..blacks {
                if pair_of[red * blacks + black] == u32::MAX {
                    let mirror = placements[0].list[red].mirror as usize * blacks
                        + placements[1].list[black].mirror as usize;
                    pair_of[red * blacks + black] = pair_of[mirror] | MIRRORED;
                }
            }
        }
        let per_side = pairs.len() as u64 * free_size;
        if per_side * 2 > MAX_ENTRIES {
            return Err(TooLarge {
                material,
                entries: per_side * 2,
            });
        }
        Ok(Layout {
            material,
            placements,
            pairs,
            pair_of,
            sets,
            free_size,
            per_side,
        })
    }

    /// The endgame.
    pub fn material(&self) -> Material {
        self.material
    }

    /// Entries per side to move.
    pub fn per_side(&self) -> u64 {
        self.per_side
    }

    /// Stored placement pairs.
    pub fn pairs(&self) -> u64 {
        self.pairs.len() as u64
    }

    /// Entries per pair: the product of the piece sets' sizes.
    pub fn free_size(&self) -> u64 {
        self.free_size
    }

    /// How many whole-board positions entry `index` stands for: 2 when
    /// its mirror image folds onto it, 1 when that is stored separately
    /// (or is the same position).
    #[inline]
    pub fn weight(&self, index: u32) -> u64 {
        let (red, black) = self.pairs[(u64::from(index) / self.free_size) as usize];
        let self_mirror = self.placements[0].list[red as usize].mirror == red
            && self.placements[1].list[black as usize].mirror == black;
        if self_mirror {
            1
        } else {
            2
        }
    }

    /// The position of entry `index` with `side` to move, or `None` for a
    /// broken entry (pieces sharing a square, the side not to move in
    /// check).
    pub fn position(&self, side: Color, index: u32) -> Option<Position> {
        Decoder::new(self).position(side, index).cloned()
    }

    /// The kings, advisors and elephants of pair `pair`.
    fn base(&self, pair: u64) -> Position {
        let (red, black) = self.pairs[pair as usize];
        let mut position = Position::empty();
        for (color, number) in [(Color::Red, red), (Color::Black, black)] {
            let placement = &self.placements[color as usize].list[number as usize];
            let king = Piece {
                color,
                kind: PieceKind::King,
            };
            position.put(placement.king, king);
            for (kind, squares) in [
                (PieceKind::Advisor, placement.advisors),
                (PieceKind::Elephant, placement.elephants),
            ] {
                for square in squares {
                    position.put(square, Piece { color, kind });
                }
            }
        }
        position
    }

    /// Where `position` (of this endgame's material) is stored, or which
    /// piece stands where it never could.
    #[inline]
    pub(crate) fn slot(&self, position: &Position) -> Result<Slot, OffDomain> {
        let mut numbers = [0u32; 2];
        for color in Color::ALL {
            let placements = &self.placements[color as usize];
            let king = position.king(color);
            let advisors = position.pieces(color, PieceKind::Advisor);
            let elephants = position.pieces(color, PieceKind::Elephant);
            numbers[color as usize] =
                placements
                    .number(king, advisors, elephants)
                    .ok_or_else(|| {
                        first_off_domain(
                            color,
                            [
                                (PieceKind::King, king.bitboard(), &placements.palace),
                                (PieceKind::Advisor, advisors, &placements.advisor_points),
                                (PieceKind::Elephant, elephants, &placements.elephant_points),
                            ],
                        )
                    })?;
        }
        let blacks = self.placements[1].list.len();
        let pair = self.pair_of[numbers[0] as usize * blacks + numbers[1] as usize];
        let mirrored = pair & MIRRORED != 0;
        let mut index = u64::from(pair & !MIRRORED) * self.free_size;
        for set in &self.sets {
            let squares = position.pieces(set.piece.color, set.piece.kind);
            let rank = set.domain.rank(squares, mirrored).ok_or_else(|| {
                first_off_domain(set.piece.color, [(set.piece.kind, squares, &set.domain)])
            })?;
            index += rank * set.stride;
        }
        Ok(Slot {
            index: index as u32,
            mirrored,
        })
    }

    /// The piece sets, in index order.
    pub(crate) fn sets(&self) -> &[PieceSet] {
        &self.sets
    }

    /// The Red and Black placement numbers of entry `index`'s pair and
    /// the piece sets' part of the index.
    #[inline]
    pub(crate) fn parts(&self, index: u32) -> (u32, u32, u64) {
        let index = u64::from(index);
        let (red, black) = self.pairs[(index / self.free_size) as usize];
        (red, black, index % self.free_size)
    }

    /// The steps back into `color`'s placement `number` (see [`GroupStep`]).
    #[inline]
    pub(crate) fn group_steps(&self, color: Color, number: u32) -> &[GroupStep] {
        self.placements[color as usize].steps(number)
    }

    /// The number of the mirror image of `color`'s placement `number`.
    #[inline]
    pub(crate) fn mirror_placement(&self, color: Color, number: u32) -> u32 {
        self.placements[color as usize].list[number as usize].mirror
    }

    /// The first index entry of the pair of placements `red` and `black`,
    /// if that pair is stored as it is (not as its mirror image).
    #[inline]
    pub(crate) fn stored_pair_base(&self, red: u32, black: u32) -> Option<u64> {
        let blacks = self.placements[1].list.len();
        let pair = self.pair_of[red as usize * blacks + black as usize];
        (pair & MIRRORED == 0).then(|| u64::from(pair) * self.free_size)
    }

    /// The piece sets' part of the index of `position`'s mirror image.
    pub(crate) fn mirrored_rest(&self, position: &Position) -> u64 {
        self.sets
            .iter()
            .map(|set| {
                let squares = position.pieces(set.piece.color, set.piece.kind);
                set.domain.rank(squares, true).unwrap_or(0) * set.stride
            })
            .sum()
    }

    /// Where piece sets of each kind may stand (for un-moves of pawns).
    pub(crate) fn domain_of(&self, piece: Piece) -> Option<&Domain> {
        self.sets
            .iter()
            .find(|set| set.piece == piece)
            .map(|set| &set.domain)
    }
}

/// The first piece of `groups` standing outside its domain.
fn first_off_domain<const N: usize>(
    color: Color,
    groups: [(PieceKind, Bitboard, &Domain); N],
) -> OffDomain {
    for (kind, squares, domain) in groups {
        for square in squares {
            if domain.local[square as usize] == NOWHERE {
                return OffDomain {
                    piece: Piece { color, kind },
                    square,
                };
            }
        }
    }
    unreachable!("a placement or set that fails to rank has a piece off its domain")
}

/// Builds the positions of entries on one board that it keeps: the
/// kings, advisors and elephants stay while consecutive entries share a
/// pair (they mostly do), and only the other pieces are lifted and put
/// back.
pub(crate) struct Decoder<'a> {
    layout: &'a Layout,
    pair: u64,
    board: Position,
    /// Squares of the pieces put on top of the pair's.
    extra: Bitboard,
}

impl<'a> Decoder<'a> {
    /// A decoder for `layout`'s entries.
    pub(crate) fn new(layout: &'a Layout) -> Decoder<'a> {
        Decoder {
            layout,
            pair: 0,
            board: layout.base(0),
            extra: Bitboard::EMPTY,
        }
    }

    /// The pieces of entry `index` with `side` to move, or `None` when
    /// two share a square; whether the side not to move is in check is
    /// not looked at (for entries already known to be legal).
    #[inline]
    pub(crate) fn placed(&mut self, side: Color, index: u32) -> Option<&Position> {
        let layout = self.layout;
        let index = u64::from(index);
        let pair = index / layout.free_size;
        if pair != self.pair {
            self.pair = pair;
            self.board = layout.base(pair);
        } else {
            for square in self.extra {
                self.board.remove(square);
            }
        }
        self.extra = Bitboard::EMPTY;
        let rest = index % layout.free_size;
        let mut occupied = self.board.occupied();
        for set in &layout.sets {
            let squares = set.domain.unrank(rest / set.stride % set.sets, set.count);
            if !(squares & occupied).is_empty() {
                return None;
            }
            occupied |= squares;
            for square in squares {
                self.board.put(square, set.piece);
            }
            self.extra |= squares;
        }
        self.board.set_side(side);
        Some(&self.board)
    }

    /// The position of entry `index`, or `None` for a broken entry.
    #[inline]
    pub(crate) fn position(&mut self, side: Color, index: u32) -> Option<&Position> {
        let position = self.placed(side, index)?;
        (!waiting_side_in_check(position)).then_some(position)
    }
}

#[cfg(test)]
/// The position seen in the mirror across the e-file.
pub(crate) fn mirror_position(position: &Position) -> Position {
    let mut mirrored = Position::empty();
    for square in position.occupied() {
        if let Some(piece) = position.piece_at(square) {
            mirrored.put(mirror_square(square), piece);
        }
    }
    mirrored.set_side(position.side_to_move());
    mirrored
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domains_have_the_expected_sizes() {
        for color in Color::ALL {
            let size = |kind| Domain::new(color, kind).len();
            assert_eq!(size(PieceKind::King), 9);
            assert_eq!(size(PieceKind::Advisor), 5);
            assert_eq!(size(PieceKind::Elephant), 7);
            assert_eq!(size(PieceKind::Pawn), 55);
            assert_eq!(size(PieceKind::Rook), 90);
        }
    }

    #[test]
    fn set_ranks_are_a_bijection() {
        let domain = Domain::new(Color::Black, PieceKind::Pawn);
        for count in 1..=3 {
            for rank in 0..domain.sets(count) {
                let set = domain.unrank(rank, count);
                assert_eq!(set.count() as usize, count);
                assert_eq!(domain.rank(set, false), Some(rank));
            }
        }
    }

    #[test]
    fn full_defence_has_1410_placements() {
        let material: Material = "KKAAEE".parse().unwrap();
        let placements = Placements::new(&material, Color::Black);
        assert_eq!(placements.list.len(), 1410);
        for (number, placement) in placements.list.iter().enumerate() {
            let mirror = &placements.list[placement.mirror as usize];
            assert_eq!(mirror.mirror as usize, number);
            assert_eq!(mirror_square(mirror.king), placement.king);
        }
    }

    #[test]
    fn every_legal_entry_slots_back_to_itself() {
        for name in ["KRKNA", "KPPKA", "KNNKE"] {
            slots_round_trip(name);
        }
    }

    fn slots_round_trip(name: &str) {
        let layout = Layout::new(name.parse().unwrap()).unwrap();
        for side in Color::ALL {
            for index in (0..layout.per_side() as u32).step_by(37) {
                if let Some(position) = layout.position(side, index) {
                    let slot = layout.slot(&position).unwrap();
                    assert_eq!(
                        slot,
                        Slot {
                            index,
                            mirrored: false
                        }
                    );
                    let mirror = layout.slot(&mirror_position(&position)).unwrap();
                    if layout.weight(index) == 2 {
                        assert_eq!(
                            mirror,
                            Slot {
                                index,
                                mirrored: true
                            }
                        );
                    } else {
                        assert!(!mirror.mirrored);
                    }
                }
            }
        }
    }
}
