//! `qiboard.chess`: positions, moves (UCI, SAN), games, perft, Polyglot
//! keys.

use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray3};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use qiboard::chess::record;
use qiboard::chess::{Color, Ending, Game, Move, MoveKind, Outcome, PieceKind, Position, Square};

use crate::dunder;
use crate::errors::{self, MoveError, NotationError, PerftError};

/// A square given as an index (a1 = 0 … h8 = 63) or a name (`"e4"`).
pub fn square_arg(obj: &Bound<'_, PyAny>) -> PyResult<Square> {
    crate::shared::square_param(
        obj,
        "square",
        64,
        Square::new,
        "a square is an index 0-63 (a1 = 0, index = rank * 8 + file) or a name like 'e4'",
    )
}

/// The move of `bits` ([`Move::bits`]), rebuilt through the public
/// constructors (the crate has no chess `Move::from_bits`).
fn move_from_bits(bits: u16) -> Option<Move> {
    let from = Square::new(usize::from(bits & 63))?;
    let to = Square::new(usize::from((bits >> 6) & 63))?;
    let mv = match bits >> 12 {
        1 => Move::double_push(from, to),
        2 => Move::castle(from, to),
        3 => Move::en_passant(from, to),
        flag @ 4..=7 => Move::promotion(from, to, PieceKind::ALL[usize::from(flag - 3)]),
        flag @ 8..=13 => Move::normal(PieceKind::ALL[usize::from(flag - 8)], from, to),
        _ => return None,
    };
    (mv.bits() == bits).then_some(mv)
}

/// A chess move, as a position's ``legal_moves()``, ``parse_move()`` or
/// ``parse_san()`` give it. Its text is UCI (``e2e4``, ``e7e8q``; castling
/// as the king's two-square step, or king-takes-rook in Chess960
/// positions). Immutable, hashable, picklable.
#[pyclass(module = "qiboard.chess", name = "Move", frozen)]
#[derive(Clone, Copy)]
pub struct PyChessMove {
    pub(crate) mv: Move,
    pub(crate) chess960: bool,
}

#[pymethods]
impl PyChessMove {
    /// The move of `bits` (as ``Move.bits`` gives them); ValueError if
    /// they are no move.
    #[staticmethod]
    #[pyo3(signature = (bits, chess960=false))]
    fn from_bits(bits: &Bound<'_, PyAny>, chess960: bool) -> PyResult<PyChessMove> {
        let bits = errors::whole::<u16>(bits, "bits")?;
        move_from_bits(bits)
            .map(|mv| PyChessMove { mv, chess960 })
            .ok_or_else(|| {
                errors::ArgumentError::new_err(format!("bits: {bits:#06x} is no chess move"))
            })
    }

    /// The origin square (a1 = 0 … h8 = 63).
    #[getter]
    #[allow(clippy::wrong_self_convention)]
    fn from_square(&self) -> usize {
        self.mv.from() as usize
    }

    /// The target square; for castling, the king's target (the rook's
    /// square in Chess960 notation).
    #[getter]
    #[allow(clippy::wrong_self_convention)]
    fn to_square(&self) -> usize {
        if self.mv.is_castle() && !self.chess960 {
            self.mv.castle_king_target() as usize
        } else {
            self.mv.to() as usize
        }
    }

    /// The promotion piece's letter (`"q"`, `"r"`, `"b"`, `"n"`), or None.
    #[getter]
    fn promotion(&self) -> Option<char> {
        self.mv.promotion_kind().map(PieceKind::letter)
    }

    /// `"normal"`, `"double-push"`, `"castle"`, `"en-passant"` or
    /// `"promotion"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.mv.kind() {
            MoveKind::Normal => "normal",
            MoveKind::DoublePush => "double-push",
            MoveKind::Castle => "castle",
            MoveKind::EnPassant => "en-passant",
            MoveKind::Promotion(_) => "promotion",
        }
    }

    /// The move's 16 bits.
    #[getter]
    fn bits(&self) -> u16 {
        self.mv.bits()
    }

    /// The UCI text.
    fn uci(&self) -> String {
        self.mv.uci(self.chess960).to_string()
    }

    fn __str__(&self) -> String {
        self.uci()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.uci())
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.mv.bits())
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: pyo3::basic::CompareOp) -> Py<PyAny> {
        dunder::ordered_by(self, other, op, |m| m.mv.bits())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        dunder::rebuilt_by(
            slf.get_type().getattr("from_bits")?,
            (this.mv.bits(), this.chess960),
        )
    }
}

