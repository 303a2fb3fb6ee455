//! What both games' `Game`s share: how a finished game ended and why a
//! game refused a move, each game module naming its own instance
//! (`chess::Outcome` is `Outcome<chess::Color, chess::Ending>`) with its
//! own list of endings made by [`endings!`]; and, through
//! [`game_line!`], the methods that read a game's line of positions and
//! moves.

use core::fmt;

/// How a finished game ended: a win with its winner, or a draw, and why.
/// Each game names its instance, `chess::Outcome` and `xiangqi::Outcome`,
/// whose `E` is the game's own `Ending`.
///
/// ```
/// use qiboard::chess::{Color, Ending, Outcome};
///
/// let mate = Outcome::Win { winner: Color::Black, by: Ending::Checkmate };
/// assert_eq!((mate.winner(), mate.result()), (Some(Color::Black), "0-1"));
/// assert_eq!(mate.to_string(), "Black won by checkmate");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome<C, E> {
    /// One side won.
    Win {
        /// Who won.
        winner: C,
        /// Why the loser lost.
        by: E,
    },
    /// Neither side won.
    Draw {
        /// Why the game was drawn.
        by: E,
    },
}

impl<C: Copy, E: Copy> Outcome<C, E> {
    /// Why the game ended.
    pub const fn ending(self) -> E {
        match self {
            Outcome::Win { by, .. } | Outcome::Draw { by } => by,
        }
    }

    /// The winner, if one side won.
    pub const fn winner(self) -> Option<C> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl<C: Side, E: Copy> Outcome<C, E> {
    /// The result as a score, the first mover's (White's, Red's) first:
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self.winner() {
            Some(winner) if winner.moves_first() => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl<C: fmt::Display, E: fmt::Display> fmt::Display for Outcome<C, E> {
    /// `White won by checkmate`, `draw by stalemate`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, by } => write!(f, "{winner} won by {by}"),
            Outcome::Draw { by } => write!(f, "draw by {by}"),
        }
    }
}

/// Why a game refused a move; each game names its instance
/// (`chess::GameError`, `xiangqi::GameError`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError<M, O> {
    /// The move, or its text, is not a legal move of the current position.
    Move(M),
    /// The game is over (see the game's `outcome`).
    Finished(O),
}

impl<M: fmt::Display, O: fmt::Display> fmt::Display for GameError<M, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Move(error) => write!(f, "{error}"),
            GameError::Finished(outcome) => write!(f, "the game is over: {outcome}"),
        }
    }
}

impl<M: fmt::Debug + fmt::Display, O: fmt::Debug + fmt::Display> core::error::Error
    for GameError<M, O>
{
}

/// A side of either game, as an [`Outcome`] and a record's problems
/// need it: which one moves first, and the other side (`!side`). Implemented by `chess::Color` and `xiangqi::Color` only.
pub trait Side:
    sealed::Sealed + Copy + Eq + fmt::Debug + fmt::Display + core::ops::Not<Output = Self>
{
    /// Whether this is the side that moves first (White, Red), whose
    /// score a result writes first.
    fn moves_first(self) -> bool;
}

mod sealed {
    /// Keeps [`Side`](super::Side) to the two games' colours.
    pub trait Sealed {}
}

macro_rules! side {
    ($game:ident) => {
        impl sealed::Sealed for crate::$game::Color {}

        impl Side for crate::$game::Color {
            #[inline]
            fn moves_first(self) -> bool {
                self.index() == 0
            }
        }
    };
}

side!(chess);
side!(xiangqi);

/// Defines a game's `Ending`: checkmate and stalemate, which both games
/// have, then the variants given, each with its name (lowercase words
/// joined by hyphens, as the command line and the Python package print
/// it); `ALL`, `name()`, and `Display` as the name's words with spaces.
macro_rules! endings {
    ($( $(#[$variant_meta:meta])* $variant:ident = $name:literal, )+) => {
        /// Why a game ended: checkmate or stalemate, or one of the game's
        /// own endings.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Ending {
            /// The side to move had no legal move and was in check: it lost.
            Checkmate,
            /// The side to move had no legal move and was not in check: a
            /// draw in chess, a loss in xiangqi.
            Stalemate,
            $( $(#[$variant_meta])* $variant, )+
        }

        impl Ending {
            /// Every ending, in the order declared.
            pub const ALL: &'static [Ending] =
                &[Ending::Checkmate, Ending::Stalemate, $(Ending::$variant),+];

            #[doc = concat!(
                "The ending's name as the command line prints it: `checkmate`, `stalemate`",
                $(", `", $name, "`"),+
            )]
            pub const fn name(self) -> &'static str {
                match self {
                    Ending::Checkmate => "checkmate",
                    Ending::Stalemate => "stalemate",
                    $( Ending::$variant => $name, )+
                }
            }
        }

        impl core::fmt::Display for Ending {
            /// The ending's name in words (`perpetual check`).
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                for (i, word) in self.name().split('-').enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    f.write_str(word)?;
                }
                Ok(())
            }
        }
    };
}

pub(crate) use endings;

/// The constructors and readers every game's `Game` has, for a struct
/// holding its `positions` (the start first, never empty) and its
/// `moves`, with a `from_position` constructor: `new`, `from_fen`,
/// `position`, `start`, `moves`, and `Default` as `new`.
#[cfg(feature = "alloc")]
macro_rules! game_line {
    () => {
        impl Game {
            /// A game from the standard start position.
            pub fn new() -> Game {
                Game::from_position(Position::start())
            }

            /// A game from the position a FEN describes.
            ///
            /// # Errors
            ///
            /// The FEN's error, if it describes no legal position.
            pub fn from_fen(fen: &str) -> Result<Game, FenError> {
                Position::from_fen(fen).map(Game::from_position)
            }

            /// The current position.
            pub fn position(&self) -> &Position {
                // `positions` always holds at least the start.
                &self.positions[self.positions.len() - 1]
            }

            /// The position the game started from.
            pub fn start(&self) -> &Position {
                &self.positions[0]
            }

            /// The moves played, oldest first.
            pub fn moves(&self) -> &[Move] {
                &self.moves
            }
        }

        impl Default for Game {
            /// A game from the standard start position.
            fn default() -> Game {
                Game::new()
            }
        }
    };
}

#[cfg(feature = "alloc")]
pub(crate) use game_line;
