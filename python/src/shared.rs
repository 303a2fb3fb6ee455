//! What both games' bindings share: the name of a position's status, and
//! the `Outcome` class, made once by [`outcome_class!`] over qiboard's
//! generic `Outcome` for each game's endings.

use std::fmt::Display;
use std::str::FromStr;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use qiboard::{Side, Status};

use crate::errors::{self, ArgumentError};

/// A square of either board given as an index below `count` (a RangeError
/// naming `parameter` outside it) or a name (an ArgumentError naming it
/// when the name is none); a TypeError saying `help` for anything else.
pub fn square_param<S: FromStr>(
    obj: &Bound<'_, PyAny>,
    parameter: &str,
    count: usize,
    new: fn(usize) -> Option<S>,
    help: &str,
) -> PyResult<S>
where
    S::Err: Display,
{
    if let Ok(name) = obj.cast::<PyString>() {
        return name
            .to_cow()?
            .parse::<S>()
            .map_err(|why| ArgumentError::new_err(format!("{parameter}: {why}")));
    }
    match errors::index(obj, parameter, count) {
        Ok(index) => Ok(new(index).expect("every index below the count is a square")),
        Err(error) if error.is_instance_of::<PyTypeError>(obj.py()) => {
            Err(PyTypeError::new_err(help.to_string()))
        }
        Err(error) => Err(error),
    }
}

/// A status's name: `"ongoing"`, `"checkmate"` or `"stalemate"`.
pub fn status_name(status: Status) -> &'static str {
    match status {
        Status::Ongoing => "ongoing",
        Status::Checkmate => "checkmate",
        Status::Stalemate => "stalemate",
    }
}

/// A hash of an outcome: its ending's place among the game's endings and
/// its winner.
pub fn outcome_hash<C: Side, E: PartialEq + Copy>(
    outcome: qiboard::Outcome<C, E>,
    endings: &[E],
) -> u64 {
    let ending = endings
        .iter()
        .position(|&ending| ending == outcome.ending())
        .unwrap_or(endings.len());
    let winner = outcome
        .winner()
        .map_or(0, |winner| 1 + u64::from(!winner.moves_first()));
    ending as u64 * 3 + winner
}

/// Defines `$class`, the Python `Outcome` of the game whose `Outcome`,
/// `Ending` and `Color` the invoking module has in scope, in the Python
/// module `$module`; `$doc` lists the game's winners and endings.
macro_rules! outcome_class {
    ($class:ident, $module:literal, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(module = $module, name = "Outcome", frozen)]
        #[derive(Clone, Copy)]
        pub struct $class(pub Outcome);

        #[pymethods]
        impl $class {
            /// The winner, or None for a draw.
            #[getter]
            fn winner(&self) -> Option<&'static str> {
                self.0.winner().map(Color::name)
            }

            /// Why the game ended, in lowercase words joined by hyphens.
            #[getter]
            fn ending(&self) -> &'static str {
                self.0.ending().name()
            }

            /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
            #[getter]
            fn result(&self) -> &'static str {
                self.0.result()
            }

            /// Whether neither side won.
            #[getter]
            fn is_draw(&self) -> bool {
                self.0.winner().is_none()
            }

            fn __str__(&self) -> String {
                self.0.to_string()
            }

            fn __repr__(&self) -> String {
                let winner = self
                    .0
                    .winner()
                    .map_or("None".to_string(), |winner| format!("'{}'", winner.name()));
                format!(
                    "Outcome(winner={winner}, ending='{}')",
                    self.0.ending().name()
                )
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .cast::<$class>()
                    .is_ok_and(|other| other.get().0 == self.0)
            }

            fn __hash__(&self) -> u64 {
                crate::shared::outcome_hash(self.0, Ending::ALL)
            }
        }
    };
}

pub(crate) use outcome_class;