/// A move given as a Move or UCI text, checked legal in `position`.
fn legal_move(position: &Position, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(mv) = obj.cast::<PyChessMove>() {
        let mv = mv.get().mv;
        if position.is_legal(mv) {
            return Ok(mv);
        }
        return Err(MoveError::new_err(format!(
            "{:?} is not a legal move in this position",
            position.move_text(mv)
        )));
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return position
            .parse_move(text.to_cow()?.trim())
            .map_err(errors::with::<MoveError>);
    }
    Err(PyTypeError::new_err(format!(
        "a move is a qiboard.chess.Move or UCI text like 'e2e4', not {}",
        obj.get_type().name()?
    )))
}

fn moves_of<'py>(
    py: Python<'py>,
    position: &Position,
    moves: &[Move],
) -> PyResult<Bound<'py, PyList>> {
    let chess960 = position.is_chess960();
    PyList::new(py, moves.iter().map(|&mv| PyChessMove { mv, chess960 }))
}

/// A chess position with its Polyglot key. ``Position()`` is the start,
/// ``Position(fen)`` reads a FEN (X-FEN and Shredder-FEN castling for
/// Chess960). Immutable; pickles as its FEN.
#[pyclass(module = "qiboard.chess", name = "Position", frozen)]
#[derive(Clone)]
pub struct PyChessPosition(pub Position);

crate::shared::position_methods!(PyChessPosition, chess, crate::svg::chess_position, {
    #[new]
    #[pyo3(signature = (fen=None, chess960=None))]
    fn new(fen: Option<&str>, chess960: Option<bool>) -> PyResult<Self> {
        let mut position = match fen {
            None => Position::start(),
            Some(fen) => Position::from_fen(fen).map_err(errors::chess_fen)?,
        };
        if let Some(chess960) = chess960 {
            position.set_chess960(chess960);
        }
        Ok(PyChessPosition(position))
    }

    /// `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.0.side_to_move().name()
    }

    /// Whether castling is written king-takes-rook (Chess960 notation).
    #[getter]
    fn chess960(&self) -> bool {
        self.0.is_chess960()
    }

    /// The en passant square's index, if any.
    #[getter]
    fn en_passant(&self) -> Option<usize> {
        self.0.en_passant().map(|square| square as usize)
    }

    /// Every legal move.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        moves_of(py, &self.0, &self.0.legal_moves())
    }

    /// The legal captures (en passant included).
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        moves_of(py, &self.0, &self.0.legal_captures())
    }

    /// The legal move the UCI text names.
    fn parse_move(&self, text: &str) -> PyResult<PyChessMove> {
        let mv = self.0.parse_move(text).map_err(errors::with::<MoveError>)?;
        Ok(PyChessMove {
            mv,
            chess960: self.0.is_chess960(),
        })
    }

    /// `move` (legal here) in standard algebraic notation.
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let mv = legal_move(&self.0, r#move)?;
        self.0.san(mv).map_err(errors::with::<NotationError>)
    }

    /// The legal move a SAN text names (NotationError otherwise).
    fn parse_san(&self, text: &str) -> PyResult<PyChessMove> {
        let mv = self
            .0
            .parse_san(text)
            .map_err(errors::with::<NotationError>)?;
        Ok(PyChessMove {
            mv,
            chess960: self.0.is_chess960(),
        })
    }

    /// Whether neither side has the material to mate (python-chess's
    /// rule: the material alone, bishops' square colours included).
    fn is_insufficient_material(&self) -> bool {
        self.0.is_insufficient_material()
    }

    /// Whether `color` ("white" or "black") has too little material to
    /// ever mate.
    fn has_insufficient_material(&self, color: &str) -> PyResult<bool> {
        Ok(self.0.has_insufficient_material(color_arg(color)?))
    }

    /// The position's identity for the repetition rules: the Polyglot key
    /// with the en passant square only where the capture is legal.
    #[getter]
    fn repetition_key(&self) -> u64 {
        self.0.repetition_key()
    }

    /// Perft of each legal move's subtree, as `(move, nodes)` pairs.
    fn divide(
        &self,
        py: Python<'_>,
        depth: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(PyChessMove, u64)>> {
        let position = self.0;
        let depth = errors::whole::<u32>(depth, "depth")?;
        let counts = py
            .detach(|| qiboard::chess::divide(&position, depth))
            .map_err(errors::with::<PerftError>)?;
        let chess960 = position.is_chess960();
        Ok(counts
            .into_iter()
            .map(|(mv, n)| (PyChessMove { mv, chess960 }, n))
            .collect())
    }

    /// uint8 planes of shape (13, 8, 8): plane `color * 6 + kind` (White
    /// 0, Black 1; pawn, knight, bishop, rook, queen, king 0-5) has a 1
    /// where such a piece stands, plane 12 is all ones when White is to
    /// move. Row r is rank r + 1, column f is file f (a = 0).
    fn planes<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray3<u8>> {
        let mut data = vec![0u8; 13 * 64];
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let plane = (color.index() * 6 + kind.index()) * 64;
                for square in self.0.pieces(color, kind) {
                    data[plane + square as usize] = 1;
                }
            }
        }
        if self.0.side_to_move() == Color::White {
            data[12 * 64..].fill(1);
        }
        Array3::from_shape_vec((13, 8, 8), data)
            .expect("planes have their shape")
            .into_pyarray(py)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        dunder::rebuilt_by(
            slf.get_type().into_any(),
            (this.0.fen(), this.0.is_chess960()),
        )
    }
});

