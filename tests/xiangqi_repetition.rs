//! The repetition rules in games: perpetual check, perpetual chase and the
//! move limit.
//!
//! The cycles are the research notes' table of repetition cases (§5.1 of
//! the rules notes kept beside the project): each was replayed move by move
//! with Fairy-Stockfish's `pyffish` (0.0.90), whose
//! `is_optional_game_end("xiangqi", …)` gave the same ruling at the third
//! occurrence, and each is tied to the rule it shows in its comment. Every
//! move list is the cycle played twice, so the start position stands for
//! the third time after the last move.

use proptest::prelude::*;
use qiboard::xiangqi::rules::{chased, chases, judge, Rules, Ruling};
use qiboard::xiangqi::{Bitboard, Color, Ending, Game, GameError, Move, Outcome, Position, Square};

/// What the third occurrence brings.
#[derive(Clone, Copy, Debug)]
enum Expected {
    /// This side loses by this ending.
    Loses(Color, Ending),
    /// A draw by repetition.
    Draw,
}

use Color::{Black, Red};
use Ending::{PerpetualChase as Chase, PerpetualCheck as Check};
use Expected::{Draw, Loses};

impl Expected {
    fn outcome(self) -> Outcome {
        match self {
            Loses(loser, by) => Outcome::Win { winner: !loser, by },
            Draw => Outcome::Draw {
                by: Ending::Repetition,
            },
        }
    }

    fn ruling(self) -> Ruling {
        match self {
            Loses(loser, Check) => Ruling::PerpetualCheck { loser },
            Loses(loser, _) => Ruling::PerpetualChase { loser },
            Draw => Ruling::Draw,
        }
    }
}

/// The game from `fen` after `moves` (each must be legal), with the game
/// going on until the last one.
fn played(fen: &str, moves: &str) -> Game {
    let mut game = Game::from_fen(fen).unwrap();
    for (ply, text) in moves.split_whitespace().enumerate() {
        assert_eq!(
            game.outcome(),
            None,
            "over before move {} ({text})",
            ply + 1
        );
        game.play_text(text)
            .unwrap_or_else(|e| panic!("move {} ({text}): {e}", ply + 1));
    }
    game
}

/// The positions and moves of `game` since position `from`.
fn cycle_of(game: &Game, from: usize) -> (Vec<Position>, Vec<Move>) {
    let mut replay = Game::from_position(game.start().clone());
    let mut positions = Vec::new();
    for (ply, &mv) in game.moves().iter().enumerate() {
        if ply >= from {
            positions.push(replay.position().clone());
        }
        replay.play(mv).unwrap();
    }
    positions.push(replay.position().clone());
    (positions, game.moves()[from..].to_vec())
}

fn check_cycle(fen: &str, moves: &str, expected: Expected) {
    let game = played(fen, moves);
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.outcome(), Some(expected.outcome()), "{fen} {moves}");
    // The same ruling for the last lap alone, for the game's search query
    // and for the free-standing judge over either span.
    let plies = game.moves().len();
    let repetition = game.repetition().expect("the position stood before");
    assert_eq!(repetition.plies_ago, plies / 2);
    assert_eq!(repetition.ruling, expected.ruling());
    for from in [0, plies / 2] {
        let (positions, moves) = cycle_of(&game, from);
        assert_eq!(judge(&positions, &moves), Some(expected.ruling()));
    }
    // A finished game refuses the next move of the cycle.
    let mut game = game;
    let next = moves.split_whitespace().next().unwrap();
    assert_eq!(
        game.play_text(next),
        Err(GameError::Finished(expected.outcome()))
    );
    // One move earlier, the last move is banned exactly when it would lose
    // for the side that plays it; the finished game bans nothing.
    assert_eq!(game.banned_moves(), []);
    let last = game.undo().unwrap();
    let mover = game.position().side_to_move();
    let banned = game.banned_moves();
    let loses = matches!(expected, Loses(loser, _) if loser == mover);
    assert_eq!(
        banned.contains(&last),
        loses,
        "{fen} {moves}: banned {banned:?}"
    );
    // Whatever else is banned loses too.
    for mv in banned {
        let mut trial = game.clone();
        trial.play(mv).unwrap();
        assert_eq!(
            trial.outcome().and_then(|o| o.winner()),
            Some(!mover),
            "{fen} {moves}: {mv}"
        );
    }
}

