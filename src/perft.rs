//! What perft shares between the games: how deep it counts, and the error
//! beyond that.

use core::fmt;

/// The deepest perft either game counts. Each ply is a stack frame of
/// the recursive count (most of it the move list), so an unbounded depth
/// overflowed the stack near 10,000 plies; 64 keeps the stack under about
/// 64 KB, and no tree that deep could be counted in a lifetime unless it
/// is a single forced line.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Why perft did not count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PerftError {
    /// A depth beyond [`MAX_PERFT_DEPTH`].
    TooDeep {
        /// The depth asked for.
        depth: u32,
    },
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftError::TooDeep { depth } => write!(
                f,
                "perft depth {depth} is deeper than the {MAX_PERFT_DEPTH} plies counted"
            ),
        }
    }
}

impl core::error::Error for PerftError {}

/// `Ok(())` when `depth` can be counted.
#[inline]
pub(crate) fn check_depth(depth: u32) -> Result<(), PerftError> {
    if depth > MAX_PERFT_DEPTH {
        Err(PerftError::TooDeep { depth })
    } else {
        Ok(())
    }
}
