//! Writing a table's two files, and reading a whole table back (for
//! solving bigger endgames and for verification).
//!
//! Files are written to a temporary name and renamed, so a crash leaves
//! the old file or none, never half of one (the half-written temporary,
//! hidden, goes when the next writer of that table takes its lock); the
//! bytes depend only on the values, so regenerating gives identical files.
//! Each block goes to the file as it is compressed, after room left for
//! the file's head, which goes in last: a writer holds the block index,
//! never a whole file.

use std::fs;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use qiboard::xiangqi::Color;

use qiboard_tablebase::format::{
    code_of, dtm_entry, open, pack_block, wdl_symbol, BlockFile, Compressor, FileHead, Header,
    DTM_BLOCK_BYTES, DTM_LEVEL, INDEX_SCHEME, WDL_BLOCK_ENTRIES, WDL_LEVEL,
};
use qiboard_tablebase::{
    table_path, FileKind, Layout, Material, ProbeError, RuleSet, SideStats, Table, MAX_ENTRIES,
};

use crate::GenerateError;

/// Each block of `codes` (one side's) packed into entries of `width` bits
/// by `entry` ([`pack_block`]) and compressed with `dictionary` (empty:
/// none). Each thread keeps one compressor and one buffer for all its
/// blocks: making them afresh per block left the allocator holding tens
/// of megabytes.
fn blocks_of(
    codes: &[u16],
    block_entries: usize,
    width: u8,
    level: i32,
    dictionary: &[u8],
    entry: impl Fn(u16) -> Option<u16> + Sync,
) -> Vec<Vec<u8>> {
    codes
        .par_chunks(block_entries)
        .map_init(
            || (Compressor::with_dictionary(level, dictionary), Vec::new()),
            |(compressor, bytes), block| {
                pack_block(block, width, &entry, bytes);
                compressor.compress(bytes)
            },
        )
        .collect()
}

fn header(codes: &dyn Codes, kind: FileKind, width: u8, block_entries: u32) -> Header {
    Header {
        kind,
        index_scheme: INDEX_SCHEME,
        rules: codes.rules().code(),
        width,
        material: codes.layout().material().to_string(),
        per_side: codes.layout().per_side(),
        block_entries,
        stats: Color::ALL.map(|side| codes.stats(side)),
    }
}

/// Where the values of a table being written come from: a table in
/// memory, or the scratch files of a solve out of core.
pub(crate) trait Codes {
    fn layout(&self) -> &Layout;
    fn rules(&self) -> RuleSet;
    fn stats(&self, side: Color) -> SideStats;
    /// The codes of `side`'s entries `range` into `out`, which they
    /// replace.
    fn read(
        &mut self,
        side: Color,
        range: Range<usize>,
        out: &mut Vec<u16>,
    ) -> Result<(), GenerateError>;
}

impl Codes for &Table {
    fn layout(&self) -> &Layout {
        Table::layout(self)
    }

    fn rules(&self) -> RuleSet {
        Table::rules(self)
    }

    fn stats(&self, side: Color) -> SideStats {
        Table::stats(self, side)
    }

    fn read(
        &mut self,
        side: Color,
        range: Range<usize>,
        out: &mut Vec<u16>,
    ) -> Result<(), GenerateError> {
        out.clear();
        out.extend_from_slice(&self.codes(side)[range]);
        Ok(())
    }
}

/// Blocks a run holds per thread compressing it: enough that handing the
/// run to the threads costs little beside compressing blocks of a few
/// KiB, few enough that a run stays a few MiB.
const BLOCKS_PER_THREAD: usize = 64;

/// Calls `each` with every run of `side`'s codes, in order, each a whole
/// number of blocks of `block_entries` (but the last):
/// [`BLOCKS_PER_THREAD`] blocks for each thread compressing them, so that
/// a table out of core is never held whole.
fn runs_of(
    codes: &mut dyn Codes,
    side: Color,
    block_entries: usize,
    mut each: impl FnMut(&[u16]) -> Result<(), GenerateError>,
) -> Result<(), GenerateError> {
    let per_side = codes.layout().per_side() as usize;
    let run = block_entries * BLOCKS_PER_THREAD * rayon::current_num_threads().max(1);
    let mut buffer = Vec::new();
    for start in (0..per_side).step_by(run) {
        codes.read(side, start..per_side.min(start + run), &mut buffer)?;
        each(&buffer)?;
    }
    Ok(())
}

