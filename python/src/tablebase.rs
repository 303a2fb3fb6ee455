//! Xiangqi endgame tablebases: open a directory (or keep tables in
//! memory), probe WDL, DTM and the root moves, generate.

use std::path::PathBuf;

use pyo3::prelude::*;

use qiboard_tablebase::{DistanceTo, Dtm, Material, RuleSet, Tablebase, Value, Wdl};
use qiboard_tablebase_gen::{Generator, Quiet};

use pyo3::types::{PyTuple, PyType};

use crate::dunder;
use crate::errors::{self, TablebaseError};
use crate::plan::material_arg;
use crate::xiangqi::{position_arg, PyMove, PyPosition};

/// `"win"`, `"draw"` or `"loss"`.
fn wdl_name(wdl: Wdl) -> &'static str {
    match wdl {
        Wdl::Win => "win",
        Wdl::Draw => "draw",
        Wdl::Loss => "loss",
    }
}

/// A probed value for the side to move: ``wdl`` ("win", "draw", "loss"),
/// ``plies`` to the end with best play (odd for a win, even for a loss, 0
/// for a draw or a side with no move), what the distance counts ``to``
/// ("mate", or "rule": the position where a repetition rule decides) and
/// whether the repetition rules decided the value (``by_rules``).
#[pyclass(module = "qiboard.xiangqi", name = "Dtm", frozen)]
#[derive(Clone, Copy)]
pub struct PyDtm(Dtm);

#[pymethods]
impl PyDtm {
    /// `"win"`, `"draw"` or `"loss"` for the side to move.
    #[getter]
    fn wdl(&self) -> &'static str {
        wdl_name(self.0.value.wdl())
    }

    /// Plies to the end with best play.
    #[getter]
    fn plies(&self) -> u16 {
        self.0.value.plies()
    }

    /// `"mate"` or `"rule"`.
    #[getter]
    fn to(&self) -> &'static str {
        match self.0.to {
            DistanceTo::Mate => "mate",
            DistanceTo::Rule => "rule",
        }
    }

    /// Whether the repetition rules decided the value (a draw without them).
    #[getter]
    fn by_rules(&self) -> bool {
        self.0.by_rules
    }

    /// How good the value is for the side to move: higher is better.
    #[getter]
    fn order(&self) -> i32 {
        self.0.value.order()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Dtm(wdl='{}', plies={}, to='{}', by_rules={})",
            self.wdl(),
            self.plies(),
            self.to(),
            if self.0.by_rules { "True" } else { "False" }
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyDtm>()
            .is_ok_and(|other| other.get().0 == self.0)
    }

    fn __hash__(&self) -> u64 {
        let value = match self.0.value {
            Value::Win(p) => u64::from(p) * 3 + 2,
            Value::Draw => 1,
            Value::Loss(p) => u64::from(p) * 3,
        };
        value * 4 + u64::from(self.0.by_rules) * 2 + u64::from(self.0.to == DistanceTo::Rule)
    }
}

/// What generating one table did.
#[pyclass(module = "qiboard.xiangqi", name = "Generated", frozen, get_all)]
pub struct PyGenerated {
    /// The endgame, in its stored colour orientation.
    material: String,
    /// Index entries, both sides to move.
    entries: u64,
    /// Seconds to solve and write it.
    seconds: f64,
    /// Bytes of working memory the solve asked for.
    working_bytes: u64,
}

#[pymethods]
impl PyGenerated {
    fn __repr__(&self) -> String {
        format!(
            "Generated(material='{}', entries={}, seconds={:.3})",
            self.material, self.entries, self.seconds
        )
    }
}

