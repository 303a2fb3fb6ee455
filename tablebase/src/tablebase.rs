//! The prober: endgame tables by material under one rule set, read from a
//! directory a block at a time through a cache, or held whole in memory
//! (tables a solver hands over with [`Tablebase::insert`]); values of
//! positions, and the best moves derived by probing every successor.
//!
//! Files are opened when a probe first needs them (header and block index
//! only) and read with positioned reads; decompressed blocks are kept in
//! a cache of a size the caller sets. Every method takes `&self`, so one
//! tablebase serves many threads.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::{Arc, Mutex, RwLock};

use qiboard::xiangqi::{Color, Move, Position};

use crate::cache::{BlockCache, BlockKey, CacheStats};
use crate::format::{
    code_of, open, table_path, BlockFile, FileKind, BLOCK_RECORD_BYTES, BLOCK_RECORD_FILE_BYTES,
    DTM_BLOCK_BYTES, MAX_DICTIONARY_BYTES, WDL_BLOCK_ENTRIES,
};
use crate::value::{DistanceTo, Dtm, Value, Wdl};
use crate::{Layout, Material, ProbeError, RuleSet, Table};

/// Solved tables kept in memory, least recently used first out once over
/// the budget (only tables also on disk: an in-memory tablebase keeps all).
#[derive(Debug, Default)]
struct Solved {
    tables: HashMap<Material, (Arc<Table>, u64)>,
    bytes: usize,
    clock: u64,
}

/// Decompressed bytes a probe cache holds by default (64 MiB).
pub const DEFAULT_CACHE_BYTES: usize = 64 << 20;

/// One opened file, with the number its blocks are cached under.
#[derive(Debug)]
struct Opened {
    layout: Arc<Layout>,
    file: BlockFile,
    path: PathBuf,
    id: u32,
}

/// A file as the prober found it: opened, or why it could not be, kept
/// so that a search probing an endgame with no table hears so at once,
/// without building its index again (until [`Tablebase::refresh`]).
#[derive(Debug)]
enum Found {
    Opened(Arc<Opened>),
    Failed(ProbeError),
}

/// A hasher for the files' keys, which are distinct small numbers
/// already: one multiply spreads them (a probe that finds its table
/// missing costs little more than this lookup).
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0 ^ value).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Files by [`file_key`].
type Files = HashMap<u64, Found, std::hash::BuildHasherDefault<KeyHasher>>;

/// The key of `material`'s file of `kind`.
#[inline]
fn file_key(material: &Material, kind: FileKind) -> u64 {
    material.packed() << 1 | u64::from(kind == FileKind::Dtm)
}

/// The files looked at so far and the block cache.
#[derive(Debug)]
pub(super) struct Prober {
    cache: BlockCache,
    files: RwLock<Files>,
    next_id: AtomicU32,
}

impl Prober {
    pub(super) fn new() -> Prober {
        Prober::with_cache_bytes(DEFAULT_CACHE_BYTES)
    }

    pub(super) fn with_cache_bytes(bytes: usize) -> Prober {
        Prober {
            cache: BlockCache::new(bytes),
            files: RwLock::default(),
            next_id: AtomicU32::new(0),
        }
    }

    /// `material`'s file of `kind` in `dir`, opened on first use.
    fn file(
        &self,
        dir: &Path,
        material: Material,
        kind: FileKind,
        rules: RuleSet,
    ) -> Result<Arc<Opened>, ProbeError> {
        let key = file_key(&material, kind);
        match read(&self.files).get(&key) {
            Some(Found::Opened(opened)) => return Ok(Arc::clone(opened)),
            Some(Found::Failed(failure)) => {
                return Err(failure
                    .lasting_copy()
                    .expect("only lasting failures are kept"))
            }
            None => {}
        }
        let opening = Layout::new(material)
            .map_err(ProbeError::from)
            .and_then(|layout| Ok((open(dir, &layout, kind, rules)?, layout)));
        let (file, layout) = match opening {
            Ok(opened) => opened,
            Err(error) => {
                if let Some(lasting) = error.lasting_copy() {
                    write(&self.files).insert(key, Found::Failed(lasting));
                }
                return Err(error);
            }
        };
        let layout = Arc::new(layout);
        let opened = Arc::new(Opened {
            layout,
            file,
            path: table_path(dir, material, kind),
            id: self.next_id.fetch_add(1, Relaxed),
        });
        // Another thread may have opened it meanwhile: keep the first.
        let mut files = write(&self.files);
        match files.entry(key).or_insert(Found::Opened(opened)) {
            Found::Opened(opened) => Ok(Arc::clone(opened)),
            Found::Failed(failure) => Err(failure.lasting_copy().expect("kept failures last")),
        }
    }

