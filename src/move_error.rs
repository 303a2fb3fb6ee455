//! The error both games give for move text: the same two cases, each game
//! naming its own notation.

/// Defines `MoveError` for a notation named `$notation` whose moves look
/// like `$example`; `$expected` completes "expected …" in the message for
/// malformed text.
macro_rules! move_error {
    ($notation:literal, $example:literal, $expected:literal) => {
        #[doc = concat!("Why a text is not a legal ", $notation, " move in a position.")]
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum MoveError {
            #[doc = concat!("Not of the form `", $example, "`: the start of the text.")]
            Syntax($crate::Excerpt),
            /// Well formed, but not a legal move in the position: the text.
            Illegal($crate::Excerpt),
        }

        impl core::fmt::Display for MoveError {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self {
                    MoveError::Syntax(text) => write!(
                        f,
                        concat!("{:?} is not a ", $notation, " move: expected ", $expected),
                        text
                    ),
                    MoveError::Illegal(text) => {
                        write!(f, "{text:?} is not a legal move in this position")
                    }
                }
            }
        }

        impl core::error::Error for MoveError {}
    };
}

pub(crate) use move_error;
