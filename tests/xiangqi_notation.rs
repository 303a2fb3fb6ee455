//! Xiangqi WXF and Chinese notation: worked examples from the WXF page,
//! xqbase and Fairy-Stockfish, the forms players write, and the errors.

use qiboard::xiangqi::{ChineseStyle, Move, Notation, NotationError, Position, Reason};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

/// (position, UCCI, official WXF, Chinese as written by this crate).
const EXAMPLES: &[(&str, &str, &str, &str)] = &[
    ("start w", "h2e2", "C2.5", "炮二平五"),
    ("start w", "h0g2", "H2+3", "马二进三"),
    ("start w", "c3c4", "P7+1", "兵七进一"),
    ("start w", "i0i1", "R1+1", "车一进一"),
    ("start w", "c0e2", "E7+5", "相七进五"),
    ("start w", "f0e1", "A4+5", "仕四进五"),
    ("start w", "e0e1", "K5+1", "帅五进一"),
    ("start w", "b2b9", "C8+7", "炮八进七"),
    ("start b", "h7e7", "C8.5", "炮８平５"),
    ("start b", "b9c7", "H2+3", "马２进３"),
    ("start b", "h9g7", "H8+7", "马８进７"),
    ("start b", "a9a8", "R1+1", "车１进１"),
    ("start b", "c6c5", "P3+1", "卒３进１"),
    ("start b", "c9e7", "E3+5", "象３进５"),
    ("start b", "d9e8", "A4+5", "士４进５"),
    ("3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a4g4", "R+.3", "前车平三"),
    ("3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a2a1", "R--1", "后车退一"),
    ("3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a4a9", "R++5", "前车进五"),
    ("3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a2a3", "R-+1", "后车进一"),
    ("4k4/9/r8/9/r8/9/9/9/9/3K5 b", "a5a0", "R++5", "前车进５"),
    ("4k4/9/r8/9/r8/9/9/9/9/3K5 b", "a7a8", "R--1", "后车退１"),
    ("4k4/9/r8/9/r8/9/9/9/9/3K5 b", "a5e5", "R+.5", "前车平５"),
    ("3k5/9/9/9/9/9/2N6/9/2N6/4K4 w", "c3d5", "H++6", "前马进六"),
    ("3k5/9/9/9/9/9/2N6/9/2N6/4K4 w", "c1e2", "H-+5", "后马进五"),
    ("3k5/9/9/9/9/9/2N6/9/2N6/4K4 w", "c3b1", "H+-8", "前马退八"),
    ("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", "d0e1", "A6+5", "仕六进五"),
    ("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", "d2e1", "A6-5", "仕六退五"),
    ("3k5/9/9/9/9/2B6/9/9/9/2B1K4 w", "c0e2", "E7+5", "相七进五"),
    ("3k5/9/9/9/9/2B6/9/9/9/2B1K4 w", "c4e2", "E7-5", "相七退五"),
    ("3k5/9/9/9/2P6/2P6/9/9/9/4K4 w", "c5c6", "P++1", "前兵进一"),
    ("3k5/9/9/9/2P6/2P6/9/9/9/4K4 w", "c5b5", "P+.8", "前兵平八"),
    ("3k5/9/9/9/9/3p5/3p5/9/9/4K4 b", "d3c3", "P+.3", "前卒平３"),
    ("3k5/9/9/9/9/3p5/3p5/9/9/4K4 b", "d4c4", "P-.3", "后卒平３"),
    (
        "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w",
        "c7c8",
        "P++1",
        "前兵进一",
    ),
    (
        "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w",
        "c6b6",
        "P7.8",
        "中兵平八",
    ),
    (
        "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w",
        "c5b5",
        "P-.8",
        "后兵平八",
    ),
    (
        "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w",
        "c8d8",
        "++.6",
        "一兵平六",
    ),
    (
        "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w",
        "c7d7",
        "P+.6",
        "二兵平六",
    ),
    (
        "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w",
        "c6d6",
        "P-.6",
        "三兵平六",
    ),
    (
        "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w",
        "c5d5",
        "--.6",
        "四兵平六",
    ),
    (
        "3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w",
        "g7f7",
        "3+.4",
        "一兵平四",
    ),
    (
        "3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w",
        "g6f6",
        "3-.4",
        "二兵平四",
    ),
    (
        "3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w",
        "c7d7",
        "7+.6",
        "三兵平六",
    ),
    (
        "3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w",
        "c6d6",
        "77.6",
        "四兵平六",
    ),
    (
        "3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w",
        "c5d5",
        "7-.6",
        "五兵平六",
    ),
];

