//! Files of independently compressed blocks: a versioned header, a zstd
//! dictionary the blocks share (trained on the table's own blocks, or
//! none), an index of the blocks with a checksum each, then the blocks. A
//! reader opens the header, dictionary and index only, and reads one block
//! at a time with a positioned read, so probing never loads (or maps) a
//! whole file. `docs/tablebase-format.md` specifies the layout.
//!
//! The dictionary is zstd's own idea (its trainer picks the segments that
//! recur most across the samples, and entropy tables that the blocks may
//! reuse instead of describing their own): small blocks keep a probe whose
//! block is not cached cheap, and the dictionary gives back some of the
//! context such blocks lose.

use std::fs::File;
use std::path::Path;

use crate::table::SideStats;

/// The first bytes of every file; the kind follows.
const MAGIC: &[u8; 4] = b"QITB";
/// The format version this build writes and reads.
pub const FORMAT_VERSION: u16 = 5;
/// The compression method byte: zstd frames.
const ZSTD: u8 = 1;
/// Bytes of the per-block index record: length and checksum (offsets
/// follow from the lengths; with blocks of a few KiB a wider record would
/// cost a few per cent of the file).
const BLOCK_RECORD: usize = 4 + 4;
/// The largest decompressed block a file may declare (a defence against
/// files written to make a reader allocate without bound).
pub const MAX_BLOCK_BYTES: usize = 4 << 20;
/// The largest dictionary a file may declare (the same defence).
pub const MAX_DICTIONARY_BYTES: usize = 1 << 20;

/// What a file holds per entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// Win, draw or loss: two bits per entry before compression.
    Wdl,
    /// Distance to mate: one or two bytes per entry before compression.
    Dtm,
}

impl FileKind {
    /// The four bytes after [`MAGIC`].
    fn tag(self) -> &'static [u8; 4] {
        match self {
            FileKind::Wdl => b"WDL\n",
            FileKind::Dtm => b"DTM\n",
        }
    }

    /// The file name extension.
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Wdl => "qwdl",
            FileKind::Dtm => "qdtm",
        }
    }
}

/// Everything before the block index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// WDL or DTM.
    pub kind: FileKind,
    /// How positions are numbered (see `index`).
    pub index_scheme: u16,
    /// Which repetition rules the values assume ([`crate::RuleSet`]: 0 none,
    /// 2 Asian; 1 was Asian as an earlier solver read it).
    pub rules: u8,
    /// Bits per entry before compression: 2 for WDL (four entries a byte,
    /// the first in the lowest bits), 8 or 16 for DTM (little-endian).
    pub width: u8,
    /// The endgame's signature, e.g. `KRKAAEE`.
    pub material: String,
    /// Index entries per side to move.
    pub per_side: u64,
    /// Entries per block (the last block of a side may hold fewer).
    pub block_entries: u32,
    /// Counts per side to move, Red first.
    pub stats: [SideStats; 2],
}

impl Header {
    /// Blocks per side to move.
    pub fn blocks_per_side(&self) -> u64 {
        self.per_side.div_ceil(u64::from(self.block_entries))
    }

    /// Entries in block `block` of a side.
    pub fn entries_in(&self, block: u64) -> usize {
        let start = block * u64::from(self.block_entries);
        (self.per_side - start).min(u64::from(self.block_entries)) as usize
    }

    /// Bytes that `entries` entries take before compression (counted in
    /// 64 bits: a file's declared sizes must not wrap on 32-bit targets).
    pub fn bytes_for(&self, entries: usize) -> usize {
        block_bytes(entries as u64, self.width) as usize
    }

    /// Entry `i` of a decompressed block, for the widths a file may
    /// declare (2, 8 and 16 bits; any other reads as 0).
    #[inline]
    pub fn entry(&self, block: &[u8], i: usize) -> u16 {
        match self.width {
            2 => u16::from(block[i / 4] >> (2 * (i % 4)) & 3),
            8 => u16::from(block[i]),
            16 => u16::from_le_bytes([block[2 * i], block[2 * i + 1]]),
            _ => 0,
        }
    }