/// The most bytes writing the files of a table of `entries` entries holds
/// beside its values, on the threads rayon runs, in the largest of its
/// three steps. Training the WDL dictionary: the samples, twice while the
/// trainer joins them into one buffer, with its own tables
/// ([`TRAINER_BYTES`]), then once with a compression context a thread
/// that tries the dictionary. Writing either file: each thread's context
/// at the file's level and dictionary ([`context_bytes`]) with its packed
/// block and the block compressed; a run of codes ([`runs_of`]) with its
/// blocks compressed (at most as large as packed: zstd's bound), gathered
/// before they go out; the block index, four bytes a block, grown to
/// twice that at most, and the dictionary.
pub(crate) fn writer_bytes(entries: u64) -> u64 {
    let threads = rayon::current_num_threads().max(1) as u64;
    let per_side = entries.div_ceil(2);
    let contexts = |block_bytes: u64| threads * (context_bytes() + 2 * block_bytes);
    let size = dictionary_size(per_side);
    let dictionary = if size < MIN_DICTIONARY_BYTES { 0 } else { size };
    let file = |block_entries: u64, block_bytes: u64| {
        let blocks = per_side.div_ceil(block_entries);
        let run_blocks = (BLOCKS_PER_THREAD as u64 * threads).min(blocks.max(1));
        let run = run_blocks * (block_entries * 2 + 2 * block_bytes);
        run + contexts(block_bytes) + 2 * blocks * 4 + dictionary
    };
    let wdl_block = u64::from(WDL_BLOCK_ENTRIES) / 4;
    let wdl = file(u64::from(WDL_BLOCK_ENTRIES), wdl_block);
    // Eight-bit entries give the DTM file the most blocks.
    let dtm = file(u64::from(DTM_BLOCK_BYTES), u64::from(DTM_BLOCK_BYTES));
    // Only a table large enough for a dictionary trains one.
    let training = if dictionary == 0 {
        0
    } else {
        let samples = (2 * per_side.div_ceil(u64::from(WDL_BLOCK_ENTRIES))).min(DICTIONARY_SAMPLES);
        let samples = samples * wdl_block;
        samples + (samples + TRAINER_BYTES).max(contexts(wdl_block)) + dictionary
    };
    wdl.max(dtm).max(training)
}

/// What zstd's dictionary trainer allocates beside the samples, at most
/// (its fast cover algorithm's table of a four-byte count for each of
/// 2^20 hashes, and a segment's counts of two bytes each), with room for
/// the dictionary it returns.
const TRAINER_BYTES: u64 = (4 << 20) + (2 << 20) + (1 << 20);

/// The most bytes one compression context of the writer takes: at the WDL
/// files' level with the largest dictionary, or the DTM files' without,
/// each once it has compressed a block (zstd sizes its tables for the
/// input). Measured once, from zstd itself.
fn context_bytes() -> u64 {
    static BYTES: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *BYTES.get_or_init(|| {
        // Bytes no model compresses, so that every table is used.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut noise = |len: usize| -> Vec<u8> {
            (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state as u8
                })
                .collect()
        };
        let dictionary = noise(WDL_DICTIONARY_BYTES as usize);
        let block = noise(DTM_BLOCK_BYTES as usize);
        [(WDL_LEVEL, &dictionary[..]), (DTM_LEVEL, &[][..])]
            .into_iter()
            .filter_map(|(level, dictionary)| {
                let mut context =
                    zstd::bulk::Compressor::with_dictionary(level, dictionary).ok()?;
                context.compress(&block).ok()?;
                Some(context.context_mut().sizeof() as u64)
            })
            .max()
            // Without zstd's figure, its documented worst at these levels.
            .unwrap_or(64 << 20)
    })
}

/// WDL blocks sampled to train a dictionary, at most: evenly spaced over
/// both sides, so that training reads a bounded part of a table out of
/// core and holds 8 MiB at most.
const DICTIONARY_SAMPLES: u64 = 1024;
/// The WDL dictionary's size: one byte per this many bytes of entries, up
/// to [`WDL_DICTIONARY_BYTES`] (a larger dictionary costs more in the file
/// than it saves, and is slower to prepare).
const ENTRY_BYTES_PER_DICTIONARY_BYTE: u64 = 256;
/// The largest WDL dictionary written.
const WDL_DICTIONARY_BYTES: u64 = 64 << 10;
/// Tables whose dictionary would be smaller than this have none: too few
/// blocks for a dictionary to pay.
const MIN_DICTIONARY_BYTES: u64 = 1 << 10;

