//! The index of one endgame: placement pairs folded by the mirror, then
//! piece sets; from a position to its entry and back.

use super::combinatorial;
use super::decoder::Decoder;
use super::domain::{Domain, NOWHERE};
use super::placement::{GroupStep, Placements};
use super::MAX_ENTRIES;
use crate::Material;
use qiboard::xiangqi::{
    reachable, Bitboard, Color, Move, Piece, PieceKind, Position, Setup, Square,
};

/// `count` identical pieces indexed as a set.
#[derive(Clone, Debug)]
pub(crate) struct PieceSet {
    pub piece: Piece,
    pub(super) count: usize,
    pub domain: Domain,
    pub(super) sets: u64,
    pub stride: u64,
}

/// A pair number with this bit set is stored as its mirror image.
const MIRRORED: u32 = 1 << 31;

/// Where a position's entry is: its index in the table of the side to
/// move, and whether what is stored there is the position's mirror image
/// across the e-file (the index keeps one of each mirror pair).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The entry in the table of the side to move.
    pub index: u64,
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

/// The perfect index of one endgame's positions.
///
/// Each side's king, advisors and elephants only ever stand in that side's
/// own half (the palace, the five advisor points, the seven elephant
/// points), so they are enumerated together as one *group placement*: a
/// king square plus a set of advisor points plus a set of elephant points,
/// none shared. `KAAEE` has 1,410 such placements, a lone king 9.
///
/// A *pair* is a Red placement with a Black placement. Xiangqi's rules are
/// symmetric about the e-file, so a pair and its mirror image hold the same
/// values: only one of the two is stored (the one with the smaller
/// `(red, black)` placement numbers), and a position whose pair is not
/// canonical is mirrored before it is indexed. A pair that is its own
/// mirror (both kings on the e-file, defenders symmetric) is stored as is,
/// so there both a position and its mirror have entries.
///
/// The remaining pieces (horses, rooks, cannons, pawns) are indexed per
/// kind and colour as a set of `k` identical pieces on the `d` squares
/// the piece can ever stand on (all 90 for horses, rooks and cannons; the
/// 55 a pawn can reach), by the combinatorial number system: the sorted
/// local squares `l0 < l1 < …` rank as `C(l0, 1) + C(l1, 2) + …`.
///
/// ```text
/// index = pair × free_size + Σ rank(group i) × stride(i)
/// ```
///
/// with one such table for each side to move. Entries where two pieces
/// share a square, or the side not to move is in check (facing kings
/// included), are *broken*: marked illegal and excluded from all counts.
#[derive(Clone, Debug)]
pub struct Layout {
    material: Material,
    placements: [Placements; 2],
    /// `(red, black)` placement numbers of each stored pair.
    pairs: Vec<(u32, u32)>,
    /// Pair number (with `MIRRORED`) by `red × black placements + black`.
    pair_of: Vec<u32>,
    pub(super) sets: Vec<PieceSet>,
    /// The set of each piece (by [`piece_number`]), or [`NO_SET`] for a
    /// king, advisor or elephant and a piece the endgame lacks: a move's
    /// set found by one lookup.
    set_of: [u8; 14],
    pub(super) free_size: u64,
    per_side: u64,
    /// Where each side's pawns may stand, empty without pawns.
    pawn_squares: [Bitboard; 2],
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
        let material = self.material;
        let pieces = material.piece_count();
        if self.entries == u64::MAX {
            // Counting overflowed: say so, not that it needs 2^64 - 1.
            write!(
                f,
                "{material}: {pieces} pieces are too many for any table (its index would need over 2^64 entries; at most {MAX_ENTRIES} are supported)"
            )
        } else {
            write!(
                f,
                "{material}: too large for a table (its index would need {} entries; at most {MAX_ENTRIES} are supported)",
                self.entries
            )
        }
    }
}

impl std::error::Error for TooLarge {}

