//! A set of endgame tables: generated on demand with everything one
//! capture away, kept in memory, optionally stored in a directory; and
//! queries on positions.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::xiangqi::{Move, Position};

use super::storage::{load, save, table_path};
use super::table::{capturable, Captures, Family};
use super::{solve, verify, Layout, Material, Progress, Table, TbError, Value};

/// What generating one table did.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The endgame.
    pub material: Material,
    /// Index entries, both sides to move.
    pub entries: u64,
    /// Solving time (sub-endgames not included).
    pub elapsed: Duration,
    /// The file written and its size, when the tablebase has a directory.
    pub file: Option<(PathBuf, u64)>,
}

/// Endgame tables, by material.
///
/// ```
/// use qiboard::xiangqi::tablebase::{Quiet, Tablebase, Value};
/// use qiboard::xiangqi::Position;
///
/// let tablebase = Tablebase::in_memory();
/// tablebase.generate(&"KRK".parse().unwrap(), &Quiet).unwrap();
/// let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w").unwrap();
/// let value = tablebase.probe(&position).unwrap();
/// assert!(matches!(value, Value::Win(_)));
/// let line = tablebase.line(&position).unwrap();
/// assert_eq!(line.len(), usize::from(value.plies()));
/// ```
#[derive(Debug, Default)]
pub struct Tablebase {
    dir: Option<PathBuf>,
    tables: Mutex<HashMap<Material, Arc<Table>>>,
}

impl Tablebase {
    /// Tables kept in memory only.
    pub fn in_memory() -> Tablebase {
        Tablebase::default()
    }

    /// Tables read from and written to `dir`.
    pub fn at(dir: impl Into<PathBuf>) -> Tablebase {
        Tablebase {
            dir: Some(dir.into()),
            tables: Mutex::default(),
        }
    }

    /// The directory, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    fn remembered(&self, material: &Material) -> Option<Arc<Table>> {
        self.tables
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(material)
            .cloned()
    }

    fn remember(&self, table: Table) -> Arc<Table> {
        let table = Arc::new(table);
        self.tables
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .insert(table.material(), Arc::clone(&table));
        table
    }

    /// `material`'s table from memory, else from the directory (checked
    /// before use), else [`TbError::Missing`].
    pub fn table(&self, material: &Material) -> Result<Arc<Table>, TbError> {
        if let Some(table) = self.remembered(material) {
            return Ok(table);
        }
        let path = self.dir.as_deref().map(|dir| table_path(dir, *material));
        match &path {
            Some(path) if path.exists() => {
                let layout = Arc::new(Layout::new(*material)?);
                Ok(self.remember(load(path, layout)?))
            }
            _ => Err(TbError::Missing {
                material: *material,
                path,
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

    /// The tables one capture away from `material`.
    fn captures(
        &self,
        material: &Material,
        mut get: impl FnMut(&Material) -> Result<Arc<Table>, TbError>,
    ) -> Result<Captures, TbError> {
        let mut captures = Captures::default();
        for piece in capturable(material) {
            let smaller = material
                .without(piece.color, piece.kind)
                .expect("capturable pieces are present");
            captures[piece.color as usize][piece.kind as usize] = Some(get(&smaller)?);
        }
        Ok(captures)
    }

    fn solve(
        &self,
        material: &Material,
        progress: &dyn Progress,
        log: &mut Vec<Generated>,
    ) -> Result<Arc<Table>, TbError> {
        let layout = Arc::new(Layout::new(*material)?);
        let captures = self.captures(material, |smaller| self.obtain(smaller, progress, log))?;
        let started = Instant::now();
        let codes = solve::solve(&layout, &captures, progress)?;
        let table = Table::new(layout, codes);
        let elapsed = started.elapsed();
        let file = match &self.dir {
            Some(dir) => Some(save(&table, dir)?),
            None => None,
        };
        log.push(Generated {
            material: *material,
            entries: table.layout().per_side() * 2,
            elapsed,
            file,
        });
        Ok(self.remember(table))
    }

    /// Solves `material` (again, even if a table exists), first loading
    /// or generating every endgame it reaches by captures; saves each
    /// table generated when there is a directory. Returns what was
    /// generated, smallest endgames first.
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
        let captures = self.captures(material, |smaller| self.table(smaller))?;
        verify::verify(&table, &captures, progress)
    }

    /// The value of `position` for the side to move.
    pub fn probe(&self, position: &Position) -> Result<Value, TbError> {
        let material = Material::of(position);
        let table = self.table(&material)?;
        match table.lookup(position) {
            Ok(Some(value)) => Ok(value),
            Ok(None) => Err(TbError::Mismatch {
                material,
                fen: position.fen(),
                stored: None,
                expected: None,
            }),
            Err(off) => Err(TbError::OffDomain { material, off }),
        }
    }

    /// A best move of `position` and the value it leads to: the fastest
    /// mate when winning, the longest resistance when losing, a move that
    /// keeps the draw when drawn; `None` when there is no legal move.
    pub fn best_move(&self, position: &Position) -> Result<Option<(Move, Value)>, TbError> {
        let value = self.probe(position)?;
        let material = Material::of(position);
        let own = self.table(&material)?;
        let captures = self.captures(&material, |smaller| self.table(smaller))?;
        let family = Family {
            own: &own,
            captures: &captures,
        };
        let successors = family
            .successors(position)
            .ok_or_else(|| TbError::Mismatch {
                material,
                fen: position.fen(),
                stored: Some(value),
                expected: None,
            })?;
        Ok(successors
            .into_iter()
            .find(|(_, next)| next.parent_of_best() == value))
    }

    /// The moves from `position` to mate with best play on both sides
    /// (empty for a draw or a side with no move).
    pub fn line(&self, position: &Position) -> Result<Vec<Move>, TbError> {
        let mut line = Vec::new();
        let mut position = position.clone();
        let mut value = self.probe(&position)?;
        while value != Value::Draw && value.plies() > 0 {
            let Some((mv, next)) = self.best_move(&position)? else {
                break;
            };
            line.push(mv);
            position = position.play(mv);
            value = next;
        }
        Ok(line)
    }
}
