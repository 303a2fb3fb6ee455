//! `qiboard.xiangqi`: positions, moves, games, notations, the action space
//! and the planes.

use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray1, PyArray3};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use qiboard::xiangqi::record;
use qiboard::xiangqi::rules::{Rules, Ruling};
use qiboard::xiangqi::{
    ChineseStyle, Color, Ending, Game, Move, Notation, Outcome, Position, Square,
};

use crate::actions::{self, ACTION_COUNT, OBSERVATION_LEN, PLANES};
use crate::dunder;
use crate::errors::{self, MoveError, NotationError, PerftError};

/// `"red"` or `"black"`.
pub fn color_name(color: Color) -> &'static str {
    color.name()
}

/// A move given as a `Move` or as UCCI text, not checked against any
/// position.
pub fn move_syntax(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(mv) = obj.cast::<PyMove>() {
        return Ok(mv.get().0);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return PyMove::new(&text.to_cow()?).map(|mv| mv.0);
    }
    Err(PyTypeError::new_err(format!(
        "a move is a qiboard.xiangqi.Move or UCCI text like 'h2e2', not {}",
        obj.get_type().name()?
    )))
}

/// A square given as an index (0–89) or a name (`"e0"`).
pub fn square_arg(obj: &Bound<'_, PyAny>) -> PyResult<Square> {
    square_param(obj, "square")
}

/// [`square_arg`] of the parameter `parameter`, which errors name.
fn square_param(obj: &Bound<'_, PyAny>, parameter: &str) -> PyResult<Square> {
    crate::shared::square_param(
        obj,
        parameter,
        Square::ALL.len(),
        Square::new,
        "a square is an index 0-89 (a0 = 0, index = rank * 9 + file) or a name like 'e0'",
    )
}

/// The `occurrences` parameter of a game's rules: the occurrence of a
/// position at which its cycle is ruled.
#[derive(Clone, Copy)]
pub struct Occurrences(pub u32);

impl<'a, 'py> FromPyObject<'a, 'py> for Occurrences {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        errors::whole(&obj, "occurrences").map(Occurrences)
    }
}

/// The `move_limit` parameter of a game's rules: plies without a capture
/// that draw, None for no limit.
#[derive(Clone, Copy)]
pub struct MoveLimit(pub Option<u32>);

impl<'a, 'py> FromPyObject<'a, 'py> for MoveLimit {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(MoveLimit(None));
        }
        errors::whole(&obj, "move_limit").map(|plies| MoveLimit(Some(plies)))
    }
}

/// The start (the start position when None) and the rules of a game, or of
/// every game of a batch.
pub fn game_setup(
    start: Option<&Bound<'_, PyAny>>,
    occurrences: Occurrences,
    move_limit: MoveLimit,
) -> PyResult<(Position, Rules)> {
    let position = match start {
        None => Position::start(),
        Some(start) => position_arg(start)?,
    };
    let rules = Rules::default()
        .with_occurrences(occurrences.0)
        .with_move_limit(move_limit.0);
    Ok((position, rules))
}

/// A xiangqi move: the square a piece leaves and the square it reaches.
/// Its text is UCCI (`h2e2`: files a-i, ranks 0-9, rank 0 being Red's back
/// rank). ``Move("h2e2")`` reads the text without any position; a
/// position's ``legal_moves()`` and ``parse_move()`` give moves known to be
/// legal there. Moves are immutable, hashable, ordered (by origin, then
/// target) and pickle as their text.
#[pyclass(module = "qiboard.xiangqi", name = "Move", frozen)]
#[derive(Clone, Copy)]
pub struct PyMove(pub Move);

impl PyMove {
    fn key(self) -> (u8, u8) {
        (self.0.from() as u8, self.0.to() as u8)
    }
}

#[pymethods]
impl PyMove {
    /// Reads UCCI text (`"h2e2"`); raises MoveError if it is not two
    /// distinct squares.
    #[new]
    fn new(text: &str) -> PyResult<PyMove> {
        text.trim()
            .parse::<Move>()
            .map(PyMove)
            .map_err(errors::with::<MoveError>)
    }

    /// The move from `from_square` to `to_square` (indices 0-89 or names).
    #[staticmethod]
    fn from_squares(
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
    ) -> PyResult<PyMove> {
        let (from, to) = (square_arg(from_square)?, square_arg(to_square)?);
        if from == to {
            return Err(MoveError::new_err(format!(
                "a move needs two squares, got {from} twice"
            )));
        }
        Ok(PyMove(Move::new(from, to)))
    }

