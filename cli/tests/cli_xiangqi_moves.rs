//! `qiboard perft xiangqi` and `qiboard moves xiangqi`, run as a user would.

mod common;

use common::{qiboard_with_input, stdout};

#[test]
fn perft_prints_nodes_last() {
    let output = qiboard_with_input(&["perft", "xiangqi", "3"], "");
    assert!(output.status.success());
    assert_eq!(stdout(&output).lines().last(), Some("nodes 79666"));
    assert!(String::from_utf8_lossy(&output.stderr).contains("Mnodes/s"));
}

#[test]
fn divide_sums_to_the_total() {
    let fen = "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w";
    let output = qiboard_with_input(&["perft", "xiangqi", "3", "--fen", fen, "--divide"], "");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"nodes 8620"));
    let parts: Vec<u64> = lines[..lines.len() - 1]
        .iter()
        .map(|line| line.split(": ").nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(parts.len(), 7);
    assert_eq!(parts.iter().sum::<u64>(), 8620);
}

#[test]
fn moves_reads_stdin_and_reports_bad_lines() {
    let input = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\nnot a fen\n3k5/R8/9/9/4R4/9/9/9/9/5K3 b\n";
    let output = qiboard_with_input(&["moves", "xiangqi", "-"], input);
    assert_eq!(output.status.code(), Some(1), "a bad line fails the run");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    let start: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(start.len(), 44);
    assert!(start.windows(2).all(|w| w[0] < w[1]), "sorted");
    assert!(lines[1].starts_with("error: "));
    assert_eq!(lines[2], "", "a stalemated side has no moves");
}

#[test]
fn bad_fen_argument_exits_2() {
    let output = qiboard_with_input(&["moves", "xiangqi", "9/9 w"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: "));
}
