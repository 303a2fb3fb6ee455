//! Perft against the published numbers in DESIGN.md.

use qiboard::xiangqi::{perft, Position};

/// (FEN, perft counts from depth 1), as published.
const POSITIONS: [(&str, &[u64]); 8] = [
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        &[44, 1_920, 79_666, 3_290_240, 133_312_995, 5_392_831_844],
    ),
    (
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
        &[38, 1128, 43929, 1339047, 53112976],
    ),
    (
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
        &[7, 281, 8620, 326201, 10369923],
    ),
    (
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w",
        &[25, 424, 9850, 202884, 4739553],
    ),
    (
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w",
        &[28, 516, 14808, 395483, 11842230],
    ),
    (
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w",
        &[28, 222, 6241, 64971, 1914306],
    ),
    (
        "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w",
        &[23, 345, 8124, 149272, 3513104],
    ),
    (
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w",
        &[30, 830, 22787, 649866, 17920736],
    ),
];

fn check(max_nodes: u64) {
    for (fen, counts) in POSITIONS {
        let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, &expected) in counts.iter().enumerate() {
            if expected > max_nodes {
                break;
            }
            assert_eq!(
                perft(&position, depth as u32 + 1).unwrap(),
                expected,
                "{fen} depth {}",
                depth + 1
            );
        }
    }
}

#[test]
fn published_perft_up_to_a_few_million_nodes() {
    check(5_000_000);
}

#[test]
#[ignore = "deep: run with --ignored in release"]
fn published_perft_up_to_sixty_million_nodes() {
    check(60_000_000);
}

/// The `unsafe` call in `perft` is sound only if the copy compiled for
/// x86-64 features computes what the portable copy does: both are run on
/// every position here (the feature copy where the CPU has the features).
/// Under Miri the depths are cut to what it can run in minutes.
#[test]
fn feature_copy_agrees_with_portable_copy() {
    let max_nodes = if cfg!(miri) { 10_000 } else { 5_000_000 };
    let mut compared = 0;
    for (fen, counts) in POSITIONS {
        let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, &expected) in counts.iter().enumerate() {
            if expected > max_nodes {
                break;
            }
            let depth = depth as u32 + 1;
            let (portable, features) = qiboard::xiangqi::perft_copies(&position, depth);
            assert_eq!(portable, expected, "{fen} depth {depth}, portable copy");
            if let Some(features) = features {
                assert_eq!(features, expected, "{fen} depth {depth}, feature copy");
                compared += 1;
            }
        }
    }
    println!("feature copy compared at {compared} depths");
}

/// A depth past the bound is an error value, not a stack overflow (it
/// aborted from about 10,500 plies); the bound itself is counted, here in
/// a position whose every line is forced to its end quickly.
#[test]
fn perft_depth_is_bounded() {
    use qiboard::{PerftError, MAX_PERFT_DEPTH};
    let start = Position::start();
    for depth in [MAX_PERFT_DEPTH + 1, 10_500, u32::MAX] {
        assert_eq!(perft(&start, depth), Err(PerftError::TooDeep { depth }));
    }
    // Black is mated: no line goes on, whatever the depth.
    let mated = Position::from_fen("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b").unwrap();
    assert_eq!(perft(&mated, MAX_PERFT_DEPTH), Ok(0));
}
