//! The generator: solving endgames into a [`Tablebase`], each with
//! everything one capture away first, and verifying them. Tables are
//! written to the tablebase's directory when it has one, else handed to
//! its memory ([`Tablebase::insert`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use qiboard::xiangqi::Color;
use qiboard_tablebase::{Layout, Material, ProbeError, RuleSet, SideStats, Table, Tablebase};
use rayon::prelude::*;

use crate::captures::{capturable, Captures, Reads, Source, SubTable};
use crate::lock::EndgameLock;
use crate::solve::{
    beside_bytes, needs, remove_dead_scratch, solve, solve_spilled, working_bytes_for,
    writing_bytes, Working, BYTES_PER_ENTRY, PROBE_CACHE_BYTES, PROCESS_BYTES,
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
    /// How a solve reads the endgames one capture away.
    reads: Reads,
}

impl Generator {
    /// A generator filling `tablebase` (under its rules).
    pub fn new(tablebase: Tablebase) -> Generator {
        Generator {
            tablebase,
            memory_limit: None,
            subtables: true,
            reads: Reads::Auto,
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
    /// entry and 5 MiB), is refused with [`GenerateError::NotEnoughMemory`]
    /// before its solve starts; one that starts finishes within it, however
    /// many candidates its rule rounds find. Its files are
    /// written from the scratch files (a generator without a directory
    /// keeps the values, two bytes an entry, in memory). The tables one
    /// capture away, which the solve reads held whole (two bytes an
    /// entry) when that fits and through their blocks otherwise (see
    /// [`Generator::with_subtable_reads`]), count within the limit, and so
    /// do the buffers and compressors that write its files.
    pub fn with_memory_limit(mut self, bytes: u64) -> Generator {
        self.memory_limit = Some(bytes);
        self
    }

    /// The same generator solving only the endgames it is asked for: each
    /// endgame one capture away must be in the directory already (read
    /// whole, every block checked, or probed, each block checked as it is
    /// read), else the solve stops with
    /// [`ProbeError::Missing`] naming it. What a driver that builds a family
    /// on many machines, each endgame after those it needs, wants.
    pub fn with_subtables(mut self, solve_them: bool) -> Generator {
        self.subtables = solve_them;
        self
    }

    /// The same generator reading the tables one capture away as `reads`
    /// says: by default ([`Reads::Auto`]) held whole when the solve fits
    /// the memory limit in memory with them, else through their files'
    /// blocks with a bounded cache if it fits in memory so (out of core,
    /// whichever leaves the partitions more room), counted within the limit
    /// by the cache and what the open files hold instead of their whole
    /// size (slower: a block
    /// decompressed for a batch of lookups). Either way the files are the
    /// same. A generator without a directory holds them whole.
    pub fn with_subtable_reads(mut self, reads: Reads) -> Generator {
        self.reads = reads;
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

    /// Makes sure `material`'s table is there, in memory or in the
    /// directory (its files' heads checked, not read whole), else
    /// generates it (with whatever it needs), appending what was generated
    /// to `log`.
    fn ensure(
        &self,
        material: &Material,
        progress: &dyn Progress,
        log: &mut Vec<Generated>,
    ) -> Result<(), GenerateError> {
        let material = material.canonical();
        let tablebase = &self.tablebase;
        if tablebase.table_in_memory(&material).is_some() {
            return Ok(());
        }
        // Opening the files (no block read) tells missing from unusable.
        let found = tablebase.codes_at(&material, Color::Red, &[], &mut Vec::new());
        // What opening them holds is not kept past this look.
        tablebase.refresh_endgame(&material);
        match found {
            Ok(()) => Ok(()),
            Err(ProbeError::Missing { .. }) if self.subtables => {
                self.solve(&material, progress, log, Again::UnlessWritten)
            }
            Err(error) => Err(error.into()),
        }
    }

    /// The tables one capture away from `material`, each obtained by `get`
    /// in its stored orientation, held whole.
    pub(crate) fn captures(
        material: &Material,
        mut get: impl FnMut(&Material) -> Result<Arc<Table>, GenerateError>,
    ) -> Result<Captures, GenerateError> {
        Self::captures_from(material, |stored| Ok(Source::Whole(get(stored)?)))
    }

    /// The tables one capture away from `material`, each read from `get`'s
    /// source for it (in its stored orientation) once: captures by either
    /// side often reach the same stored table, and the tablebase's own
    /// cache may already have let a large one go, so asking twice could
    /// hold two copies where the plan counts one.
    fn captures_from(
        material: &Material,
        mut get: impl FnMut(&Material) -> Result<Source, GenerateError>,
    ) -> Result<Captures, GenerateError> {
        let mut captures = Captures::default();
        let mut read: Vec<(Material, Source)> = Vec::new();
        for piece in capturable(material) {
            let smaller = material
                .without(piece.color, piece.kind)
                .expect("capturable pieces are present");
            let stored = smaller.canonical();
            let source = match read.iter().find(|(m, _)| *m == stored) {
                Some((_, source)) => source.clone(),
                None => {
                    let source = get(&stored)?;
                    read.push((stored, source.clone()));
                    source
                }
            };
            captures[piece.color as usize][piece.kind as usize] = Some(SubTable {
                source,
                material: stored,
                flipped: stored != smaller,
            });
        }
        Ok(captures)
    }

    /// The tables one capture away from `material`, read as `reads` says:
    /// whole, or through their files by one prober with a bounded cache.
    fn read_captures(&self, material: &Material, reads: Reads) -> Result<Captures, GenerateError> {
        match (reads, self.tablebase.dir()) {
            (Reads::Probed, Some(dir)) => {
                let prober = Tablebase::open(dir)?
                    .with_rules(self.tablebase.rules())
                    .with_cache_bytes(PROBE_CACHE_BYTES);
                let prober = Arc::new(prober);
                Self::captures_from(material, |stored| {
                    Ok(Source::Probed {
                        tablebase: Arc::clone(&prober),
                        layout: Arc::new(Layout::new(*stored)?),
                    })
                })
            }
            _ => Self::captures(material, |stored| self.table(stored)),
        }
    }

    /// How the solve of `layout` fits the memory limit (out of core if it
    /// must) and how it reads the tables one capture away; refuses, before
    /// it starts, one that cannot.
    fn check_memory(&self, layout: &Layout) -> Result<(Working, Reads), GenerateError> {
        let material = layout.material();
        let rules = self.tablebase.rules();
        // The process and the index are in memory by now, so what the
        // system has available is net of them: they count within a limit
        // given.
        let held = PROCESS_BYTES.saturating_add(Layout::memory(material));
        let available = self
            .memory_limit
            .or_else(|| available_memory().map(|bytes| bytes.saturating_add(held)));
        let entries = layout.per_side() * 2;
        // Only files can be probed.
        let reads = match self.tablebase.dir() {
            Some(_) => self.reads,
            None => Reads::Whole,
        };
        Working::choose(material, entries, rules, available, reads).ok_or_else(|| {
            // In memory, the least the ways of reading allowed take.
            let ways: &[Reads] = match reads {
                Reads::Auto => &[Reads::Whole, Reads::Probed],
                forced => &[forced],
            };
            // Solving, then writing the files: whichever takes more.
            let needed = ways.iter().map(|&way| {
                let solving = working_bytes_for(material, entries, rules)
                    .saturating_add(beside_bytes(material, way));
                let writing = entries
                    .saturating_mul(BYTES_PER_ENTRY)
                    .saturating_add(writing_bytes(material, way));
                solving.max(writing)
            });
            GenerateError::NotEnoughMemory {
                material,
                needed: needed.min().unwrap_or(0),
                available: available.unwrap_or(0),
            }
        })
    }

    fn solve(
        &self,
        material: &Material,
        progress: &dyn Progress,
        log: &mut Vec<Generated>,
        again: Again,
    ) -> Result<(), GenerateError> {
        let material = material.canonical();
        let layout = Arc::new(Layout::new(material)?);
        for smaller in needs(material) {
            self.ensure(&smaller, progress, log)?;
        }
        let (working, reads) = self.check_memory(&layout)?;
        let captures = self.read_captures(&material, reads)?;
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
                Ok(_) => return Ok(()),
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
            Working::InMemory(_) => {
                let codes = solve(&layout, &captures, rules, progress)?;
                drop(captures);
                codes
            }
            Working::OutOfCore(partitions) => {
                // Scratch files go beside the tables, else where the
                // system keeps temporary files.
                let temporary = std::env::temp_dir();
                let parent = dir.unwrap_or(&temporary);
                let mut spilled =
                    solve_spilled(&layout, &captures, rules, partitions, parent, progress)?;
                // The writer's buffers and dictionary take the room the
                // tables read leave.
                drop(captures);
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
                        return Ok(());
                    }
                    None => spilled.into_codes()?,
                }
            }
        };
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
        self.tablebase.insert(table);
        Ok(())
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
    /// ([`GenerateError::NotEnoughMemory`], before any work), a file that
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
        let mut log = Vec::new();
        self.ensure(material, progress, &mut log)?;
        self.table(material)
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

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::{GenerateError, Quiet};

    /// A scratch directory of this test's own.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("qiboard-gen-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// Every file of `dir` by name, with its bytes.
    fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap())
            .map(|entry| {
                let name = entry.file_name().into_string().unwrap();
                (name, std::fs::read(entry.path()).unwrap())
            })
            .filter(|(name, _)| name.ends_with(".qwdl") || name.ends_with(".qdtm"))
            .collect();
        files.sort();
        files
    }

    /// Captures by either side that reach one stored table read it once,
    /// so a solve holds one copy of each table, as the plan counts.
    #[test]
    fn each_table_one_capture_away_is_read_once() {
        let generator = Generator::in_memory();
        let material: Material = "KRKR".parse().unwrap();
        generator.load_or_generate(&material, &Quiet).unwrap();
        let mut asked = Vec::new();
        let captures = Generator::captures(&material, |stored| {
            asked.push(*stored);
            generator.table(stored)
        })
        .unwrap();
        assert_eq!(asked, ["KRK".parse::<Material>().unwrap()]);
        let whole: Vec<_> = captures
            .iter()
            .flatten()
            .flatten()
            .map(|sub| match &sub.source {
                Source::Whole(table) => Arc::as_ptr(table),
                Source::Probed { .. } => panic!("KRK was asked for whole"),
            })
            .collect();
        assert_eq!(whole.len(), 2, "each side's rook captures into KRK");
        assert_eq!(whole[0], whole[1]);
    }

    /// The smaller tables read through their blocks (a bounded cache) or
    /// held whole give the same files, solved in memory and out of core,
    /// with and without rule rounds (which read them again).
    #[test]
    fn probed_subtables_give_the_files_whole_ones_do() {
        for (name, rules) in [("KRKNA", RuleSet::Asian), ("KRRKA", RuleSet::None)] {
            let material: Material = name.parse().unwrap();
            let dirs = [
                scratch(&format!("{name}-whole")),
                scratch(&format!("{name}-probed")),
                scratch(&format!("{name}-probed-parts")),
            ];
            let entries = Layout::entries(material);
            // Out of core: a byte an entry beside the probed tables and the
            // writer (the values alone take two).
            let parts = writing_bytes(material, Reads::Probed) + entries;
            let working = Working::choose(material, entries, rules, Some(parts), Reads::Probed);
            assert!(
                matches!(working, Some((Working::OutOfCore(_), Reads::Probed))),
                "{name}: {working:?}"
            );
            let runs = [
                (Reads::Whole, None),
                (Reads::Probed, None),
                (Reads::Probed, Some(parts)),
            ];
            for (dir, (reads, limit)) in dirs.iter().zip(runs) {
                let mut generator = Generator::open(dir)
                    .unwrap()
                    .with_rules(rules)
                    .with_subtable_reads(reads);
                if let Some(limit) = limit {
                    generator = generator.with_memory_limit(limit);
                }
                generator.generate(&material, &Quiet).unwrap();
            }
            let whole = files(&dirs[0]);
            assert!(whole.len() >= 8, "{name}: {} files", whole.len());
            for dir in &dirs[1..] {
                let other = files(dir);
                let names = |files: &[(String, Vec<u8>)]| {
                    files.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>()
                };
                assert_eq!(names(&whole), names(&other), "{name}");
                for ((file, a), (_, b)) in whole.iter().zip(&other) {
                    assert!(a == b, "{name}: {file} differs in {}", dir.display());
                }
            }
            for dir in dirs {
                let _ = std::fs::remove_dir_all(dir);
            }
        }
    }

    /// Unless forced, smaller tables are held whole when that fits, and
    /// probed when only that does; probing counts far less than holding
    /// large ones whole, and needs a directory.
    #[test]
    fn subtables_are_probed_only_when_whole_ones_do_not_fit() {
        let material: Material = "KRNKR".parse().unwrap();
        let entries = Layout::entries(material);
        let rules = RuleSet::Asian;
        let whole = beside_bytes(material, Reads::Whole);
        let working = working_bytes_for(material, entries, rules);
        let choose = |limit| Working::choose(material, entries, rules, limit, Reads::Auto);
        assert!(matches!(
            choose(None),
            Some((Working::InMemory(_), Reads::Whole))
        ));
        let roomy = Some(working + whole);
        assert!(matches!(
            choose(roomy),
            Some((Working::InMemory(_), Reads::Whole))
        ));
        // A large endgame's tables are far larger than the prober's cache:
        // where only probing fits, probed it is.
        let large: Material = "KRAAEEKNAEE".parse().unwrap();
        let large_entries = Layout::entries(large);
        let probed = beside_bytes(large, Reads::Probed);
        let whole = beside_bytes(large, Reads::Whole);
        assert!(
            probed * 4 < whole,
            "probing counts the cache, not the tables"
        );
        let tight = working_bytes_for(large, large_entries, rules) + probed;
        let chosen = Working::choose(large, large_entries, rules, Some(tight), Reads::Auto);
        assert!(
            matches!(chosen, Some((Working::InMemory(bytes), Reads::Probed)) if bytes == tight),
            "{chosen:?}"
        );
        let forced = Working::choose(large, large_entries, rules, Some(tight), Reads::Whole);
        assert_eq!(forced, None);
        // Without a directory, tables are held whole.
        let in_memory = Generator::in_memory().with_subtable_reads(Reads::Probed);
        let layout = Layout::new("KRK".parse().unwrap()).unwrap();
        let (_, reads) = in_memory.check_memory(&layout).unwrap();
        assert_eq!(reads, Reads::Whole);
    }

    /// A smaller table whose blocks are damaged stops a solve reading it
    /// through its blocks with an error naming the file.
    #[test]
    fn a_damaged_probed_subtable_is_an_error() {
        let dir = scratch("damaged-probed");
        let material: Material = "KRKA".parse().unwrap();
        Generator::open(&dir)
            .unwrap()
            .generate(&material, &Quiet)
            .unwrap();
        for file in ["KRK.qwdl", "KRK.qdtm"] {
            let path = dir.join(file);
            let mut bytes = std::fs::read(&path).unwrap();
            // The blocks follow the head: damage the last quarter.
            let len = bytes.len();
            for byte in &mut bytes[len - len / 4..] {
                *byte ^= 0x55;
            }
            std::fs::write(&path, &bytes).unwrap();
        }
        let error = Generator::open(&dir)
            .unwrap()
            .with_subtable_reads(Reads::Probed)
            .generate(&material, &Quiet)
            .unwrap_err();
        match &error {
            GenerateError::Probe(ProbeError::Corrupt { path, why }) => {
                assert!(
                    path.ends_with("KRK.qwdl") || path.ends_with("KRK.qdtm"),
                    "{error}"
                );
                assert!(!why.is_empty());
            }
            other => panic!("expected a damaged file, got {other:?}"),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
