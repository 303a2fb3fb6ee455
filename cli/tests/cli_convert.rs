//! `qiboard convert xiangqi` and `convert chess`, run as a user would.

mod common;

use std::path::Path;
use std::process::Output;

use common::{qiboard, qiboard_with_input, stdout};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn words(text: &str) -> Vec<&str> {
    text.split(' ').collect()
}

/// `convert xiangqi <sample> --to ucci`, or `None` when the samples are
/// not on this machine.
fn sample_to_ucci(name: &str) -> Option<Output> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/cchess-samples")
        .join(name);
    let path = path.exists().then(|| path.to_string_lossy().into_owned())?;
    Some(qiboard(&["convert", "xiangqi", &path, "--to", "ucci"]))
}

#[test]
fn pgn_from_stdin_to_ucci_and_back() {
    let pgn = "1. 炮二平五 马８进７ (1... 炮８平５) 2. 马二进三 *\n";
    let output = qiboard_with_input(&["convert", "xiangqi", "-", "--to", "ucci"], pgn);
    assert!(output.status.success());
    assert_eq!(stdout(&output), format!("{START}\nh2e2 h9g7 h0g2\n"));
    let output = qiboard_with_input(&words("convert xiangqi - --to pgn --notation wxf"), pgn);
    let text = stdout(&output);
    assert!(text.starts_with("[Game \"Chinese Chess\"]\n"), "{text}");
    assert!(
        text.contains("1. C2.5 H8+7 (1... C8.5) 2. H2+3 *"),
        "{text}"
    );
}

#[test]
fn xqf_files_convert() {
    let Some(output) = sample_to_ucci("ucci_test3.xqf") else {
        return;
    };
    assert!(output.status.success());
    assert_eq!(
        stdout(&output),
        "3k3r1/4a4/3a5/6N2/9/9/9/4C4/4p2c1/2BR1K3 w - - 0 1\ng6f8 h9f9 d0d7\n"
    );
}

#[test]
fn unplayable_moves_are_errors_after_the_output() {
    let Some(output) = sample_to_ucci("BadMoveTest3.xqf") else {
        return;
    };
    assert_eq!(
        output.status.code(),
        Some(1),
        "a refused move fails the run"
    );
    assert_eq!(
        stdout(&output)
            .lines()
            .nth(1)
            .map(|line| line.split(' ').count()),
        Some(9)
    );
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(
        errors.starts_with("error: ") && errors.contains("ply 10") && errors.contains("\"e1f0\""),
        "{errors}"
    );
}

#[test]
fn bad_input_fails_by_kind() {
    // Runs that fail before reading stdin get none, so that writing it
    // cannot race their exit.
    let missing = qiboard(&words("convert xiangqi /no/such/file --to pgn"));
    let usage = [
        qiboard(&words("convert xiangqi - --to pgn --notation san")),
        qiboard(&words("convert chess - --to pgn --notation wxf")),
    ];
    let read = [
        ("- --to pgn", "XQ too short"),
        ("- --to ucci", "[FEN \"9/9 w\"]\n1. h2e2"),
    ]
    .map(|(rest, input)| qiboard_with_input(&words(&format!("convert xiangqi {rest}")), input));
    let runs = [(&missing, 3)]
        .into_iter()
        .chain(usage.iter().map(|output| (output, 2)))
        .chain(read.iter().map(|output| (output, 1)));
    for (output, code) in runs {
        assert_eq!(output.status.code(), Some(code), "{output:?}");
        let errors = String::from_utf8_lossy(&output.stderr);
        assert!(errors.starts_with("error: "), "{errors}");
    }
}

#[test]
fn chess_pgn_converts_to_uci_and_back() {
    let pgn = "[White \"A\"]\n\n1. e4 {open} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 a6 *\n\n[Event \"2\"]\n1. d4 d5 1/2-1/2\n";
    let output = qiboard_with_input(&words("convert chess - --to uci"), pgn);
    assert!(output.status.success());
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        stdout(&output),
        format!("{start}\ne2e4 e7e5 g1f3 b8c6 f1b5 a7a6\n{start}\nd2d4 d7d5\n")
    );
    for rest in ["--to pgn", "--to pgn --notation san"] {
        let output = qiboard_with_input(&words(&format!("convert chess - {rest}")), pgn);
        assert!(output.status.success());
        let text = stdout(&output);
        assert!(
            text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "1. e4 {open} 1... e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 a6 *\n\n[Event \"2\"]"
            ),
            "{text}"
        );
        assert!(text.ends_with("1. d4 d5 1/2-1/2\n"), "{text}");
    }
}

#[test]
fn a_bad_chess_move_is_an_error_after_the_output() {
    let output = qiboard_with_input(
        &words("convert chess - --to uci"),
        "1. e4 e5 2. Ke3 Nc6 *\n",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).ends_with("\ne2e4 e7e5\n"));
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(
        errors.starts_with("error: -: game 1: ply 3") && errors.contains("\"Ke3\""),
        "{errors}"
    );
}
