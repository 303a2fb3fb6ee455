//! Xiangqi records: PGN and XQF reading, PGN writing and round trips, on
//! the cchess sample files when they are present and on records built
//! here, plus random bytes for every reader.
#![cfg(feature = "record")]

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use qiboard::xiangqi::record::{self, text, MoveTree, ProblemKind, Record, TextEncoding};
use qiboard::xiangqi::{ChineseStyle, Color, Move, Notation, Position};

const SAMPLES: &str = "../shared/data/cchess-samples";

/// A sample file's bytes, or `None` (the test then checks nothing) when
/// the samples are not on this machine.
fn sample(name: &str) -> Option<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(SAMPLES)
        .join(name);
    std::fs::read(path).ok()
}

fn samples() -> Vec<(String, Vec<u8>)> {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join(SAMPLES);
    let Ok(entries) = std::fs::read_dir(&directory) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            let name = path.to_string_lossy().to_lowercase();
            name.ends_with(".xqf") || name.ends_with(".pgn")
        })
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let name = path.file_name()?.to_string_lossy().into_owned();
            Some((name, std::fs::read(&path).ok()?))
        })
        .collect()
}

fn only(bytes: &[u8]) -> Record {
    let mut records = record::read(bytes).expect("a record");
    assert_eq!(records.len(), 1);
    records.remove(0)
}

