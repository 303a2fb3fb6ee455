//! Chess PGN: reading every part of the format, writing the export form,
//! round trips of random games with comments, NAGs and variations, and
//! collections read as a stream.
#![cfg(feature = "record")]

use qiboard::chess::record::{self, MoveTree, NodeId, ProblemKind, ReadError, Record, Records};
use qiboard::chess::{Ending, Game, Move, Position, SanReason};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn uci(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|mv| mv.uci(false).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn only(text: &str) -> Record {
    let mut records = record::read_pgn(text).expect("a record");
    assert_eq!(records.len(), 1, "{text}");
    records.remove(0)
}

#[test]
fn reads_tags_comments_variations_and_nags() {
    let pgn = r#"[Event "Casual \"blitz\""]
[Site "?"]
[White "A. Player"]
[Black "B. Player"]
[Result "1-0"]
[ECO "C60"]

{The Ruy Lopez.} 1. e4 e5 2.Nf3 Nc6 (2... d6 3. d4 (3. Bc4) 3... exd4) 3. Bb5!? $14 ; a comment to the end of the line
3... a6 $2 {Black plays on} 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0
"#;
    let game = only(pgn);
    assert!(game.problems().is_empty(), "{:?}", game.problems());
    assert_eq!(game.tag("Event"), Some("Casual \"blitz\""));
    assert_eq!(game.tag("eco"), Some("C60"));
    assert_eq!(game.tags().len(), 6);
    assert_eq!(
        uci(&game.main_line()),
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8"
    );
    let tree = game.tree();
    assert_eq!(tree.comment(MoveTree::ROOT), Some("The Ruy Lopez."));
    let nodes: Vec<NodeId> = tree.main_line().collect();
    let bb5 = nodes[4];
    assert_eq!(tree.nags(bb5), &[5, 14]);
    assert_eq!(tree.comment(bb5), Some("a comment to the end of the line"));
    assert_eq!(tree.nags(nodes[5]), &[2]);
    assert_eq!(tree.comment(nodes[5]), Some("Black plays on"));
    // 2... Nc6 has the alternative 2... d6, which has 3. d4 and 3. Bc4.
    let alternatives: Vec<NodeId> = tree.children(nodes[2]).collect();
    assert_eq!(alternatives.len(), 2);
    let d6 = alternatives[1];
    let replies: Vec<String> = tree
        .children(d6)
        .map(|node| tree.mv(node).unwrap().uci(false).to_string())
        .collect();
    assert_eq!(replies, ["d2d4", "f1c4"]);
    assert_eq!(tree.line_count(), 3);
    assert_eq!(tree.move_count(), 16 + 4);
}

#[test]
fn reads_a_start_from_fen_and_glued_numbers() {
    let pgn =
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n\n40.e4 Kd7 41.e5 Ke6 42.Ke2 *";
    let game = only(pgn);
    assert_eq!(game.start().fullmove_number(), 40);
    assert_eq!(uci(&game.main_line()), "e2e4 e8d7 e4e5 d7e6 e1e2");
    assert_eq!(game.tag("Result"), Some("*"));
    // The written form keeps the start, with SetUp.
    let written = game.to_pgn();
    assert!(written.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n"));
    assert!(
        written.contains("40. e4 Kd7 41. e5 Ke6 42. Ke2 *"),
        "{written}"
    );
    assert_eq!(only(&written).tree(), game.tree());
    // Castling with zeros, glued to its number.
    let castled = only("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4.0-0 *");
    assert_eq!(
        castled.main_line().last().map(|mv| mv.is_castle()),
        Some(true)
    );
}

#[test]
fn a_bad_move_drops_its_line_and_keeps_the_rest() {
    let game = only("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Qxf7 3. Bc4 Nc6 *");
    assert_eq!(uci(&game.main_line()), "e2e4 e7e5 g1f3");
    let [problem] = game.problems() else {
        panic!("{:?}", game.problems());
    };
    assert_eq!((problem.ply, problem.move_number), (4, 2));
    assert!(problem.main_line);
    match &problem.kind {
        ProblemKind::BadMove { error, dropped } => {
            assert_eq!(error.reason, SanReason::Illegal);
            assert_eq!(*dropped, 2);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        problem.to_string(),
        "ply 4 (move 2, Black, main line): \"Qxf7\": no legal move fits; the 2 moves after it are left out"
    );
    // A bad FEN is the game's error; the next game still reads.
    let text = "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *\n\n[Event \"next\"]\n1. d4 *\n";
    let mut games = record::PgnGames::new(text);
    assert!(matches!(
        games.next(),
        Some(Err(ReadError::BadStart { .. }))
    ));
    let next = games.next().unwrap().unwrap();
    assert_eq!(next.tag("Event"), Some("next"));
    assert!(games.next().is_none());
}

#[test]
fn reads_latin_1_and_refuses_what_is_no_pgn() {
    let mut bytes = b"[White \"M".to_vec();
    bytes.push(0xfc); // ü in ISO 8859-1
    bytes.extend_from_slice(b"ller\"]\n1. e4 *\n");
    let games = record::read(&bytes).unwrap();
    assert_eq!(games[0].tag("White"), Some("Müller"));
    assert!(games[0].problems().is_empty());
    assert_eq!(
        record::text::decode_or(&bytes, record::TextEncoding::Windows1252).encoding,
        record::TextEncoding::Windows1252
    );
    assert!(matches!(record::read(b""), Err(ReadError::Empty)));
    assert!(matches!(record::read(b"1. e4\0"), Err(ReadError::NotText)));
}

#[test]
fn writes_the_export_form() {
    let mut game = Game::new();
    for text in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        game.play_text(text).unwrap();
    }
    let mut record = Record::from_game(&game);
    record.set_tag("White", "Kasparov, Garry");
    record.set_tag("Annotator", "qiboard");
    let third = record.tree().main_line().nth(2).unwrap();
    record
        .tree_mut()
        .set_comment(third, Some("a } brace".into()));
    record.tree_mut().add_nag(third, 1);
    let pgn = record.to_pgn();
    assert_eq!(
        pgn,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"Kasparov, Garry\"]\n[Black \"?\"]\n[Result \"*\"]\n[Annotator \"qiboard\"]\n\n\
         1. e4 e5 2. Nf3 $1 {a ｝ brace} 2... Nc6 *\n"
    );
    // A finished game's result is written.
    let mut mated = Game::new();
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        mated.play_text(text).unwrap();
    }
    let record = Record::from_game(&mated);
    assert_eq!(record.tag("Result"), Some("0-1"));
    assert!(record.to_pgn().contains("[Result \"0-1\"]"));
    assert!(record.to_pgn().ends_with("2. g4 Qh4# 0-1\n"));
    assert_eq!(
        record.game().unwrap().outcome().map(|o| o.ending()),
        Some(Ending::Checkmate)
    );
}

/// A random record from the start: a main line of up to `plies` moves,
/// with random variations, comments and NAGs.
fn random_record(rng: &mut Xoshiro256PlusPlus, plies: usize) -> Record {
    let mut record = Record::new(Position::start());
    let mut node = MoveTree::ROOT;
    let mut position = Position::start();
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let pick =
            |rng: &mut Xoshiro256PlusPlus| moves[(rng.next_u64() % moves.len() as u64) as usize];
        let mv = pick(rng);
        let child = record.add_move(node, mv).unwrap();
        if rng.next_u64() % 5 == 0 {
            let other = pick(rng);
            let branch = record.add_move(node, other).unwrap();
            let after = position.play(other);
            if let Some(&reply) = after.legal_moves().first() {
                record.add_move(branch, reply).unwrap();
            }
        }
        if rng.next_u64() % 7 == 0 {
            record
                .tree_mut()
                .set_comment(child, Some(format!("note {}", rng.next_u64() % 100)));
        }
        if rng.next_u64() % 9 == 0 {
            record
                .tree_mut()
                .add_nag(child, (rng.next_u64() % 20) as u8 + 1);
        }
        node = child;
        position = position.play(mv);
    }
    record.set_tag("Round", &format!("{}", rng.next_u64() % 50));
    record
}

#[test]
fn random_records_round_trip() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut collection = String::new();
    let mut written = Vec::new();
    for _ in 0..200 {
        let record = random_record(&mut rng, 120);
        let pgn = record.to_pgn();
        let again = only(&pgn);
        assert!(again.problems().is_empty(), "{pgn}\n{:?}", again.problems());
        assert_eq!(again.tree(), record.tree(), "{pgn}");
        assert_eq!(again.to_pgn(), pgn);
        collection.push_str(&pgn);
        collection.push('\n');
        written.push(record);
    }
    // The same games, streamed from the collection.
    let streamed: Vec<Record> = Records::new(collection.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(streamed.len(), written.len());
    for (read, record) in streamed.iter().zip(&written) {
        assert_eq!(read.tree(), record.tree());
    }
}
