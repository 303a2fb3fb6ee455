//! Every xiangqi table, as generated source files.
//!
//! Squares are a0 = 0 … i9 = 89 (`rank * 9 + file`, rank 0 is Red's back
//! rank) and bitboards are u128 with bit `i` for square `i`.

pub mod geometry;
pub mod leapers;
pub mod lines;
pub mod zobrist;

use crate::gen::emit::{hex128, hex64, Item, SourceFile};

use leapers::Blocked;

/// The generated xiangqi sources: line tables, leapers, Zobrist numbers.
pub fn files(seed: u64) -> Vec<SourceFile> {
    vec![line_file(seed), leaper_file(seed), zobrist_file(seed)]
}

/// Emits `[[ty; width]; rows.len()]` from formatted elements.
fn matrix(file: &mut SourceFile, doc: &str, name: &str, ty: &str, rows: &[Vec<String>]) {
    let width = rows.first().map_or(0, Vec::len);
    let per_line = if width <= 8 { width } else { 8 };
    let formatted: Vec<String> = rows
        .iter()
        .map(|row| {
            assert_eq!(row.len(), width, "ragged table {name}");
            let mut text = String::from("[");
            for (i, element) in row.iter().enumerate() {
                let separator = if i % per_line == 0 && width > per_line {
                    "\n    "
                } else if i == 0 {
                    ""
                } else {
                    " "
                };
                text.push_str(separator);
                text.push_str(element);
                text.push(',');
            }
            text.push(']');
            text
        })
        .collect();
    file.array(
        doc,
        Item::Static,
        name,
        &format!("[{ty}; {width}]"),
        &formatted,
        1,
    );
}

fn hex32(value: u32) -> String {
    format!("{value:#010x}")
}

fn line_file(seed: u64) -> SourceFile {
    let mut file = SourceFile::new(
        "xiangqi/lines.rs",
        seed,
        "Rank and file move tables for rooks and cannons.",
    );
    for (line, length, what) in [
        (
            "RANK",
            9,
            "a rank (point = file, occupancy = 9-bit rank word)",
        ),
        (
            "FILE",
            10,
            "a file (point = rank, occupancy = 10-bit file word)",
        ),
    ] {
        let reach: Vec<Vec<String>> = lines::packed_reach(length)
            .iter()
            .map(|row| row.iter().map(|&v| hex64(v)).collect())
            .collect();
        matrix(
            &mut file,
            &format!(
                "`[point][occupancy]` on {what}: reachable points of the four kinds packed \
                 16 bits each, from bit 0: non-capture, rook capture, cannon capture, super capture."
            ),
            &format!("{line}_REACH"),
            "u64",
            &reach,
        );
        let ends: Vec<Vec<String>> = lines::packed_ends(length)
            .iter()
            .map(|row| row.iter().map(|&v| hex32(v)).collect())
            .collect();
        matrix(
            &mut file,
            &format!(
                "`[point][occupancy]` on {what}: farthest target toward each end, 8 bits per kind \
                 in the order of `{line}_REACH`: the low-end point in the lower nibble, the \
                 high-end point in the upper one; the piece's own point where there is none."
            ),
            &format!("{line}_ENDS"),
            "u32",
            &ends,
        );
    }
    file
}

fn blocked(file: &mut SourceFile, table: &[Blocked], names: [&str; 2], docs: [&str; 2]) {
    let blockers: Vec<Vec<String>> = table
        .iter()
        .map(|e| e.blockers.iter().map(|b| format!("{b:2}")).collect())
        .collect();
    matrix(file, docs[0], names[0], "u8", &blockers);
    let targets: Vec<Vec<String>> = table
        .iter()
        .map(|e| e.targets.iter().map(|&t| hex128(t)).collect())
        .collect();
    matrix(file, docs[1], names[1], "u128", &targets);
}

fn sets(file: &mut SourceFile, doc: &str, name: &str, sets: &[u128]) {
    let elements: Vec<String> = sets.iter().map(|&s| hex128(s)).collect();
    file.array(doc, Item::Static, name, "u128", &elements, 2);
}

fn leaper_file(seed: u64) -> SourceFile {
    let mut file = SourceFile::new(
        "xiangqi/leapers.rs",
        seed,
        "Horse, elephant, advisor, king and pawn moves; horse and pawn checks.",
    );
    blocked(
        &mut file,
        &leapers::horse_moves(),
        ["HORSE_LEGS", "HORSE_TARGETS"],
        [
            "`[square][direction]` (east, west, north, south): the horse's leg; the square \
             itself where no target lies that way.",
            "`[square][direction]`: the targets a horse reaches over the matching leg.",
        ],
    );
    blocked(
        &mut file,
        &leapers::horse_checks(),
        ["HORSE_CHECK_LEGS", "HORSE_CHECKERS"],
        [
            "`[king square][diagonal]` (NE, SE, NW, SW): the leg a checking horse needs empty; the king square itself where no checker lies that way.",
            "`[king square][diagonal]`: the squares a horse checks the king from over that leg.",
        ],
    );
    blocked(
        &mut file,
        &leapers::elephant_moves(),
        ["ELEPHANT_EYES", "ELEPHANT_TARGETS"],
        [
            "`[square][diagonal]` (NE, SE, NW, SW): the elephant's eye, the square itself \
             where no target lies that way on its side of the river.",
            "`[square][diagonal]`: the target behind the matching eye, on the same side of \
             the river (Red's half for ranks 0-4, Black's for 5-9).",
        ],
    );
    sets(
        &mut file,
        "Advisor moves by square: diagonal steps inside the palace holding the square.",
        "ADVISOR_MOVES",
        &leapers::advisor_moves(),
    );
    sets(
        &mut file,
        "King moves by square: orthogonal steps inside the palace holding the square.",
        "KING_MOVES",
        &leapers::king_moves(),
    );
    for (name, doc, table) in [
        (
            "PAWN_MOVES",
            "`[colour][square]` (Red first): forward, and sideways too once across the river.",
            leapers::pawn_moves(),
        ),
        (
            "PAWN_CHECKERS",
            "`[colour][king square]`: squares from which a pawn of that colour attacks the king square.",
            leapers::pawn_checks(),
        ),
    ] {
        let rows: Vec<Vec<String>> = table
            .iter()
            .map(|row| row.iter().map(|&s| hex128(s)).collect())
            .collect();
        matrix(&mut file, doc, name, "u128", &rows);
    }
    file
}

fn zobrist_file(seed: u64) -> SourceFile {
    let mut file = SourceFile::new(
        "xiangqi/zobrist.rs",
        seed,
        "Zobrist key and lock numbers, two independent streams.",
    );
    for (name, upper) in [("key", "KEY"), ("lock", "LOCK")] {
        let numbers = zobrist::numbers(seed, name);
        let rows: Vec<Vec<String>> = numbers
            .pieces
            .iter()
            .map(|row| row.iter().map(|&v| hex64(v)).collect())
            .collect();
        matrix(
            &mut file,
            &format!(
                "Zobrist {name}s by `[kind][square]`, kinds Red K A B N R C P then Black K A B N R C P."
            ),
            &format!("ZOBRIST_{upper}S"),
            "u64",
            &rows,
        );
        file.constant(
            &format!("Zobrist {name} XORed in when Black is to move."),
            &format!("ZOBRIST_{upper}_BLACK_TO_MOVE"),
            "u64",
            &hex64(numbers.black_to_move),
        );
    }
    file
}