#[test]
fn nothing_is_banned_before_a_position_could_stand_a_third_time() {
    let mut game = Game::from_fen("5k3/9/1c7/9/9/9/9/1R7/9/3K5 b").unwrap();
    for text in "b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7".split_whitespace() {
        assert_eq!(game.banned_moves(), [], "before {text}");
        game.play_text(text).unwrap();
    }
    let chase_back = game.position().parse_move("a2b2").unwrap();
    assert_eq!(game.banned_moves(), [chase_back]);
    // Under a twofold rule the same chase is banned one lap earlier.
    let mut twofold = Game::from_fen("5k3/9/1c7/9/9/9/9/1R7/9/3K5 b")
        .unwrap()
        .with_rules(Rules::default().with_occurrences(2));
    for text in "b7a7 b2a2 a7b7".split_whitespace() {
        twofold.play_text(text).unwrap();
    }
    assert_eq!(twofold.banned_moves(), [chase_back]);
}

macro_rules! cycles {
    ($($name:ident: $fen:literal, $moves:literal => $expected:expr;)*) => {
        $(
            #[test]
            fn $name() {
                check_cycle($fen, $moves, $expected);
            }
        )*
    };
}

cycles! {
    // AXF art. 6 (the side that perpetually checks loses): every Red move
    // checks, Black only evades.
    a1_rook_perpetual_check: "R8/4k4/9/9/9/9/9/9/9/3K5 w",
        "a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8" => Loses(Red, Check);
    // AXF art. 6: A1 entered one ply later; the ruling does not depend on
    // where the cycle is entered.
    a1b_check_cycle_entered_at_black: "9/R3k4/9/9/9/9/9/9/9/3K5 b",
        "e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8" => Loses(Red, Check);
    // AXF art. 6: the colour mirror of A1.
    a2_black_rook_perpetual_check: "3k5/9/9/9/9/9/9/9/4K4/r8 b",
        "a0a1 e1e0 a1a0 e0e1 a0a1 e1e0 a1a0 e0e1" => Loses(Black, Check);
    // AXF art. 6: a black horse checking from c0 and d2 (mirror of A8).
    a2b_black_horse_perpetual_check: "3k5/9/9/9/9/9/9/9/9/2n1K4 b",
        "c0d2 e0e1 d2c0 e1e0 c0d2 e0e1 d2c0 e1e0" => Loses(Black, Check);
    // AXF art. 7 (check and check back is a draw): discovered cannon checks
    // by both sides on every move.
    a3_mutual_perpetual_check: "3r1k3/5c3/9/9/5R3/9/9/9/3K5/5C3 w",
        "f5d5 f8d8 d5f5 d8f8 f5d5 f8d8 d5f5 d8f8" => Draw;
    // AXF art. 8 (two checks, one check back): Red checks on every move,
    // Black on one of two; Red loses.
    a5_two_checks_one_check_back: "r4k3/5c3/9/9/5R3/9/9/9/3K5/5C3 w",
        "f5d5 f8d8 d5f5 d8f8 f5d5 f8d8 d5f5 d8f8" => Loses(Red, Check);
    // AXF art. 11 (one check one idle is allowed): Red checks on one move
    // of two.
    a6_one_check_one_idle: "9/4k4/R8/9/9/9/9/9/9/3K5 w",
        "a7a8 e8e9 a8a7 e9e8 a7a8 e8e9 a8a7 e9e8" => Draw;
    // AXF art. 11: the mirror of A6.
    a7_black_one_check_one_idle: "3k5/9/9/9/9/9/9/r8/4K4/9 b",
        "a2a1 e1e0 a1a2 e0e1 a2a1 e1e0 a1a2 e0e1" => Draw;
    // AXF art. 6: horse d7 checks e9, horse c9 checks e8.
    a8_horse_perpetual_check: "2N1k4/9/9/9/9/9/9/9/9/3K5 w",
        "c9d7 e9e8 d7c9 e8e9 c9d7 e9e8 d7c9 e8e9" => Loses(Red, Check);
    // AXF art. 6: a cannon checking over b8 on rank 8 and c9 on rank 9.
    a9_cannon_perpetual_check: "C1b6/1P2k4/9/9/9/9/9/9/9/3K5 w",
        "a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8" => Loses(Red, Check);
    // AXF art. 6: the colour mirror of A9.
    a9b_black_cannon_perpetual_check: "3k5/9/9/9/9/9/9/9/1p2K4/c1B6 b",
        "a0a1 e1e0 a1a0 e0e1 a0a1 e1e0 a1a0 e0e1" => Loses(Black, Check);
    // AXF art. 6 ("pawns are not allowed to do perpetual checks"): pawn
    // checks are checks.
    a10_pawn_perpetual_check: "9/4k4/3P5/9/9/9/9/9/9/5K3 w",
        "d7e7 e8d8 e7d7 d8e8 d7e7 e8d8 e7d7 d8e8" => Loses(Red, Check);
    // AXF art. 18 (diagrams 32/33): each Red move attacks the same
    // unprotected cannon, which escapes.
    b1_rook_chases_unprotected_cannon: "5k3/9/1c7/9/9/9/9/R8/9/3K5 w",
        "a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7" => Loses(Red, Chase);
    // AXF art. 18: the colour mirror of B1.
    b1b_black_rook_chases_cannon: "5k3/9/r8/9/9/9/9/1C7/9/3K5 b",
        "a7b7 b2a2 b7a7 a2b2 a7b7 b2a2 b7a7 a2b2" => Loses(Black, Chase);
    // AXF (a pinned defender is a false root) as Pikafish and
    // Fairy-Stockfish apply it: rook f7 is pinned on the f-file by rook f1
    // and cannot recapture.
    b1c_protector_pinned: "5k3/9/1c3r3/9/9/9/9/R8/5R3/3K5 w",
        "a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7" => Loses(Red, Chase);
    // AXF art. 18: B1 entered at Black's move.
    b1d_chase_cycle_entered_at_black: "5k3/9/1c7/9/9/9/9/1R7/9/3K5 b",
        "b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2" => Loses(Red, Chase);
    // AXF art. 17 (diagrams 29-31: a rook may chase a protected cannon):
    // rook i7 protects the cannon on a7 and b7.
    b2_rook_chases_protected_cannon: "5k3/9/1c6r/9/9/9/9/R8/9/3K5 w",
        "a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7" => Draw;
    // AXF art. 16: the horse shuttles b9-c7, the rook follows on files b, c.
    b3_rook_chases_unprotected_horse: "1n3k3/9/9/9/9/9/9/2R6/9/3K5 w",
        "c2b2 b9c7 b2c2 c7b9 c2b2 b9c7 b2c2 c7b9" => Loses(Red, Chase);
    // AXF art. 17 by analogy: rooks i9 and i7 protect the horse on b9 and c7.
    b3b_rook_chases_protected_horse: "1n6r/4k4/8r/9/9/9/9/2R6/9/3K5 w",
        "c2b2 b9c7 b2c2 c7b9 c2b2 b9c7 b2c2 c7b9" => Draw;
    // AXF general rule: a crossed pawn (black, on rank 4) is a target like
    // any other.
    b4_rook_chases_crossed_pawn: "5k3/9/9/9/9/1p7/9/9/R8/3K5 w",
        "a1b1 b4a4 b1a1 a4b4 a1b1 b4a4 b1a1 a4b4" => Loses(Red, Chase);
    // AXF (a protected piece may be chased): rook i4 protects the pawn
    // along rank 4.
    b4b_rook_chases_protected_pawn: "5k3/9/9/9/9/1p6r/9/9/R8/3K5 w",
        "a1b1 b4a4 b1a1 a4b4 a1b1 b4a4 b1a1 a4b4" => Draw;
    // AXF art. 15/16 (a horse may not chase a rook even if protected): rook
    // c3 protects the rook on c9 and c8.
    b5_horse_chases_protected_rook: "2r2k3/9/9/1N7/9/9/2r6/9/9/4K4 w",
        "b6d7 c9c8 d7b6 c8c9 b6d7 c9c8 d7b6 c8c9" => Loses(Red, Chase);
    // AXF art. 15/16: B5 without the protecting rook.
    b5b_horse_chases_unprotected_rook: "2r2k3/9/9/1N7/9/9/9/9/9/4K4 w",
        "b6d7 c9c8 d7b6 c8c9 b6d7 c9c8 d7b6 c8c9" => Loses(Red, Chase);
    // AXF art. 15 (diagram 18: a cannon may not chase a protected rook):
    // screens c3/e3, horse d7 protects c9 and e9.
    b6_cannon_chases_protected_rook: "4rk3/9/3n5/9/9/9/2P1P4/9/2C6/3K5 w",
        "c1e1 e9c9 e1c1 c9e9 c1e1 e9c9 e1c1 c9e9" => Loses(Red, Chase);
    // AXF art. 15: B6 without the protecting horse.
    b6b_cannon_chases_unprotected_rook: "4rk3/9/9/9/9/9/2P1P4/9/2C6/3K5 w",
        "c1e1 e9c9 e1c1 c9e9 c1e1 e9c9 e1c1 c9e9" => Loses(Red, Chase);
    // AXF art. 40 (diagram 101): offering a rook exchange is no chase; the
    // black rook can take back.
    b8_rook_offers_exchange: "1r3k3/9/9/9/9/9/9/9/2R6/4K4 w",
        "c1b1 b9c9 b1c1 c9b9 c1b1 b9c9 b1c1 c9b9" => Draw;
    // AXF art. 17/40: the victim rook is protected by rook i9 and could
    // take back anyway.
    b8b_rook_attacks_protected_rook: "1r6r/5k3/9/9/9/9/9/9/2R6/4K4 w",
        "c1b1 b9c9 b1c1 c9b9 c1b1 b9c9 b1c1 c9b9" => Draw;
    // AXF art. 40's exception, as in Pikafish and Fairy-Stockfish: the
    // black rook, pinned on the e-file, cannot take back.
    b9_rook_chases_pinned_rook: "4k4/9/4r4/R8/9/9/9/9/4R4/3K5 w",
        "a6a7 e7e6 a7a6 e6e7 a6a7 e7e6 a7a6 e6e7" => Loses(Red, Chase);
    // AXF art. 28 (diagram 67): the king may chase perpetually.
    b12_king_attacks_do_not_chase: "5k3/9/9/9/9/9/9/4c4/3K5/9 w",
        "d1e1 e2d2 e1d1 d2e2 d1e1 e2d2 e1d1 d2e2" => Draw;
    // AXF art. 29 (diagram 69): a pawn may chase perpetually.
    b13_pawn_attacks_do_not_chase: "5k3/9/3c5/2P6/9/9/9/9/9/4K4 w",
        "c6d6 d7c7 d6c6 c7d7 c6d6 d7c7 d6c6 c7d7" => Draw;
    // AXF art. 32 (diagrams 76-80): one rook attacking two pieces in turn
    // chases neither.
    b16_one_rook_two_victims: "1cc2k3/9/9/9/9/9/9/9/1R7/4K4 w",
        "b1c1 f9f8 c1b1 f8f9 b1c1 f9f8 c1b1 f8f9" => Draw;
    // AXF art. 17 ("protected in one move and not in another: still
    // allowed"): elephant c9 protects a7 only.
    b17_protected_on_one_square: "2b2k3/9/1c7/9/9/9/9/R8/9/3K5 w",
        "a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7" => Draw;
    // AXF perpetual chase of an unprotected piece: horse b6/d7 follows the
    // cannon c8/c9.
    b18_horse_chases_unprotected_cannon: "2c2k3/9/9/1N7/9/9/9/9/9/4K4 w",
        "b6d7 c9c8 d7b6 c8c9 b6d7 c9c8 d7b6 c8c9" => Loses(Red, Chase);
    // AXF perpetual chase of an unprotected piece: a cannon over screens
    // c3/e3 follows the horse.
    b19_cannon_chases_unprotected_horse: "5k3/4n4/9/9/9/9/2P1P4/9/2C6/3K5 w",
        "c1e1 e8c7 e1c1 c7e8 c1e1 e8c7 e1c1 c7e8" => Loses(Red, Chase);
    // AXF art. 40 and the same-kind exemption of Pikafish, Fairy-Stockfish
    // and xiangqitb: the victim cannon can capture back.
    b20_cannon_attacks_cannon: "4ck3/9/9/9/9/9/2P1P4/9/2C6/3K5 w",
        "c1e1 e9c9 e1c1 c9e9 c1e1 e9c9 e1c1 c9e9" => Draw;
    // AXF art. 40, same-kind exemption: the black horse can take back.
    b21_horse_attacks_horse: "5k3/9/9/9/9/9/3n5/9/9/N2K5 w",
        "a0b2 d3c1 b2a0 c1d3 a0b2 d3c1 b2a0 c1d3" => Draw;
    // The lame-horse exception of Pikafish, Fairy-Stockfish and xiangqitb:
    // pawns c3/b5 block the black horse's legs toward the red horse.
    b22_horse_chases_lame_horse: "5k3/9/9/9/1P7/N8/2Pn5/9/9/3K5 w",
        "a4b2 d3c5 b2a4 c5d3 a4b2 d3c5 b2a4 c5d3" => Loses(Red, Chase);
    // AXF appendix, "Example of Non-Perpetual Chase"
    // (wxf.org/xq/rule/asia/d101to04.htm): rook and cannon step along one
    // file, the attack never starts or ends.
    b26_standing_attack_is_no_chase: "5k3/9/7c1/9/9/9/9/7R1/9/4K4 w",
        "h2h3 h7h6 h3h2 h6h7 h2h3 h7h6 h3h2 h6h7" => Draw;
    // AXF art. 12 (diagram 13: one check one chase is a draw); the Chinese
    // rules would rule 長打, a loss for Red.
    c1_one_check_one_chase: "4k4/9/9/R8/2c6/9/9/9/9/3K5 w",
        "a6a9 e9e8 a9a5 c5c6 a5a8 e8e9 a8a6 c6c5 a6a9 e9e8 a9a5 c5c6 a5a8 e8e9 a8a6 c6c5" => Draw;
    // AXF art. 5 and art. 15 diagram 19 (one chase one idle is allowed).
    d1_one_chase_one_idle: "5k3/9/1c7/9/9/9/9/R8/9/3K5 w",
        "a2b2 b7c7 b2a2 c7b7 a2b2 b7c7 b2a2 c7b7" => Draw;
    // AXF art. 5: no check, no chase.
    f1_both_sides_idle: "5k2r/9/9/9/9/9/9/9/9/R2K5 w",
        "d0d1 f9f8 d1d0 f8f9 d0d1 f9f8 d1d0 f8f9" => Draw;
    // AXF art. 5: horse moves that attack nothing.
    f2_idle_horse_shuffles: "5k1nr/9/9/9/9/9/9/9/9/RN1K5 w",
        "b0c2 h9g7 c2b0 g7h9 b0c2 h9g7 c2b0 g7h9" => Draw;
}

