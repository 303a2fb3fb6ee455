//! A game: a start position and the moves played from it, with undo, the
//! result once it is over, and how often a position has stood.

#[cfg(feature = "alloc")]
use alloc::{vec, vec::Vec};

use core::fmt;

use super::{Color, MoveError, Position};
#[cfg(feature = "alloc")]
use super::{FenError, Move};

pub use crate::Status;

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
}

impl Ending {
    /// The ending's name as the command line prints it: `checkmate` or
    /// `stalemate`.
    pub const fn name(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
        }
    }
}

impl fmt::Display for Ending {
    /// The ending in words (`checkmate`, `stalemate`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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

    /// The result as a score, White's first: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Move(error) => write!(f, "{error}"),
            GameError::Finished(outcome) => write!(f, "the game is over: {outcome}"),
        }
    }
}

impl core::error::Error for GameError {}

/// A game record: every position reached, so that moves can be undone.
/// Needs the `alloc` feature.
///
/// ```
/// use qiboard::chess::{Color, Ending, Game, Outcome};
///
/// let mut game = Game::new();
/// for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     game.play_text(text)?;
/// }
/// let mate = Outcome::Win { winner: Color::Black, by: Ending::Checkmate };
/// assert_eq!(game.outcome(), Some(mate));
/// assert_eq!(mate.result(), "0-1");
/// assert!(game.play_text("e1f2").is_err());
/// # Ok::<(), qiboard::chess::GameError>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone, Debug)]
pub struct Game {
    /// Every position so far; the first is the start, the last is current.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

#[cfg(feature = "alloc")]
impl Game {
    /// A game from the standard starting position.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game starting from `start`.
    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// A game starting from the position a FEN describes.
    pub fn from_fen(text: &str) -> Result<Game, FenError> {
        Position::from_fen(text).map(Game::from_position)
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

    /// The moves played so far, oldest first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `mv` if it is legal in the current position.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        let position = self.position();
        if !position.is_legal(mv) {
            // A finished game has no legal move, so the outcome is only
            // worth finding once a move has been refused.
            return Err(match self.outcome() {
                Some(outcome) => GameError::Finished(outcome),
                None => GameError::Move(MoveError::Illegal(position.move_excerpt(mv))),
            });
        }
        let next = position.play(mv);
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Plays the move that the UCI text names, if it is legal.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        let mv = self.position().parse_move(text).map_err(GameError::Move)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move and returns it; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// The result, once the side to move has no legal move: checkmate
    /// wins for the other side, stalemate is a draw.
    pub fn outcome(&self) -> Option<Outcome> {
        let position = self.position();
        match position.status() {
            Status::Ongoing => None,
            Status::Checkmate => Some(Outcome::Win {
                winner: !position.side_to_move(),
                by: Ending::Checkmate,
            }),
            Status::Stalemate => Some(Outcome::Draw {
                by: Ending::Stalemate,
            }),
        }
    }

    /// How many times the current position has stood, itself included (3
    /// at a threefold repetition), compared by Zobrist key. Only positions
    /// since the last capture or pawn move can match.
    pub fn occurrences(&self) -> usize {
        let current = self.position();
        let window = current.halfmove_clock() as usize + 1;
        self.positions
            .iter()
            .rev()
            .take(window)
            .step_by(2)
            .filter(|position| position.key() == current.key())
            .count()
    }
}

#[cfg(feature = "alloc")]
impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}
