//! The thesis's rank and file move tables for rooks and cannons.
//!
//! A line is one rank (9 points) or one file (10 points); its occupancy is
//! a word with bit `p` set when point `p` is occupied. For a piece on point
//! `i` and every occupancy word, each kind of move has a set of reachable
//! points and, toward each end of the line, its farthest target.

pub use qiboard_types::xiangqi::{LineKind, LineMoves};

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

/// The four kinds' moves of a point and occupancy, packed as the runtime
/// unpacks them ([`LineMoves::pack`]).
fn packed(length: usize, point: usize, occupied: u32) -> (u64, u32) {
    LineMoves::pack(LineKind::ALL.map(|kind| moves(length, point, occupied, kind)))
}

/// `[point][occupancy]`: the four reach masks packed in a u64, kind `k` in
/// bits `16k..16k+16` (kinds in [`LineKind::ALL`] order).
pub fn packed_reach(length: usize) -> Vec<Vec<u64>> {
    table(length, |point, occupied| packed(length, point, occupied).0)
}

/// `[point][occupancy]`: the farthest targets packed in a u32, kind `k` in
/// bits `8k..8k+8`: the low end in the lower nibble, the high end above.
pub fn packed_ends(length: usize) -> Vec<Vec<u32>> {
    table(length, |point, occupied| packed(length, point, occupied).1)
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
