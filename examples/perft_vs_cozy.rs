//! qiboard's perft beside cozy-chess's, in one run, one thread, both with
//! bulk counting at the last ply (cozy-chess: the sizes of its per-piece
//! move sets; qiboard: `count_legal_moves`). Each side's best round counts;
//! times are the thread's CPU time on Linux, so that other processes on a
//! shared machine disturb the figures less.
//!
//! `cargo run --release --example perft_vs_cozy [rounds] [--deep] [--quick] [--only=qiboard|cozy] [--case=start|kiwipete]`
//!
//! The default depths are 6 (start) and 5 (Kiwipete). `--deep` searches
//! one ply more: start depth 7 and Kiwipete depth 6, the depths the speed
//! goal is stated at (about 40 s a round here). Each `--quick` searches
//! one ply less (about 1/25 of the work), so that
//! many short rounds can find each side's unhindered speed on a busy
//! machine, or a simulator (valgrind) can count instructions;
//! `--only` runs one side alone, e.g. for a profiler.

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{cozy_perft, mnps, timed};

use qiboard::chess::{perft, Position};

fn main() {
    let mut rounds = 3;
    let mut shallower = 0;
    let mut deeper = 0;
    let mut only = None;
    let mut case = None;
    for arg in std::env::args().skip(1) {
        if arg == "--quick" {
            shallower += 1;
        } else if arg == "--deep" {
            deeper += 1;
        } else if let Some(side) = arg.strip_prefix("--only=") {
            only = Some(side.to_string());
        } else if let Some(name) = arg.strip_prefix("--case=") {
            case = Some(name.to_string());
        } else if let Ok(n) = arg.parse() {
            rounds = n;
        } else {
            eprintln!(
                "usage: perft_vs_cozy [rounds] [--deep] [--quick] [--only=qiboard|cozy] [--case=start|kiwipete]"
            );
            std::process::exit(2);
        }
    }
    let run_ours = only.as_deref() != Some("cozy");
    let run_cozy = only.as_deref() != Some("qiboard");
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
        if case.as_ref().is_some_and(|case| case != name) {
            continue;
        }
        let depth = (depth + deeper) - shallower.min(depth + deeper - 1);
        let ours = Position::from_fen(fen).expect("valid FEN");
        let theirs = cozy_chess::Board::from_fen(fen, false).expect("valid FEN");
        // Alternate the two so that both see the same machine load; keep
        // each one's best round.
        let mut our_best = (0, Duration::MAX);
        let mut their_best = (0, Duration::MAX);
        for _ in 0..rounds {
            if run_ours {
                let (nodes, time) =
                    timed(|| perft(black_box(&ours), depth).expect("a depth perft counts"));
                our_best = (nodes, our_best.1.min(time));
            }
            if run_cozy {
                let (nodes, time) = timed(|| cozy_perft(black_box(&theirs), depth));
                their_best = (nodes, their_best.1.min(time));
            }
        }
        if !(run_ours && run_cozy) {
            let (nodes, time) = if run_ours { our_best } else { their_best };
            println!(
                "{name:<9} {depth:>5} {nodes:>12} {:>8.1} Mnps",
                mnps(nodes, time)
            );
            continue;
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
