//! The generator: solving endgames into a [`Tablebase`], each with
//! everything one capture away first, and verifying them. Tables are
//! written to the tablebase's directory when it has one, else handed to
//! its memory ([`Tablebase::insert`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use qiboard_tablebase::{Layout, Material, ProbeError, RuleSet, SideStats, Table, Tablebase};
use rayon::prelude::*;

use crate::captures::{capturable, Captures, SubTable};
use crate::lock::EndgameLock;
use crate::solve::{
    beside_bytes, remove_dead_scratch, solve, solve_spilled, working_bytes_for, Working,
};
use crate::write::{load, remove_dead_temporaries, save, save_codes, Saved};
use crate::{verify, GenerateError, Progress};

/// What generating one table did.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The endgame (in its stored colour orientation).
    pub material: Material,
    /// Index entries, both sides to move.
    pub entries: u64,
    /// Solving and writing time (sub-endgames not included).
    pub elapsed: Duration,
    /// The working memory the solve asked for, in bytes, the tables one
    /// capture away that it read included.
    pub working_bytes: u64,
    /// The files written and their sizes, when the tablebase has a
    /// directory.
    pub files: Option<Saved>,
}

/// Solves endgames into a [`Tablebase`]: into its directory when it has
/// one, else into its memory. What it solved is probed through
/// [`Generator::tablebase`].
///
/// ```
/// use qiboard::xiangqi::Color;
/// use qiboard_tablebase_gen::{Generator, Quiet};
///
/// let generator = Generator::in_memory();
/// generator.generate(&"KRK".parse()?, &Quiet)?;
/// let stats = generator.table(&"KRK".parse()?)?.stats(Color::Red);
/// assert_eq!(stats.legal, stats.win);
/// let position = qiboard::xiangqi::Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w")?;
/// let wdl = generator.tablebase().probe_wdl(&position)?;
/// assert_eq!(wdl, qiboard_tablebase::Wdl::Win);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Generator {
    tablebase: Tablebase,
    memory_limit: Option<u64>,
    /// Whether missing endgames one capture away are solved too.
    subtables: bool,
}

impl Generator {
    /// A generator filling `tablebase` (under its rules).
    pub fn new(tablebase: Tablebase) -> Generator {
        Generator {
            tablebase,
            memory_limit: None,
            subtables: true,
        }
    }

    /// A generator keeping what it solves in memory
    /// ([`Tablebase::in_memory`]).
    pub fn in_memory() -> Generator {
        Generator::new(Tablebase::in_memory())
    }

    /// A generator reading and writing the tables of `dir`
    /// ([`Tablebase::open`]), which it creates if it is not there.
    ///
    /// # Errors
    ///
    /// [`GenerateError::Io`] when the directory cannot be created, and the
    /// errors of [`Tablebase::open`].
    pub fn open(dir: impl Into<PathBuf>) -> Result<Generator, GenerateError> {
        let dir = dir.into();
        std::fs::create_dir_all(&dir).map_err(|source| GenerateError::Io {
            path: dir.clone(),
            source,
        })?;
        Ok(Generator::new(Tablebase::open(dir)?))
    }

    /// The same generator under `rules` ([`Tablebase::with_rules`]).
    pub fn with_rules(mut self, rules: RuleSet) -> Generator {
        self.tablebase = self.tablebase.with_rules(rules);
        self
    }

    /// The same generator with a probe cache of at most `bytes`
    /// ([`Tablebase::with_cache_bytes`]).
    pub fn with_cache_bytes(mut self, bytes: usize) -> Generator {
        self.tablebase = self.tablebase.with_cache_bytes(bytes);
        self
    }

    /// The same generator keeping each solve's working memory within
    /// `bytes` (default: what the system reports available). An endgame
    /// that needs more is solved out of core, a partition of its entries in
    /// memory at a time, with scratch files beside the tables (or in the
    /// system's temporary directory), into the same values, rule rounds
    /// included; one for which `bytes` is less than an eighth of a byte an
    /// entry and 1.25 MiB (with rule rounds, about a third of a byte an
    /// entry and 2.5 MiB), is refused with [`GenerateError::NotEnoughMemory`]
    /// before its solve starts, and one whose rule round finds more
    /// candidates than the rest leaves room for stops with
    /// [`GenerateError::RuleRoundsOverBudget`]. Its files are
    /// written from the scratch files (a generator without a directory
    /// keeps the values, two bytes an entry, in memory). The tables one
    /// capture away, which the solve reads held whole (two bytes an
    /// entry), count within the limit; the writer's compressors do not.
    pub fn with_memory_limit(mut self, bytes: u64) -> Generator {
        self.memory_limit = Some(bytes);
        self
    }

    /// The same generator solving only the endgames it is asked for: each
    /// endgame one capture away must be in the directory already (and is
    /// read whole, every block checked), else the solve stops with
    /// [`ProbeError::Missing`] naming it. What a driver that builds a family
    /// on many machines, each endgame after those it needs, wants.
    pub fn with_subtables(mut self, solve_them: bool) -> Generator {
        self.subtables = solve_them;
        self
    }

