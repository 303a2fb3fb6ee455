//! Setups: FEN syntax in and out, the legality checks of
//! `Position::from_setup`, and their agreement with `Position::from_fen`.

use proptest::prelude::*;
use qiboard::chess::{
    Bitboard, CastleSide, CastlingError, Color, FenError, Piece, PieceKind, Position,
    PositionError, Setup, Square,
};

fn setup(fen: &str) -> Setup {
    Setup::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn setups_round_trip_through_fen() {
    for fen in [
        Position::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        // Well formed but illegal: no kings, pawns on the back ranks, a
        // castling right without its rook, an en passant square on rank 1,
        // three kings, a full-move number of 0.
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "pppppppp/8/8/8/8/8/8/PPPPPPPP b - - 7 3",
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        "4k3/8/8/8/8/8/8/4K3 b - e1 0 1",
        "k3k3/8/8/8/8/8/8/4K3 w - - 0 0",
    ] {
        let read = setup(fen);
        assert_eq!(read.to_string(), fen);
        assert_eq!(read.fen(), fen);
        assert_eq!(setup(&read.fen()), read, "{fen}");
        assert_eq!(fen.parse::<Setup>(), Ok(read));
    }
    // Counters may be left out.
    let short = setup("4k3/8/8/8/8/8/8/4K3 w - -");
    assert_eq!((short.halfmove_clock(), short.fullmove_number()), (0, 1));
}

#[test]
fn setup_editing() {
    let king = |color| Piece {
        color,
        kind: PieceKind::King,
    };
    let rook = Piece {
        color: Color::White,
        kind: PieceKind::Rook,
    };
    let mut board = Setup::empty();
    assert_eq!(board, Setup::default());
    assert_eq!(board.check(), Err(PositionError::MissingKing(Color::White)));
    assert_eq!(board.put(Square::E1, king(Color::White)), None);
    assert_eq!(board.put(Square::E8, king(Color::Black)), None);
    assert_eq!(board.put(Square::A1, rook), None);
    assert_eq!(board.put(Square::A1, rook), Some(rook));
    assert_eq!(board.piece_at(Square::A1), Some(rook));
    assert_eq!(board.kind_at(Square::E8), Some(PieceKind::King));
    assert_eq!(board.king(Color::Black), Square::E8);
    assert_eq!(board.occupied().count(), 3);
    board.set_side_to_move(Color::Black);
    // Squares off both first ranks are no castling rights at all.
    board.set_castling_rooks(Square::A1.bitboard() | Square::A4.bitboard());
    assert_eq!(board.castling_rooks(), Square::A1.bitboard());
    assert_eq!(
        board.castling_rook(Color::White, CastleSide::Queen),
        Some(Square::A1)
    );
    board.set_halfmove_clock(4);
    board.set_fullmove_number(30);
    assert_eq!(board.fen(), "4k3/8/8/8/8/8/8/R3K3 b Q - 4 30");
    let position = Position::from_setup(board).unwrap();
    assert_eq!(position.into_setup(), board);
    assert_eq!(position.key(), position.compute_key());
    assert_eq!(Setup::from(position), board);
    assert_eq!(Position::try_from(board), Ok(position));

    assert_eq!(board.remove(Square::A1), Some(rook));
    assert_eq!(board.remove(Square::A1), None);
    assert_eq!(
        Position::from_setup(board),
        Err(PositionError::CastlingWithoutRook(Square::A1))
    );
    board.set_castling_rooks(Bitboard::EMPTY);
    board.set_en_passant(Some(Square::D3));
    assert_eq!(board.en_passant(), Some(Square::D3));
    assert_eq!(
        Position::from_setup(board),
        Err(PositionError::EnPassantNoPawn(Square::D3))
    );
}

#[test]
fn from_setup_switches_on_chess960_where_castling_needs_it() {
    // Non-standard rooks or a non-standard king: Chess960, whatever the flag.
    for fen in [
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
        "4k3/8/8/8/8/8/8/1R2K1R1 w K - 0 1",
        "4k3/8/8/8/8/8/8/R4K1R w K - 0 1",
    ] {
        let mut standard = setup(fen);
        standard.set_chess960(false);
        assert!(
            Position::from_setup(standard).unwrap().is_chess960(),
            "{fen}"
        );
        assert!(Position::from_fen(fen).unwrap().is_chess960(), "{fen}");
    }
    // Standard castling written as rook files: the letters choose Chess960.
    let shredder = setup("4k3/8/8/8/8/8/8/R3K2R w HA - 0 1");
    assert!(shredder.is_chess960());
    assert!(Position::from_setup(shredder).unwrap().is_chess960());
    let mut plain = shredder;
    plain.set_chess960(false);
    assert_eq!(plain.fen(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!Position::from_setup(plain).unwrap().is_chess960());
    let standard = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert!(!standard.is_chess960());
    // An inner rook in standard notation is written by its file.
    let mut inner = setup("4k3/8/8/8/8/8/8/1R2K1RR w - - 0 1");
    inner.set_castling_rooks(Square::G1.bitboard());
    assert_eq!(inner.fen(), "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1");
    assert_eq!(
        Position::from_setup(inner).unwrap().fen(),
        "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1"
    );
}

#[test]
fn syntax_errors_come_from_setup_from_fen() {
    for (fen, expected) in [
        ("", FenError::FieldCount(0)),
        ("8/8/8 w - -", FenError::RankCount(3)),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            FenError::SideToMove("x".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/R3K2R w KX - 0 1",
            FenError::Castling {
                field: "KX".into(),
                why: CastlingError::BadLetter('X'),
            },
        ),
        (
            "4k3/8/8/8/8/8/8/R3K2R w KH - 0 1",
            FenError::Castling {
                field: "KH".into(),
                why: CastlingError::Twice(Square::H1),
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
            FenError::EnPassant("z9".into()),
        ),
    ] {
        assert_eq!(Setup::from_fen(fen), Err(expected.clone()), "{fen}");
        assert_eq!(Position::from_fen(fen), Err(expected), "{fen}");
    }
}

/// One FEN for each way a well-formed setup can break the rules.
const ILLEGAL: [(&str, PositionError); 12] = [
    (
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        PositionError::MissingKing(Color::Black),
    ),
    (
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        PositionError::ExtraKing(Color::White),
    ),
    (
        "QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K6k w - - 0 1",
        PositionError::TooManyPieces {
            color: Color::White,
            count: 17,
        },
    ),
    (
        "QQQQQQQQ/QQ6/8/8/8/8/8/K5k1 b - - 0 1",
        PositionError::ImpossibleMaterial {
            color: Color::White,
            promoted: 9,
            pawns: 0,
        },
    ),
    (
        "4k2p/8/8/8/8/8/8/4K3 w - - 0 1",
        PositionError::PawnOnBackRank(Square::H8),
    ),
    (
        "4k3/8/8/8/8/8/4K3/R6R w K - 0 1",
        PositionError::CastlingWithoutKing(Color::White),
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        PositionError::CastlingWithoutRook(Square::H1),
    ),
    (
        "4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1",
        PositionError::CastlingSameSide(Color::White),
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        PositionError::EnPassantRank(Square::E3),
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
        PositionError::EnPassantNoPawn(Square::E6),
    ),
    (
        "4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1",
        PositionError::EnPassantBlocked(Square::E6),
    ),
    (
        "4k3/8/8/8/4R3/8/8/4K3 w - - 0 1",
        PositionError::OpponentInCheck,
    ),
];

#[test]
fn every_position_error_is_reachable_from_a_fen() {
    for (fen, expected) in ILLEGAL {
        let read = setup(fen);
        assert_eq!(read.check(), Err(expected), "{fen}");
        assert_eq!(Position::from_setup(read), Err(expected), "{fen}");
        assert_eq!(Position::from_fen(fen), Err(FenError::Illegal(expected)));
        assert_eq!(
            FenError::Illegal(expected).to_string(),
            expected.to_string()
        );
        // The unchecked door opens, and what is behind it does not panic.
        let unchecked = Position::from_setup_unchecked(read);
        let _ = (
            unchecked.legal_moves(),
            unchecked.is_check(),
            unchecked.fen(),
        );
    }
    // Each variant once.
    for (i, (_, a)) in ILLEGAL.iter().enumerate() {
        for (_, b) in &ILLEGAL[i + 1..] {
            assert_ne!(
                core::mem::discriminant(a),
                core::mem::discriminant(b),
                "{a}"
            );
        }
    }
}

/// Any square with a one-in-`of` chance, else none.
fn sometimes(of: usize) -> impl Strategy<Value = Option<Square>> {
    (0..64usize, 0..of).prop_map(|(i, roll)| (roll == 0).then(|| Square::new(i).unwrap()))
}

/// Setups of every kind: random boards (mostly illegal), and known
/// positions with a few edits (mostly legal, with castling rights and en
/// passant squares that may or may not still fit).
fn any_setup() -> impl Strategy<Value = Setup> {
    prop_oneof![random_setup(), edited_setup()]
}

fn any_piece() -> impl Strategy<Value = Piece> {
    (0..2usize, 0..6usize).prop_map(|(color, kind)| Piece {
        color: Color::ALL[color],
        kind: PieceKind::ALL[kind],
    })
}

/// Random boards: mostly one king a side (now and then none for White,
/// or two), a few other pieces, castling rights and an en passant square
/// sometimes.
fn random_setup() -> impl Strategy<Value = Setup> {
    let pieces = prop::collection::vec((0..64usize, any_piece()), 0..12);
    let kings = (
        prop::option::weighted(0.9, 0..64usize),
        0..64usize,
        sometimes(8),
    );
    let extras = (
        any::<bool>(),
        any::<u16>(),
        sometimes(4),
        any::<bool>(),
        0..3u32,
        0..3u32,
    );
    (kings, pieces, extras).prop_map(
        |(
            (white, black, third),
            pieces,
            (black_moves, rights, en_passant, chess960, half, full),
        )| {
            let mut setup = Setup::empty();
            for (square, piece) in pieces {
                setup.put(Square::new(square).unwrap(), piece);
            }
            let king = |color| Piece {
                color,
                kind: PieceKind::King,
            };
            if let Some(white) = white {
                setup.put(Square::new(white).unwrap(), king(Color::White));
            }
            setup.put(Square::new(black).unwrap(), king(Color::Black));
            if let Some(square) = third {
                setup.put(square, king(Color::White));
            }
            // Rights mostly on the squares that hold rooks.
            let rooks = setup.by_kind(PieceKind::Rook);
            let spread = Bitboard(u64::from(rights & 0xff) | u64::from(rights >> 8) << 56);
            setup.set_castling_rooks(if rights % 3 == 0 {
                spread
            } else {
                rooks & spread
            });
            setup.set_side_to_move(if black_moves {
                Color::Black
            } else {
                Color::White
            });
            setup.set_en_passant(en_passant);
            setup.set_chess960(chess960);
            setup.set_halfmove_clock(half);
            setup.set_fullmove_number(full);
            setup
        },
    )
}

/// An edit of a setup.
#[derive(Clone, Debug)]
enum Edit {
    Remove(usize),
    Put(usize, Piece),
    Move(usize, usize),
    FlipSide,
    /// A square of rank 3 or 6 (`file`, and which rank), or none.
    EnPassant(Option<(usize, bool)>),
    /// Keep only the castling rights whose bit is set, counting the
    /// castling rooks from the lowest square.
    KeepRights(u8),
    AddRight(usize, bool),
    Chess960(bool),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0..64usize).prop_map(Edit::Remove),
        (0..64usize, any_piece()).prop_map(|(square, piece)| Edit::Put(square, piece)),
        (0..64usize, 0..64usize).prop_map(|(from, to)| Edit::Move(from, to)),
        Just(Edit::FlipSide),
        prop::option::of((0..8usize, any::<bool>())).prop_map(Edit::EnPassant),
        any::<u8>().prop_map(Edit::KeepRights),
        (0..8usize, any::<bool>()).prop_map(|(file, black)| Edit::AddRight(file, black)),
        any::<bool>().prop_map(Edit::Chess960),
    ]
}

/// Known positions, each edited a few times.
fn edited_setup() -> impl Strategy<Value = Setup> {
    let fens = prop::sample::select(vec![
        Position::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ]);
    (fens, prop::collection::vec(edit(), 0..4)).prop_map(|(fen, edits)| {
        let mut setup = Setup::from_fen(fen).unwrap();
        for edit in edits {
            let square = |i: usize| Square::new(i).unwrap();
            match edit {
                Edit::Remove(at) => {
                    setup.remove(square(at));
                }
                Edit::Put(at, piece) => {
                    setup.put(square(at), piece);
                }
                Edit::Move(from, to) => {
                    if let Some(piece) = setup.remove(square(from)) {
                        setup.put(square(to), piece);
                    }
                }
                Edit::FlipSide => setup.set_side_to_move(!setup.side_to_move()),
                Edit::EnPassant(at) => setup.set_en_passant(
                    at.map(|(file, sixth)| square(file + if sixth { 40 } else { 16 })),
                ),
                Edit::KeepRights(bits) => {
                    let kept = setup
                        .castling_rooks()
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| bits >> i & 1 == 1)
                        .map(|(_, rook)| rook)
                        .collect();
                    setup.set_castling_rooks(kept);
                }
                Edit::AddRight(file, black) => {
                    let rook = square(file + if black { 56 } else { 0 });
                    setup.set_castling_rooks(setup.castling_rooks().with(rook));
                }
                Edit::Chess960(on) => setup.set_chess960(on),
            }
        }
        setup
    })
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
        (
            any::<prop::sample::Index>(),
            prop::sample::select(
                "pnbrqkPNBRQK12345678/ wbKQkqAHah-e3e6"
                    .chars()
                    .collect::<Vec<_>>(),
            ),
            any::<bool>(),
        ),
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// A setup prints a FEN that reads back as the same setup, except for
    /// the Chess960 flag, which a FEN records only in its castling letters:
    /// a rook written by its file switches it on, no castling right off.
    #[test]
    fn any_setup_round_trips(setup in any_setup()) {
        let fen = setup.fen();
        let read = Setup::from_fen(&fen).unwrap();
        let castling = fen.split(' ').nth(2).unwrap_or("");
        let mut expected = setup;
        expected.set_chess960(
            castling != "-" && (setup.is_chess960() || castling.chars().any(|c| !"KQkq".contains(c))),
        );
        prop_assert_eq!(read, expected, "{}", fen);
    }

    /// `from_setup` refuses exactly what `from_fen` of the setup's FEN
    /// refuses, with the same reason, and accepts the same position (up to
    /// the Chess960 flag of one without castling rights, which its FEN
    /// does not record).
    #[test]
    fn from_setup_agrees_with_from_fen(setup in any_setup()) {
        let fen = setup.fen();
        let direct = Position::from_setup(setup);
        prop_assert_eq!(setup.check(), direct.map(|_| ()));
        let expected = direct.map(|mut position| {
            if position.castling_rooks().is_empty() {
                position.set_chess960(false);
            }
            position
        });
        prop_assert_eq!(Position::from_fen(&fen), expected.map_err(FenError::Illegal), "{}", fen);
        if let Ok(position) = direct {
            prop_assert_eq!(position.key(), position.compute_key());
            prop_assert_eq!(Position::from_fen(&position.fen()).map(|p| p.key()), Ok(position.key()));
        }
    }

    /// The same from the text side: `from_fen` is `Setup::from_fen`, then
    /// `from_setup`.
    #[test]
    fn from_fen_is_setup_then_from_setup(text in mutated_fen()) {
        let split = Setup::from_fen(&text).and_then(|setup| {
            Position::from_setup(setup).map_err(FenError::Illegal)
        });
        prop_assert_eq!(Position::from_fen(&text), split);
    }

    /// An unchecked setup gives unspecified answers, never a panic.
    #[test]
    fn unchecked_setups_do_not_panic(setup in any_setup()) {
        let position = Position::from_setup_unchecked(setup);
        let moves = position.legal_moves();
        let _ = (position.count_legal_moves(), position.status(), position.fen(), position.checkers());
        for &mv in moves.iter().take(8) {
            let next = position.play(mv);
            let _ = (next.legal_moves(), next.is_check(), next.key());
        }
    }
}
