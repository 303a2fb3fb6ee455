//! A level's scheduled entries, waiting for their level: most come in
//! ascending order (seeding finds them so), and those are kept as the gaps
//! between them, a byte each for most, instead of eight (a level may
//! schedule millions of entries). Entries that come
//! out of order (losses that wait for a slow capture, found as levels are
//! drained) are kept as they are.

/// The entries one level resolves by schedule.
#[derive(Debug, Default)]
pub(super) struct Bucket {
    /// Ascending entries, each as the number of entries skipped since the
    /// one before (the first: since zero), in seven-bit groups, low first,
    /// the high bit set in every group but a gap's last.
    gaps: Vec<u8>,
    /// The least entry the next in order may be.
    next: u64,
    /// Entries pushed below `next`.
    unordered: Vec<u64>,
}

impl Bucket {
    /// A bucket with room for `bytes` of gaps.
    pub(super) fn with_capacity(bytes: usize) -> Bucket {
        Bucket {
            gaps: Vec::with_capacity(bytes),
            ..Bucket::default()
        }
    }

    pub(super) fn push(&mut self, entry: u64) {
        if entry < self.next {
            self.unordered.push(entry);
            return;
        }
        let mut gap = entry - self.next;
        while gap >= 0x80 {
            self.gaps.push(gap as u8 | 0x80);
            gap >>= 7;
        }
        self.gaps.push(gap as u8);
        self.next = entry + 1;
    }

    pub(super) fn is_empty(&self) -> bool {
        self.gaps.is_empty() && self.unordered.is_empty()
    }

    /// Every entry pushed, those in order first.
    pub(super) fn into_entries(self) -> impl Iterator<Item = u64> {
        let mut bytes = self.gaps.into_iter();
        let mut next = 0u64;
        let ordered = std::iter::from_fn(move || {
            let (mut gap, mut shift) = (0u64, 0);
            loop {
                let byte = bytes.next()?;
                gap |= u64::from(byte & 0x7f) << shift;
                if byte & 0x80 == 0 {
                    break;
                }
                shift += 7;
            }
            let entry = next + gap;
            next = entry + 1;
            Some(entry)
        });
        ordered.chain(self.unordered)
    }
}

/// Bytes a gap takes: seven bits a byte.
fn gap_bytes(gap: u64) -> usize {
    (64 - gap.leading_zeros() as usize).div_ceil(7).max(1)
}

/// The exact room of each level's bucket, found by a first pass over the
/// entries in the order they will be pushed: a bucket grown by doubling
/// would hold up to twice its bytes while the largest levels fill.
pub(super) struct BucketSizes {
    next: Vec<u64>,
    bytes: Vec<usize>,
}

impl BucketSizes {
    pub(super) fn new(levels: usize) -> BucketSizes {
        BucketSizes {
            next: vec![0; levels],
            bytes: vec![0; levels],
        }
    }

    /// Counts `entry`, the next in ascending order, for `level`.
    pub(super) fn add(&mut self, level: usize, entry: u64) {
        self.bytes[level] += gap_bytes(entry - self.next[level]);
        self.next[level] = entry + 1;
    }

    /// Empty buckets, each with room for what was counted.
    pub(super) fn into_buckets(self) -> Vec<Bucket> {
        self.bytes.into_iter().map(Bucket::with_capacity).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::{Bucket, BucketSizes};

    #[test]
    fn a_bucket_gives_back_what_it_was_given() {
        let mut bucket = Bucket::with_capacity(4);
        assert!(bucket.is_empty());
        let pushed = [0, 1, 130, 131, 1 << 40, 5, (1 << 47) - 1, 7, 1 << 47];
        for entry in pushed {
            bucket.push(entry);
        }
        assert!(!bucket.is_empty());
        let mut got: Vec<u64> = bucket.into_entries().collect();
        assert_eq!(got[..4], [0, 1, 130, 131]);
        got.sort_unstable();
        let mut want = pushed.to_vec();
        want.sort_unstable();
        assert_eq!(got, want);
        // Gaps below 128 take a byte each.
        let mut dense = Bucket::default();
        (0..1000u64).map(|i| i * 9).for_each(|e| dense.push(e));
        assert_eq!(dense.gaps.len(), 1000);
    }

    #[test]
    fn counted_sizes_are_the_bytes_pushed() {
        let entries: Vec<(usize, u64)> = (0..5000u64)
            .map(|i| ((i % 3) as usize, i * i * 37 + (i % 11)))
            .collect();
        let mut sizes = BucketSizes::new(3);
        entries
            .iter()
            .for_each(|&(level, entry)| sizes.add(level, entry));
        let mut buckets = sizes.into_buckets();
        let room: Vec<usize> = buckets.iter().map(|b| b.gaps.capacity()).collect();
        entries
            .iter()
            .for_each(|&(level, entry)| buckets[level].push(entry));
        for (bucket, room) in buckets.iter().zip(room) {
            assert_eq!(bucket.gaps.len(), room);
            assert_eq!(bucket.gaps.capacity(), room);
        }
    }
}