fn position(spec: &str) -> Position {
    let fen = spec
        .replace("start w", &format!("{START} w"))
        .replace("start b", &format!("{START} b"));
    Position::from_fen(&fen).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn ucci(position: &Position, text: &str) -> Move {
    position.parse_move(text).expect("legal UCCI")
}

#[test]
fn worked_examples_print_and_parse() {
    for &(spec, coordinates, wxf, chinese) in EXAMPLES {
        let position = position(spec);
        let mv = ucci(&position, coordinates);
        assert_eq!(
            position.notation_text(mv, Notation::Wxf).unwrap(),
            wxf,
            "{spec} {coordinates}"
        );
        assert_eq!(
            position.notation_text(mv, Notation::CHINESE).unwrap(),
            chinese,
            "{spec} {coordinates}"
        );
        assert_eq!(
            position.parse_notation(wxf, Notation::Wxf),
            Ok(mv),
            "{spec} {wxf}"
        );
        assert_eq!(
            position.parse_any_notation(chinese),
            Ok(mv),
            "{spec} {chinese}"
        );
    }
}

/// (position, UCCI, another spelling players or programs use).
const VARIANTS: &[(&str, &str, &str)] = &[
    // Fairy-Stockfish: `=` for sideways, ordinal + file for three or more.
    ("start w", "h2e2", "C2=5"),
    ("start w", "h2e2", "c2.5"),
    ("start w", "h0g2", "N2+3"),
    ("start w", "c0e2", "B7+5"),
    ("start w", "h2e2", "H2-E2"),
    ("start w", "h2e2", "h2-e2"),
    ("start w", "h2e2", "H2E2"),
    ("start w", "h2e2", "C2.5!?"),
    ("start w", "h2e2", "Ｃ２．５"),
    ("start w", "h2e2", "ｈ２ｅ２"),
    ("start w", "h2e2", "炮2平5"),
    ("start w", "h2e2", "炮２平５"),
    ("start w", "h0g2", "馬二進三"),
    ("start w", "h0g2", "傌二进三"),
    ("start b", "h9g7", "马8进7"),
    ("start b", "h9g7", "馬八進七"),
    ("start b", "h7e7", "砲8平5"),
    ("start b", "h7e7", "包８平５"),
    ("3k5/9/9/9/9/9/2N6/9/2N6/4K4 w", "c3b1", "H7-8"),
    ("3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a4g4", "+R.3"),
    ("3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a4g4", "R+=3"),
    ("3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a4g4", "车前平三"),
    ("3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a4g4", "俥前平三"),
    ("3k5/9/9/9/9/R8/9/R8/9/4K4 w", "a2a1", "後车退一"),
    ("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", "d2e1", "A+-5"),
    ("3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w", "c7c8", "17+1"),
    ("3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w", "c6b6", "27=8"),
    ("3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w", "c5b5", "37=8"),
    ("3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w", "c6b6", "P..8"),
    ("3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w", "c8d8", "前兵平六"),
    ("3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w", "c5d5", "后兵平六"),
    ("3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w", "c7d7", "Pb.6"),
    ("3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w", "g7f7", "13=4"),
    ("3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w", "g7f7", "前兵三平四"),
    ("3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w", "g7f7", "前三平四"),
    ("3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w", "c6d6", "中兵七平六"),
    ("3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w", "c6d6", "中兵平六"),
    ("3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w", "c5d5", "后七平六"),
    // Black writes ordinals in digits in cchess's output.
    ("3k5/9/9/9/9/6p2/6p2/6p2/6p2/4K4 b", "g2f2", "２卒平６"),
];

#[test]
fn other_spellings_parse() {
    for &(spec, coordinates, text) in VARIANTS {
        let position = position(spec);
        let mv = ucci(&position, coordinates);
        assert_eq!(position.parse_any_notation(text), Ok(mv), "{spec}: {text}");
    }
}

#[test]
fn traditional_and_ascii_styles() {
    let start = position("start b");
    let mv = ucci(&start, "h9g7");
    let write = |style| start.notation_text(mv, Notation::Chinese(style)).unwrap();
    assert_eq!(write(ChineseStyle::TRADITIONAL), "馬８進７");
    let ascii = ChineseStyle {
        traditional: false,
        ascii_digits: true,
    };
    assert_eq!(write(ascii), "马8进7");
    let red = position("start w");
    let rook = ucci(&red, "a0a1");
    assert_eq!(
        red.notation_text(rook, Notation::Chinese(ChineseStyle::TRADITIONAL))
            .unwrap(),
        "俥九進一"
    );
}

fn reason(spec: &str, text: &str) -> Reason {
    match position(spec).parse_any_notation(text) {
        Err(NotationError { reason, .. }) => reason,
        Ok(mv) => panic!("{text} parsed as {mv}"),
    }
}

#[test]
fn errors_say_why() {
    assert!(matches!(reason("start w", "C2.5x"), Reason::Syntax(_)));
    assert!(matches!(reason("start w", "炮二平"), Reason::Syntax(_)));
    assert!(matches!(reason("start w", "Q2.5"), Reason::Syntax(_)));
    assert!(matches!(reason("start w", "C3.5"), Reason::NoPiece(_)));
    assert!(matches!(reason("start w", "R+.5"), Reason::NoPiece(_)));
    assert!(matches!(reason("start w", "H2.3"), Reason::Unreachable(_)));
    assert!(matches!(reason("start w", "H2+5"), Reason::Unreachable(_)));
    // Its own horse stands on h0; a cannon needs a screen to pass h7.
    assert!(matches!(reason("start w", "R1.2"), Reason::Illegal(..)));
    assert!(matches!(reason("start w", "h2h8"), Reason::Illegal(..)));
    // Two rooks on the a-file: `R9+1` fits both a2a3 and a4a5.
    let Reason::Ambiguous(moves) = reason("3k5/9/9/9/9/R8/9/R8/9/4K4 w", "R9+1") else {
        panic!("not ambiguous")
    };
    assert_eq!(moves.len(), 2);
    // Pinned by the rook on e9, the rook on e1 may not leave the file.
    let pinned = "3kr4/9/9/9/9/9/9/9/4R4/4K4 w";
    assert!(matches!(reason(pinned, "R5.4"), Reason::Illegal(..)));
    let message = position(pinned)
        .parse_any_notation("车五平四")
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("e1f1") && message.contains("king"),
        "{message}"
    );
}

