//! A game: positions and moves from a start, with undo, results and
//! repetition facts.

#[cfg(feature = "alloc")]
use alloc::{
    string::{String, ToString},
    vec,
    vec::Vec,
};

use super::{Color, MoveError, Position};
#[cfg(feature = "alloc")]
use super::{FenError, Move};

crate::game::game_types!(Red, Black, stalemate: "in xiangqi this loses too");

/// One earlier occurrence of the current position, and who checked on
/// every move since.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// How many plies ago the same position (same key, lock and side) stood.
    pub plies_ago: usize,
    /// Whether every Red move in the cycle gave check.
    pub red_checked_throughout: bool,
    /// Whether every Black move in the cycle gave check.
    pub black_checked_throughout: bool,
}

impl Repetition {
    /// The side that checked on every one of its moves in the cycle while
    /// the other did not (perpetual check), if exactly one did.
    pub fn perpetual_checker(&self) -> Option<Color> {
        match (self.red_checked_throughout, self.black_checked_throughout) {
            (true, false) => Some(Color::Red),
            (false, true) => Some(Color::Black),
            _ => None,
        }
    }
}

/// A game: the start position, the moves played, and every position along
/// the way (so undo is a pop and repetition a scan of keys). Needs the
/// `alloc` feature.
#[cfg(feature = "alloc")]
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Whether the move that led to each position gave check.
    checks: Vec<bool>,
}

#[cfg(feature = "alloc")]
impl Game {
    /// A game from the standard start position.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from a FEN.
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Position::from_fen(fen).map(Game::from_position)
    }

    /// A game from a position.
    pub fn from_position(position: Position) -> Game {
        Game {
            positions: vec![position],
            moves: Vec::new(),
            checks: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played, in UCCI, space-separated.
    pub fn history(&self) -> String {
        self.moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        // A finished game has no legal move, so the full move count behind
        // `outcome` is only needed once a move has been refused.
        if !self.position().is_legal(mv) {
            return Err(match self.outcome() {
                Some(outcome) => GameError::Finished(outcome),
                None => GameError::Move(MoveError::Illegal(crate::Excerpt::of_display(&mv))),
            });
        }
        let next = self.position().play(mv);
        self.checks.push(next.is_check());
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Parses a UCCI move and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        let mv = self.position().parse_move(text).map_err(GameError::Move)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.checks.pop();
        Some(mv)
    }

    /// The result, once the side to move has no legal move: it has lost,
    /// whether in check or not.
    pub fn outcome(&self) -> Option<Outcome> {
        let position = self.position();
        let by = match position.status() {
            Status::Ongoing => return None,
            Status::Checkmate => Ending::Checkmate,
            Status::Stalemate => Ending::Stalemate,
        };
        Some(Outcome::Win {
            winner: !position.side_to_move(),
            by,
        })
    }

    /// The most recent earlier occurrence of the current position, with the
    /// checking facts of the cycle between; `None` if it has not occurred.
    pub fn repetition(&self) -> Option<Repetition> {
        let now = self.position();
        let last = self.positions.len() - 1;
        (2..=last).step_by(2).find_map(|plies_ago| {
            let then = &self.positions[last - plies_ago];
            same_position(then, now).then(|| {
                // checks[i] is whether move i (leading to positions[i + 1]) checked.
                let cycle = last - plies_ago..last;
                let mover_of = |i: usize| self.positions[i].side_to_move();
                let checked_throughout = |color: Color| {
                    cycle
                        .clone()
                        .filter(|&i| mover_of(i) == color)
                        .all(|i| self.checks[i])
                };
                Repetition {
                    plies_ago,
                    red_checked_throughout: checked_throughout(Color::Red),
                    black_checked_throughout: checked_throughout(Color::Black),
                }
            })
        })
    }

    /// How many times the current position has stood, itself included (3
    /// at a threefold repetition).
    pub fn occurrences(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|then| same_position(then, now))
            .count()
    }
}

/// Key and lock both match (the key includes the side to move).
#[cfg(feature = "alloc")]
fn same_position(a: &Position, b: &Position) -> bool {
    a.key() == b.key() && a.lock() == b.lock()
}

#[cfg(feature = "alloc")]
impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}
