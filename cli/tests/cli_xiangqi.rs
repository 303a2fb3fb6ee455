//! `qiboard bb xiangqi` and `qiboard attacks xiangqi`, run as a user would.

mod common;

use std::process::Output;

use common::{qiboard, stdout_lines};

/// The diagram (11 lines), the rank string, the hex.
fn printed_lines(output: &Output) -> Vec<String> {
    assert!(output.status.success(), "{output:?}");
    let lines = stdout_lines(output);
    assert_eq!(lines.len(), 13, "{lines:#?}");
    lines
}

const CORNERS: &str = "100000001/000000000/000000000/000000000/000000000/000000000/000000000/000000000/000000000/100000001";

#[test]
fn bb_prints_diagram_rank_string_and_hex() {
    for input in [CORNERS, "0x20200000000000000000101"] {
        let lines = printed_lines(&qiboard(&["bb", "xiangqi", input]));
        assert_eq!(lines[0], "9 1 . . . . . . . 1");
        assert_eq!(lines[9], "0 1 . . . . . . . 1");
        assert_eq!(lines[10], "  a b c d e f g h i");
        assert_eq!(lines[11], CORNERS);
        assert_eq!(lines[12], "0x20200000000000000000101");
    }
}

#[test]
fn attacks_read_the_occupancy() {
    // h2 cannon, screen on h7, target on h9; a second screen on e2 with
    // nothing behind it on the rank.
    let occupancy = "000000010/000000000/000000010/000000000/000000000/000000000/000000000/000010000/000000000/000000000";
    let lines = printed_lines(&qiboard(&["attacks", "xiangqi", "cannon", "h2", occupancy]));
    assert_eq!(
        lines[11],
        "000000010/000000000/000000000/000000000/000000000/000000000/000000000/000000000/000000000/000000000"
    );
    let lines = printed_lines(&qiboard(&["attacks", "xiangqi", "elephant", "c4"]));
    assert_eq!(
        lines[11],
        "000000000/000000000/000000000/000000000/000000000/000000000/000000000/100010000/000000000/000000000"
    );
}

#[test]
fn bad_arguments_exit_2_with_an_error() {
    for args in [
        &["attacks", "xiangqi", "queen", "e0"][..],
        &["attacks", "xiangqi", "rook", "j0"],
        &[
            "attacks",
            "xiangqi",
            "rook",
            "e0",
            "0x40000000000000000000000",
        ],
        &["bb", "xiangqi", "000000000/000000000"],
    ] {
        let output = qiboard(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
