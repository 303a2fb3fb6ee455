//! The prober: endgame tables by material under one rule set, read from a
//! directory a block at a time through a cache, or held whole in memory
//! (what a [`Generator`](crate::Generator) solved without a directory);
//! values of positions, and the best moves derived by probing every
//! successor.
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

use qiboard::xiangqi::{Move, Position};

use crate::cache::{BlockCache, BlockKey};
use crate::format::{code_of, open, table_path, BlockFile, FileKind};
use crate::value::{DistanceTo, Dtm, Value, Wdl};
use crate::{Layout, Material, RuleSet, Table, TbError};

/// Solved tables kept in memory, least recently used first out once over
/// the budget (only tables also on disk: an in-memory tablebase keeps all).
#[derive(Debug, Default)]
struct Solved {
    tables: HashMap<Material, (Arc<Table>, u64)>,
    bytes: usize,
    clock: u64,
}

/// Decompressed bytes a probe cache holds by default.
const DEFAULT_CACHE_BYTES: usize = 64 << 20;

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
    Failed(TbError),
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
    ) -> Result<Arc<Opened>, TbError> {
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
            .map_err(TbError::from)
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
    fn entry(&self, opened: &Opened, position: &Position) -> Result<u16, TbError> {
        let material = opened.layout.material();
        let slot = opened
            .layout
            .slot(position)
            .map_err(|off| TbError::OffDomain { material, off })?;
        let header = opened.file.header();
        let side = position.side_to_move() as usize;
        let block_entries = u64::from(header.block_entries);
        // Fewer blocks than `u32` counts: a block holds at least 2¹⁹ entries.
        let block = (slot.index / block_entries) as u32;
        let within = (slot.index % block_entries) as usize;
        let key = BlockKey {
            file: opened.id,
            side: side as u8,
            block,
        };
        let bytes = self.cache.get_or_load(key, || {
            opened
                .file
                .read_block(side, u64::from(block))
                .map_err(|why| TbError::Corrupt {
                    path: opened.path.clone(),
                    why,
                })
        })?;
        Ok(header.entry(&bytes, within))
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
/// cache ([`Tablebase::probe_wdl`]); tables a [`Generator`](crate::Generator)
/// solved in memory are read from memory. Each endgame is stored in one
/// colour orientation ([`Material::canonical`]); positions of the other
/// are flipped first.
///
/// ```
/// use qiboard::xiangqi::Position;
/// use qiboard_tablebase::{Generator, Quiet, Tablebase, Value};
///
/// let generator = Generator::new(Tablebase::in_memory());
/// generator.generate(&"KRK".parse()?, &Quiet)?;
/// let tablebase = generator.tablebase();
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

    /// Tables kept in memory only: what a [`Generator`](crate::Generator)
    /// solves into it.
    pub fn in_memory() -> Tablebase {
        Tablebase::with_dir(None)
    }

    /// Tables read from (and, by a generator, written to) `dir`. Nothing
    /// is read until a table is needed.
    pub fn open(dir: impl Into<PathBuf>) -> Tablebase {
        Tablebase::with_dir(Some(dir.into()))
    }

    /// The same tablebase under `rules` (default [`RuleSet::Asian`]).
    pub fn with_rules(mut self, rules: RuleSet) -> Tablebase {
        self.rules = rules;
        self
    }

    /// The same tablebase with a probe cache of at most `bytes` of
    /// decompressed blocks (default 64 MiB).
    pub fn with_cache_bytes(mut self, bytes: usize) -> Tablebase {
        self.prober = Prober::with_cache_bytes(bytes);
        self
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
            return self.remembered(&material).is_some();
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
    /// let empty = Tablebase::open("/no/such/directory");
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
    /// process since are found, and ones removed are missing.
    pub fn refresh(&self) {
        self.prober.forget(None);
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

    /// Forgets what the prober knew of `material`'s files (a generator
    /// has just written them).
    pub(crate) fn forget_files(&self, material: Material) {
        self.prober.forget(Some(material));
        *write(&self.listed) = None;
    }

    /// `material`'s table held in memory, if any.
    pub(crate) fn remembered(&self, material: &Material) -> Option<Arc<Table>> {
        let mut solved = lock(&self.solved);
        solved.clock += 1;
        let now = solved.clock;
        let (table, used) = solved.tables.get_mut(material)?;
        *used = now;
        Some(Arc::clone(table))
    }

    /// Keeps `table` in memory; beside a directory, only within the
    /// budget, least recently used first out.
    pub(crate) fn remember(&self, table: Table) -> Arc<Table> {
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
    /// cache). A position whose table is absent is [`TbError::Missing`],
    /// which names it.
    pub fn probe_wdl(&self, position: &Position) -> Result<Wdl, TbError> {
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
            other => Err(TbError::Corrupt {
                path: opened.path.clone(),
                why: format!("WDL symbol {other} is not 0, 1 or 2"),
            }),
        }
    }

    /// The value with its distance (see [`Dtm`]), reading the position's
    /// WDL and DTM tables.
    pub fn probe_dtm(&self, position: &Position) -> Result<Dtm, TbError> {
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
        let code = code_of(symbol, entry).map_err(|why| TbError::Corrupt {
            path: dtm.path.clone(),
            why,
        })?;
        Dtm::from_code(code).ok_or_else(|| TbError::BrokenEntry {
            material,
            fen: position.fen(),
        })
    }

    /// Every legal move of `position` with what it leads to for the side
    /// making it, best first: mates before rule wins, quicker wins first,
    /// then draws, then the slowest losses. Empty when there is no legal
    /// move (the side to move has lost).
    pub fn probe_root(&self, position: &Position) -> Result<Vec<(Move, Dtm)>, TbError> {
        let mut ranked = position
            .legal_moves()
            .iter()
            .map(|&mv| Ok((mv, for_mover(self.probe_dtm(&position.play(mv))?))))
            .collect::<Result<Vec<_>, TbError>>()?;
        ranked.sort_by_key(|(_, dtm)| std::cmp::Reverse(preference(dtm)));
        Ok(ranked)
    }

    /// A best move of `position` and the value it leads to (for the side
    /// making it): the fastest mate when winning, the longest resistance
    /// when losing, a move that keeps the draw when drawn; `None` when
    /// there is no legal move.
    pub fn best_move(&self, position: &Position) -> Result<Option<(Move, Dtm)>, TbError> {
        let own = self.probe_dtm(position)?;
        let ranked = self.probe_root(position)?;
        // The move that realises the stored value and distance, where there
        // is one: distances by rule are counted through such moves, and the
        // best ranked move (a mate before a rule win) may lead into another
        // round of rule decisions, or round and round. Whether the rules
        // decided the value is no part of it: a win by mate can be quicker
        // to a rule decision.
        let realising = ranked
            .iter()
            .find(|(_, reached)| reached.value == own.value && reached.to == own.to)
            .copied();
        Ok(realising.or_else(|| ranked.first().copied()))
    }

    /// The moves from `position` to the end with best play on both sides
    /// (empty for a draw or a side with no move): to mate, or to the
    /// position where a repetition rule decides.
    pub fn line(&self, position: &Position) -> Result<Vec<Move>, TbError> {
        let mut line = Vec::new();
        let mut position = position.clone();
        let mut value = self.probe_dtm(&position)?.value;
        while value != Value::Draw && value.plies() > 0 && line.len() < 1000 {
            let Some((mv, _)) = self.best_move(&position)? else {
                break;
            };
            line.push(mv);
            position = position.play(mv);
            value = self.probe_dtm(&position)?.value;
        }
        Ok(line)
    }

    /// The table of `material` if this tablebase holds it in memory.
    fn memory_table(&self, material: &Material) -> Option<Arc<Table>> {
        if self.dir().is_some() {
            // Probes of a directory go through the files, which hold the
            // same values, so a solve's tables need not stay in memory.
            return None;
        }
        self.remembered(material)
    }

    fn dir_or_missing(&self, material: Material) -> Result<&Path, TbError> {
        self.dir().ok_or(TbError::Missing {
            material,
            path: None,
        })
    }
}

/// The value of `position` (stored orientation) in an in-memory table.
fn table_value(table: &Table, position: &Position) -> Result<Dtm, TbError> {
    let material = table.material();
    match table.lookup(position) {
        Ok(Some(dtm)) => Ok(dtm),
        Ok(None) => Err(TbError::BrokenEntry {
            material,
            fen: position.fen(),
        }),
        Err(off) => Err(TbError::OffDomain { material, off }),
    }
}

/// A lock on the solved tables, even after a panic elsewhere (the map
/// holds only complete tables).
fn lock(solved: &Mutex<Solved>) -> std::sync::MutexGuard<'_, Solved> {
    solved
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