/// A1c (Fairy-Stockfish and the AXF: the ruling comes at the third
/// occurrence): after one lap the start stands for the second time, and the
/// game goes on, though a search may already rule the cycle.
#[test]
fn a1c_second_occurrence_is_not_ruled() {
    let mut game = played("R8/4k4/9/9/9/9/9/9/9/3K5 w", "a9a8 e8e9 a8a9 e9e8");
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.outcome(), None);
    let repetition = game.repetition().unwrap();
    assert_eq!(repetition.plies_ago, 4);
    assert_eq!(
        repetition.ruling,
        Ruling::PerpetualCheck { loser: Color::Red }
    );
    game.play_text("a9a8").unwrap();
    // A ruling at the second occurrence ends the game there instead.
    let game = played("R8/4k4/9/9/9/9/9/9/9/3K5 w", "a9a8 e8e9 a8a9")
        .with_rules(Rules::default().with_occurrences(2));
    let mut game = game;
    assert_eq!(game.outcome(), None);
    game.play_text("e9e8").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Black,
            by: Check
        })
    );
}

#[test]
fn no_repetition_before_a_position_stands_again() {
    let mut game = Game::new();
    assert_eq!(game.repetition(), None);
    assert_eq!(game.occurrences(), 1);
    for text in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        game.play_text(text).unwrap();
        assert_eq!(game.repetition(), None);
    }
    // Horses out and back: the start stands again after four plies, and
    // undo forgets it.
    let mut game = Game::new();
    for text in ["h0g2", "h9g7", "g2h0", "g7h9"] {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.occurrences(), 2);
    assert_eq!(
        game.repetition().map(|r| (r.plies_ago, r.ruling)),
        Some((4, Ruling::Draw))
    );
    game.undo();
    assert_eq!(game.repetition(), None);
    assert_eq!(game.occurrences(), 1);
}

