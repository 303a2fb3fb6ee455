//! `qiboard bb chess` and `qiboard attacks chess`, run as a user would.

mod common;

use common::{qiboard, stdout_lines};

#[test]
fn bb_prints_diagram_rank_string_and_hex() {
    let set = "00000000/00000000/00000000/00000000/00000000/00101000/10000001/00000000";
    let output = qiboard(&["bb", "chess", set]);
    assert!(output.status.success());
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), 11, "{lines:?}");
    assert_eq!(lines[5], "3 . . 1 . 1 . . .");
    assert_eq!(lines[9], set);
    assert_eq!(lines[10], "0x0000000000148100");
    // Hex input gives the same set.
    assert_eq!(stdout_lines(&qiboard(&["bb", "chess", "0x148100"])), lines);
}

#[test]
fn attacks_respects_occupancy() {
    let output = qiboard(&["attacks", "chess", "rook", "d1", "0x0000000800000080"]);
    assert!(output.status.success());
    let lines = stdout_lines(&output);
    assert_eq!(
        lines[9],
        "00000000/00000000/00000000/00010000/00010000/00010000/00010000/11101111"
    );
    let knight = stdout_lines(&qiboard(&["attacks", "chess", "knight", "d4"]));
    assert_eq!(
        knight[9],
        "00000000/00000000/00101000/01000100/00000000/01000100/00101000/00000000"
    );
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    for args in [
        &["attacks", "chess", "dragon", "d4"][..],
        &["attacks", "chess", "rook", "z9"],
        &["attacks", "chess", "rook", "d4", "0xnothex"],
        &["bb", "chess", "0101"],
        &["bb", "checkers", "0x1"],
    ] {
        let output = qiboard(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("error"),
            "{args:?}"
        );
    }
}