/// The size of the WDL dictionary of a table of `per_side` entries a side
/// (none below [`MIN_DICTIONARY_BYTES`]).
fn dictionary_size(per_side: u64) -> u64 {
    (per_side / 2 / ENTRY_BYTES_PER_DICTIONARY_BYTE).min(WDL_DICTIONARY_BYTES)
}

/// A dictionary for the WDL file of the table `codes` holds, trained on a
/// sample of its blocks, or none (empty) when the table is too small or
/// the dictionary would not pay for its own bytes on the sample.
fn wdl_dictionary(codes: &mut dyn Codes) -> Result<Vec<u8>, GenerateError> {
    let per_side = codes.layout().per_side();
    let block_entries = u64::from(WDL_BLOCK_ENTRIES);
    let blocks_per_side = per_side.div_ceil(block_entries);
    let size = dictionary_size(per_side);
    if size < MIN_DICTIONARY_BYTES {
        return Ok(Vec::new());
    }
    let blocks = 2 * blocks_per_side;
    let step = blocks.div_ceil(DICTIONARY_SAMPLES).max(1);
    let mut samples = Vec::new();
    let mut run = Vec::new();
    for number in (0..blocks).step_by(step as usize) {
        let side = Color::ALL[(number / blocks_per_side) as usize];
        let start = (number % blocks_per_side * block_entries) as usize;
        let end = (start + block_entries as usize).min(per_side as usize);
        codes.read(side, start..end, &mut run)?;
        let mut packed = Vec::new();
        pack_block(&run, 2, |code| wdl_symbol(code).map(u16::from), &mut packed);
        samples.push(packed);
    }
    // The trainer refuses samples too few or too alike: no dictionary then.
    let Ok(dictionary) = zstd::dict::from_samples(&samples, size as usize) else {
        return Ok(Vec::new());
    };
    let compressed = |dictionary: &[u8]| {
        samples
            .par_iter()
            .map_init(
                || Compressor::with_dictionary(WDL_LEVEL, dictionary),
                |compressor, sample| compressor.compress(sample).len() as u64,
            )
            .sum::<u64>()
    };
    let saved = compressed(&[]).saturating_sub(compressed(&dictionary));
    // What the sample saved, scaled to the whole file.
    let pays = saved * blocks / samples.len() as u64 > dictionary.len() as u64;
    Ok(if pays { dictionary } else { Vec::new() })
}

/// A block file being written to `out`: room is left for its head, each
/// block goes out as it is compressed, and the head goes in last, so that
/// only the index is held whatever the table's size.
struct BlockWriter<'a, W: Write + Seek> {
    out: BufWriter<W>,
    head: FileHead,
    header: Header,
    dictionary: &'a [u8],
}

impl<'a, W: Write + Seek> BlockWriter<'a, W> {
    fn new(out: W, header: Header, dictionary: &'a [u8]) -> io::Result<Self> {
        let per_side = header.per_side;
        let blocks = 2 * per_side.div_ceil(u64::from(header.block_entries));
        let head = FileHead::new(dictionary, blocks);
        let mut out = BufWriter::new(out);
        out.seek(SeekFrom::Start(head.blocks_start(&header)))?;
        Ok(BlockWriter {
            out,
            head,
            header,
            dictionary,
        })
    }

    fn push(&mut self, block: &[u8]) -> io::Result<()> {
        self.head.add(block);
        self.out.write_all(block)
    }

    /// The head in its place; the writer back, and the file's length.
    fn finish(mut self) -> io::Result<(W, u64)> {
        let length = self.out.stream_position()?;
        self.out.seek(SeekFrom::Start(0))?;
        self.out
            .write_all(&self.head.finish(&self.header, self.dictionary))?;
        let out = self.out.into_inner().map_err(|error| error.into_error())?;
        Ok((out, length))
    }
}

/// How one of a table's two files is laid out.
struct FileLayout<'a> {
    kind: FileKind,
    width: u8,
    block_entries: u32,
    level: i32,
    dictionary: &'a [u8],
}