#[test]
fn plain_form_accepted_when_only_one_piece_can() {
    // Rooks on a2 and a4 share file 9; only the front one can reach a9.
    let position = position("3k5/9/9/9/9/R8/9/R8/9/4K4 w");
    assert_eq!(
        position.parse_any_notation("R9+5"),
        Ok(ucci(&position, "a4a9"))
    );
}

mod properties {
    use proptest::prelude::*;
    use qiboard::xiangqi::{ChineseStyle, Color, Notation, Position};

    const NOTATIONS: [Notation; 7] = [
        Notation::Ucci,
        Notation::Iccs,
        Notation::Wxf,
        Notation::Chinese(ChineseStyle::SIMPLIFIED),
        Notation::Chinese(ChineseStyle::TRADITIONAL),
        Notation::Chinese(ChineseStyle {
            traditional: false,
            ascii_digits: true,
        }),
        Notation::Chinese(ChineseStyle {
            traditional: true,
            ascii_digits: true,
        }),
    ];

    /// Every legal move prints in every notation and reads back as itself,
    /// both in its own notation and by detection.
    fn round_trips(position: &Position) -> Result<(), TestCaseError> {
        for &mv in position.legal_moves().iter() {
            for notation in NOTATIONS {
                let text = position
                    .notation_text(mv, notation)
                    .expect("legal moves print");
                prop_assert_eq!(
                    position.parse_notation(&text, notation),
                    Ok(mv),
                    "{} {:?} {}",
                    position.fen(),
                    notation,
                    text
                );
                prop_assert_eq!(
                    position.parse_any_notation(&text),
                    Ok(mv),
                    "{} {}",
                    position.fen(),
                    text
                );
            }
        }
        Ok(())
    }

