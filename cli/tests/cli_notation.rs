//! `qiboard moves … --notation`, run as a user would.

mod common;

use common::{qiboard, qiboard_with_input, stdout};

const XIANGQI_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

#[test]
fn default_and_ucci_are_the_same_sorted_coordinates() {
    let plain = qiboard(&["moves", "xiangqi", XIANGQI_START]);
    let ucci = qiboard(&["moves", "xiangqi", XIANGQI_START, "--notation", "ucci"]);
    assert_eq!(plain.stdout, ucci.stdout);
    let moves: Vec<&str> = std::str::from_utf8(&plain.stdout)
        .unwrap()
        .trim()
        .split(' ')
        .collect();
    assert!(moves.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn notations_follow_the_coordinate_order() {
    let ucci = stdout(&qiboard(&["moves", "xiangqi", XIANGQI_START]));
    let wxf = stdout(&qiboard(&[
        "moves",
        "xiangqi",
        XIANGQI_START,
        "--notation",
        "wxf",
    ]));
    let chinese = stdout(&qiboard(&[
        "moves",
        "xiangqi",
        XIANGQI_START,
        "--notation",
        "chinese",
    ]));
    let at = |text: &str, word: &str| text.split_whitespace().position(|w| w == word);
    assert_eq!(at(&ucci, "h2e2"), at(&wxf, "C2.5"));
    assert_eq!(at(&ucci, "h2e2"), at(&chinese, "炮二平五"));
    assert_eq!(wxf.split_whitespace().count(), 44);
}

#[test]
fn chess_san() {
    let output = qiboard_with_input(
        &["moves", "chess", "-", "--notation", "san"],
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\nnot a fen\n",
    );
    assert_eq!(output.status.code(), Some(1), "a bad line fails the run");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].split(' ').any(|m| m == "O-O") && lines[0].split(' ').any(|m| m == "O-O-O"));
    assert!(lines[1].starts_with("error: "));
}

#[test]
fn notation_of_the_other_game_is_a_usage_error() {
    for args in [
        ["moves", "chess", "startpos", "--notation", "wxf"],
        ["moves", "xiangqi", XIANGQI_START, "--notation", "san"],
    ] {
        let output = qiboard(&args);
        assert_eq!(output.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: "));
    }
}
