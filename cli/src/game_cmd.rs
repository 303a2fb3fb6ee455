//! `qiboard game`: plays moves from a position and prints how the game
//! stands, for either game.

use qiboard::xiangqi::rules::Rules;
use qiboard::{chess, xiangqi};

use crate::UsageError;

/// What the command needs of either game's `Game`.
trait Record: Sized {
    const START_FEN: &'static str;
    fn from_fen(fen: &str) -> Result<Self, String>;
    fn play_text(&mut self, text: &str) -> Result<(), String>;
    fn fen(&self) -> String;
    /// The score and the ending's name, once the game is over.
    fn result(&self) -> Option<(&'static str, &'static str)>;
}

macro_rules! record {
    ($game:ident) => {
        impl Record for $game::Game {
            const START_FEN: &'static str = $game::Position::START_FEN;

            fn from_fen(fen: &str) -> Result<Self, String> {
                $game::Game::from_fen(fen).map_err(|e| e.to_string())
            }

            fn play_text(&mut self, text: &str) -> Result<(), String> {
                $game::Game::play_text(self, text)
                    .map(drop)
                    .map_err(|e| e.to_string())
            }

            fn fen(&self) -> String {
                self.position().fen()
            }

            fn result(&self) -> Option<(&'static str, &'static str)> {
                self.outcome()
                    .map(|outcome| (outcome.result(), outcome.ending().name()))
            }
        }
    };
}

record!(chess);
record!(xiangqi);

/// Plays `moves` (each argument may hold several, separated by spaces) in
/// `game` and prints the final FEN and `result <score> <ending>`.
fn play<G: Record>(mut game: G, moves: &[String]) -> Result<String, UsageError> {
    for (index, text) in moves.iter().flat_map(|m| m.split_whitespace()).enumerate() {
        game.play_text(text)
            .map_err(|why| UsageError(format!("move {} ({text}): {why}", index + 1)))?;
    }
    let (score, ending) = game.result().unwrap_or(("*", "ongoing"));
    Ok(format!("fen {}\nresult {score} {ending}\n", game.fen()))
}

fn start<G: Record>(fen: Option<&str>) -> Result<G, UsageError> {
    G::from_fen(fen.unwrap_or(G::START_FEN)).map_err(UsageError)
}

/// `game chess`: checkmate and stalemate are the only endings modelled.
pub fn chess(
    fen: Option<&str>,
    move_limit: Option<&str>,
    moves: &[String],
) -> Result<String, UsageError> {
    if move_limit.is_some() {
        return Err(UsageError(
            "--move-limit applies to xiangqi only".to_string(),
        ));
    }
    play(start::<chess::Game>(fen)?, moves)
}

/// `game xiangqi`, under the AXF rules with the move limit given (`none`
/// for no limit).
pub fn xiangqi(
    fen: Option<&str>,
    move_limit: Option<&str>,
    moves: &[String],
) -> Result<String, UsageError> {
    let limit = match move_limit {
        None => Rules::default().move_limit(),
        Some("none") => None,
        Some(text) => Some(text.parse().map_err(|_| {
            UsageError(format!(
                "--move-limit {text:?} is neither a number of plies nor \"none\""
            ))
        })?),
    };
    let game = start::<xiangqi::Game>(fen)?;
    play(
        game.with_rules(Rules::default().with_move_limit(limit)),
        moves,
    )
}