    /// The working memory a solve may have: the limit set, else what the
    /// system reports available (`None` where it does not say).
    pub fn memory_limit(&self) -> Option<u64> {
        self.memory_limit.or_else(available_memory)
    }

    /// The tablebase it fills, to probe what it solved.
    pub fn tablebase(&self) -> &Tablebase {
        &self.tablebase
    }

    /// The tablebase it filled.
    pub fn into_tablebase(self) -> Tablebase {
        self.tablebase
    }

    /// `material`'s whole table (in its stored orientation), from memory,
    /// else read from the directory (every block checked).
    ///
    /// # Errors
    ///
    /// [`ProbeError::Missing`] when there is none, the prober's errors for
    /// files that cannot be used, [`GenerateError::OutOfMemory`] for a
    /// table that does not fit in memory.
    pub fn table(&self, material: &Material) -> Result<Arc<Table>, GenerateError> {
        let material = material.canonical();
        let tablebase = &self.tablebase;
        if let Some(table) = tablebase.table_in_memory(&material) {
            return Ok(table);
        }
        match tablebase.dir() {
            Some(dir) => {
                let layout = Arc::new(Layout::new(material)?);
                Ok(tablebase.insert(load(dir, layout, tablebase.rules())?))
            }
            None => Err(ProbeError::Missing {
                material,
                path: None,
            }
            .into()),
        }
    }

    /// `material`'s table if there is one, else generated (with whatever
    /// it needs), appending what was generated to `log`.
    fn obtain(
        &self,
        material: &Material,
        progress: &dyn Progress,
        log: &mut Vec<Generated>,
    ) -> Result<Arc<Table>, GenerateError> {
        match self.table(material) {
            Err(GenerateError::Probe(ProbeError::Missing { .. })) if self.subtables => {
                match self.solve(material, progress, log, Again::UnlessWritten)? {
                    Solved::Table(table) => Ok(table),
                    Solved::InFiles => self.table(material),
                }
            }
            found => found,
        }
    }

