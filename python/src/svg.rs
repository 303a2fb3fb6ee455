//! `qiboard.xiangqi.svg()` and `qiboard.chess.svg()`: positions drawn as
//! SVG images by the crate's renderer, and the bodies of the positions'
//! and games' `_repr_svg_` (which Jupyter calls to show a value as an
//! image).

use std::str::FromStr;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use qiboard::xiangqi::svg::{Check, Coordinates, PieceStyle};
use qiboard::{chess, xiangqi};

use crate::chess::PyChessMove;
use crate::errors::{self, ArgumentError, MoveError};

/// The largest `size` taken: anything larger is surely a mistake.
const MAX_SIZE: i64 = 100_000;

/// The `check` argument: `"auto"` (the default), `None`, or a square,
/// read by the game's own square reader.
enum CheckArg<'py> {
    Auto,
    Off,
    At(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for CheckArg<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(CheckArg::Off);
        }
        if let Ok(text) = obj.cast::<PyString>() {
            if text.to_cow()? == "auto" {
                return Ok(CheckArg::Auto);
            }
        }
        Ok(CheckArg::At(obj.to_owned()))
    }
}

impl CheckArg<'_> {
    fn read<S>(&self, square: impl Fn(&Bound<'_, PyAny>) -> PyResult<S>) -> PyResult<Check<S>> {
        Ok(match self {
            CheckArg::Auto => Check::Auto,
            CheckArg::Off => Check::Off,
            CheckArg::At(obj) => Check::At(square(obj)?),
        })
    }
}

/// The `size` argument: a width of 1 to [`MAX_SIZE`] pixels, or `None`.
struct SizeArg(Option<u32>);

impl<'a, 'py> FromPyObject<'a, 'py> for SizeArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(SizeArg(None));
        }
        // Any int, however large, is read: the error is then a ValueError
        // naming the parameter rather than an OverflowError.
        match obj
            .extract::<i64>()
            .ok()
            .filter(|pixels| (1..=MAX_SIZE).contains(pixels))
        {
            Some(pixels) => Ok(SizeArg(u32::try_from(pixels).ok())),
            None => Err(ArgumentError::new_err(format!(
                "size: {} is not a width in pixels from 1 to {MAX_SIZE} (or None)",
                obj.repr()?
            ))),
        }
    }
}

/// A pair of squares: a `(from, to)` tuple of squares, or a move read by
/// `as_move`.
fn squares_arg<S>(
    obj: &Bound<'_, PyAny>,
    square: impl Fn(&Bound<'_, PyAny>) -> PyResult<S>,
    as_move: impl Fn(&Bound<'_, PyAny>) -> PyResult<(S, S)>,
) -> PyResult<(S, S)> {
    match obj.cast::<PyTuple>() {
        Ok(pair) if pair.len() == 2 => {
            Ok((square(&pair.get_item(0)?)?, square(&pair.get_item(1)?)?))
        }
        Ok(_) => Err(PyTypeError::new_err(
            "a pair of squares is a tuple of two: (from, to)",
        )),
        Err(_) => as_move(obj),
    }
}

/// What both games' `svg` draw over the board, read with the game's own
/// square and move readers.
struct Overlay<S> {
    last_move: Option<(S, S)>,
    check: Check<S>,
    arrows: Vec<(S, S)>,
    marks: Vec<S>,
}

impl<S> Overlay<S> {
    /// Reads `lastmove` (a move or a pair of squares), `check`, every
    /// pair of squares in `arrows` and every square in `marks`.
    fn read(
        lastmove: Option<&Bound<'_, PyAny>>,
        check: &CheckArg<'_>,
        arrows: Option<&Bound<'_, PyAny>>,
        marks: Option<&Bound<'_, PyAny>>,
        square: impl Fn(&Bound<'_, PyAny>) -> PyResult<S> + Copy,
        as_move: impl Fn(&Bound<'_, PyAny>) -> PyResult<(S, S)> + Copy,
    ) -> PyResult<Overlay<S>> {
        let last_move = match lastmove {
            Some(last) => Some(squares_arg(last, square, as_move)?),
            None => None,
        };
        let mut pairs = Vec::new();
        if let Some(arrows) = arrows {
            for arrow in arrows.try_iter()? {
                pairs.push(squares_arg(&arrow?, square, as_move)?);
            }
        }
        let mut squares = Vec::new();
        if let Some(marks) = marks {
            for mark in marks.try_iter()? {
                squares.push(square(&mark?)?);
            }
        }
        Ok(Overlay {
            last_move,
            check: check.read(square)?,
            arrows: pairs,
            marks: squares,
        })
    }
}

/// `$options` (either game's `svg::Options`) with an [`Overlay`] set by
/// the builder methods both games' options have.
macro_rules! with_overlay {
    ($options:expr, $overlay:expr) => {{
        let Overlay {
            last_move,
            check,
            arrows,
            marks,
        } = $overlay;
        let options = $options.check(check).arrows(arrows).marks(marks);
        match last_move {
            Some((from, to)) => options.last_move(from, to),
            None => options,
        }
    }};
}

/// A xiangqi move's two squares (a Move or UCCI text).
fn xiangqi_move(obj: &Bound<'_, PyAny>) -> PyResult<(xiangqi::Square, xiangqi::Square)> {
    let mv = crate::xiangqi::move_syntax(obj)?;
    Ok((mv.from(), mv.to()))
}

/// A chess move's two squares: a Move (castling as the king's step) or
/// UCI text (`e2e4`, `e7e8q`), not checked against any position.
fn chess_move(obj: &Bound<'_, PyAny>) -> PyResult<(chess::Square, chess::Square)> {
    if let Ok(mv) = obj.cast::<PyChessMove>() {
        return Ok(chess_move_squares(mv.get().mv));
    }
    let Ok(text) = obj.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "a move is a qiboard.chess.Move or UCI text like 'e2e4', not {}",
            obj.get_type().name()?
        )));
    };
    let text = text.to_cow()?;
    let parsed = match (text.get(..2), text.get(2..4), text.get(4..)) {
        (Some(from), Some(to), Some("" | "q" | "r" | "b" | "n")) => chess::Square::from_str(from)
            .ok()
            .zip(chess::Square::from_str(to).ok()),
        _ => None,
    };
    parsed.ok_or_else(|| {
        MoveError::new_err(format!(
            "{:?} is not a move written as two squares, like 'e2e4'",
            qiboard::Excerpt::new(&text)
        ))
    })
}

