//! Game records for both games: `Record`, `Node`, `Problem` and
//! `RecordReader` and the functions that read them, made once by
//! [`record_classes!`] over qiboard's generic `record::Record` and
//! instantiated for xiangqi (PGN and XQF, moves written in a notation
//! asked for) and chess (PGN in SAN); each game adds what is its own.

use std::path::PathBuf;

use pyo3::prelude::*;

use qiboard::record::{self, ProblemKind, ReadError, RecordBoard};

use crate::errors::RecordError;

/// A problem's kind in a word.
pub fn kind_name<E>(kind: &ProblemKind<E>) -> &'static str {
    match kind {
        ProblemKind::BadMove { .. } => "bad-move",
        ProblemKind::Skipped { .. } => "skipped",
        ProblemKind::SideToMove { .. } => "side-to-move",
        ProblemKind::Truncated => "truncated",
        ProblemKind::Encoding => "encoding",
        ProblemKind::TooDeep { .. } => "too-deep",
    }
}

/// A reader's error as `RecordError`.
pub fn read_error<F: std::fmt::Display>(error: ReadError<F>) -> PyErr {
    crate::errors::with::<RecordError>(error)
}

/// What a reader of a whole text or file gives.
type Read<B> = Result<Vec<record::Record<B>>, ReadError<<B as qiboard::Board>::FenError>>;

/// Every record of `data` read whole by `read`, the GIL released.
pub fn read_all<B: RecordBoard, R>(
    py: Python<'_>,
    data: &[u8],
    read: fn(&[u8]) -> Read<B>,
    wrap: impl Fn(record::Record<B>) -> R,
) -> PyResult<Vec<R>>
where
    Read<B>: Send,
{
    py.detach(|| read(data))
        .map(|records| records.into_iter().map(wrap).collect())
        .map_err(read_error)
}

/// The bytes of the file at `path`, the GIL released.
pub fn file_bytes(py: Python<'_>, path: &PathBuf) -> PyResult<Vec<u8>> {
    py.detach(|| std::fs::read(path)).map_err(|error| {
        RecordError::new_err(format!("cannot read the input {}: {error}", path.display()))
    })
}

/// The file at `path`, opened for a stream of records.
pub fn open(path: &PathBuf) -> PyResult<std::io::BufReader<std::fs::File>> {
    std::fs::File::open(path)
        .map(std::io::BufReader::new)
        .map_err(|error| {
            RecordError::new_err(format!("cannot read the input {}: {error}", path.display()))
        })
}

/// Every game of a PGN text; the text holding none is an error.
pub fn pgn_games<B: RecordBoard, R>(
    py: Python<'_>,
    text: &str,
    wrap: impl Fn(record::Record<B>) -> R,
) -> PyResult<Vec<R>>
where
    Read<B>: Send,
{
    let records = py
        .detach(|| record::read_pgn::<B>(text))
        .map_err(read_error)?;
    if records.is_empty() {
        return Err(read_error(ReadError::<B::FenError>::Empty));
    }
    Ok(records.into_iter().map(wrap).collect())
}