/// In [`Layout`]'s `set_of`: the piece is in no set.
const NO_SET: u8 = u8::MAX;

/// A number for each of the fourteen pieces, below 14.
#[inline]
fn piece_number(piece: Piece) -> usize {
    piece.color as usize * 7 + piece.kind as usize
}

const SET_KINDS: [PieceKind; 4] = [
    PieceKind::Horse,
    PieceKind::Rook,
    PieceKind::Cannon,
    PieceKind::Pawn,
];

/// Placements of a king with 0–2 advisors and 0–2 elephants, and how many
/// are their own mirror image, by `[advisors][elephants]`: the same for
/// both colours (the board turned round), counted once, when first asked.
fn placement_counts() -> &'static [[(u64, u64); 3]; 3] {
    static COUNTS: std::sync::OnceLock<[[(u64, u64); 3]; 3]> = std::sync::OnceLock::new();
    COUNTS.get_or_init(|| {
        let mut counts = [[(0, 0); 3]; 3];
        for (advisors, row) in counts.iter_mut().enumerate() {
            for (elephants, count) in row.iter_mut().enumerate() {
                let name = format!("K{}{}K", "A".repeat(advisors), "E".repeat(elephants));
                let material: Material = name.parse().expect("a valid signature");
                *count = Placements::count(&material, Color::Red);
            }
        }
        counts
    })
}

/// Each side's palace placements in `material` and the pairs of them an
/// index stores (one of each pair of mirror images, plus those that are
/// their own), counted without listing them.
fn placement_pairs(material: Material) -> (u64, u64, u64) {
    let [(reds, red_own), (blacks, black_own)] = Color::ALL.map(|color| {
        let advisors = material.count(color, PieceKind::Advisor) as usize;
        let elephants = material.count(color, PieceKind::Elephant) as usize;
        placement_counts()[advisors.min(2)][elephants.min(2)]
    });
    (reds, blacks, (reds * blacks + red_own * black_own) / 2)
}

impl Layout {
    /// The entries (both sides to move) `material`'s index has, counted
    /// without building it: placement pairs folded by the mirror (one of
    /// each pair of mirror images, plus those that are their own) times
    /// the piece sets' sizes. Saturates at `u64::MAX`; whether an index
    /// that large can be built is [`Layout::new`]'s question.
    ///
    /// ```
    /// use qiboard_tablebase::Layout;
    ///
    /// let krnkr = "KRNKR".parse().unwrap();
    /// assert_eq!(Layout::entries(krnkr), 2 * Layout::new(krnkr).unwrap().per_side());
    /// ```
    pub fn entries(material: Material) -> u64 {
        let (_, _, pairs) = placement_pairs(material);
        let free_size = Color::ALL
            .into_iter()
            .flat_map(|color| SET_KINDS.map(move |kind| (color, kind)))
            .filter_map(|(color, kind)| {
                let count = material.count(color, kind) as usize;
                let domain = reachable(Piece { color, kind }).count() as usize;
                (count > 0).then(|| combinatorial::binomial(domain, count))
            })
            .fold(1u64, u64::saturating_mul);
        pairs.saturating_mul(free_size).saturating_mul(2)
    }

    /// Bytes the index of `material`'s endgame holds in memory, counted
    /// without building it: its pair tables ([`Layout::heap_bytes`] of
    /// the built index, which this bounds), its palace placements with
    /// their steps back, and its piece sets with their squares' ranks.
    /// What a memory plan counts for each table it loads.
    ///
    /// ```
    /// use qiboard_tablebase::Layout;
    ///
    /// let krnkr = "KRNKR".parse().unwrap();
    /// assert!(Layout::memory(krnkr) >= Layout::new(krnkr).unwrap().heap_bytes());
    /// ```
    pub fn memory(material: Material) -> u64 {
        let (reds, blacks, pairs) = placement_pairs(material);
        let pair_tables = pairs
            .saturating_mul(size_of::<(u32, u32)>() as u64)
            .saturating_add((reds * blacks).saturating_mul(size_of::<u32>() as u64));
        let placements = Placements::memory_bound(&material, Color::Red, reds)
            + Placements::memory_bound(&material, Color::Black, blacks);
        let sets = Color::ALL
            .into_iter()
            .flat_map(|color| SET_KINDS.map(move |kind| material.count(color, kind)))
            .filter(|&count| count > 0)
            .count();
        let sets = (sets * size_of::<PieceSet>()) as u64;
        pair_tables.saturating_add(placements).saturating_add(sets)
    }