    /// Whether `material`'s file of `kind` is known, and opened.
    #[inline]
    fn known(&self, material: &Material, kind: FileKind) -> Option<bool> {
        read(&self.files)
            .get(&file_key(material, kind))
            .map(|found| matches!(found, Found::Opened(_)))
    }

    /// Forgets the files opened and the failures (of `material` only, or
    /// of all), so that the directory is looked at again.
    fn forget(&self, material: Option<Material>) {
        let Some(material) = material else {
            write(&self.files).clear();
            return;
        };
        let mut files = write(&self.files);
        for kind in [FileKind::Wdl, FileKind::Dtm] {
            files.remove(&file_key(&material, kind));
        }
    }

    /// The entry of `position` (of `file`'s material, stored orientation)
    /// in `file`: two bits (WDL), one byte or two (DTM).
    fn entry(&self, opened: &Opened, position: &Position) -> Result<u16, ProbeError> {
        let material = opened.layout.material();
        let slot = opened
            .layout
            .slot(position)
            .map_err(|off| ProbeError::OffDomain { material, off })?;
        let header = opened.file.header();
        let side = position.side_to_move() as usize;
        let block_entries = u64::from(header.block_entries);
        let block = slot.index / block_entries;
        let within = (slot.index % block_entries) as usize;
        let bytes = self.block(opened, side, block)?;
        Ok(header.entry(&bytes, within))
    }

    /// Block `block` of `side` (0 Red) in `opened`, through the cache.
    fn block(&self, opened: &Opened, side: usize, block: u64) -> Result<Arc<[u8]>, ProbeError> {
        let key = BlockKey {
            file: opened.id,
            side: side as u8,
            block,
        };
        self.cache.get_or_load(key, || {
            opened
                .file
                .read_block(side, block)
                .map_err(|why| ProbeError::Corrupt {
                    path: opened.path.clone(),
                    why,
                })
        })
    }

    /// The entries `indices` with `side` to move of `opened`, appended to
    /// `entries`; a run of indices in one block fetches it once.
    fn entries_at(
        &self,
        opened: &Opened,
        side: usize,
        indices: &[u64],
        entries: &mut Vec<u16>,
    ) -> Result<(), ProbeError> {
        let header = opened.file.header();
        let block_entries = u64::from(header.block_entries);
        let mut held: Option<(u64, Arc<[u8]>)> = None;
        for &index in indices {
            if index >= header.per_side {
                return Err(ProbeError::Corrupt {
                    path: opened.path.clone(),
                    why: format!("no entry {index}: the table has {}", header.per_side),
                });
            }
            let block = index / block_entries;
            let bytes = match &held {
                Some((number, bytes)) if *number == block => bytes,
                _ => &held.insert((block, self.block(opened, side, block)?)).1,
            };
            entries.push(header.entry(bytes, (index % block_entries) as usize));
        }
        Ok(())
    }
}