    /// Squares a pawn of `color` may stand on: its own side's pawn files
    /// before the river, anywhere beyond it.
    fn pawn_squares(color: Color) -> Vec<(usize, usize)> {
        let mut squares = Vec::new();
        for rank in 0..10 {
            for file in 0..9 {
                let own_rank = if color == Color::Red { rank } else { 9 - rank };
                if own_rank >= 5 || (own_rank >= 3 && file % 2 == 0) {
                    squares.push((file, rank));
                }
            }
        }
        squares
    }

    /// A position with both kings, a few pieces and up to five pawns a
    /// side bunched on one or two files (so tandem forms come up), from
    /// `choices`; `None` when the result is not a legal position.
    fn bunched(choices: &[u32]) -> Option<Position> {
        let mut next = choices.iter().copied().cycle();
        let mut pick = |n: usize| next.next().unwrap_or(0) as usize % n;
        let mut board = [[None::<char>; 9]; 10];
        for color in [Color::Red, Color::Black] {
            let letter = |c: char| {
                if color == Color::Red {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            };
            let flip = |rank: usize| if color == Color::Red { rank } else { 9 - rank };
            let king = (3 + pick(3), flip(pick(3)));
            board[king.1][king.0] = Some(letter('K'));
            let files = [pick(9), pick(9)];
            let pawns = pawn_squares(color);
            for _ in 0..pick(6) {
                let file = files[pick(2)];
                let column: Vec<_> = pawns.iter().filter(|s| s.0 == file).collect();
                if let Some(&&(f, r)) = column.get(pick(column.len().max(1))) {
                    board[r][f].get_or_insert(letter('P'));
                }
            }
            for piece in ['R', 'C', 'N'] {
                for _ in 0..pick(3) {
                    let (f, r) = (pick(9), pick(10));
                    board[r][f].get_or_insert(letter(piece));
                }
            }
            let advisors = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)];
            let elephants = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)];
            for (piece, points) in [('A', &advisors[..]), ('B', &elephants[..])] {
                for _ in 0..pick(3) {
                    let (f, r) = points[pick(points.len())];
                    board[flip(r)][f].get_or_insert(letter(piece));
                }
            }
        }
        let rows: Vec<String> = (0..10)
            .rev()
            .map(|rank| {
                let mut row = String::new();
                let mut empty = 0;
                for square in board[rank] {
                    match square {
                        Some(c) => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(c);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect();
        let side = if pick(2) == 0 { "w" } else { "b" };
        Position::from_fen(&format!("{} {side}", rows.join("/"))).ok()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn random_games_round_trip(choices in proptest::collection::vec(any::<u32>(), 1..160)) {
            let mut position = Position::start();
            round_trips(&position)?;
            for choice in choices {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position = position.play(moves[choice as usize % moves.len()]);
                round_trips(&position)?;
            }
        }

        #[test]
        fn bunched_pawns_round_trip(choices in proptest::collection::vec(any::<u32>(), 64)) {
            let position = bunched(&choices);
            prop_assume!(position.is_some());
            round_trips(&position.expect("assumed"))?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        #[test]
        fn any_text_is_a_move_or_an_error(text in "[KAEBHNRCPkaebhnrcp0-9+.=a-i一二三五七九１２５前后中车马炮兵卒进退平 -]{0,7}") {
            let start = Position::start();
            for notation in NOTATIONS {
                let _ = start.parse_notation(&text, notation);
            }
            if let Ok(mv) = start.parse_any_notation(&text) {
                prop_assert!(start.is_legal(mv));
            }
        }

        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..24)) {
            let text = String::from_utf8_lossy(&bytes);
            let black = Position::from_fen("3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 b").expect("valid");
            for position in [Position::start(), black] {
                let _ = position.parse_any_notation(&text);
            }
        }
    }
}
