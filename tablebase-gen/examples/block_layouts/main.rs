//! Block layouts for a table file, measured on its own entries: for each
//! layout, the file's size under it and what a probe whose block is not
//! cached costs.
//!
//! `cargo run --release -p qiboard-tablebase-gen --example block_layouts -- FILE LAYOUT...`
//!
//! - `BYTES:LEVEL:DICT[:RUNS]`: zstd blocks of `BYTES` before compression
//!   at `LEVEL`, with a dictionary of `DICT` bytes trained with zstd's
//!   trainer on up to 2,000 of the table's blocks, evenly spaced (0: none;
//!   its bytes count in the size). `RUNS` 1 (WDL files only) compresses
//!   each block's runs of equal entries instead of its entries, and times
//!   turning them back into entries too. The time is one random block's
//!   checksum and decompression. Frames here carry their size and
//!   dictionary id, a few bytes more than the files' frames.
//! - `pairs:SYMBOLS:PER_ROUND:FILL:ORDER:BYTES...` (WDL files only): a
//!   pair grammar, the idea of Syzygy's tables as public descriptions of
//!   their format give it (our own code): Re-Pair (Larsson and Moffat)
//!   replaces the commonest pair of adjacent symbols with a new symbol,
//!   here `PER_ROUND` pairs a round, until `SYMBOLS` symbols or no pair
//!   is met 8 times; the symbol stream is coded with one canonical Huffman
//!   code and cut into blocks of `BYTES` bytes of code holding whole
//!   symbols, with each block's first entry in the index (four bytes a
//!   block). The time is one random entry's probe: find its block, decode
//!   symbols until the entry, walk the grammar down to it. `FILL` sets
//!   don't-care entries (no legal position): 0 as the file has them, `N`
//!   to the entry `N` before in the order coded, `drop` leaves them out
//!   (the size only). `ORDER` permutes the
//!   innermost digits of 90 squares of the index, outermost first (`-`
//!   or `012` for three: as the file; `210` reversed); use it with
//!   `FILL` 1. Simplifications: don't-care entries are fixed before the
//!   grammar is built, not chosen while pairing; rules cost two symbol
//!   numbers of fixed width, code lengths a byte a symbol. It also prints
//!   the code's entropy given three contexts of the symbol before, with
//!   how many (context, symbol) pairs such codes would list.
//! - `context:OFFSET...`: not a layout but a bound: the bytes a static
//!   model would take to code each entry knowing the entries `OFFSET`s
//!   before it (empirical conditional entropy and two 16-bit
//!   probabilities per context), what coding with that context could
//!   reach if a probe could see those entries.
//! - `periods:MAX`: the distances up to `MAX` at which entries most
//!   often equal the entry that far before them.
//! - `lz:BYTES:DEPTH...`: not a layout but an estimate: a greedy LZ
//!   parse of each whole side whose matches copy only entries fewer than
//!   `DEPTH` matches deep (a probe would follow at most `DEPTH` matches,
//!   each into a tiny block), sized at the entropy of what it codes with
//!   four bytes of index per `BYTES` of code.
//! - `dump:PATH`: writes the entries of both sides, packed as in a
//!   block, to `PATH`, for compressors run on the whole table.
//!
//! All but the zstd layouts read two-bit entries: WDL files only.
//!
//! e.g. `-- DIR/KRNKR.qwdl 8192:15:0 8192:15:65536 pairs:16384:64:0:-:64:256`.

use std::collections::HashMap;
use std::time::Instant;

use qiboard::xiangqi::Color;
use qiboard_tablebase::format::{checksum, BlockFile};
use qiboard_tablebase::{Decoder, FileKind, Layout, Material, MAX_ENTRIES};
use zstd::zstd_safe::{CCtx, CDict, CParameter, DCtx, DDict};

mod lz;
mod pairs;

/// Blocks decompressed per layout.
const SAMPLE: usize = 20_000;
/// Index bytes per block (length and checksum).
const RECORD: usize = 8;