/// Xiangqi endgame tablebases: ``Tablebase(directory)`` reads (and
/// generates into) a directory of ``.qwdl``/``.qdtm`` files, which must
/// exist unless ``create=True``; ``Tablebase()`` keeps generated tables
/// in memory. ``rules`` is
/// "asian" (default: perpetual check and chase lose) or "none".
/// Probes read one block at a time through a cache of ``cache_bytes``;
/// every method may be called from any thread, and releases the GIL.
/// ``memory_bytes`` bounds each solve's working memory, the tables it reads
/// included (default: what the system has available): an endgame that
/// needs more is solved out of core, a partition at a time with scratch
/// files, into the same tables, rule rounds included; one that cannot be
/// makes ``generate`` raise before any work.
#[pyclass(module = "qiboard.xiangqi", name = "Tablebase", frozen)]
pub struct PyTablebase {
    generator: Generator,
    /// What it was made with, for pickling.
    cache_bytes: Option<usize>,
    memory_bytes: Option<u64>,
}

impl PyTablebase {
    fn build(
        directory: Option<PathBuf>,
        rules: &str,
        cache_bytes: Option<usize>,
        memory_bytes: Option<u64>,
        create: bool,
    ) -> PyResult<Self> {
        let rules: RuleSet = rules
            .parse()
            .map_err(|why| TablebaseError::new_err(format!("rules: {why}")))?;
        let mut generator = match directory {
            Some(dir) if create => Generator::open(dir).map_err(errors::generating)?,
            Some(dir) => Generator::new(Tablebase::open(dir).map_err(errors::tablebase)?),
            None => Generator::in_memory(),
        }
        .with_rules(rules);
        if let Some(bytes) = cache_bytes {
            generator = generator.with_cache_bytes(bytes);
        }
        if let Some(bytes) = memory_bytes {
            generator = generator.with_memory_limit(bytes);
        }
        Ok(PyTablebase {
            generator,
            cache_bytes,
            memory_bytes,
        })
    }
}

#[pymethods]
impl PyTablebase {
    #[new]
    #[pyo3(signature = (directory=None, *, rules="asian", cache_bytes=None, memory_bytes=None, create=false))]
    fn new(
        directory: Option<PathBuf>,
        rules: &str,
        cache_bytes: Option<&Bound<'_, PyAny>>,
        memory_bytes: Option<&Bound<'_, PyAny>>,
        create: bool,
    ) -> PyResult<Self> {
        PyTablebase::build(
            directory,
            rules,
            errors::optional_whole(cache_bytes, "cache_bytes")?,
            errors::optional_whole(memory_bytes, "memory_bytes")?,
            create,
        )
    }

    /// A tablebase as pickled: a directory's opened again, one in memory
    /// made again by generating the `materials` it held.
    #[classmethod]
    fn _rebuild(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        directory: Option<PathBuf>,
        rules: &str,
        cache_bytes: Option<usize>,
        memory_bytes: Option<u64>,
        materials: Vec<String>,
    ) -> PyResult<Self> {
        let tablebase = PyTablebase::build(directory, rules, cache_bytes, memory_bytes, false)?;
        for material in materials {
            tablebase.generate(py, &material)?;
        }
        Ok(tablebase)
    }

