//! Zobrist key and lock, read from the generated tables: two independent
//! XOR sums over the pieces and the side to move, the key to index a hash
//! table and the lock to confirm a hit.

use core::ops::{BitXor, BitXorAssign};

use super::tables::{
    ZOBRIST_KEYS, ZOBRIST_KEY_BLACK_TO_MOVE, ZOBRIST_LOCKS, ZOBRIST_LOCK_BLACK_TO_MOVE,
};
use super::{Piece, Square};

/// A key and a lock, updated together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Hashes {
    pub(crate) key: u64,
    pub(crate) lock: u64,
}

impl BitXor for Hashes {
    type Output = Hashes;

    #[inline]
    fn bitxor(self, other: Hashes) -> Hashes {
        Hashes {
            key: self.key ^ other.key,
            lock: self.lock ^ other.lock,
        }
    }
}

impl BitXorAssign for Hashes {
    #[inline]
    fn bitxor_assign(&mut self, other: Hashes) {
        *self = *self ^ other;
    }
}

/// The hashes of `piece` standing on `square`.
#[inline]
pub(crate) fn piece(piece: Piece, square: Square) -> Hashes {
    Hashes {
        key: ZOBRIST_KEYS[piece.index()][square as usize],
        lock: ZOBRIST_LOCKS[piece.index()][square as usize],
    }
}

/// The hashes present when Black is to move.
pub(crate) const BLACK_TO_MOVE: Hashes = Hashes {
    key: ZOBRIST_KEY_BLACK_TO_MOVE,
    lock: ZOBRIST_LOCK_BLACK_TO_MOVE,
};