    /// The header's bytes, declaring a dictionary of `dictionary` bytes.
    fn encode(&self, dictionary: u32, out: &mut Vec<u8>) {
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(self.kind.tag());
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&self.index_scheme.to_le_bytes());
        out.extend_from_slice(&[self.rules, self.width, ZSTD]);
        out.push(self.material.len() as u8);
        out.extend_from_slice(self.material.as_bytes());
        out.extend_from_slice(&self.per_side.to_le_bytes());
        out.extend_from_slice(&self.block_entries.to_le_bytes());
        out.extend_from_slice(&dictionary.to_le_bytes());
        for stats in &self.stats {
            for count in [
                stats.legal,
                stats.win,
                stats.draw,
                stats.loss,
                stats.by_rule,
            ] {
                out.extend_from_slice(&count.to_le_bytes());
            }
            out.extend_from_slice(&stats.max_dtm.to_le_bytes());
        }
    }
}

/// Bytes that `entries` entries of `width` bits take.
fn block_bytes(entries: u64, width: u8) -> u64 {
    (entries * u64::from(width)).div_ceil(8)
}

/// A block's checksum: the low half of [`checksum`].
fn block_checksum(bytes: &[u8]) -> u32 {
    checksum(bytes) as u32
}

/// A 64-bit checksum: eight bytes at a time, multiply and shift mixed.
pub fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut hash = bytes.len() as u64 ^ 0x51_7cc1_b727_220a;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        hash = (hash ^ word).wrapping_mul(K).rotate_left(29);
    }
    for &byte in words.remainder() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(K).rotate_left(29);
    }
    hash ^= hash >> 32;
    hash.wrapping_mul(K) ^ hash >> 29
}

/// The whole file for `header`, the `dictionary` its blocks were
/// compressed with (empty for none) and its blocks, already compressed,
/// Red's blocks first: header, header checksum, dictionary, block index,
/// a checksum of dictionary and index, blocks.
///
/// # Panics
///
/// If the dictionary is larger than [`MAX_DICTIONARY_BYTES`] (no reader
/// would open the file).
pub fn assemble(header: &Header, dictionary: &[u8], blocks: &[Vec<u8>]) -> Vec<u8> {
    let mut head = FileHead::new(dictionary, blocks.len() as u64);
    blocks.iter().for_each(|block| head.add(block));
    let mut out = head.finish(header, dictionary);
    blocks.iter().for_each(|block| out.extend_from_slice(block));
    out
}

/// What stands before a file's blocks (header, dictionary, block index and
/// their checksums), built a block at a time, so that a writer can send
/// each block to the file as it is compressed and hold only the index: it
/// leaves [`FileHead::blocks_start`] bytes free, writes the blocks after them, and
/// puts [`FileHead::finish`] in their place.
#[derive(Clone, Debug)]
pub struct FileHead {
    /// The dictionary, then a record for each block added.
    index: Vec<u8>,
    dictionary: usize,
    blocks: u64,
    added: u64,
}

impl FileHead {
    /// The head of a file of `blocks` blocks compressed with `dictionary`.
    ///
    /// # Panics
    ///
    /// If the dictionary is larger than [`MAX_DICTIONARY_BYTES`] (no reader
    /// would open the file).
    pub fn new(dictionary: &[u8], blocks: u64) -> FileHead {
        assert!(
            dictionary.len() <= MAX_DICTIONARY_BYTES,
            "a dictionary of at most {MAX_DICTIONARY_BYTES} bytes"
        );
        let records = usize::try_from(blocks)
            .unwrap_or(0)
            .saturating_mul(BLOCK_RECORD);
        let mut index = Vec::with_capacity(dictionary.len().saturating_add(records));
        index.extend_from_slice(dictionary);
        FileHead {
            index,
            dictionary: dictionary.len(),
            blocks,
            added: 0,
        }
    }