    /// Pickles as its directory and settings; a tablebase in memory as the
    /// endgames it holds, generated again when unpickled.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        let in_memory = this.generator.tablebase().dir().is_none();
        let materials = if in_memory {
            this.materials()
        } else {
            Vec::new()
        };
        dunder::rebuilt_by(
            slf.get_type().getattr("_rebuild")?,
            (
                this.directory(),
                this.rules(),
                this.cache_bytes,
                this.memory_bytes,
                materials,
            ),
        )
    }

    /// The directory, or None for tables in memory.
    #[getter]
    fn directory(&self) -> Option<PathBuf> {
        self.generator.tablebase().dir().map(PathBuf::from)
    }

    /// The rules the tables are solved under: "asian" or "none".
    #[getter]
    fn rules(&self) -> String {
        self.generator.tablebase().rules().to_string()
    }

    /// Win, draw or loss for the side to move ("win", "draw", "loss").
    fn probe_wdl(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let position = position_arg(position)?;
        py.detach(|| self.generator.tablebase().probe_wdl(&position))
            .map(wdl_name)
            .map_err(errors::tablebase)
    }

    /// The value with its distance.
    fn probe_dtm(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PyDtm> {
        let position = position_arg(position)?;
        py.detach(|| self.generator.tablebase().probe_dtm(&position))
            .map(PyDtm)
            .map_err(errors::tablebase)
    }

    /// Every legal move with the value it leads to for the side making it,
    /// best first.
    fn probe_root(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(PyMove, PyDtm)>> {
        let position = position_arg(position)?;
        let ranked = py
            .detach(|| self.generator.tablebase().probe_root(&position))
            .map_err(errors::tablebase)?;
        Ok(ranked
            .into_iter()
            .map(|(mv, dtm)| (PyMove(mv), PyDtm(dtm)))
            .collect())
    }

    /// A best move and the value it leads to, or None with no legal move.
    fn best_move(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(PyMove, PyDtm)>> {
        let position = position_arg(position)?;
        let best = py
            .detach(|| self.generator.tablebase().best_move(&position))
            .map_err(errors::tablebase)?;
        Ok(best.map(|(mv, dtm)| (PyMove(mv), PyDtm(dtm))))
    }

    /// The moves to the end with best play on both sides.
    fn line(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Vec<PyMove>> {
        let position = position_arg(position)?;
        let line = py
            .detach(|| self.generator.tablebase().line(&position))
            .map_err(errors::tablebase)?;
        Ok(line.into_iter().map(PyMove).collect())
    }

    /// Whether the tablebase has the endgame's table (`material` like
    /// "KRKAAEE", or a Position).
    fn contains(&self, material_or_position: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(text) = material_or_position.extract::<String>() {
            if !text.contains('/') {
                return Ok(self
                    .generator
                    .tablebase()
                    .contains(&material_arg(&text, "material_or_position")?));
            }
        }
        let position = position_arg(material_or_position)?;
        Ok(self.generator.tablebase().covers(&position))
    }

    /// The endgames it has, as signatures.
    fn materials(&self) -> Vec<String> {
        self.generator
            .tablebase()
            .materials()
            .iter()
            .map(Material::to_string)
            .collect()
    }

    /// The most pieces (kings included) of any endgame it has.
    #[getter]
    fn max_pieces(&self) -> u32 {
        self.generator.tablebase().max_pieces()
    }

    /// Forgets what was found in the directory, to see new files.
    fn refresh(&self) {
        self.generator.tablebase().refresh();
    }

    /// Solves `material` (like "KRK" or "KRNKR") and every endgame one
    /// capture away that is not there yet, writing files when there is a
    /// directory. Returns what was generated, smallest first. The GIL is
    /// released; solving uses every core.
    fn generate(&self, py: Python<'_>, material: &str) -> PyResult<Vec<PyGenerated>> {
        let material = material_arg(material, "material")?;
        let log = py
            .detach(|| self.generator.generate(&material, &Quiet))
            .map_err(errors::generating)?;
        Ok(log
            .into_iter()
            .map(|generated| PyGenerated {
                material: generated.material.to_string(),
                entries: generated.entries,
                seconds: generated.elapsed.as_secs_f64(),
                working_bytes: generated.working_bytes,
            })
            .collect())
    }

    /// Checks every value of `material`'s table against its successors;
    /// returns the number of legal entries checked (TablebaseError on a
    /// mismatch).
    fn verify(&self, py: Python<'_>, material: &str) -> PyResult<u64> {
        let material = material_arg(material, "material")?;
        py.detach(|| self.generator.verify(&material, &Quiet))
            .map_err(errors::generating)
    }

    fn __repr__(&self) -> String {
        match self.generator.tablebase().dir() {
            Some(dir) => format!("Tablebase({:?})", dir.display().to_string()),
            None => "Tablebase()".to_string(),
        }
    }
}

/// The stored signature of a position's endgame (e.g. "KRKAA").
#[pyfunction]
fn material_of(position: PyRef<'_, PyPosition>) -> String {
    Material::of(&position.0).to_string()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTablebase>()?;
    m.add_class::<PyDtm>()?;
    m.add_class::<PyGenerated>()?;
    m.add_function(wrap_pyfunction!(material_of, m)?)?;
    Ok(())
}
