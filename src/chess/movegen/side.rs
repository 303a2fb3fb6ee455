//! The side to move as a type, so that generation for White and for Black
//! are compiled apart: pawn directions, colour indices and back ranks
//! become constants.

use crate::chess::Color;

/// White or Black, known at compile time.
pub(crate) trait Side: Copy {
    /// The colour to move.
    const US: Color;
    /// The colour not to move.
    const THEM: Color;
    /// The side that moves next.
    type Other: Side;
}

/// White to move.
#[derive(Clone, Copy)]
pub(crate) struct White;

/// Black to move.
#[derive(Clone, Copy)]
pub(crate) struct Black;

impl Side for White {
    const US: Color = Color::White;
    const THEM: Color = Color::Black;
    type Other = Black;
}

impl Side for Black {
    const US: Color = Color::Black;
    const THEM: Color = Color::White;
    type Other = White;
}
