//! Material signatures and the build plan of a family, from
//! `qiboard-tablebase`'s `Material` and `qiboard-tablebase-gen`'s `Plan`:
//! what a driver on other machines (`qiboard.distributed`) schedules by,
//! so that it holds no parsing or orientation rule of its own.

use pyo3::prelude::*;

use qiboard_tablebase::{Material, RuleSet};
use qiboard_tablebase_gen::{Blocked, Plan, PlannedEndgame};

use crate::errors::{self, ArgumentError, MaterialError, TablebaseError};

/// A material signature from text, the parameter named in the error.
pub fn material_arg(text: &str, parameter: &str) -> PyResult<Material> {
    text.parse::<Material>()
        .map_err(|why| MaterialError::new_err(format!("{parameter}: {why}")))
}

/// The signature of `material`'s stored colour orientation, as tables are
/// named: "KAKR" and "kakr" give "KRKA", "KHKB" gives "KNKE".
#[pyfunction]
fn canonical_material(material: &str) -> PyResult<String> {
    Ok(material_arg(material, "material")?.canonical().to_string())
}

/// Rooks, horses, cannons and pawns of both sides of `material`: the
/// pieces a family's size counts.
#[pyfunction]
fn material_attackers(material: &str) -> PyResult<u32> {
    Ok(material_arg(material, "material")?.attackers())
}

/// One endgame of a `Plan`: its stored signature (``material``), index
/// ``entries`` (both sides to move), the ``working_bytes`` its solve needs
/// (the tables it reads included), whether it is solved ``out_of_core``,
/// whether it reads the tables one capture away through their blocks
/// (``probes_subtables``) rather than whole, an estimate of its
/// ``seconds`` on two cores, the endgames one capture away it ``needs``
/// built first, why it is ``blocked`` here ("too-large",
/// "not-enough-memory") or None, and for an endgame blocked by memory the
/// ``least_bytes`` it could be built within (None if no limit would do).
#[pyclass(module = "qiboard.xiangqi", name = "PlannedEndgame", frozen, get_all)]
pub struct PyPlannedEndgame {
    material: String,
    entries: u64,
    working_bytes: u64,
    out_of_core: bool,
    probes_subtables: bool,
    seconds: f64,
    needs: Vec<String>,
    blocked: Option<&'static str>,
    least_bytes: Option<u64>,
}

impl From<&PlannedEndgame> for PyPlannedEndgame {
    fn from(endgame: &PlannedEndgame) -> Self {
        PyPlannedEndgame {
            material: endgame.material.to_string(),
            entries: endgame.entries,
            working_bytes: endgame.working_bytes,
            out_of_core: endgame.out_of_core,
            probes_subtables: endgame.probes_subtables,
            seconds: endgame.seconds,
            needs: endgame.needs.iter().map(Material::to_string).collect(),
            blocked: endgame.blocked.map(|why| match why {
                Blocked::TooLarge => "too-large",
                _ => "not-enough-memory",
            }),
            least_bytes: endgame.least_bytes,
        }
    }
}

#[pymethods]
impl PyPlannedEndgame {
    fn __repr__(&self) -> String {
        format!(
            "PlannedEndgame(material='{}', entries={}, working_bytes={}, needs={:?})",
            self.material, self.entries, self.working_bytes, self.needs
        )
    }
}

/// What building a family takes, before any work: ``Plan(attackers=N)``
/// for every endgame of at most N rooks, horses, cannons and pawns, or
/// ``Plan(materials=["KRKN", ...])`` for those endgames with everything
/// they reach by captures; under ``rules`` ("asian" or "none"), checked
/// against ``memory_bytes`` of working memory per solve (None: no limit).
/// ``endgames`` come in an order where each follows those it needs.
#[pyclass(module = "qiboard.xiangqi", name = "Plan", frozen)]
pub struct PyPlan {
    plan: Plan,
    /// The working-memory limit checked against, in bytes, or None.
    #[pyo3(get)]
    memory_limit: Option<u64>,
    /// Index entries of all endgames together.
    #[pyo3(get)]
    total_entries: u64,
    /// The largest working memory of any one endgame.
    #[pyo3(get)]
    peak_bytes: u64,
    /// Estimated seconds for all, one after another on two cores.
    #[pyo3(get)]
    total_seconds: f64,
}

impl From<Plan> for PyPlan {
    fn from(plan: Plan) -> Self {
        PyPlan {
            memory_limit: plan.memory_limit,
            total_entries: plan.total_entries(),
            peak_bytes: plan.peak_bytes(),
            total_seconds: plan.total_seconds(),
            plan,
        }
    }
}

#[pymethods]
impl PyPlan {
    #[new]
    #[pyo3(signature = (attackers=None, *, materials=None, rules="asian", memory_bytes=None))]
    fn new(
        py: Python<'_>,
        attackers: Option<&Bound<'_, PyAny>>,
        materials: Option<Vec<String>>,
        rules: &str,
        memory_bytes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let attackers = errors::optional_whole::<u32>(attackers, "attackers")?;
        let memory_bytes = errors::optional_whole::<u64>(memory_bytes, "memory_bytes")?;
        let rules: RuleSet = rules
            .parse()
            .map_err(|why| TablebaseError::new_err(format!("rules: {why}")))?;
        let materials: Vec<Material> = match (attackers, materials) {
            (Some(n), None) => {
                return Ok(py.detach(|| Plan::family(n, rules, memory_bytes)).into())
            }
            (None, Some(texts)) => texts
                .iter()
                .map(|text| material_arg(text, "materials"))
                .collect::<PyResult<_>>()?,
            _ => {
                return Err(ArgumentError::new_err(
                    "attackers, materials: give exactly one of them",
                ))
            }
        };
        Ok(py
            .detach(|| Plan::new(&materials, rules, memory_bytes))
            .into())
    }

    /// The endgames, each after those it needs.
    #[getter]
    fn endgames(&self) -> Vec<PyPlannedEndgame> {
        self.plan
            .endgames
            .iter()
            .map(PyPlannedEndgame::from)
            .collect()
    }

    /// The plan as the JSON of ``qiboard tb plan --json``.
    fn to_json(&self) -> String {
        self.plan.to_json()
    }

    fn __len__(&self) -> usize {
        self.plan.endgames.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Plan({} endgames, {} entries)",
            self.plan.endgames.len(),
            self.total_entries
        )
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPlan>()?;
    m.add_class::<PyPlannedEndgame>()?;
    m.add_function(wrap_pyfunction!(canonical_material, m)?)?;
    m.add_function(wrap_pyfunction!(material_attackers, m)?)?;
    Ok(())
}