/// Writes the file `layout` describes of the table `codes` holds to `out`,
/// a run of blocks at a time (see [`BlockWriter`]), `entry` giving each
/// code's stored value; `each_run` sees every run of codes as it passes.
/// Returns the writer and the file's length; `failed` names the file an
/// I/O error belongs to.
fn write_file<W: Write + Seek>(
    codes: &mut dyn Codes,
    out: W,
    layout: FileLayout<'_>,
    entry: impl Fn(u16) -> Option<u16> + Sync,
    mut each_run: impl FnMut(&[u16]),
    failed: impl Fn(FileKind, io::Error) -> GenerateError,
) -> Result<(W, u64), GenerateError> {
    let io = |error| failed(layout.kind, error);
    let header = header(&*codes, layout.kind, layout.width, layout.block_entries);
    let mut file = BlockWriter::new(out, header, layout.dictionary).map_err(io)?;
    let block_entries = layout.block_entries as usize;
    for side in Color::ALL {
        runs_of(codes, side, block_entries, |run| {
            let blocks = blocks_of(
                run,
                block_entries,
                layout.width,
                layout.level,
                layout.dictionary,
                &entry,
            );
            each_run(run);
            blocks
                .iter()
                .try_for_each(|block| file.push(block))
                .map_err(io)
        })?;
    }
    file.finish().map_err(io)
}

/// Writes the two files of the table `codes` holds, WDL then DTM, to the
/// writers `open` gives for each; `failed` names the file an I/O error
/// belongs to. Returns the writers and the files' lengths.
fn write_files<W: Write + Seek>(
    codes: &mut dyn Codes,
    mut open: impl FnMut(FileKind) -> Result<W, GenerateError>,
    failed: impl Fn(FileKind, io::Error) -> GenerateError + Copy,
) -> Result<[(W, u64); 2], GenerateError> {
    let dictionary = wdl_dictionary(codes)?;
    let wdl_layout = FileLayout {
        kind: FileKind::Wdl,
        width: 2,
        block_entries: WDL_BLOCK_ENTRIES,
        level: WDL_LEVEL,
        dictionary: &dictionary,
    };
    // The DTM file's width is that of the widest distance, found while
    // the WDL file is written.
    let mut widest = 0;
    let widest_of = |run: &[u16]| {
        let run_widest = run.par_iter().filter_map(|&code| dtm_entry(code)).max();
        widest = widest.max(run_widest.unwrap_or(0));
    };
    let wdl_symbol = |code| wdl_symbol(code).map(u16::from);
    let out = open(FileKind::Wdl)?;
    let wdl = write_file(codes, out, wdl_layout, wdl_symbol, widest_of, failed)?;
    let width: u8 = if widest <= 0xff { 8 } else { 16 };
    let dtm_layout = FileLayout {
        kind: FileKind::Dtm,
        width,
        block_entries: DTM_BLOCK_BYTES * 8 / u32::from(width),
        level: DTM_LEVEL,
        dictionary: &[],
    };
    let out = open(FileKind::Dtm)?;
    let dtm = write_file(codes, out, dtm_layout, dtm_entry, |_| {}, failed)?;
    Ok([wdl, dtm])
}

/// The two files' bytes for the table `codes` holds: WDL, then DTM.
#[cfg(test)]
pub(crate) fn encode(codes: &mut dyn Codes) -> Result<[Vec<u8>; 2], GenerateError> {
    let in_memory = |_| Ok(io::Cursor::new(Vec::new()));
    let failed = |_, source| GenerateError::Io {
        path: PathBuf::new(),
        source,
    };
    let [(wdl, _), (dtm, _)] = write_files(codes, in_memory, failed)?;
    Ok([wdl.into_inner(), dtm.into_inner()])
}

/// What saving one table wrote: each file and its size.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The WDL file and its size in bytes.
    pub wdl: (PathBuf, u64),
    /// The DTM file and its size in bytes.
    pub dtm: (PathBuf, u64),
}

/// Writes `table`'s two files to `dir` (created if missing), each through
/// a temporary file.
pub(crate) fn save(table: &Table, dir: &Path) -> Result<Saved, GenerateError> {
    save_codes(&mut &*table, dir)
}

