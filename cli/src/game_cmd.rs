//! `qiboard game`: plays moves from a position and prints how the game
//! stands, for either game.

use qiboard::xiangqi::rules::Rules;
use qiboard::{chess, xiangqi};

use crate::report::{quoted, Report};
use crate::{check_side, Failure};

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
fn play<G: Record>(mut game: G, moves: &[String]) -> Result<String, Failure> {
    let mut index = 0;
    for argument in moves {
        // An argument with no move in it is a bad move, not none.
        let words: Vec<&str> = match argument.split_whitespace().collect::<Vec<_>>() {
            words if words.is_empty() => vec![""],
            words => words,
        };
        for text in words {
            index += 1;
            if text.is_empty() {
                return Err(Failure::Usage(format!("move {index}: an empty move")));
            }
            game.play_text(text)
                .map_err(|why| Failure::Usage(format!("move {index} ({}): {why}", quoted(text))))?;
        }
    }
    let (score, ending) = game.result().unwrap_or(("*", "ongoing"));
    Ok(format!("fen {}\nresult {score} {ending}\n", game.fen()))
}

fn start<G: Record>(fen: Option<&str>, first: &str, report: &mut Report) -> Result<G, Failure> {
    let fen = fen.unwrap_or(G::START_FEN);
    let game = G::from_fen(fen)
        .map_err(|why| Failure::Usage(format!("bad FEN {:?}: {why}", quoted(fen))))?;
    check_side(fen, first, report);
    Ok(game)
}

/// `game chess`: checkmate, stalemate and the draws the rules impose
/// (insufficient material, seventy-five moves, fivefold repetition).
pub fn chess(
    fen: Option<&str>,
    move_limit: Option<&str>,
    moves: &[String],
    report: &mut Report,
) -> Result<String, Failure> {
    if move_limit.is_some() {
        return Err(Failure::Usage(
            "--move-limit applies to xiangqi only".to_string(),
        ));
    }
    play(start::<chess::Game>(fen, "White", report)?, moves)
}

/// `game xiangqi`, under the AXF rules with the move limit given (`none`
/// for no limit).
pub fn xiangqi(
    fen: Option<&str>,
    move_limit: Option<&str>,
    moves: &[String],
    report: &mut Report,
) -> Result<String, Failure> {
    let limit = match move_limit {
        None => Rules::default().move_limit(),
        Some("none") => None,
        Some(text) => Some(text.parse().map_err(|_| {
            Failure::Usage(format!(
                "--move-limit {:?} is neither a number of plies nor \"none\"",
                quoted(text)
            ))
        })?),
    };
    let game = start::<xiangqi::Game>(fen, "Red", report)?;
    play(
        game.with_rules(Rules::default().with_move_limit(limit)),
        moves,
    )
}
