//! Perft on many threads and with a hash table: the tree split a ply or
//! two below the root, the subtrees taken from a shared counter.

use core::num::NonZeroUsize;
use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::vec::Vec;

use super::table::Table;
use super::PerftError;
use crate::Board;

/// Each legal move of `position` with the count `depth - 1` plies below
/// it, counted on `threads` threads (0: all the machine has) with a
/// table of `hash_bytes` bytes. `depth` is already checked, and at
/// least 2.
pub(super) fn run<B: Board + Sync>(
    position: &B,
    depth: u32,
    threads: usize,
    hash_bytes: usize,
) -> Result<Vec<(B::Move, u64)>, PerftError> {
    debug_assert!(depth >= 2);
    let table = Table::new(hash_bytes)?;
    let table = table.as_ref();
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        n => n,
    };
    let moves: Vec<B::Move> = position.legal_moves().iter().copied().collect();
    // Two plies down there are enough subtrees (about 400 in chess, 1,900
    // in xiangqi) that no thread waits long for the last one to finish.
    let split = if depth >= 4 { 2 } else { 1 };
    let mut subtrees: Vec<(usize, B)> = Vec::new();
    for (index, &mv) in moves.iter().enumerate() {
        let child = position.play(mv);
        if split == 1 {
            subtrees.push((index, child));
        } else {
            for &reply in child.legal_moves().iter() {
                subtrees.push((index, child.play(reply)));
            }
        }
    }
    let below = depth - split;
    let totals: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    let work = || {
        while let Some((index, subtree)) = subtrees.get(next.fetch_add(1, Relaxed)) {
            let nodes = match table {
                Some(table) => hashed(subtree, below, table),
                None => leaves(subtree, below),
            };
            totals[*index].fetch_add(nodes, Relaxed);
        }
    };
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(work);
            }
            work();
        });
    }
    Ok(moves
        .into_iter()
        .zip(totals.into_iter().map(AtomicU64::into_inner))
        .collect())
}

/// The game's own perft; `depth` is already checked, so it counts.
#[inline]
fn leaves<B: Board>(position: &B, depth: u32) -> u64 {
    position.perft(depth).unwrap_or_default()
}

/// Perft with the table, for positions two or more plies from the
/// leaves; below that the game's own perft counts faster than a probe.
fn hashed<B: Board>(position: &B, depth: u32, table: &Table) -> u64 {
    if depth < 2 {
        return leaves(position, depth);
    }
    let (key, check) = (position.key(), position.check_word());
    if let Some(nodes) = table.probe(key, check, depth) {
        return nodes;
    }
    let nodes = if depth == 2 {
        leaves(position, 2)
    } else {
        position
            .legal_moves()
            .iter()
            .map(|&mv| hashed(&position.play(mv), depth - 1, table))
            .sum()
    };
    table.store(key, check, depth, nodes);
    nodes
}
