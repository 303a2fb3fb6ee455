//! Every chess table, as generated source files.

pub mod geometry;
mod leapers;
mod lines;
pub mod magic_hints;
pub mod magics;
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
    let entry = |magic: &magics::Magic| {
        format!(
            "Magic {{ mask: {}, factor: {}, offset: {:6}, shift: {} }}",
            hex64(magic.mask),
            hex64(magic.factor),
            magic.offset,
            magic.shift
        )
    };
    for (name, magics) in [
        ("ROOK_MAGICS", &tables.rook),
        ("BISHOP_MAGICS", &tables.bishop),
    ] {
        let slider = if name == "ROOK_MAGICS" {
            "rook"
        } else {
            "bishop"
        };
        let entries: Vec<String> = magics.iter().map(entry).collect();
        file.array(
            &format!("The {slider} magic of each square: relevant-occupancy mask, multiplier, slice offset into `SLIDER_ATTACKS`, shift."),
            Item::Static,
            name,
            "Magic",
            &entries,
            1,
        );
    }
    file.u64_array(
        "Attack sets of every rook and bishop square and relevant occupancy, indexed through the magics.",
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
