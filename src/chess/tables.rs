//! The generated chess tables, as `build.rs` wrote them to `OUT_DIR`.
//!
//! A reviewed, pretty-printed copy of the default-seed tables lives in the
//! repository's `tables/chess/`. Prefer the lookups in [`crate::chess`];
//! these raw arrays are public for engines that want to index them directly.

use qiboard_types::chess::{window, Magic, Window};

include!(concat!(env!("OUT_DIR"), "/chess/leapers.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/sliders.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/windows.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/lines.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/zobrist.rs"));