/// Runs of equal two-bit entries in `packed` (four a byte): a byte of
/// symbol and length - 1 when below 63, else 63 and the rest in LEB128.
fn runs(packed: &[u8]) -> Vec<u8> {
    let entries = packed.len() * 4;
    let symbol = |i: usize| packed[i / 4] >> (2 * (i % 4)) & 3;
    let mut out = Vec::new();
    let mut i = 0;
    while i < entries {
        let s = symbol(i);
        let mut j = i + 1;
        while j < entries && symbol(j) == s {
            j += 1;
        }
        let n = j - i - 1;
        if n < 63 {
            out.push(s | (n as u8) << 2);
        } else {
            out.push(s | 63 << 2);
            let mut rest = n - 63;
            while rest >= 128 {
                out.push(rest as u8 | 128);
                rest >>= 7;
            }
            out.push(rest as u8);
        }
        i = j;
    }
    out
}

/// The packed entries of `runs`.
fn expand(runs: &[u8], out: &mut Vec<u8>) {
    let mut byte = 0u8;
    let mut bit = 0u32;
    let mut i = 0;
    while i < runs.len() {
        let s = runs[i] & 3;
        let mut n = usize::from(runs[i] >> 2);
        i += 1;
        if n == 63 {
            let mut shift = 0;
            let mut rest = 0usize;
            loop {
                let b = runs[i];
                i += 1;
                rest |= usize::from(b & 127) << shift;
                shift += 7;
                if b < 128 {
                    break;
                }
            }
            n += rest;
        }
        let mut n = n + 1;
        while n > 0 && bit != 0 {
            byte |= s << bit;
            bit = (bit + 2) % 8;
            n -= 1;
            if bit == 0 {
                out.push(byte);
                byte = 0;
            }
        }
        out.resize(out.len() + n / 4, s * 0x55);
        for _ in 0..n % 4 {
            byte |= s << bit;
            bit += 2;
        }
    }
    if bit != 0 {
        out.push(byte);
    }
}

/// One layout's results: the file's size and microseconds per block.
fn measure(
    sides: &[Vec<u8>],
    bytes: usize,
    level: i32,
    dictionary: usize,
    rle: bool,
) -> (usize, f64) {
    let plain: Vec<&[u8]> = sides.iter().flat_map(|side| side.chunks(bytes)).collect();
    let transformed: Vec<Vec<u8>> = plain
        .iter()
        .map(|chunk| if rle { runs(chunk) } else { chunk.to_vec() })
        .collect();
    let chunks: Vec<&[u8]> = transformed.iter().map(Vec::as_slice).collect();
    let dictionary = if dictionary > 0 {
        let samples: Vec<&[u8]> = chunks
            .iter()
            .step_by((chunks.len() / 2000).max(1))
            .copied()
            .collect();
        zstd::dict::from_samples(&samples, dictionary).expect("the dictionary trains")
    } else {
        Vec::new()
    };
    let mut context = CCtx::create();
    let set = |context: &mut CCtx, parameter| context.set_parameter(parameter).expect("valid");
    set(&mut context, CParameter::CompressionLevel(level));
    set(&mut context, CParameter::ContentSizeFlag(false));
    set(&mut context, CParameter::DictIdFlag(false));
    let prepared = CDict::create(&dictionary, level);
    let compressed: Vec<Vec<u8>> = chunks
        .iter()
        .map(|chunk| {
            let mut out = Vec::with_capacity(zstd::zstd_safe::compress_bound(chunk.len()));
            if dictionary.is_empty() {
                context.compress2(&mut out, chunk).expect("compresses");
            } else {
                context
                    .compress_using_cdict(&mut out, chunk, &prepared)
                    .expect("compresses");
            }
            out
        })
        .collect();
    let size = compressed.iter().map(Vec::len).sum::<usize>()
        + RECORD * compressed.len()
        + dictionary.len();
    let prepared = DDict::create(&dictionary);
    let mut context = DCtx::create();
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let order: Vec<usize> = (0..SAMPLE)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % compressed.len() as u64) as usize
        })
        .collect();
    let started = Instant::now();
    for &i in &order {
        let block = &compressed[i];
        // The checksum a reader checks, then the decompression.
        std::hint::black_box(checksum(block));
        let mut out = Vec::with_capacity(chunks[i].len());
        if dictionary.is_empty() {
            context.decompress(&mut out, block).expect("decompresses");
        } else {
            context
                .decompress_using_ddict(&mut out, block, &prepared)
                .expect("decompresses");
        }
        if rle {
            let mut packed = Vec::with_capacity(plain[i].len());
            expand(&out, &mut packed);
            assert_eq!(packed, plain[i]);
        } else {
            assert_eq!(out, chunks[i]);
        }
    }
    let micros = started.elapsed().as_secs_f64() * 1e6 / SAMPLE as f64;
    (size, micros)
}