    /// The move of an action index (0-2085); raises RangeError (an
    /// IndexError and a ValueError) outside it.
    #[staticmethod]
    fn from_action(action: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        action_move(action).map(PyMove)
    }

    /// The origin square's index (a0 = 0 ... i9 = 89).
    #[getter]
    #[allow(clippy::wrong_self_convention)]
    fn from_square(&self) -> usize {
        self.0.from() as usize
    }

    /// The target square's index.
    #[getter]
    #[allow(clippy::wrong_self_convention)]
    fn to_square(&self) -> usize {
        self.0.to() as usize
    }

    /// The move's index in the fixed action space (see ``ACTION_COUNT``).
    #[getter]
    fn action(&self) -> PyResult<usize> {
        move_action(self.0)
    }

    /// The move's 16 bits (origin in bits 0-6, target in bits 7-13).
    #[getter]
    fn bits(&self) -> u16 {
        self.0.bits()
    }

    /// The UCCI text, `"h2e2"`.
    fn uci(&self) -> String {
        self.0.to_string()
    }

    /// The ICCS text, `"H2-E2"`.
    fn iccs(&self) -> String {
        let text = self.0.to_string().to_uppercase();
        format!("{}-{}", &text[..2], &text[2..])
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.0.bits())
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: pyo3::basic::CompareOp) -> Py<PyAny> {
        dunder::ordered_by(self, other, op, |mv| mv.key())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        dunder::rebuilt_by(slf.get_type().into_any(), (slf.get().0.to_string(),))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// The move of `action`, or a RangeError naming the parameter.
pub fn action_move(action: &Bound<'_, PyAny>) -> PyResult<Move> {
    let action = errors::index(action, "action", ACTION_COUNT)?;
    Ok(actions::actions()
        .mv(action)
        .expect("every index below ACTION_COUNT is an action"))
}

/// The action of `mv`, or MoveError for a move no piece could make.
pub fn move_action(mv: Move) -> PyResult<usize> {
    actions::actions()
        .index(mv)
        .ok_or_else(|| MoveError::new_err(format!("{mv} is no move any piece could make")))
}

/// A move given as a `Move` or as text in UCCI, checked to be legal in
/// `position`.
pub fn legal_move(position: &Position, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(mv) = obj.cast::<PyMove>() {
        let mv = mv.get().0;
        if position.is_legal(mv) {
            return Ok(mv);
        }
        return Err(MoveError::new_err(format!(
            "{:?} is not a legal move in this position",
            mv.to_string()
        )));
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return position
            .parse_move(&text.to_cow()?)
            .map_err(errors::with::<MoveError>);
    }
    Err(PyTypeError::new_err(format!(
        "a move is a qiboard.xiangqi.Move or UCCI text like 'h2e2', not {}",
        obj.get_type().name()?
    )))
}

/// A position given as a `Position` or a FEN.
pub fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(position) = obj.cast::<PyPosition>() {
        return Ok(position.get().0.clone());
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return Position::from_fen(&text.to_cow()?).map_err(errors::xiangqi_fen);
    }
    Err(PyTypeError::new_err(format!(
        "a position is a qiboard.xiangqi.Position or a FEN, not {}",
        obj.get_type().name()?
    )))
}

/// Moves as a Python list of `Move`.
pub fn move_list<'py>(py: Python<'py>, moves: &[Move]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, moves.iter().map(|&mv| PyMove(mv)))
}

/// A notation's name (`None` or `"auto"`: found from the text).
fn notation_of(
    name: Option<&str>,
    traditional: bool,
    ascii_digits: bool,
) -> PyResult<Option<Notation>> {
    Ok(match name.map(str::to_ascii_lowercase).as_deref() {
        None | Some("auto") => None,
        Some("ucci") => Some(Notation::Ucci),
        Some("iccs") => Some(Notation::Iccs),
        Some("wxf") => Some(Notation::Wxf),
        Some("chinese") => Some(Notation::Chinese(ChineseStyle {
            traditional,
            ascii_digits,
        })),
        Some(other) => {
            return Err(NotationError::new_err(format!(
                "notation: {other:?} is no notation: expected 'ucci', 'iccs', 'wxf' or 'chinese'"
            )))
        }
    })
}

