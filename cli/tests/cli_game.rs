//! `qiboard game`, run as a user would: the last line is the result.

mod common;

use common::{qiboard, stdout_lines, usage_error};

/// The last line of a successful run.
fn result_of(args: &[&str]) -> String {
    let output = qiboard(args);
    assert!(output.status.success(), "{args:?}: {output:?}");
    stdout_lines(&output).pop().expect("a result line")
}

/// A cycle played twice (the notes' case A1): Red's rook checks on every
/// move.
const A1: [&str; 10] = [
    "--fen",
    "R8/4k4/9/9/9/9/9/9/9/3K5 w",
    "a9a8",
    "e8e9",
    "a8a9",
    "e9e8",
    "a9a8",
    "e8e9",
    "a8a9",
    "e9e8",
];

fn xiangqi(args: &[&str]) -> Vec<String> {
    let mut all = vec!["game".to_string(), "xiangqi".to_string()];
    all.extend(args.iter().map(|arg| arg.to_string()));
    all
}

fn refs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

#[test]
fn xiangqi_repetitions_are_ruled() {
    assert_eq!(
        result_of(&refs(&xiangqi(&A1))),
        "result 0-1 perpetual-check"
    );
    // B1: Red's rook chases the unprotected cannon (moves in one argument).
    let b1 = xiangqi(&[
        "--fen",
        "5k3/9/1c7/9/9/9/9/R8/9/3K5 w",
        "a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2 a7b7",
    ]);
    assert_eq!(result_of(&refs(&b1)), "result 0-1 perpetual-chase");
    // F1: both sides idle.
    let f1 = xiangqi(&[
        "--fen",
        "5k2r/9/9/9/9/9/9/9/9/R2K5 w",
        "d0d1 f9f8 d1d0 f8f9 d0d1 f9f8 d1d0 f8f9",
    ]);
    assert_eq!(result_of(&refs(&f1)), "result 1/2-1/2 repetition");
    // One lap only: the start has stood twice, the game goes on.
    assert_eq!(result_of(&refs(&xiangqi(&A1[..6]))), "result * ongoing");
}

#[test]
fn xiangqi_prints_the_final_position_and_mates() {
    let output = qiboard(&refs(&xiangqi(&["h2e2", "h9g7"])));
    assert_eq!(
        stdout_lines(&output),
        [
            "fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
            "result * ongoing"
        ]
    );
    let mate = xiangqi(&["--fen", "3k5/R8/9/9/9/9/9/9/9/4K3R w", "i0i9"]);
    assert_eq!(result_of(&refs(&mate)), "result 1-0 checkmate");
    let stalemate = xiangqi(&["--fen", "3k5/R8/9/9/9/9/9/9/9/4K4 w", "a8b8"]);
    assert_eq!(result_of(&refs(&stalemate)), "result 1-0 stalemate");
}

#[test]
fn xiangqi_move_limit() {
    let near = "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 118 80";
    let args = |limit: Option<&str>| {
        let mut args = vec!["--fen", near];
        if let Some(limit) = limit {
            args.extend(["--move-limit", limit]);
        }
        args.extend(["d0d1", "i9i8"]);
        xiangqi(&args)
    };
    assert_eq!(result_of(&refs(&args(None))), "result 1/2-1/2 move-limit");
    assert_eq!(result_of(&refs(&args(Some("none")))), "result * ongoing");
    assert_eq!(result_of(&refs(&args(Some("200")))), "result * ongoing");
    // At 119 the game is over after the first move.
    let error = usage_error(&refs(&args(Some("119"))));
    assert_eq!(
        error,
        "error: move 2 (i9i8): the game is over: draw by move limit"
    );
    let error = usage_error(&refs(&args(Some("sixty"))));
    assert!(error.starts_with("error: --move-limit"), "{error}");
}

#[test]
fn illegal_and_late_moves_are_errors() {
    let error = usage_error(&refs(&xiangqi(&["h2e2", "h9h2", "h0g2"])));
    assert!(error.starts_with("error: move 2 (h9h2)"), "{error}");
    let error = usage_error(&refs(&xiangqi(&["h2e2", "x9"])));
    assert!(error.starts_with("error: move 2 (x9)"), "{error}");
    let mut late = A1.to_vec();
    late.push("a9a8");
    let error = usage_error(&refs(&xiangqi(&late)));
    assert!(
        error.starts_with("error: move 9 (a9a8): the game is over: Black won by perpetual check"),
        "{error}"
    );
    let error = usage_error(&["game", "xiangqi", "--fen", "9/9/9 w"]);
    assert!(error.starts_with("error: "), "{error}");
}

#[test]
fn chess_games_end_in_mate_and_draws() {
    let fools_mate = ["game", "chess", "f2f3", "e7e5", "g2g4", "d8h4"];
    assert_eq!(result_of(&fools_mate), "result 0-1 checkmate");
    assert_eq!(result_of(&["game", "chess", "e2e4"]), "result * ongoing");
    let stalemate = [
        "game",
        "chess",
        "--fen",
        "7k/5Q2/8/6K1/8/8/8/8 w - - 0 1",
        "g5g6",
    ];
    assert_eq!(result_of(&stalemate), "result 1/2-1/2 stalemate");
    let bare_kings = [
        "game",
        "chess",
        "--fen",
        "8/8/4k3/8/8/8/4r3/4K3 w - - 0 1",
        "e1e2",
    ];
    assert_eq!(
        result_of(&bare_kings),
        "result 1/2-1/2 insufficient-material"
    );
    let shuffles = ["g1f3 g8f6 f3g1 f6g8"; 4];
    let fivefold: Vec<&str> = ["game", "chess"].into_iter().chain(shuffles).collect();
    assert_eq!(result_of(&fivefold), "result 1/2-1/2 fivefold-repetition");
    let error = usage_error(&["game", "chess", "e2e5"]);
    assert!(error.starts_with("error: move 1 (e2e5)"), "{error}");
    let error = usage_error(&["game", "chess", "--move-limit", "100", "e2e4"]);
    assert!(error.contains("xiangqi only"), "{error}");
}
