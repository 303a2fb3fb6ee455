//! Palace placements: each side's king, advisors and elephants, which only
//! ever stand on their own side's few points, enumerated together, with
//! the steps back into each placement that un-moves need.

use super::domain::{Domain, NOWHERE};
use crate::Material;
use qiboard::xiangqi::{
    advisor_attacks, elephant_attacks, king_attacks, Bitboard, Color, PieceKind, Square,
};

/// One side's king, advisors and elephants.
#[derive(Clone, Copy, Debug)]
pub(super) struct Placement {
    pub(super) king: Square,
    pub(super) advisors: Bitboard,
    pub(super) elephants: Bitboard,
    /// The number of the mirror-image placement.
    pub(super) mirror: u32,
}

/// Every placement of one side's king, advisors and elephants.
#[derive(Clone, Debug)]
pub(super) struct Placements {
    pub(super) list: Vec<Placement>,
    pub(super) palace: Domain,
    pub(super) advisor_points: Domain,
    pub(super) elephant_points: Domain,
    pub(super) advisors: usize,
    pub(super) elephants: usize,
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
    pub(super) fn new(material: &Material, color: Color) -> Placements {
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
            for advisor_number in 0..placements.advisor_points.sets(advisors) {
                let advisor_set = placements.advisor_points.set(advisor_number, advisors);
                for elephant_number in 0..placements.elephant_points.sets(elephants) {
                    let elephant_set = placements.elephant_points.set(elephant_number, elephants);
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
            let mirrored = |set: Bitboard| set.into_iter().map(Square::flip_file).collect();
            placements.list[i].mirror = placements
                .number(
                    placement.king.flip_file(),
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
        // Built by pushing: the spare room of the last doubling goes, so
        // that `memory_bound` bounds what stays.
        placements.list.shrink_to_fit();
        placements.by_key.shrink_to_fit();
        placements.steps.shrink_to_fit();
        placements.steps_from.shrink_to_fit();
        placements
    }

    /// Bytes [`Placements::new`] holds for `color` in `material` when it
    /// has `count` placements: every key, every placement, and at most
    /// four steps back for each of its pieces.
    pub(super) fn memory_bound(material: &Material, color: Color, count: u64) -> u64 {
        let advisors = material.count(color, PieceKind::Advisor) as usize;
        let elephants = material.count(color, PieceKind::Elephant) as usize;
        let keys = Domain::new(color, PieceKind::King).squares.len() as u64
            * Domain::new(color, PieceKind::Advisor).sets(advisors)
            * Domain::new(color, PieceKind::Elephant).sets(elephants);
        let per_placement = size_of::<Placement>()
            + size_of::<u32>()
            + 4 * (1 + advisors + elephants) * size_of::<GroupStep>();
        keys * size_of::<u32>() as u64 + count * per_placement as u64 + size_of::<u32>() as u64
    }

    /// Bytes this holds on the heap.
    pub(super) fn heap_bytes(&self) -> usize {
        self.list.capacity() * size_of::<Placement>()
            + self.by_key.capacity() * size_of::<u32>()
            + self.steps.capacity() * size_of::<GroupStep>()
            + self.steps_from.capacity() * size_of::<u32>()
    }

    /// How many placements `color` has in `material`, and how many of them
    /// are their own mirror image: what an index's size takes, without
    /// the steps back that [`Placements::new`] lists (a plan sizes
    /// thousands of endgames).
    pub(super) fn count(material: &Material, color: Color) -> (u64, u64) {
        let palace = Domain::new(color, PieceKind::King);
        let advisor_points = Domain::new(color, PieceKind::Advisor);
        let elephant_points = Domain::new(color, PieceKind::Elephant);
        let advisors = material.count(color, PieceKind::Advisor) as usize;
        let elephants = material.count(color, PieceKind::Elephant) as usize;
        let mirrored =
            |set: Bitboard| -> Bitboard { set.into_iter().map(Square::flip_file).collect() };
        let (mut all, mut own_mirror) = (0, 0);
        for &king in &palace.squares {
            for advisor_number in 0..advisor_points.sets(advisors) {
                let advisor_set = advisor_points.set(advisor_number, advisors);
                for elephant_number in 0..elephant_points.sets(elephants) {
                    let elephant_set = elephant_points.set(elephant_number, elephants);
                    if advisor_set.contains(king) || elephant_set.contains(king) {
                        continue;
                    }
                    all += 1;
                    let symmetric = king.flip_file() == king
                        && mirrored(advisor_set) == advisor_set
                        && mirrored(elephant_set) == elephant_set;
                    own_mirror += u64::from(symmetric);
                }
            }
        }
        (all, own_mirror)
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
    pub(super) fn steps(&self, number: u32) -> &[GroupStep] {
        let number = number as usize;
        &self.steps[self.steps_from[number] as usize..self.steps_from[number + 1] as usize]
    }

    /// The placement number of a king, advisor set and elephant set.
    #[inline]
    pub(super) fn number(
        &self,
        king: Square,
        advisors: Bitboard,
        elephants: Bitboard,
    ) -> Option<u32> {
        let king = self.palace.local[king as usize];
        if king == NOWHERE {
            return None;
        }
        let advisor_number = self.advisor_points.number(advisors, false)?;
        let elephant_number = self.elephant_points.number(elephants, false)?;
        let advisor_sets = self.advisor_points.sets(self.advisors);
        let elephant_sets = self.elephant_points.sets(self.elephants);
        let key =
            (u64::from(king) * advisor_sets + advisor_number) * elephant_sets + elephant_number;
        match self.by_key[key as usize] {
            u32::MAX => None,
            number => Some(number),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_defence_has_1410_placements() {
        let material: Material = "KKAAEE".parse().unwrap();
        let placements = Placements::new(&material, Color::Black);
        assert_eq!(placements.list.len(), 1410);
        for (number, placement) in placements.list.iter().enumerate() {
            let mirror = &placements.list[placement.mirror as usize];
            assert_eq!(mirror.mirror as usize, number);
            assert_eq!(mirror.king.flip_file(), placement.king);
        }
    }
}