/// The pair-grammar layouts of `sides` with at most `symbols` symbols,
/// one per block size in `sizes`: the file's size (blocks, four bytes of
/// index a block, three bytes a rule, a byte of code length a symbol)
/// and microseconds per probe of a random entry.
#[allow(clippy::too_many_arguments)]
fn measure_pairs(
    sides: &[Vec<u8>],
    legal_in: &[Vec<bool>],
    per_side: u64,
    symbols: usize,
    per_round: usize,
    fill: usize,
    dims: &[usize],
    sizes: &[usize],
) -> Vec<(usize, f64, usize)> {
    let original = unpack(sides, per_side);
    let legal = legal_in;
    // The innermost `dims.len()` digits of an index (each of 90 squares,
    // the last varying fastest) put in the order `dims` lists them.
    let position = |i: u64| -> u64 {
        let k = dims.len() as u32;
        if k == 0 {
            return i;
        }
        let inner = 90u64.pow(k);
        let mut digits = [0u64; 8];
        for (d, digit) in digits[..k as usize].iter_mut().enumerate() {
            *digit = i / 90u64.pow(k - 1 - d as u32) % 90;
        }
        dims.iter().fold(i / inner, |j, &d| j * 90 + digits[d])
    };
    let mut entries = original.clone();
    let mut legal = legal.to_vec();
    if !dims.is_empty() {
        for side in 0..2 {
            for i in 0..per_side {
                let j = position(i) as usize;
                entries[side][j] = original[side][i as usize];
                if !legal.is_empty() {
                    legal[side][j] = legal_in[side][i as usize];
                }
            }
        }
    }
    if fill == usize::MAX {
        // Don't-care entries dropped: what a fill that costs nothing
        // would approach (no probes: the entries no longer line up).
        for (side, legal) in entries.iter_mut().zip(&legal) {
            let mut i = 0;
            side.retain(|_| {
                i += 1;
                legal[i - 1]
            });
        }
    } else if fill > 0 {
        // A don't-care entry takes the entry `fill` before it (itself
        // filled), else the file's.
        for (side, legal) in entries.iter_mut().zip(&legal) {
            for i in fill..side.len() {
                if !legal[i] {
                    side[i] = side[i - fill];
                }
            }
        }
    }
    let mut streams: Vec<Vec<u16>> = entries
        .iter()
        .map(|side| side.iter().map(|&e| u16::from(e)).collect())
        .collect();
    let grammar = pairs::repair(&mut streams, symbols, per_round);
    let mut frequencies = vec![0u64; grammar.lengths.len()];
    for &s in streams.iter().flatten() {
        frequencies[usize::from(s)] += 1;
    }
    let lengths = pairs::code_lengths(&frequencies);
    let bits: u64 = frequencies
        .iter()
        .zip(&lengths)
        .map(|(&f, &l)| f * u64::from(l))
        .sum();
    println!(
        "  {} rules, {} symbols in the streams, {} bytes of code",
        grammar.rules.len(),
        streams.iter().map(Vec::len).sum::<usize>(),
        bits / 8,
    );
    // Codes chosen by what precedes a symbol: the entropy given a context
    // of the preceding symbol, and how many (context, symbol) pairs those
    // codes would list (at about two bytes each).
    let mut last: Vec<u8> = (0..grammar.lengths.len()).map(|s| s.min(2) as u8).collect();
    for s in 3..last.len() {
        last[s] = last[usize::from(grammar.rules[s - 3].1)];
    }
    let names = [
        "the last entry of the symbol before",
        "the last entry and length class of the symbol before",
        "the symbol before",
    ];
    for (kind, name) in names.iter().enumerate() {
        let context = |a: u16| -> u32 {
            let a = usize::from(a);
            match kind {
                0 => u32::from(last[a]),
                1 => u32::from(last[a]) << 8 | (64 - grammar.lengths[a].leading_zeros()),
                _ => a as u32,
            }
        };
        let mut following: HashMap<(u32, u16), u64> = HashMap::new();
        for stream in &streams {
            for w in stream.windows(2) {
                *following.entry((context(w[0]), w[1])).or_insert(0) += 1;
            }
        }
        let mut before: HashMap<u32, u64> = HashMap::new();
        for (&(a, _), &c) in &following {
            *before.entry(a).or_insert(0) += c;
        }
        let conditional: f64 = following
            .iter()
            .map(|(&(a, _), &c)| -(c as f64) * (c as f64 / before[&a] as f64).log2())
            .sum();
        println!(
            "  given {name}: {:.0} B of code, {} (context, symbol) pairs",
            conditional / 8.0,
            following.len()
        );
    }
    let code = pairs::Code::new(&lengths);
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let order: Vec<(usize, u64)> = (0..SAMPLE * 10)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state >> 63) as usize, (state >> 1) % per_side)
        })
        .collect();
    sizes
        .iter()
        .map(|&size| {
            let blocks: Vec<pairs::Blocks> = streams
                .iter()
                .map(|stream| pairs::encode(stream, &grammar, &code, size))
                .collect();
            let count: usize = blocks.iter().map(|b| b.starts.len()).sum();
            // A rule is two symbol numbers of as many bits as the largest
            // needs; a code length takes a byte.
            let rule_bits = 2 * (usize::BITS - grammar.lengths.len().leading_zeros()) as usize;
            let bytes = count * size
                + 4 * count
                + (rule_bits * grammar.rules.len()).div_ceil(8)
                + grammar.lengths.len();
            let started = Instant::now();
            for &(side, entry) in order.iter().filter(|_| fill != usize::MAX) {
                let value = pairs::probe(&blocks[side], &grammar, &code, size, position(entry));
                // Legal entries come back as the file has them.
                if legal.is_empty() || legal_in[side][entry as usize] {
                    assert_eq!(value, u16::from(original[side][entry as usize]));
                }
            }
            let micros = started.elapsed().as_secs_f64() * 1e6 / order.len() as f64;
            (bytes, micros, count)
        })
        .collect()
}

