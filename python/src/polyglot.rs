//! `qiboard.chess.polyglot`: Polyglot opening books, read entry by entry
//! from a file (or held whole when given as bytes).

use std::fs::File;
use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use qiboard::chess::polyglot::{decode_move, Book, BookError, BookMove, Entry};

use crate::chess::{position_arg, py_move, PyChessMove};
use crate::errors::{self, QiboardError};

/// One entry of a book: ``key``, ``raw_move`` (Polyglot's encoding),
/// ``weight`` and ``learn`` as stored, and ``move`` as a legal Move of
/// the position it was found for (None for an entry read by index).
#[pyclass(module = "qiboard.chess.polyglot", name = "Entry", frozen)]
pub struct PyEntry {
    /// The position's Polyglot key.
    #[pyo3(get)]
    key: u64,
    /// The move in Polyglot's encoding.
    #[pyo3(get)]
    raw_move: u16,
    /// The entry's weight.
    #[pyo3(get)]
    weight: u16,
    /// The entry's learn value.
    #[pyo3(get)]
    learn: u32,
    /// The move, legal in the position it was found for.
    #[pyo3(get)]
    r#move: Option<PyChessMove>,
}

#[pymethods]
impl PyEntry {
    fn __repr__(&self) -> String {
        let mv = self.r#move.map_or_else(
            || format!("{:#06x}", self.raw_move),
            |mv| mv.mv.uci(mv.chess960).to_string(),
        );
        format!(
            "Entry(key={:#018x}, move={mv}, weight={}, learn={})",
            self.key, self.weight, self.learn
        )
    }
}

/// Where a book is read from.
enum Source {
    File(Book<File>),
    Bytes(Book<Vec<u8>>),
}

/// A Polyglot opening book: ``Book(path)`` reads a ``.bin`` file an entry
/// at a time (positioned reads; memory does not grow with the book),
/// ``Book(data)`` holds the bytes given. Entries whose move is not legal
/// in the position asked about are passed over, as python-chess passes
/// them over, and so are entries of weight 0 unless ``minimum_weight=0``.
#[pyclass(module = "qiboard.chess.polyglot", name = "Book", frozen)]
pub struct PyBook {
    source: Source,
}

/// A book error as `QiboardError` (a `ValueError`).
fn book_error(error: BookError) -> PyErr {
    errors::with::<QiboardError>(error)
}

impl PyBook {
    /// Runs `f` on the book, whatever its source.
    fn with<R>(&self, f: impl FnOnce(&dyn Lookup) -> R) -> R {
        match &self.source {
            Source::File(book) => f(book),
            Source::Bytes(book) => f(book),
        }
    }

    /// The entries found for `position`, as Python entries.
    fn entries(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        find: impl FnOnce(&dyn Lookup, &qiboard::chess::Position) -> Result<Vec<BookMove>, BookError>
            + Send,
    ) -> PyResult<Vec<PyEntry>> {
        let position = position_arg(position)?;
        let found = py
            .detach(|| self.with(|book| find(book, &position)))
            .map_err(book_error)?;
        Ok(found
            .into_iter()
            .map(|entry| PyEntry {
                key: position.key(),
                raw_move: qiboard::chess::polyglot::encode_move(entry.mv),
                weight: entry.weight,
                learn: entry.learn,
                r#move: Some(py_move(&position, entry.mv)),
            })
            .collect())
    }
}

/// What the Python book asks of a book, whatever its source.
trait Lookup: Sync {
    fn len(&self) -> u64;
    fn entry(&self, index: u64) -> Result<Entry, BookError>;
    fn find_all(
        &self,
        position: &qiboard::chess::Position,
        minimum_weight: u16,
    ) -> Result<Vec<BookMove>, BookError>;
}

impl<S: qiboard::chess::polyglot::BookSource + Sync> Lookup for Book<S> {
    fn len(&self) -> u64 {
        Book::len(self)
    }

    fn entry(&self, index: u64) -> Result<Entry, BookError> {
        Book::entry(self, index)
    }

    fn find_all(
        &self,
        position: &qiboard::chess::Position,
        minimum_weight: u16,
    ) -> Result<Vec<BookMove>, BookError> {
        Book::find_all(self, position, minimum_weight)
    }
}

