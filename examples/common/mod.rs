//! Shared by the speed examples: cozy-chess's bulk-counting perft (the
//! anchor) and per-thread CPU timing.

#![allow(dead_code)]

use std::hint::black_box;
use std::time::{Duration, Instant};

pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
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

/// This thread's CPU time so far, from Linux's schedstat (time spent
/// running, not waiting for a core that another process holds).
pub fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Nodes counted by `run` and the time it took: CPU time where Linux
/// reports it, else wall time.
pub fn timed(run: impl FnOnce() -> u64) -> (u64, Duration) {
    let (wall, cpu) = (Instant::now(), cpu_time());
    let nodes = black_box(run());
    let time = match (cpu, cpu_time()) {
        (Some(before), Some(after)) => after.saturating_sub(before),
        _ => wall.elapsed(),
    };
    (nodes, time)
}

pub fn mnps(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64() / 1e6
}