    /// The head's length in bytes for `header`: where the first block
    /// starts.
    pub fn blocks_start(&self, header: &Header) -> u64 {
        let mut encoded = Vec::new();
        header.encode(self.dictionary as u32, &mut encoded);
        let index = self.dictionary as u64 + self.blocks * BLOCK_RECORD as u64;
        encoded.len() as u64 + 8 + index + 8
    }

    /// Adds the next block (Red's first, in order) to the index.
    pub fn add(&mut self, block: &[u8]) {
        self.index
            .extend_from_slice(&(block.len() as u32).to_le_bytes());
        self.index
            .extend_from_slice(&block_checksum(block).to_le_bytes());
        self.added += 1;
    }

    /// The head's bytes, [`FileHead::blocks_start`] of them.
    ///
    /// # Panics
    ///
    /// If another number of blocks was added than [`FileHead::new`] was
    /// told (the file would not be what its head says).
    pub fn finish(self, header: &Header, dictionary: &[u8]) -> Vec<u8> {
        assert_eq!(self.added, self.blocks, "every block added to the head");
        assert_eq!(
            &self.index[..self.dictionary],
            dictionary,
            "the head's dictionary"
        );
        let mut out = Vec::new();
        header.encode(self.dictionary as u32, &mut out);
        let head_sum = checksum(&out);
        out.extend_from_slice(&head_sum.to_le_bytes());
        out.extend_from_slice(&self.index);
        out.extend_from_slice(&checksum(&self.index).to_le_bytes());
        out
    }
}

/// Compresses blocks at one level, with a dictionary or none, reusing its
/// working memory from block to block. Frames leave out the decompressed
/// size (the header gives it) and the dictionary's id (the file holds one
/// dictionary).
pub struct Compressor<'d> {
    context: Option<zstd::bulk::Compressor<'static>>,
    level: i32,
    dictionary: &'d [u8],
}

impl Compressor<'static> {
    /// A compressor at zstd `level`, without a dictionary.
    pub fn new(level: i32) -> Compressor<'static> {
        Compressor::with_dictionary(level, &[])
    }
}

impl<'d> Compressor<'d> {
    /// A compressor at zstd `level` with `dictionary` (empty: none).
    pub fn with_dictionary(level: i32, dictionary: &'d [u8]) -> Compressor<'d> {
        use zstd::zstd_safe::CParameter;
        let context = zstd::bulk::Compressor::with_dictionary(level, dictionary).and_then(
            |mut compressor| {
                compressor.set_parameter(CParameter::ContentSizeFlag(false))?;
                compressor.set_parameter(CParameter::DictIdFlag(false))?;
                Ok(compressor)
            },
        );
        Compressor {
            context: context.ok(),
            level,
            dictionary,
        }
    }

    /// One block's entries, compressed.
    pub fn compress(&mut self, entries: &[u8]) -> Vec<u8> {
        let mut compressed = match &mut self.context {
            Some(compressor) => compressor.compress(entries),
            // Without a context of its own (zstd could not allocate one):
            // a frame with its size and the dictionary's id, which reads
            // the same.
            None => zstd::bulk::Compressor::with_dictionary(self.level, self.dictionary)
                .and_then(|mut compressor| compressor.compress(entries)),
        }
        .expect("compressing into a buffer of the bound's size cannot fail");
        // zstd fills a buffer of the worst case, the block's own size: a
        // file's blocks, kept so until written, would hold ten times the
        // file.
        compressed.shrink_to_fit();
        compressed
    }
}

/// Reads fields off the front of a byte slice, naming what is missing.
struct Fields<'a> {
    bytes: &'a [u8],
}

