//! Game records: PGN and XQF read into a record with its tree of moves,
//! PGN written.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyList;

use qiboard::xiangqi::record::{self, MoveTree, NodeId, Problem, ProblemKind, Record, Records};

use crate::errors::{self, NotationError, RecordError};
use crate::xiangqi::{
    color_name, move_list, move_syntax, writing_notation, PyGame, PyMove, PyPosition,
};

/// Something in a file that could not be read as written (the record
/// holds everything else): its ``ply`` (0 for the record as a whole),
/// ``move_number``, ``side``, whether on the ``main_line``, its ``kind``
/// ("bad-move", "skipped", "side-to-move", "truncated", "encoding",
/// "too-deep"), whether it ``is_warning`` (nothing lost) and its
/// ``message``.
#[pyclass(module = "qiboard.xiangqi", name = "Problem", frozen)]
pub struct PyProblem(Problem);

#[pymethods]
impl PyProblem {
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
        color_name(self.0.side)
    }

    /// Whether the move was on the main line.
    #[getter]
    fn main_line(&self) -> bool {
        self.0.main_line
    }

    /// What went wrong, in a word.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0.kind {
            ProblemKind::BadMove { .. } => "bad-move",
            ProblemKind::Skipped { .. } => "skipped",
            ProblemKind::SideToMove { .. } => "side-to-move",
            ProblemKind::Truncated => "truncated",
            ProblemKind::Encoding => "encoding",
            ProblemKind::TooDeep { .. } => "too-deep",
        }
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
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Problem({:?})", self.0.to_string())
    }
}

/// A game record: tag pairs, a start position and a tree of moves (the
/// main line and its variations, with comments and NAGs). Iterating a
/// record gives its main line's moves.
#[pyclass(module = "qiboard.xiangqi", name = "Record")]
pub struct PyRecord(pub Record);

#[pymethods]
impl PyRecord {
    /// A record of no moves from `start` (a Position or FEN; the start
    /// position by default).
    #[new]
    #[pyo3(signature = (start=None))]
    fn new(start: Option<&Bound<'_, PyAny>>) -> PyResult<PyRecord> {
        let start = match start {
            None => qiboard::xiangqi::Position::start(),
            Some(start) => crate::xiangqi::position_arg(start)?,
        };
        Ok(PyRecord(Record::new(start)))
    }

    /// The record of a game's moves.
    #[staticmethod]
    fn from_game(game: PyRef<'_, PyGame>) -> PyRecord {
        PyRecord(Record::from_game(&game.0))
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition(self.0.start().clone())
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
    fn problems(&self) -> Vec<PyProblem> {
        self.0.problems().iter().cloned().map(PyProblem).collect()
    }

    /// The moves of the main line.
    fn main_line<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.0.main_line())
    }

    /// The root of the tree (the start, before any move).
    #[getter]
    fn root(slf: &Bound<'_, Self>) -> PyNode {
        PyNode {
            record: slf.clone().unbind(),
            id: MoveTree::ROOT,
        }
    }

    /// The nodes of the main line after the root, in order.
    fn main_line_nodes(slf: &Bound<'_, Self>) -> Vec<PyNode> {
        let record = slf.borrow();
        record
            .0
            .tree()
            .main_line()
            .map(|id| PyNode {
                record: slf.clone().unbind(),
                id,
            })
            .collect()
    }

    /// How many moves the tree holds, variations included.
    fn move_count(&self) -> usize {
        self.0.tree().move_count()
    }

    /// How many lines (leaves) the tree has.
    fn line_count(&self) -> usize {
        self.0.tree().line_count()
    }

    /// A Game of the main line from the start.
    fn game(&self) -> PyResult<PyGame> {
        self.0.game().map(PyGame).map_err(errors::xiangqi_game)
    }

    /// The record as PGN with moves in `notation` ("chinese", "wxf",
    /// "iccs" or "ucci").
    #[pyo3(signature = (notation="chinese", *, traditional=false, ascii_digits=false))]
    fn to_pgn(&self, notation: &str, traditional: bool, ascii_digits: bool) -> PyResult<String> {
        let notation = writing_notation(notation, traditional, ascii_digits)?;
        Ok(self.0.to_pgn(notation))
    }

    /// The start FEN on one line, the main line in UCCI on the next.
    fn to_ucci(&self) -> String {
        self.0.to_ucci()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(move_list(py, &self.0.main_line())?.try_iter()?.into_any())
    }

    fn __len__(&self) -> usize {
        self.0.tree().main_line().count()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyRecord>()
            .is_ok_and(|other| other.borrow().0 == self.0)
    }

    fn __repr__(&self) -> String {
        let name = |tag| self.0.tag(tag).unwrap_or("?").to_string();
        format!(
            "Record(red={:?}, black={:?}, moves={}, lines={})",
            name("Red"),
            name("Black"),
            self.__len__(),
            self.0.tree().line_count()
        )
    }
}

