//! Replays every fuzz target's committed corpus through the target's own
//! function, on stable and without libFuzzer, so that each input the
//! fuzzers kept (crashes found included) stays a regression test. The
//! functions are the fuzz crate's, compiled here from its source.

#![cfg(feature = "record")]

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

#[path = "../fuzz/src/lib.rs"]
mod targets;

/// The file stems in `dir` with extension `extension`, or every file name.
fn names(dir: &Path, extension: Option<&str>) -> BTreeSet<String> {
    fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable folder").path())
        .filter(|path| extension.is_none_or(|ext| path.extension().is_some_and(|e| e == ext)))
        .map(|path| {
            let name = match extension {
                Some(_) => path.file_stem(),
                None => path.file_name(),
            };
            name.expect("a file name").to_string_lossy().into_owned()
        })
        .collect()
}

#[test]
fn every_target_is_registered_with_its_file_and_corpus() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let registered: BTreeSet<String> = targets::TARGETS
        .iter()
        .map(|(name, _)| name.to_string())
        .collect();
    assert_eq!(
        names(&fuzz.join("fuzz_targets"), Some("rs")),
        registered,
        "fuzz/fuzz_targets/*.rs and TARGETS in fuzz/src/lib.rs differ"
    );
    assert_eq!(
        names(&fuzz.join("corpus"), None),
        registered,
        "fuzz/corpus/* and TARGETS in fuzz/src/lib.rs differ"
    );
    let manifest = fs::read_to_string(fuzz.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    for name in &registered {
        let bin = format!("name = \"{name}\"\npath = \"fuzz_targets/{name}.rs\"");
        assert!(
            manifest.contains(&bin),
            "fuzz/Cargo.toml has no [[bin]] {name}"
        );
    }
}

#[test]
fn every_corpus_replays_without_a_crash() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    for (name, target) in targets::TARGETS {
        let dir = corpus.join(name);
        let inputs = names(&dir, None);
        assert!(!inputs.is_empty(), "{name}: empty corpus");
        for input in &inputs {
            let data = fs::read(dir.join(input)).expect("a readable input");
            // A panic names the target and input before failing the test.
            let outcome = std::panic::catch_unwind(|| target(&data));
            assert!(outcome.is_ok(), "{name} crashed on {input}");
        }
    }
}

/// The table-file seeds are whole, valid files of the format this build
/// reads, so that the fuzzer starts past the version check (they are
/// rewritten when the format's version moves).
#[test]
fn table_file_seeds_are_files_of_this_format() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/tablebase_file");
    for seed in ["kk-wdl", "krk-wdl", "krk-dtm"] {
        let bytes = fs::read(dir.join(seed)).expect("a readable seed");
        qiboard_tablebase::check_file_bytes(&bytes).unwrap_or_else(|why| panic!("{seed}: {why}"));
    }
}
