//! A set of endgame tables: generated on demand with everything one
//! capture away, kept in memory within a budget, stored in a directory
//! when there is one.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::files::{load, save, Saved};
use super::probe::Prober;
use super::solve::{solve, working_bytes};
use super::table::{capturable, Captures, SubTable};
use super::{verify, Layout, Material, Progress, RuleSet, Table, TbError};

/// What generating one table did.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The endgame (in its stored colour orientation).
    pub material: Material,
    /// Index entries, both sides to move.
    pub entries: u64,
    /// Solving and writing time (sub-endgames not included).
    pub elapsed: Duration,
    /// The working memory the solve asked for, in bytes.
    pub working_bytes: u64,
    /// The files written and their sizes, when the tablebase has a
    /// directory.
    pub files: Option<Saved>,
}

/// Solved tables kept in memory, least recently used first out once over
/// the budget (only tables also on disk: an in-memory tablebase keeps all).
#[derive(Debug, Default)]
struct Solved {
    tables: HashMap<Material, (Arc<Table>, u64)>,
    bytes: usize,
    clock: u64,
}

/// Endgame tables, by material, under one rule set.
///
/// Generation keeps whole tables in memory; probing reads the files of a
/// directory a block at a time through a cache (see [`Tablebase::probe_wdl`]).
/// Each endgame is stored in one colour orientation
/// ([`Material::canonical`]); positions of the other are flipped first.
///
/// ```
/// use qiboard_tablebase::{Quiet, Tablebase, Value};
/// use qiboard::xiangqi::Position;
///
/// let tablebase = Tablebase::in_memory();
/// tablebase.generate(&"KRK".parse().unwrap(), &Quiet).unwrap();
/// let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w").unwrap();
/// let dtm = tablebase.probe_dtm(&position).unwrap();
/// assert!(matches!(dtm.value, Value::Win(_)));
/// let line = tablebase.line(&position).unwrap();
/// assert_eq!(line.len(), usize::from(dtm.value.plies()));
/// ```
#[derive(Debug)]
pub struct Tablebase {
    dir: Option<PathBuf>,
    rules: RuleSet,
    memory_limit: Option<u64>,
    solved: Mutex<Solved>,
    solved_budget: usize,
    pub(super) prober: Prober,
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
            memory_limit: None,
            solved: Mutex::default(),
            solved_budget: SOLVED_BUDGET,
            prober: Prober::new(),
        }
    }

    /// Tables kept in memory only.
    pub fn in_memory() -> Tablebase {
        Tablebase::with_dir(None)
    }

    /// Tables read from and written to `dir`. Nothing is read until a
    /// table is needed.
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

    /// The same tablebase refusing to solve an endgame whose working memory
    /// would exceed `bytes` (default: what the system reports available).
    pub fn with_memory_limit(mut self, bytes: u64) -> Tablebase {
        self.memory_limit = Some(bytes);
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

    fn remembered(&self, material: &Material) -> Option<Arc<Table>> {
        let mut solved = lock(&self.solved);
        solved.clock += 1;
        let now = solved.clock;
        let (table, used) = solved.tables.get_mut(material)?;
        *used = now;
        Some(Arc::clone(table))
    }

    fn remember(&self, table: Table) -> Arc<Table> {
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

    /// `material`'s whole table (in its stored orientation), from memory,
    /// else read from the directory (every block checked), else
    /// [`TbError::Missing`].
    pub fn table(&self, material: &Material) -> Result<Arc<Table>, TbError> {
        let material = material.canonical();
        if let Some(table) = self.remembered(&material) {
            return Ok(table);
        }
        match &self.dir {
            Some(dir) => {
                let layout = Arc::new(Layout::new(material)?);
                Ok(self.remember(load(dir, layout, self.rules)?))
            }
            None => Err(TbError::Missing {
                material,
                path: None,
            }),
        }
    }

    /// `material`'s table if there is one, else generated (with whatever
    /// it needs), appending what was generated to `log`.
    fn obtain(
        &self,
        material: &Material,
        progress: &dyn Progress,
        log: &mut Vec<Generated>,
    ) -> Result<Arc<Table>, TbError> {
        match self.table(material) {
            Err(TbError::Missing { .. }) => self.solve(material, progress, log),
            found => found,
        }
    }

    /// The tables one capture away from `material`, each obtained by `get`
    /// in its stored orientation.
    pub(super) fn captures(
        material: &Material,
        mut get: impl FnMut(&Material) -> Result<Arc<Table>, TbError>,
    ) -> Result<Captures, TbError> {
        let mut captures = Captures::default();
        for piece in capturable(material) {
            let smaller = material
                .without(piece.color, piece.kind)
                .expect("capturable pieces are present");
            let stored = smaller.canonical();
            captures[piece.color as usize][piece.kind as usize] = Some(SubTable {
                table: get(&stored)?,
                flipped: stored != smaller,
            });
        }
        Ok(captures)
    }

    /// Refuses, before it starts, a solve that would not fit in memory.
    fn check_memory(&self, layout: &Layout) -> Result<u64, TbError> {
        let needed = working_bytes(layout, self.rules);
        let available = self.memory_limit.or_else(available_memory);
        match available {
            Some(available) if needed > available => Err(TbError::NotEnoughMemory {
                material: layout.material(),
                needed,
                available,
            }),
            _ => Ok(needed),
        }
    }

    fn solve(
        &self,
        material: &Material,
        progress: &dyn Progress,
        log: &mut Vec<Generated>,
    ) -> Result<Arc<Table>, TbError> {
        let material = material.canonical();
        let layout = Arc::new(Layout::new(material)?);
        let captures = Self::captures(&material, |smaller| self.obtain(smaller, progress, log))?;
        let working_bytes = self.check_memory(&layout)?;
        let started = Instant::now();
        let codes = solve(&layout, &captures, self.rules, progress)?;
        drop(captures);
        let table = Table::new(layout, self.rules, codes);
        let files = match &self.dir {
            Some(dir) => Some(save(&table, dir)?),
            None => None,
        };
        log.push(Generated {
            material,
            entries: table.layout().per_side() * 2,
            elapsed: started.elapsed(),
            working_bytes,
            files,
        });
        Ok(self.remember(table))
    }

    /// Solves `material` (again, even if a table exists), first loading
    /// or generating every endgame it reaches by captures; saves each
    /// table generated when there is a directory. Returns what was
    /// generated, smallest endgames first. A material whose colours are
    /// the other way round than stored ([`Material::canonical`]) solves
    /// the stored one.
    pub fn generate(
        &self,
        material: &Material,
        progress: &dyn Progress,
    ) -> Result<Vec<Generated>, TbError> {
        let mut log = Vec::new();
        self.solve(material, progress, &mut log)?;
        Ok(log)
    }

    /// `material`'s table, generated (and saved) if there is none yet.
    pub fn load_or_generate(
        &self,
        material: &Material,
        progress: &dyn Progress,
    ) -> Result<Arc<Table>, TbError> {
        self.obtain(material, progress, &mut Vec::new())
    }

    /// Checks every entry of `material`'s table against its successors
    /// (see [`Table`]); the table and those one capture away must exist.
    /// Returns the number of legal entries checked.
    pub fn verify(&self, material: &Material, progress: &dyn Progress) -> Result<u64, TbError> {
        let table = self.table(material)?;
        let captures = Self::captures(&table.material(), |smaller| self.table(smaller))?;
        verify::verify(&table, &captures, progress)
    }
}

/// A lock on the solved tables, even after a panic elsewhere (the map
/// holds only complete tables).
fn lock(solved: &Mutex<Solved>) -> std::sync::MutexGuard<'_, Solved> {
    solved
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The memory the system reports available for a new allocation, where it
/// says (Linux's `MemAvailable`).
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text
        .lines()
        .find(|line| line.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