/// The bounded-depth LZ estimate for `entries` at each depth: bytes (with
/// four bytes of index per `block` bytes of code) and matches a probe
/// follows on average and at most.
fn measure_lz(entries: &[Vec<u8>], depths: &[usize], block: usize) -> Vec<(f64, f64, u8)> {
    depths
        .iter()
        .map(|&depth| {
            let mut parse = lz::Parse::default();
            for side in entries {
                lz::parse(side, depth as u8, &mut parse);
            }
            let bits = lz::entropy_bits(&parse.literals)
                + lz::entropy_bits(&parse.literal_runs)
                + lz::entropy_bits(&parse.lengths)
                + lz::entropy_bits(&parse.distances)
                + parse.extra_bits as f64;
            let code = bits / 8.0;
            let all: usize = entries.iter().map(Vec::len).sum();
            (
                code + 4.0 * (code / block as f64).ceil(),
                parse.hops as f64 / all as f64,
                parse.deepest,
            )
        })
        .collect()
}

/// The entries of both sides, one a byte.
fn unpack(sides: &[Vec<u8>], per_side: u64) -> Vec<Vec<u8>> {
    sides
        .iter()
        .map(|side| {
            (0..per_side as usize)
                .map(|i| side[i / 4] >> (2 * (i % 4)) & 3)
                .collect()
        })
        .collect()
}