/// The squares of `mv` as a board shows them: castling as the king's step.
fn chess_move_squares(mv: chess::Move) -> (chess::Square, chess::Square) {
    let to = if mv.is_castle() {
        mv.castle_king_target()
    } else {
        mv.to()
    };
    (mv.from(), to)
}

/// A chess position given as a `Position` or a FEN.
fn chess_position_arg(obj: &Bound<'_, PyAny>) -> PyResult<chess::Position> {
    if let Ok(position) = obj.cast::<crate::chess::PyChessPosition>() {
        return Ok(position.get().0);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return chess::Position::from_fen(&text.to_cow()?).map_err(errors::chess_fen);
    }
    Err(PyTypeError::new_err(format!(
        "a position is a qiboard.chess.Position or a FEN, not {}",
        obj.get_type().name()?
    )))
}

/// The position drawn as an SVG image (a str).
///
/// ``lastmove`` (a Move, UCCI text or a ``(from, to)`` pair of squares)
/// is highlighted; ``arrows`` are drawn from square to square (moves or
/// pairs; a pair of one square twice is a ring); ``marks`` are squares
/// ringed; ``check`` is ``"auto"`` (the side to move's king, when in
/// check), None, or the square to highlight. ``coordinates`` are
/// ``"ucci"`` (files a-i, ranks 0-9), ``"wxf"`` (file numbers from each
/// side's right) or None. Pieces are Chinese characters, which need a
/// CJK font where the image is shown, or with ``latin=True`` the WXF
/// letters K A E H R C P, which need none. ``size`` is the width in
/// pixels (the height is 1.1 times it), or None to fill the space given.
/// The points are ``size / 10`` apart, a9 (i0 when ``flipped``) one
/// spacing in from the top-left corner.
#[pyfunction(name = "svg")]
#[pyo3(signature = (
    position, *, flipped=false, lastmove=None, arrows=None, marks=None, check=CheckArg::Auto,
    coordinates=Some("ucci"), latin=false, size=SizeArg(Some(xiangqi::svg::Options::DEFAULT_SIZE))
))]
#[pyo3(
    text_signature = "(position, *, flipped=False, lastmove=None, arrows=(), marks=(), \
                         check='auto', coordinates='ucci', latin=False, size=450)"
)]
#[allow(clippy::too_many_arguments)]
fn xiangqi_svg(
    position: &Bound<'_, PyAny>,
    flipped: bool,
    lastmove: Option<&Bound<'_, PyAny>>,
    arrows: Option<&Bound<'_, PyAny>>,
    marks: Option<&Bound<'_, PyAny>>,
    check: CheckArg<'_>,
    coordinates: Option<&str>,
    latin: bool,
    size: SizeArg,
) -> PyResult<String> {
    let square = crate::xiangqi::square_arg;
    let position = crate::xiangqi::position_arg(position)?;
    let coordinates = match coordinates {
        None | Some("none") => Coordinates::None,
        Some("ucci") => Coordinates::Ucci,
        Some("wxf") => Coordinates::Wxf,
        Some(other) => {
            return Err(ArgumentError::new_err(format!(
                "coordinates: {other:?} is not 'ucci', 'wxf' or None"
            )))
        }
    };
    let overlay = Overlay::read(lastmove, &check, arrows, marks, square, xiangqi_move)?;
    let options = xiangqi::svg::Options::new()
        .flipped(flipped)
        .coordinates(coordinates)
        .pieces(if latin {
            PieceStyle::Latin
        } else {
            PieceStyle::Chinese
        })
        .size(size.0);
    let options = with_overlay!(options, overlay);
    Ok(xiangqi::svg::board(&position, &options))
}

