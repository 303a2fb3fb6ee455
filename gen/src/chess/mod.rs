//! Every chess table, as generated source files.

pub mod geometry;
pub mod leapers;
pub mod lines;
pub mod magic_cache;
pub mod magics;
pub mod pext;
pub mod polyglot;
pub mod rays;
mod windows;

use quote::quote;

use crate::emit::{count, Cell, SourceFile, Table};
use magics::{Slider, SliderTables};

/// The generated chess sources: leapers, sliders and their windows, lines
/// and Zobrist keys.
pub fn files(seed: u64) -> Result<Vec<SourceFile>, String> {
    let sliders = magics::build(seed)?;
    Ok(vec![
        leaper_file(seed),
        slider_file(seed, &sliders),
        windows::file(seed, &sliders),
        pext_file(seed)?,
        line_file(seed),
        ray_file(seed),
        zobrist_file(seed)?,
    ])
}

fn leaper_file(seed: u64) -> SourceFile {
    let mut file = SourceFile::new("chess/leapers.rs", seed, "Knight, king and pawn attacks.");
    file.table(
        "Squares a knight attacks, by square.",
        "KNIGHT_ATTACKS",
        Table::list(&leapers::knight_attacks()),
    );
    file.table(
        "Squares a king attacks, by square.",
        "KING_ATTACKS",
        Table::list(&leapers::king_attacks()),
    );
    file.table(
        "Squares a pawn attacks, by `[color][square]` (white first).",
        "PAWN_ATTACKS",
        Table::rows(&leapers::pawn_attacks()),
    );
    file
}

