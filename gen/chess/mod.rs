//! Every chess table, as generated source files.

pub mod geometry;
mod leapers;
mod lines;
pub mod magic_cache;
pub mod magics;
mod packed_search;
mod polyglot;

use crate::gen::emit::{hex64, Item, SourceFile};

/// The generated chess sources: leapers, sliders, lines and Zobrist keys.
pub fn files(seed: u64) -> Result<Vec<SourceFile>, String> {
    Ok(vec![
        leaper_file(seed),
        slider_file(seed)?,
        line_file(seed),
        zobrist_file(seed)?,
    ])
}

fn leaper_file(seed: u64) -> SourceFile {
    let mut file = SourceFile::new("chess/leapers.rs", seed, "Knight, king and pawn attacks.");
    file.u64_array(
        "Squares a knight attacks, by square.",
        Item::Static,
        "KNIGHT_ATTACKS",
        &leapers::knight_attacks(),
    );
    file.u64_array(
        "Squares a king attacks, by square.",
        Item::Static,
        "KING_ATTACKS",
        &leapers::king_attacks(),
    );
    file.u64_matrix(
        "Squares a pawn attacks, by `[color][square]` (white first).",
        Item::Static,
        "PAWN_ATTACKS",
        &leapers::pawn_attacks(),
    );
    file
}

fn slider_file(seed: u64) -> Result<SourceFile, String> {
    let tables = magics::build(seed)?;
    let mut file = SourceFile::new(
        "chess/sliders.rs",
        seed,
        "Rook and bishop magics (searched and verified) and their shared attack table.",
    );
    file.constant(
        "Whether every square shifts by `64 - ROOK_INDEX_BITS` (rooks) or `64 - BISHOP_INDEX_BITS` (bishops): true for the default seed's packed magics, false for the per-square shifts of other seeds.",
        "FIXED_SHIFTS",
        "bool",
        &tables.fixed_shifts().to_string(),
    );
    for slider in magics::Slider::BOTH {
        let name = slider.name();
        file.constant(
            &format!("Size, in bits, of every {name} square's window of `SLIDER_ATTACKS`: every index is below `1 << {}_INDEX_BITS`.", name.to_uppercase()),
            &format!("{}_INDEX_BITS", name.to_uppercase()),
            "u32",
            &slider.index_bits().to_string(),
        );
        let entries: Vec<String> = tables
            .magics(slider)
            .iter()
            .map(|magic| {
                format!(
                    "Magic {{ outside: {}, factor: {}, offset: {:6}, shift: {} }}",
                    hex64(!magic.mask),
                    hex64(magic.factor),
                    magic.offset,
                    magic.shift,
                )
            })
            .collect();
        file.array(
            &format!("The {name} magic of each square: squares outside its relevant mask, multiplier, window offset into `SLIDER_ATTACKS`, shift."),
            Item::Static,
            &format!("{}_MAGICS", name.to_uppercase()),
            "Magic",
            &entries,
            1,
        );
    }
    file.u64_array(
        "Attack sets of every rook and bishop square and relevant occupancy, indexed through the magics; 0 marks a slot no occupancy reaches.",
        Item::Static,
        "SLIDER_ATTACKS",
        &tables.attacks,
    );
    Ok(file)
}

fn line_file(seed: u64) -> SourceFile {
    let mut file = SourceFile::new(
        "chess/lines.rs",
        seed,
        "Squares between and lines through aligned squares.",
    );
    file.u64_matrix(
        "`BETWEEN[a][b]`: squares strictly between `a` and `b` on a rank, file or diagonal; empty if not aligned.",
        Item::Static,
        "BETWEEN",
        &lines::between(),
    );
    file.u64_matrix(
        "`LINE[a][b]`: the whole rank, file or diagonal through aligned `a` and `b`; empty if not aligned.",
        Item::Static,
        "LINE",
        &lines::line(),
    );
    file
}

fn zobrist_file(seed: u64) -> Result<SourceFile, String> {
    let mut file = SourceFile::new(
        "chess/zobrist.rs",
        seed,
        "Polyglot Zobrist keys (a published constant list).",
    );
    file.u64_array(
        "Polyglot's Random64: `64 * kind + 8 * rank + file` for pieces (kinds bp wp bn wn bb wb br wr bq wq bk wk), 768..772 castling (K Q k q), 772 + file en passant, 780 white to move.",
        Item::Static,
        "POLYGLOT_KEYS",
        &polyglot::keys()?,
    );
    Ok(file)
}