#[test]
fn judge_refuses_what_is_no_cycle() {
    let start = Position::start();
    let mv = start.parse_move("h0g2").unwrap();
    let after = start.play(mv);
    assert_eq!(judge(&[], &[]), None);
    assert_eq!(judge(std::slice::from_ref(&start), &[]), None);
    assert_eq!(judge(&[start.clone(), after.clone()], &[mv]), None);
    assert_eq!(
        judge(&[start.clone(), after.clone(), start.clone()], &[mv]),
        None
    );
    let back = after.parse_move("h9g7").unwrap();
    let open = [start.clone(), after.clone(), after.play(back)];
    assert_eq!(judge(&open, &[mv, back]), None);
}

/// Two quiet moves from a half-move clock of 118 reach the limit of 120.
const NEAR_LIMIT: &str = "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 118 80";

#[test]
fn move_limit_draws_after_120_quiet_plies() {
    let mut game = Game::from_fen(NEAR_LIMIT).unwrap();
    game.play_text("d0d1").unwrap();
    assert_eq!(game.outcome(), None);
    game.play_text("i9i8").unwrap();
    let draw = Outcome::Draw {
        by: Ending::MoveLimit,
    };
    assert_eq!(game.outcome(), Some(draw));
    assert_eq!(draw.result(), "1/2-1/2");
    assert_eq!(game.play_text("a0a1"), Err(GameError::Finished(draw)));
    // Undo reopens the game; switching the limit off lets it go on.
    game.undo();
    assert_eq!(game.outcome(), None);
    game.play_text("i9i8").unwrap();
    game.set_rules(Rules::default().with_move_limit(None));
    assert_eq!(game.outcome(), None);
    game.play_text("a0a1").unwrap();
}

