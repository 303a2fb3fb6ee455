//! Bounded-depth LZ over a whole side: what a layout whose probes follow
//! matches to earlier entries could reach. Each side is parsed greedily
//! into literal entries and matches (length, distance) reaching anywhere
//! before, found through a hash of the next [`lz::WINDOW`] entries and the
//! last four distances, or copied from where the source's own copies end
//! (one match deep however deep the source); a match copies only entries
//! at most `depth - 1` matches deep, so a probe follows at most `depth`
//! matches, each into a tiny block. The size is an estimate: literal entries, lengths and
//! distances (in classes of powers of two, plus their low bits) at their
//! empirical entropy, and four bytes of index per `BYTES` of code.

/// Entries hashed to find a match, and the shortest match taken.
pub const WINDOW: usize = 16;
/// Hash table slots, a power of two.
const SLOTS: usize = 1 << 22;

/// Tallies of what a parse codes.
#[derive(Default)]
pub struct Parse {
    pub literals: [u64; 3],
    pub literal_runs: Vec<u64>,
    pub lengths: Vec<u64>,
    /// Distance classes, the first four the last four distances.
    pub distances: Vec<u64>,
    pub extra_bits: u64,
    pub matches: u64,
    /// Matches followed by a probe of each entry, summed.
    pub hops: u64,
    pub deepest: u8,
}

/// The class of `n` (0 for 0, else one more than its highest bit) and
/// its bits below the highest.
fn class(n: u64) -> (usize, u64) {
    if n == 0 {
        (0, 0)
    } else {
        let bits = 64 - u64::from(n.leading_zeros());
        (bits as usize, bits - 1)
    }
}

fn tally(counts: &mut Vec<u64>, index: usize) {
    if counts.len() <= index {
        counts.resize(index + 1, 0);
    }
    counts[index] += 1;
}

/// Parses `entries` (one side) into `parse`, with matches at most
/// `depth` deep.
pub fn parse(entries: &[u8], depth: u8, parse: &mut Parse) {
    let n = entries.len();
    let mut deep = vec![0u8; n];
    // Where each entry's copies end: itself for a literal entry.
    let mut root: Vec<u32> = (0..n as u32).collect();
    let mut slots = vec![u32::MAX; SLOTS];
    let mut recent = [1usize, 90, 8100, 729_000];
    let key = |i: usize| -> usize {
        let word = entries[i..i + WINDOW]
            .iter()
            .fold(0u64, |w, &e| w << 2 | u64::from(e));
        (word.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - 22)) as usize
    };
    let mut literal_start = 0;
    let mut i = 0;
    while i + WINDOW <= n {
        // A probe in a match that overlaps its source goes back by
        // whole distances at once, into entries before the match.
        let direct = |source: usize, deep: &[u8]| -> usize {
            let distance = i - source;
            let mut k = 0;
            while i + k < n
                && entries[i + k] == entries[source + k]
                && deep[source + k % distance] < depth
            {
                k += 1;
            }
            k
        };
        // The same entries copied from where `source`'s own copies
        // end (literal entries), while those lie in one stretch: one
        // match deep, however deep `source` is.
        let redirected = |source: usize, root: &[u32]| -> usize {
            let start = root[source] as usize;
            let mut k = 0;
            while i + k < n
                && source + k < i
                && entries[i + k] == entries[source + k]
                && root[source + k] as usize == start + k
            {
                k += 1;
            }
            k
        };
        let slot = key(i);
        let candidate = slots[slot];
        slots[slot] = i as u32;
        let mut sources: Vec<usize> = recent.iter().filter(|&&d| d <= i).map(|&d| i - d).collect();
        if candidate != u32::MAX {
            sources.push(candidate as usize);
        }
        // (length, distance, which recent distance or none).
        let mut best = (0usize, 0usize, usize::MAX);
        let mut consider = |length: usize, source: usize| {
            let distance = i - source;
            let r = recent
                .iter()
                .position(|&d| d == distance)
                .unwrap_or(usize::MAX);
            // A new distance costs more: take it only when longer by
            // a window.
            let score = |(length, _, r): (usize, usize, usize)| {
                if r == usize::MAX {
                    length.saturating_sub(WINDOW)
                } else {
                    length
                }
            };
            if score((length, distance, r)) > score(best) {
                best = (length, distance, r);
            }
        };
        for &source in &sources {
            consider(direct(source, &deep), source);
            if root[source] as usize != source {
                consider(redirected(source, &root), root[source] as usize);
            }
        }
        let (length, distance, r) = best;
        if length < WINDOW {
            i += 1;
            continue;
        }
        let run = (i - literal_start) as u64;
        for &e in &entries[literal_start..i] {
            parse.literals[usize::from(e)] += 1;
        }
        let (c, extra) = class(run);
        tally(&mut parse.literal_runs, c);
        parse.extra_bits += extra;
        let (c, extra) = class((length - WINDOW) as u64);
        tally(&mut parse.lengths, c);
        parse.extra_bits += extra;
        if r != usize::MAX {
            tally(&mut parse.distances, r);
            recent[..=r].rotate_right(1);
        } else {
            let (c, extra) = class(distance as u64);
            tally(&mut parse.distances, 4 + c);
            parse.extra_bits += extra;
            recent.rotate_right(1);
            recent[0] = distance;
        }
        parse.matches += 1;
        for k in 0..length {
            let source = i - distance + k % distance;
            deep[i + k] = deep[source] + 1;
            root[i + k] = root[source];
            parse.hops += u64::from(deep[i + k]);
            parse.deepest = parse.deepest.max(deep[i + k]);
        }
        // Remember some positions inside the match for later ones.
        let mut k = i + 1;
        while k + WINDOW <= n && k < i + length {
            slots[key(k)] = k as u32;
            k += 7;
        }
        i += length;
        literal_start = i;
    }
    for &e in &entries[literal_start..] {
        parse.literals[usize::from(e)] += 1;
    }
    let (c, extra) = class((n - literal_start) as u64);
    tally(&mut parse.literal_runs, c);
    parse.extra_bits += extra;
}

/// Bits to code `counts` at their empirical entropy, plus a byte per
/// symbol for a code table.
pub fn entropy_bits(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| 8.0 - c as f64 * (c as f64 / total as f64).log2())
        .sum()
}