crate::shared::outcome_class!(
    PyChessOutcome,
    "qiboard.chess",
    "How a chess game ended: ``winner`` (\"white\", \"black\" or None for a \
     draw), ``ending`` (\"checkmate\", \"stalemate\", \"insufficient-material\", \
     \"seventyfive-moves\", \"fivefold-repetition\", \"fifty-moves\", \
     \"threefold-repetition\": python-chess's ``Termination`` names in lowercase \
     with hyphens) and ``result`` (\"1-0\", \"0-1\", \"1/2-1/2\")."
);

/// A chess game: the start, the moves and every position since, under
/// FIDE's rules as python-chess applies them. Checkmate, insufficient
/// material, stalemate, the seventy-five-move rule and fivefold
/// repetition end it (``outcome()``, ``is_over()``); the fifty-move rule
/// and threefold repetition end it only when claimed
/// (``outcome(claim_draw=True)``, ``can_claim_draw()``). Iterating a game
/// gives its moves; ``len(game)`` is their number.
#[pyclass(module = "qiboard.chess", name = "Game")]
#[derive(Clone)]
pub struct PyChessGame(pub Game);

impl PyChessGame {
    /// `mv` as a Python move of this game.
    fn py_move(&self, mv: Move) -> PyChessMove {
        py_move(self.0.start(), mv)
    }
}

crate::shared::game_methods!(PyChessGame, PyChessPosition, {
    #[new]
    #[pyo3(signature = (start=None, moves=None))]
    fn new(start: Option<&Bound<'_, PyAny>>, moves: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let position = match start {
            None => Position::start(),
            Some(start) => position_arg(start)?,
        };
        let mut game = PyChessGame(Game::from_position(position));
        crate::shared::each_move(moves, |mv| game.play(mv).map(drop))?;
        Ok(game)
    }

    /// The moves played.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        moves_of(py, self.0.start(), self.0.moves())
    }

    /// Plays `move` (a Move or UCI text) and returns it. MoveError if it
    /// is not legal, GameOverError if the game is over.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyChessMove> {
        let position = *self.0.position();
        let mv = match legal_move(&position, r#move) {
            Ok(mv) => mv,
            Err(error) => match self.0.outcome() {
                Some(outcome) => {
                    return Err(errors::chess_game(qiboard::chess::GameError::Finished(
                        outcome,
                    )))
                }
                None => return Err(error),
            },
        };
        self.0.play(mv).map_err(errors::chess_game)?;
        Ok(self.py_move(mv))
    }

    /// Plays the move a SAN text names.
    fn play_san(&mut self, text: &str) -> PyResult<PyChessMove> {
        let mv = self
            .0
            .position()
            .parse_san(text)
            .map_err(errors::with::<NotationError>)?;
        self.0.play(mv).map_err(errors::chess_game)?;
        Ok(self.py_move(mv))
    }

    /// Takes back the last move; None at the start.
    fn undo(&mut self) -> Option<PyChessMove> {
        self.0.undo().map(|mv| self.py_move(mv))
    }

    /// The legal moves of the current position; empty once the game is
    /// over (a draw that must be claimed does not end it).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        moves_of(py, self.0.start(), &self.0.legal_moves())
    }

    /// The result once the game is over, else None; with `claim_draw`,
    /// also a draw the side to move can claim (python-chess's
    /// ``outcome(claim_draw=...)``).
    #[pyo3(signature = (*, claim_draw=false))]
    fn outcome(&self, claim_draw: bool) -> Option<PyChessOutcome> {
        let outcome = if claim_draw {
            self.0.outcome_with_claim()
        } else {
            self.0.outcome()
        };
        outcome.map(PyChessOutcome)
    }

    /// Whether the game is over (with `claim_draw`, or a draw can be
    /// claimed).
    #[pyo3(signature = (*, claim_draw=false))]
    fn is_over(&self, claim_draw: bool) -> bool {
        self.outcome(claim_draw).is_some()
    }

    /// Whether the side to move can claim a draw by the fifty-move rule or
    /// threefold repetition.
    fn can_claim_draw(&self) -> bool {
        self.0.can_claim_draw().is_some()
    }

    /// Whether the side to move can claim a draw by the fifty-move rule
    /// (now, or with a move that makes it).
    fn can_claim_fifty_moves(&self) -> bool {
        self.0.can_claim_fifty_moves()
    }

    /// Whether the side to move can claim a draw by threefold repetition
    /// (now, or with a move that makes it).
    fn can_claim_threefold_repetition(&self) -> bool {
        self.0.can_claim_threefold_repetition()
    }

    /// The game as PGN: the seven tag roster (``Result`` from the outcome),
    /// the moves in SAN and the result.
    fn pgn(&self) -> String {
        record::Record::from_game(&self.0).to_pgn()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.moves(py)?.try_iter()?.into_any())
    }

    /// The current position, with the last move, as an SVG image, for Jupyter (see ``svg()``).
    fn _repr_svg_(&self) -> String {
        crate::svg::chess_game(&self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let game = slf.borrow();
        let start = game.0.start();
        let moves: Vec<String> = game
            .0
            .moves()
            .iter()
            .map(|&mv| start.move_text(mv))
            .collect();
        dunder::rebuilt_by(slf.get_type().into_any(), (start.fen(), moves))
    }
});