#[test]
fn move_limit_is_configurable_and_reset_by_captures() {
    let rules = Rules::default().with_move_limit(Some(4));
    let mut game = Game::from_fen("5k2r/9/9/9/9/9/9/9/9/R2K5 w")
        .unwrap()
        .with_rules(rules);
    assert_eq!(game.rules(), rules);
    for text in ["a0a8", "i9i8", "a8a7", "i8i7"] {
        assert_eq!(game.outcome(), None);
        game.play_text(text).unwrap();
    }
    assert_eq!(game.outcome().map(Outcome::ending), Some(Ending::MoveLimit));
    // Four plies with a capture on the last one: the clock starts over.
    let mut game = Game::from_fen("5k2r/9/9/9/9/9/9/9/9/R2K5 w")
        .unwrap()
        .with_rules(rules);
    for text in ["a0a8", "i9i7", "a8a7", "i7a7"] {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.position().halfmove_clock(), 0);
    assert_eq!(game.outcome(), None);
}

#[test]
fn no_legal_move_loses_even_at_the_limit() {
    // Rook a8 holds rank 8 and the red king the e-file: once Red's rook
    // steps to b8 at ply 120, Black has no legal move and loses.
    let mut game = Game::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 w - - 119 70").unwrap();
    game.play_text("a8b8").unwrap();
    assert_eq!(game.position().halfmove_clock(), 120);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Red,
            by: Ending::Stalemate
        })
    );
}