fn ucci_line(record: &Record) -> String {
    record
        .main_line()
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn sample_pgn_main_lines() {
    let cases = [
        ("endgame_test.pgn", "3aka3/2c1n4/4bP3/9/4N4/9/9/9/9/4K4 w - - 0 1", "e5d7 c8d8 f7f8 e7g5 e0e1 g5i7 d7f6 i7g5 f6g8 g5e7 g8f6 e7c5 f6d7 c5a7 f8g8 a7c9 d7b6 c9a7 g8g9 a7c9 b6c8 c9a7 c8d6 d8d7 d6f7"),
        ("test.pgn", Position::START_FEN, "h2e2 b9c7 h0g2 h9i7 i0i1 c9e7 e3e4 h7f7 e4e5 e6e5 g2e3 d9e8 i1d1 a9d9 a0a1 b7b0 d1d9 e9d9 a1d1 d9e9 e3c4 f7f4 c4d6 f4e4 e2e5"),
    ];
    for (name, fen, moves) in cases {
        let Some(bytes) = sample(name) else { return };
        assert_eq!(text::decode(&bytes).encoding, TextEncoding::Gb18030);
        let record = only(&bytes);
        assert_eq!(record.start().fen(), fen, "{name}");
        assert_eq!(ucci_line(&record), moves, "{name}");
        assert!(
            record.problems().is_empty(),
            "{name}: {:?}",
            record.problems()
        );
    }
    let Some(bytes) = sample("test2.pgn") else {
        return;
    };
    let record = only(&bytes);
    assert_eq!(record.main_line().len(), 102);
    assert_eq!(record.tag("Result"), Some("1/2-1/2"));
    assert_eq!(record.tag("TimeControl"), Some("15-5-15"));
    assert!(ucci_line(&record).ends_with("a6a7 b6b7 a7a6 b7b6"));
}

#[test]
fn sample_xqf_versions_and_trees() {
    // (file, version, main-line plies, moves in the tree, lines, start)
    let cases = [
        (
            "030-huang-vs-feng.XQF",
            0x12,
            37,
            41,
            2,
            Position::START_FEN,
        ),
        ("BadMoveTest1.xqf", 0x0a, 43, 43, 1, Position::START_FEN),
        ("BadMoveTest2.xqf", 0x0c, 35, 39, 2, Position::START_FEN),
        (
            "FiveGoatsTest.xqf",
            0x12,
            77,
            32_124,
            349,
            Position::START_FEN,
        ),
        (
            "ucci_test1.xqf",
            0x10,
            43,
            43,
            1,
            "2b1kabn1/4aR3/3R2N2/4p1p2/5P3/4P4/3N2Pr1/4C1n2/3pAr3/4K3c w - - 0 1",
        ),
        (
            "ucci_test3.xqf",
            0x10,
            3,
            5,
            2,
            "3k3r1/4a4/3a5/6N2/9/9/9/4C4/4p2c1/2BR1K3 w - - 0 1",
        ),
        (
            "pawn_move.xqf",
            0x12,
            14,
            14,
            1,
            "4k4/9/4P4/3PP1p2/3P5/6p2/4P1p2/6p2/6p2/4K4 w - - 0 1",
        ),
        ("EmptyTest.xqf", 0x12, 0, 0, 1, Position::START_FEN),
    ];
    for (name, version, plies, moves, lines, fen) in cases {
        let Some(bytes) = sample(name) else { return };
        assert_eq!(bytes[2], version, "{name}");
        let record = only(&bytes);
        assert_eq!(record.start().fen(), fen, "{name}");
        assert_eq!(record.main_line().len(), plies, "{name}");
        assert_eq!(record.tree().move_count(), moves, "{name}");
        assert_eq!(record.tree().line_count(), lines, "{name}");
        assert!(
            record.problems().is_empty(),
            "{name}: {:?}",
            record.problems()
        );
        assert_eq!(
            record.game().expect("the main line plays").moves(),
            record.main_line()
        );
    }
    let Some(bytes) = sample("030-huang-vs-feng.XQF") else {
        return;
    };
    assert!(ucci_line(&only(&bytes)).starts_with("h2e2 b9c7 h0g2 h9i7 i0h0 i9h9"));
}

#[test]
fn old_and_new_xqf_of_one_game_agree() {
    let (Some(new), Some(old)) = (sample("test.xqf"), sample("test1.xqf")) else {
        return;
    };
    let (new, old) = (only(&new), only(&old));
    assert_eq!(
        (new.start(), new.main_line()),
        (old.start(), old.main_line())
    );
    let comments = |record: &Record| -> Vec<String> {
        record
            .tree()
            .nodes()
            .filter_map(|node| record.tree().comment(node).map(str::to_string))
            .collect()
    };
    let (new, old) = (comments(&new), comments(&old));
    assert_eq!(new.len(), 11);
    assert_eq!(new[..10], old[..10]);
    assert!(old[10].starts_with(&new[10]) && old[10].contains("====="));
}

#[test]
fn unplayable_xqf_records_are_named() {
    let Some(bytes) = sample("BadMoveTest3.xqf") else {
        return;
    };
    let record = only(&bytes);
    assert_eq!(record.main_line().len(), 9);
    let [problem] = record.problems() else {
        panic!("{:?}", record.problems())
    };
    assert_eq!(
        (
            problem.ply,
            problem.move_number,
            problem.side,
            problem.main_line
        ),
        (10, 5, Color::Black, true)
    );
    assert!(matches!(&problem.kind, ProblemKind::Skipped { error } if error.text == "e1f0"));
    assert!(problem.to_string().contains("e1f0"));

    let Some(bytes) = sample("WildHouse.xqf") else {
        return;
    };
    let record = only(&bytes);
    assert_eq!(record.main_line().len(), 65);
    assert_eq!(record.problems().len(), 10);
    assert!(record.problems().iter().all(|problem| !problem.main_line));
    // cchess plays this one: a second Black move in a row.
    assert!(record
        .problems()
        .iter()
        .any(|problem| problem.to_string().contains("\"f9e9\"")));
}

#[test]
fn every_sample_round_trips_through_pgn() {
    for (name, bytes) in samples() {
        let record = only(&bytes);
        for notation in [
            Notation::CHINESE,
            Notation::Chinese(ChineseStyle::TRADITIONAL),
            Notation::Wxf,
            Notation::Iccs,
        ] {
            let pgn = record.to_pgn(notation);
            for encoded in [
                text::encode(&pgn, TextEncoding::Utf8),
                text::encode(&pgn, TextEncoding::Gb18030),
            ] {
                let again = only(&encoded);
                assert_eq!(again.start(), record.start(), "{name}");
                assert_eq!(again.tree(), record.tree(), "{name} {notation:?}");
                assert!(
                    again.problems().is_empty(),
                    "{name}: {:?}",
                    again.problems()
                );
            }
        }
    }
}

#[test]
fn pgn_syntax_players_write() {
    let pgn = "\u{feff}[Game \"Chinese Chess\"]\n[Event \"A \\\"quoted\\\" name\"]\n[FEN \"3aka3/2c1n4/4bP3/9/4N4/9/9/9/9/4K4 w\"]\n\n\
               {Before the first move} 1.马五进六 炮3平4 ; a line comment\n\
               2. P4+1! $14 (2. 马六进八? {a try} (2. 帅五进一) 2... 马５进７) 2... 象5进7?! 3. 帅五进一 1-0\n\
               ====================\nsome footer an exporter wrote\n\
               [Game \"Chinese Chess\"]\n1. h2-e2 h9g7 2. H2+3 *\n";
    let records = record::read(pgn.as_bytes()).expect("records");
    assert_eq!(records.len(), 2);
    let first = &records[0];
    assert_eq!(first.tag("Event"), Some("A \"quoted\" name"));
    assert_eq!(first.tag("Result"), Some("1-0"));
    assert_eq!(ucci_line(first), "e5d7 c8d8 f7f8 e7g5 e0e1");
    let tree = first.tree();
    assert_eq!(tree.comment(MoveTree::ROOT), Some("Before the first move"));
    let line: Vec<_> = tree.main_line().collect();
    assert_eq!(tree.comment(line[1]), Some("a line comment"));
    assert_eq!(tree.nags(line[2]), &[1, 14]);
    assert_eq!(tree.nags(line[3]), &[6]);
    let alternatives: Vec<_> = tree.children(line[1]).collect();
    assert_eq!(alternatives.len(), 3);
    assert_eq!(tree.comment(alternatives[1]), Some("a try"));
    assert_eq!(tree.nags(alternatives[1]), &[2]);
    assert_eq!(tree.line_count(), 3);
    assert!(first.problems().is_empty(), "{:?}", first.problems());
    assert_eq!(ucci_line(&records[1]), "h2e2 h9g7 h0g2");
}

#[test]
fn a_bad_pgn_move_drops_its_line_and_keeps_the_rest() {
    let pgn = "1. 炮二平五 马８进７ 2. 车一平三 车９平８ 3. 马二进三 (3. 马八进七) 4. 兵七进一 *\n\
               [Event \"next\"]\n1. c3c4 (1. c3c5 c6c5) (1. g3g4) *";
    let records = record::read(pgn.as_bytes()).expect("records");
    let first = &records[0];
    assert_eq!(ucci_line(first), "h2e2 h9g7");
    let [problem] = first.problems() else {
        panic!("{:?}", first.problems())
    };
    assert_eq!(
        (
            problem.ply,
            problem.move_number,
            problem.side,
            problem.main_line
        ),
        (3, 2, Color::Red, true)
    );
    // The variation is an alternative to a dropped move: dropped too.
    assert!(
        matches!(problem.kind, ProblemKind::BadMove { dropped: 4, .. }),
        "{problem}"
    );
    // An alternative to the move that failed is read from where it failed.
    let second = &records[1];
    assert_eq!(ucci_line(second), "c3c4");
    assert_eq!(second.tree().line_count(), 2);
    assert_eq!(second.problems().len(), 1);
    assert!(!second.problems()[0].main_line);
}

#[test]
fn xqf_side_to_move_comes_from_the_first_move() {
    // A plain (version 0x0A) file whose header says Red moves, with one
    // Black move: the king d9 to d8.
    let mut bytes = vec![0u8; 0x400];
    bytes[..3].copy_from_slice(b"XQ\x0a");
    let mut table = [0xffu8; 32];
    table[4] = 40; // Red king on e0 (file 4 × 10 + rank 0)
    table[20] = 39; // Black king on d9
    table[24] = 18; // Black rook on b8
    bytes[0x10..0x30].copy_from_slice(&table);
    bytes.extend([0x18, 0x20, 0xf0, 0, 0, 0, 0, 0]); // root, has a child
    bytes.extend([0x18 + 39, 0x20 + 38, 0, 0, 0, 0, 0, 0]); // d9d8
    let record = only(&bytes);
    assert_eq!(record.start().side_to_move(), Color::Black);
    assert_eq!(ucci_line(&record), "d9d8");
    let [problem] = record.problems() else {
        panic!("{:?}", record.problems())
    };
    assert_eq!(problem.kind, ProblemKind::SideToMove { header: Color::Red });
    // Cut inside the move record: what came before is kept, the cut is said.
    let cut = only(&bytes[..bytes.len() - 3]);
    assert_eq!(cut.main_line().len(), 0);
    assert!(cut
        .problems()
        .iter()
        .any(|problem| problem.kind == ProblemKind::Truncated));
}

#[test]
fn deep_records_need_no_recursion() {
    // 100,000 plies of horses going back and forth, as PGN and as XQF.
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let mut pgn = String::new();
    let mut xqf = vec![0u8; 0x400];
    xqf[..3].copy_from_slice(b"XQ\x0a");
    let start = [0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83];
    for (slot, square) in start.iter().enumerate() {
        xqf[0x10 + slot] = *square;
        xqf[0x20 + slot] = if slot == 9 || slot == 10 {
            square + 5
        } else if slot >= 11 {
            square + 3
        } else {
            square + 9
        };
    }
    xqf.extend([0x18, 0x20, 0xf0, 0, 0, 0, 0, 0]);
    let plies = 100_000;
    for ply in 0..plies {
        let mv = cycle[ply % 4];
        pgn.push_str(mv);
        pgn.push(' ');
        let square = |text: &[u8]| (text[0] - b'a') * 10 + (text[1] - b'0');
        let child = if ply + 1 < plies { 0xf0 } else { 0 };
        xqf.extend([
            0x18 + square(&mv.as_bytes()[..2]),
            0x20 + square(&mv.as_bytes()[2..]),
            child,
            0,
            0,
            0,
            0,
            0,
        ]);
    }
    let from_pgn = only(pgn.as_bytes());
    let from_xqf = only(&xqf);
    assert_eq!(from_pgn.main_line().len(), plies);
    assert_eq!(from_xqf.main_line(), from_pgn.main_line());
    assert_eq!(
        only(from_xqf.to_pgn(Notation::Wxf).as_bytes()).tree(),
        from_xqf.tree()
    );
    // Variations nested 50,000 deep, each an alternative to the one
    // before: the first MAX_VARIATION_DEPTH levels are kept (the root
    // gets that many more children), the deeper ones are left out with a
    // problem that says so, and the move after them is read again.
    let nested = format!(
        "1. h2e2 {}h9g7{} *",
        "(1. h2e2 ".repeat(50_000),
        ")".repeat(50_000)
    );
    let record = only(nested.as_bytes());
    let kept = record::MAX_VARIATION_DEPTH;
    assert_eq!(record.tree().line_count(), kept + 1);
    assert_eq!(record.tree().move_count(), kept + 1);
    let [problem] = record.problems() else {
        panic!("{:?}", record.problems())
    };
    assert_eq!(problem.kind, ProblemKind::TooDeep { limit: kept });
    assert_eq!(
        only(record.to_pgn(Notation::Iccs).as_bytes()).tree(),
        record.tree()
    );
}

#[test]
fn records_from_games_and_added_moves() {
    let mut game = qiboard::xiangqi::Game::new();
    for mv in ["h2e2", "h9g7", "h0g2"] {
        game.play_text(mv).unwrap();
    }
    let mut record = Record::from_game(&game);
    assert_eq!(record.game().unwrap().moves(), game.moves());
    let first = record.tree().main_child(MoveTree::ROOT).unwrap();
    let start = Position::start();
    let alternative = record
        .add_move(MoveTree::ROOT, start.parse_move("b2e2").unwrap())
        .unwrap();
    assert_eq!(
        record.add_move(MoveTree::ROOT, start.parse_move("h2e2").unwrap()),
        Ok(first)
    );
    assert!(record
        .add_move(alternative, start.parse_move("h2e2").unwrap())
        .is_err());
    assert_eq!(record.tree().line_count(), 2);
    assert_eq!(record.position_at(alternative).side_to_move(), Color::Black);
    record.set_tag("Red", "许银川");
    let again = only(record.to_pgn(Notation::CHINESE).as_bytes());
    assert_eq!(again.tree(), record.tree());
    assert_eq!(again.tag("Red"), Some("许银川"));
    assert_eq!(
        record.to_ucci(),
        format!("{}\nh2e2 h9g7 h0g2\n", Position::START_FEN)
    );
}

/// A random tree: moves of random games from the start, branching, with
/// comments and NAGs.
fn random_record(choices: &[u32]) -> Record {
    let mut record = Record::new(Position::start());
    let mut next = choices.iter().copied();
    let alphabet: Vec<char> = "ab 1{(;)]炮马 兵\n\"\\".chars().collect();
    let mut frontier = vec![MoveTree::ROOT];
    while let Some(choice) = next.next() {
        let node = frontier[choice as usize % frontier.len()];
        let position = record.position_at(node);
        let moves = position.legal_moves();
        if moves.is_empty() {
            continue;
        }
        let pick = next.next().unwrap_or(0) as usize;
        let child = record
            .add_move(node, moves[pick % moves.len()])
            .expect("legal");
        frontier.push(child);
        match pick % 7 {
            0 => {
                let length = 1 + pick % 9;
                let comment: String = (0..length)
                    .map(|i| alphabet[(pick / 7 + i * 5) % alphabet.len()])
                    .collect();
                let comment = comment.trim().to_string();
                if !comment.is_empty() {
                    record.tree_mut().set_comment(child, Some(comment));
                }
            }
            1 => record.tree_mut().add_nag(child, (pick % 255) as u8 + 1),
            _ => {}
        }
    }
    record
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_trees_round_trip_through_pgn(choices in proptest::collection::vec(any::<u32>(), 0..300), notation in 0..4usize) {
        let record = random_record(&choices);
        let notation = [Notation::CHINESE, Notation::Wxf, Notation::Iccs, Notation::Ucci][notation];
        let pgn = record.to_pgn(notation);
        let again = record::read(pgn.as_bytes()).expect("written PGN reads");
        prop_assert_eq!(again.len(), 1);
        prop_assert_eq!(again[0].tree(), record.tree(), "{}", pgn);
        prop_assert!(again[0].problems().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let _ = record::read(&bytes);
        let mut xqf = b"XQ".to_vec();
        xqf.extend(&bytes);
        xqf.resize(xqf.len().max(0x404), 0);
        let _ = record::read(&xqf);
    }

    #[test]
    fn random_pgn_text_never_panics(text in "[\\[\\]{}();$!?*. 0-9a-iA-I+=\"\n炮二平五马８进７前后车-]{0,300}") {
        if let Ok(records) = record::read(text.as_bytes()) {
            for record in records {
                let _ = record.to_pgn(Notation::Wxf);
            }
        }
    }

    #[test]
    fn damaged_sample_xqf_never_panics(name in 0..4usize, damage in proptest::collection::vec((any::<u16>(), any::<u8>()), 1..8)) {
        let names = ["030-huang-vs-feng.XQF", "test1.xqf", "WildHouse.xqf", "ucci_test2.xqf"];
        if let Some(mut bytes) = sample(names[name]) {
            for (at, value) in damage {
                let at = usize::from(at) % bytes.len();
                bytes[at] = value;
            }
            if let Ok(records) = record::read(&bytes) {
                for record in records {
                    let _ = record.to_pgn(Notation::CHINESE);
                }
            }
        }
    }
}

/// Found by the `record` fuzz target: a Result tag holding something else
/// than a termination marker was written at the end of the movetext, where
/// its `[` started another game.
#[test]
fn a_result_tag_that_is_no_marker_stays_a_tag() {
    let pgn = "[Game \"Chinese Chess\"]\n[Result \"[1-0\\\"]x\"]\n\n1. h2e2 h9g7 *\n";
    let read = record::read_pgn(pgn).unwrap();
    assert_eq!(read.len(), 1);
    let written = read[0].to_pgn(Notation::Ucci);
    let again = record::read_pgn(&written).unwrap();
    assert_eq!(again.len(), 1, "{written}");
    assert_eq!(again[0].main_line(), read[0].main_line());
    assert!(written.trim_end().ends_with('*'), "{written}");
}

/// Reading a file as a stream, a block at a time, gives what reading it
/// whole gives: every sample, XQF and PGN, in each encoding it comes in.
#[test]
fn streamed_samples_read_as_whole_ones() {
    for (name, bytes) in samples() {
        let whole = record::read(&bytes);
        let streamed: Result<Vec<Record>, _> = record::Records::new(bytes.as_slice()).collect();
        assert_eq!(streamed, whole, "{name}");
        let gb = text::encode(&String::from_utf8_lossy(&bytes), TextEncoding::Gb18030);
        if name.ends_with(".pgn") && std::str::from_utf8(&bytes).is_ok() {
            assert_eq!(
                record::Records::new(gb.as_slice()).collect::<Result<Vec<_>, _>>(),
                record::read(&gb),
                "{name} in GB18030"
            );
        }
    }
}
