//! The JSON answers about positions, built from the prober's public API
//! alone: a position's value with every legal move ranked
//! ([`Tablebase::probe_root`]), its mainline ([`Tablebase::line`]), and the
//! repetition rules' ruling of a game ([`qiboard::xiangqi::Game`]).
//!
//! Values of moves are given for the side making the move (a winning move
//! is `"win"`), as the prober's ranking gives them. A distance that counts
//! to a rule decision (`"dtm_to": "rule"`) follows the solver's line and
//! is no promise that no decision comes sooner or later: rule rounds count
//! their distances afresh, so a move may show a value better for its mover
//! than the position's own (a quicker rule win, a longer loss). Such a
//! move is marked `"exceeds_value"`; the moves that realise the position's
//! value come first all the same.

use qiboard::xiangqi::rules::Ruling;
use qiboard::xiangqi::{Color, Game, Move, Notation, Outcome, Piece, Position, Status};
use qiboard_tablebase::{DistanceTo, Dtm, ProbeError, Tablebase, Value};
use serde::Serialize;

/// The most moves a `/xiangqi/rule` request may list.
pub const MAX_RULE_MOVES: usize = 1024;

/// `win`, `draw` or `loss`.
pub fn category(value: Value) -> &'static str {
    match value {
        Value::Win(_) => "win",
        Value::Draw => "draw",
        Value::Loss(_) => "loss",
    }
}

/// What a distance counts to, or `None` for a draw.
fn dtm_to(dtm: Dtm) -> Option<&'static str> {
    match (dtm.value, dtm.to) {
        (Value::Draw, _) => None,
        (_, DistanceTo::Mate) => Some("mate"),
        (_, DistanceTo::Rule) => Some("rule"),
    }
}

fn plies(dtm: Dtm) -> Option<u16> {
    (dtm.value != Value::Draw).then_some(dtm.value.plies())
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// A move in the three notations.
#[derive(Serialize)]
pub struct Names {
    /// UCCI coordinates, `h2e2`.
    pub uci: String,
    /// WXF, `C2.5`.
    pub wxf: String,
    /// Chinese, `炮二平五`.
    pub chinese: String,
}

impl Names {
    fn of(position: &Position, mv: Move) -> Names {
        let write = |notation| {
            position
                .notation_text(mv, notation)
                .unwrap_or_else(|_| mv.to_string())
        };
        Names {
            uci: mv.to_string(),
            wxf: write(Notation::Wxf),
            chinese: write(Notation::CHINESE),
        }
    }
}

/// One legal move and what it leads to, for the side making it.
#[derive(Serialize)]
pub struct MoveReport {
    #[serde(flatten)]
    names: Names,
    category: &'static str,
    dtm: Option<u16>,
    dtm_to: Option<&'static str>,
    by_rules: bool,
    /// The move keeps the position's own value and distance.
    realises: bool,
    /// The move's value is better for its mover than the position's own,
    /// which only a rule distance can be (see the module's docs).
    exceeds_value: bool,
    capture: Option<String>,
    check: bool,
    checkmate: bool,
    stalemate: bool,
}

/// A position's value and its moves, best first.
#[derive(Serialize)]
pub struct PositionReport {
    fen: String,
    side_to_move: &'static str,
    material: String,
    category: &'static str,
    dtm: Option<u16>,
    dtm_to: Option<&'static str>,
    by_rules: bool,
    check: bool,
    checkmate: bool,
    stalemate: bool,
    moves: Vec<MoveReport>,
}

fn piece_letter(piece: Piece) -> String {
    piece.to_string()
}

/// `position`'s value and every legal move ranked by the prober.
///
/// # Errors
///
/// The prober's, for the position or a move's successor.
pub fn position(tablebase: &Tablebase, position: &Position) -> Result<PositionReport, ProbeError> {
    let own = tablebase.probe_dtm(position)?;
    let ranked = tablebase.probe_root(position)?;
    let moves = ranked
        .into_iter()
        .map(|(mv, dtm)| {
            let after = position.play(mv);
            let status = after.status();
            let realises = dtm == own;
            let exceeds_value = !realises
                && dtm.to == DistanceTo::Rule
                && dtm.value.wdl() == own.value.wdl()
                && dtm.value.order() > own.value.order();
            MoveReport {
                names: Names::of(position, mv),
                category: category(dtm.value),
                dtm: plies(dtm),
                dtm_to: dtm_to(dtm),
                by_rules: dtm.by_rules,
                realises,
                exceeds_value,
                capture: position.captured(mv).map(piece_letter),
                check: after.is_check(),
                checkmate: status == Status::Checkmate,
                stalemate: status == Status::Stalemate,
            }
        })
        .collect();
    let status = position.status();
    Ok(PositionReport {
        fen: position.fen(),
        side_to_move: color_name(position.side_to_move()),
        material: qiboard_tablebase::Material::of(position).to_string(),
        category: category(own.value),
        dtm: plies(own),
        dtm_to: dtm_to(own),
        by_rules: own.by_rules,
        check: position.is_check(),
        checkmate: status == Status::Checkmate,
        stalemate: status == Status::Stalemate,
        moves,
    })
}

/// One move of a mainline and the value of the position it reaches, for
/// the side to move there.
#[derive(Serialize)]
pub struct LineStep {
    #[serde(flatten)]
    names: Names,
    fen: String,
    category: &'static str,
    dtm: Option<u16>,
    dtm_to: Option<&'static str>,
}

/// The best line from a position.
#[derive(Serialize)]
pub struct Mainline {
    fen: String,
    category: &'static str,
    dtm: Option<u16>,
    dtm_to: Option<&'static str>,
    by_rules: bool,
    /// `red`, `black`, or `None` for a draw.
    winner: Option<&'static str>,
    /// `checkmate`, `stalemate` or `rule` (the loser is left only moves
    /// the repetition rules forbid), `None` for a draw.
    ends: Option<&'static str>,
    mainline: Vec<LineStep>,
}

/// The best line from `start` to mate or to the rules' decision.
///
/// # Errors
///
/// The prober's.
pub fn mainline(tablebase: &Tablebase, start: &Position) -> Result<Mainline, ProbeError> {
    let own = tablebase.probe_dtm(start)?;
    let moves = tablebase.line(start)?;
    let mut position = start.clone();
    let mut steps = Vec::with_capacity(moves.len());
    for mv in moves {
        let names = Names::of(&position, mv);
        position = position.play(mv);
        let dtm = tablebase.probe_dtm(&position)?;
        steps.push(LineStep {
            names,
            fen: position.fen(),
            category: category(dtm.value),
            dtm: plies(dtm),
            dtm_to: dtm_to(dtm),
        });
    }
    let winner = match own.value {
        Value::Win(_) => Some(color_name(start.side_to_move())),
        Value::Loss(_) => Some(color_name(!start.side_to_move())),
        Value::Draw => None,
    };
    let ends = match (own.value, position.status()) {
        (Value::Draw, _) => None,
        (_, Status::Checkmate) => Some("checkmate"),
        (_, Status::Stalemate) => Some("stalemate"),
        (_, Status::Ongoing) => Some("rule"),
    };
    Ok(Mainline {
        fen: start.fen(),
        category: category(own.value),
        dtm: plies(own),
        dtm_to: dtm_to(own),
        by_rules: own.by_rules,
        winner,
        ends,
        mainline: steps,
    })
}

/// A legal move's standing under the repetition rules.
#[derive(Serialize)]
pub struct RuledMove {
    #[serde(flatten)]
    names: Names,
    /// `free`; `draw` (it completes a drawn repetition or the move limit);
    /// `loss` (it completes the mover's forbidden perpetual check or
    /// chase); `win` (it mates, or completes the opponent's forbidden
    /// perpetual).
    ruling: &'static str,
    /// Why, when not free: `checkmate`, `stalemate`, `repetition`,
    /// `move-limit`, `perpetual-check` or `perpetual-chase`.
    why: Option<&'static str>,
    /// When the move brings back an earlier position without ending the
    /// game yet: how that cycle would be ruled.
    repeats: Option<&'static str>,
}

/// The ruling of a game so far and of each legal move from its end.
#[derive(Serialize)]
pub struct RuleReport {
    fen: String,
    plies: usize,
    /// `red`, `black` or `draw` once the game is over.
    result: Option<&'static str>,
    /// Why it is over.
    ending: Option<&'static str>,
    occurrences: usize,
    /// The ruling of the cycle since the last earlier occurrence of the
    /// current position, if any.
    repetition: Option<&'static str>,
    moves: Vec<RuledMove>,
}

fn ruling_name(ruling: Ruling) -> &'static str {
    match ruling {
        Ruling::Draw => "draw",
        Ruling::PerpetualCheck { .. } => "perpetual-check",
        Ruling::PerpetualChase { .. } => "perpetual-chase",
    }
}