impl<'a> Fields<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], String> {
        if self.bytes.len() < n {
            return Err(format!("truncated: the file ends inside the {what}"));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], String> {
        Ok(self.take(N, what)?.try_into().expect("N bytes"))
    }

    fn u8(&mut self, what: &str) -> Result<u8, String> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: &str) -> Result<u16, String> {
        self.array(what).map(u16::from_le_bytes)
    }

    fn u32(&mut self, what: &str) -> Result<u32, String> {
        self.array(what).map(u32::from_le_bytes)
    }

    fn u64(&mut self, what: &str) -> Result<u64, String> {
        self.array(what).map(u64::from_le_bytes)
    }

    fn i32(&mut self, what: &str) -> Result<i32, String> {
        self.array(what).map(i32::from_le_bytes)
    }
}

/// Where a block lies in the file and what it must hash to.
#[derive(Clone, Copy, Debug)]
struct BlockRecord {
    offset: u64,
    length: u32,
    checksum: u32,
}

/// Bytes each block's record takes in the file.
pub(crate) const BLOCK_RECORD_FILE_BYTES: u64 = BLOCK_RECORD as u64;

/// Bytes each block's record takes in memory once its file is open.
pub(crate) const BLOCK_RECORD_BYTES: u64 = std::mem::size_of::<BlockRecord>() as u64;

/// An open file: its header, dictionary and block index, and the file to
/// read blocks from.
pub struct BlockFile {
    file: File,
    header: Header,
    dictionary: Option<Dictionary>,
    blocks: Vec<BlockRecord>,
}

impl std::fmt::Debug for BlockFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BlockFile")
            .field("header", &self.header)
            .field("dictionary", &self.dictionary.as_ref().map(|d| d.bytes))
            .field("blocks", &self.blocks.len())
            .finish()
    }
}

/// A file's dictionary, prepared once for every thread's decompressions.
struct Dictionary {
    prepared: zstd::zstd_safe::DDict<'static>,
    /// Its size in the file.
    bytes: usize,
}

/// What [`parse`] finds: the header, the dictionary (`None` for none) and
/// where each block is.
type Parsed = (Header, Option<Dictionary>, Vec<BlockRecord>);

/// The longest header a valid file has (a 255-byte material signature).
const MAX_HEADER: usize = 8 + 2 + 2 + 3 + 1 + 255 + 8 + 4 + 4 + 2 * 44 + 8;