#[test]
fn endings_have_names_and_words() {
    for (ending, name, words) in [
        (Ending::Checkmate, "checkmate", "checkmate"),
        (Ending::Stalemate, "stalemate", "stalemate"),
        (Ending::PerpetualCheck, "perpetual-check", "perpetual check"),
        (Ending::PerpetualChase, "perpetual-chase", "perpetual chase"),
        (Ending::Repetition, "repetition", "repetition"),
        (Ending::MoveLimit, "move-limit", "move limit"),
    ] {
        assert_eq!(ending.name(), name);
        assert_eq!(ending.to_string(), words);
    }
    let lost = Outcome::Win {
        winner: Black,
        by: Ending::PerpetualChase,
    };
    assert_eq!(lost.to_string(), "Black won by perpetual chase");
    assert_eq!(
        (lost.result(), lost.ending()),
        ("0-1", Ending::PerpetualChase)
    );
}

/// Sparse positions, where random moves often come back to a position.
const SPARSE: [&str; 6] = [
    "5k3/9/1c3r3/9/9/9/9/R8/5R3/3K5 w",
    "2r2k3/9/9/1N7/9/9/2r6/9/9/4K4 w",
    "4rk3/9/3n5/9/9/9/2P1P4/9/2C6/3K5 w",
    "5k3/9/9/9/1P7/N8/2Pn5/9/9/3K5 w",
    "3r1k3/5c3/9/9/5R3/9/9/9/3K5/5C3 w",
    "4k4/9/9/R8/2c6/9/9/9/9/3K5 w",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games: asking for the outcome and the repetition at every
    /// ply never panics; every ruling is one the check flags allow; and
    /// judging any slice of the game, cycle or not, never panics.
    #[test]
    fn rulings_never_panic(
        start in 0..SPARSE.len(),
        occurrences in 2u32..5,
        choices in proptest::collection::vec(any::<u32>(), 1..160),
    ) {
        let rules = Rules::default().with_occurrences(occurrences).with_move_limit(None);
        let mut game = Game::from_fen(SPARSE[start]).unwrap().with_rules(rules);
        let mut positions = vec![game.position().clone()];
        for choice in &choices {
            if game.outcome().is_some() {
                break;
            }
            if let Some(repetition) = game.repetition() {
                let at = positions.len() - 1 - repetition.plies_ago;
                let checkers = |color: Color| {
                    (at..positions.len() - 1)
                        .filter(|&i| positions[i].side_to_move() == color)
                        .all(|i| positions[i + 1].is_check())
                };
                if let Ruling::PerpetualCheck { loser } = repetition.ruling {
                    prop_assert!(checkers(loser) && !checkers(!loser));
                }
            }
            let moves = game.position().legal_moves();
            let mv = moves[*choice as usize % moves.len()];
            game.play(mv).unwrap();
            positions.push(game.position().clone());
        }
        let moves = game.moves();
        for (i, choice) in choices.iter().enumerate().take(8) {
            let from = (*choice as usize + i) % (moves.len() + 1);
            let to = (from + (*choice as usize >> 8) % 12).min(moves.len());
            let _ = judge(&positions[from..=to], &moves[from..to]);
            let _ = judge(&positions[from..], &moves[from..to]);
        }
    }
}