#[pymethods]
impl PyBook {
    #[new]
    fn new(source: &Bound<'_, PyAny>) -> PyResult<PyBook> {
        let source = if let Ok(bytes) = source.cast::<PyBytes>() {
            Source::Bytes(Book::new(bytes.as_bytes().to_vec()).map_err(book_error)?)
        } else if let Ok(path) = source.extract::<PathBuf>() {
            Source::File(Book::open(&path).map_err(|error| {
                errors::with::<QiboardError>(format!("{}: {error}", path.display()))
            })?)
        } else {
            return Err(PyTypeError::new_err(format!(
                "source: a book is read from a path or from bytes, not {}",
                source.get_type().name()?
            )));
        };
        Ok(PyBook { source })
    }

    /// Every entry of `position` (a Position or FEN) of at least
    /// `minimum_weight` whose move is legal there, in book order.
    #[pyo3(signature = (position, *, minimum_weight=None))]
    #[pyo3(text_signature = "(self, position, *, minimum_weight=1)")]
    fn find_all(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        minimum_weight: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyEntry>> {
        let minimum_weight =
            errors::optional_whole::<u16>(minimum_weight, "minimum_weight")?.unwrap_or(1);
        self.entries(py, position, |book, position| {
            book.find_all(position, minimum_weight)
        })
    }

    /// The main entry of `position`: the first of the heaviest (weight at
    /// least 1), or None.
    fn find(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Option<PyEntry>> {
        let entries = self.find_all(py, position, None)?;
        let heaviest = entries.iter().map(|entry| entry.weight).max();
        Ok(entries
            .into_iter()
            .find(|entry| Some(entry.weight) == heaviest))
    }

    /// An entry of `position` drawn in proportion to the weights, or None
    /// when it has none of positive weight: ``random.randint(0, total - 1)``
    /// picks among the running sums, as python-chess's ``weighted_choice``
    /// does, with `random` a ``random.Random`` (the ``random`` module's
    /// generator by default).
    #[pyo3(signature = (position, *, random=None))]
    fn weighted_choice(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        random: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<PyEntry>> {
        let entries = self.find_all(py, position, None)?;
        let total: u64 = entries.iter().map(|entry| u64::from(entry.weight)).sum();
        if total == 0 {
            return Ok(None);
        }
        let module;
        let random = match random {
            Some(random) => random,
            None => {
                module = py.import("random")?;
                module.as_any()
            }
        };
        let pick: u64 = random.call_method1("randint", (0, total - 1))?.extract()?;
        let mut sum = 0;
        Ok(entries.into_iter().find(|entry| {
            sum += u64::from(entry.weight);
            sum > pick
        }))
    }

    /// The entry at `index` as stored, its move not read (RangeError, an
    /// IndexError, past the end, as a sequence's).
    fn __getitem__(&self, index: &Bound<'_, PyAny>) -> PyResult<PyEntry> {
        let len = self.with(|book| book.len());
        let wanted = match index.extract::<i64>() {
            Ok(index) => Some(index),
            Err(error) if error.is_instance_of::<PyTypeError>(index.py()) => return Err(error),
            Err(_) => None,
        };
        let entry = wanted
            .map(|index| if index < 0 { index + len as i64 } else { index })
            .and_then(|at| u64::try_from(at).ok())
            .filter(|&at| at < len)
            .ok_or_else(|| {
                errors::range_error(format!("index: entry {index} is not in a book of {len}"))
            })?;
        let entry = self.with(|book| book.entry(entry)).map_err(book_error)?;
        Ok(PyEntry {
            key: entry.key,
            raw_move: entry.raw_move,
            weight: entry.weight,
            learn: entry.learn,
            r#move: None,
        })
    }

    /// How many entries the book holds.
    fn __len__(&self) -> usize {
        usize::try_from(self.with(|book| book.len())).unwrap_or(usize::MAX)
    }

    fn __repr__(&self) -> String {
        format!("Book(entries={})", self.__len__())
    }
}

/// The legal move of `position` that a Polyglot move names, or None.
#[pyfunction]
fn decode(position: &Bound<'_, PyAny>, raw_move: u16) -> PyResult<Option<PyChessMove>> {
    let position = position_arg(position)?;
    Ok(decode_move(&position, raw_move).map(|mv| py_move(&position, mv)))
}

/// A move in Polyglot's encoding (castling as the king taking its rook).
#[pyfunction]
fn encode(r#move: PyRef<'_, PyChessMove>) -> u16 {
    qiboard::chess::polyglot::encode_move(r#move.mv)
}

/// The module `qiboard.chess.polyglot`, added to `chess`.
pub fn register(chess: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(chess.py(), "polyglot")?;
    m.add_class::<PyBook>()?;
    m.add_class::<PyEntry>()?;
    m.add_function(wrap_pyfunction!(decode, &m)?)?;
    m.add_function(wrap_pyfunction!(encode, &m)?)?;
    chess.add_submodule(&m)
}
