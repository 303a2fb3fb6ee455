//! serde round trips (feature `serde`): every value as its text in JSON
//! (human-readable), bitboards as integers in bincode (binary).
#![cfg(feature = "serde")]

use qiboard::{chess, xiangqi};
use serde::de::DeserializeOwned;
use serde::de::DeserializeSeed;
use serde::Serialize;

/// `value` in bincode is `bytes`, and reads back as itself.
fn binary_round_trip<T>(value: &T, bytes: &[u8])
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(bincode::serialize(value).unwrap(), bytes);
    assert_eq!(&bincode::deserialize::<T>(bytes).unwrap(), value);
}

/// `value` in JSON is `json`, and reads back as itself.
fn round_trip<T>(value: &T, json: &str)
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(serde_json::to_string(value).unwrap(), json);
    assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value, "{json}");
}

#[test]
fn squares_are_their_names() {
    for square in chess::Square::ALL {
        round_trip(&square, &format!("\"{square}\""));
    }
    for square in xiangqi::Square::ALL {
        round_trip(&square, &format!("\"{square}\""));
    }
    round_trip(&chess::Square::E4, "\"e4\"");
    round_trip(&xiangqi::Square::H2, "\"h2\"");
    assert!(serde_json::from_str::<chess::Square>("\"e9\"").is_err());
    assert!(serde_json::from_str::<xiangqi::Square>("\"e10\"").is_err());
    assert!(serde_json::from_str::<chess::Square>("4").is_err());
}

#[test]
fn bitboards_are_rank_strings_or_integers() {
    let chess: chess::Bitboard = [chess::Square::A1, chess::Square::H8].into_iter().collect();
    round_trip(
        &chess,
        "\"00000001/00000000/00000000/00000000/00000000/00000000/00000000/10000000\"",
    );
    assert_eq!(
        serde_json::from_str::<chess::Bitboard>("\"0x8000000000000001\"").unwrap(),
        chess
    );
    binary_round_trip(&chess, &0x8000_0000_0000_0001u64.to_le_bytes());
    let xiangqi: xiangqi::Bitboard = [xiangqi::Square::B2, xiangqi::Square::I9]
        .into_iter()
        .collect();
    round_trip(&xiangqi, &format!("\"{xiangqi}\""));
    binary_round_trip(&xiangqi, &xiangqi.0.to_le_bytes());
    let full = xiangqi::Bitboard::FULL;
    binary_round_trip(&full, &((1u128 << 90) - 1).to_le_bytes());
    let beyond = bincode::deserialize::<xiangqi::Bitboard>(&(1u128 << 90).to_le_bytes());
    let error = beyond.unwrap_err().to_string();
    assert!(error.contains("bits beyond the board"), "{error}");
    assert!(serde_json::from_str::<xiangqi::Bitboard>("\"0/1\"").is_err());
}

#[test]
fn colors_kinds_and_pieces_are_words_and_letters() {
    round_trip(&chess::Color::White, "\"white\"");
    round_trip(&chess::Color::Black, "\"black\"");
    round_trip(&xiangqi::Color::Red, "\"red\"");
    round_trip(&xiangqi::Color::Black, "\"black\"");
    assert_eq!(
        serde_json::from_str::<xiangqi::Color>("\"Red\"").unwrap(),
        xiangqi::Color::Red
    );
    assert!(serde_json::from_str::<xiangqi::Color>("\"white\"").is_err());
    for kind in chess::PieceKind::ALL {
        let json = serde_json::to_string(&kind).unwrap();
        assert_eq!(
            serde_json::from_str::<chess::PieceKind>(&json).unwrap(),
            kind
        );
        for color in chess::Color::ALL {
            let piece = chess::Piece { color, kind };
            round_trip(&piece, &format!("\"{}\"", piece.letter()));
            binary_round_trip(&piece, &[piece.letter() as u8]);
        }
    }
    for kind in xiangqi::PieceKind::ALL {
        let json = serde_json::to_string(&kind).unwrap();
        assert_eq!(
            serde_json::from_str::<xiangqi::PieceKind>(&json).unwrap(),
            kind
        );
        for color in xiangqi::Color::ALL {
            let piece = xiangqi::Piece { color, kind };
            round_trip(&piece, &format!("\"{}\"", piece.letter()));
            binary_round_trip(&piece, &[piece.letter() as u8]);
        }
    }
    round_trip(&chess::PieceKind::Knight, "\"knight\"");
    round_trip(&xiangqi::PieceKind::Elephant, "\"elephant\"");
    assert_eq!(
        serde_json::from_str::<xiangqi::Piece>("\"E\"").unwrap(),
        xiangqi::Piece {
            color: xiangqi::Color::Red,
            kind: xiangqi::PieceKind::Elephant
        }
    );
    assert!(serde_json::from_str::<chess::Piece>("\"x\"").is_err());
    assert!(serde_json::from_str::<chess::Piece>("\"NN\"").is_err());
}

const CHESS_FENS: [&str; 4] = [
    chess::Position::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
];

const XIANGQI_FENS: [&str; 3] = [
    xiangqi::Position::START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
];

#[test]
fn positions_are_their_fen() {
    for fen in CHESS_FENS {
        let position = chess::Position::from_fen(fen).unwrap();
        round_trip(&position, &format!("\"{fen}\""));
    }
    for fen in XIANGQI_FENS {
        let position = xiangqi::Position::from_fen(fen).unwrap();
        round_trip(&position, &format!("\"{fen}\""));
    }
    let error = serde_json::from_str::<chess::Position>("\"8/8 w - -\"").unwrap_err();
    assert!(error.to_string().contains("8 ranks"), "{error}");
}

#[test]
fn every_legal_move_round_trips() {
    for fen in CHESS_FENS {
        let position = chess::Position::from_fen(fen).unwrap();
        for &mv in position.legal_moves().iter() {
            let json = serde_json::to_string(&mv).unwrap();
            let mut reader = serde_json::Deserializer::from_str(&json);
            let read = chess::MoveSeed(&position).deserialize(&mut reader);
            assert_eq!(read.unwrap(), mv, "{fen}: {json}");
        }
    }
    // Castling is written king-takes-rook, which names the rook.
    let castling = chess::Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let short = castling.parse_move("e1g1").unwrap();
    assert_eq!(serde_json::to_string(&short).unwrap(), "\"e1h1\"");
    let mut reader = serde_json::Deserializer::from_str("\"e2e4\"");
    assert!(chess::MoveSeed(&castling).deserialize(&mut reader).is_err());
    for fen in XIANGQI_FENS {
        let position = xiangqi::Position::from_fen(fen).unwrap();
        for &mv in position.legal_moves().iter() {
            round_trip(&mv, &format!("\"{mv}\""));
        }
    }
    assert!(serde_json::from_str::<xiangqi::Move>("\"h2h2\"").is_err());
}