/// Calls `play` with each item of `moves`, an iterable of moves or None,
/// stopping at the first error: the moves a game is made with.
pub fn each_move(
    moves: Option<&Bound<'_, PyAny>>,
    mut play: impl FnMut(&Bound<'_, PyAny>) -> PyResult<()>,
) -> PyResult<()> {
    if let Some(moves) = moves {
        for mv in moves.try_iter()? {
            play(&mv?)?;
        }
    }
    Ok(())
}

/// Perft of `position` to the parameter `depth` by `count` (a game's
/// `perft`), the GIL released while counting.
pub fn perft_with<P: Sync, E: Display + Send>(
    py: Python<'_>,
    position: &P,
    depth: &Bound<'_, PyAny>,
    count: fn(&P, u32) -> Result<u64, E>,
) -> PyResult<u64> {
    let depth = errors::whole::<u32>(depth, "depth")?;
    py.detach(|| count(position, depth))
        .map_err(errors::with::<errors::PerftError>)
}

/// Defines the Python methods of `$class`, a game's `Position` (a
/// newtype over the game's position type): those both games' positions
/// have, written once here, then `$($own)*`, the game's own. The invoking
/// module has the game's `square_arg` and `legal_move` in scope; `qiboard::$game::perft`
/// counts and `$svg` draws.
macro_rules! position_methods {
    ($class:ident, $game:ident, $svg:path, { $($own:tt)* }) => {
        #[pymethods]
        impl $class {
            /// The position as FEN.
            fn fen(&self) -> String {
                self.0.fen()
            }

            /// Plies since the last capture (or, in chess, pawn move).
            #[getter]
            fn halfmove_clock(&self) -> u32 {
                self.0.halfmove_clock()
            }

            /// The move number, from 1, counted up after Black's moves.
            #[getter]
            fn fullmove_number(&self) -> u32 {
                self.0.fullmove_number()
            }

            /// The 64-bit Zobrist key (in chess, Polyglot's).
            #[getter]
            fn key(&self) -> u64 {
                self.0.key()
            }

            /// The FEN letter of the piece on `square`, or None.
            fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<char>> {
                Ok(self
                    .0
                    .piece_at(square_arg(square)?)
                    .map(|piece| piece.letter()))
            }

            /// How many legal moves there are.
            fn count_legal_moves(&self) -> u64 {
                self.0.count_legal_moves()
            }

            /// Whether `move` (a Move or its text: UCCI in xiangqi, UCI in
            /// chess) is legal here; malformed text is not legal.
            #[pyo3(name = "is_legal")]
            fn py_is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
                match legal_move(&self.0, r#move) {
                    Ok(_) => Ok(true),
                    Err(error) if error.is_instance_of::<PyTypeError>(r#move.py()) => Err(error),
                    Err(_) => Ok(false),
                }
            }

            /// The position after `move` (a Move or its text), which must be
            /// legal (MoveError otherwise).
            fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Self> {
                let mv = legal_move(&self.0, r#move)?;
                Ok($class(self.0.play(mv)))
            }

            /// Whether the side to move is in check (in xiangqi, facing
            /// kings count).
            fn is_check(&self) -> bool {
                self.0.is_check()
            }

            /// `"ongoing"`, `"checkmate"` or `"stalemate"` (in xiangqi a
            /// side with no legal move loses either way).
            fn status(&self) -> &'static str {
                crate::shared::status_name(self.0.status())
            }

            /// Leaf nodes of the legal move tree `depth` plies deep (the
            /// GIL is released while counting).
            fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
                crate::shared::perft_with(py, &self.0, depth, qiboard::$game::perft)
            }

            fn __str__(&self) -> String {
                self.0.fen()
            }

            fn __repr__(&self) -> String {
                format!("Position('{}')", self.0.fen())
            }

            /// The position as an SVG image, for Jupyter (see ``svg()``).
            fn _repr_svg_(&self) -> String {
                $svg(&self.0)
            }

            fn __hash__(&self) -> u64 {
                self.0.key()
            }

            fn __richcmp__(
                &self,
                other: &Bound<'_, PyAny>,
                op: pyo3::basic::CompareOp,
            ) -> Py<PyAny> {
                crate::dunder::equal_by(self, other, op, |a, b| a.0 == b.0)
            }

            $($own)*
        }
    };
}

pub(crate) use position_methods;

/// Defines the Python methods of `$class`, a game's `Game` (a newtype over
/// the game's game type, positions wrapped by `$position`): those both
/// games have, written once here, then `$($own)*`, the game's own.
macro_rules! game_methods {
    ($class:ident, $position:ident, { $($own:tt)* }) => {
        #[pymethods]
        impl $class {
            /// The current position.
            #[getter]
            fn position(&self) -> $position {
                $position(self.0.position().to_owned())
            }

            /// The position the game started from.
            #[getter]
            fn start(&self) -> $position {
                $position(self.0.start().to_owned())
            }

            /// How many times the current position has stood, itself
            /// included.
            fn occurrences(&self) -> usize {
                self.0.occurrences()
            }

            /// A copy of the game.
            fn copy(&self) -> Self {
                self.clone()
            }

            fn __len__(&self) -> usize {
                self.0.moves().len()
            }

            fn __repr__(&self) -> String {
                format!(
                    "Game(start='{}', moves={})",
                    self.0.start().fen(),
                    self.0.moves().len()
                )
            }

            $($own)*
        }
    };
}

pub(crate) use game_methods;
