//! The bodies of the special methods that both games' classes share:
//! comparison (moves order by their bits, positions are only equal or
//! not) and pickling (the class called again with its arguments).

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::pyclass::boolean_struct::True;
use pyo3::types::PyTuple;
use pyo3::{BoundObject, PyClass};

/// A Python bool.
fn py_bool(py: Python<'_>, value: bool) -> Py<PyAny> {
    pyo3::types::PyBool::new(py, value)
        .to_owned()
        .into_any()
        .unbind()
}

/// `op` between `this` and `other` ordered by `key`; NotImplemented when
/// `other` is of another class.
pub fn ordered_by<T, K>(
    this: &T,
    other: &Bound<'_, PyAny>,
    op: CompareOp,
    key: impl Fn(&T) -> K,
) -> Py<PyAny>
where
    T: PyClass<Frozen = True> + Sync,
    K: Ord,
{
    let py = other.py();
    match other.cast::<T>() {
        Ok(other) => py_bool(py, op.matches(key(this).cmp(&key(other.get())))),
        Err(_) => py.NotImplemented(),
    }
}

/// `==` and `!=` between `this` and `other` by `same`; NotImplemented for
/// the other operators and for another class.
pub fn equal_by<T>(
    this: &T,
    other: &Bound<'_, PyAny>,
    op: CompareOp,
    same: impl Fn(&T, &T) -> bool,
) -> Py<PyAny>
where
    T: PyClass<Frozen = True> + Sync,
{
    let py = other.py();
    let Ok(other) = other.cast::<T>() else {
        return py.NotImplemented();
    };
    let same = same(this, other.get());
    match op {
        CompareOp::Eq => py_bool(py, same),
        CompareOp::Ne => py_bool(py, !same),
        _ => py.NotImplemented(),
    }
}

/// What `__reduce__` returns to pickle a value: `rebuild` (its class, or
/// one of the class's constructors) and the arguments it is called with.
pub fn rebuilt_by<'py>(
    rebuild: Bound<'py, PyAny>,
    args: impl IntoPyObject<'py>,
) -> PyResult<Bound<'py, PyTuple>> {
    let py = rebuild.py();
    let args = args
        .into_pyobject(py)
        .map_err(Into::<PyErr>::into)?
        .into_any()
        .into_bound();
    PyTuple::new(py, [rebuild, args])
}
