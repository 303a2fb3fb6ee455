//! Pair-grammar layouts (`pairs:BYTES:SYMBOLS`): the entries of both sides
//! rewritten by Re-Pair into at most `SYMBOLS` symbols (the three values
//! and one per pair rule), the symbol stream coded with one canonical
//! Huffman code and cut into blocks of `BYTES` bytes of code, each holding
//! whole symbols, with the first entry of every block kept in the index.
//! A probe finds its block, decodes symbols until it reaches the entry and
//! walks the grammar down to it: its cost follows the block's bytes of
//! code, not its entries.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hash of a pair's key: the standard hasher's
/// strength is not needed for counting pairs.
#[derive(Default)]
struct FastHasher(u64);
impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, i: u32) {
        self.0 = u64::from(i)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(26);
    }
}
type Fast = BuildHasherDefault<FastHasher>;

/// Base symbols: the three WDL values.
const BASE: usize = 3;
/// The longest code, so that a code fits the top 32 bits of a window.
const MAX_CODE: u32 = 32;
/// A pair rule is made only for pairs met at least this often.
const MIN_COUNT: u32 = 8;

/// The grammar: `rules[s - BASE]` is symbol `s`'s pair, `lengths[s]`
/// the entries it stands for.
pub struct Grammar {
    pub rules: Vec<(u16, u16)>,
    pub lengths: Vec<u64>,
}

/// Rewrites `streams` in place with rules made `per_round` at a time
/// (pairs chosen together never overlap but in runs of one symbol),
/// the commonest pair first, until `max_symbols` or no pair repeats.
pub fn repair(streams: &mut [Vec<u16>], max_symbols: usize, per_round: usize) -> Grammar {
    let n = max_symbols;
    let mut counts: HashMap<u32, u32, Fast> = HashMap::default();
    let mut replace: HashMap<u32, u16, Fast> = HashMap::default();
    let mut starts_pair = vec![false; n];
    let mut rules: Vec<(u16, u16)> = Vec::new();
    let mut lengths: Vec<u64> = vec![1; BASE];
    loop {
        let symbols = BASE + rules.len();
        if symbols >= n {
            break;
        }
        counts.clear();
        for stream in streams.iter() {
            // A run of one symbol holds half as many pairs as it has
            // neighbours: count only those that do not overlap.
            let mut in_run = false;
            for w in stream.windows(2) {
                if in_run && w[0] == w[1] {
                    in_run = false;
                    continue;
                }
                *counts
                    .entry(u32::from(w[0]) << 16 | u32::from(w[1]))
                    .or_insert(0) += 1;
                in_run = w[0] == w[1];
            }
        }
        let mut candidates: Vec<(u32, u32)> = counts
            .iter()
            .filter(|&(_, &c)| c >= MIN_COUNT)
            .map(|(&i, &c)| (c, i))
            .collect();
        if candidates.is_empty() {
            break;
        }
        candidates.sort_unstable_by(|a, b| b.cmp(a));
        let mut lefts = vec![false; n];
        let mut rights = vec![false; n];
        let mut chosen = Vec::new();
        for &(_, i) in &candidates {
            if chosen.len() == per_round || BASE + rules.len() + chosen.len() >= n {
                break;
            }
            let (a, b) = ((i >> 16) as usize, (i & 0xffff) as usize);
            // Occurrences of two chosen pairs must not overlap, so
            // that one pass left to right replaces every counted one.
            if rights[a] || lefts[b] {
                continue;
            }
            lefts[a] = true;
            rights[b] = true;
            chosen.push((a, b));
        }
        for &(a, b) in &chosen {
            let symbol = (BASE + rules.len()) as u16;
            rules.push((a as u16, b as u16));
            lengths.push(lengths[a] + lengths[b]);
            replace.insert((a as u32) << 16 | b as u32, symbol);
            starts_pair[a] = true;
        }
        for stream in streams.iter_mut() {
            let mut w = 0;
            let mut i = 0;
            while i < stream.len() {
                let s = stream[i];
                if i + 1 < stream.len() && starts_pair[usize::from(s)] {
                    if let Some(&r) = replace.get(&(u32::from(s) << 16 | u32::from(stream[i + 1])))
                    {
                        stream[w] = r;
                        w += 1;
                        i += 2;
                        continue;
                    }
                }
                stream[w] = s;
                w += 1;
                i += 1;
            }
            stream.truncate(w);
        }
        replace.clear();
        starts_pair.fill(false);
    }
    Grammar { rules, lengths }
}

/// Huffman code lengths of `frequencies` (0 for symbols never used),
/// at most [`MAX_CODE`] bits: frequencies are halved until they fit.
pub fn code_lengths(frequencies: &[u64]) -> Vec<u8> {
    let mut frequencies = frequencies.to_vec();
    loop {
        let mut lengths = vec![0u8; frequencies.len()];
        let used: Vec<usize> = (0..frequencies.len())
            .filter(|&s| frequencies[s] > 0)
            .collect();
        if used.len() == 1 {
            lengths[used[0]] = 1;
            return lengths;
        }
        // Nodes: leaves first, then inner nodes; `parent` links up.
        let mut parent = vec![usize::MAX; 2 * used.len()];
        let mut heap: BinaryHeap<Reverse<(u64, usize)>> = used
            .iter()
            .enumerate()
            .map(|(i, &s)| Reverse((frequencies[s], i)))
            .collect();
        let mut next = used.len();
        while heap.len() > 1 {
            let Reverse((fa, a)) = heap.pop().expect("two nodes");
            let Reverse((fb, b)) = heap.pop().expect("two nodes");
            parent[a] = next;
            parent[b] = next;
            heap.push(Reverse((fa + fb, next)));
            next += 1;
        }
        let mut longest = 0;
        for (i, &s) in used.iter().enumerate() {
            let mut depth = 0u32;
            let mut node = i;
            while parent[node] != usize::MAX {
                node = parent[node];
                depth += 1;
            }
            lengths[s] = depth as u8;
            longest = longest.max(depth);
        }
        if longest <= MAX_CODE {
            return lengths;
        }
        for f in &mut frequencies {
            if *f > 0 {
                *f = (*f).div_ceil(2);
            }
        }
    }
}

