//! A game: a start position and the moves played from it, with undo, and
//! its result under FIDE's rules of play and draws.
//!
//! The endings and their order are python-chess's (`Board.outcome`), so
//! that a game ends here exactly where it ends there: checkmate,
//! insufficient material ([`Position::is_insufficient_material`]),
//! stalemate, then the automatic draws — the seventy-five-move rule (150
//! plies without a capture or pawn move) and fivefold repetition — and,
//! only when a player claims them, the fifty-move rule and threefold
//! repetition, each of which may also be claimed with the move that
//! would reach it. Repetitions compare [`Position::repetition_key`]. The
//! endings are named as python-chess names its `Termination`s, in
//! lowercase with hyphens.

#[cfg(feature = "alloc")]
use alloc::{vec, vec::Vec};

use super::{Color, MoveError};
#[cfg(feature = "alloc")]
use super::{FenError, Move, MoveList, Position};

/// How a finished chess game ended (the shared [`crate::Outcome`]).
pub type Outcome = crate::Outcome<Color, Ending>;

/// Why a chess game refused a move (the shared [`crate::GameError`]).
pub type GameError = crate::GameError<MoveError, Outcome>;

crate::game::endings! {
    /// Neither side can mate any more: a draw.
    InsufficientMaterial = "insufficient-material",
    /// 150 plies without a capture or pawn move: drawn without a claim.
    SeventyfiveMoves = "seventyfive-moves",
    /// The position stood for the fifth time: drawn without a claim.
    FivefoldRepetition = "fivefold-repetition",
    /// 100 plies without a capture or pawn move, claimed.
    FiftyMoves = "fifty-moves",
    /// The position stood for the third time, claimed.
    ThreefoldRepetition = "threefold-repetition",
}

impl Ending {
    /// Whether the ending is a draw a player must claim (the fifty-move
    /// rule, threefold repetition) rather than one the rules impose.
    pub const fn is_claimed(self) -> bool {
        matches!(self, Ending::FiftyMoves | Ending::ThreefoldRepetition)
    }
}

/// Plies without a capture or pawn move after which a draw may be claimed.
#[cfg(feature = "alloc")]
const FIFTY_MOVES: u32 = 100;

/// Plies without a capture or pawn move after which the game is drawn.
#[cfg(feature = "alloc")]
const SEVENTYFIVE_MOVES: u32 = 150;

/// A game record: every position reached, so that moves can be undone,
/// and each one's [`Position::repetition_key`] for the repetition rules.
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
///
/// // Knights out and back twice: the start stands for the third time.
/// let mut game = Game::new();
/// for text in ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(2) {
///     game.play_text(&text)?;
/// }
/// assert_eq!(game.occurrences(), 3);
/// assert_eq!(game.outcome(), None);
/// assert_eq!(game.can_claim_draw(), Some(Ending::ThreefoldRepetition));
/// assert_eq!(game.outcome_with_claim(), Some(Outcome::Draw { by: Ending::ThreefoldRepetition }));
/// # Ok::<(), qiboard::chess::GameError>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone, Debug)]
pub struct Game {
    /// Every position so far; the first is the start, the last is current.
    positions: Vec<Position>,
    /// Each position's repetition key, beside the positions for a fast
    /// scan back.
    keys: Vec<u64>,
    moves: Vec<Move>,
}

#[cfg(feature = "alloc")]
impl Game {
    /// A game starting from `start`.
    pub fn from_position(start: Position) -> Game {
        let keys = vec![start.repetition_key()];
        Game {
            positions: vec![start],
            keys,
            moves: Vec::new(),
        }
    }

