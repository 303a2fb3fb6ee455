//! A game: positions and moves from a start, with undo, and its result
//! under the rules of play and of repetition ([`rules`](super::rules)).

#[cfg(feature = "alloc")]
use alloc::{
    string::{String, ToString},
    vec,
    vec::Vec,
};

use super::rules::Ruling;
#[cfg(feature = "alloc")]
use super::rules::{judge_cycle, Rules};
use super::{Color, MoveError};
#[cfg(feature = "alloc")]
use super::{FenError, Move, Position, Status};

crate::game::endings! {
    /// A side gave check on every move of a repeated cycle and lost.
    PerpetualCheck = "perpetual-check",
    /// A side chased the same piece on every move of a repeated cycle
    /// and lost.
    PerpetualChase = "perpetual-chase",
    /// A position repeated with no rule broken, or both sides broke
    /// the same one: a draw.
    Repetition = "repetition",
    /// The move limit passed without a capture: a draw.
    MoveLimit = "move-limit",
}

/// How a finished xiangqi game ended (the shared [`crate::Outcome`]).
pub type Outcome = crate::Outcome<Color, Ending>;

/// Why a xiangqi game refused a move (the shared [`crate::GameError`]).
pub type GameError = crate::GameError<MoveError, Outcome>;

/// An earlier occurrence of the current position and how the cycle since
/// then is ruled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// How many plies ago the same position (same key, lock and side) last
    /// stood.
    pub plies_ago: usize,
    /// The ruling of the moves since then.
    pub ruling: Ruling,
}

/// No earlier occurrence, in [`Game`]'s links between occurrences.
#[cfg(feature = "alloc")]
const NONE: u32 = u32::MAX;

/// An earlier occurrence not looked for yet.
#[cfg(feature = "alloc")]
const UNKNOWN: u32 = u32::MAX - 1;

/// A game: the start position, the moves played, and every position along
/// the way, so that undo is a pop. For the repetition rules it keeps, per
/// move, whether it gave check and, per position, where it last stood
/// before: finding a repetition is a lookup, and only ruling one looks at
/// the pieces again.
///
/// ```
/// use qiboard::xiangqi::{Color, Ending, Game, Outcome};
///
/// // Red's rook checks from a9 and a8, Black's king steps between e8 and e9.
/// let mut game = Game::from_fen("R8/4k4/9/9/9/9/9/9/9/3K5 w").unwrap();
/// for text in ["a9a8", "e8e9", "a8a9", "e9e8"].repeat(2) {
///     game.play_text(&text)?;
/// }
/// let lost = Outcome::Win { winner: Color::Black, by: Ending::PerpetualCheck };
/// assert_eq!(game.outcome(), Some(lost));
/// assert!(game.play_text("a9a8").is_err());
/// # Ok::<(), qiboard::xiangqi::GameError>(())
/// ```
///
/// Needs the `alloc` feature.
#[cfg(feature = "alloc")]
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Each position's key, beside the positions for a fast scan back.
    keys: Vec<u64>,
    /// For each position, the index of its last earlier occurrence, or
    /// [`NONE`], or [`UNKNOWN`] for a position a search pushed (found when
    /// asked, so that quiescence pushes cost no scan).
    earlier: Vec<u32>,
    rules: Rules,
}

#[cfg(feature = "alloc")]
crate::game::game_line!();

#[cfg(feature = "alloc")]
impl Game {
    /// A game from a position, under the default [`Rules`].
    pub fn from_position(position: Position) -> Game {
        Game {
            keys: vec![position.key()],
            positions: vec![position],
            moves: Vec::new(),
            earlier: vec![NONE],
            rules: Rules::default(),
        }
    }

    /// This game under `rules`.
    pub fn with_rules(mut self, rules: Rules) -> Game {
        self.rules = rules;
        self
    }

    /// Changes the rules from now on; they apply to the game as it stands
    /// (a game may end, or go on, at once).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The moves played, in UCCI, space-separated.
    pub fn history(&self) -> String {
        self.moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Plays a legal move, unless the game is over.
    ///
    /// # Errors
    ///
    /// [`GameError`]: the move is not legal here, or the game is over.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        // Only a refused move, or a game the rules have already ended,
        // needs the outcome with its move count or ruling.
        if !self.position().is_legal(mv) || self.rules_end() {
            return Err(match self.outcome() {
                Some(outcome) => GameError::Finished(outcome),
                None => GameError::Move(MoveError::Illegal(
                    self.position().move_text(mv).as_str().into(),
                )),
            });
        }
        let next = self.position().play(mv);
        let earlier = self.last_stood(&next, self.positions.len());
        self.push_position(next, mv, earlier);
        Ok(())
    }

