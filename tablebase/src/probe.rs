//! Probing: the value of a position read from memory or, a block at a
//! time, from the files of the tablebase's directory, and the best moves
//! derived by probing every successor.
//!
//! Files are opened when a probe first needs them (header and block index
//! only) and read with positioned reads; decompressed blocks are kept in
//! a cache of a size the caller sets. Every method takes `&self`, so one
//! tablebase serves many threads.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::{Arc, RwLock};

use super::blocks::{BlockFile, FileKind};
use super::cache::{BlockCache, BlockKey};
use super::files::{code_of, open};
use super::value::{DistanceTo, Dtm, Value, Wdl};
use super::{Layout, Material, RuleSet, Tablebase, TbError};
use qiboard::xiangqi::{Move, Position};

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

/// The files opened so far and the block cache.
#[derive(Debug)]
pub(super) struct Prober {
    cache: BlockCache,
    opened: RwLock<HashMap<(Material, FileKind), Arc<Opened>>>,
    next_id: AtomicU32,
}

impl Prober {
    pub(super) fn new() -> Prober {
        Prober::with_cache_bytes(DEFAULT_CACHE_BYTES)
    }

    pub(super) fn with_cache_bytes(bytes: usize) -> Prober {
        Prober {
            cache: BlockCache::new(bytes),
            opened: RwLock::default(),
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
        let key = (material, kind);
        if let Some(opened) = read(&self.opened).get(&key) {
            return Ok(Arc::clone(opened));
        }
        let layout = Arc::new(Layout::new(material)?);
        let file = open(dir, &layout, kind, rules)?;
        let opened = Arc::new(Opened {
            layout,
            file,
            path: super::files::table_path(dir, material, kind),
            id: self.next_id.fetch_add(1, Relaxed),
        });
        let mut map = self
            .opened
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // Another thread may have opened it meanwhile: keep the first.
        Ok(Arc::clone(map.entry(key).or_insert(opened)))
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
        let block = slot.index / header.block_entries;
        let within = (slot.index % header.block_entries) as usize;
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

/// `position` in the colour orientation its endgame is stored in.
fn stored(position: &Position) -> (Material, Cow<'_, Position>) {
    let material = Material::of(position);
    let canonical = material.canonical();
    if canonical == material {
        (material, Cow::Borrowed(position))
    } else {
        (canonical, Cow::Owned(position.flipped()))
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
    (class, dtm.value.rank())
}

impl Tablebase {
    /// Win, draw or loss for the side to move, reading only the WDL table
    /// of `position`'s endgame (the block that holds it, through the
    /// cache). A position whose table is absent is [`TbError::Missing`],
    /// which names it.
    pub fn probe_wdl(&self, position: &Position) -> Result<Wdl, TbError> {
        let (material, position) = stored(position);
        if let Some(table) = self.memory_table(&material) {
            return Ok(table_value(&table, &position)?.value.wdl());
        }
        let dir = self.dir_or_missing(material)?;
        let opened = self
            .prober
            .file(dir, material, FileKind::Wdl, self.rules())?;
        match self.prober.entry(&opened, &position)? {
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
        let (material, position) = stored(position);
        if let Some(table) = self.memory_table(&material) {
            return table_value(&table, &position);
        }
        let dir = self.dir_or_missing(material)?;
        let rules = self.rules();
        let wdl = self.prober.file(dir, material, FileKind::Wdl, rules)?;
        let dtm = self.prober.file(dir, material, FileKind::Dtm, rules)?;
        let symbol = self.prober.entry(&wdl, &position)? as u8;
        let entry = self.prober.entry(&dtm, &position)?;
        let code = code_of(symbol, entry).map_err(|why| TbError::Corrupt {
            path: dtm.path.clone(),
            why,
        })?;
        Dtm::from_code(code).ok_or_else(|| TbError::Mismatch {
            material,
            fen: position.fen(),
            stored: None,
            expected: None,
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
        // The move that realises the stored distance, where there is one:
        // distances by rule are counted through such moves, and the best
        // ranked move may lead into another round of rule decisions.
        let realising = ranked.iter().find(|(_, reached)| *reached == own).copied();
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
    fn memory_table(&self, material: &Material) -> Option<Arc<super::Table>> {
        if self.dir().is_some() {
            // Probes of a directory go through the files, which hold the
            // same values, so a solve's tables need not stay in memory.
            return None;
        }
        self.table(material).ok()
    }

    fn dir_or_missing(&self, material: Material) -> Result<&Path, TbError> {
        self.dir().ok_or(TbError::Missing {
            material,
            path: None,
        })
    }
}

/// The value of `position` (stored orientation) in an in-memory table.
fn table_value(table: &super::Table, position: &Position) -> Result<Dtm, TbError> {
    let material = table.material();
    match table.lookup(position) {
        Ok(Some(dtm)) => Ok(dtm),
        Ok(None) => Err(TbError::Mismatch {
            material,
            fen: position.fen(),
            stored: None,
            expected: None,
        }),
        Err(off) => Err(TbError::OffDomain { material, off }),
    }
}