/// A canonical code: codes of one length are consecutive, shorter
/// ones first.
pub struct Code {
    /// Each symbol's code and length, for the writer.
    pub codes: Vec<(u32, u8)>,
    /// Per length `l` (index `l`): one past the last code of length
    /// `l`, left-aligned in 32 bits (as u64, so 2^32 fits).
    limit: [u64; MAX_CODE as usize + 1],
    /// Per length: its first code and where its symbols start in
    /// `sorted`.
    first: [u32; MAX_CODE as usize + 1],
    offset: [u32; MAX_CODE as usize + 1],
    sorted: Vec<u16>,
    shortest: u32,
}

impl Code {
    pub fn new(lengths: &[u8]) -> Code {
        let mut sorted: Vec<u16> = (0..lengths.len() as u16)
            .filter(|&s| lengths[usize::from(s)] > 0)
            .collect();
        sorted.sort_by_key(|&s| (lengths[usize::from(s)], s));
        let mut codes = vec![(0u32, 0u8); lengths.len()];
        let mut limit = [0u64; MAX_CODE as usize + 1];
        let mut first = [0u32; MAX_CODE as usize + 1];
        let mut offset = [0u32; MAX_CODE as usize + 1];
        let mut code = 0u64;
        let mut length = 0u32;
        let mut i = 0;
        for l in 1..=MAX_CODE {
            code <<= 1;
            length = l;
            first[l as usize] = code as u32;
            offset[l as usize] = i as u32;
            while i < sorted.len() && u32::from(lengths[usize::from(sorted[i])]) == l {
                codes[usize::from(sorted[i])] = (code as u32, l as u8);
                code += 1;
                i += 1;
            }
            limit[l as usize] = code << (MAX_CODE - l);
        }
        debug_assert_eq!(length, MAX_CODE);
        let shortest = sorted
            .first()
            .map_or(1, |&s| u32::from(lengths[usize::from(s)]));
        Code {
            codes,
            limit,
            first,
            offset,
            sorted,
            shortest,
        }
    }

    /// The symbol whose code starts `window`'s top 32 bits, and its
    /// length.
    #[inline]
    pub fn decode(&self, window: u32) -> (u16, u32) {
        let window = u64::from(window);
        let mut l = self.shortest;
        while window >= self.limit[l as usize] {
            l += 1;
        }
        let code = (window >> (MAX_CODE - l)) as u32;
        let symbol =
            self.sorted[(self.offset[l as usize] + code - self.first[l as usize]) as usize];
        (symbol, l)
    }
}

/// One side's blocks: `bytes` per block (plus eight zero bytes past
/// the last, so a window never reads out of bounds) and the first
/// entry of each.
pub struct Blocks {
    pub bytes: Vec<u8>,
    pub starts: Vec<u64>,
}

/// Cuts `stream` into blocks of `size` bytes of code, whole symbols
/// each, the rest of a block's bits zero.
pub fn encode(stream: &[u16], grammar: &Grammar, code: &Code, size: usize) -> Blocks {
    let mut bytes = Vec::new();
    let mut starts = Vec::new();
    let mut entry = 0u64;
    let mut block = vec![0u8; size];
    let mut bit = size * 8;
    for &s in stream {
        let (c, l) = code.codes[usize::from(s)];
        let l = usize::from(l);
        if bit + l > size * 8 {
            if !starts.is_empty() {
                bytes.extend_from_slice(&block);
            }
            block.fill(0);
            bit = 0;
            starts.push(entry);
        }
        for k in 0..l {
            if c >> (l - 1 - k) & 1 != 0 {
                block[(bit + k) / 8] |= 0x80 >> ((bit + k) % 8);
            }
        }
        bit += l;
        entry += grammar.lengths[usize::from(s)];
    }
    if !starts.is_empty() {
        bytes.extend_from_slice(&block);
    }
    bytes.extend_from_slice(&[0; 8]);
    Blocks { bytes, starts }
}

/// Entry `entry` of a side: find its block, decode symbols up to it,
/// walk the grammar down.
#[inline]
pub fn probe(blocks: &Blocks, grammar: &Grammar, code: &Code, size: usize, entry: u64) -> u16 {
    let block = blocks.starts.partition_point(|&start| start <= entry) - 1;
    let bytes = &blocks.bytes[block * size..];
    let mut at = blocks.starts[block];
    let mut bit = 0usize;
    loop {
        let word = u64::from_be_bytes(bytes[bit / 8..bit / 8 + 8].try_into().expect("8 bytes"));
        let (mut symbol, l) = code.decode((word << (bit % 8) >> 32) as u32);
        let length = grammar.lengths[usize::from(symbol)];
        if entry < at + length {
            let mut offset = entry - at;
            while usize::from(symbol) >= BASE {
                let (left, right) = grammar.rules[usize::from(symbol) - BASE];
                let left_length = grammar.lengths[usize::from(left)];
                if offset < left_length {
                    symbol = left;
                } else {
                    offset -= left_length;
                    symbol = right;
                }
            }
            return symbol;
        }
        at += length;
        bit += l as usize;
    }
}
