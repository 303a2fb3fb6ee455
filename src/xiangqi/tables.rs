//! The generated xiangqi tables, as `build.rs` wrote them to `OUT_DIR`.
//!
//! A reviewed, pretty-printed copy of the default-seed tables lives in the
//! repository's `tables/xiangqi/`. Prefer the lookups in
//! [`crate::xiangqi`]; these raw arrays are public for engines that index
//! them directly, and are **not a stable interface**: the Zobrist numbers
//! change with the dependent's `QIBOARD_SEED`, and any table's layout may
//! change in a minor release (the lookups keep their meaning). Squares are a0 = 0 … i9 = 89 and sets are u128 with bit
//! `i` for square `i`.
//!
//! # Zobrist key and lock
//!
//! [`ZOBRIST_KEYS`] and [`ZOBRIST_LOCKS`] come from two independent random
//! streams. A position's key is the XOR of `ZOBRIST_KEYS[kind][square]`
//! over its pieces (kinds: Red K A B N R C P = 0..7, Black K A B N R C P =
//! 7..14), XORed with [`ZOBRIST_KEY_BLACK_TO_MOVE`] when Black is to move;
//! its lock is the same sum over the lock tables. Update both
//! incrementally on every move. As in the thesis, index a hash table with
//! the key and store the lock to confirm a hit: the two together act as
//! one 128-bit hash (`(lock as u128) << 64 | key as u128`), so a false
//! match needs both 64-bit values to collide.

include!(concat!(env!("OUT_DIR"), "/xiangqi/lines.rs"));
include!(concat!(env!("OUT_DIR"), "/xiangqi/leapers.rs"));
include!(concat!(env!("OUT_DIR"), "/xiangqi/zobrist.rs"));
include!(concat!(env!("OUT_DIR"), "/xiangqi/sight.rs"));