/// A side given by name, "white" or "black".
fn color_arg(name: &str) -> PyResult<Color> {
    Color::ALL
        .into_iter()
        .find(|color| color.name() == name)
        .ok_or_else(|| {
            errors::ArgumentError::new_err(format!(
                "color: {name:?} is neither 'white' nor 'black'"
            ))
        })
}

/// A position given as a `Position` or a FEN.
pub fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(position) = obj.cast::<PyChessPosition>() {
        return Ok(position.get().0);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return Position::from_fen(&text.to_cow()?).map_err(errors::chess_fen);
    }
    Err(PyTypeError::new_err(format!(
        "a position is a qiboard.chess.Position or a FEN, not {}",
        obj.get_type().name()?
    )))
}

/// A move of a game or record from `start` as a Python move (castling
/// written as Chess960 writes it when the start is a Chess960 position).
pub fn py_move(start: &Position, mv: Move) -> PyChessMove {
    PyChessMove {
        mv,
        chess960: start.is_chess960(),
    }
}

/// The move `obj` names after a node of a record: a Move or UCI text,
/// legal there.
fn node_move(
    record: &record::Record,
    node: record::NodeId,
    obj: &Bound<'_, PyAny>,
) -> PyResult<Move> {
    legal_move(&record.position_at(node), obj)
}

crate::record::record_classes! {
    module: "qiboard.chess",
    record: PyChessRecord,
    node: PyChessNode,
    problem: PyChessProblem,
    reader: PyChessRecordReader,
    position: PyChessPosition,
    moves: PyChessMove,
    game: PyChessGame,
    game_error: errors::chess_game,
    sides: (white = "White", black = "Black"),
    {
        /// The record as PGN: the seven tag roster, the other tags, SetUp
        /// and FEN for a start that is not the standard one, the moves in
        /// SAN with comments, NAGs and variations, and the result.
        fn to_pgn(&self) -> String {
            self.0.to_pgn()
        }

        /// The start FEN on one line, the main line in UCI on the next.
        fn to_uci(&self) -> String {
            self.0.to_uci()
        }
    }
}

impl PyChessRecord {
    /// The PGN a record pickles as.
    fn pickled_pgn(&self) -> String {
        self.0.to_pgn()
    }
}

/// Perft of a position (Position or FEN).
#[pyfunction]
fn perft(py: Python<'_>, position: &Bound<'_, PyAny>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
    let position = position_arg(position)?;
    crate::shared::perft_with(py, &position, depth, qiboard::chess::perft)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_records(m)?;
    crate::polyglot::register(m)?;
    m.add_class::<PyChessMove>()?;
    m.add_class::<PyChessPosition>()?;
    m.add_class::<PyChessGame>()?;
    m.add_class::<PyChessOutcome>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add("START_FEN", Position::START_FEN)?;
    Ok(())
}