/// [`save`] of the table `codes` holds.
pub(crate) fn save_codes(codes: &mut dyn Codes, dir: &Path) -> Result<Saved, GenerateError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| GenerateError::Io { path, source }
    };
    fs::create_dir_all(dir).map_err(io(dir))?;
    let material = codes.layout().material();
    let rules = codes.rules();
    // Tables of the other rule set are kept: they are another user's data.
    for kind in [FileKind::Wdl, FileKind::Dtm] {
        let path = table_path(dir, material, kind);
        if let Ok(existing) = BlockFile::open(&path, kind, MAX_ENTRIES) {
            let found = RuleSet::from_code(existing.header().rules);
            if let Some(found) = found.filter(|&found| found != rules) {
                return Err(ProbeError::RulesMismatch {
                    path,
                    found,
                    expected: rules,
                }
                .into());
            }
        }
    }
    let temporary = |kind| dir.join(temporary_name(material, kind, std::process::id()));
    let create =
        |kind| fs::File::create(temporary(kind)).map_err(|source| io(&temporary(kind))(source));
    let failed = |kind, source| io(&temporary(kind))(source);
    let files = match write_files(codes, create, failed) {
        Ok(files) => files,
        Err(error) => {
            for kind in [FileKind::Wdl, FileKind::Dtm] {
                let _ = fs::remove_file(temporary(kind));
            }
            return Err(error);
        }
    };
    let mut written = Vec::new();
    for ((file, length), kind) in files.into_iter().zip([FileKind::Wdl, FileKind::Dtm]) {
        let path = table_path(dir, material, kind);
        let result = file
            .sync_all()
            .and_then(|()| fs::rename(temporary(kind), &path));
        if let Err(source) = result {
            for kind in [FileKind::Wdl, FileKind::Dtm] {
                let _ = fs::remove_file(temporary(kind));
            }
            return Err(io(&path)(source));
        }
        written.push((path, length));
    }
    // The check after the rename: both files in place are this table's,
    // a pair (another writer could only have got in without the lock).
    let layout = codes.layout();
    let placed = [FileKind::Wdl, FileKind::Dtm]
        .map(|kind| open(dir, layout, kind, rules).map(|file| file.header().stats));
    let stats = Color::ALL.map(|side| codes.stats(side));
    match placed {
        [Ok(wdl), Ok(dtm)] if wdl == dtm && wdl == stats => {}
        [Err(error), _] | [_, Err(error)] => return Err(error.into()),
        _ => {
            return Err(ProbeError::Corrupt {
                path: table_path(dir, material, FileKind::Dtm),
                why: "the files in place are not the pair just written: another writer wrote them without the lock".into(),
            }
            .into())
        }
    }
    let dtm = written.pop().expect("two files");
    let wdl = written.pop().expect("two files");
    Ok(Saved { wdl, dtm })
}

/// The file a table is written to before it is renamed into place: hidden,
/// and named after the writing process, so two processes never share one.
fn temporary_name(material: Material, kind: FileKind, process: u32) -> String {
    format!(".{material}.{}.{process}.tmp", kind.extension())
}