/// Checks a file's header, dictionary and block index. `size` is the
/// file's length and `read(offset, length)` its bytes there;
/// `per_side_limit` bounds the entries a header may declare. Nothing is
/// allocated beyond what the file's length allows.
fn parse(
    size: u64,
    kind: FileKind,
    per_side_limit: u64,
    read: &mut dyn FnMut(u64, usize) -> Result<Vec<u8>, String>,
) -> Result<Parsed, String> {
    let head = read(0, MAX_HEADER.min(size as usize))?;
    let mut fields = Fields { bytes: &head };
    if fields.take(4, "magic bytes")? != MAGIC {
        return Err("not a qiboard tablebase file (wrong magic bytes)".into());
    }
    let tag = fields.take(4, "file kind")?;
    if tag != kind.tag() {
        return Err(format!(
            "holds {:?}, expected a {} file",
            String::from_utf8_lossy(tag).trim_end(),
            kind.extension()
        ));
    }
    let version = fields.u16("format version")?;
    if version != FORMAT_VERSION {
        return Err(format!(
            "format version {version}; this build reads version {FORMAT_VERSION}: \
             regenerate the table with `qiboard tb gen MATERIAL --dir DIR`"
        ));
    }
    let index_scheme = fields.u16("index scheme")?;
    let [rules, width, compression] = fields.array::<3>("format bytes")?;
    if compression != ZSTD {
        return Err(format!("unknown compression method {compression}"));
    }
    let valid_widths: &[u8] = match kind {
        FileKind::Wdl => &[2],
        FileKind::Dtm => &[8, 16],
    };
    if !valid_widths.contains(&width) {
        return Err(format!(
            "entry width {width} bits is not valid for this kind"
        ));
    }
    let length = usize::from(fields.u8("material")?);
    let material = fields.take(length, "material")?;
    let material = String::from_utf8(material.to_vec())
        .map_err(|_| "the material signature is not text".to_string())?;
    let per_side = fields.u64("entries per side")?;
    if per_side == 0 || per_side > per_side_limit {
        return Err(format!(
            "declares {per_side} entries per side, outside 1..={per_side_limit}"
        ));
    }
    let block_entries = fields.u32("entries per block")?;
    if block_entries == 0 || block_bytes(u64::from(block_entries), width) > MAX_BLOCK_BYTES as u64 {
        return Err(format!("declares {block_entries} entries per block"));
    }
    let dictionary_bytes = fields.u32("dictionary size")? as usize;
    if dictionary_bytes > MAX_DICTIONARY_BYTES {
        return Err(format!(
            "declares a dictionary of {dictionary_bytes} bytes, over {MAX_DICTIONARY_BYTES}"
        ));
    }
    let mut stats = [SideStats::default(); 2];
    for side in &mut stats {
        side.legal = fields.u64("counts")?;
        side.win = fields.u64("counts")?;
        side.draw = fields.u64("counts")?;
        side.loss = fields.u64("counts")?;
        side.by_rule = fields.u64("counts")?;
        side.max_dtm = fields.i32("counts")?;
    }
    let header_length = head.len() - fields.bytes.len();
    let stored = fields.u64("header checksum")?;
    if checksum(&head[..header_length]) != stored {
        return Err("header checksum mismatch: the file is corrupted".into());
    }
    let header = Header {
        kind,
        index_scheme,
        rules,
        width,
        material,
        per_side,
        block_entries,
        stats,
    };
    let count = 2 * header.blocks_per_side();
    let index_start = (header_length + 8) as u64;
    // The dictionary and the records, as one checksummed run.
    let index_bytes = dictionary_bytes as u64 + count * BLOCK_RECORD as u64;
    if index_start + index_bytes + 8 > size {
        return Err("truncated: the file ends inside the dictionary or block index".into());
    }
    let index = read(index_start, index_bytes as usize + 8)?;
    let (index, sum) = index.split_at(index_bytes as usize);
    if checksum(index) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
        return Err("block index checksum mismatch: the file is corrupted".into());
    }
    let (dictionary, records) = index.split_at(dictionary_bytes);
    let dictionary = match dictionary {
        [] => None,
        bytes => Some(Dictionary {
            prepared: zstd::zstd_safe::DDict::try_create(bytes)
                .ok_or("the dictionary is not a valid zstd dictionary")?,
            bytes: bytes.len(),
        }),
    };
    let data_start = index_start + index_bytes + 8;
    let mut expected_offset = data_start;
    let blocks = records
        .chunks_exact(BLOCK_RECORD)
        .map(|record| {
            let mut fields = Fields { bytes: record };
            let block = BlockRecord {
                offset: expected_offset,
                length: fields.u32("block length")?,
                checksum: fields.u32("block checksum")?,
            };
            expected_offset = expected_offset.saturating_add(u64::from(block.length));
            Ok(block)
        })
        .collect::<Result<Vec<_>, String>>()?;
    if expected_offset != size {
        return Err(format!(
            "the blocks end at byte {expected_offset}, the file at {size}"
        ));
    }
    Ok((header, dictionary, blocks))
}

/// Checks and decompresses one block's `compressed` bytes, block `block` of
/// a side, number `number` in the file.
fn decode_block(
    header: &Header,
    dictionary: Option<&Dictionary>,
    record: &BlockRecord,
    compressed: &[u8],
    (block, number): (u64, u64),
) -> Result<Vec<u8>, String> {
    if block_checksum(compressed) != record.checksum {
        return Err(format!(
            "block {number} checksum mismatch: the file is corrupted"
        ));
    }
    let expected = header.bytes_for(header.entries_in(block));
    let entries = decompress(compressed, dictionary, expected)
        .map_err(|e| format!("block {number} does not decompress: {e}"))?;
    if entries.len() != expected {
        return Err(format!(
            "block {number} holds {} bytes, expected {expected}",
            entries.len()
        ));
    }
    Ok(entries)
}