/// The notation's name.
pub fn notation_name(notation: Notation) -> &'static str {
    match notation {
        Notation::Ucci => "ucci",
        Notation::Iccs => "iccs",
        Notation::Wxf => "wxf",
        Notation::Chinese(_) => "chinese",
    }
}

/// A notation argument for writing (`None` is not allowed there).
pub fn writing_notation(name: &str, traditional: bool, ascii_digits: bool) -> PyResult<Notation> {
    notation_of(Some(name), traditional, ascii_digits)?
        .ok_or_else(|| NotationError::new_err("'auto' only reads: name the notation to write in"))
}

/// The FEN letter of each piece, for the diagram.
fn diagram(position: &Position) -> String {
    let mut text = String::new();
    for rank in (0..10).rev() {
        text.push_str(&format!("{rank} "));
        for file in 0..9 {
            let square = Square::from_file_rank(file, rank).expect("on the board");
            text.push(
                position
                    .piece_at(square)
                    .map_or('.', |piece| piece.letter()),
            );
            if file < 8 {
                text.push(' ');
            }
        }
        text.push('\n');
    }
    text.push_str("  a b c d e f g h i\n");
    text
}

/// A xiangqi position: pieces, side to move and counters, with its
/// Zobrist key and lock. Immutable: ``play()`` returns the next position.
///
/// ``Position()`` is the start; ``Position(fen)`` reads a FEN (raising
/// FenError for bad text, PositionError for a position the rules do not
/// allow). Equal positions hash alike; a position pickles as its FEN.
#[pyclass(module = "qiboard.xiangqi", name = "Position", frozen)]
#[derive(Clone)]
pub struct PyPosition(pub Position);

