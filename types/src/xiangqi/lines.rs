//! How the thesis's rank and file move tables are packed.
//!
//! A line is one rank (9 points, files a..i) or one file (10 points,
//! ranks 0..9); its occupancy is a word with bit `p` set when point `p` is
//! occupied. For a rook or cannon on point `i` and every occupancy word,
//! each [`LineKind`] of move has a set of reachable points and, toward each
//! end of the line, its farthest target. The tables hold the four kinds of
//! one entry packed together: the reaches in a `u64`
//! ([`LINE_REACH_BITS`] each), the ends in a `u32` ([`LINE_ENDS_BITS`]
//! each). The generator packs with [`LineMoves::pack`] and the runtime
//! reads with [`LineMoves::unpack`].

/// What a rook or cannon move along a line does; the order in which the
/// packed tables hold the kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Onto an empty point before the first piece (rook and cannon alike).
    Quiet = 0,
    /// Takes the first piece (rook).
    RookCapture = 1,
    /// Takes the piece just beyond exactly one screen (cannon).
    CannonCapture = 2,
    /// Reaches the piece beyond two screens: what a cannon would attack if
    /// one screen left (check and pin tests).
    SuperCapture = 3,
}

impl LineKind {
    /// Every kind, in the order the packed tables hold them.
    pub const ALL: [LineKind; 4] = [
        LineKind::Quiet,
        LineKind::RookCapture,
        LineKind::CannonCapture,
        LineKind::SuperCapture,
    ];
}

/// The moves of one [`LineKind`] from one point of a rank or file.
///
/// Points are files (0 = a) on a rank and ranks (0 … 9) on a file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LineMoves {
    /// Bit `p` set when point `p` is a target.
    pub reach: u16,
    /// The target nearest point 0 (the farthest that way), or the piece's
    /// own point when there is none that way.
    pub low: u8,
    /// The target nearest the far end, or the piece's own point when there
    /// is none that way.
    pub high: u8,
}

/// Bits each kind's reach takes in a packed reach entry: kind `k` from bit
/// `LINE_REACH_BITS * k`.
pub const LINE_REACH_BITS: u32 = 16;

/// Bits each kind's two ends take in a packed ends entry, from bit
/// `LINE_ENDS_BITS * k`: the low end in the lower half, the high end in the
/// upper half.
pub const LINE_ENDS_BITS: u32 = 8;

const HALF: u32 = LINE_ENDS_BITS / 2;

impl LineMoves {
    /// The four kinds' moves of one entry (in [`LineKind::ALL`] order)
    /// packed as the tables hold them: `(reach, ends)`.
    ///
    /// ```
    /// use qiboard_types::xiangqi::{LineKind, LineMoves};
    ///
    /// let moves = [
    ///     LineMoves { reach: 0b0110, low: 1, high: 2 },
    ///     LineMoves { reach: 0b1001, low: 0, high: 3 },
    ///     LineMoves::default(),
    ///     LineMoves { reach: 0, low: 2, high: 2 },
    /// ];
    /// let (reach, ends) = LineMoves::pack(moves);
    /// for kind in LineKind::ALL {
    ///     assert_eq!(LineMoves::unpack(reach, ends, kind), moves[kind as usize]);
    /// }
    /// ```
    pub const fn pack(moves: [LineMoves; 4]) -> (u64, u32) {
        let (mut reach, mut ends) = (0u64, 0u32);
        let mut k = 0;
        while k < moves.len() {
            let m = moves[k];
            reach |= (m.reach as u64) << (LINE_REACH_BITS * k as u32);
            let pair =
                m.low as u32 & ((1 << HALF) - 1) | (m.high as u32 & ((1 << HALF) - 1)) << HALF;
            ends |= pair << (LINE_ENDS_BITS * k as u32);
            k += 1;
        }
        (reach, ends)
    }

    /// The moves of `kind` in a packed `(reach, ends)` entry.
    #[inline]
    pub const fn unpack(reach: u64, ends: u32, kind: LineKind) -> LineMoves {
        let k = kind as u32;
        let end = ends >> (LINE_ENDS_BITS * k);
        LineMoves {
            reach: (reach >> (LINE_REACH_BITS * k)) as u16,
            low: (end & ((1 << HALF) - 1)) as u8,
            high: (end >> HALF & ((1 << HALF) - 1)) as u8,
        }
    }
}