/// The position drawn as an SVG image (a str), as ``qiboard.xiangqi.svg``
/// draws xiangqi: ``lastmove`` (a Move, UCI text or a ``(from, to)`` pair;
/// castling shows the king's step), ``arrows``, ``marks``, ``check``
/// (``"auto"``, None or a square), ``coordinates`` (files and ranks on the
/// frame, or not) and ``size`` (the width in pixels, or None). Pieces are
/// discs with letters (K Q R B N P), which need no particular font.
/// Squares are ``size / 9`` wide, with half a square of frame around.
#[pyfunction(name = "svg")]
#[pyo3(signature = (
    position, *, flipped=false, lastmove=None, arrows=None, marks=None, check=CheckArg::Auto,
    coordinates=true, size=SizeArg(Some(chess::svg::Options::DEFAULT_SIZE))
))]
#[pyo3(
    text_signature = "(position, *, flipped=False, lastmove=None, arrows=(), marks=(), \
                         check='auto', coordinates=True, size=405)"
)]
#[allow(clippy::too_many_arguments)]
fn chess_svg(
    position: &Bound<'_, PyAny>,
    flipped: bool,
    lastmove: Option<&Bound<'_, PyAny>>,
    arrows: Option<&Bound<'_, PyAny>>,
    marks: Option<&Bound<'_, PyAny>>,
    check: CheckArg<'_>,
    coordinates: bool,
    size: SizeArg,
) -> PyResult<String> {
    let square = crate::chess::square_arg;
    let position = chess_position_arg(position)?;
    let overlay = Overlay::read(lastmove, &check, arrows, marks, square, chess_move)?;
    let options = chess::svg::Options::new()
        .flipped(flipped)
        .coordinates(coordinates)
        .size(size.0);
    let options = with_overlay!(options, overlay);
    Ok(chess::svg::board(&position, &options))
}

/// `Position._repr_svg_` (xiangqi): the default image.
pub fn xiangqi_position(position: &xiangqi::Position) -> String {
    xiangqi::svg::board(position, &xiangqi::svg::Options::new())
}

/// `Game._repr_svg_` (xiangqi): the current position with the last move.
pub fn xiangqi_game(game: &xiangqi::Game) -> String {
    let mut options = xiangqi::svg::Options::new();
    if let Some(mv) = game.moves().last().filter(|mv| !mv.is_null()) {
        options = options.last_move(mv.from(), mv.to());
    }
    xiangqi::svg::board(game.position(), &options)
}

/// `Position._repr_svg_` (chess): the default image.
pub fn chess_position(position: &chess::Position) -> String {
    chess::svg::board(position, &chess::svg::Options::new())
}

/// `Game._repr_svg_` (chess): the current position with the last move.
pub fn chess_game(game: &chess::Game) -> String {
    let mut options = chess::svg::Options::new();
    if let Some(&mv) = game.moves().last() {
        options = options.last_move_of(mv);
    }
    chess::svg::board(game.position(), &options)
}

/// Adds `svg` to the `xiangqi` module.
pub fn register_xiangqi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(xiangqi_svg, m)?)
}

/// Adds `svg` to the `chess` module.
pub fn register_chess(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(chess_svg, m)?)
}
