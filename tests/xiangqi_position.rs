//! FEN parsing and printing, move text, and games.

use proptest::prelude::*;
use qiboard::xiangqi::{
    Color, Ending, FenError, Game, GameError, Move, MoveError, Outcome, Piece, PieceKind, Position,
    PositionError, Square, Status,
};

#[test]
fn start_position_round_trips() {
    let start = Position::start();
    assert_eq!(start.fen(), Position::START_FEN);
    assert_eq!(start.side_to_move(), Color::Red);
    assert_eq!(start.occupied().count(), 32);
    assert_eq!(start.king(Color::Red), Square::E0);
    assert_eq!(
        start.piece_at(Square::H2),
        Some(Piece {
            color: Color::Red,
            kind: PieceKind::Cannon
        })
    );
    assert_eq!(start.rank_word(0), 0x1ff);
    assert_eq!(start.file_word(0), 0b1001001001);
}

#[test]
fn alternative_letters_and_sides() {
    let horses_as_h =
        Position::from_fen("rhbakabhr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
            .unwrap();
    assert_eq!(horses_as_h.fen(), Position::START_FEN);
    let black = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
        .unwrap();
    assert_eq!(black.side_to_move(), Color::Black);
    assert_ne!(black.key(), Position::start().key());
    assert_ne!(black.lock(), Position::start().lock());
}

#[test]
fn piece_letters_round_trip() {
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let piece = Piece { color, kind };
            assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
            assert_eq!(PieceKind::from_letter(kind.letter()), Some(kind));
        }
    }
    let black_horse = Piece {
        color: Color::Black,
        kind: PieceKind::Horse,
    };
    assert_eq!(Piece::from_letter('h'), Some(black_horse));
    assert_eq!(
        Piece::from_letter('E').map(|piece| piece.letter()),
        Some('B')
    );
    assert_eq!(Piece::from_letter('x'), None);
}

#[test]
fn play_in_place_matches_play() {
    let start = Position::start();
    for &mv in &start.legal_moves() {
        let mut in_place = start.clone();
        in_place.play_in_place(mv);
        assert_eq!(in_place, start.play(mv), "{mv}");
    }
}

fn error(fen: &str) -> FenError {
    Position::from_fen(fen).expect_err(fen)
}

#[test]
fn fen_errors_say_what_and_where() {
    assert_eq!(error(""), FenError::Empty);
    assert_eq!(error("rnbakabnr/9/9 w"), FenError::RowCount(3));
    assert_eq!(
        error("rnbakabnr/9/1c5c1/p1p1p1x1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::BadCharacter {
            rank: 6,
            found: 'x'
        }
    );
    assert_eq!(
        error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/8/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::RowLength {
            rank: 4,
            squares: 8
        }
    );
    assert_eq!(
        error("rnbakabnr/9/1c5c1/p1p1p1p1p/91/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::RowLength {
            rank: 5,
            squares: 10
        }
    );
    assert_eq!(
        error("rnba1abnr/9/1c5c1/9/9/9/9/1C5C1/9/RNBAKABNR w"),
        FenError::Illegal(PositionError::MissingKing(Color::Black))
    );
    assert_eq!(
        error("4k4/9/9/9/9/9/9/9/4K4/4K4 w"),
        FenError::Illegal(PositionError::ExtraKing(Color::Red))
    );
    assert_eq!(
        error("4k4/9/9/9/9/9/9/9/RRR6/3K5 w"),
        FenError::Illegal(PositionError::TooMany {
            piece: Piece {
                color: Color::Red,
                kind: PieceKind::Rook
            },
            count: 3
        })
    );
    assert_eq!(
        error("4k4/9/9/9/9/9/9/9/9/K8 w"),
        FenError::Illegal(PositionError::Unreachable {
            piece: Piece {
                color: Color::Red,
                kind: PieceKind::King
            },
            square: Square::A0
        })
    );
    assert_eq!(
        error("3k5/9/9/9/9/9/9/9/9/5K3 x"),
        FenError::BadSide("x".into())
    );
    assert_eq!(
        error("3k5/9/9/9/9/9/9/9/9/5K3 w - - zero 1"),
        FenError::BadCounter("zero".into())
    );
    assert_eq!(
        error("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1 extra"),
        FenError::ExtraFields
    );
    assert_eq!(
        error("4k4/9/9/9/9/9/9/9/9/4K4 w"),
        FenError::Illegal(PositionError::KingsFacing)
    );
    // Black's king stands in Red's rook's line while Red is to move.
    assert_eq!(
        error("3k5/9/9/9/9/9/9/9/9/3R1K3 w"),
        FenError::Illegal(PositionError::KingCapturable(Color::Red))
    );
    for e in [
        error("4k4/9/9/9/9/9/9/9/9/K8 w"),
        error("rnbakabnr/9/1c5c1/p1p1p1x1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
    ] {
        assert!(!e.to_string().is_empty());
    }
    assert!(
        error("rnbakabnr/9/1c5c1/p1p1p1x1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
            .to_string()
            .contains("rank 6")
    );
}

proptest! {
    #[test]
    fn fen_parser_never_panics(text in "[rnbakcpRNBAKCPEH1-9/ wb0-9-]{0,90}") {
        if let Ok(position) = Position::from_fen(&text) {
            prop_assert_eq!(Position::from_fen(&position.fen()), Ok(position));
        }
    }

    #[test]
    fn fen_parser_survives_any_text(text in "\\PC{0,120}") {
        let _ = Position::from_fen(&text);
        let _ = text.parse::<Move>();
    }

    #[test]
    fn mutated_start_fen_never_panics(index in 0..Position::START_FEN.len(), replacement in any::<char>()) {
        let mut text: Vec<char> = Position::START_FEN.chars().collect();
        text[index] = replacement;
        let text: String = text.into_iter().collect();
        let _ = Position::from_fen(&text);
    }
}

#[test]
fn move_text() {
    let start = Position::start();
    assert_eq!(
        start.parse_move("h2e2"),
        Ok(Move::new(Square::H2, Square::E2))
    );
    assert_eq!(start.move_text(Move::new(Square::H2, Square::E2)), "h2e2");
    assert_eq!(
        start.parse_move("h2e3"),
        Err(MoveError::Illegal("h2e3".into()))
    );
    for bad in ["", "h2", "h2e", "h2e22", "j2e2", "h2h2", "h2e-"] {
        assert!(
            matches!(start.parse_move(bad), Err(MoveError::Syntax(_))),
            "{bad:?}"
        );
    }
    // A Black move when Red is to move.
    assert!(start.parse_move("h7e7").is_err());
}

#[test]
fn flying_general_and_screens() {
    // The e4 horse is the only piece between the kings: every move of it
    // leaves the file and opens it.
    let position = Position::from_fen("4k4/9/9/9/9/4N4/9/9/9/4K4 w").unwrap();
    let moves: Vec<String> = position.legal_moves().iter().map(Move::to_string).collect();
    assert!(
        !moves.is_empty() && !moves.iter().any(|m| m.starts_with("e4")),
        "{moves:?}"
    );
    assert!(Position::from_fen("4k4/9/9/9/9/4N4/9/9/9/3K5 w")
        .unwrap()
        .parse_move("e4c5")
        .is_ok());
    // A Black cannon on e9 faces Red's king with nothing between: no Red piece may step onto the e-file between.
    let position = Position::from_fen("3kc4/9/9/9/9/9/9/9/2R6/5K3 w").unwrap();
    assert!(
        position.parse_move("c1e1").is_ok(),
        "e-file is free while the king is on f0"
    );
    let position = Position::from_fen("4c4/3k5/9/9/9/9/9/9/2R6/4K4 w").unwrap();
    assert!(
        position.parse_move("c1e1").is_err(),
        "the rook would become the cannon's screen"
    );
}

#[test]
fn stalemate_loses() {
    // Black's king on d9: d8 is covered by the a8 rook, e9 by the e5 rook.
    let position = Position::from_fen("3k5/R8/9/9/4R4/9/9/9/9/5K3 b").unwrap();
    assert!(!position.is_check());
    assert_eq!(position.status(), Status::Stalemate);
    let mut game = Game::from_position(position);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            by: Ending::Stalemate
        })
    );
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result(), "1-0");
    assert_eq!(outcome.to_string(), "Red won by stalemate");
    let any_move = Move::new(Square::D9, Square::E9);
    assert_eq!(game.play(any_move), Err(GameError::Finished(outcome)));
}