/// A node of a record's tree: the root (the start) or a move and the
/// position it leads to. Its children are the moves that may follow, the
/// main continuation first.
#[pyclass(module = "qiboard.xiangqi", name = "Node", frozen)]
pub struct PyNode {
    record: Py<PyRecord>,
    id: NodeId,
}

impl PyNode {
    fn at(&self, py: Python<'_>, id: NodeId) -> PyNode {
        PyNode {
            record: self.record.clone_ref(py),
            id,
        }
    }

    fn tree<R>(&self, py: Python<'_>, f: impl FnOnce(&MoveTree) -> R) -> R {
        f(self.record.bind(py).borrow().0.tree())
    }
}

#[pymethods]
impl PyNode {
    /// The move that leads here; None at the root.
    #[getter]
    fn r#move(&self, py: Python<'_>) -> Option<PyMove> {
        self.tree(py, |tree| tree.mv(self.id)).map(PyMove)
    }

    /// The comment (at the root: on the whole game), or None; assignable.
    #[getter]
    fn comment(&self, py: Python<'_>) -> Option<String> {
        self.tree(py, |tree| tree.comment(self.id).map(str::to_string))
    }

    #[setter]
    fn set_comment(&self, py: Python<'_>, comment: Option<String>) {
        self.record
            .bind(py)
            .borrow_mut()
            .0
            .tree_mut()
            .set_comment(self.id, comment);
    }

    /// The numeric annotation glyphs ($1 good move, $2 mistake, ...).
    #[getter]
    fn nags(&self, py: Python<'_>) -> Vec<u16> {
        // As ints (a Vec<u8> would become bytes).
        self.tree(py, |tree| {
            tree.nags(self.id).iter().map(|&n| u16::from(n)).collect()
        })
    }

    /// Adds a NAG.
    fn add_nag(&self, py: Python<'_>, nag: u8) {
        self.record
            .bind(py)
            .borrow_mut()
            .0
            .tree_mut()
            .add_nag(self.id, nag);
    }

    /// The node before this one; None at the root.
    #[getter]
    fn parent(&self, py: Python<'_>) -> Option<PyNode> {
        self.tree(py, |tree| tree.parent(self.id))
            .map(|id| self.at(py, id))
    }

    /// The moves that may follow, main continuation first.
    #[getter]
    fn children(&self, py: Python<'_>) -> Vec<PyNode> {
        let ids: Vec<NodeId> = self.tree(py, |tree| tree.children(self.id).collect());
        ids.into_iter().map(|id| self.at(py, id)).collect()
    }

    /// The main continuation, or None.
    #[getter]
    fn main_child(&self, py: Python<'_>) -> Option<PyNode> {
        self.tree(py, |tree| tree.main_child(self.id))
            .map(|id| self.at(py, id))
    }

    /// Whether this is the root.
    #[getter]
    fn is_root(&self) -> bool {
        self.id == MoveTree::ROOT
    }

    /// The moves from the root to here.
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.tree(py, |tree| tree.moves_to(self.id));
        move_list(py, &moves)
    }

    /// The position here (after this node's move).
    fn position(&self, py: Python<'_>) -> PyPosition {
        PyPosition(self.record.bind(py).borrow().0.position_at(self.id))
    }

    /// Adds `move` (a Move or UCCI text, legal here) after this node as its
    /// last alternative, or finds it there; returns its node.
    fn add_move(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyNode> {
        let mv = move_syntax(r#move)?;
        let id = self
            .record
            .bind(py)
            .borrow_mut()
            .0
            .add_move(self.id, mv)
            .map_err(errors::with::<NotationError>)?;
        Ok(self.at(py, id))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyNode>()
            .is_ok_and(|other| other.get().record.is(&self.record) && other.get().id == self.id)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.record.as_ptr() as usize, self.id).hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        match self.r#move(py) {
            Some(mv) => format!("Node('{}')", mv.0),
            None => "Node(root)".to_string(),
        }
    }
}