    /// The tables one capture away from `material`, each obtained by `get`
    /// in its stored orientation.
    pub(crate) fn captures(
        material: &Material,
        mut get: impl FnMut(&Material) -> Result<Arc<Table>, GenerateError>,
    ) -> Result<Captures, GenerateError> {
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

    /// How the solve of `layout` fits the memory limit (out of core if it
    /// must); refuses, before it starts, one that cannot.
    fn check_memory(&self, layout: &Layout) -> Result<Working, GenerateError> {
        let material = layout.material();
        let rules = self.tablebase.rules();
        // The process, the index and the tables it reads are in memory by
        // now, so what the system has available is net of them: they
        // count within a limit given.
        let beside = beside_bytes(material);
        let available = self
            .memory_limit
            .or_else(|| available_memory().map(|bytes| bytes.saturating_add(beside)));
        let entries = layout.per_side() * 2;
        Working::within(material, entries, rules, available).ok_or(GenerateError::NotEnoughMemory {
            material,
            needed: working_bytes_for(material, entries, rules).saturating_add(beside),
            available: available.unwrap_or(0),
        })
    }

    fn solve(
        &self,
        material: &Material,
        progress: &dyn Progress,
        log: &mut Vec<Generated>,
        again: Again,
    ) -> Result<Solved, GenerateError> {
        let material = material.canonical();
        let layout = Arc::new(Layout::new(material)?);
        let captures = Self::captures(&material, |smaller| self.obtain(smaller, progress, log))?;
        let working = self.check_memory(&layout)?;
        // One writer per endgame in a directory, from the look for its
        // table to its files in place (sub-endgames are locked one by one
        // above, never while this is held: no writer waits holding a lock).
        let rules = self.tablebase.rules();
        let _lock = match self.tablebase.dir() {
            Some(dir) => {
                let lock = EndgameLock::acquire(dir, material, progress)?;
                // Held, it makes this the endgame's only writer in `dir`:
                // temporaries and scratch directories of the endgame there
                // are those of writers that died, here or on another
                // machine, and would otherwise stay (the scratch whenever
                // this solve is not out of core).
                remove_dead_temporaries(dir, material);
                remove_dead_scratch(dir, material);
                Some(lock)
            }
            None => None,
        };
        if again == Again::UnlessWritten {
            self.tablebase.refresh_endgame(&material);
            match self.table(&material) {
                // Another writer finished it while this one waited.
                Ok(table) => return Ok(Solved::Table(table)),
                // Another rule set's table is not overwritten.
                Err(error @ GenerateError::Probe(ProbeError::RulesMismatch { .. })) => {
                    return Err(error)
                }
                // Missing or damaged: solved (again) here.
                Err(_) => {}
            }
        }
        // The memory a plan gives this solve is its own and its captures'
        // (held above): tables kept from earlier solves go.
        self.tablebase.release_tables();
        let started = Instant::now();
        let dir = self.tablebase.dir();
        let codes = match working {
            Working::InMemory(_) => solve(&layout, &captures, rules, progress)?,
            Working::OutOfCore(partitions) => {
                // Scratch files go beside the tables, else where the
                // system keeps temporary files.
                let temporary = std::env::temp_dir();
                let parent = dir.unwrap_or(&temporary);
                let mut spilled =
                    solve_spilled(&layout, &captures, rules, partitions, parent, progress)?;
                match dir {
                    // Written from the scratch files, never held whole.
                    Some(dir) => {
                        let files = save_codes(&mut spilled, dir)?;
                        drop(spilled);
                        self.tablebase.refresh_endgame(&material);
                        let generated = Generated {
                            material,
                            entries: layout.per_side() * 2,
                            elapsed: started.elapsed(),
                            working_bytes: working.bytes(),
                            files: Some(files),
                        };
                        progress.generated(&generated);
                        log.push(generated);
                        return Ok(Solved::InFiles);
                    }
                    None => spilled.into_codes()?,
                }
            }
        };
        drop(captures);
        let table = counted(layout, rules, codes);
        let files = match dir {
            Some(dir) => Some(save(&table, dir)?),
            None => None,
        };
        self.tablebase.refresh_endgame(&material);
        let generated = Generated {
            material,
            entries: table.layout().per_side() * 2,
            elapsed: started.elapsed(),
            working_bytes: working.bytes(),
            files,
        };
        progress.generated(&generated);
        log.push(generated);
        Ok(Solved::Table(self.tablebase.insert(table)))
    }

    /// Solves `material` (again, even if a table exists), first loading
    /// or generating every endgame it reaches by captures; saves each
    /// table generated when there is a directory. Returns what was
    /// generated, smallest endgames first. A material whose colours are
    /// the other way round than stored ([`Material::canonical`]) solves
    /// the stored one.
    ///
    /// # Errors
    ///
    /// The first endgame that fails: a table it reads that is missing (with
    /// sub-endgames off), damaged or of other rules
    /// ([`GenerateError::Probe`]), more memory than the limit
    /// ([`GenerateError::NotEnoughMemory`], before any work;
    /// [`GenerateError::RuleRoundsOverBudget`] out of core), a file that
    /// cannot be written ([`GenerateError::Io`]).
    pub fn generate(
        &self,
        material: &Material,
        progress: &dyn Progress,
    ) -> Result<Vec<Generated>, GenerateError> {
        let mut log = Vec::new();
        self.solve(material, progress, &mut log, Again::Always)?;
        Ok(log)
    }

    /// Solves `material` unless, once its lock is held, another writer has
    /// put its table there: what a family run does with each endgame it
    /// finds missing.
    pub(crate) fn generate_missing(
        &self,
        material: &Material,
        progress: &dyn Progress,
    ) -> Result<Vec<Generated>, GenerateError> {
        let mut log = Vec::new();
        self.solve(material, progress, &mut log, Again::UnlessWritten)?;
        Ok(log)
    }

    /// `material`'s table, generated (and saved) if there is none yet.
    ///
    /// # Errors
    ///
    /// As [`Generator::table`] and [`Generator::generate`].
    pub fn load_or_generate(
        &self,
        material: &Material,
        progress: &dyn Progress,
    ) -> Result<Arc<Table>, GenerateError> {
        self.obtain(material, progress, &mut Vec::new())
    }

    /// Checks every entry of `material`'s table against its successors
    /// (see [`Table`]); the table and those one capture away must exist.
    /// Returns the number of legal entries checked.
    ///
    /// # Errors
    ///
    /// [`GenerateError::Mismatch`] at the first value its successors
    /// contradict; a table missing or unusable ([`GenerateError::Probe`]).
    pub fn verify(
        &self,
        material: &Material,
        progress: &dyn Progress,
    ) -> Result<u64, GenerateError> {
        let table = self.table(material)?;
        let captures = Self::captures(&table.material(), |smaller| self.table(smaller))?;
        verify::verify(&table, &captures, progress)
    }
}

/// A table of `codes`, its statistics counted in parallel chunks (a pass
/// over tens of millions of codes is worth sharing between cores).
fn counted(layout: Arc<Layout>, rules: RuleSet, codes: Vec<u16>) -> Table {
    const CHUNK: usize = 1 << 16;
    let per_side = layout.per_side() as usize;
    let stats = [0, 1].map(|side| {
        codes[side * per_side..(side + 1) * per_side]
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(chunk, codes)| SideStats::of(&layout, chunk * CHUNK, codes))
            .reduce(|| SideStats::NONE, |a, b| a + b)
    });
    Table::with_stats(layout, rules, codes, stats)
}

/// What a solve leaves: its table in memory, or only its files (a solve
/// out of core, whose table is read back only when it is needed).
enum Solved {
    Table(Arc<Table>),
    InFiles,
}

/// Whether a solve goes on when the table is there by the time the
/// endgame's lock is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Again {
    /// It solves anyway (asked for by name).
    Always,
    /// Another writer's table is used (a sub-endgame).
    UnlessWritten,
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
