//! Chess SAN: the standard's rules on chosen positions, the forms
//! python-chess also reads, errors, and round trips over random games.

use proptest::prelude::*;
use qiboard::chess::{Position, SanReason};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// (FEN, UCI, SAN).
const EXAMPLES: &[(&str, &str, &str)] = &[
    (Position::START_FEN, "e2e4", "e4"),
    (Position::START_FEN, "g1f3", "Nf3"),
    // Queens on a4, h4 and h1: file, rank, or both as needed.
    ("2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "h4e1", "Q4e1"),
    ("2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "h1e1", "Q1e1"),
    ("2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "a4e4", "Qae4"),
    ("2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "h4e4", "Qh4e4"),
    // A pinned knight does not count as a rival.
    ("4k3/4r3/8/8/8/8/2N1N3/4K3 w - - 0 1", "c2d4", "Nd4"),
    ("3qk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7d8n", "cxd8=N"),
    ("3qk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8q", "c8=Q"),
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"),
    (
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        "d8h4",
        "Qh4#",
    ),
    (
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "h5f7",
        "Qxf7#",
    ),
];

#[test]
fn examples_print_and_parse() {
    for &(fen, uci, san) in EXAMPLES {
        let position = position(fen);
        let mv = position
            .parse_move(uci)
            .unwrap_or_else(|e| panic!("{fen} {uci}: {e}"));
        assert_eq!(position.san(mv).unwrap(), san, "{fen} {uci}");
        assert_eq!(position.parse_san(san), Ok(mv), "{fen} {san}");
    }
}

#[test]
fn chess960_castling_is_named_by_the_rook_side() {
    // King on b1, rooks on a1 and h1 (X-FEN castling letters).
    let mut position = position("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1");
    position.set_chess960(true);
    let short = position.parse_san("O-O").expect("king-side castling");
    let long = position.parse_san("O-O-O").expect("queen-side castling");
    assert_eq!(position.move_text(short), "b1h1");
    assert_eq!(position.move_text(long), "b1a1");
    assert_eq!(position.san(short).unwrap(), "O-O");
    assert_eq!(position.san(long).unwrap(), "O-O-O");
}

#[test]
fn forgiving_forms() {
    let start = Position::start();
    let nf3 = start.parse_move("g1f3").unwrap();
    for text in [
        "Nf3", "Ng1f3", "Ng1-f3", "N1f3", "Ngf3", "g1f3", "Nxf3", "Nf3+", "Nf3!?", " Nf3 ",
    ] {
        assert_eq!(start.parse_san(text), Ok(nf3), "{text}");
    }
    let e4 = start.parse_move("e2e4").unwrap();
    for text in ["e4", "e2e4", "e2-e4", "Pe4"] {
        assert_eq!(start.parse_san(text), Ok(e4), "{text}");
    }
    let castles = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = castles.parse_move("e1g1").unwrap();
    for text in ["O-O", "0-0", "O-O+", "e1g1"] {
        assert_eq!(castles.parse_san(text), Ok(short), "{text}");
    }
    let promotion = position("3qk3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    let queen = promotion.parse_move("c7c8q").unwrap();
    for text in ["c8=Q", "c8Q", "c8=q", "c8q", "c8=Q+"] {
        assert_eq!(promotion.parse_san(text), Ok(queen), "{text}");
    }
}

#[test]
fn errors_say_why() {
    let start = Position::start();
    let reason = |position: &Position, text: &str| position.parse_san(text).unwrap_err().reason;
    assert_eq!(reason(&start, "e5"), SanReason::Illegal);
    assert_eq!(reason(&start, "Qd4"), SanReason::Illegal);
    assert_eq!(reason(&start, "Ke1e2x"), SanReason::Syntax);
    assert_eq!(reason(&start, ""), SanReason::Syntax);
    assert_eq!(reason(&start, "Z9"), SanReason::Syntax);
    let knights = position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert!(matches!(reason(&knights, "Nd2"), SanReason::Ambiguous(moves) if moves.len() == 2));
    let promotion = position("3qk3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(reason(&promotion, "c8"), SanReason::MissingPromotion);
    assert_eq!(reason(&promotion, "c8=K"), SanReason::Syntax);
    let message = knights.parse_san("Nd2").unwrap_err().to_string();
    assert!(
        message.contains("b1d2") && message.contains("f3d2"),
        "{message}"
    );
}

const STARTS: &[&str] = &[
    Position::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_legal_move_round_trips(start in 0..STARTS.len(), choices in proptest::collection::vec(any::<u32>(), 0..120)) {
        let mut position = position(STARTS[start]);
        for choice in choices {
            let moves = position.legal_moves();
            for &mv in moves.iter() {
                let san = position.san(mv).expect("legal moves print");
                prop_assert_eq!(position.parse_san(&san), Ok(mv), "{} {}", position.fen(), san);
            }
            if moves.is_empty() {
                break;
            }
            position = position.play(moves[choice as usize % moves.len()]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn any_text_is_a_move_or_an_error(text in "[KQRBNPa-hx1-8=+#O0!?-]{0,8}") {
        for fen in STARTS {
            let position = position(fen);
            if let Ok(mv) = position.parse_san(&text) {
                prop_assert!(position.is_legal(mv));
            }
        }
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..16)) {
        let _ = Position::start().parse_san(&String::from_utf8_lossy(&bytes));
    }
}
