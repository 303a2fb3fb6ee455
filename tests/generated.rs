//! The generator: determinism, the pinned random stream, the magic-search
//! cache, and the committed `tables/` snapshot.

use std::path::Path;

use qiboard_gen as gen;
use qiboard_gen::chess::magics::Slider;
use qiboard_gen::packed_search::search;
use qiboard_gen::pretty::generate_pretty;
use qiboard_gen::seed::{parse_seed, seed_from_env_value, stream, DEFAULT_SEED};
use rand_core::RngCore;

/// The snapshot is the generator's tokens pretty-printed, through the same
/// code path as the `tables` binary.
#[test]
fn snapshot_matches_generator() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tables");
    let bless = std::env::var_os("QIBOARD_BLESS").is_some();
    let mut stale = Vec::new();
    let generated = generate_pretty(DEFAULT_SEED).expect("default seed generates");
    // A file the generator no longer writes is stale too.
    for game in ["chess", "xiangqi"] {
        for entry in std::fs::read_dir(root.join(game)).expect("tables/ has both games") {
            let name = format!("{game}/{}", entry.unwrap().file_name().to_string_lossy());
            if !generated.iter().any(|(written, _)| *written == name) {
                if bless {
                    std::fs::remove_file(root.join(&name)).unwrap();
                } else {
                    stale.push(name);
                }
            }
        }
    }
    for (name, text) in generated {
        let path = root.join(&name);
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "tables/ is out of date for {stale:?}; rewrite it with `{}` and review the diff",
        gen::emit::BLESS_COMMAND
    );
}

/// What `build.rs` writes is the same tokens, unprinted: every file parses
/// back to the items the snapshot shows.
#[test]
fn build_text_is_the_snapshot_tokens() {
    for file in gen::generate(DEFAULT_SEED).unwrap() {
        let text = file.text();
        let body = text
            .strip_prefix(file.header())
            .expect("the text starts with the header");
        let reparsed: proc_macro2::TokenStream = body.parse().expect("the text lexes");
        assert_eq!(
            reparsed.to_string(),
            file.tokens().to_string(),
            "{}",
            file.name
        );
    }
}

#[test]
fn same_seed_gives_identical_sources() {
    for seed in [DEFAULT_SEED, 7] {
        let first: Vec<String> = gen::generate(seed)
            .unwrap()
            .iter()
            .map(|f| f.text())
            .collect();
        let second: Vec<String> = gen::generate(seed)
            .unwrap()
            .iter()
            .map(|f| f.text())
            .collect();
        assert_eq!(first, second, "seed {seed} is not reproducible");
    }
}

#[test]
fn other_seeds_give_other_magics_but_same_attacks() {
    let default = gen::chess::magics::build(DEFAULT_SEED).unwrap();
    let other = gen::chess::magics::build(12345).unwrap();
    assert_ne!(default.rook[0].factor, other.rook[0].factor);
    // Attack sets themselves do not depend on the seed.
    for slider in Slider::BOTH {
        for square in 0..64 {
            for occupancy in [
                0,
                0x0000_1818_0000_0000,
                0xffff_0000_0000_ffff,
                0x8142_2418_1824_4281,
            ] {
                assert_eq!(
                    default.lookup(slider, square, occupancy),
                    other.lookup(slider, square, occupancy)
                );
            }
        }
    }
}

#[test]
fn stream_outputs_are_pinned() {
    // If this fails, the random generator (or its seeding) changed, and every
    // seed would silently produce different tables.
    let mut rng = stream(DEFAULT_SEED, "chess-rook-magic", 0);
    let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
    assert_eq!(first, PINNED_STREAM, "actual first outputs: {first:#018x?}");
}

const PINNED_STREAM: [u64; 3] = [0xe89f244f8dd0d572, 0x5668444ad9f60eb6, 0x8d7d9bcf89bb867b];

#[test]
fn default_seed_has_fixed_shifts_and_other_seeds_per_square_shifts() {
    let default = gen::chess::magics::build(DEFAULT_SEED).unwrap();
    assert!(default.fixed_shifts());
    assert!(
        default.attacks.len() <= 107_648,
        "the packed table has {} entries, more than side-by-side slices",
        default.attacks.len()
    );
    let other = gen::chess::magics::build(12345).unwrap();
    assert!(!other.fixed_shifts());
    assert_eq!(other.attacks.len(), 107_648);
}

#[test]
fn magic_cache_file_is_what_blessing_writes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("gen/src/chess/magic_cache.rs");
    let tables = gen::chess::magics::from_cache().expect("the cache verifies");
    assert_eq!(
        std::fs::read_to_string(path).unwrap(),
        gen::chess::magics::cache_source(&tables)
    );
}

/// The packing search takes minutes, so this runs on request:
/// `cargo test --release --test generated -- --ignored`. The cache is
/// rewritten by `cargo run --release -p qiboard-gen --features search --bin
/// pack-magics`.
#[test]
#[ignore]
fn magic_cache_matches_the_packing_search() {
    let searched = search(DEFAULT_SEED).expect("the default seed's search succeeds");
    let cached = gen::chess::magics::from_cache().expect("the cache verifies");
    assert!(
        searched == cached,
        "gen/src/chess/magic_cache.rs is stale: the packing search finds other magics; rewrite it with `cargo run --release -p qiboard-gen --features search --bin pack-magics`"
    );
}

#[test]
fn seed_parsing() {
    assert_eq!(parse_seed("12345"), Ok(12345));
    assert_eq!(parse_seed("0x3039"), Ok(12345));
    assert_eq!(parse_seed("0X_30_39"), Ok(12345));
    assert_eq!(seed_from_env_value(None), Ok(DEFAULT_SEED));
    for bad in ["", "seed", "0x", "-1", "0xfffffffffffffffff", "12 34"] {
        let error = parse_seed(bad).unwrap_err();
        assert!(
            error.contains("QIBOARD_SEED") && error.contains(&format!("{bad:?}")),
            "{error}"
        );
    }
}

#[test]
fn a_colliding_magic_is_refused() {
    let tables = gen::chess::magics::from_cache().unwrap();
    let mut rook = tables.rook.clone();
    rook[27].factor = 0; // every occupancy of d4 lands on one slot
    let error = gen::chess::magics::assemble(rook, tables.bishop.clone(), DEFAULT_SEED)
        .expect_err("a colliding factor is refused");
    assert!(error.contains("square 27"), "{error}");
}