/// The single-move chase cases of the notes' §5.2: the pieces the move
/// newly chases (chased after it, not before), and all it chases after it.
fn check_chase(fen: &str, text: &str, newly: &[&str]) {
    let before = Position::from_fen(fen).unwrap();
    let mover = before.side_to_move();
    let after = before.play(before.parse_move(text).unwrap());
    let squares = |names: &[&str]| {
        names
            .iter()
            .map(|name| name.parse::<Square>().unwrap())
            .collect::<Bitboard>()
    };
    let now = chased(&after, mover);
    assert_eq!(now - chased(&before, mover), squares(newly), "{fen} {text}");
    // Nothing the other side attacks in these positions is a chase.
    assert!(chased(&after, !mover).is_empty(), "{fen} {text}");
}

macro_rules! chase_cases {
    ($($name:ident: $fen:literal, $move:literal => [$($victim:literal),*];)*) => {
        $(
            #[test]
            fn $name() {
                check_chase($fen, $move, &[$($victim),*]);
            }
        )*
    };
}

chase_cases! {
    // K1 (B1): a rook attacks an unprotected cannon.
    k1_rook_attacks_unprotected_cannon: "5k3/9/1c7/9/9/9/9/R8/9/3K5 w", "a2b2" => ["b7"];
    // K2 (B2, AXF art. 17): rook i7 protects the cannon.
    k2_rook_attacks_protected_cannon: "5k3/9/1c6r/9/9/9/9/R8/9/3K5 w", "a2b2" => [];
    // K3 (B5, AXF art. 15/16): a horse attacking a rook chases it, protected or not.
    k3_horse_attacks_protected_rook: "2r2k3/9/9/1N7/9/9/2r6/9/9/4K4 w", "b6d7" => ["c9"];
    // K4 (B6, AXF art. 15): so does a cannon.
    k4_cannon_attacks_protected_rook: "4rk3/9/3n5/9/9/9/2P1P4/9/2C6/3K5 w", "c1e1" => ["e9"];
    // K5 (B8, AXF art. 40): the attacked rook can take back.
    k5_rook_attacks_rook_that_takes_back: "1r3k3/9/9/9/9/9/9/9/2R6/4K4 w", "c1b1" => [];
    // K6 (B9): the attacked rook is pinned and cannot take back.
    k6_rook_attacks_pinned_rook: "4k4/9/4r4/R8/9/9/9/9/4R4/3K5 w", "a6a7" => ["e7"];
    // K7 (B12, AXF art. 28): king attacks never chase.
    k7_king_attacks_cannon: "5k3/9/9/9/9/9/9/4c4/3K5/9 w", "d1e1" => [];
    // K8 (B13, AXF art. 29): pawn attacks never chase.
    k8_pawn_attacks_cannon: "5k3/9/3c5/2P6/9/9/9/9/9/4K4 w", "c6d6" => [];
    // K9: a pawn that has not crossed the river is no target.
    k9_rook_attacks_uncrossed_pawn: "5k3/9/9/2p6/9/9/9/9/R8/3K5 w", "a1c1" => [];
    // K10 (B4): a crossed pawn is.
    k10_rook_attacks_crossed_pawn: "5k3/9/9/9/9/1p7/9/9/R8/3K5 w", "a1b1" => ["b4"];
    // K11 (B1c): the cannon's only protector is pinned.
    k11_protector_pinned: "5k3/9/1c3r3/9/9/9/9/R8/5R3/3K5 w", "a2b2" => ["b7"];
    // K12 (B21, AXF art. 40): the attacked horse can take back.
    k12_horse_attacks_horse: "5k3/9/9/9/9/9/3n5/9/9/N2K5 w", "a0b2" => [];
    // K13 (B22): the attacked horse's leg toward the attacker is blocked.
    k13_horse_attacks_lame_horse: "5k3/9/9/9/1P7/N8/2Pn5/9/9/3K5 w", "a4b2" => ["d3"];
    // K14 (B26): a move along the line of an attack that already stood.
    k14_standing_attack: "5k3/9/7c1/9/9/9/9/7R1/9/4K4 w", "h2h3" => [];
}

