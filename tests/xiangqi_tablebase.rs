//! Xiangqi endgame tablebases: published facts, verification, files,
//! probes against the move generator.
#![cfg(feature = "tablebase")]

use qiboard::xiangqi::tablebase::{Material, Quiet, SideStats, Tablebase};
use qiboard::xiangqi::Color;

fn material(text: &str) -> Material {
    text.parse().unwrap()
}

fn solved(names: &[&str]) -> Tablebase {
    let tablebase = Tablebase::in_memory();
    for name in names {
        tablebase.generate(&material(name), &Quiet).unwrap();
    }
    tablebase
}

fn stats(tablebase: &Tablebase, name: &str, side: Color) -> SideStats {
    tablebase.table(&material(name)).unwrap().stats(side)
}

#[test]
fn rook_against_bare_king_matches_published_counts() {
    let tablebase = solved(&["KRK"]);
    let red = stats(&tablebase, "KRK", Color::Red);
    assert_eq!((red.legal, red.win, red.max_dtm), (3834, 3834, 3));
    let black = stats(&tablebase, "KRK", Color::Black);
    assert_eq!((black.legal, black.draw), (4914, 108));
    eprintln!("{red:?} {black:?}");
}