#[test]
fn game_plays_undoes_and_reports() {
    let mut game = Game::new();
    for text in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.history(), "h2e2 h9g7 h0g2 i9h9");
    let after_four = game.position().clone();
    assert_eq!(game.undo(), Some("i9h9".parse().unwrap()));
    assert_eq!(game.moves().len(), 3);
    game.play_text("i9h9").unwrap();
    assert_eq!(game.position(), &after_four);
    assert!(matches!(game.play_text("a0a5"), Err(GameError::Move(_))));
    while game.undo().is_some() {}
    assert_eq!(game.position(), &Position::start());
    assert_eq!(game.undo(), None);
}

#[test]
fn repetition_and_perpetual_check() {
    // Red rook checks from d-file squares while Black's king shuffles.
    let mut game = Game::from_fen("4k4/9/9/9/9/9/9/9/4A4/R2K5 w").unwrap();
    assert!(game.repetition().is_none());
    for text in ["a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8"] {
        game.play_text(text).unwrap();
    }
    let repetition = game
        .repetition()
        .expect("the position after a9a8 stood four plies ago");
    assert_eq!(repetition.plies_ago, 4);
    assert_eq!(repetition.ruling.loser(), Some(Color::Red));
    assert_eq!(game.occurrences(), 2);
}

#[test]
fn long_row_reports_its_length() {
    assert_eq!(
        Position::from_fen("rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        Err(FenError::RowLength {
            rank: 9,
            squares: 10
        })
    );
}

fn moves_from(position: &Position, from: &str) -> Vec<String> {
    position
        .legal_moves()
        .iter()
        .map(Move::to_string)
        .filter(|m| m.starts_with(from))
        .collect()
}

#[test]
fn pins_by_rook_cannon_and_horse() {
    // Rook pin: the e2 horse stands between Red's king and Black's e7 rook.
    let rook_pin = Position::from_fen("3k5/9/4r4/9/9/9/9/4N4/9/4K4 w").unwrap();
    assert!(moves_from(&rook_pin, "e2").is_empty());
    // Cannon pin: Red's e2 horse and e3 pawn are the two screens between
    // Black's e7 cannon and Red's king; either leaving exposes the king.
    let cannon_pin = Position::from_fen("3k5/9/4c4/9/9/9/4P4/4N4/9/4K4 w").unwrap();
    assert!(moves_from(&cannon_pin, "e2").is_empty());
    assert!(
        moves_from(&cannon_pin, "e3").iter().all(|m| m == "e3e4"),
        "{:?}",
        moves_from(&cannon_pin, "e3")
    );
    // Horse-leg pin: Black's d2 horse would check e0 over d1, where Red's
    // rook stands; the rook may only take the horse.
    let horse_pin = Position::from_fen("3k5/9/9/9/9/9/9/3n5/3R5/4K4 w").unwrap();
    assert!(
        moves_from(&horse_pin, "d1").iter().all(|m| m == "d1d2"),
        "{:?}",
        moves_from(&horse_pin, "d1")
    );
}