/// The distances up to `max` at which entries most often equal the entry
/// that far before them.
fn periods(entries: &[Vec<u8>], max: usize) -> Vec<(usize, f64)> {
    let mut agree: Vec<(usize, f64)> = (1..=max)
        .map(|p| {
            let same: usize = entries
                .iter()
                .map(|side| {
                    side.iter()
                        .step_by(7)
                        .zip(side[p..].iter().step_by(7))
                        .filter(|(a, b)| a == b)
                        .count()
                })
                .sum();
            let all: usize = entries
                .iter()
                .map(|side| (side.len() - p).div_ceil(7))
                .sum();
            (p, same as f64 / all as f64)
        })
        .collect();
    agree.sort_by(|a, b| b.1.total_cmp(&a.1));
    agree.truncate(12);
    agree
}

/// Bytes that a static model would need to code every entry given the
/// entries at `offsets` before it (a fourth value where there is none):
/// the empirical conditional entropy, plus two 16-bit probabilities per
/// context seen.
fn context_bytes(entries: &[Vec<u8>], offsets: &[usize]) -> f64 {
    let contexts = 4usize.pow(offsets.len() as u32);
    let mut counts = vec![[0u64; 3]; contexts];
    for side in entries {
        for i in 0..side.len() {
            let context = offsets.iter().fold(0, |c, &o| {
                c * 4 + if i >= o { usize::from(side[i - o]) } else { 3 }
            });
            counts[context][usize::from(side[i])] += 1;
        }
    }
    let mut bits = 0.0;
    for c in &counts {
        let total: u64 = c.iter().sum();
        if total == 0 {
            continue;
        }
        bits += 32.0;
        for &n in c {
            if n > 0 {
                bits -= n as f64 * (n as f64 / total as f64).log2();
            }
        }
    }
    bits / 8.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((path, layouts)) = args.split_first() else {
        panic!("usage: block_layouts FILE BYTES:LEVEL:DICT...");
    };
    let kind = if path.ends_with(".qwdl") {
        FileKind::Wdl
    } else {
        FileKind::Dtm
    };
    let file = BlockFile::open(path.as_ref(), kind, MAX_ENTRIES).expect("a table file");
    let sides: Vec<Vec<u8>> = (0..2)
        .map(|side| {
            (0..file.header().blocks_per_side())
                .flat_map(|block| file.read_block(side, block).expect("the block reads"))
                .collect()
        })
        .collect();
    println!(
        "{path}: {} bytes before compression",
        sides.iter().map(Vec::len).sum::<usize>()
    );
    assert!(
        kind == FileKind::Wdl
            || layouts
                .iter()
                .all(|layout| layout.starts_with(|c: char| c.is_ascii_digit())),
        "only zstd layouts (BYTES:LEVEL:DICT) for a DTM file"
    );
    let legal: Vec<Vec<bool>> = if layouts.iter().any(|layout| layout.starts_with("pairs:")) {
        let material: Material = file.header().material.parse().expect("a signature");
        let layout = Layout::new(material).expect("an index");
        let mut decoder = Decoder::new(&layout);
        let legal: Vec<Vec<bool>> = [Color::Red, Color::Black]
            .into_iter()
            .map(|side| {
                (0..layout.per_side())
                    .map(|i| decoder.position(side, i).is_some())
                    .collect()
            })
            .collect();
        let count = legal.iter().flatten().filter(|&&l| l).count();
        println!("{count} legal entries of {}", 2 * layout.per_side());
        legal
    } else {
        Vec::new()
    };
    for layout in layouts {
        if let Some(rest) = layout.strip_prefix("lz:") {
            let usage = "lz:BYTES:DEPTH...";
            let fields: Vec<usize> = rest.split(':').map(|f| f.parse().expect(usage)).collect();
            assert!(
                fields.len() > 1 && fields[1..].iter().all(|&d| (1..=255).contains(&d)),
                "{usage}"
            );
            let entries = unpack(&sides, file.header().per_side);
            for (depth, (bytes, mean, deepest)) in
                fields[1..]
                    .iter()
                    .zip(measure_lz(&entries, &fields[1..], fields[0]))
            {
                println!(
                    "lz, at most {depth} matches deep, blocks of {} B of code: about {bytes:.0} B; a probe follows {mean:.2} matches on average, {deepest} at most",
                    fields[0]
                );
            }
            continue;
        }
        if let Some(rest) = layout.strip_prefix("dump:") {
            std::fs::write(rest, sides.concat()).expect("the dump writes");
            println!("wrote the entries of both sides to {rest}");
            continue;
        }
        if let Some(rest) = layout.strip_prefix("periods:") {
            let entries = unpack(&sides, file.header().per_side);
            for (p, agree) in periods(&entries, rest.parse().expect("periods:MAX")) {
                println!("entries {p} apart agree {:.2}%", agree * 100.0);
            }
            continue;
        }
        if let Some(rest) = layout.strip_prefix("context:") {
            let entries = unpack(&sides, file.header().per_side);
            let offsets: Vec<usize> = rest
                .split(':')
                .map(|f| f.parse().expect("context:OFFSET..."))
                .collect();
            println!(
                "context of the entries {offsets:?} before: {:.0} B",
                context_bytes(&entries, &offsets)
            );
            continue;
        }
        if let Some(rest) = layout.strip_prefix("pairs:") {
            let usage = "pairs:SYMBOLS:PER_ROUND:FILL:ORDER:BYTES...";
            let words: Vec<&str> = rest.split(':').collect();
            assert!(words.len() > 4, "{usage}");
            let dims: Vec<usize> = words[3]
                .bytes()
                .filter(u8::is_ascii_digit)
                .map(|d| usize::from(d - b'0'))
                .collect();
            let fields: Vec<usize> = words
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    if i == 3 || *f == "drop" {
                        Ok(0)
                    } else {
                        f.parse()
                    }
                })
                .collect::<Result<_, _>>()
                .expect(usage);
            // Three WDL values and at least one rule; symbols are u16.
            assert!(
                (4..=1 << 16).contains(&fields[0]) && dims.len() <= 8,
                "{usage}: SYMBOLS from 4 to 65,536, at most 8 digits of ORDER"
            );
            let started = Instant::now();
            let fill = if words[2] == "drop" {
                usize::MAX
            } else {
                fields[2]
            };
            let results = measure_pairs(
                &sides,
                &legal,
                file.header().per_side,
                fields[0],
                fields[1],
                fill,
                &dims,
                &fields[4..],
            );
            let seconds = started.elapsed().as_secs_f64();
            for (size, (bytes, micros, count)) in fields[4..].iter().zip(results) {
                println!(
                    "pairs, at most {} symbols, {} a round, fill {}, order {}, blocks of {size} B of code ({count} blocks): {bytes} B, {micros:.3} us a probe ({seconds:.1} s for all)",
                    fields[0], fields[1], words[2], words[3]
                );
            }
            continue;
        }
        let fields: Vec<i64> = layout
            .split(':')
            .map(|field| field.parse().expect("BYTES:LEVEL:DICT"))
            .collect();
        let (bytes, level, dictionary, rle) = match fields[..] {
            [bytes, level, dictionary] => (bytes, level, dictionary, false),
            [bytes, level, dictionary, rle] => (bytes, level, dictionary, rle != 0),
            _ => panic!("{layout}: expected BYTES:LEVEL:DICT[:RUNS]"),
        };
        let (size, micros) = measure(
            &sides,
            bytes as usize,
            level as i32,
            dictionary as usize,
            rle,
        );
        println!(
            "blocks of {bytes} B, level {level}, dictionary {dictionary} B, runs {rle}: {size} B, {micros:.2} us a block"
        );
    }
}