crate::shared::position_methods!(PyPosition, xiangqi, crate::svg::xiangqi_position, {
    #[new]
    #[pyo3(signature = (fen=None))]
    fn new(fen: Option<&str>) -> PyResult<PyPosition> {
        match fen {
            None => Ok(PyPosition(Position::start())),
            Some(fen) => Position::from_fen(fen)
                .map(PyPosition)
                .map_err(errors::xiangqi_fen),
        }
    }

    /// The standard start position.
    #[staticmethod]
    fn start() -> PyPosition {
        PyPosition(Position::start())
    }

    /// The side to move: `"red"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        color_name(self.0.side_to_move())
    }

    /// The 64-bit Zobrist lock (an independent second hash).
    #[getter]
    fn lock(&self) -> u64 {
        self.0.lock()
    }

    /// Every piece as `(square index, FEN letter)`, by square.
    fn pieces(&self) -> Vec<(usize, char)> {
        Square::ALL
            .iter()
            .filter_map(|&square| {
                self.0
                    .piece_at(square)
                    .map(|piece| (square as usize, piece.letter()))
            })
            .collect()
    }

    /// Every legal move.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.0.legal_moves())
    }

    /// The legal captures.
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.0.legal_captures())
    }

    /// The legal moves that capture nothing.
    fn quiets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.0.legal_quiets())
    }

    /// The position after the move of `action`, which must be legal.
    fn play_action(&self, action: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let mv = action_move(action)?;
        if !self.0.is_legal(mv) {
            return Err(MoveError::new_err(format!(
                "action {action} ({mv}) is not a legal move in this position"
            )));
        }
        Ok(PyPosition(self.0.play(mv)))
    }

    /// The legal move that the UCCI text names (MoveError otherwise).
    fn parse_move(&self, text: &str) -> PyResult<PyMove> {
        self.0
            .parse_move(text)
            .map(PyMove)
            .map_err(errors::with::<MoveError>)
    }

    /// The legal move `text` names in `notation` ("ucci", "iccs", "wxf",
    /// "chinese"; None or "auto" finds it from the text). NotationError if
    /// the text names no single legal move.
    #[pyo3(signature = (text, notation=None))]
    fn parse_notation(&self, text: &str, notation: Option<&str>) -> PyResult<PyMove> {
        let parsed = match notation_of(notation, false, false)? {
            None => self.0.parse_any_notation(text),
            Some(notation) => self.0.parse_notation(text, notation),
        };
        parsed.map(PyMove).map_err(errors::with::<NotationError>)
    }

    /// `move`, a legal move here, written in `notation` ("ucci", "iccs",
    /// "wxf" or "chinese"; Chinese in simplified characters with
    /// full-width digits for Black unless `traditional` or `ascii_digits`).
    #[pyo3(signature = (r#move, notation="wxf", *, traditional=false, ascii_digits=false))]
    fn notation_text(
        &self,
        r#move: &Bound<'_, PyAny>,
        notation: &str,
        traditional: bool,
        ascii_digits: bool,
    ) -> PyResult<String> {
        let notation = writing_notation(notation, traditional, ascii_digits)?;
        let mv = move_syntax(r#move)?;
        self.0
            .notation_text(mv, notation)
            .map_err(errors::with::<NotationError>)
    }

    /// The squares of the pieces giving check.
    fn checkers(&self) -> Vec<usize> {
        self.0
            .checkers()
            .iter()
            .map(|square| square as usize)
            .collect()
    }

    /// Whether the side to move has no legal move (and so has lost).
    fn is_game_over(&self) -> bool {
        self.0.count_legal_moves() == 0
    }

    /// The position seen from the other side: ranks mirrored, colours
    /// swapped, the other side to move.
    fn flipped(&self) -> PyPosition {
        PyPosition(self.0.flipped())
    }

    /// Perft of each legal move's subtree, as `(move, nodes)` pairs.
    fn divide(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<Vec<(PyMove, u64)>> {
        let position = self.0.clone();
        let depth = errors::whole::<u32>(depth, "depth")?;
        let counts = py
            .detach(|| qiboard::xiangqi::divide(&position, depth))
            .map_err(errors::with::<PerftError>)?;
        Ok(counts.into_iter().map(|(mv, n)| (PyMove(mv), n)).collect())
    }

    /// The planes as a uint8 array of shape (15, 10, 9): plane `color * 7 +
    /// kind` (Red 0, Black 1; king, advisor, elephant, horse, rook, cannon,
    /// pawn 0-6) has a 1 where such a piece stands, plane 14 is all ones
    /// when Red is to move. Row r is rank r (0 = Red's back rank), column f
    /// is file f (a = 0).
    fn planes<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray3<u8>> {
        let mut data = vec![0u8; OBSERVATION_LEN];
        actions::write_planes(&self.0, &mut data);
        Array3::from_shape_vec((PLANES, 10, 9), data)
            .expect("planes have their shape")
            .into_pyarray(py)
    }

    /// A bool array of ACTION_COUNT (2086) entries, True at the legal
    /// moves' actions.
    fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; ACTION_COUNT];
        actions::write_mask(&self.0.legal_moves(), &mut mask, false, true);
        PyArray1::from_vec(py, mask)
    }

    /// The legal moves' action indices, ascending, as an int64 array.
    fn legal_actions<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let table = actions::actions();
        let mut list: Vec<i64> = self
            .0
            .legal_moves()
            .iter()
            .filter_map(|&mv| table.index(mv).map(|a| a as i64))
            .collect();
        list.sort_unstable();
        PyArray1::from_vec(py, list)
    }

    /// The board as text, rank 9 at the top, FEN letters, '.' for empty.
    fn diagram(&self) -> String {
        diagram(&self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        dunder::rebuilt_by(slf.get_type().into_any(), (slf.get().0.fen(),))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
});

crate::shared::outcome_class!(
    PyOutcome,
    "qiboard.xiangqi",
    "How a finished game ended: ``winner`` (\"red\", \"black\" or None for a \
     draw), ``ending`` (\"checkmate\", \"stalemate\", \"perpetual-check\", \
     \"perpetual-chase\", \"repetition\", \"move-limit\") and ``result`` \
     (\"1-0\", \"0-1\", \"1/2-1/2\")."
);

/// An earlier occurrence of a game's current position: ``plies_ago`` and
/// the ``ruling`` of the moves since ("draw", "perpetual-check",
/// "perpetual-chase") with its ``loser``.
#[pyclass(module = "qiboard.xiangqi", name = "Repetition", frozen)]
pub struct PyRepetition {
    /// How many plies ago the position last stood.
    #[pyo3(get)]
    plies_ago: usize,
    ruling: Ruling,
}

