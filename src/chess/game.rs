//! A game: a start position and the moves played from it, with undo.

use super::{Move, MoveError, Position};

/// A game record: every position reached, so that moves can be undone.
#[derive(Clone, Debug)]
pub struct Game {
    /// Every position so far; the first is the start, the last is current.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
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

    /// Plays `mv`, which must be legal in the current position (see
    /// [`Position::play`]).
    pub fn play(&mut self, mv: Move) {
        let next = self.position().play(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Plays the move that the UCI text names, if it is legal.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.position().parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Takes back the last move and returns it; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// How many times the current position has occurred since the last
    /// capture or pawn move, itself included (compared by Zobrist key).
    pub fn repetitions(&self) -> usize {
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