    /// Bytes this index holds on the heap (its tables' capacities).
    pub fn heap_bytes(&self) -> u64 {
        let pair_tables = self.pairs.capacity() * size_of::<(u32, u32)>()
            + self.pair_of.capacity() * size_of::<u32>()
            + self.sets.capacity() * size_of::<PieceSet>();
        let placements: usize = self.placements.iter().map(Placements::heap_bytes).sum();
        (pair_tables + placements) as u64
    }

    /// The index of `material`'s endgame.
    ///
    /// # Errors
    ///
    /// [`TooLarge`] when the index would need more than [`MAX_ENTRIES`]
    /// entries.
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
        // Reserved to the pair count, so the index holds what
        // `Layout::memory` counts and no doubling's spare room.
        let own = [0, 1].map(|side| {
            placements[side]
                .list
                .iter()
                .enumerate()
                .filter(|(number, placement)| placement.mirror as usize == *number)
                .count()
        });
        let mut pairs = Vec::with_capacity((reds * blacks + own[0] * own[1]) / 2);
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
        let mut set_of = [NO_SET; 14];
        for (number, set) in sets.iter().enumerate() {
            set_of[piece_number(set.piece)] = number as u8;
        }
        let pawn_squares = Color::ALL.map(|color| {
            sets.iter()
                .find(|set| set.piece.color == color && set.piece.kind == PieceKind::Pawn)
                .map_or(Bitboard::EMPTY, |set| set.domain.squares())
        });
        Ok(Layout {
            material,
            placements,
            pairs,
            pair_of,
            sets,
            set_of,
            free_size,
            per_side,
            pawn_squares,
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

    /// How many whole-board positions entry `index` stands for: 2 when
    /// its mirror image folds onto it, 1 when that is stored separately
    /// (or is the same position).
    #[inline]
    pub fn weight(&self, index: u64) -> u64 {
        let (red, black) = self.pairs[(index / self.free_size) as usize];
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
    pub fn position(&self, side: Color, index: u64) -> Option<Position> {
        Decoder::new(self).position(side, index).cloned()
    }

    /// The kings, advisors and elephants of pair `pair`.
    pub(super) fn base(&self, pair: u64) -> Position {
        let (red, black) = self.pairs[pair as usize];
        let mut position = Setup::empty();
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
        // The kings and their companions only: the decoder adds the other
        // pieces in place before anyone asks the position anything.
        Position::from_setup_unchecked(position)
    }

    /// Where `position` (of this endgame's material, in its stored
    /// orientation) is stored.
    ///
    /// # Errors
    ///
    /// Which piece stands where it never could ([`OffDomain`]).
    #[inline]
    pub fn slot(&self, position: &Position) -> Result<Slot, OffDomain> {
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
            let number = set.domain.number(squares, mirrored).ok_or_else(|| {
                first_off_domain(set.piece.color, [(set.piece.kind, squares, &set.domain)])
            })?;
            index += number * set.stride;
        }
        Ok(Slot { index, mirrored })
    }

    /// Where `position` stands after the non-capture `mv`, given where it
    /// stands now, when a piece of one of the piece sets moves: only that
    /// set's part of the index changes (the pair of placements, and with
    /// it the orientation, stays), so nothing is played or counted again.
    /// `None` for a king, advisor or elephant move, whose position after
    /// the caller indexes in full (or with [`Layout::slot_after_move`]).
    #[inline]
    pub fn slot_after(&self, position: &Position, slot: Slot, mv: Move) -> Option<Slot> {
        let piece = position.piece_at(mv.from())?;
        let set = self
            .sets
            .get(usize::from(self.set_of[piece_number(piece)]))?;
        set_moved(set, position.pieces(piece.color, piece.kind), slot, mv)
    }

    /// Where `position` stands after the non-capture `mv` of any piece,
    /// given where it stands now ([`Layout::slot`] of the position after
    /// the move, without playing it).
    ///
    /// A piece set's move changes only that set's part of the index (as
    /// [`Layout::slot_after`]). A king's, advisor's or elephant's changes
    /// its side's placement: the new placement is numbered from the
    /// side's three bitboards, the other side's is read off the entry's
    /// pair, and the new pair's first entry is added to the piece sets'
    /// part, which stays unless the new pair is stored in the other
    /// orientation (then it is counted again, mirrored).
    ///
    /// `None` when no piece stands on the move's origin, or the position
    /// after the move has no entry (a piece off its domain).
    ///
    /// ```
    /// use qiboard::xiangqi::Position;
    /// use qiboard_tablebase::Layout;
    ///
    /// let layout = Layout::new("KRKN".parse().unwrap()).unwrap();
    /// let position = Position::from_fen("4k4/9/9/9/9/9/9/9/4n4/R2K5 w").unwrap();
    /// let slot = layout.slot(&position).unwrap();
    /// for &mv in position.legal_moves().iter() {
    ///     if position.piece_at(mv.to()).is_none() {
    ///         let after = layout.slot(&position.play(mv)).ok();
    ///         assert_eq!(layout.slot_after_move(&position, slot, mv), after);
    ///     }
    /// }
    /// ```
    #[inline]
    pub fn slot_after_move(&self, position: &Position, slot: Slot, mv: Move) -> Option<Slot> {
        let piece = position.piece_at(mv.from())?;
        if let Some(set) = self.sets.get(usize::from(self.set_of[piece_number(piece)])) {
            return set_moved(set, position.pieces(piece.color, piece.kind), slot, mv);
        }
        let color = piece.color;
        let path = mv.from().bitboard() | mv.to().bitboard();
        let mut king = position.king(color);
        let mut advisors = position.pieces(color, PieceKind::Advisor);
        let mut elephants = position.pieces(color, PieceKind::Elephant);
        match piece.kind {
            PieceKind::King => king = mv.to(),
            PieceKind::Advisor => advisors ^= path,
            PieceKind::Elephant => elephants ^= path,
            _ => return None,
        }
        let moved = self.placements[color as usize].number(king, advisors, elephants)?;
        let (pair, rest) = (slot.index / self.free_size, slot.index % self.free_size);
        let &(red, black) = self.pairs.get(pair as usize)?;
        let other = if color == Color::Red { black } else { red };
        // The stored pair is the mirror image of this position's when the
        // slot is mirrored.
        let other = if slot.mirrored {
            self.mirror_placement(!color, other)
        } else {
            other
        };
        let (red, black) = match color {
            Color::Red => (moved, other),
            Color::Black => (other, moved),
        };
        let blacks = self.placements[1].list.len();
        let pair = self.pair_of[red as usize * blacks + black as usize];
        let mirrored = pair & MIRRORED != 0;
        let rest = if mirrored == slot.mirrored {
            rest
        } else {
            self.rest(position, mirrored)?
        };
        Some(Slot {
            index: u64::from(pair & !MIRRORED) * self.free_size + rest,
            mirrored,
        })
    }

    /// The piece sets' part of the index of `position`, of its mirror
    /// image when `mirrored`; `None` when a piece is off its domain.
    #[inline]
    fn rest(&self, position: &Position, mirrored: bool) -> Option<u64> {
        self.sets.iter().try_fold(0, |rest, set| {
            let squares = position.pieces(set.piece.color, set.piece.kind);
            Some(rest + set.domain.number(squares, mirrored)? * set.stride)
        })
    }

    /// The piece sets, in index order.
    pub(crate) fn sets(&self) -> &[PieceSet] {
        &self.sets
    }

    /// The Red and Black placement numbers of entry `index`'s pair and
    /// the piece sets' part of the index.
    #[inline]
    pub(crate) fn parts(&self, index: u64) -> (u32, u32, u64) {
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
        self.rest(position, true).unwrap_or(0)
    }

    /// Where each side's pawns may stand (for un-moves of pawns): empty
    /// for a side without pawns.
    pub(crate) fn pawn_squares(&self) -> &[Bitboard; 2] {
        &self.pawn_squares
    }
}

/// The slot after `mv` of a piece of `set`, whose squares are `before`,
/// given the slot before: one set's number changes. A single piece's
/// number is its square's place in the domain; a larger set is ranked
/// again (its squares' order may change).
#[inline]
fn set_moved(set: &PieceSet, before: Bitboard, slot: Slot, mv: Move) -> Option<Slot> {
    let (old, new) = if set.count == 1 {
        let old = set.domain.local(mv.from(), slot.mirrored);
        let new = set.domain.local(mv.to(), slot.mirrored);
        if old == NOWHERE || new == NOWHERE {
            return None;
        }
        (u64::from(old), u64::from(new))
    } else {
        let after = before ^ mv.from().bitboard() ^ mv.to().bitboard();
        (
            set.domain.number(before, slot.mirrored)?,
            set.domain.number(after, slot.mirrored)?,
        )
    };
    Some(Slot {
        index: slot.index - old * set.stride + new * set.stride,
        mirrored: slot.mirrored,
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use qiboard::xiangqi::{reach, Setup};

    /// The position seen in the mirror across the e-file.
    fn mirror_position(position: &Position) -> Position {
        let mut mirrored = Setup::empty();
        for square in position.occupied() {
            if let Some(piece) = position.piece_at(square) {
                mirrored.put(square.flip_file(), piece);
            }
        }
        mirrored.set_side_to_move(position.side_to_move());
        Position::from_setup(mirrored).expect("the mirror of a legal position is legal")
    }

    /// The memory counted without building an index bounds what the
    /// built one holds, and not by much (a plan built on it would refuse
    /// what fits).
    #[test]
    fn counted_memory_bounds_the_built_index() {
        for name in [
            "KK",
            "KRK",
            "KAAEEKAAEE",
            "KRNKR",
            "KPAKAE",
            "KRAAEEKAEE",
            "KCPKAAE",
        ] {
            let material: Material = name.parse().unwrap();
            let held = Layout::new(material).unwrap().heap_bytes();
            let counted = Layout::memory(material);
            assert!(counted >= held, "{name}: counted {counted}, held {held}");
            // Steps back are bounded loosely (four a piece); the pair
            // tables, which large indexes are made of, exactly.
            let slack = if held > 1 << 20 { held / 10 } else { held };
            assert!(
                counted <= held + slack,
                "{name}: counted {counted}, held {held}"
            );
        }
    }

    /// The index after a move of a set's piece, counted from the index
    /// before, is the index of the position after it, in both
    /// orientations.
    #[test]
    fn slots_after_moves_agree_with_slots_of_positions_after() {
        let mut checked = 0;
        for name in ["KRNKR", "KPPKA", "KCKNE"] {
            let layout = Layout::new(name.parse().unwrap()).unwrap();
            for side in Color::ALL {
                for index in (0..layout.per_side()).step_by(997) {
                    let Some(stored) = layout.position(side, index) else {
                        continue;
                    };
                    for position in [mirror_position(&stored), stored] {
                        let Ok(slot) = layout.slot(&position) else {
                            continue;
                        };
                        for &mv in position.legal_moves().iter() {
                            if position.piece_at(mv.to()).is_some() {
                                continue;
                            }
                            if let Some(after) = layout.slot_after(&position, slot, mv) {
                                assert_eq!(
                                    Ok(after),
                                    layout.slot(&position.play(mv)),
                                    "{name} {mv:?}"
                                );
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "only {checked} moves checked");
    }

    /// `position` after the non-capture `mv`, played on the board whether
    /// or not it leaves the mover in check (the rule rounds index such
    /// moves too: their entries are the illegal ones).
    fn moved(position: &Position, mv: Move) -> Position {
        let mut after = position.clone();
        let setup = after.edit_unchecked();
        let piece = setup.remove(mv.from()).expect("a piece on the origin");
        setup.put(mv.to(), piece);
        setup.set_side_to_move(!position.side_to_move());
        after
    }

    /// Every non-capture of every piece of the side to move (legal or
    /// not), indexed from the slot before it, lands on the slot of the
    /// position after it, in both orientations: over endgames with sets of
    /// one and of two pieces, with advisors and elephants on either side,
    /// and with pairs of placements folded or stored as their own mirror.
    #[test]
    fn slots_after_any_move_agree_with_slots_of_positions_after() {
        for name in ["KRNKR", "KPPKA", "KCKNE", "KNNKAAEE", "KRAEKCA", "KNAAKPEE"] {
            let layout = Layout::new(name.parse().unwrap()).unwrap();
            let (mut checked, mut group_moves, mut turned) = (0, 0, 0);
            // Some 3,000 entries a side, spread over the index by a step
            // prime to its strides.
            let step = (layout.per_side() / 3000) | 1;
            for side in Color::ALL {
                for index in (0..layout.per_side()).step_by(step as usize) {
                    let Some(stored) = layout.position(side, index) else {
                        continue;
                    };
                    for position in [mirror_position(&stored), stored] {
                        let slot = layout.slot(&position).unwrap();
                        let occupied = position.occupied();
                        for from in position.by_color(side) {
                            let piece = position.piece_at(from).unwrap();
                            for to in reach(piece, from, occupied) - occupied {
                                let mv = Move::new(from, to);
                                let after = layout.slot(&moved(&position, mv)).ok();
                                let fast = layout.slot_after_move(&position, slot, mv);
                                assert_eq!(fast, after, "{name} {position:?} {mv:?}");
                                checked += 1;
                                if layout.slot_after(&position, slot, mv).is_none() {
                                    group_moves += 1;
                                    turned += usize::from(
                                        after.is_some_and(|a| a.mirrored != slot.mirrored),
                                    );
                                }
                            }
                        }
                    }
                }
            }
            assert!(checked > 20_000, "{name}: only {checked} moves checked");
            assert!(group_moves > 2_000, "{name}: {group_moves} group moves");
            assert!(turned > 100, "{name}: {turned} moves turn the slot");
        }
    }

    /// The largest endgame of two attackers, with more entries a side
    /// than `u32` counts: the entries at the top of the range decode and
    /// slot back to themselves; an endgame beyond [`MAX_ENTRIES`] is
    /// refused.
    #[test]
    fn the_largest_endgames_index_to_the_top_of_the_range() {
        let layout = Layout::new("KCAAEEKCAAEE".parse().unwrap()).unwrap();
        assert!(layout.per_side() > 1 << 32);
        let top = layout.per_side();
        let mut checked = 0;
        for side in Color::ALL {
            for index in (top - 200_000..top).step_by(7) {
                if let Some(position) = layout.position(side, index) {
                    assert_eq!(layout.slot(&position).unwrap().index, index);
                    checked += 1;
                }
            }
        }
        assert!(checked > 1_000, "only {checked} entries checked");
        let beyond: Material = "KRRNNCCPPPPPKRRNNCCPPPPP".parse().unwrap();
        assert!(Layout::entries(beyond) > MAX_ENTRIES);
        assert!(Layout::new(beyond).is_err());
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
            for index in (0..layout.per_side()).step_by(37) {
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