    /// Parses a UCCI move and plays it.
    ///
    /// # Errors
    ///
    /// [`GameError`]: the text is no UCCI move, the move is not legal here,
    /// or the game is over.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        let mv = self.position().parse_move(text).map_err(GameError::Move)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Plays `mv` as a search stack does: `mv` must be a legal move of the
    /// current position (from its move generator), and is not checked
    /// again, nor is whether the game is over; where the position stood
    /// before is looked for only when [`Game::repetition`] asks (so that a
    /// quiescence search's pushes cost no scan), and checks only when a
    /// repetition is ruled. [`Game::pop`] takes it
    /// back. Playing anything else leaves the game's answers unspecified
    /// (but memory-safe).
    ///
    /// ```
    /// use qiboard::xiangqi::Game;
    ///
    /// let mut game = Game::new();
    /// let mut nodes = 0;
    /// for mv in game.position().legal_moves().iter().copied() {
    ///     game.push_unchecked(mv);
    ///     nodes += game.position().count_legal_moves();
    ///     game.pop();
    /// }
    /// assert_eq!(nodes, 1_920);
    /// ```
    #[inline]
    pub fn push_unchecked(&mut self, mv: Move) {
        let next = self.position().play(mv);
        self.push_position(next, mv, UNKNOWN);
    }

    /// Passes the turn (a null move, for null-move pruning), recorded as
    /// [`Move::NULL`]; `false` (and nothing done) in check. No repetition
    /// is found across a null move: the half-move clock starts again from
    /// 0 after it, so the positions before it are not looked at.
    pub fn push_null(&mut self) -> bool {
        let Some(mut next) = self.position().null_move() else {
            return false;
        };
        next.edit_unchecked().set_halfmove_clock(0);
        // The clock just set to 0 leaves nothing to look for.
        self.push_position(next, Move::NULL, NONE);
        true
    }

    /// Takes back the last move (or null move) of a search stack: the same
    /// as [`Game::undo`].
    #[inline]
    pub fn pop(&mut self) -> Option<Move> {
        self.undo()
    }

    /// Records `next`, reached by `mv`, with the index of its earlier
    /// occurrence (or [`NONE`] or [`UNKNOWN`]).
    #[inline]
    fn push_position(&mut self, next: Position, mv: Move, earlier: u32) {
        self.earlier.push(earlier);
        self.keys.push(next.key());
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        self.earlier.pop();
        Some(mv)
    }

    /// The result, once the game is over: the side to move has no legal
    /// move (it has lost, whether in check or not); or the position has
    /// stood [`Rules::occurrences`] times and the moves since the first of
    /// them are ruled ([`Ruling`]: perpetual check or chase loses, anything
    /// else draws); or [`Rules::move_limit`] plies passed without a capture
    /// (a draw).
    pub fn outcome(&self) -> Option<Outcome> {
        let position = self.position();
        let by = match position.status() {
            Status::Ongoing => return self.ruled(),
            Status::Checkmate => Ending::Checkmate,
            Status::Stalemate => Ending::Stalemate,
        };
        Some(Outcome::Win {
            winner: !position.side_to_move(),
            by,
        })
    }

    /// Whether the current position has stood before, and if so how the
    /// cycle since its last occurrence is ruled: what a search asks at each
    /// node, whatever [`Rules::occurrences`] says. Finding the repetition
    /// is one lookup; only a repetition found is ruled.
    pub fn repetition(&self) -> Option<Repetition> {
        let last = self.positions.len() - 1;
        self.before(last).map(|then| Repetition {
            plies_ago: last - then,
            ruling: self.judge_since(then),
        })
    }

