//! Block layouts for a table file, measured on its own entries: for each
//! layout (bytes per block before compression, zstd level, and the size of
//! a dictionary trained on the table's blocks, 0 for none), the file's size
//! under it and what decompressing one block at random costs, the cost a
//! probe whose block is not cached pays.
//!
//! `cargo run --release -p qiboard-tablebase-gen --example block_layouts -- FILE BYTES:LEVEL:DICT[:RUNS]...`
//!
//! e.g. `-- DIR/KRNKR.qwdl 8192:15:0 8192:15:65536 16384:15:0:1`. The
//! dictionary is trained with zstd's trainer on up to 2,000 of the
//! table's blocks, evenly spaced; its bytes count in the size. `RUNS` 1
//! (WDL files only) compresses each block's runs of equal entries instead
//! of its entries, and times turning them back into entries too. Frames
//! here carry their size and dictionary id, a few bytes more than the
//! files' frames.

use std::time::Instant;

use qiboard_tablebase::format::{checksum, BlockFile};
use qiboard_tablebase::{FileKind, MAX_ENTRIES};
use zstd::zstd_safe::{CCtx, CDict, CParameter, DCtx, DDict};

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
    for layout in layouts {
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
