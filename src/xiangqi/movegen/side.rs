//! The side to move as a type, so that the generator is compiled once per
//! side: colour indices, pawn directions and the enemy test on mailbox
//! codes become constants.

use crate::xiangqi::Color;

/// Red or Black, known at compile time.
pub(crate) trait Side {
    /// The side to move.
    const US: Color;
    /// The other side.
    const THEM: Color;
    /// The side that moves next.
    type Other: Side;

    /// The mailbox code of our piece of kind index `kind` (codes are
    /// `Piece::index() + 1`: Red 1..=7, Black 8..=14; 0 is an empty
    /// square).
    #[cfg_attr(not(qiboard_unoptimized), inline(always))]
    #[cfg_attr(qiboard_unoptimized, inline)]
    fn code(kind: usize) -> u8 {
        (Self::US as usize * 7 + kind + 1) as u8
    }
}

/// Red to move.
pub(crate) enum Red {}

/// Black to move.
pub(crate) enum Black {}

impl Side for Red {
    const US: Color = Color::Red;
    const THEM: Color = Color::Black;
    type Other = Black;
}

impl Side for Black {
    const US: Color = Color::Black;
    const THEM: Color = Color::Red;
    type Other = Red;
}
