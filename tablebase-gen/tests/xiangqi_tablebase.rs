//! Xiangqi endgame tablebases: published facts, the forward verification
//! pass, files that are damaged, and probes checked against the move
//! generator.

use std::path::PathBuf;

use qiboard::xiangqi::{Color, Position, Setup, Status};
use qiboard_tablebase::{
    Dtm, Material, ProbeError, RuleSet, SideStats, Table, Tablebase, Value, Wdl, FORMAT_VERSION,
};
use qiboard_tablebase_gen::{family, GenerateError, Generator, Plan, Quiet};

fn material(text: &str) -> Material {
    text.parse().unwrap()
}

fn solved(names: &[&str]) -> Generator {
    let tablebase = Generator::in_memory();
    for name in names {
        tablebase.generate(&material(name), &Quiet).unwrap();
    }
    tablebase
}

fn stats(tablebase: &Generator, name: &str, side: Color) -> SideStats {
    tablebase.table(&material(name)).unwrap().stats(side)
}

/// Every legal position of a table with its stored value.
fn entries(table: &Table) -> impl Iterator<Item = (Position, Dtm)> + '_ {
    Color::ALL
        .into_iter()
        .flat_map(move |side| table.values(side))
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
        for (position, dtm) in entries(&table) {
            if dtm.value == Value::Loss(0) {
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
        for (position, dtm) in entries(&table).step_by(97) {
            let value = dtm.value;
            assert_eq!(tablebase.tablebase().probe_dtm(&position).unwrap(), dtm);
            assert_eq!(
                tablebase.tablebase().probe_wdl(&position).unwrap(),
                value.wdl()
            );
            // The mirror image, even when stored elsewhere, has the same value.
            let mirror = Position::from_fen(&mirror_fen(&position.fen())).unwrap();
            assert_eq!(tablebase.tablebase().probe_dtm(&mirror).unwrap(), dtm);
            // So has the position seen from the other side.
            assert_eq!(
                tablebase
                    .tablebase()
                    .probe_dtm(&position.flipped())
                    .unwrap(),
                dtm
            );
            match tablebase.tablebase().best_move(&position).unwrap() {
                None => {
                    assert_eq!(value, Value::Loss(0));
                    assert_ne!(position.status(), Status::Ongoing);
                }
                Some((mv, reached)) => {
                    assert!(position.legal_moves().contains(&mv));
                    assert_eq!(reached, dtm, "{}", position.fen());
                    let after = tablebase.tablebase().probe_dtm(&position.play(mv)).unwrap();
                    assert_eq!(after.value.parent_of_best(), value, "{}", position.fen());
                }
            }
            let root = tablebase.tablebase().probe_root(&position).unwrap();
            assert_eq!(root.len(), position.legal_moves().len());
            assert!(root
                .iter()
                .all(|(_, reached)| reached.value.order() <= value.order()));
            let line = tablebase.tablebase().line(&position).unwrap();
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

/// Tables written to a directory and probed from there, a block at a time
/// through a small cache, give the values of the tables solved in memory;
/// positions of the other colour orientation are flipped onto them.
#[test]
fn probing_files_agrees_with_memory() {
    let dir = scratch("probe-files");
    let memory = solved(&["KRKA", "KCKA"]);
    let writer = Generator::open(&dir).unwrap();
    for name in ["KRKA", "KCKA"] {
        writer.generate(&material(name), &Quiet).unwrap();
    }
    let reader = Tablebase::open(&dir).unwrap().with_cache_bytes(64 << 10);
    for name in ["KRKA", "KCKA"] {
        let table = memory.table(&material(name)).unwrap();
        for (position, dtm) in entries(&table).step_by(53) {
            assert_eq!(
                reader.probe_dtm(&position).unwrap(),
                dtm,
                "{}",
                position.fen()
            );
            assert_eq!(reader.probe_wdl(&position).unwrap(), dtm.value.wdl());
            let flipped = position.flipped();
            assert_eq!(Material::of(&flipped), material(name).flipped());
            assert_eq!(reader.probe_wdl(&flipped).unwrap(), dtm.value.wdl());
        }
    }
    // A table that is not there is an error naming it.
    let krkr = Position::from_fen("3k1r3/9/9/9/9/9/9/9/4R4/5K3 w").unwrap();
    let error = reader.probe_wdl(&krkr).unwrap_err();
    assert!(matches!(error, ProbeError::Missing { .. }), "{error}");
    assert!(error.to_string().contains("KRKR"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_round_trip_and_damage_is_reported() {
    let dir = scratch("files");
    let writer = Generator::open(&dir).unwrap();
    writer.generate(&material("KRKA"), &Quiet).unwrap();
    let path = dir.join("KRKA.qwdl");
    let good = std::fs::read(&path).unwrap();

    let reader = Generator::open(&dir).unwrap();
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
        ("flipped block byte", {
            let mut bytes = good.clone();
            let at = bytes.len() - 10;
            bytes[at] ^= 0x04;
            bytes
        }),
        ("flipped header byte", {
            let mut bytes = good.clone();
            bytes[20] ^= 0x01;
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
        match Generator::open(&dir).unwrap().table(&material("KRKA")) {
            Err(GenerateError::Probe(ProbeError::Corrupt { why, .. })) => {
                assert!(!why.is_empty(), "{what}")
            }
            other => panic!("{what}: expected a corrupt-file error, got {other:?}"),
        }
    }

    // Another endgame's file under this name is refused too.
    std::fs::copy(dir.join("KRK.qwdl"), &path).unwrap();
    let error = Generator::open(&dir)
        .unwrap()
        .table(&material("KRKA"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("KRK"), "{error}");

    // The file with its version field set to `version`, opened.
    let open_as_version = |version: u16| {
        let mut bytes = good.clone();
        bytes[8..10].copy_from_slice(&version.to_le_bytes());
        std::fs::write(&path, &bytes).unwrap();
        Generator::open(&dir)
            .unwrap()
            .table(&material("KRKA"))
            .unwrap_err()
    };
    // Files of the earlier block formats (version 2: a byte per WDL
    // entry; version 3: blocks of 256 KiB and 1 MiB; version 4: no
    // dictionary field) are refused, naming the command that rebuilds
    // them.
    for version in [2u16, 3, 4] {
        let error = open_as_version(version);
        assert!(
            matches!(error, GenerateError::Probe(ProbeError::OldFormat { .. })),
            "version {version}: {error}"
        );
        let rebuild = format!("`qiboard tb gen KRKA --dir {}`", dir.display());
        assert!(error.to_string().contains(&rebuild), "{error}");
        let probed = Tablebase::open(&dir)
            .unwrap()
            .probe_wdl(&Position::from_fen("3k5/4a4/9/9/9/9/9/9/4R4/5K3 w").unwrap())
            .unwrap_err();
        assert!(probed.to_string().contains(&rebuild), "{probed}");
    }
    // A version this build does not know yet is a damaged file, not an
    // old one.
    let error = open_as_version(FORMAT_VERSION + 1);
    assert!(
        matches!(error, GenerateError::Probe(ProbeError::Corrupt { .. })),
        "{error}"
    );

    // A file of the first format says how to rebuild it.
    std::fs::remove_file(&path).unwrap();
    std::fs::write(dir.join("KRKA.qtb"), b"QIXQTB\r\n").unwrap();
    let error = Generator::open(&dir)
        .unwrap()
        .table(&material("KRKA"))
        .unwrap_err();
    assert!(
        matches!(error, GenerateError::Probe(ProbeError::OldFormat { .. })),
        "{error}"
    );
    assert!(
        error.to_string().contains("`qiboard tb gen KRKA --dir"),
        "{error}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Tables of one rule set are never read as the other's.
#[test]
fn tables_of_other_rules_are_refused() {
    let dir = scratch("rules");
    Generator::open(&dir)
        .unwrap()
        .with_rules(RuleSet::None)
        .generate(&material("KRK"), &Quiet)
        .unwrap();
    let asian = Generator::open(&dir).unwrap().with_rules(RuleSet::Asian);
    let error = asian.table(&material("KRK")).unwrap_err();
    assert!(
        matches!(
            error,
            GenerateError::Probe(ProbeError::RulesMismatch { .. })
        ),
        "{error}"
    );
    let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w").unwrap();
    assert!(asian.tablebase().probe_wdl(&position).is_err());
    assert_eq!(
        Generator::open(&dir)
            .unwrap()
            .with_rules(RuleSet::None)
            .tablebase()
            .probe_wdl(&position)
            .unwrap(),
        Wdl::Win
    );
    // Generating under the other rules into the same directory refuses to
    // overwrite them.
    let before = std::fs::read(dir.join("KRK.qwdl")).unwrap();
    let error = asian.generate(&material("KRK"), &Quiet).unwrap_err();
    assert!(
        matches!(
            error,
            GenerateError::Probe(ProbeError::RulesMismatch { .. })
        ),
        "{error}"
    );
    assert_eq!(std::fs::read(dir.join("KRK.qwdl")).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The family of one attacker: 324 endgames with it, all stored with the
/// attacker on Red's side, smallest first.
#[test]
fn the_one_attacker_family() {
    let one = family(1);
    assert_eq!(one.iter().filter(|m| m.attackers() == 1).count(), 324);
    assert!(one.iter().all(|m| m.attackers() <= 1 && m.is_canonical()));
    assert!(one.contains(&material("KRAAEEKAAEE")));
    assert!(!one.contains(&material("KAAEEKRAAEE")));
    assert_eq!(one.first(), Some(&material("KK")));
}

#[test]
fn missing_tables_and_impossible_positions_are_errors() {
    let tablebase = Generator::in_memory();
    let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w").unwrap();
    assert!(matches!(
        tablebase.tablebase().probe_dtm(&position),
        Err(ProbeError::Missing { .. })
    ));
    tablebase.generate(&material("KAK"), &Quiet).unwrap();
    // An advisor on e4 can never get there: no FEN reader takes it, and a
    // position built without the checks is an error value, not a panic.
    let fen = "4k4/9/9/9/9/4A4/9/9/9/3K5 w";
    assert!(Position::from_fen(fen).is_err());
    let off = Position::from_setup_unchecked(Setup::from_fen(fen).unwrap());
    let error = tablebase.tablebase().probe_dtm(&off).unwrap_err();
    assert!(matches!(error, ProbeError::OffDomain { .. }), "{error}");
    assert!(error.to_string().contains("e4"), "{error}");
}

#[test]
fn endgames_too_large_to_index_are_refused() {
    for name in ["KRRCCNNKRRCCNN", "KRRCCKRRCC"] {
        let error = Generator::in_memory()
            .generate(&material(name), &Quiet)
            .unwrap_err();
        assert!(
            matches!(error, GenerateError::Probe(ProbeError::TooLarge(_))),
            "{error}"
        );
        assert!(error.to_string().contains("at most"), "{error}");
    }
}

#[test]
fn bad_material_is_an_error_value() {
    for text in ["", "KR", "XK", "KRRRK", "KRKKA", "KZK", "K K"] {
        let error = text.parse::<Material>().unwrap_err();
        assert!(!ProbeError::from(error).to_string().is_empty());
    }
}

/// An interrupted run leaves its temporary files (and, out of core, its
/// scratch directory) behind; the next writer of that table removes them
/// once it holds the table's lock, whatever process id they are named
/// with — a writer on another machine sharing the directory may have had
/// one that is live here — and whether or not it solves out of core; it
/// leaves other tables' alone.
#[test]
fn a_writer_removes_what_dead_writers_of_its_table_left() {
    let dir = scratch("temporaries");
    std::fs::create_dir_all(&dir).unwrap();
    // Above Linux's largest process id, and this test's own (alive).
    let live = std::process::id();
    let dead = [
        dir.join(".KRK.qwdl.4000000000.tmp"),
        dir.join(format!(".KRK.qdtm.{live}.tmp")),
    ];
    let scratch_dirs = [
        dir.join(".KRK-scratch-4000000000-0"),
        dir.join(format!(".KRK-scratch-{live}-3")),
    ];
    let other = dir.join(".KCK.qwdl.4000000000.tmp");
    let other_scratch = dir.join(".KCK-scratch-4000000000-0");
    for path in dead.iter().chain([&other]) {
        std::fs::write(path, b"partial").unwrap();
    }
    for path in scratch_dirs.iter().chain([&other_scratch]) {
        std::fs::create_dir_all(path).unwrap();
        std::fs::write(path.join("cells"), b"partial").unwrap();
    }
    Generator::open(&dir)
        .unwrap()
        .generate(&material("KRK"), &Quiet)
        .unwrap();
    assert!(dir.join("KRK.qwdl").exists() && dir.join("KRK.qdtm").exists());
    for path in dead.iter().chain(&scratch_dirs) {
        assert!(!path.exists(), "{} stays", path.display());
    }
    assert!(!dir.join(".KRK.lock").exists() || cfg!(not(unix)));
    assert!(other.exists(), "another table's file was removed");
    assert!(
        other_scratch.exists(),
        "another table's scratch was removed"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A table that would not fit in the memory allowed is refused before its
/// solve starts, with the figures; the smaller tables it needs were built.
#[test]
fn a_table_too_large_for_the_memory_is_refused_first() {
    // Room for KK (the process's 16 MiB, and its writer's compressors)
    // but not for KRK.
    let kk = Plan::new(&[material("KK")], RuleSet::Asian, None);
    let limit = kk.endgames[0].working_bytes;
    let tablebase = Generator::in_memory().with_memory_limit(limit);
    let error = tablebase.generate(&material("KRK"), &Quiet).unwrap_err();
    match &error {
        GenerateError::NotEnoughMemory {
            material: refused,
            needed,
            available,
        } => {
            assert_eq!(refused.to_string(), "KRK");
            assert!(*needed > *available, "{error}");
            assert_eq!(*available, limit);
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert!(error.to_string().contains("KRK"), "{error}");
    assert!(tablebase.table(&material("KK")).is_ok());
}

/// What a search asks of a tablebase at its nodes: whether an endgame is
/// there (answered from memory after the first look), the largest one,
/// and missing tables found again after they are written.
#[test]
fn searches_ask_what_is_there() {
    let dir = scratch("contains");
    std::fs::create_dir_all(&dir).unwrap();
    let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w").unwrap();
    let reader = Tablebase::open(&dir).unwrap();
    assert!(!reader.covers(&position));
    assert_eq!(reader.max_pieces(), 0);
    let missing = reader.probe_wdl(&position).unwrap_err();
    assert!(matches!(missing, ProbeError::Missing { .. }), "{missing}");
    assert_eq!(missing.scope(), qiboard_tablebase::Scope::Endgame);
    // Written by another process: found after a refresh, not before.
    Generator::open(&dir)
        .unwrap()
        .generate(&material("KRK"), &Quiet)
        .unwrap();
    assert!(!reader.covers(&position), "remembered as missing");
    reader.refresh();
    assert!(reader.covers(&position) && reader.contains(&material("KKR")));
    assert_eq!(reader.probe_wdl(&position).unwrap(), Wdl::Win);
    assert_eq!(reader.max_pieces(), 3);
    assert_eq!(
        reader.materials(),
        [material("KK"), material("KRK")],
        "the sub-endgame too"
    );
    // A generator sharing the tablebase forgets what it knew of a table
    // it writes.
    let writer = Generator::open(&dir).unwrap();
    let cannon = Position::from_fen("3k5/9/9/9/9/9/9/9/4C4/5K3 w").unwrap();
    assert!(!writer.tablebase().covers(&cannon));
    writer.generate(&material("KCK"), &Quiet).unwrap();
    assert!(writer.tablebase().covers(&cannon));
    assert_eq!(writer.tablebase().probe_wdl(&cannon).unwrap(), Wdl::Draw);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Tablebase values as search scores: quicker wins higher, mates above
/// rule wins above evaluations, and the table adjustment undone.
#[test]
fn values_score_in_their_bands() {
    use qiboard_tablebase::score::{from_table, is_decisive, to_table, MATE_BOUND, RULE_WIN_BOUND};
    use qiboard_tablebase::DistanceTo;
    let tablebase = solved(&["KRKN"]);
    let table = tablebase.table(&material("KRKN")).unwrap();
    let mut seen = 0;
    for (_, dtm) in table.values(Color::Red).chain(table.values(Color::Black)) {
        for ply in [0, 7] {
            let score = dtm.score(ply);
            match (dtm.value, dtm.to) {
                (Value::Draw, _) => assert_eq!(score, 0),
                (Value::Win(_), DistanceTo::Mate) => assert!(score > MATE_BOUND),
                (Value::Win(_), DistanceTo::Rule) => {
                    assert!(score > RULE_WIN_BOUND && score <= MATE_BOUND)
                }
                (Value::Loss(_), _) => assert!(score < -RULE_WIN_BOUND),
            }
            assert_eq!(is_decisive(score), dtm.value != Value::Draw);
            assert_eq!(from_table(to_table(score, ply), ply), score);
        }
        seen += 1;
    }
    assert!(seen > 100_000);
    let win = |plies| Dtm {
        value: Value::Win(plies),
        to: DistanceTo::Mate,
        by_rules: false,
    };
    assert!(win(3).score(0) > win(5).score(0));
    assert!(
        win(3).score(0)
            > Dtm {
                to: DistanceTo::Rule,
                ..win(1)
            }
            .score(0)
    );
}

/// A table whose header names the superseded reading of the Asian rules
/// (with its header checksum made right again) is an old format to
/// rebuild them, not a corrupt file and not another rule set.
#[test]
fn tables_of_the_superseded_rules_reading_say_to_regenerate() {
    use qiboard_tablebase::format::checksum;
    let dir = std::env::temp_dir().join(format!("qiboard-superseded-{}", std::process::id()));
    let krkn = material("KRKN");
    Generator::open(&dir)
        .unwrap()
        .generate(&krkn, &Quiet)
        .unwrap();
    let path = dir.join("KRKN.qwdl");
    let mut bytes = std::fs::read(&path).unwrap();
    // magic, kind, version, index scheme: the rules byte is the 13th.
    let asian = RuleSet::Asian.code();
    assert_eq!(bytes[12], asian);
    // The byte of the superseded reading: no rule set reads it.
    let superseded = 1;
    assert_eq!(RuleSet::from_code(superseded), None);
    bytes[12] = superseded;
    let head = (13..256)
        .find(|&end| {
            let stored: [u8; 8] = bytes[end..end + 8].try_into().unwrap();
            let mut fixed = bytes.clone();
            fixed[12] = asian;
            checksum(&fixed[..end]) == u64::from_le_bytes(stored)
        })
        .expect("the header checksum follows the header");
    let sum = checksum(&bytes[..head]);
    bytes[head..head + 8].copy_from_slice(&sum.to_le_bytes());
    std::fs::write(&path, &bytes).unwrap();
    let error = Generator::open(&dir).unwrap().table(&krkn).unwrap_err();
    assert!(
        matches!(error, GenerateError::Probe(ProbeError::OldFormat { .. })),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .contains("rebuild it with `qiboard tb gen KRKN --dir"),
        "{error}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The counted size is the built one, for every endgame of at most one
/// attacker and some of two (those the index holds).
#[test]
fn entries_are_counted_as_built() {
    let mut names: Vec<Material> = family(1);
    names.extend(["KRNKR", "KCPKAAEE", "KNNKAE", "KPPKP"].map(material));
    for material in names {
        if let Ok(layout) = qiboard_tablebase::Layout::new(material) {
            assert_eq!(
                qiboard_tablebase::Layout::entries(material),
                2 * layout.per_side(),
                "{material}"
            );
        }
    }
}

/// Tables kept in memory beside a directory are let go before a solve
/// (their files hold them), and probes then read the files; a tablebase
/// without a directory keeps them, as they are the only copy.
#[test]
fn tables_in_memory_are_released_only_beside_their_files() {
    let krk = material("KRK");
    let position = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w").unwrap();

    let dir = scratch("release");
    let writer = Generator::open(&dir).unwrap();
    writer.generate(&krk, &Quiet).unwrap();
    let tablebase = writer.tablebase();
    assert!(tablebase.table_in_memory(&krk).is_some());
    let before = tablebase.probe_dtm(&position).unwrap();
    tablebase.release_tables();
    assert!(tablebase.table_in_memory(&krk).is_none());
    assert_eq!(tablebase.probe_dtm(&position).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();

    let in_memory = solved(&["KRK"]);
    in_memory.tablebase().release_tables();
    assert!(in_memory.tablebase().table_in_memory(&krk).is_some());
    assert_eq!(in_memory.tablebase().probe_dtm(&position).unwrap(), before);
}

/// What probing a table is counted to hold bounds what its open files
/// hold: each file's index, its block records (an offset, a length and a
/// checksum each) and its dictionary, prepared; and what opening one takes
/// beside, its index as read.
#[test]
fn probing_bytes_bound_what_open_files_hold() {
    use qiboard_tablebase::format::{table_path, BlockFile, FileKind};
    use qiboard_tablebase::{Layout, MAX_ENTRIES};

    let dir = scratch("probing-bytes");
    let generator = Generator::open(&dir).unwrap();
    generator.generate(&material("KRKNA"), &Quiet).unwrap();
    let mut checked = 0;
    for need in material("KRKNA").captures().iter().map(Material::canonical) {
        assert!(generator.tablebase().contains(&need), "{need}");
        let index = Layout::new(need).unwrap().heap_bytes();
        let mut held = 0;
        for kind in [FileKind::Wdl, FileKind::Dtm] {
            let file = BlockFile::open(&table_path(&dir, need, kind), kind, MAX_ENTRIES).unwrap();
            let records = 2 * file.header().blocks_per_side();
            let dictionary = file.dictionary_bytes() as u64;
            // The DDict holds the dictionary and its entropy tables.
            held += index + records * 16 + dictionary + (32 << 10);
            let opening = records * 8 + dictionary;
            assert!(Tablebase::opening_bytes(need) >= opening, "{need} {kind:?}");
        }
        let counted = Tablebase::probing_bytes(need);
        assert!(counted >= held, "{need}: counted {counted}, held {held}");
        checked += 1;
    }
    assert!(checked >= 3, "{checked} tables checked");
    let _ = std::fs::remove_dir_all(&dir);
}
