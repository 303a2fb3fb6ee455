//! What the games' `Game` modules share: whether a position is over, how
//! a finished game ended, its result, and why a move was refused. Each
//! game defines its own types with [`game_types!`], over its own `Color`,
//! `MoveError` and `Position`.

/// Defines `Status` and `Position::status`, `Ending`, `Outcome` and
/// `GameError` for the `Color` (sides `$first`, the first mover, and
/// `$second`), `MoveError` and `Position` in scope. `$stalemate` says
/// what having no legal move outside check means in the game. Endings
/// beyond checkmate and stalemate (the game's own rules) are listed after
/// `endings:`, each with its documentation, its name (one lowercase word
/// or hyphenated words, as the command line prints it) and its words in
/// prose.
macro_rules! game_types {
    (
        $first:ident,
        $second:ident,
        stalemate: $stalemate:literal
        $(, endings: [$($(#[$meta:meta])* $ending:ident = $name:literal / $words:literal),* $(,)?])?
    ) => {
        /// Whether a position is still being played out, or how it ended.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Status {
            /// The side to move has a legal move.
            Ongoing,
            /// The side to move is in check with no legal move: it has lost.
            Checkmate,
            #[doc = concat!(
                                "The side to move is not in check and has no legal move: ",
                                $stalemate,
                                "."
                            )]
            Stalemate,
        }

        impl Position {
            /// Whether the game goes on, or ended in checkmate or stalemate.
            pub fn status(&self) -> Status {
                if self.count_legal_moves() > 0 {
                    Status::Ongoing
                } else if self.is_check() {
                    Status::Checkmate
                } else {
                    Status::Stalemate
                }
            }
        }

        /// Why a game ended.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Ending {
            /// The side to move had no legal move and was in check.
            Checkmate,
            /// The side to move had no legal move and was not in check.
            Stalemate,
            $($($(#[$meta])* $ending,)*)?
        }

        impl Ending {
            /// The ending's name as the command line prints it: `checkmate`,
            /// `stalemate`, and the game's own endings in lowercase words
            /// joined by hyphens.
            pub const fn name(self) -> &'static str {
                match self {
                    Ending::Checkmate => "checkmate",
                    Ending::Stalemate => "stalemate",
                    $($(Ending::$ending => $name,)*)?
                }
            }
        }

        impl core::fmt::Display for Ending {
            /// The ending in words (`checkmate`, `perpetual check`).
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(match self {
                    Ending::Checkmate => "checkmate",
                    Ending::Stalemate => "stalemate",
                    $($(Ending::$ending => $words,)*)?
                })
            }
        }

        /// How a finished game ended.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Outcome {
            /// One side won.
            Win {
                /// Who won.
                winner: Color,
                /// Why the loser lost.
                by: Ending,
            },
            /// Neither side won.
            Draw {
                /// Why the game was drawn.
                by: Ending,
            },
        }

        impl Outcome {
            /// Why the game ended.
            pub const fn ending(self) -> Ending {
                match self {
                    Outcome::Win { by, .. } | Outcome::Draw { by } => by,
                }
            }

            /// The winner, if one side won.
            pub const fn winner(self) -> Option<Color> {
                match self {
                    Outcome::Win { winner, .. } => Some(winner),
                    Outcome::Draw { .. } => None,
                }
            }

            #[doc = concat!(
                                                        "The result as a score, ",
                                                        stringify!($first),
                                                        "'s first: `1-0`, `0-1` or `1/2-1/2`."
                                                    )]
            pub const fn result(self) -> &'static str {
                match self.winner() {
                    Some(Color::$first) => "1-0",
                    Some(Color::$second) => "0-1",
                    None => "1/2-1/2",
                }
            }
        }

        impl core::fmt::Display for Outcome {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self {
                    Outcome::Win { winner, by } => write!(f, "{winner} won by {by}"),
                    Outcome::Draw { by } => write!(f, "draw by {by}"),
                }
            }
        }

        /// Why a game refused a move.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum GameError {
            /// The move, or its text, is not a legal move of the current position.
            Move(MoveError),
            /// The game is over (see the game's `outcome`).
            Finished(Outcome),
        }

        impl core::fmt::Display for GameError {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self {
                    GameError::Move(error) => write!(f, "{error}"),
                    GameError::Finished(outcome) => write!(f, "the game is over: {outcome}"),
                }
            }
        }

        impl core::error::Error for GameError {}
    };
}

pub(crate) use game_types;
