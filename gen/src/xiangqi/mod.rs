//! Every xiangqi table, as generated source files.
//!
//! Squares are a0 = 0 … i9 = 89 (`rank * 9 + file`, rank 0 is Red's back
//! rank) and bitboards are u128 with bit `i` for square `i`.

pub mod geometry;
pub mod leapers;
pub mod lines;
pub mod sight;
pub mod zobrist;

use quote::quote;

use crate::emit::{Cell, SourceFile, Table};
use leapers::Blocked;
use lines::LineKind;

/// The generated xiangqi sources: line tables, leapers, Zobrist numbers
/// and lines of sight.
pub fn files(seed: u64) -> Vec<SourceFile> {
    vec![
        line_file(seed),
        leaper_file(seed),
        zobrist_file(seed),
        sight_file(seed),
    ]
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
        file.table(
            &format!(
                "`[point][occupancy]` on {what}: reachable points of the four kinds packed \
                 16 bits each, from bit 0: non-capture, rook capture, cannon capture, super capture."
            ),
            &format!("{line}_REACH"),
            Table::rows(&lines::packed_reach(length)),
        );
        file.table(
            &format!(
                "`[point][occupancy]` on {what}: farthest target toward each end, 8 bits per kind \
                 in the order of `{line}_REACH`: the low-end point in the lower nibble, the \
                 high-end point in the upper one; the piece's own point where there is none."
            ),
            &format!("{line}_ENDS"),
            Table::rows(&lines::packed_ends(length)),
        );
        for (piece, kinds) in [
            ("ROOK", &[LineKind::Quiet, LineKind::RookCapture][..]),
            ("CANNON", &[LineKind::CannonCapture][..]),
        ] {
            file.table(
                &format!(
                    "`[point][occupancy]` on {what}: the points a {} attacks, as one u16 (the \
                     compact form the bitboard lookups read).",
                    piece.to_lowercase()
                ),
                &format!("{piece}_{line}_ATTACKS"),
                Table::rows(&lines::attacks(length, kinds)),
            );
        }
    }
    file
}

/// A blockable leaper's two tables: its blockers and the targets behind them.
fn blocked(file: &mut SourceFile, table: &[Blocked], names: [&str; 2], docs: [&str; 2]) {
    let blockers: Vec<Vec<u8>> = table.iter().map(|e| e.blockers.to_vec()).collect();
    file.table(docs[0], names[0], Table::rows(&blockers));
    let targets: Vec<Vec<u128>> = table.iter().map(|e| e.targets.to_vec()).collect();
    file.table(docs[1], names[1], Table::rows(&targets));
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
    file.table(
        "Advisor moves by square: diagonal steps inside the palace holding the square.",
        "ADVISOR_MOVES",
        Table::list(&leapers::advisor_moves()),
    );
    file.table(
        "King moves by square: orthogonal steps inside the palace holding the square.",
        "KING_MOVES",
        Table::list(&leapers::king_moves()),
    );
    file.table(
        "`[colour][square]` (Red first): forward, and sideways too once across the river.",
        "PAWN_MOVES",
        Table::rows(&leapers::pawn_moves()),
    );
    file.table(
        "`[colour][king square]`: squares from which a pawn of that colour attacks the king square.",
        "PAWN_CHECKERS",
        Table::rows(&leapers::pawn_checks()),
    );
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
        file.table(
            &format!(
                "Zobrist {name}s by `[kind][square]`, kinds Red K A B N R C P then Black K A B N R C P."
            ),
            &format!("ZOBRIST_{upper}S"),
            Table::rows(&numbers.pieces),
        );
        file.constant(
            &format!("Zobrist {name} XORed in when Black is to move."),
            &format!("ZOBRIST_{upper}_BLACK_TO_MOVE"),
            quote!(u64),
            numbers.black_to_move.literal(),
        );
    }
    file
}

fn sight_file(seed: u64) -> SourceFile {
    let mut file = SourceFile::new(
        "xiangqi/sight.rs",
        seed,
        "Lines of sight between two squares, and the lines through a square.",
    );
    file.table(
        "`SIGHT[a][b]`: the squares strictly between `a` and `b` when they share a rank or file; \
         otherwise both squares themselves. A rook (or king) on `b` sees a king on `a` when \
         `SIGHT[a][b] & occupied` is empty, a cannon when it holds exactly one square; since \
         both ends are always occupied, unaligned pairs never pass either test.",
        "SIGHT",
        Table::rows(&sight::sight()),
    );
    file.table(
        "`LINES[square]`: the rank and the file through `square` (the square itself included): \
         where a rook or cannon must stand to reach it.",
        "LINES",
        Table::list(&sight::lines()),
    );
    file
}
