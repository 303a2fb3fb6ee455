//! qiboard's perft beside cozy-chess's, in one run, one thread, both with
//! bulk counting at the last ply (cozy-chess: the sizes of its per-piece
//! move sets; qiboard: `count_legal_moves`).
//!
//! `cargo run --release --example perft_vs_cozy [rounds]`

use std::hint::black_box;
use std::time::{Duration, Instant};

use qiboard::chess::Position;

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Best of `rounds` timings of `run`, with the node count it returned.
fn best_of(rounds: u32, mut run: impl FnMut() -> u64) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut nodes = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        nodes = black_box(run());
        best = best.min(start.elapsed());
    }
    (nodes, best)
}

fn mnps(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64() / 1e6
}

fn main() {
    let rounds: u32 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(3);
    let cases = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            6,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            5,
        ),
    ];
    println!("position  depth        nodes   qiboard Mnps   cozy Mnps   ratio");
    for (name, fen, depth) in cases {
        let ours = Position::from_fen(fen).expect("valid FEN");
        let theirs = cozy_chess::Board::from_fen(fen, false).expect("valid FEN");
        // Alternate the two so that both see the same machine load.
        let mut our_best = (0, Duration::MAX);
        let mut their_best = (0, Duration::MAX);
        for _ in 0..rounds {
            let run = best_of(1, || black_box(&ours).perft(depth));
            our_best = (run.0, our_best.1.min(run.1));
            let run = best_of(1, || cozy_perft(black_box(&theirs), depth));
            their_best = (run.0, their_best.1.min(run.1));
        }
        assert_eq!(our_best.0, their_best.0, "node counts differ on {name}");
        let (ours_mnps, theirs_mnps) = (
            mnps(our_best.0, our_best.1),
            mnps(their_best.0, their_best.1),
        );
        println!(
            "{name:<9} {depth:>5} {:>12} {ours_mnps:>14.1} {theirs_mnps:>11.1} {:>7.2}",
            our_best.0,
            ours_mnps / theirs_mnps
        );
    }
}
