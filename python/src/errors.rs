//! The exceptions: every one a `ValueError`, carrying the crate's message;
//! `RangeError`, an index outside its range, is an `IndexError` too, as
//! Python's sequences raise. A number a parameter does not take is an
//! `ArgumentError` naming the parameter, never the `OverflowError` of a
//! failed conversion.

use std::fmt::Display;

use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyType};

create_exception!(
    qiboard,
    QiboardError,
    PyValueError,
    "Base class of qiboard's errors (a ValueError)."
);
create_exception!(qiboard, FenError, QiboardError, "A text that is not a FEN.");
create_exception!(
    qiboard,
    PositionError,
    FenError,
    "A well-formed FEN of a position the rules do not allow."
);
create_exception!(
    qiboard,
    MoveError,
    QiboardError,
    "A move text that is malformed, or a move that is not legal here."
);
create_exception!(
    qiboard,
    NotationError,
    QiboardError,
    "A move text (WXF, Chinese, ICCS, SAN) that names no single legal move."
);
create_exception!(
    qiboard,
    GameOverError,
    QiboardError,
    "A move offered to a game that is over."
);
create_exception!(
    qiboard,
    PerftError,
    QiboardError,
    "A perft depth beyond the deepest counted."
);
create_exception!(
    qiboard,
    RecordError,
    QiboardError,
    "A file or text that gives no game record."
);
create_exception!(
    qiboard,
    TablebaseError,
    QiboardError,
    "A tablebase probe or generation that failed (missing or damaged table, I/O, memory)."
);
create_exception!(
    qiboard,
    MaterialError,
    QiboardError,
    "A text that is not a material signature like KRKAAEE."
);

create_exception!(
    qiboard,
    ArgumentError,
    QiboardError,
    "A value a parameter does not take (a negative count, a number too large, an unknown option); the message names the parameter."
);

/// `RangeError`, made at the first use: a class of two built-in bases
/// (`ArgumentError` and `IndexError`) is beyond `create_exception!`.
static RANGE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

fn range_error_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    RANGE_ERROR
        .get_or_try_init(py, || {
            let namespace = PyDict::new(py);
            namespace.set_item("__module__", "qiboard")?;
            namespace.set_item(
                "__doc__",
                "An index outside its range (a square, an action, a batch's game, a \
                 book's entry): an ArgumentError (so a ValueError) and an IndexError.",
            )?;
            let bases = (
                py.get_type::<ArgumentError>(),
                py.get_type::<PyIndexError>(),
            );
            let made = py
                .get_type::<PyType>()
                .call1(("RangeError", bases, namespace))?;
            Ok::<_, PyErr>(made.cast_into::<PyType>()?.unbind())
        })
        .map(|ty| ty.bind(py))
}

/// A `RangeError` saying `message`.
pub fn range_error(message: String) -> PyErr {
    Python::attach(|py| match range_error_type(py) {
        Ok(ty) => PyErr::from_type(ty.clone(), message),
        Err(error) => error,
    })
}

/// The unsigned integer types a parameter is read as.
pub trait Whole: Sized + TryFrom<i128> + Display {
    const LOW: Self;
    const HIGH: Self;
}

macro_rules! whole {
    ($($ty:ty),*) => {$(
        impl Whole for $ty {
            const LOW: Self = <$ty>::MIN;
            const HIGH: Self = <$ty>::MAX;
        }
    )*};
}
whole!(u8, u16, u32, u64, usize);

/// `value` (an int, or anything with `__index__`) as an integer, None
/// when it is too large for any parameter; a `TypeError` naming
/// `parameter` when it is no integer.
fn integer(value: &Bound<'_, PyAny>, parameter: &str) -> PyResult<Option<i128>> {
    match value.extract::<i128>() {
        Ok(n) => Ok(Some(n)),
        Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => Ok(None),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{parameter}: expected an int, not {}",
            value.get_type().name()?
        ))),
    }
}

/// `value` as a `T`, or an `ArgumentError` naming `parameter` when it is
/// out of `T`'s range.
pub fn whole<T: Whole>(value: &Bound<'_, PyAny>, parameter: &str) -> PyResult<T> {
    integer(value, parameter)?
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| {
            ArgumentError::new_err(format!(
                "{parameter}: {value} is not a whole number from {} to {}",
                T::LOW,
                T::HIGH
            ))
        })
}

/// [`whole`] of a parameter that may be None.
pub fn optional_whole<T: Whole>(
    value: Option<&Bound<'_, PyAny>>,
    parameter: &str,
) -> PyResult<Option<T>> {
    value
        .filter(|value| !value.is_none())
        .map(|value| whole(value, parameter))
        .transpose()
}

/// `value` as an index below `len`, or a `RangeError` naming `parameter`.
pub fn index(value: &Bound<'_, PyAny>, parameter: &str, len: usize) -> PyResult<usize> {
    integer(value, parameter)?
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| n < len)
        .ok_or_else(|| range_error(format!("{parameter}: {value} is not in 0..{len}")))
}

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ArgumentError", py.get_type::<ArgumentError>())?;
    m.add("RangeError", range_error_type(py)?)?;
    m.add("QiboardError", py.get_type::<QiboardError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("PerftError", py.get_type::<PerftError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("TablebaseError", py.get_type::<TablebaseError>())?;
    m.add("MaterialError", py.get_type::<MaterialError>())?;
    Ok(())
}

/// A xiangqi FEN error: `PositionError` for a legal-syntax FEN the rules
/// refuse, `FenError` otherwise.
pub fn xiangqi_fen(error: qiboard::xiangqi::FenError) -> PyErr {
    match error {
        qiboard::xiangqi::FenError::Illegal(why) => PositionError::new_err(why.to_string()),
        other => FenError::new_err(other.to_string()),
    }
}

/// A chess FEN error, as [`xiangqi_fen`].
pub fn chess_fen(error: qiboard::chess::FenError) -> PyErr {
    match error {
        qiboard::chess::FenError::Illegal(why) => PositionError::new_err(why.to_string()),
        other => FenError::new_err(other.to_string()),
    }
}

/// Any error shown by its message as the exception `E`.
pub fn with<E: pyo3::PyTypeInfo>(error: impl std::fmt::Display) -> PyErr {
    PyErr::new::<E, _>(error.to_string())
}

/// A xiangqi game's refusal: an illegal move or a finished game.
pub fn xiangqi_game(error: qiboard::xiangqi::GameError) -> PyErr {
    match error {
        qiboard::xiangqi::GameError::Move(why) => MoveError::new_err(why.to_string()),
        finished => GameOverError::new_err(finished.to_string()),
    }
}

/// A chess game's refusal.
pub fn chess_game(error: qiboard::chess::GameError) -> PyErr {
    match error {
        qiboard::chess::GameError::Move(why) => MoveError::new_err(why.to_string()),
        finished => GameOverError::new_err(finished.to_string()),
    }
}

/// A tablebase error; a bad material signature is a `MaterialError`.
pub fn tablebase(error: qiboard_tablebase::ProbeError) -> PyErr {
    match error {
        qiboard_tablebase::ProbeError::Material(why) => MaterialError::new_err(why.to_string()),
        other => TablebaseError::new_err(other.to_string()),
    }
}

/// A generator's error: the prober's beneath it as [`tablebase`] says, the
/// rest a `TablebaseError`.
pub fn generating(error: qiboard_tablebase_gen::GenerateError) -> PyErr {
    match error {
        qiboard_tablebase_gen::GenerateError::Probe(error) => tablebase(error),
        other => TablebaseError::new_err(other.to_string()),
    }
}