#[pymethods]
impl PyRepetition {
    /// `"draw"`, `"perpetual-check"` or `"perpetual-chase"`.
    #[getter]
    fn ruling(&self) -> &'static str {
        match self.ruling {
            Ruling::Draw => "draw",
            Ruling::PerpetualCheck { .. } => "perpetual-check",
            Ruling::PerpetualChase { .. } => "perpetual-chase",
        }
    }

    /// The side the ruling loses, or None.
    #[getter]
    fn loser(&self) -> Option<&'static str> {
        self.ruling.loser().map(color_name)
    }

    fn __repr__(&self) -> String {
        format!(
            "Repetition(plies_ago={}, ruling='{}', loser={})",
            self.plies_ago,
            self.ruling(),
            self.loser()
                .map_or("None".to_string(), |c| format!("'{c}'"))
        )
    }
}

/// A game: a start, the moves played and every position since, under the
/// Asian (AXF) rules: a side with no legal move loses; at the
/// ``occurrences``-th occurrence of a position (default 3) the cycle is
/// ruled (perpetual check, then perpetual chase, loses; otherwise a draw);
/// ``move_limit`` plies (default 120, None for none) without a capture
/// draw.
///
/// ``Game()`` starts from the start position, ``Game(start)`` from a
/// Position or FEN; ``moves`` are played at once. Iterating a game gives
/// its moves; ``len(game)`` is their number.
#[pyclass(module = "qiboard.xiangqi", name = "Game")]
#[derive(Clone)]
pub struct PyGame(pub Game);

crate::shared::game_methods!(PyGame, PyPosition, {
    #[new]
    #[pyo3(signature = (start=None, moves=None, occurrences=Occurrences(3), move_limit=MoveLimit(Some(120))))]
    #[pyo3(text_signature = "(start=None, moves=None, occurrences=3, move_limit=120)")]
    fn new(
        start: Option<&Bound<'_, PyAny>>,
        moves: Option<&Bound<'_, PyAny>>,
        occurrences: Occurrences,
        move_limit: MoveLimit,
    ) -> PyResult<PyGame> {
        let (position, rules) = game_setup(start, occurrences, move_limit)?;
        let mut game = PyGame(Game::from_position(position).with_rules(rules));
        crate::shared::each_move(moves, |mv| game.play(mv).map(drop))?;
        Ok(game)
    }

    /// The moves played, in order.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.0.moves())
    }

    /// The occurrence at which a repetition is ruled.
    #[getter]
    fn occurrences_rule(&self) -> u32 {
        self.0.rules().occurrences()
    }

    /// Plies without a capture after which the game is drawn, or None.
    #[getter]
    fn move_limit(&self) -> Option<u32> {
        self.0.rules().move_limit()
    }

    /// Plays `move` (a Move or UCCI text) and returns it. MoveError if it
    /// is not legal, GameOverError if the game is over.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let mv = move_syntax(r#move)?;
        self.0.play(mv).map_err(errors::xiangqi_game)?;
        Ok(PyMove(mv))
    }

    /// Plays the move of `action` (see ``ACTION_COUNT``).
    fn play_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let mv = action_move(action)?;
        self.0.play(mv).map_err(errors::xiangqi_game)?;
        Ok(PyMove(mv))
    }

    /// Plays the move `text` names in `notation` (None: found from the text).
    #[pyo3(signature = (text, notation=None))]
    fn play_notation(&mut self, text: &str, notation: Option<&str>) -> PyResult<PyMove> {
        let position = self.0.position();
        let parsed = match notation_of(notation, false, false)? {
            None => position.parse_any_notation(text),
            Some(notation) => position.parse_notation(text, notation),
        };
        let mv = parsed.map_err(errors::with::<NotationError>)?;
        self.0.play(mv).map_err(errors::xiangqi_game)?;
        Ok(PyMove(mv))
    }

    /// Takes back the last move and returns it; None at the start.
    fn undo(&mut self) -> Option<PyMove> {
        self.0.undo().map(PyMove)
    }

    /// The result once the game is over, else None.
    fn outcome(&self) -> Option<PyOutcome> {
        self.0.outcome().map(PyOutcome)
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.0.outcome().is_some()
    }

    /// The last earlier occurrence of the current position and the ruling
    /// of the cycle since, whatever the occurrence count; None if the
    /// position is new.
    fn repetition(&self) -> Option<PyRepetition> {
        self.0.repetition().map(|found| PyRepetition {
            plies_ago: found.plies_ago,
            ruling: found.ruling,
        })
    }

    /// The legal moves the repetition rules forbid the side to move: those
    /// that would bring a position about for the ``occurrences_rule``th
    /// time in a cycle ruled the mover's perpetual check or chase (a UCCI
    /// engine's ``banmoves``). Empty once the game is over.
    fn banned_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.0.banned_moves())
    }

    /// The legal moves of the current position; empty once the game is
    /// over.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if self.0.outcome().is_some() {
            return move_list(py, &[]);
        }
        move_list(py, &self.0.position().legal_moves())
    }

    /// The moves in UCCI, separated by spaces.
    fn history(&self) -> String {
        self.0.history()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(move_list(py, self.0.moves())?.try_iter()?.into_any())
    }

    /// The current position, with the last move, as an SVG image, for Jupyter (see ``svg()``).
    fn _repr_svg_(&self) -> String {
        crate::svg::xiangqi_game(&self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let game = slf.borrow();
        let moves: Vec<String> = game.0.moves().iter().map(Move::to_string).collect();
        let rules = game.0.rules();
        let args = (
            game.0.start().fen(),
            moves,
            rules.occurrences(),
            rules.move_limit(),
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
});

/// The action of a move (Move or UCCI text); MoveError if no piece could
/// ever make it.
#[pyfunction]
fn move_to_action(r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
    move_action(move_syntax(r#move)?)
}

/// The move of an action index (RangeError, an IndexError and a
/// ValueError, outside 0..ACTION_COUNT).
#[pyfunction]
fn action_to_move(action: &Bound<'_, PyAny>) -> PyResult<PyMove> {
    action_move(action).map(PyMove)
}

/// The index of a square name (`"e0"` → 4).
#[pyfunction]
fn square_index(name: &Bound<'_, PyAny>) -> PyResult<usize> {
    square_param(name, "name").map(|square| square as usize)
}

/// The name of a square index (4 → `"e0"`).
#[pyfunction]
fn square_name(index: &Bound<'_, PyAny>) -> PyResult<String> {
    square_param(index, "index").map(|square| square.to_string())
}

/// The notation a move text is written in, judged from its shape:
/// "chinese", "ucci" (coordinates) or "wxf".
#[pyfunction]
fn detect_notation(text: &str) -> &'static str {
    notation_name(Notation::detect(text))
}

/// Perft of a position (Position or FEN).
#[pyfunction]
fn perft(py: Python<'_>, position: &Bound<'_, PyAny>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
    let position = position_arg(position)?;
    crate::shared::perft_with(py, &position, depth, qiboard::xiangqi::perft)
}

/// Moves as a Python list (a record's moves: the start says nothing more
/// of them in xiangqi).
fn moves_of<'py>(py: Python<'py>, _: &Position, moves: &[Move]) -> PyResult<Bound<'py, PyList>> {
    move_list(py, moves)
}

