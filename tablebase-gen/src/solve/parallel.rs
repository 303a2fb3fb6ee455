//! How a pass over the entries (or over a list of candidates) is cut into
//! parallel tasks: consecutive ranges, each with its own set-up.

use std::ops::Range;

use rayon::prelude::*;

/// Items per task: enough that a task's set-up (a decoder) costs little,
/// few enough that the tasks even out over the threads.
const CHUNK: usize = 4096;

/// `0..len` in consecutive ranges of [`CHUNK`] (the last one shorter), as
/// a parallel iterator: collected, its results keep the ranges' order.
pub(super) fn chunks(len: usize) -> impl IndexedParallelIterator<Item = Range<usize>> {
    chunks_of(len, CHUNK)
}

/// `0..len` in consecutive ranges of `size` (the last one shorter), as a
/// parallel iterator that keeps their order.
pub(super) fn chunks_of(
    len: usize,
    size: usize,
) -> impl IndexedParallelIterator<Item = Range<usize>> {
    (0..len.div_ceil(size))
        .into_par_iter()
        .map(move |chunk| chunk * size..len.min((chunk + 1) * size))
}

#[cfg(test)]
mod tests {
    use rayon::prelude::*;

    #[test]
    fn chunks_cover_the_range_in_order() {
        let ranges: Vec<_> = super::chunks(2 * super::CHUNK + 5).collect();
        let ends: Vec<_> = ranges.iter().map(|r| (r.start, r.end)).collect();
        let chunk = super::CHUNK;
        assert_eq!(
            ends,
            [(0, chunk), (chunk, 2 * chunk), (2 * chunk, 2 * chunk + 5)]
        );
        assert_eq!(super::chunks(0).count(), 0);
    }
}