/// Every record in `data`, the bytes of a file: XQF (one record) or PGN
/// (one per game) in UTF-8, UTF-16 or GB18030, found from the bytes.
/// RecordError if they hold no record.
#[pyfunction]
fn read_records(py: Python<'_>, data: &[u8]) -> PyResult<Vec<PyRecord>> {
    let bytes = data.to_vec();
    py.detach(|| record::read(&bytes))
        .map(|records| records.into_iter().map(PyRecord).collect())
        .map_err(errors::with::<RecordError>)
}

/// Every game of a PGN text (RecordError if it holds none, or if a game
/// has no usable start; ``iter_records`` reads past such games).
#[pyfunction]
fn read_pgn(py: Python<'_>, text: &str) -> PyResult<Vec<PyRecord>> {
    let records = py
        .detach(|| record::read_pgn(text))
        .map_err(errors::with::<RecordError>)?;
    if records.is_empty() {
        return Err(errors::with::<RecordError>(record::ReadError::Empty));
    }
    Ok(records.into_iter().map(PyRecord).collect())
}

/// Every record of the file at `path` (XQF or PGN).
#[pyfunction]
fn read_file(py: Python<'_>, path: PathBuf) -> PyResult<Vec<PyRecord>> {
    let bytes = py
        .detach(|| std::fs::read(&path))
        .map_err(|error| RecordError::new_err(format!("cannot read the input: {error}")))?;
    py.detach(|| record::read(&bytes))
        .map(|records| records.into_iter().map(PyRecord).collect())
        .map_err(errors::with::<RecordError>)
}

/// The records of a file one at a time, in memory bounded by the largest
/// game: ``for record in iter_records(path): ...``. A game that gives no
/// record raises RecordError from ``next()`` (iteration can go on after
/// it), or is passed over with ``skip_errors=True``.
#[pyclass(module = "qiboard.xiangqi", name = "RecordReader")]
pub struct PyRecordReader {
    records: Records<BufReader<File>>,
    skip_errors: bool,
    /// Games passed over so far.
    #[pyo3(get)]
    skipped: usize,
}

#[pymethods]
impl PyRecordReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyRecord>> {
        loop {
            let records = &mut self.records;
            match py.detach(|| records.next()) {
                None => return Ok(None),
                Some(Ok(record)) => return Ok(Some(PyRecord(record))),
                Some(Err(error)) if self.skip_errors => {
                    self.skipped += 1;
                    let _ = error;
                }
                Some(Err(error)) => return Err(errors::with::<RecordError>(error)),
            }
        }
    }
}

/// The records of the file at `path`, read as a stream (see RecordReader).
#[pyfunction]
#[pyo3(signature = (path, *, skip_errors=false))]
fn iter_records(path: PathBuf, skip_errors: bool) -> PyResult<PyRecordReader> {
    let file = File::open(&path).map_err(|error| {
        RecordError::new_err(format!("cannot read the input {}: {error}", path.display()))
    })?;
    Ok(PyRecordReader {
        records: Records::new(BufReader::new(file)),
        skip_errors,
        skipped: 0,
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRecord>()?;
    m.add_class::<PyNode>()?;
    m.add_class::<PyProblem>()?;
    m.add_class::<PyRecordReader>()?;
    m.add_function(wrap_pyfunction!(read_records, m)?)?;
    m.add_function(wrap_pyfunction!(read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(read_file, m)?)?;
    m.add_function(wrap_pyfunction!(iter_records, m)?)?;
    Ok(())
}