/// A record's move as a Python move.
fn py_move(_: &Position, mv: Move) -> PyMove {
    PyMove(mv)
}

/// The move `obj` names after a node of a record: a Move or UCCI text, its
/// legality checked by the record.
fn node_move(_: &record::Record, _: record::NodeId, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    move_syntax(obj)
}

crate::record::record_classes! {
    module: "qiboard.xiangqi",
    record: PyRecord,
    node: PyNode,
    problem: PyProblem,
    reader: PyRecordReader,
    position: PyPosition,
    moves: PyMove,
    game: PyGame,
    game_error: errors::xiangqi_game,
    sides: (red = "Red", black = "Black"),
    {
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
    }
}

impl PyRecord {
    /// The PGN a record pickles as: moves in UCCI, read back exactly.
    fn pickled_pgn(&self) -> String {
        self.0.to_pgn(Notation::Ucci)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_records(m)?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyRepetition>()?;
    m.add_function(wrap_pyfunction!(move_to_action, m)?)?;
    m.add_function(wrap_pyfunction!(action_to_move, m)?)?;
    m.add_function(wrap_pyfunction!(square_index, m)?)?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(detect_notation, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add("START_FEN", Position::START_FEN)?;
    m.add("ACTION_COUNT", ACTION_COUNT)?;
    m.add("PLANES", PLANES)?;
    let names: Vec<String> = Square::ALL.iter().map(Square::to_string).collect();
    m.add("SQUARES", names)?;
    Ok(())
}
