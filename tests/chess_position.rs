//! Positions: FEN in and out, Polyglot keys, UCI text, special moves, games.

use proptest::prelude::*;
use qiboard::chess::{
    CastleSide, Color, Ending, FenError, Game, GameError, MoveError, MoveKind, Outcome, Piece,
    PieceKind, Position, PositionError, Square, Status,
};

#[test]
fn piece_letters_round_trip() {
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let piece = Piece { color, kind };
            assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
            assert_eq!(PieceKind::from_letter(kind.letter()), Some(kind));
        }
    }
    assert_eq!(Piece::from_letter('x'), None);
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays UCI moves one after another.
fn after(fen: &str, moves: &[&str]) -> Position {
    moves.iter().fold(position(fen), |pos, text| {
        pos.play(pos.parse_move(text).unwrap_or_else(|e| panic!("{e}")))
    })
}

/// The legal moves as sorted UCI text.
fn moves(pos: &Position) -> Vec<String> {
    let mut list: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|mv| mv.uci(pos.is_chess960()).to_string())
        .collect();
    list.sort();
    list
}

#[test]
fn polyglot_reference_keys() {
    // The key sequence from the Polyglot book format's documentation.
    let start = Position::START_FEN;
    let line = [
        ("e2e4", 0x823c9b50fd114196),
        ("d7d5", 0x0756b94461c50fb0),
        ("e4e5", 0x662fafb965db29d4),
        ("f7f5", 0x22a48b5a8e47ff78),
        ("e1e2", 0x652a607ca3f242c1),
        ("e8f7", 0x00fdd303c946bdd9),
    ];
    assert_eq!(position(start).key(), 0x463b96181691fc9c);
    for i in 0..line.len() {
        let played: Vec<&str> = line[..=i].iter().map(|(mv, _)| *mv).collect();
        let pos = after(start, &played);
        assert_eq!(pos.key(), line[i].1, "after {played:?}");
        assert_eq!(pos.key(), pos.compute_key());
    }
    let second = [
        ("a2a4", 0),
        ("b7b5", 0),
        ("h2h4", 0),
        ("b5b4", 0),
        ("c2c4", 0x3c8123ea7b067637),
        ("b4c3", 0),
        ("a1a3", 0x5c3f9b829b279560),
    ];
    for i in 0..second.len() {
        let played: Vec<&str> = second[..=i].iter().map(|(mv, _)| *mv).collect();
        let pos = after(start, &played);
        if second[i].1 != 0 {
            assert_eq!(pos.key(), second[i].1, "after {played:?}");
        }
        assert_eq!(pos.key(), pos.compute_key(), "after {played:?}");
    }
}

#[test]
fn en_passant_key_only_when_a_pawn_can_capture() {
    let no_capturer = after(Position::START_FEN, &["e2e4"]);
    assert_eq!(no_capturer.en_passant(), None);
    let with_capturer = after(Position::START_FEN, &["e2e4", "a7a6", "e4e5", "d7d5"]);
    assert_eq!(with_capturer.en_passant(), Some(Square::D6));
    // The same square written in a FEN without a capturer is kept but unhashed.
    let written = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let unwritten = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(written.en_passant(), Some(Square::E3));
    assert_eq!(written.key(), unwritten.key());
    assert_eq!(written.key(), 0x823c9b50fd114196);
}

#[test]
fn fen_round_trips() {
    for fen in [
        Position::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 200",
    ] {
        assert_eq!(position(fen).fen(), fen);
    }
}

#[test]
fn chess960_castling_letters() {
    let shredder = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert!(shredder.is_chess960());
    assert_eq!(
        shredder.castling_rook(Color::White, CastleSide::Queen),
        Some(Square::F1)
    );
    assert_eq!(
        shredder.castling_rook(Color::Black, CastleSide::King),
        Some(Square::H8)
    );
    // X-FEN writes KQkq when the castling rooks are the outermost ones.
    let xfen = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    assert_eq!(xfen, shredder);
    assert_eq!(xfen.castling_bits(), 0b1111);
    assert!(!position(Position::START_FEN).is_chess960());
}