fn read<T>(lock: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn write<T>(lock: &RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    lock.write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// `position`'s endgame in its stored colour orientation, and whether the
/// position must be turned round to be looked up in it.
#[inline]
fn stored_material(position: &Position) -> (Material, bool) {
    let material = Material::of(position);
    let canonical = material.canonical();
    (canonical, canonical != material)
}

/// `position` in the stored colour orientation (`flip` from
/// [`stored_material`]).
#[inline]
fn stored(position: &Position, flip: bool) -> Cow<'_, Position> {
    if flip {
        Cow::Owned(position.flipped())
    } else {
        Cow::Borrowed(position)
    }
}

/// The value of a move's result for the side that made it.
fn for_mover(child: Dtm) -> Dtm {
    Dtm {
        value: child.value.parent_of_best(),
        ..child
    }
}

/// How good `dtm` is for its side: wins to mate above wins by rule, each
/// quicker first; a draw; then the slower loss.
fn preference(dtm: &Dtm) -> (u8, i32) {
    let class = match (dtm.value, dtm.to) {
        (Value::Win(_), DistanceTo::Mate) => 3,
        (Value::Win(_), DistanceTo::Rule) => 2,
        (Value::Draw, _) => 1,
        (Value::Loss(_), _) => 0,
    };
    (class, dtm.value.order())
}

/// Endgame tables, by material, under one rule set: the prober.
///
/// Probing reads the files of a directory a block at a time through a
/// cache ([`Tablebase::probe_wdl`]); tables handed over in memory
/// ([`Tablebase::insert`]) are read from memory. Each endgame is stored in
/// one colour orientation ([`Material::canonical`]); positions of the
/// other are flipped first.
///
/// ```no_run
/// use qiboard::xiangqi::Position;
/// use qiboard_tablebase::{Tablebase, Value};
///
/// let tablebase = Tablebase::open("tables")?;
/// let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w")?;
/// let dtm = tablebase.probe_dtm(&position)?;
/// assert!(matches!(dtm.value, Value::Win(_)));
/// let line = tablebase.line(&position)?;
/// assert_eq!(line.len(), usize::from(dtm.value.plies()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Tablebase {
    dir: Option<PathBuf>,
    rules: RuleSet,
    solved: Mutex<Solved>,
    solved_budget: usize,
    prober: Prober,
    /// The endgames found in the directory, once looked for.
    listed: RwLock<Option<Vec<Material>>>,
}

/// Bytes of solved tables kept in memory beside a directory: reading one
/// back costs little (its blocks decompress at hundreds of megabytes a
/// second), while keeping a gigabyte pushed the one-attacker family's
/// peak past 2 GiB.
const SOLVED_BUDGET: usize = 256 << 20;

impl Tablebase {
    fn with_dir(dir: Option<PathBuf>) -> Tablebase {
        Tablebase {
            dir,
            rules: RuleSet::default(),
            solved: Mutex::default(),
            solved_budget: SOLVED_BUDGET,
            prober: Prober::new(),
            listed: RwLock::default(),
        }
    }

    /// Tables kept in memory only: those handed over with
    /// [`Tablebase::insert`].
    pub fn in_memory() -> Tablebase {
        Tablebase::with_dir(None)
    }

