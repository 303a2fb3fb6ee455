//! Perft against DESIGN.md's published chess numbers.

use qiboard::chess::{perft, Position};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

/// Checks perft at every depth from 1 to `expected.len()`.
fn check(fen: &str, expected: &[u64]) {
    let position = Position::from_fen(fen).unwrap();
    for (depth, &nodes) in (1..).zip(expected) {
        assert_eq!(perft(&position, depth), Ok(nodes), "{fen} at depth {depth}");
    }
}

#[test]
fn start_position() {
    check(START, &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324]);
}

#[test]
fn kiwipete() {
    check(KIWIPETE, &[48, 2_039, 97_862, 4_085_603, 193_690_690]);
}

#[test]
fn position_3() {
    check(POSITION_3, &[14, 191, 2_812, 43_238, 674_624, 11_030_083]);
}

#[test]
fn position_4() {
    check(POSITION_4, &[6, 264, 9_467, 422_333, 15_833_292]);
}

#[test]
fn position_5() {
    check(POSITION_5, &[44, 1_486, 62_379, 2_103_487, 89_941_194]);
}

/// The first two positions of the widely used Chess960 perft suite
/// (Shredder-FEN castling).
#[test]
fn chess960() {
    check(
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        &[21, 528, 12_189, 326_672, 8_146_062],
    );
    check(
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        &[21, 807, 18_002, 667_366, 16_253_601],
    );
}

/// The portable search and the copy compiled for x86-64 features (when
/// this CPU runs it) agree everywhere: the safety argument of the
/// `unsafe` call into the copy rests on its being the same search.
#[test]
fn feature_copy_agrees() {
    use qiboard::chess::perft_copies;
    let cases: [(&str, u32); 7] = [
        (START, 4),
        (KIWIPETE, 3),
        (POSITION_3, 5),
        (POSITION_4, 4),
        (POSITION_5, 3),
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            3,
        ),
        ("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", 4),
    ];
    for (fen, depth) in cases {
        let position = Position::from_fen(fen).unwrap();
        for depth in 0..=depth {
            let (portable, features) = perft_copies(&position, depth);
            assert_eq!(
                Ok(portable),
                perft(&position, depth),
                "{fen} at depth {depth}"
            );
            if let Some(features) = features {
                assert_eq!(features, portable, "{fen} at depth {depth}");
            }
        }
    }
}

/// Start position depth 7: the widely published 3,195,901,860.
#[test]
#[ignore = "deep: about ten seconds"]
fn start_position_depth_7() {
    let position = Position::from_fen(START).unwrap();
    assert_eq!(perft(&position, 7), Ok(3_195_901_860));
}

/// A depth past the bound is an error value, not a stack overflow (it
/// aborted from about 9,200 plies).
#[test]
fn perft_depth_is_bounded() {
    use qiboard::{PerftError, MAX_PERFT_DEPTH};
    let start = Position::start();
    for depth in [MAX_PERFT_DEPTH + 1, 9_200, u32::MAX] {
        assert_eq!(perft(&start, depth), Err(PerftError::TooDeep { depth }));
    }
    let mated = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(perft(&mated, MAX_PERFT_DEPTH), Ok(0));
}