    /// The legal moves the repetition rules forbid the side to move: those
    /// after which the position stands for the [`Rules::occurrences`]th
    /// time and the cycle is ruled its perpetual check or chase, so that
    /// playing the move would lose the game. These are what a UCCI
    /// interface sends an engine as `banmoves`. Empty once the game is over.
    ///
    /// ```
    /// use qiboard::xiangqi::Game;
    ///
    /// // Black's cannon flees between b7 and a7, Red's rook chases it.
    /// let mut game = Game::from_fen("5k3/9/1c7/9/9/9/9/1R7/9/3K5 b").unwrap();
    /// for text in ["b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7"] {
    ///     game.play_text(text)?;
    /// }
    /// // Chasing it back to b2 would bring the start about a third time.
    /// let banned: Vec<String> = game.banned_moves().iter().map(|mv| mv.to_string()).collect();
    /// assert_eq!(banned, ["a2b2"]);
    /// # Ok::<(), qiboard::xiangqi::GameError>(())
    /// ```
    pub fn banned_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mover = self.position().side_to_move();
        let plies = self.positions.len();
        // Only a move back to an earlier position can be ruled, and such
        // moves are few: the game is copied for them alone, and only once.
        let mut trial: Option<Game> = None;
        let mut banned = Vec::new();
        for mv in self.position().legal_moves().iter().copied() {
            if self.last_stood(&self.position().play(mv), plies) == NONE {
                continue;
            }
            let game = trial.get_or_insert_with(|| self.clone());
            game.push_unchecked(mv);
            let lost = matches!(
                game.ruled(),
                Some(Outcome::Win { winner, by: Ending::PerpetualCheck | Ending::PerpetualChase })
                    if winner != mover
            );
            game.pop();
            if lost {
                banned.push(mv);
            }
        }
        banned
    }

    /// How many times the current position has stood, itself included (3
    /// at a threefold repetition).
    pub fn occurrences(&self) -> usize {
        core::iter::successors(Some(self.positions.len() - 1), |&at| self.before(at)).count()
    }

    /// The index of the last earlier occurrence of the position at `at`.
    #[inline]
    fn before(&self, at: usize) -> Option<usize> {
        let then = match self.earlier[at] {
            UNKNOWN => self.last_stood(&self.positions[at], at),
            known => known,
        };
        (then != NONE).then_some(then as usize)
    }

    /// Where `next`, at index `at`, last stood before: only positions with
    /// the same side to move since the last capture can match.
    #[inline]
    fn last_stood(&self, next: &Position, at: usize) -> u32 {
        let window = (next.halfmove_clock() as usize).min(at);
        let found = (2..=window).step_by(2).map(|back| at - back).find(|&then| {
            self.keys[then] == next.key() && self.positions[then].lock() == next.lock()
        });
        found.map_or(NONE, |then| then as u32)
    }

    /// The index of the first of the last [`Rules::occurrences`]
    /// occurrences of the current position, if it has stood that often.
    fn ruled_since(&self) -> Option<usize> {
        let mut at = self.positions.len() - 1;
        for _ in 1..self.rules.occurrences() {
            at = self.before(at)?;
        }
        Some(at)
    }

    /// Whether the repetition or move-limit rule has ended the game,
    /// without ruling how.
    fn rules_end(&self) -> bool {
        self.ruled_since().is_some()
            || self
                .rules
                .move_limit()
                .is_some_and(|limit| self.position().halfmove_clock() >= limit)
    }

    /// The end the repetition and move-limit rules give, if any.
    fn ruled(&self) -> Option<Outcome> {
        if let Some(then) = self.ruled_since() {
            let win = |loser: Color, by| Outcome::Win { winner: !loser, by };
            return Some(match self.judge_since(then) {
                Ruling::Draw => Outcome::Draw {
                    by: Ending::Repetition,
                },
                Ruling::PerpetualCheck { loser } => win(loser, Ending::PerpetualCheck),
                Ruling::PerpetualChase { loser } => win(loser, Ending::PerpetualChase),
            });
        }
        let limit = self.rules.move_limit()?;
        (self.position().halfmove_clock() >= limit).then_some(Outcome::Draw {
            by: Ending::MoveLimit,
        })
    }

    /// The ruling of the moves from position `then`, which the current
    /// position repeats, to now.
    fn judge_since(&self, then: usize) -> Ruling {
        judge_cycle(&self.positions[then..], &self.moves[then..], |ply| {
            // Whether the move gave check, found only for a cycle ruled.
            self.positions[then + ply + 1].is_check()
        })
    }
}
