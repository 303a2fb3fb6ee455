//! Perft for either game: how deep it counts, the error beyond that, and
//! [`Perft`], which counts on many threads and with a hash table (with
//! the `std` feature).

use core::fmt;

use crate::Board;

#[cfg(feature = "std")]
mod parallel;
#[cfg(feature = "std")]
mod table;

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
    /// The hash table asked for could not be allocated.
    HashTooLarge {
        /// The bytes asked for.
        bytes: usize,
    },
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftError::TooDeep { depth } => write!(
                f,
                "perft depth {depth} is deeper than the {MAX_PERFT_DEPTH} plies counted"
            ),
            PerftError::HashTooLarge { bytes } => {
                write!(f, "cannot allocate a perft hash table of {bytes} bytes")
            }
        }
    }
}

impl core::error::Error for PerftError {}

/// Whether this CPU has every feature perft's copies are compiled for
/// (`popcnt`, `bmi1`, `bmi2`, `lzcnt`), so that calling them is sound.
#[cfg(all(feature = "std", target_arch = "x86_64", not(qiboard_unoptimized)))]
#[inline]
pub(crate) fn has_x86_features() -> bool {
    std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
}

/// `Ok(())` when `depth` can be counted.
#[inline]
pub(crate) fn check_depth(depth: u32) -> Result<(), PerftError> {
    if depth > MAX_PERFT_DEPTH {
        Err(PerftError::TooDeep { depth })
    } else {
        Ok(())
    }
}

/// Perft of either game ([`Board`]), on one thread or many, with or
/// without a hash table: a builder of the options, then [`Perft::count`]
/// or [`Perft::divide`]. With the defaults (one thread, no table) it
/// counts exactly as [`Board::perft`] and the games' `perft` functions.
///
/// ```
/// use qiboard::{xiangqi, Perft};
///
/// let start = xiangqi::Position::start();
/// # #[cfg(feature = "std")]
/// let perft = Perft::new(4).threads(2).hash_bytes(16 << 20);
/// # #[cfg(not(feature = "std"))]
/// # let perft = Perft::new(4);
/// assert_eq!(perft.count(&start), Ok(3_290_240));
/// ```
///
/// - **Threads** (`std`): the tree is split two plies below the root
///   (one ply for depth 3), and the threads take the subtrees one at a
///   time from a shared counter, so none waits while work is left; the
///   threads are scoped ([`std::thread::scope`]), gone when the count
///   returns.
/// - **Hash table** (`std`): a table of the size asked for, shared by
///   the threads without locks, remembers the count below each position
///   at two or more plies from the leaves. An entry is 16 bytes, four to
///   a 64-byte bucket: the count (56 bits) and the depth (8 bits) in one
///   word, and that word XORed with a check word in the other, so that an
///   entry torn by two threads writing at once reads as a miss. The
///   bucket is chosen by the Zobrist key; the check word is xiangqi's
///   Zobrist *lock*, an independent 64-bit hash, so a false hit needs
///   both to collide, and chess's Zobrist key itself. A full bucket
///   gives up its shallowest entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Perft {
    depth: u32,
    #[cfg(feature = "std")]
    threads: usize,
    #[cfg(feature = "std")]
    hash_bytes: usize,
}

impl Perft {
    /// Perft to `depth` plies, on the calling thread, without a table.
    pub const fn new(depth: u32) -> Perft {
        Perft {
            depth,
            #[cfg(feature = "std")]
            threads: 1,
            #[cfg(feature = "std")]
            hash_bytes: 0,
        }
    }

    /// Counts on `threads` threads (1, the default: the calling thread
    /// only; 0: as many as [`std::thread::available_parallelism`] says).
    #[cfg(feature = "std")]
    pub const fn threads(self, threads: usize) -> Perft {
        Perft { threads, ..self }
    }

    /// Uses a hash table of at most `bytes` bytes (whole 64-byte buckets;
    /// 0, the default, or less than one bucket: none). The table is
    /// allocated by each count and freed when it returns.
    #[cfg(feature = "std")]
    pub const fn hash_bytes(self, bytes: usize) -> Perft {
        Perft {
            hash_bytes: bytes,
            ..self
        }
    }

    /// The depth counted.
    pub const fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of move sequences of length `depth` from `position`.
    ///
    /// A depth beyond [`MAX_PERFT_DEPTH`] is an error, and so is a hash
    /// table that cannot be allocated. (Both games' positions are `Sync`,
    /// which lets threads share them.)
    ///
    /// # Errors
    ///
    /// [`PerftError`]: a depth beyond
    /// [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH), or a hash table that
    /// cannot be allocated.
    pub fn count<B: Board + Sync>(&self, position: &B) -> Result<u64, PerftError> {
        check_depth(self.depth)?;
        #[cfg(feature = "std")]
        if self.spreads() {
            let split = parallel::run(position, self.depth, self.threads, self.hash_bytes)?;
            return Ok(split.iter().map(|(_, nodes)| nodes).sum());
        }
        position.perft(self.depth)
    }

    /// [`Perft::count`] below each legal move of `position`, in the order
    /// of [`Board::legal_moves`]: the counts `depth - 1` plies below each
    /// child, as [`Board::divide`] gives them.
    ///
    /// # Errors
    ///
    /// [`PerftError`]: a depth beyond
    /// [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH), or a hash table that
    /// cannot be allocated.
    #[cfg(feature = "alloc")]
    pub fn divide<B: Board + Sync>(
        &self,
        position: &B,
    ) -> Result<alloc::vec::Vec<(B::Move, u64)>, PerftError> {
        check_depth(self.depth)?;
        #[cfg(feature = "std")]
        if self.spreads() {
            return parallel::run(position, self.depth, self.threads, self.hash_bytes);
        }
        position.divide(self.depth)
    }

    /// Whether the count goes to [`parallel::run`]: threads or a table
    /// asked for, and a tree deep enough to split.
    #[cfg(feature = "std")]
    fn spreads(&self) -> bool {
        (self.threads != 1 || self.hash_bytes != 0) && self.depth >= 2
    }
}
