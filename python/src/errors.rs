//! The exceptions: every one a `ValueError`, carrying the crate's message.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
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