/// Removes every temporary file of `material` in `dir`, whatever process
/// wrote it: for a writer that holds the endgame's lock there, when no
/// live writer of that endgame can own one. A dead writer's process id says
/// nothing here, since it may have run on another machine that shares the
/// directory.
pub(crate) fn remove_dead_temporaries(dir: &Path, material: Material) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let prefixes =
        [FileKind::Wdl, FileKind::Dtm].map(|kind| format!(".{material}.{}.", kind.extension()));
    for entry in entries.flatten() {
        let name = entry.file_name();
        let dead = name.to_str().is_some_and(|name| {
            prefixes.iter().any(|prefix| {
                name.strip_prefix(prefix.as_str())
                    .and_then(|rest| rest.strip_suffix(".tmp"))
                    .is_some_and(|pid| pid.parse::<u32>().is_ok())
            })
        });
        if dead {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Reads `material`'s whole table (both files) from `dir`, checking every
/// block, for solving bigger endgames and for verification. Illegal
/// entries come back as whatever the files hold there.
pub(crate) fn load(
    dir: &Path,
    layout: Arc<Layout>,
    rules: RuleSet,
) -> Result<Table, GenerateError> {
    let wdl = open(dir, &layout, FileKind::Wdl, rules)?;
    let dtm = open(dir, &layout, FileKind::Dtm, rules)?;
    let path = |kind| table_path(dir, layout.material(), kind);
    if wdl.header().stats != dtm.header().stats {
        return Err(ProbeError::Corrupt {
            path: path(FileKind::Dtm),
            why: "its counts disagree with the WDL file's: the two are from different runs".into(),
        }
        .into());
    }
    let per_side = layout.per_side() as usize;
    // A table solved out of core may not fit in memory whole: an error
    // value then, not an abort.
    let mut codes = Vec::new();
    codes
        .try_reserve_exact(2 * per_side)
        .map_err(|_| GenerateError::OutOfMemory {
            material: layout.material(),
            bytes: 4 * per_side as u64,
        })?;
    codes.resize(2 * per_side, 0u16);
    for side in 0..2 {
        let codes = &mut codes[side * per_side..(side + 1) * per_side];
        // The WDL symbol first, then the code of symbol and distance.
        read_into(&wdl, side, codes, |_, symbol| Ok(symbol))
            .map_err(|why| corrupt(path(FileKind::Wdl), why))?;
        read_into(&dtm, side, codes, |symbol, entry| {
            code_of(symbol as u8, entry)
        })
        .map_err(|why| corrupt(path(FileKind::Dtm), why))?;
    }
    let stats = [wdl.header().stats[0], wdl.header().stats[1]];
    Ok(Table::with_stats(layout, rules, codes, stats))
}

/// Reads every block of `file` for `side` into `codes`, each code
/// becoming `combine(code, entry)` of the block's entry at its index.
fn read_into(
    file: &BlockFile,
    side: usize,
    codes: &mut [u16],
    combine: impl Fn(u16, u16) -> Result<u16, String> + Sync,
) -> Result<(), String> {
    let header = file.header();
    codes
        .par_chunks_mut(header.block_entries as usize)
        .enumerate()
        .try_for_each(|(block, chunk)| {
            let entries = file.read_block(side, block as u64)?;
            for (i, code) in chunk.iter_mut().enumerate() {
                *code = combine(*code, header.entry(&entries, i))?;
            }
            Ok(())
        })
}

fn corrupt(path: PathBuf, why: String) -> GenerateError {
    ProbeError::Corrupt { path, why }.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The writer's bytes hold a compression context a thread, which zstd
    /// sizes at a few MiB at most for these blocks, the samples of a
    /// dictionary for a table large enough for one, and an index that
    /// grows with the blocks.
    #[test]
    fn the_writer_s_bytes_count_its_contexts_samples_and_index() {
        let context = context_bytes();
        assert!(context > 16 << 10 && context < 64 << 20, "{context}");
        let threads = rayon::current_num_threads() as u64;
        let small = writer_bytes(1000);
        assert!(small >= threads * context, "{small}");
        let trained = writer_bytes(100_000_000);
        let samples = DICTIONARY_SAMPLES * u64::from(WDL_BLOCK_ENTRIES) / 4;
        assert!(trained >= 2 * samples + TRAINER_BYTES, "{trained}");
        let dtm_blocks = 5_000_000_000 / u64::from(DTM_BLOCK_BYTES);
        let large = writer_bytes(10_000_000_000);
        assert!(large >= trained && large >= 8 * dtm_blocks, "{large}");
    }

    #[test]
    fn a_large_table_gets_a_dictionary_that_its_blocks_read_back_through() {
        let layout = Arc::new(Layout::new("KRKAAEE".parse().expect("valid")).expect("indexed"));
        let per_side = layout.per_side() as usize;
        // Every block repeats one pseudo-random run of values (draw, loss,
        // win): a block alone hardly compresses, and what the blocks share
        // is what a dictionary holds.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let pattern: Vec<u16> = (0..WDL_BLOCK_ENTRIES)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                1 + (state % 3) as u16
            })
            .collect();
        let codes: Vec<u16> = (0..2 * per_side)
            .map(|i| pattern[i % per_side % pattern.len()])
            .collect();
        let table = Table::from_codes(Arc::clone(&layout), RuleSet::Asian, codes);
        let [wdl, _] = encode(&mut &table).unwrap();
        let [again, _] = encode(&mut &table).unwrap();
        assert!(wdl == again, "the same table makes the same bytes");

        let path = std::env::temp_dir().join(format!("qiboard-dict-{}.qwdl", std::process::id()));
        fs::write(&path, &wdl).unwrap();
        let file = BlockFile::open(&path, FileKind::Wdl, MAX_ENTRIES);
        fs::remove_file(&path).unwrap();
        let file = file.unwrap();
        assert!(file.dictionary_bytes() > 0);
        let mut packed = Vec::new();
        for side in Color::ALL {
            let blocks = table.codes(side).chunks(WDL_BLOCK_ENTRIES as usize);
            for (block, codes) in blocks.enumerate() {
                pack_block(
                    codes,
                    2,
                    |code| wdl_symbol(code).map(u16::from),
                    &mut packed,
                );
                assert_eq!(
                    file.read_block(side as usize, block as u64).unwrap(),
                    packed
                );
            }
        }
    }
}