#[test]
fn chased_follows_whoever_is_to_move_and_ignores_standing_checks() {
    // The same pieces with either side to move chase the same victim.
    for fen in [
        "5k3/9/1c7/9/9/9/9/1R7/9/3K5 b",
        "5k3/9/1c7/9/9/9/9/1R7/9/3K5 w",
    ] {
        let position = Position::from_fen(fen).unwrap();
        assert_eq!(chased(&position, Red), Square::B7.bitboard());
    }
    // Red in check from the rook on d9 still chases the cannon on b7.
    let in_check = Position::from_fen("3r1k3/9/1c7/9/9/9/9/1R7/9/3K5 w").unwrap();
    assert!(in_check.is_check());
    assert_eq!(chased(&in_check, Red), Square::B7.bitboard());
    // The horse on d1 shields its king from the rook on d9: its attack on
    // the cannon on e3 chases nothing until the rook is gone.
    let pinned = Position::from_fen("3r1k3/9/9/9/9/9/4c4/9/3N5/3K5 w").unwrap();
    assert!(chased(&pinned, Red).is_empty());
    let free = Position::from_fen("5k3/9/9/9/9/9/4c4/9/3N5/3K5 w").unwrap();
    assert_eq!(chased(&free, Red), Square::E3.bitboard());
}

#[test]
fn chased_counts_elephants_and_advisors_on_unprotected_pieces_only() {
    // Elephant e2 attacks the black horse on c4 (unprotected: the pawn on
    // e4 shields it from the rook on g4) and that rook (protected by the
    // rook on g9).
    let position = Position::from_fen("5kr2/9/9/9/9/2n1P1r2/9/4B4/9/3K5 w").unwrap();
    assert_eq!(chased(&position, Red), Square::C4.bitboard());
}

#[test]
fn chases_names_the_victim_by_the_square_it_left() {
    let after_move = Position::from_fen("5k3/9/1c7/9/9/9/9/1R7/9/3K5 b").unwrap();
    for (reply, victims) in [("b7a7", Square::B7.bitboard()), ("f9f8", Bitboard::EMPTY)] {
        let reply = after_move.parse_move(reply).unwrap();
        let after_reply = after_move.play(reply);
        assert_eq!(chases(&after_move, reply, &after_reply), victims);
    }
}
