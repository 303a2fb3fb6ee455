//! The thesis's rank and file move tables for rooks and cannons.
//!
//! A line is one rank (9 points) or one file (10 points); its occupancy is
//! a word with bit `p` set when point `p` is occupied. For a piece on point
//! `i` and every occupancy word, each kind of move has a set of reachable
//! points and, toward each end of the line, its farthest target.

/// What a move along a line may do, in table order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// Steps onto empty points before the first piece (rook and cannon).
    Quiet,
    /// Takes the first piece (rook).
    RookCapture,
    /// Takes the second piece, jumping exactly one screen (cannon).
    CannonCapture,
    /// Reaches the third piece, over two screens (check and pin tests).
    SuperCapture,
}

impl LineKind {
    /// Every kind, in the order the packed tables hold them.
    pub const ALL: [LineKind; 4] = [
        LineKind::Quiet,
        LineKind::RookCapture,
        LineKind::CannonCapture,
        LineKind::SuperCapture,
    ];

    /// The variant's name, as the runtime's copy of this enum spells it.
    pub fn name(self) -> &'static str {
        match self {
            LineKind::Quiet => "Quiet",
            LineKind::RookCapture => "RookCapture",
            LineKind::CannonCapture => "CannonCapture",
            LineKind::SuperCapture => "SuperCapture",
        }
    }

    /// The variant's documentation in the runtime.
    pub fn doc(self) -> &'static str {
        match self {
            LineKind::Quiet => "Onto an empty point before the first piece (rook and cannon alike).",
            LineKind::RookCapture => "Takes the first piece (rook).",
            LineKind::CannonCapture => "Takes the piece just beyond exactly one screen (cannon).",
            LineKind::SuperCapture => "Reaches the piece beyond two screens: what a cannon would attack if one screen left (check and pin tests).",
        }
    }
}

/// Bits each kind's reach takes in a packed `*_REACH` entry: kind `k`
/// (its place in [`LineKind::ALL`]) in bits `REACH_BITS * k ..`.
pub const REACH_BITS: u32 = 16;

/// Bits each kind's two ends take in a packed `*_ENDS` entry: the low end
/// in the lower half of them, the high end in the upper half.
pub const ENDS_BITS: u32 = 8;

/// The moves of one kind from one point of one occupancy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineMoves {
    /// Bit `p` set when point `p` is a target.
    pub reach: u16,
    /// Farthest target toward point 0, or the piece's own point if none.
    pub low: u8,
    /// Farthest target toward the far end, or the piece's own point if none.
    pub high: u8,
}

/// Scans from `point` one way along a line of `length` points: returns the
/// targets of `kind` and the farthest of them (`point` if none).
fn scan(length: usize, point: usize, occupied: u32, kind: LineKind, step: isize) -> (u16, u8) {
    let mut reach = 0u16;
    let mut farthest = point as u8;
    let mut pieces_seen = 0;
    let mut at = point as isize + step;
    while (0..length as isize).contains(&at) {
        let occupied_here = occupied >> at & 1 != 0;
        let target = match kind {
            LineKind::Quiet => !occupied_here && pieces_seen == 0,
            LineKind::RookCapture => occupied_here && pieces_seen == 0,
            LineKind::CannonCapture => occupied_here && pieces_seen == 1,
            LineKind::SuperCapture => occupied_here && pieces_seen == 2,
        };
        if target {
            reach |= 1 << at;
            farthest = at as u8;
        }
        if occupied_here {
            pieces_seen += 1;
        }
        at += step;
    }
    (reach, farthest)
}

/// The moves of `kind` for a piece on `point` of a line of `length` points
/// whose occupancy is `occupied` (the piece's own bit is ignored).
pub fn moves(length: usize, point: usize, occupied: u32, kind: LineKind) -> LineMoves {
    let others = occupied & !(1 << point);
    let (low_reach, low) = scan(length, point, others, kind, -1);
    let (high_reach, high) = scan(length, point, others, kind, 1);
    LineMoves {
        reach: low_reach | high_reach,
        low,
        high,
    }
}

/// `[point][occupancy]`: the four reach masks packed in a u64, kind `k` in
/// bits `16k..16k+16` ([`REACH_BITS`]; kinds in [`LineKind::ALL`] order).
pub fn packed_reach(length: usize) -> Vec<Vec<u64>> {
    table(length, |point, occupied| {
        LineKind::ALL
            .iter()
            .enumerate()
            .fold(0u64, |packed, (k, &kind)| {
                packed
                    | u64::from(moves(length, point, occupied, kind).reach)
                        << (REACH_BITS * k as u32)
            })
    })
}

/// `[point][occupancy]`: the farthest targets packed in a u32, kind `k` in
/// bits `8k..8k+8` ([`ENDS_BITS`]): the low end in the lower nibble, the
/// high end above.
pub fn packed_ends(length: usize) -> Vec<Vec<u32>> {
    table(length, |point, occupied| {
        LineKind::ALL
            .iter()
            .enumerate()
            .fold(0u32, |packed, (k, &kind)| {
                let m = moves(length, point, occupied, kind);
                let ends = u32::from(m.low) | u32::from(m.high) << (ENDS_BITS / 2);
                packed | ends << (ENDS_BITS * k as u32)
            })
    })
}

/// `[point][occupancy]`: the union of the reach of `kinds`, as one u16:
/// the compact tables the bitboard attack lookups read.
pub fn attacks(length: usize, kinds: &[LineKind]) -> Vec<Vec<u16>> {
    table(length, |point, occupied| {
        kinds.iter().fold(0, |set, &kind| {
            set | moves(length, point, occupied, kind).reach
        })
    })
}

fn table<T>(length: usize, entry: impl Fn(usize, u32) -> T) -> Vec<Vec<T>> {
    (0..length)
        .map(|point| (0..1u32 << length).map(|w| entry(point, w)).collect())
        .collect()
}
