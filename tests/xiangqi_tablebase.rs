//! Xiangqi endgame tablebases: published facts, the forward verification
//! pass, files that are damaged, and probes checked against the move
//! generator.
#![cfg(feature = "tablebase")]

use std::path::PathBuf;

use qiboard::xiangqi::tablebase::{Material, Quiet, SideStats, Table, Tablebase, TbError, Value};
use qiboard::xiangqi::{Color, Position, Status};

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

/// Every legal position of a table with its stored value.
fn entries(table: &Table) -> impl Iterator<Item = (Position, Value)> + '_ {
    Color::ALL.into_iter().flat_map(move |side| {
        (0..table.layout().per_side() as u32).filter_map(move |index| {
            let position = table.layout().position(side, index)?;
            let value = table.entry(side, index).expect("legal entries have values");
            Some((position, value))
        })
    })
}

/// A scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qiboard-tb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn rook_against_bare_king_matches_published_counts() {
    let tablebase = solved(&["KRK"]);
    let red = stats(&tablebase, "KRK", Color::Red);
    assert_eq!((red.legal, red.win, red.max_dtm), (3834, 3834, 3));
    let black = stats(&tablebase, "KRK", Color::Black);
    assert_eq!((black.legal, black.draw), (4914, 108));
    assert_eq!(black.win, 0);
    assert_eq!(black.legal, black.draw + black.loss);
}

#[test]
fn cannon_against_bare_king_is_drawn_everywhere() {
    let tablebase = solved(&["KCK"]);
    for side in Color::ALL {
        let stats = stats(&tablebase, "KCK", side);
        assert!(stats.legal > 0);
        assert_eq!(stats.draw, stats.legal, "{side} to move: {stats:?}");
        assert_eq!(stats.max_dtm, -1);
    }
}

/// Horse and pawn never mate a bare king, but they stalemate it, which
/// wins in xiangqi.
#[test]
fn horse_and_pawn_win_by_stalemate_only() {
    let tablebase = solved(&["KNK", "KPK"]);
    for name in ["KNK", "KPK"] {
        let table = tablebase.table(&material(name)).unwrap();
        let mut terminal = 0;
        for (position, value) in entries(&table) {
            if value == Value::Loss(0) {
                terminal += 1;
                assert_eq!(position.status(), Status::Stalemate, "{}", position.fen());
            } else {
                assert_eq!(position.status(), Status::Ongoing, "{}", position.fen());
            }
        }
        assert!(terminal > 0, "{name} has stalemates");
        let red = table.stats(Color::Red);
        assert!(red.win * 2 > red.legal, "{name}: {red:?}");
        let black = table.stats(Color::Black);
        assert!(black.loss * 2 > black.legal, "{name}: {black:?}");
    }
}

#[test]
fn verification_passes_on_several_endgames() {
    // Single pieces of every kind on both sides, and a pair of pawns.
    let names = [
        "KRK", "KCK", "KNK", "KPK", "KRKA", "KNKE", "KCAKA", "KPKP", "KPPK",
    ];
    let tablebase = solved(&names);
    for name in names {
        let checked = tablebase.verify(&material(name), &Quiet).unwrap();
        let table = tablebase.table(&material(name)).unwrap();
        // Entries stand for one or two whole-board positions.
        let legal = table.stats(Color::Red).legal + table.stats(Color::Black).legal;
        assert!(checked <= legal && legal <= 2 * checked, "{name}");
    }
}

/// Flips a FEN's board across the e-file.
fn mirror_fen(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').unwrap();
    let rows: Vec<String> = board
        .split('/')
        .map(|row| {
            let mut squares = String::new();
            for c in row.chars() {
                match c.to_digit(10) {
                    Some(n) => squares.extend(std::iter::repeat_n('1', n as usize)),
                    None => squares.push(c),
                }
            }
            squares.chars().rev().collect()
        })
        .collect();
    format!("{} {rest}", rows.join("/"))
}

#[test]
fn probes_agree_with_the_move_generator() {
    let tablebase = solved(&["KRKA", "KNKE"]);
    for name in ["KRKA", "KNKE"] {
        let table = tablebase.table(&material(name)).unwrap();
        for (position, value) in entries(&table).step_by(97) {
            assert_eq!(tablebase.probe(&position).unwrap(), value);
            // The mirror image, even when stored elsewhere, has the same value.
            let mirror = Position::from_fen(&mirror_fen(&position.fen())).unwrap();
            assert_eq!(tablebase.probe(&mirror).unwrap(), value);
            match tablebase.best_move(&position).unwrap() {
                None => {
                    assert_eq!(value, Value::Loss(0));
                    assert_ne!(position.status(), Status::Ongoing);
                }
                Some((mv, next)) => {
                    assert!(position.legal_moves().contains(&mv));
                    let after = position.play(mv);
                    let probed = tablebase.probe(&after).unwrap();
                    assert_eq!(probed, next);
                    assert_eq!(next.parent_of_best(), value, "{}", position.fen());
                    if value != Value::Draw {
                        assert_eq!(probed.plies() + 1, value.plies());
                    }
                }
            }
            let line = tablebase.line(&position).unwrap();
            if value != Value::Draw {
                assert_eq!(line.len(), usize::from(value.plies()));
                let end = line.iter().fold(position.clone(), |p, &mv| p.play(mv));
                assert_ne!(end.status(), Status::Ongoing, "{}", position.fen());
            } else {
                assert!(line.is_empty());
            }
        }
    }
}

