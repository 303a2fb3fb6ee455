//! The `qiboard perft chess` and `qiboard moves chess` commands.

mod common;

use common::{qiboard_with_input, stdout};

#[test]
fn perft_prints_nodes_last() {
    let output = qiboard_with_input(&["perft", "chess", "3"], "");
    assert!(output.status.success());
    assert_eq!(stdout(&output), "nodes 8902\n");
    assert!(String::from_utf8_lossy(&output.stderr).contains("nodes/s"));
}

#[test]
fn perft_divide_sums_to_nodes() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let output = qiboard_with_input(&["perft", "chess", "2", "--fen", kiwipete, "--divide"], "");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"nodes 2039"));
    let split = &lines[..lines.len() - 1];
    assert_eq!(split.len(), 48);
    let total: u64 = split
        .iter()
        .map(|line| line.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, 2039);
    // The same first moves as `moves` lists, in the same (sorted) order.
    let first_moves: Vec<&str> = split
        .iter()
        .map(|line| line.split(": ").next().unwrap())
        .collect();
    let listed = stdout(&qiboard_with_input(&["moves", "chess", kiwipete], ""));
    assert_eq!(first_moves.join(" "), listed.trim_end());
    assert!(first_moves.contains(&"e1g1") && first_moves.contains(&"e1c1"));
}

#[test]
fn moves_of_one_fen() {
    let output = qiboard_with_input(&["moves", "chess", "8/P6k/8/8/8/8/8/K7 w - - 0 1"], "");
    assert_eq!(stdout(&output), "a1a2 a1b1 a1b2 a7a8b a7a8n a7a8q a7a8r\n");
}

#[test]
fn moves_from_stdin_carry_on_after_errors() {
    let input = "4k3/8/8/8/8/8/8/4K2R w K - 0 1\nnot a fen\n7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n";
    let output = qiboard_with_input(&["moves", "chess", "-"], input);
    // The run goes on past the bad line, and its exit code tells of it.
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 h1f1"));
    assert!(lines[1].starts_with("error: "), "{}", lines[1]);
    assert_eq!(lines[2], "", "stalemate has no moves");
}

#[test]
fn bad_fen_is_a_usage_error() {
    let output = qiboard_with_input(&["moves", "chess", "8/8/8 w - - 0 1"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: "));
    let output = qiboard_with_input(&["perft", "chess", "1", "--fen", "x"], "");
    assert_eq!(output.status.code(), Some(2));
}