    /// The tables of directory `dir` (the files `qiboard tb gen` writes).
    /// Nothing but the directory itself is looked at until a probe needs
    /// a table; tables written there later are found after
    /// [`Tablebase::refresh`].
    ///
    /// # Errors
    ///
    /// [`ProbeError::NotADirectory`] when `dir` does not exist or is not a
    /// directory; [`ProbeError::Io`] when it cannot be looked at.
    pub fn open(dir: impl Into<PathBuf>) -> Result<Tablebase, ProbeError> {
        let dir = dir.into();
        match std::fs::metadata(&dir) {
            Ok(meta) if meta.is_dir() => Ok(Tablebase::with_dir(Some(dir))),
            Ok(_) => Err(ProbeError::NotADirectory { path: dir }),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                Err(ProbeError::NotADirectory { path: dir })
            }
            Err(source) => Err(ProbeError::Io { path: dir, source }),
        }
    }

    /// The same tablebase under `rules` (default [`RuleSet::Asian`]).
    pub fn with_rules(mut self, rules: RuleSet) -> Tablebase {
        self.rules = rules;
        self
    }

    /// The same tablebase with a probe cache of at most `bytes` of
    /// decompressed blocks (default [`DEFAULT_CACHE_BYTES`]).
    pub fn with_cache_bytes(mut self, bytes: usize) -> Tablebase {
        self.prober = Prober::with_cache_bytes(bytes);
        self
    }

    /// The block cache's counters since this tablebase was made: probes
    /// answered from a cached block, blocks read and decompressed, and the
    /// bytes held now. A server exports them; a caller sizing the cache
    /// watches `blocks_read` grow.
    pub fn cache_stats(&self) -> CacheStats {
        self.prober.cache.stats()
    }

    /// The directory, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The rules the tables are solved under.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Whether the tablebase has `material`'s table (in either colour
    /// orientation), both files present and readable under its rules. The
    /// answer for a directory is found once and remembered, so a search
    /// may ask it at every node: the disk is not touched again until
    /// [`Tablebase::refresh`].
    pub fn contains(&self, material: &Material) -> bool {
        let material = material.canonical();
        let Some(dir) = self.dir() else {
            return self.table_in_memory(&material).is_some();
        };
        // Probes go through the files, so what is remembered in memory
        // beside a directory is not asked about.
        [FileKind::Wdl, FileKind::Dtm].into_iter().all(|kind| {
            self.prober
                .known(&material, kind)
                .unwrap_or_else(|| self.prober.file(dir, material, kind, self.rules).is_ok())
        })
    }

    /// Whether the tablebase has the table of `position`'s endgame
    /// ([`Tablebase::contains`]).
    ///
    /// ```
    /// use qiboard::xiangqi::Position;
    /// use qiboard_tablebase::Tablebase;
    ///
    /// let empty = Tablebase::in_memory();
    /// assert!(!empty.covers(&Position::start()));
    /// assert_eq!(empty.max_pieces(), 0);
    /// ```
    #[inline]
    pub fn covers(&self, position: &Position) -> bool {
        self.contains(&Material::of(position))
    }

    /// The endgames the tablebase has: those solved in memory, and those
    /// whose two files are in the directory (looked for once, then
    /// remembered until [`Tablebase::refresh`]).
    pub fn materials(&self) -> Vec<Material> {
        let mut found: Vec<Material> = lock(&self.solved).tables.keys().copied().collect();
        let cached = read(&self.listed).clone();
        let listed = match cached {
            Some(listed) => listed,
            None => {
                let listed = self.list_dir();
                *write(&self.listed) = Some(listed.clone());
                listed
            }
        };
        found.extend(listed);
        found.sort_by_cached_key(|material| (material.piece_count(), material.to_string()));
        found.dedup();
        found
    }

    /// The most pieces (kings included) of any endgame the tablebase has,
    /// 0 when it has none: the piece count below which a search may probe.
    pub fn max_pieces(&self) -> u32 {
        self.materials()
            .iter()
            .map(Material::piece_count)
            .max()
            .unwrap_or(0)
    }

    /// Looks at the directory again: tables written there by another
    /// process since are found, and ones removed are missing. Probes under
    /// way on other threads go on undisturbed.
    pub fn refresh(&self) {
        self.prober.forget(None);
        *write(&self.listed) = None;
    }

    /// Looks at `material`'s files again (as [`Tablebase::refresh`] does
    /// for all): what a writer calls once it has put them in place.
    pub fn refresh_endgame(&self, material: &Material) {
        self.prober.forget(Some(material.canonical()));
        *write(&self.listed) = None;
    }

    /// The endgames whose WDL and DTM files are both in the directory and
    /// readable.
    fn list_dir(&self) -> Vec<Material> {
        let Some(dir) = self.dir() else {
            return Vec::new();
        };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Vec::new();
        };
        let wdl = FileKind::Wdl.extension();
        entries
            .flatten()
            .filter_map(|entry| {
                let name = entry.file_name();
                let stem = name.to_str()?.strip_suffix(wdl)?.strip_suffix('.')?;
                stem.parse::<Material>().ok()
            })
            .filter(|material| material.is_canonical() && self.contains(material))
            .collect()
    }

    /// Lets go of the tables kept in memory beside a directory (whose files
    /// hold the same values), so that their memory is free for other work:
    /// a generator calls it before a solve, whose own tables it holds.
    /// Tables that are held elsewhere stay alive there; a tablebase without
    /// a directory keeps its tables, as they are the only copy.
    pub fn release_tables(&self) {
        if self.dir.is_some() {
            let mut solved = lock(&self.solved);
            solved.tables.clear();
            solved.bytes = 0;
        }
    }

    /// `material`'s table held in memory (in its stored orientation), if
    /// any: one handed over with [`Tablebase::insert`] and not let go.
    pub fn table_in_memory(&self, material: &Material) -> Option<Arc<Table>> {
        let material = material.canonical();
        let material = &material;
        let mut solved = lock(&self.solved);
        solved.clock += 1;
        let now = solved.clock;
        let (table, used) = solved.tables.get_mut(material)?;
        *used = now;
        Some(Arc::clone(table))
    }

    /// Keeps `table` in memory and probes it from there. A tablebase
    /// without a directory keeps every table handed over; beside a
    /// directory, whose files hold the same values and are what probes
    /// read, tables are kept (for [`Tablebase::table_in_memory`]) within
    /// 256 MiB, least recently used first out.
    pub fn insert(&self, table: Table) -> Arc<Table> {
        let table = Arc::new(table);
        let mut solved = lock(&self.solved);
        solved.clock += 1;
        let now = solved.clock;
        solved.bytes += table.bytes();
        if let Some((old, _)) = solved
            .tables
            .insert(table.material(), (Arc::clone(&table), now))
        {
            solved.bytes -= old.bytes();
        }
        if self.dir.is_some() {
            while solved.bytes > self.solved_budget && solved.tables.len() > 1 {
                let oldest = solved
                    .tables
                    .iter()
                    .filter(|(material, _)| **material != table.material())
                    .min_by_key(|(_, (_, used))| *used)
                    .map(|(material, _)| *material);
                let Some(oldest) = oldest else { break };
                if let Some((evicted, _)) = solved.tables.remove(&oldest) {
                    solved.bytes -= evicted.bytes();
                }
            }
        }
        table
    }
    /// Win, draw or loss for the side to move, reading only the WDL table
    /// of `position`'s endgame (the block that holds it, through the
    /// cache).
    ///
    /// # Errors
    ///
    /// [`ProbeError::Missing`] (naming the endgame) when its table is
    /// absent; [`ProbeError::TooLarge`] for more pieces than any table
    /// holds; [`ProbeError::OffDomain`] for a piece where no table puts
    /// it; a file that cannot be read ([`ProbeError::Io`]) or is damaged
    /// ([`ProbeError::Corrupt`]), of other rules or an older format.
    pub fn probe_wdl(&self, position: &Position) -> Result<Wdl, ProbeError> {
        let (material, flip) = stored_material(position);
        if let Some(table) = self.memory_table(&material) {
            return Ok(table_value(&table, &stored(position, flip))?.value.wdl());
        }
        let dir = self.dir_or_missing(material)?;
        // Found (or found missing) before the position is turned round.
        let opened = self
            .prober
            .file(dir, material, FileKind::Wdl, self.rules())?;
        match self.prober.entry(&opened, &stored(position, flip))? {
            0 => Ok(Wdl::Loss),
            1 => Ok(Wdl::Draw),
            2 => Ok(Wdl::Win),
            other => Err(ProbeError::Corrupt {
                path: opened.path.clone(),
                why: format!("WDL symbol {other} is not 0, 1 or 2"),
            }),
        }
    }

    /// The value with its distance (see [`Dtm`]), reading the position's
    /// WDL and DTM tables.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_wdl`], and [`ProbeError::BrokenEntry`] when
    /// the table holds no value for this legal position.
    pub fn probe_dtm(&self, position: &Position) -> Result<Dtm, ProbeError> {
        let (material, flip) = stored_material(position);
        if let Some(table) = self.memory_table(&material) {
            return table_value(&table, &stored(position, flip));
        }
        let dir = self.dir_or_missing(material)?;
        let rules = self.rules();
        let wdl = self.prober.file(dir, material, FileKind::Wdl, rules)?;
        let dtm = self.prober.file(dir, material, FileKind::Dtm, rules)?;
        let position = stored(position, flip);
        let symbol = self.prober.entry(&wdl, &position)? as u8;
        let entry = self.prober.entry(&dtm, &position)?;
        let code = code_of(symbol, entry).map_err(|why| ProbeError::Corrupt {
            path: dtm.path.clone(),
            why,
        })?;
        Dtm::from_code(code).ok_or_else(|| ProbeError::BrokenEntry {
            material,
            fen: position.fen(),
        })
    }

    /// Every legal move of `position` with what it leads to for the side
    /// making it, best first; empty when there is no legal move (the side
    /// to move has lost).
    ///
    /// First come the moves that realise the position's own value
    /// ([`Tablebase::probe_dtm`]: the same value and distance, those
    /// counting to the same end first), so that the first move's value is
    /// the position's; then the others, mates before rule wins, quicker
    /// wins first, then draws, then the slowest losses. Under the rules a
    /// loss may have a move that resists longer than its own distance: rule
    /// rounds count their distances afresh, and a move into a position an
    /// earlier round decided can take longer to lose; such a move comes
    /// after those that realise the value. A move may reach a repetition-rule decision
    /// sooner than the position's own distance says ([`DistanceTo::Rule`]
    /// distances follow the solver's line, and are not the least): such a
    /// move comes after those that realise the value. A position lost by
    /// rule now (`L 0 rule`) has no move that realises its value: its
    /// losing moves come first, longest resistance first, and last the
    /// moves that keep the draw only by the perpetual check or chase the
    /// rules forbid.
    ///
    /// # Errors
    ///
    /// The position's table or one a move leads into is missing or
    /// unusable ([`ProbeError`]).
    pub fn probe_root(&self, position: &Position) -> Result<Vec<(Move, Dtm)>, ProbeError> {
        let own = self.probe_dtm(position)?;
        self.ranked(position, own)
    }

    /// [`Tablebase::probe_root`] given the position's own value.
    fn ranked(&self, position: &Position, own: Dtm) -> Result<Vec<(Move, Dtm)>, ProbeError> {
        let mut ranked = position
            .legal_moves()
            .iter()
            .map(|&mv| Ok((mv, for_mover(self.probe_dtm(&position.play(mv))?))))
            .collect::<Result<Vec<_>, ProbeError>>()?;
        // Lost by rule here, a side's drawing moves are the perpetual
        // attacks the rules forbid: they come after its losing moves.
        let ruled_out = own.value == Value::Loss(0) && own.to == DistanceTo::Rule;
        ranked.sort_by_key(|(_, dtm)| {
            let forbidden = ruled_out && dtm.value == Value::Draw;
            let same_end = dtm.to == own.to;
            std::cmp::Reverse((
                dtm.value == own.value,
                same_end,
                !forbidden,
                preference(dtm),
            ))
        });
        Ok(ranked)
    }

    /// The best move of `position` and the value it leads to (for the side
    /// making it): the first of [`Tablebase::probe_root`], which realises
    /// the position's value (the fastest mate when winning, the longest
    /// resistance when losing, a move that keeps the draw when drawn);
    /// `None` when there is no legal move.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_root`].
    pub fn best_move(&self, position: &Position) -> Result<Option<(Move, Dtm)>, ProbeError> {
        Ok(self.probe_root(position)?.first().copied())
    }

    /// The moves from `position` to the end with best play on both sides,
    /// each [`Tablebase::best_move`] (empty for a draw or a side with no
    /// move): to mate, or to the position where a repetition rule decides.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_root`].
    pub fn line(&self, position: &Position) -> Result<Vec<Move>, ProbeError> {
        let mut line = Vec::new();
        let mut position = position.clone();
        let mut own = self.probe_dtm(&position)?;
        while own.value != Value::Draw && own.value.plies() > 0 && line.len() < 1000 {
            let Some(&(mv, _)) = self.ranked(&position, own)?.first() else {
                break;
            };
            line.push(mv);
            position = position.play(mv);
            own = self.probe_dtm(&position)?;
        }
        Ok(line)
    }

    /// The value codes ([`Dtm::from_code`]) of entries `indices` of
    /// `material`'s table (its stored orientation, [`Material::canonical`])
    /// with `side` to move, appended to `codes`: what a solver reading a
    /// smaller table through its blocks asks for, many entries at once. In
    /// ascending order each block is fetched (from the cache, else read and
    /// decompressed) once per run of indices in it. An entry without a legal
    /// position reads as whatever the files hold there.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_dtm`]; an index past the table's end is
    /// [`ProbeError::Corrupt`] (a table of another index).
    pub fn codes_at(
        &self,
        material: &Material,
        side: Color,
        indices: &[u64],
        codes: &mut Vec<u16>,
    ) -> Result<(), ProbeError> {
        let material = material.canonical();
        if let Some(table) = self.memory_table(&material) {
            let stored = table.codes(side);
            for &index in indices {
                let code = stored
                    .get(index as usize)
                    .ok_or_else(|| ProbeError::Corrupt {
                        path: PathBuf::from(material.to_string()),
                        why: format!("no entry {index}: the table has {}", stored.len()),
                    })?;
                codes.push(*code);
            }
            return Ok(());
        }
        let dir = self.dir_or_missing(material)?;
        let rules = self.rules();
        let wdl = self.prober.file(dir, material, FileKind::Wdl, rules)?;
        let dtm = self.prober.file(dir, material, FileKind::Dtm, rules)?;
        let start = codes.len();
        self.prober
            .entries_at(&wdl, side as usize, indices, codes)?;
        let mut entries = Vec::with_capacity(indices.len());
        self.prober
            .entries_at(&dtm, side as usize, indices, &mut entries)?;
        for (code, entry) in codes[start..].iter_mut().zip(entries) {
            *code = code_of(*code as u8, entry).map_err(|why| ProbeError::Corrupt {
                path: dtm.path.clone(),
                why,
            })?;
        }
        Ok(())
    }

    /// Bytes that probing `material`'s two files holds beside the block
    /// cache, at most, for any valid files of it: each file's index
    /// ([`Layout::memory`]), block index and dictionary. With the cache's
    /// size, what a caller bounding its memory counts for a table it reads
    /// through its blocks instead of whole ([`Table::bytes`]); add
    /// [`Tablebase::opening_bytes`] for the files being opened.
    pub fn probing_bytes(material: Material) -> u64 {
        let records = block_records(material);
        let file = Layout::memory(material) + MAX_DICTIONARY_BYTES as u64 + (68 << 10);
        records
            .saturating_mul(BLOCK_RECORD_BYTES)
            .saturating_add(2 * file)
    }

    /// Bytes that opening one of `material`'s files takes for a moment
    /// beyond what [`Tablebase::probing_bytes`] counts, at most: its block
    /// index and dictionary as read from the file, before they are
    /// prepared. Files are opened one at a time on each thread.
    pub fn opening_bytes(material: Material) -> u64 {
        let records = block_records(material);
        records
            .saturating_mul(BLOCK_RECORD_FILE_BYTES)
            .saturating_add(MAX_DICTIONARY_BYTES as u64 + 8)
    }

    /// The table of `material` if this tablebase holds it in memory.
    fn memory_table(&self, material: &Material) -> Option<Arc<Table>> {
        if self.dir().is_some() {
            // Probes of a directory go through the files, which hold the
            // same values, so a solve's tables need not stay in memory.
            return None;
        }
        self.table_in_memory(material)
    }

    fn dir_or_missing(&self, material: Material) -> Result<&Path, ProbeError> {
        self.dir().ok_or(ProbeError::Missing {
            material,
            path: None,
        })
    }
}

/// The blocks of `material`'s two files together, at most: the smallest
/// blocks a valid file may have are DTM blocks of 16-bit entries.
fn block_records(material: Material) -> u64 {
    let per_side = Layout::entries(material) / 2;
    let blocks = |block_entries: u64| 2 * per_side.div_ceil(block_entries);
    blocks(u64::from(WDL_BLOCK_ENTRIES)) + blocks(u64::from(DTM_BLOCK_BYTES) / 2)
}

/// The value of `position` (stored orientation) in an in-memory table.
fn table_value(table: &Table, position: &Position) -> Result<Dtm, ProbeError> {
    let material = table.material();
    match table.lookup(position) {
        Ok(Some(dtm)) => Ok(dtm),
        Ok(None) => Err(ProbeError::BrokenEntry {
            material,
            fen: position.fen(),
        }),
        Err(off) => Err(ProbeError::OffDomain { material, off }),
    }
}

/// A lock on the solved tables, even after a panic elsewhere (the map
/// holds only complete tables).
fn lock(solved: &Mutex<Solved>) -> std::sync::MutexGuard<'_, Solved> {
    solved
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
