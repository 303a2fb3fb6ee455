//! Decompressed blocks kept for the next probe, within a byte budget the
//! caller sets. Shards, each behind its own lock, let threads probing
//! different blocks proceed without waiting for each other.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A block: which file (a number the tablebase hands out), side and block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockKey {
    /// The open file.
    pub file: u32,
    /// 0 for Red to move, 1 for Black.
    pub side: u8,
    /// The block within that side.
    pub block: u64,
}

const SHARDS: usize = 16;

#[derive(Default)]
struct Shard {
    blocks: HashMap<BlockKey, (Arc<[u8]>, u64)>,
    bytes: usize,
    clock: u64,
}

/// What the block cache has done since the tablebase was opened: see
/// [`Tablebase::cache_stats`](crate::Tablebase::cache_stats).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Probes whose block was in the cache.
    pub hits: u64,
    /// Blocks read from a file and decompressed (the probes whose block
    /// was not in the cache).
    pub blocks_read: u64,
    /// Bytes of the blocks read, decompressed.
    pub bytes_read: u64,
    /// Bytes of decompressed blocks the cache holds now.
    pub bytes_held: u64,
}

/// The cache.
pub struct BlockCache {
    shards: [Mutex<Shard>; SHARDS],
    /// Bytes each shard may hold.
    shard_budget: usize,
    hits: AtomicU64,
    blocks_read: AtomicU64,
    bytes_read: AtomicU64,
}

impl std::fmt::Debug for BlockCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BlockCache")
            .field("budget", &(self.shard_budget * SHARDS))
            .finish()
    }
}

impl BlockCache {
    /// A cache holding at most `budget` bytes of blocks (at least one block
    /// per shard is kept, so that a probe's block survives it), or none at
    /// all when `budget` is below one byte per shard.
    pub fn new(budget: usize) -> BlockCache {
        BlockCache {
            shards: Default::default(),
            shard_budget: budget / SHARDS,
            hits: AtomicU64::new(0),
            blocks_read: AtomicU64::new(0),
            bytes_read: AtomicU64::new(0),
        }
    }

    fn shard(&self, key: &BlockKey) -> &Mutex<Shard> {
        let mixed = (u64::from(key.file) << 40 ^ u64::from(key.side) << 32 ^ key.block)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        &self.shards[(mixed >> 60) as usize % SHARDS]
    }

    /// The block under `key`, loading it with `load` when absent.
    pub fn get_or_load<E>(
        &self,
        key: BlockKey,
        load: impl FnOnce() -> Result<Vec<u8>, E>,
    ) -> Result<Arc<[u8]>, E> {
        let shard = self.shard(&key);
        {
            let mut guard = lock(shard);
            guard.clock += 1;
            let now = guard.clock;
            if let Some((block, used)) = guard.blocks.get_mut(&key) {
                *used = now;
                self.hits.fetch_add(1, Ordering::Relaxed);
                return Ok(Arc::clone(block));
            }
        }
        // Decompress outside the lock: another thread may do the same
        // block at once, which costs time but never a wrong answer.
        let block: Arc<[u8]> = load()?.into();
        self.blocks_read.fetch_add(1, Ordering::Relaxed);
        self.bytes_read
            .fetch_add(block.len() as u64, Ordering::Relaxed);
        if self.shard_budget == 0 {
            // No cache: every probe reads its block.
            return Ok(block);
        }
        let mut guard = lock(shard);
        guard.clock += 1;
        let now = guard.clock;
        if guard
            .blocks
            .insert(key, (Arc::clone(&block), now))
            .is_none()
        {
            guard.bytes += block.len();
        }
        while guard.bytes > self.shard_budget && guard.blocks.len() > 1 {
            let oldest = guard
                .blocks
                .iter()
                .filter(|(k, _)| **k != key)
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| *k);
            let Some(oldest) = oldest else { break };
            if let Some((evicted, _)) = guard.blocks.remove(&oldest) {
                guard.bytes -= evicted.len();
            }
        }
        Ok(block)
    }

    /// Bytes of blocks held now.
    pub fn bytes(&self) -> usize {
        self.shards.iter().map(|shard| lock(shard).bytes).sum()
    }

    /// The counters so far and the bytes held now.
    pub fn stats(&self) -> CacheStats {
        CacheStats {
            hits: self.hits.load(Ordering::Relaxed),
            blocks_read: self.blocks_read.load(Ordering::Relaxed),
            bytes_read: self.bytes_read.load(Ordering::Relaxed),
            bytes_held: self.bytes() as u64,
        }
    }
}

/// A shard's lock, even after a panic elsewhere (the shard holds only
/// complete blocks, so it is never left half updated).
fn lock(shard: &Mutex<Shard>) -> std::sync::MutexGuard<'_, Shard> {
    shard
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_kept_within_the_budget_and_reloaded_after_eviction() {
        let cache = BlockCache::new(SHARDS * 100);
        let mut loads = 0;
        for round in 0..2 {
            for block in 0..64 {
                let key = BlockKey {
                    file: 1,
                    side: 0,
                    block,
                };
                let got = cache
                    .get_or_load(key, || {
                        loads += 1;
                        Ok::<_, ()>(vec![block as u8; 60])
                    })
                    .unwrap();
                assert_eq!(got[0], block as u8);
            }
            assert!(cache.bytes() <= SHARDS * 100, "round {round}");
        }
        // Sixty-four 60-byte blocks do not fit in 16 shards of 100 bytes.
        assert!(loads > 64);
        let stats = cache.stats();
        assert_eq!(stats.blocks_read, loads);
        assert_eq!(stats.hits + stats.blocks_read, 128);
        assert_eq!(stats.bytes_read, 60 * loads);
        assert_eq!(stats.bytes_held, cache.bytes() as u64);
        let key = BlockKey {
            file: 2,
            side: 1,
            block: 0,
        };
        cache.get_or_load(key, || Ok::<_, ()>(vec![7; 10])).unwrap();
        let again = cache
            .get_or_load(key, || Err("a cached block is not reloaded"))
            .unwrap();
        assert_eq!(&*again, &[7; 10]);
        assert_eq!(cache.stats().hits, stats.hits + 1);
        assert_eq!(cache.stats().blocks_read, loads + 1);
    }
}