    /// Every position of the game, the start first and the current last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The legal moves of the current position; none once the game is
    /// over (by [`Game::outcome`]: a draw that must be claimed does not
    /// end it).
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = self.position().legal_moves();
        if !moves.is_empty() && self.automatic_draw().is_some() {
            moves.clear();
        }
        moves
    }

    /// Plays `mv` if it is legal in the current position and the game is
    /// not over.
    ///
    /// # Errors
    ///
    /// [`GameError::Finished`] once the game is over (by
    /// [`Game::outcome`]), [`GameError::Move`] for a move that is not
    /// legal here.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        let position = self.position();
        if !position.is_legal(mv) {
            // A finished game may have no legal move: only a refused move
            // needs the outcome.
            return Err(match self.outcome() {
                Some(outcome) => GameError::Finished(outcome),
                None => GameError::Move(MoveError::Illegal(position.move_excerpt(mv))),
            });
        }
        // With a legal move, only a draw can have ended the game.
        if let Some(by) = self.automatic_draw() {
            return Err(GameError::Finished(Outcome::Draw { by }));
        }
        let next = position.play(mv);
        self.keys.push(next.repetition_key());
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Plays the move that the UCI text names, if it is legal.
    ///
    /// # Errors
    ///
    /// As [`Game::play`]; text that names no legal move is a
    /// [`GameError::Move`].
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        let mv = self.position().parse_move(text).map_err(GameError::Move)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move and returns it; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        Some(mv)
    }

    /// The result, once the rules end the game without a claim:
    /// checkmate wins; insufficient material, stalemate, the
    /// seventy-five-move rule and fivefold repetition draw (in that order
    /// of precedence, as python-chess's `outcome()`).
    pub fn outcome(&self) -> Option<Outcome> {
        let position = self.position();
        let by = if position.count_legal_moves() > 0 {
            self.automatic_draw()?
        } else if position.is_check() {
            return Some(Outcome::Win {
                winner: !position.side_to_move(),
                by: Ending::Checkmate,
            });
        } else if position.is_insufficient_material() {
            Ending::InsufficientMaterial
        } else {
            Ending::Stalemate
        };
        Some(Outcome::Draw { by })
    }

    /// The result if the side to move claims every draw it can:
    /// [`Game::outcome`], else a draw by the fifty-move rule or threefold
    /// repetition that [`Game::can_claim_draw`] finds (python-chess's
    /// `outcome(claim_draw=True)`).
    pub fn outcome_with_claim(&self) -> Option<Outcome> {
        self.outcome()
            .or_else(|| self.can_claim_draw().map(|by| Outcome::Draw { by }))
    }

    /// Whether a game whose side to move has a legal move is drawn without
    /// a claim: insufficient material, the seventy-five-move rule, or the
    /// fifth occurrence of the position.
    fn automatic_draw(&self) -> Option<Ending> {
        if self.position().is_insufficient_material() {
            Some(Ending::InsufficientMaterial)
        } else if self.position().halfmove_clock() >= SEVENTYFIVE_MOVES {
            Some(Ending::SeventyfiveMoves)
        } else if self.occurrences() >= 5 {
            Some(Ending::FivefoldRepetition)
        } else {
            None
        }
    }

    /// The draw the side to move may claim now, if any: by the fifty-move
    /// rule, else by threefold repetition. A claim is not asked of a game
    /// already over (see [`Game::outcome_with_claim`]).
    pub fn can_claim_draw(&self) -> Option<Ending> {
        if self.can_claim_fifty_moves() {
            Some(Ending::FiftyMoves)
        } else if self.can_claim_threefold_repetition() {
            Some(Ending::ThreefoldRepetition)
        } else {
            None
        }
    }

    /// Whether the side to move may claim a draw by the fifty-move rule:
    /// 100 plies have passed without a capture or pawn move (and the side
    /// to move is not mated), or one of its legal moves makes them 100 and
    /// leaves the other side a legal move.
    pub fn can_claim_fifty_moves(&self) -> bool {
        let position = self.position();
        let clock = position.halfmove_clock();
        if clock >= FIFTY_MOVES {
            return position.count_legal_moves() > 0;
        }
        clock + 1 >= FIFTY_MOVES
            && position.legal_moves().iter().any(|&mv| {
                let next = position.play(mv);
                next.halfmove_clock() >= FIFTY_MOVES && next.count_legal_moves() > 0
            })
    }

    /// Whether the side to move may claim a draw by threefold repetition:
    /// the position stands for the third time, or one of its legal moves
    /// reaches a position that has stood twice.
    pub fn can_claim_threefold_repetition(&self) -> bool {
        if self.occurrences() >= 3 {
            return true;
        }
        let position = self.position();
        // Positions with the other side to move, since the last capture or
        // pawn move: a move that is itself one matches none of them.
        let window = self.window();
        let theirs = || window.iter().rev().skip(1).step_by(2);
        if theirs().nth(1).is_none() {
            return false;
        }
        position.legal_moves().iter().any(|&mv| {
            let key = position.play(mv).repetition_key();
            theirs().filter(|&&earlier| earlier == key).count() >= 2
        })
    }

    /// How many times the current position has stood, itself included (3
    /// at a threefold repetition), compared by
    /// [`Position::repetition_key`]. Only positions since the last
    /// capture or pawn move can match.
    pub fn occurrences(&self) -> usize {
        let key = self.keys[self.keys.len() - 1];
        self.window()
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&earlier| earlier == key)
            .count()
    }

    /// The repetition keys of the positions since the last capture or pawn
    /// move, the current one last.
    fn window(&self) -> &[u64] {
        let reach = (self.position().halfmove_clock() as usize).min(self.keys.len() - 1);
        &self.keys[self.keys.len() - 1 - reach..]
    }
}

#[cfg(feature = "alloc")]
crate::game::game_line!();
