//! The generated chess tables, as `build.rs` wrote them to `OUT_DIR`.
//!
//! A reviewed, pretty-printed copy of the default-seed tables lives in the
//! repository's `tables/chess/`. Prefer the lookups in [`crate::chess`];
//! these raw arrays are public for engines that want to index them directly.
//! The crate's own lookups read compile-time copies of most of them
//! gathered in one struct (see the end of this file's source), so a binary
//! holds one of these arrays only if it names it.
//!
//! # Slider table layouts and what they cost
//!
//! Sizes are of the data a binary holds when it links the lookup; the
//! linker drops a table nothing reaches.
//!
//! | layout | tables | bytes | used by |
//! |---|---|---|---|
//! | fixed-shift magics, rooks and bishops sharing one table | [`SLIDER_ATTACKS`] (104,833 entries; 107,648 with another seed's unpacked magics), [`ROOK_WINDOWS`], [`BISHOP_WINDOWS`] | 842,760 | every rook, bishop and queen lookup: [`rook_attacks`](crate::chess::rook_attacks) and the rest, move generation, perft |
//! | PEXT-indexed, bishops only | [`BISHOP_PEXT_ATTACKS`] (5,248 entries and 448 of padding), [`BISHOP_PEXT_WINDOWS`] | 46,592 | chess perft on x86-64 CPUs with a fast `PEXT` (`std` builds) |
//! | empty-board rays | [`ROOK_RAYS`], [`BISHOP_RAYS`] | 1,024 | move generation (no lookup when no enemy slider is in line) |
//!
//! A magic lookup is an OR, a multiply, a shift and two loads (the window,
//! then the entry); a PEXT lookup is a `PEXT`, an AND and two loads, but
//! needs BMI2, so only a copy of perft compiled for it uses one (chosen at
//! run time, like xiangqi perft's). Side by side, PEXT bishops made chess
//! perft 1–4% faster. Two layouts were measured and left out:
//!
//! - PEXT rooks as well (102,400 more entries, 819,200 bytes): about 5%
//!   faster than magics in all, but writing their literals takes the
//!   build script about 0.25 s more at opt-level 0, past its budget.
//! - 16-bit attack sets for both sliders, spread back onto the rays with
//!   `PDEP` (215,296 bytes): no faster than magics.

use qiboard_types::chess::{window, Magic, PextSquare, PextWindow, Window};

include!(concat!(env!("OUT_DIR"), "/chess/leapers.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/sliders.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/windows.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/pext.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/lines.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/rays.rs"));
include!(concat!(env!("OUT_DIR"), "/chess/zobrist.rs"));

/// The crate's copies of the tables its lookups read, in one struct.
///
/// One struct, so that move generation keeps a single base address in a
/// register for all of them instead of loading each table's own (in
/// position-independent code, from the global offset table): that cut
/// perft's instructions by 2% from the start position and 8% on Kiwipete,
/// and its time by 2–3%. The copies are filled at compile time from the
/// public tables above, which a binary keeps only if it names them
/// itself; every lookup in the crate, public or not, reads the copies.
pub(crate) mod direct {
    use super::Window;

    /// The copies, one field per table, named as the tables are.
    pub(crate) struct Tables {
        pub(crate) knight_attacks: [u64; 64],
        pub(crate) king_attacks: [u64; 64],
        pub(crate) pawn_attacks: [[u64; 64]; 2],
        pub(crate) rook_rays: [u64; 64],
        pub(crate) bishop_rays: [u64; 64],
        pub(crate) castling_king_path: [[u64; 64]; 2],
        pub(crate) castling_empty: [[u64; 64]; 2],
        pub(crate) rook_windows: [Window<4096>; 64],
        pub(crate) bishop_windows: [Window<512>; 64],
        pub(crate) between: [[u64; 64]; 64],
        pub(crate) line: [[u64; 64]; 64],
    }

    /// The copies.
    pub(crate) static TABLES: Tables = Tables {
        knight_attacks: super::KNIGHT_ATTACKS,
        king_attacks: super::KING_ATTACKS,
        pawn_attacks: super::PAWN_ATTACKS,
        rook_rays: super::ROOK_RAYS,
        bishop_rays: super::BISHOP_RAYS,
        castling_king_path: super::CASTLING_KING_PATH,
        castling_empty: super::CASTLING_EMPTY,
        rook_windows: super::ROOK_WINDOWS,
        bishop_windows: super::BISHOP_WINDOWS,
        between: super::BETWEEN,
        line: super::LINE,
    };
}