/// Defines a game's record classes in the module it is invoked in, whose
/// scope must hold the game's `Position` and a `record` module (the
/// game's `qiboard::…::record`), and these functions of the game's
/// binding: `position_arg(obj)`, `moves_of(py, start, moves)`,
/// `py_move(start, mv)` and `node_move(record, node, obj)` (the move `obj` names after `node`). The names given are the
/// Rust names of the classes, made and taken (the position class holds a
/// position, the move class is what `py_move` makes, the game class holds
/// a game, whose refusals `game_error` turns into Python errors);
/// `$module` is the
/// Python module; `sides` the players' keys in `repr` and the tags that
/// name them; the items in braces are the game's own methods of `Record`.
macro_rules! record_classes {
    (
        module: $module:literal,
        record: $Record:ident,
        node: $Node:ident,
        problem: $Problem:ident,
        reader: $Reader:ident,
        position: $PyPosition:ident,
        moves: $PyMove:ty,
        game: $PyGame:ident,
        game_error: $game_error:path,
        sides: ($first:ident = $first_tag:literal, $second:ident = $second_tag:literal),
        { $($extra:tt)* }
    ) => {
        /// Something in a file that could not be read as written (the record
        /// holds everything else): its ``ply`` (0 for the record as a whole),
        /// ``move_number``, ``side``, whether on the ``main_line``, its ``kind``
        /// ("bad-move", "skipped", "side-to-move", "truncated", "encoding",
        /// "too-deep"), whether it ``is_warning`` (nothing lost) and its
        /// ``message``.
        #[pyclass(module = $module, name = "Problem", frozen)]
        pub struct $Problem(record::Problem);

        #[pymethods]
        impl $Problem {
            /// The ply of the move concerned (1 = the record's first move), 0 for
            /// the record as a whole.
            #[getter]
            fn ply(&self) -> u32 {
                self.0.ply
            }

            /// The move number of that ply.
            #[getter]
            fn move_number(&self) -> u32 {
                self.0.move_number
            }

            /// Who was to make that move.
            #[getter]
            fn side(&self) -> &'static str {
                self.0.side.name()
            }

            /// Whether the move was on the main line.
            #[getter]
            fn main_line(&self) -> bool {
                self.0.main_line
            }

            /// What went wrong, in a word.
            #[getter]
            fn kind(&self) -> &'static str {
                crate::record::kind_name(&self.0.kind)
            }

            /// Whether nothing of the record was lost (only how it was read).
            #[getter]
            fn is_warning(&self) -> bool {
                self.0.kind.is_warning()
            }

            /// The problem in words.
            #[getter]
            fn message(&self) -> String {
                self.0.to_string()
            }

            fn __str__(&self) -> String {
                self.message()
            }

            fn __repr__(&self) -> String {
                format!("Problem({:?})", self.message())
            }
        }

        /// A game record: tag pairs, a start position and a tree of moves (the
        /// main line and its variations, with comments and NAGs). Iterating a
        /// record gives its main line's moves.
        #[pyclass(module = $module, name = "Record")]
        pub struct $Record(pub record::Record);

        #[pymethods]
        impl $Record {
            /// A record of no moves from `start` (a Position or FEN; the start
            /// position by default).
            #[new]
            #[pyo3(signature = (start=None))]
            fn new(start: Option<&Bound<'_, PyAny>>) -> PyResult<$Record> {
                let start = match start {
                    None => Position::start(),
                    Some(start) => position_arg(start)?,
                };
                Ok($Record(record::Record::new(start)))
            }

            /// The start position.
            #[getter]
            fn start(&self) -> $PyPosition {
                $PyPosition(self.0.start().clone())
            }

            /// The tag pairs, in file order.
            #[getter]
            fn tags(&self) -> Vec<(String, String)> {
                self.0.tags().to_vec()
            }

            /// The value of tag `name` (any case), or None.
            fn tag(&self, name: &str) -> Option<String> {
                self.0.tag(name).map(str::to_string)
            }

            /// Sets tag `name` (in place if present, else at the end).
            fn set_tag(&mut self, name: &str, value: &str) {
                self.0.set_tag(name, value);
            }

            /// What could not be read as written (empty for a clean file).
            #[getter]
            fn problems(&self) -> Vec<$Problem> {
                self.0.problems().iter().cloned().map($Problem).collect()
            }

            /// The moves of the main line.
            fn main_line<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyList>> {
                moves_of(py, self.0.start(), &self.0.main_line())
            }

            /// The root of the tree (the start, before any move).
            #[getter]
            fn root(slf: &Bound<'_, Self>) -> $Node {
                $Node {
                    record: slf.clone().unbind(),
                    id: record::MoveTree::ROOT,
                }
            }

            /// The nodes of the main line after the root, in order.
            fn main_line_nodes(slf: &Bound<'_, Self>) -> Vec<$Node> {
                let ids: Vec<_> = slf.borrow().0.tree().main_line().collect();
                ids.into_iter()
                    .map(|id| $Node {
                        record: slf.clone().unbind(),
                        id,
                    })
                    .collect()
            }

            /// The record of the one game `pgn` holds, with `tags` in their
            /// order (the writer orders and adds tags): how a record is
            /// unpickled.
            #[classmethod]
            fn _from_pgn(
                _cls: &Bound<'_, pyo3::types::PyType>,
                py: Python<'_>,
                pgn: &str,
                tags: Vec<(String, String)>,
            ) -> PyResult<$Record> {
                let records = crate::record::pgn_games(py, pgn, |record: record::Record| record)?;
                let [read] = <[_; 1]>::try_from(records).map_err(|records| {
                    crate::errors::RecordError::new_err(format!(
                        "pgn: holds {} games, not one",
                        records.len()
                    ))
                })?;
                let mut record = record::Record::new(read.start().clone());
                for (name, value) in &tags {
                    record.set_tag(name, value);
                }
                *record.tree_mut() = read.tree().clone();
                Ok($Record(record))
            }

            /// Pickles as its PGN (moves in coordinates) and its tags:
            /// comments, NAGs and variations are kept, the problems met
            /// reading it are not.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                let this = slf.borrow();
                let state = (this.pickled_pgn(), this.0.tags().to_vec());
                crate::dunder::rebuilt_by(slf.get_type().getattr("_from_pgn")?, state)
            }

            /// The record of a game's moves (chess: with its result once it
            /// is over).
            #[staticmethod]
            fn from_game(game: PyRef<'_, $PyGame>) -> $Record {
                $Record(record::Record::from_game(&game.0))
            }

            /// A Game of the main line from the start.
            fn game(&self) -> PyResult<$PyGame> {
                self.0.game().map($PyGame).map_err($game_error)
            }

            /// How many moves the tree holds, variations included.
            fn move_count(&self) -> usize {
                self.0.tree().move_count()
            }

            /// How many lines (leaves) the tree has.
            fn line_count(&self) -> usize {
                self.0.tree().line_count()
            }

            fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                Ok(self.main_line(py)?.try_iter()?.into_any())
            }

            fn __len__(&self) -> usize {
                self.0.tree().main_line().count()
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .cast::<$Record>()
                    .is_ok_and(|other| other.borrow().0 == self.0)
            }

            fn __repr__(&self) -> String {
                let name = |tag| self.0.tag(tag).unwrap_or("?").to_string();
                format!(
                    concat!(
                        "Record(",
                        stringify!($first),
                        "={:?}, ",
                        stringify!($second),
                        "={:?}, moves={}, lines={})"
                    ),
                    name($first_tag),
                    name($second_tag),
                    self.__len__(),
                    self.0.tree().line_count()
                )
            }

            $($extra)*
        }

        /// A node of a record's tree: the root (the start) or a move and the
        /// position it leads to. Its children are the moves that may follow,
        /// the main continuation first.
        #[pyclass(module = $module, name = "Node", frozen)]
        pub struct $Node {
            record: Py<$Record>,
            id: record::NodeId,
        }

        impl $Node {
            fn at(&self, py: Python<'_>, id: record::NodeId) -> $Node {
                $Node {
                    record: self.record.clone_ref(py),
                    id,
                }
            }

            fn with_record<R>(&self, py: Python<'_>, f: impl FnOnce(&record::Record) -> R) -> R {
                f(&self.record.bind(py).borrow().0)
            }

            fn edit(&self, py: Python<'_>, f: impl FnOnce(&mut record::MoveTree)) {
                f(self.record.bind(py).borrow_mut().0.tree_mut())
            }
        }

        #[pymethods]
        impl $Node {
            /// The move that leads here; None at the root.
            #[getter]
            fn r#move(&self, py: Python<'_>) -> Option<$PyMove> {
                self.with_record(py, |record| {
                    record.tree().mv(self.id).map(|mv| py_move(record.start(), mv))
                })
            }

            /// The comment (at the root: on the whole game), or None; assignable.
            #[getter]
            fn comment(&self, py: Python<'_>) -> Option<String> {
                self.with_record(py, |record| record.tree().comment(self.id).map(str::to_string))
            }

            #[setter]
            fn set_comment(&self, py: Python<'_>, comment: Option<String>) {
                self.edit(py, |tree| tree.set_comment(self.id, comment));
            }

            /// The numeric annotation glyphs ($1 good move, $2 mistake, ...).
            #[getter]
            fn nags(&self, py: Python<'_>) -> Vec<u16> {
                // As ints (a Vec<u8> would become bytes).
                self.with_record(py, |record| {
                    record.tree().nags(self.id).iter().map(|&n| u16::from(n)).collect()
                })
            }

            /// Adds a NAG.
            fn add_nag(&self, py: Python<'_>, nag: &Bound<'_, PyAny>) -> PyResult<()> {
                let nag = crate::errors::whole::<u8>(nag, "nag")?;
                self.edit(py, |tree| tree.add_nag(self.id, nag));
                Ok(())
            }

            /// The node before this one; None at the root.
            #[getter]
            fn parent(&self, py: Python<'_>) -> Option<$Node> {
                self.with_record(py, |record| record.tree().parent(self.id))
                    .map(|id| self.at(py, id))
            }

            /// The moves that may follow, main continuation first.
            #[getter]
            fn children(&self, py: Python<'_>) -> Vec<$Node> {
                let ids: Vec<record::NodeId> =
                    self.with_record(py, |record| record.tree().children(self.id).collect());
                ids.into_iter().map(|id| self.at(py, id)).collect()
            }

            /// The main continuation, or None.
            #[getter]
            fn main_child(&self, py: Python<'_>) -> Option<$Node> {
                self.with_record(py, |record| record.tree().main_child(self.id))
                    .map(|id| self.at(py, id))
            }

            /// Whether this is the root.
            #[getter]
            fn is_root(&self) -> bool {
                self.id == record::MoveTree::ROOT
            }

            /// The moves from the root to here.
            fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyList>> {
                let (start, moves) = self.with_record(py, |record| {
                    (record.start().clone(), record.tree().moves_to(self.id))
                });
                moves_of(py, &start, &moves)
            }

            /// The position here (after this node's move).
            fn position(&self, py: Python<'_>) -> $PyPosition {
                $PyPosition(self.with_record(py, |record| record.position_at(self.id)))
            }

            /// Adds `move` (a Move or its coordinates, legal here) after this
            /// node as its last alternative, or finds it there; returns its node.
            fn add_move(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<$Node> {
                let mv = self.with_record(py, |record| node_move(record, self.id, r#move))?;
                let id = self
                    .record
                    .bind(py)
                    .borrow_mut()
                    .0
                    .add_move(self.id, mv)
                    .map_err(crate::errors::with::<crate::errors::NotationError>)?;
                Ok(self.at(py, id))
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other.cast::<$Node>().is_ok_and(|other| {
                    other.get().record.is(&self.record) && other.get().id == self.id
                })
            }

            fn __hash__(&self) -> u64 {
                use std::hash::{Hash, Hasher};
                let mut hasher = std::collections::hash_map::DefaultHasher::new();
                (self.record.as_ptr() as usize, self.id).hash(&mut hasher);
                hasher.finish()
            }

            fn __repr__(&self, py: Python<'_>) -> String {
                self.with_record(py, |record| match record.tree().mv(self.id) {
                    Some(mv) => format!("Node('{}')", record.start().move_text(mv)),
                    None => "Node(root)".to_string(),
                })
            }
        }

        /// The records of a file one at a time, in memory bounded by the largest
        /// game: ``for record in iter_records(path): ...``. A game that gives no
        /// record raises RecordError from ``next()`` (iteration can go on after
        /// it), or is passed over with ``skip_errors=True``.
        #[pyclass(module = $module, name = "RecordReader")]
        pub struct $Reader {
            records: record::Records<std::io::BufReader<std::fs::File>>,
            skip_errors: bool,
            /// Games passed over so far.
            #[pyo3(get)]
            skipped: usize,
        }

        #[pymethods]
        impl $Reader {
            fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
                slf
            }

            fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<$Record>> {
                loop {
                    let records = &mut self.records;
                    match py.detach(|| records.next()) {
                        None => return Ok(None),
                        Some(Ok(record)) => return Ok(Some($Record(record))),
                        Some(Err(_)) if self.skip_errors => self.skipped += 1,
                        Some(Err(error)) => return Err(crate::record::read_error(error)),
                    }
                }
            }
        }

        /// Every game of a PGN text (RecordError if it holds none, or if a game
        /// has no usable start; ``iter_records`` reads past such games).
        #[pyfunction]
        fn read_pgn(py: Python<'_>, text: &str) -> PyResult<Vec<$Record>> {
            crate::record::pgn_games(py, text, $Record)
        }

        /// Every record in `data`, the bytes of a file, in any encoding the
        /// game's records are read in; RecordError if they hold no record.
        #[pyfunction]
        fn read_records(py: Python<'_>, data: &[u8]) -> PyResult<Vec<$Record>> {
            crate::record::read_all(py, data, record::read, $Record)
        }

        /// Every record of the file at `path`.
        #[pyfunction]
        fn read_file(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Vec<$Record>> {
            let bytes = crate::record::file_bytes(py, &path)?;
            crate::record::read_all(py, &bytes, record::read, $Record)
        }

        /// The records of the file at `path`, read as a stream (see
        /// RecordReader).
        #[pyfunction]
        #[pyo3(signature = (path, *, skip_errors=false))]
        fn iter_records(path: std::path::PathBuf, skip_errors: bool) -> PyResult<$Reader> {
            Ok($Reader {
                records: record::Records::new(crate::record::open(&path)?),
                skip_errors,
                skipped: 0,
            })
        }

        /// Adds the record classes and functions to the game's module.
        pub fn register_records(m: &Bound<'_, PyModule>) -> PyResult<()> {
            m.add_class::<$Record>()?;
            m.add_class::<$Node>()?;
            m.add_class::<$Problem>()?;
            m.add_class::<$Reader>()?;
            m.add_function(wrap_pyfunction!(read_records, m)?)?;
            m.add_function(wrap_pyfunction!(read_pgn, m)?)?;
            m.add_function(wrap_pyfunction!(read_file, m)?)?;
            m.add_function(wrap_pyfunction!(iter_records, m)?)?;
            Ok(())
        }
    };
}

pub(crate) use record_classes;