/// Why a move text of a rule request was refused.
#[derive(Debug)]
pub struct BadMove {
    /// The index of the move in the list.
    pub index: usize,
    /// What was wrong.
    pub why: String,
}

/// The AXF ruling of the game from `start` through `moves` (in any
/// notation qiboard reads).
///
/// # Errors
///
/// The first move that is not legal, or comes after the game is over.
pub fn rule(start: Position, moves: &[&str]) -> Result<RuleReport, BadMove> {
    let mut game = Game::from_position(start);
    for (index, text) in moves.iter().enumerate() {
        let mv = game
            .position()
            .parse_any_notation(text)
            .map_err(|error| BadMove {
                index,
                why: error.to_string(),
            })?;
        game.play(mv).map_err(|error| BadMove {
            index,
            why: error.to_string(),
        })?;
    }
    let outcome = game.outcome();
    let mover = game.position().side_to_move();
    let mut ruled = Vec::new();
    if outcome.is_none() {
        for mv in game.position().legal_moves().iter().copied() {
            let mut trial = game.clone();
            let names = Names::of(trial.position(), mv);
            // A legal move of an unfinished game is always accepted.
            let _ = trial.play(mv);
            let (ruling, why) = match trial.outcome() {
                Some(Outcome::Win { winner, by }) if winner != mover => ("loss", Some(by.name())),
                Some(Outcome::Win { by, .. }) => ("win", Some(by.name())),
                Some(Outcome::Draw { by }) => ("draw", Some(by.name())),
                _ => ("free", None),
            };
            let repeats = match ruling {
                "free" => trial.repetition().map(|found| ruling_name(found.ruling)),
                _ => None,
            };
            ruled.push(RuledMove {
                names,
                ruling,
                why,
                repeats,
            });
        }
    }
    Ok(RuleReport {
        fen: game.position().fen(),
        plies: moves.len(),
        result: outcome.map(|outcome| match outcome.winner() {
            Some(color) => color_name(color),
            None => "draw",
        }),
        ending: outcome.map(|outcome| outcome.ending().name()),
        occurrences: game.occurrences(),
        repetition: game.repetition().map(|found| ruling_name(found.ruling)),
        moves: ruled,
    })
}
