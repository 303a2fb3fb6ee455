//! What both games' bindings share: the name of a position's status, and
//! the `Outcome` class, made once by [`outcome_class!`] over qiboard's
//! generic `Outcome` for each game's endings.

use qiboard::{Side, Status};

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
