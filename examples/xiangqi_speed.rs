//! Xiangqi perft speed with a yardstick: qiboard's xiangqi perft and
//! cozy-chess's chess perft alternate round by round (one thread, CPU
//! time, best round each), so a busy or throttled machine slows both.
//!
//! Pikafish's published speed here is about 129 Mnps for start-position
//! perft 6 when cozy-chess runs start-position perft 6 at about 335 Mnps;
//! scaling 129 by cozy-chess's speed in this run estimates Pikafish's speed
//! under the same conditions.
//!
//! `cargo run --release --example xiangqi_speed [rounds] [depth]`
//! (default 5 rounds of depth 5; depth 6 is the figure).

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{cozy_perft, mnps, timed};
use qiboard::xiangqi::{perft, Position};

const PIKAFISH_MNPS: f64 = 129.0;
const COZY_MNPS_SAME_MACHINE: f64 = 335.0;
/// Pikafish's perft 6 rate as a fraction of cozy-chess's (the issue's).
const PIKAFISH_PER_COZY: f64 = 0.36;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u32>());
    let rounds = args.next().and_then(Result::ok).unwrap_or(5);
    let depth = args.next().and_then(Result::ok).unwrap_or(5);
    let xiangqi = Position::start();
    let chess = cozy_chess::Board::default();
    let (mut ours, mut cozy) = ((0, Duration::MAX), (0, Duration::MAX));
    for _ in 0..rounds {
        let (nodes, time) =
            timed(|| perft(black_box(&xiangqi), depth).expect("a depth perft counts"));
        ours = (nodes, ours.1.min(time));
        let (nodes, time) = timed(|| cozy_perft(black_box(&chess), 6));
        cozy = (nodes, cozy.1.min(time));
    }
    let (ours_mnps, cozy_mnps) = (mnps(ours.0, ours.1), mnps(cozy.0, cozy.1));
    let pikafish_estimate = PIKAFISH_MNPS * cozy_mnps / COZY_MNPS_SAME_MACHINE;
    println!(
        "xiangqi start perft {depth}: {} nodes, {ours_mnps:.1} Mnps (best of {rounds})",
        ours.0
    );
    println!("cozy-chess start perft 6 (yardstick): {cozy_mnps:.1} Mnps");
    println!(
        "Pikafish estimate at this machine speed: {pikafish_estimate:.1} Mnps; qiboard / Pikafish = {:.2}",
        ours_mnps / pikafish_estimate
    );
    // The yardstick: Pikafish's perft 6 (54.6 s, 98.8 Mnps) ran
    // at 0.36 of cozy-chess's start-position rate here, so 3x Pikafish
    // is 1.08x cozy-chess.
    println!(
        "qiboard / cozy-chess = {:.3} (3x Pikafish at 0.36x cozy-chess: 1.08); qiboard / Pikafish at 0.36 = {:.2}",
        ours_mnps / cozy_mnps,
        ours_mnps / cozy_mnps / PIKAFISH_PER_COZY
    );
}
