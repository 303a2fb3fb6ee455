//! The perft hash table: counts below positions, shared by threads
//! without locks.

use core::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::vec::Vec;

use super::PerftError;

/// One entry: the data word XORed with the check word, then the data
/// word (the count above 8 bits, the depth in the low 8). An entry torn
/// by two writers (one's first word with the other's second) fails the
/// check, so it reads as a miss rather than a wrong count.
type Entry = [AtomicU64; 2];

/// Four entries on one cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; 4]);

/// Counts below positions, by Zobrist key, check word and depth.
pub(super) struct Table {
    buckets: Vec<Bucket>,
}

impl Table {
    /// A table of at most `bytes` bytes, or `None` for less than one
    /// bucket.
    pub(super) fn new(bytes: usize) -> Result<Option<Table>, PerftError> {
        let count = bytes / size_of::<Bucket>();
        if count == 0 {
            return Ok(None);
        }
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|_| PerftError::HashTooLarge { bytes })?;
        buckets.resize_with(count, Bucket::default);
        Ok(Some(Table { buckets }))
    }

    /// The bucket of `key`: the high half of `key` times the number of
    /// buckets, so that any size is used whole.
    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let index = (u128::from(key) * self.buckets.len() as u128) >> 64;
        &self.buckets[index as usize]
    }

    /// The count stored for the position of `key` and `check` at `depth`.
    #[inline]
    pub(super) fn probe(&self, key: u64, check: u64, depth: u32) -> Option<u64> {
        self.bucket(key).0.iter().find_map(|entry| {
            let data = entry[1].load(Relaxed);
            let matches = entry[0].load(Relaxed) ^ data == check && data & 0xff == u64::from(depth);
            matches.then_some(data >> 8)
        })
    }

    /// Stores `nodes` for the position of `key` and `check` at `depth`
    /// (`depth` ≥ 1), over the bucket's shallowest entry (ties broken by
    /// the key, so that equal depths take turns). A count of 56 bits or
    /// more is not stored.
    #[inline]
    pub(super) fn store(&self, key: u64, check: u64, depth: u32, nodes: u64) {
        if nodes >> 56 != 0 {
            return;
        }
        let data = nodes << 8 | u64::from(depth);
        let bucket = &self.bucket(key).0;
        let first = (key >> 20) as usize;
        let mut victim = &bucket[first % 4];
        for turn in 1..4 {
            let entry = &bucket[(first + turn) % 4];
            if entry[1].load(Relaxed) & 0xff < victim[1].load(Relaxed) & 0xff {
                victim = entry;
            }
        }
        victim[0].store(check ^ data, Relaxed);
        victim[1].store(data, Relaxed);
    }
}