#[test]
fn files_round_trip_and_damage_is_reported() {
    let dir = scratch("files");
    let writer = Tablebase::at(&dir);
    writer.generate(&material("KRKA"), &Quiet).unwrap();
    let path = dir.join("KRKA.qtb");
    let good = std::fs::read(&path).unwrap();

    let reader = Tablebase::at(&dir);
    let loaded = reader.table(&material("KRKA")).unwrap();
    let original = writer.table(&material("KRKA")).unwrap();
    for side in Color::ALL {
        assert_eq!(loaded.stats(side), original.stats(side));
    }
    reader.verify(&material("KRKA"), &Quiet).unwrap();

    let damaged: Vec<(&str, Vec<u8>)> = vec![
        ("truncated", good[..good.len() / 2].to_vec()),
        ("header only", good[..20].to_vec()),
        ("empty", Vec::new()),
        ("one byte short", good[..good.len() - 1].to_vec()),
        ("flipped entry", {
            let mut bytes = good.clone();
            let at = bytes.len() - 100;
            bytes[at] ^= 0x04;
            bytes
        }),
        ("wrong magic", {
            let mut bytes = good.clone();
            bytes[0] = b'X';
            bytes
        }),
        ("extra bytes", [good.as_slice(), b"tail"].concat()),
    ];
    for (what, bytes) in damaged {
        std::fs::write(&path, &bytes).unwrap();
        match Tablebase::at(&dir).table(&material("KRKA")) {
            Err(TbError::Corrupt { why, .. }) => assert!(!why.is_empty(), "{what}"),
            other => panic!("{what}: expected a corrupt-file error, got {other:?}"),
        }
    }

    // Another endgame's file under this name is refused too.
    std::fs::copy(dir.join("KRK.qtb"), &path).unwrap();
    let error = Tablebase::at(&dir)
        .table(&material("KRKA"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("material"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_tables_and_impossible_positions_are_errors() {
    let tablebase = Tablebase::in_memory();
    let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w").unwrap();
    assert!(matches!(
        tablebase.probe(&position),
        Err(TbError::Missing { .. })
    ));
    tablebase.generate(&material("KAK"), &Quiet).unwrap();
    // An advisor on e4 can never get there.
    let off = Position::from_fen("4k4/9/9/9/9/4A4/9/9/9/3K5 w").unwrap();
    let error = tablebase.probe(&off).unwrap_err();
    assert!(matches!(error, TbError::OffDomain { .. }), "{error}");
    assert!(error.to_string().contains("e4"), "{error}");
}

#[test]
fn endgames_too_large_to_index_are_refused() {
    for name in ["KRRCCNNKRRCCNN", "KRRCCKRRCC"] {
        let error = Tablebase::in_memory()
            .generate(&material(name), &Quiet)
            .unwrap_err();
        assert!(matches!(error, TbError::TooLarge(_)), "{error}");
        assert!(error.to_string().contains("at most"), "{error}");
    }
}

#[test]
fn bad_material_is_an_error_value() {
    for text in ["", "KR", "XK", "KRRRK", "KRKKA", "KZK", "K K"] {
        let error = text.parse::<Material>().unwrap_err();
        assert!(!TbError::from(error).to_string().is_empty());
    }
}

/// An interrupted run leaves its temporary file behind; the next save of
/// that table removes it, but never one a live process may still write.
#[cfg(target_os = "linux")]
#[test]
fn saving_removes_temporaries_of_dead_writers() {
    let dir = scratch("temporaries");
    std::fs::create_dir_all(&dir).unwrap();
    // Above Linux's largest process id, so no such process exists.
    let stale = dir.join(".KRK.qtb.4000000000.tmp");
    // The process that started this test is alive.
    let live = dir.join(format!(
        ".KRK.qtb.{}.tmp",
        std::os::unix::process::parent_id()
    ));
    let other = dir.join(".KCK.qtb.4000000000.tmp");
    for path in [&stale, &live, &other] {
        std::fs::write(path, b"partial").unwrap();
    }
    Tablebase::at(&dir)
        .generate(&material("KRK"), &Quiet)
        .unwrap();
    assert!(dir.join("KRK.qtb").exists());
    assert!(!stale.exists(), "the dead writer's file stays");
    assert!(live.exists(), "a live writer's file was removed");
    assert!(other.exists(), "another table's file was removed");
    let _ = std::fs::remove_dir_all(&dir);
}
