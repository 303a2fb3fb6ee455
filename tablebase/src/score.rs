//! Tablebase values as search scores, in the bands engines use, and the
//! adjustment a transposition table needs for them.
//!
//! A search scores from the side to move at each node. A value found `ply`
//! plies below the root becomes:
//!
//! | value | score |
//! |---|---|
//! | win in `n` plies, to mate | `MATE - (ply + n)` |
//! | win in `n` plies, to a decision by the repetition rules | `RULE_WIN - (ply + n)` |
//! | draw | `0` |
//! | loss in `n` plies | the negation of the win's band |
//!
//! so that a quicker win scores higher, a mate above any rule win, and both
//! above any score an evaluation gives (it must stay within
//! `±RULE_WIN_BOUND`). A transposition table stores such scores relative
//! to the node ([`to_table`]) and turns them back relative to the root
//! where it reads them ([`from_table`]), or a mate found through one path
//! would be misreported through another.
//!
//! Distances count plies to mate, or to the position where a repetition
//! rule decides, with best play by both sides. They ignore the 120-ply
//! move limit: a win in more plies than the clock allows is still a win
//! here, and a search that plays the limit must weigh that itself.

use crate::{DistanceTo, Dtm, Value};

/// The score of a mate at the root (ply 0, distance 0): above every
/// other score.
pub const MATE: i32 = 30_000;
/// Scores above this (below its negation) are mates:
/// `MATE` less room for the longest distance plus search depth.
pub const MATE_BOUND: i32 = MATE - MAX_DISTANCE;
/// The score of a win decided by the repetition rules at the root.
pub const RULE_WIN: i32 = MATE_BOUND - 1;
/// Scores above this (and up to [`MATE_BOUND`]) are rule wins;
/// evaluations must stay within `±RULE_WIN_BOUND`.
pub const RULE_WIN_BOUND: i32 = RULE_WIN - MAX_DISTANCE;

/// The longest distance plus search depth the bands leave room for.
const MAX_DISTANCE: i32 = 0x2000;

impl Dtm {
    /// The search score of this value found `ply` plies below the root
    /// (see the [module documentation](crate::score) for the bands).
    ///
    /// ```
    /// use qiboard_tablebase::score::{MATE, MATE_BOUND};
    /// use qiboard_tablebase::{DistanceTo, Dtm, Value};
    ///
    /// let win = Dtm { value: Value::Win(13), to: DistanceTo::Mate, by_rules: false };
    /// assert_eq!(win.score(2), MATE - 15);
    /// assert!(win.score(2) > MATE_BOUND);
    /// let loss = Dtm { value: Value::Loss(12), ..win };
    /// assert_eq!(loss.score(0), -(MATE - 12));
    /// ```
    pub fn score(self, ply: u32) -> i32 {
        let top = match self.to {
            DistanceTo::Mate => MATE,
            DistanceTo::Rule => RULE_WIN,
        };
        let distance = (ply as i32).saturating_add(i32::from(self.value.plies()));
        let distance = distance.min(MAX_DISTANCE);
        match self.value {
            Value::Win(_) => top - distance,
            Value::Draw => 0,
            Value::Loss(_) => -(top - distance),
        }
    }
}

/// Whether `score` is a mate or a rule win (or their losses): a score
/// that depends on the distance from the root.
#[inline]
pub fn is_decisive(score: i32) -> bool {
    score.abs() > RULE_WIN_BOUND
}

/// `score`, found `ply` plies below the root, as a transposition table
/// stores it: relative to the node.
#[inline]
pub fn to_table(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    match score {
        _ if score > RULE_WIN_BOUND => score + ply,
        _ if score < -RULE_WIN_BOUND => score - ply,
        _ => score,
    }
}

/// A score a transposition table stored ([`to_table`]), read back at a
/// node `ply` plies below the root.
///
/// ```
/// use qiboard_tablebase::score::{from_table, to_table, MATE};
///
/// let found = MATE - 9; // mate in 5 plies found at ply 4
/// assert_eq!(to_table(found, 4), MATE - 5);
/// assert_eq!(from_table(to_table(found, 4), 10), MATE - 15);
/// ```
#[inline]
pub fn from_table(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    match score {
        _ if score > RULE_WIN_BOUND => score - ply,
        _ if score < -RULE_WIN_BOUND => score + ply,
        _ => score,
    }
}