thread_local! {
    /// Each thread's decompression contexts: making one per block would
    /// cost about as much as decompressing a block of a few KiB. A file's
    /// dictionary is prepared once, in the file, and referenced per block;
    /// frames with a dictionary have a context of their own, since zstd
    /// takes a dictionary the context did not use last for one not in the
    /// processor's cache and decodes the frame the slower way that
    /// prefetches (a DTM probe alternates between the two kinds).
    static DECOMPRESSORS: std::cell::RefCell<[Option<zstd::zstd_safe::DCtx<'static>>; 2]> =
        const { std::cell::RefCell::new([None, None]) };
}

/// `compressed` decompressed with `dictionary`, at most `capacity` bytes.
fn decompress(
    compressed: &[u8],
    dictionary: Option<&Dictionary>,
    capacity: usize,
) -> Result<Vec<u8>, String> {
    DECOMPRESSORS.with(|cell| {
        let mut contexts = cell.try_borrow_mut().map_err(|e| e.to_string())?;
        let context = &mut contexts[usize::from(dictionary.is_some())];
        if context.is_none() {
            *context = Some(
                zstd::zstd_safe::DCtx::try_create()
                    .ok_or("zstd could not allocate a decompression context")?,
            );
        }
        let context = context.as_mut().expect("made above");
        let mut entries = Vec::with_capacity(capacity);
        match dictionary {
            Some(dictionary) => {
                context.decompress_using_ddict(&mut entries, compressed, &dictionary.prepared)
            }
            None => context.decompress(&mut entries, compressed),
        }
        .map_err(zstd::zstd_safe::get_error_name)?;
        Ok(entries)
    })
}

/// Checks a whole file held in `bytes`, as [`BlockFile::open`] and reading
/// every block would: for fuzzing the reader without a file system.
pub fn check_bytes(bytes: &[u8], kind: FileKind, per_side_limit: u64) -> Result<Header, String> {
    let size = bytes.len() as u64;
    let mut read = |offset: u64, length: usize| {
        let start = usize::try_from(offset).map_err(|e| e.to_string())?;
        bytes
            .get(start..start.saturating_add(length))
            .map(<[u8]>::to_vec)
            .ok_or_else(|| format!("cannot read {length} bytes at {offset}"))
    };
    let (header, dictionary, blocks) = parse(size, kind, per_side_limit, &mut read)?;
    for (number, record) in blocks.iter().enumerate() {
        let compressed = read(record.offset, record.length as usize)?;
        let block = number as u64 % header.blocks_per_side();
        decode_block(
            &header,
            dictionary.as_ref(),
            record,
            &compressed,
            (block, number as u64),
        )?;
    }
    Ok(header)
}

/// The format version `path` declares, when it starts as a file of this
/// format of any version (`None` when it cannot be read or does not).
pub(crate) fn version_of(path: &Path) -> Option<u16> {
    let file = File::open(path).ok()?;
    let mut head = [0; 10];
    read_at(&file, &mut head, 0).ok()?;
    (head[..4] == *MAGIC).then(|| u16::from_le_bytes([head[8], head[9]]))
}

impl BlockFile {
    /// Opens `path` as a file of `kind`, reading and checking its header
    /// and block index (not the blocks). `per_side_limit` bounds the
    /// entries a header may declare.
    ///
    /// # Errors
    ///
    /// A message saying what is wrong: the file cannot be read, or its header
    /// or block index is not a valid one (wrong magic, version, checksums,
    /// sizes beyond `per_side_limit`).
    pub fn open(path: &Path, kind: FileKind, per_side_limit: u64) -> Result<BlockFile, String> {
        let file = File::open(path).map_err(|e| e.to_string())?;
        let size = file.metadata().map_err(|e| e.to_string())?.len();
        let (header, dictionary, blocks) =
            parse(size, kind, per_side_limit, &mut |offset, length| {
                let mut buffer = vec![0; length];
                read_at(&file, &mut buffer, offset)?;
                Ok(buffer)
            })?;
        Ok(BlockFile {
            file,
            header,
            dictionary,
            blocks,
        })
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The size of the dictionary the blocks share (0 for none).
    pub fn dictionary_bytes(&self) -> usize {
        self.dictionary
            .as_ref()
            .map_or(0, |dictionary| dictionary.bytes)
    }

    /// Reads, checks and decompresses block `block` of side `side` (0 Red).
    ///
    /// # Errors
    ///
    /// A message: no such block, the file cannot be read there, or the block
    /// is damaged (checksum, size, compression).
    pub fn read_block(&self, side: usize, block: u64) -> Result<Vec<u8>, String> {
        let number = side as u64 * self.header.blocks_per_side() + block;
        let record = self
            .blocks
            .get(number as usize)
            .ok_or_else(|| format!("no block {block} for side {side}"))?;
        let mut compressed = vec![0; record.length as usize];
        read_at(&self.file, &mut compressed, record.offset)?;
        decode_block(
            &self.header,
            self.dictionary.as_ref(),
            record,
            &compressed,
            (block, number),
        )
    }

    /// Checks every block's checksum and size (reads the whole file).
    ///
    /// # Errors
    ///
    /// The first block that [`BlockFile::read_block`] refuses.
    pub fn verify_blocks(&self) -> Result<(), String> {
        for side in 0..2 {
            for block in 0..self.header.blocks_per_side() {
                self.read_block(side, block)?;
            }
        }
        Ok(())
    }
}

/// Fills `buffer` from `offset` of `file` without moving a shared cursor,
/// so that threads can read one file at once.
#[cfg(unix)]
fn read_at(file: &File, buffer: &mut [u8], offset: u64) -> Result<(), String> {
    use std::os::unix::fs::FileExt;
    file.read_exact_at(buffer, offset)
        .map_err(|e| format!("cannot read {} bytes at {offset}: {e}", buffer.len()))
}

#[cfg(windows)]
fn read_at(file: &File, mut buffer: &mut [u8], mut offset: u64) -> Result<(), String> {
    use std::os::windows::fs::FileExt;
    while !buffer.is_empty() {
        match file.seek_read(buffer, offset) {
            Ok(0) => return Err(format!("unexpected end of file at {offset}")),
            Ok(n) => {
                buffer = &mut buffer[n..];
                offset += n as u64;
            }
            Err(e) => return Err(format!("cannot read at {offset}: {e}")),
        }
    }
    Ok(())
}

#[cfg(not(any(unix, windows)))]
fn read_at(file: &File, buffer: &mut [u8], offset: u64) -> Result<(), String> {
    use std::io::{Read, Seek, SeekFrom};
    // No positioned reads here: a cloned handle shares the cursor, so
    // callers on such platforms must not read one file from two threads.
    let mut handle = file.try_clone().map_err(|e| e.to_string())?;
    handle
        .seek(SeekFrom::Start(offset))
        .and_then(|_| handle.read_exact(buffer))
        .map_err(|e| format!("cannot read at {offset}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A WDL file of `blocks` blocks of 4,096 entries (1 KiB each), with
    /// entries in long runs of a pattern, compressed with `dictionary`.
    fn file(dictionary: &[u8], blocks: u64) -> (Vec<u8>, Vec<Vec<u8>>) {
        let header = Header {
            kind: FileKind::Wdl,
            index_scheme: 1,
            rules: 2,
            width: 2,
            material: "KRK".into(),
            per_side: blocks * 4096,
            block_entries: 4096,
            stats: [SideStats::default(); 2],
        };
        let entries: Vec<Vec<u8>> = (0..2 * blocks)
            .map(|block| {
                (0..1024)
                    .map(|i| [0x55, 0xaa, 0x00, 0x59][(i / 37 + block as usize) % 4])
                    .collect()
            })
            .collect();
        let mut compressor = Compressor::with_dictionary(15, dictionary);
        let compressed: Vec<Vec<u8>> = entries.iter().map(|e| compressor.compress(e)).collect();
        (assemble(&header, dictionary, &compressed), entries)
    }

    /// Raw content, which serves as a dictionary as well as a trained one.
    fn dictionary() -> Vec<u8> {
        (0..4096u32)
            .map(|i| [0x55, 0xaa, 0x00, 0x59][(i / 37 % 4) as usize])
            .collect()
    }

    /// The header of a file of [`file`] (123 bytes with a three-letter
    /// signature) declaring a dictionary of `size` bytes, its checksum
    /// made again.
    fn declare_dictionary(bytes: &mut [u8], size: u32) {
        // The size follows the entries per block.
        bytes[31..35].copy_from_slice(&size.to_le_bytes());
        let head = checksum(&bytes[..123]);
        bytes[123..131].copy_from_slice(&head.to_le_bytes());
    }

    #[test]
    fn blocks_read_back_through_the_dictionary_the_index_checksum_covers() {
        let dictionary = dictionary();
        let (bytes, entries) = file(&dictionary, 3);
        let header = check_bytes(&bytes, FileKind::Wdl, 1 << 20).unwrap();
        assert_eq!(header.blocks_per_side(), 3);
        let path = std::env::temp_dir().join(format!("qiboard-dict-{}.qwdl", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        let opened = BlockFile::open(&path, FileKind::Wdl, 1 << 20).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(opened.dictionary_bytes(), dictionary.len());
        assert_eq!(opened.read_block(1, 2).unwrap(), entries[5]);
        assert_eq!(opened.read_block(0, 0).unwrap(), entries[0]);

        // A byte of the dictionary changed: the index checksum tells. The
        // dictionary follows the header (123 bytes with a three-letter
        // signature) and its checksum.
        assert_eq!(&bytes[131..131 + dictionary.len()], &dictionary[..]);
        let mut damaged = bytes.clone();
        damaged[131 + 100] ^= 1;
        let error = check_bytes(&damaged, FileKind::Wdl, 1 << 20).unwrap_err();
        assert!(error.contains("checksum"), "{error}");

        // A dictionary larger than any file may hold is refused before it
        // is read.
        let mut huge = bytes.clone();
        declare_dictionary(&mut huge, u32::MAX);
        let error = check_bytes(&huge, FileKind::Wdl, 1 << 20).unwrap_err();
        assert!(error.contains("dictionary"), "{error}");
    }

    #[test]
    fn blocks_that_need_a_dictionary_the_file_lacks_are_refused() {
        let dictionary = dictionary();
        let (with, _) = file(&dictionary, 2);
        let (without, entries) = file(&[], 2);
        assert!(check_bytes(&without, FileKind::Wdl, 1 << 20).is_ok());
        // The same header and blocks, the dictionary left out.
        let header_end = 131;
        let mut lacking = with[..header_end].to_vec();
        declare_dictionary(&mut lacking, 0);
        let records = &with[header_end + dictionary.len()..][..8 * entries.len()];
        lacking.extend_from_slice(records);
        lacking.extend_from_slice(&checksum(records).to_le_bytes());
        lacking.extend_from_slice(&with[header_end + dictionary.len() + 8 * entries.len() + 8..]);
        let error = check_bytes(&lacking, FileKind::Wdl, 1 << 20).unwrap_err();
        assert!(error.contains("block 0"), "{error}");
    }
}