fn slider_file(seed: u64, tables: &SliderTables) -> SourceFile {
    let mut file = SourceFile::new(
        "chess/sliders.rs",
        seed,
        "Rook and bishop magics (searched and verified) and their shared attack table.",
    );
    let fixed = tables.fixed_shifts();
    file.constant(
        "Whether every square shifts by `64 - ROOK_INDEX_BITS` (rooks) or `64 - BISHOP_INDEX_BITS` (bishops): true for the default seed's packed magics, false for the per-square shifts of other seeds.",
        "FIXED_SHIFTS",
        quote!(bool),
        quote!(#fixed),
    );
    for slider in Slider::BOTH {
        let (name, upper) = (slider.name(), slider.name().to_uppercase());
        file.constant(
            &format!("Size, in bits, of every {name} square's window of `SLIDER_ATTACKS`: every index is below `1 << {upper}_INDEX_BITS`."),
            &format!("{upper}_INDEX_BITS"),
            quote!(u32),
            count(slider.index_bits() as usize),
        );
        let entries = tables
            .magics(slider)
            .iter()
            .map(|magic| {
                let (outside, factor) = (magic.outside.literal(), magic.factor.literal());
                let (offset, shift) = (count(magic.offset as usize), count(magic.shift as usize));
                quote!(Magic { outside: #outside, factor: #factor, offset: #offset, shift: #shift })
            })
            .collect();
        file.table(
            &format!("The {name} magic of each square: squares outside its relevant mask, multiplier, window offset into `SLIDER_ATTACKS`, shift."),
            &format!("{upper}_MAGICS"),
            Table::of(quote!(Magic), entries),
        );
    }
    file.table(
        "Attack sets of every rook and bishop square and relevant occupancy, indexed through the magics; 0 marks a slot no occupancy reaches.",
        "SLIDER_ATTACKS",
        Table::list(&tables.attacks),
    );
    file
}

fn pext_file(seed: u64) -> Result<SourceFile, String> {
    let tables = pext::build()?;
    let mut file = SourceFile::new(
        "chess/pext.rs",
        seed,
        "PEXT-indexed bishop attacks, for CPUs with a fast BMI2 PEXT.",
    );
    let entries = tables
        .bishop
        .iter()
        .map(|square| {
            let (mask, offset) = (square.mask.literal(), count(square.offset as usize));
            quote!(PextSquare { mask: #mask, offset: #offset })
        })
        .collect();
    file.table(
        "The bishop entry of each square: relevant mask, offset of its slice of `BISHOP_PEXT_ATTACKS`.",
        "BISHOP_PEXT",
        Table::of(quote!(PextSquare), entries),
    );
    file.table(
        "Bishop attacks of every square and relevant occupancy at `offset + pext(occupied, mask)`; zeros at the end, so that every window of 512 entries fits.",
        "BISHOP_PEXT_ATTACKS",
        Table::list(&tables.attacks),
    );
    let size = count(Slider::Bishop.window());
    let windows = tables
        .bishop
        .iter()
        .map(|square| {
            let (mask, offset) = (square.mask.literal(), count(square.offset as usize));
            quote!(PextWindow { mask: #mask, attacks: window(&BISHOP_PEXT_ATTACKS, #offset) })
        })
        .collect();
    file.table(
        "Each square's bishop mask with its window of `BISHOP_PEXT_ATTACKS` (the same numbers as `BISHOP_PEXT`).",
        "BISHOP_PEXT_WINDOWS",
        Table::of(quote!(PextWindow<#size>), windows),
    );
    Ok(file)
}

fn line_file(seed: u64) -> SourceFile {
    let mut file = SourceFile::new(
        "chess/lines.rs",
        seed,
        "Squares between and lines through aligned squares.",
    );
    file.table(
        "`BETWEEN[a][b]`: squares strictly between `a` and `b` on a rank, file or diagonal; empty if not aligned.",
        "BETWEEN",
        Table::rows(&lines::between()),
    );
    file.table(
        "`LINE[a][b]`: the whole rank, file or diagonal through aligned `a` and `b`; empty if not aligned.",
        "LINE",
        Table::rows(&lines::line()),
    );
    file
}

fn ray_file(seed: u64) -> SourceFile {
    let mut file = SourceFile::new(
        "chess/rays.rs",
        seed,
        "Sliders' rays on an empty board; castling paths.",
    );
    file.table(
        "`ROOK_RAYS[s]`: the rank and file through `s`, without `s` (a rook's attacks on an empty board).",
        "ROOK_RAYS",
        Table::list(&rays::rays(&geometry::ROOK_DIRECTIONS)),
    );
    file.table(
        "`BISHOP_RAYS[s]`: the diagonals through `s`, without `s` (a bishop's attacks on an empty board).",
        "BISHOP_RAYS",
        Table::list(&rays::rays(&geometry::BISHOP_DIRECTIONS)),
    );
    let (king_paths, must_be_empty) = rays::castling_paths();
    file.table(
        "`CASTLING_KING_PATH[color][8 * k + r]`: castling with the king on file `k` and the rook on file `r` of `color`'s first rank (white first), the squares the king crosses and lands on (its own square only when it stays).",
        "CASTLING_KING_PATH",
        Table::rows(&king_paths),
    );
    file.table(
        "`CASTLING_EMPTY[color][8 * k + r]`: the squares that must be empty to castle with the king on file `k` and the rook on file `r` of `color`'s first rank (both paths, but for king and rook).",
        "CASTLING_EMPTY",
        Table::rows(&must_be_empty),
    );
    file
}

fn zobrist_file(seed: u64) -> Result<SourceFile, String> {
    let mut file = SourceFile::new(
        "chess/zobrist.rs",
        seed,
        "Polyglot Zobrist keys (a published constant list).",
    );
    file.table(
        "Polyglot's Random64: `64 * kind + 8 * rank + file` for pieces (kinds bp wp bn wn bb wb br wr bq wq bk wk), 768..772 castling (K Q k q), 772 + file en passant, 780 white to move.",
        "POLYGLOT_KEYS",
        Table::list(&polyglot::keys()?),
    );
    Ok(file)
}