#[test]
fn fen_errors_say_what_is_wrong() {
    let cases: [(&str, FenError); 11] = [
        (
            "QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K6k w - - 0 1",
            FenError::Illegal(PositionError::TooManyPieces {
                color: Color::White,
                count: 17,
            }),
        ),
        ("8/8/8 w - -", FenError::RankCount(3)),
        ("", FenError::FieldCount(0)),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenError::BadBoardChar {
                rank: 6,
                found: '9',
            },
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenError::RankWidth { rank: 7, files: 7 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w kq - 0 1",
            FenError::Illegal(PositionError::MissingKing(Color::White)),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1",
            FenError::Illegal(PositionError::PawnOnBackRank(Square::H1)),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            FenError::SideToMove("x".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            FenError::Counter {
                which: "half-move clock",
                field: "x".into(),
            },
        ),
        (
            "4k3/8/8/8/4R3/8/8/4K3 w - - 0 1",
            FenError::Illegal(PositionError::OpponentInCheck),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
            FenError::FieldCount(7),
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(Position::from_fen(fen), Err(expected), "{fen}");
    }
    for (fen, needle) in [
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "names h1, where no rook"),
        ("4k3/8/8/8/8/8/8/R3K2R w KX - 0 1", "not a castling letter"),
        ("4k3/8/8/8/8/8/8/R3K2R w KK - 0 1", "given twice"),
        ("4k3/8/8/8/8/8/8/R3K2R w KH - 0 1", "given twice"),
        ("4k3/8/8/8/8/8/8/R3K2R w B - 0 1", "names b1, where no rook"),
        (
            "4k3/8/8/8/8/8/4K3/R6R w K - 0 1",
            "king is not on its first rank",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "rank 6"),
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "no pawn"),
        ("4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1", "must be empty"),
        ("4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "a square like e3"),
    ] {
        let why = Position::from_fen(fen).unwrap_err().to_string();
        assert!(why.contains(needle), "{fen}: {why:?} lacks {needle:?}");
    }
}

#[test]
fn uci_text() {
    let start = position(Position::START_FEN);
    assert_eq!(
        start.parse_move("e2e4").unwrap().kind(),
        MoveKind::DoublePush
    );
    assert!(matches!(
        start.parse_move("e2e5"),
        Err(MoveError::Illegal(_))
    ));
    for bad in ["", "e2", "e2e4qq", "e2e4k", "i2e4", "e2e4 ", "é2e4"] {
        assert!(
            matches!(start.parse_move(bad), Err(MoveError::Syntax(_))),
            "{bad:?}"
        );
    }
    // Standard castling: the king's two-square step, or king takes rook.
    let castling = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = castling.parse_move("e1g1").unwrap();
    assert_eq!(short.kind(), MoveKind::Castle);
    assert_eq!(castling.parse_move("e1h1").unwrap(), short);
    assert_eq!(short.uci(false).to_string(), "e1g1");
    assert_eq!(short.uci(true).to_string(), "e1h1");
    assert_eq!(castling.move_text(short), "e1g1");
    let mut chess960 = castling;
    chess960.set_chess960(true);
    assert_eq!(chess960.move_text(short), "e1h1");
    // Promotions need their letter.
    let promotion = position("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    assert!(promotion.parse_move("a7a8").is_err());
    let knight = promotion.parse_move("a7a8n").unwrap();
    assert_eq!(knight.kind(), MoveKind::Promotion(PieceKind::Knight));
    assert_eq!(knight.uci(false).to_string(), "a7a8n");
}

#[test]
fn special_moves() {
    // En passant would expose the king along the fifth rank.
    let pinned_rank = position("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
    assert!(!moves(&pinned_rank).contains(&"b5c6".to_string()));
    // En passant captures the checking pawn.
    let evasion = position("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(moves(&evasion).contains(&"e4d3".to_string()));
    // No castling out of, through or into check.
    for (fen, forbidden) in [
        ("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "e1c1"),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", ""),
        ("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"),
        ("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"),
        ("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"),
    ] {
        let list = moves(&position(fen));
        if forbidden.is_empty() {
            assert!(list.contains(&"e1g1".into()) && list.contains(&"e1c1".into()));
        } else {
            assert!(!list.contains(&forbidden.to_string()), "{fen}");
        }
    }
    // The b-file attack on b1 does not stop long castling: only the king's path counts.
    assert!(moves(&position("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1")).contains(&"e1c1".into()));
    // Chess960: the castling rook on b1 screens the king's target c1 from a1.
    let screened = position("4k3/8/8/8/8/8/8/rR3K2 w B - 0 1");
    assert!(!moves(&screened).contains(&"f1b1".to_string()));
    let open = position("4k3/8/8/8/8/8/8/1R3K2 w B - 0 1");
    let castle = open.parse_move("f1b1").unwrap();
    let castled = open.play(castle);
    assert_eq!(
        castled.piece_at(Square::C1).map(|p| p.kind),
        Some(PieceKind::King)
    );
    assert_eq!(
        castled.piece_at(Square::D1).map(|p| p.kind),
        Some(PieceKind::Rook)
    );
    assert_eq!(castled.castling_bits(), 0);
    // Double check: only the king moves.
    let double = position("4k3/8/8/8/8/5n2/8/r3K2N w - - 0 1");
    assert!(moves(&double).iter().all(|mv| mv.starts_with("e1")));
    // All four promotions, captures and quiet moves kept apart.
    let promotions = position("1r5k/P7/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(promotions.legal_captures().len(), 4);
    // The rook on b8 guards b1 and b2, leaving the king a2.
    assert_eq!(promotions.legal_quiets().len(), 4 + 1);
}

#[test]
fn mate_and_stalemate() {
    let mated = after(Position::START_FEN, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(mated.status(), Status::Checkmate);
    let stalemate = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(stalemate.status(), Status::Stalemate);
    assert_eq!(position(Position::START_FEN).status(), Status::Ongoing);
}

#[test]
fn game_outcomes() {
    let mut game = Game::new();
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play_text(text).unwrap();
    }
    let mate = Outcome::Win {
        winner: Color::Black,
        by: Ending::Checkmate,
    };
    assert_eq!(game.outcome(), Some(mate));
    assert_eq!((mate.winner(), mate.result()), (Some(Color::Black), "0-1"));
    assert_eq!(mate.to_string(), "Black won by checkmate");
    let any_move = game.moves()[0];
    assert_eq!(game.play(any_move), Err(GameError::Finished(mate)));
    assert_eq!(
        GameError::Finished(mate).to_string(),
        "the game is over: Black won by checkmate"
    );

    let stalemate = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let draw = Outcome::Draw {
        by: Ending::Stalemate,
    };
    assert_eq!(stalemate.outcome(), Some(draw));
    assert_eq!((draw.winner(), draw.result()), (None, "1/2-1/2"));
    assert_eq!(draw.to_string(), "draw by stalemate");
    assert_eq!(Game::default().outcome(), None);
    assert!(Game::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
}

#[test]
fn game_undo() {
    let mut game = Game::new();
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.occurrences(), 2);
    assert!(matches!(
        game.play_text("e2e5"),
        Err(GameError::Move(MoveError::Illegal(_)))
    ));
    let knight_back = game.moves()[3];
    assert!(matches!(
        game.play(knight_back),
        Err(GameError::Move(MoveError::Illegal(text))) if text == "f6g8"
    ));
    assert_eq!(game.moves().len(), 4);
    assert_eq!(
        game.undo().map(|mv| mv.uci(false).to_string()),
        Some("f6g8".into())
    );
    assert_eq!(
        game.position().fen(),
        "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2"
    );
    while game.undo().is_some() {}
    assert_eq!(game.position(), game.start());
    assert_eq!(game.undo(), None);
}

/// A valid FEN with some of its characters replaced or removed.
fn mutated_fen() -> impl Strategy<Value = String> {
    let fens = prop::sample::select(vec![
        Position::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ]);
    let edits = prop::collection::vec(
        (any::<prop::sample::Index>(), any::<char>(), any::<bool>()),
        1..4,
    );
    (fens, edits).prop_map(|(fen, edits)| {
        let mut chars: Vec<char> = fen.chars().collect();
        for (at, c, delete) in edits {
            let i = at.index(chars.len());
            if delete {
                chars.remove(i);
            } else {
                chars[i] = c;
            }
        }
        chars.into_iter().collect()
    })
}

fn check_parse(text: &str) {
    if let Ok(pos) = Position::from_fen(text) {
        let again = Position::from_fen(&pos.fen()).expect("our own FEN parses");
        assert_eq!(again, pos, "{text}");
        assert_eq!(pos.key(), pos.compute_key());
        assert!(pos.legal_moves().len() <= qiboard::chess::MAX_MOVES);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parser_survives_any_text(text in ".{0,100}") {
        check_parse(&text);
    }

    #[test]
    fn parser_survives_mutated_fens(text in mutated_fen()) {
        check_parse(&text);
    }

    #[test]
    fn parser_survives_fen_alphabet(text in "[pnbrqkPNBRQKwW0-9/ A-Ha-h-]{10,80}") {
        check_parse(&text);
    }
}

/// Any move a caller can build, legal or not, in any of a few positions.
fn any_move() -> impl Strategy<Value = qiboard::chess::Move> {
    use qiboard::chess::Move;
    let square = (0..64usize).prop_map(|i| Square::new(i).unwrap());
    let kind = prop::sample::select(PieceKind::ALL.to_vec());
    (0..5u8, kind, square.clone(), square).prop_map(|(shape, kind, from, to)| match shape {
        0 => Move::normal(kind, from, to),
        1 => Move::double_push(from, to),
        2 => Move::castle(from, to),
        3 => Move::en_passant(from, to),
        _ => Move::promotion(from, to, kind),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Move text is checked, never trusted.
    #[test]
    fn uci_parser_survives_any_text(text in ".{0,8}", squares in "[a-i][0-9][a-i][0-9][nbrqkp]?") {
        let pos = position("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
        for text in [text, squares] {
            if let Ok(mv) = pos.parse_move(&text) {
                prop_assert!(pos.legal_moves().iter().any(|legal| *legal == mv));
            }
        }
    }

    /// Playing even an illegal move never panics, nor does anything after it.
    #[test]
    fn illegal_moves_do_not_panic(moves in prop::collection::vec(any_move(), 1..6)) {
        let mut pos = Position::start();
        for mv in moves {
            pos = pos.play(mv);
            let _ = (pos.legal_moves(), pos.count_legal_moves(), pos.status(), pos.fen());
        }
    }
}

#[test]
fn material_beyond_promotions_is_rejected() {
    // Ten white queens: nine would have to be promoted pawns, but there are
    // only eight pawns.
    let error = Position::from_fen("QQQQQQQQ/QQ6/8/8/8/8/8/K5k1 b - - 0 1").unwrap_err();
    assert_eq!(
        error,
        FenError::Illegal(PositionError::ImpossibleMaterial {
            color: Color::White,
            promoted: 9,
            pawns: 0
        })
    );
    assert!(error.to_string().contains("promoted"));
    // Nine queens are possible.
    assert!(Position::from_fen("QQQQQQQQ/Q7/8/8/8/8/8/K5k1 b - - 0 1").is_ok());
}
