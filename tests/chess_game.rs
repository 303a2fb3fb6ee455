//! Chess games under the draw rules: insufficient material as python-chess
//! counts it, the fifty- and seventy-five-move rules, threefold and
//! fivefold repetition with the en passant square counted only when the
//! capture is legal, and random games played out to their end, their
//! repetitions recounted by a slow scan of every position.

use qiboard::chess::{Color, Ending, Game, GameError, MoveKind, Outcome, Position};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn game(fen: &str, moves: &[&str]) -> Game {
    let mut game = Game::from_fen(fen).unwrap();
    for text in moves {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", game.position().fen()));
    }
    game
}

fn draw(by: Ending) -> Option<Outcome> {
    Some(Outcome::Draw { by })
}

#[test]
fn insufficient_material() {
    // (FEN, White's material insufficient, Black's).
    let cases = [
        ("8/8/4k3/8/8/8/8/4K3 w - - 0 1", true, true),
        ("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1", true, true),
        ("8/8/4k3/8/8/2B5/8/4K3 w - - 0 1", true, true),
        // Two knights can mate a king that helps.
        ("8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1", false, true),
        // A knight against a queen: the knight cannot mate, the queen can.
        ("8/8/4k3/3q4/8/2N5/8/4K3 w - - 0 1", true, false),
        // A knight against a rook: the rook could block its own king.
        ("8/8/4k3/3r4/8/2N5/8/4K3 w - - 0 1", false, false),
        // Bishops on squares of one colour (c3 and f6 are dark).
        ("8/8/4kb2/8/8/2B5/8/4K3 w - - 0 1", true, true),
        // Bishops on both colours (e6 is light).
        ("8/8/4b3/8/8/2B5/8/K5k1 w - - 0 1", false, false),
        // A bishop against a knight: each could block the other's king.
        ("8/8/4k3/8/6n1/2B5/8/4K3 w - - 0 1", false, false),
        // Pawns always suffice.
        ("8/8/4k3/8/8/2P5/8/4K3 w - - 0 1", false, true),
    ];
    for (fen, white, black) in cases {
        let position = position(fen);
        assert_eq!(
            (
                position.has_insufficient_material(Color::White),
                position.has_insufficient_material(Color::Black)
            ),
            (white, black),
            "{fen}"
        );
        assert_eq!(position.is_insufficient_material(), white && black, "{fen}");
    }
    assert!(!Position::start().is_insufficient_material());
}

#[test]
fn a_capture_into_bare_kings_ends_the_game() {
    let mut game = game("8/8/4k3/8/8/8/4r3/4K3 w - - 0 1", &["e1e2"]);
    assert_eq!(game.outcome(), draw(Ending::InsufficientMaterial));
    assert!(game.legal_moves().is_empty());
    assert!(!game.position().legal_moves().is_empty());
    assert_eq!(
        game.play_text("e6e5"),
        Err(GameError::Finished(Outcome::Draw {
            by: Ending::InsufficientMaterial
        }))
    );
    // Stalemate with bare material is counted as insufficient material,
    // as python-chess counts it.
    let stalemate = Game::from_fen("k7/2K5/1B6/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(stalemate.position().legal_moves().is_empty());
    assert_eq!(stalemate.outcome(), draw(Ending::InsufficientMaterial));
}

#[test]
fn move_rules() {
    // A rook ending at 99 plies: a quiet move makes the fifty-move claim.
    let fen = |clock: u32| format!("8/8/4k3/8/8/8/R7/4K3 w - - {clock} 80");
    for (clock, claim) in [(97, false), (98, false), (99, true), (100, true)] {
        let game = Game::from_fen(&fen(clock)).unwrap();
        assert_eq!(game.can_claim_fifty_moves(), claim, "clock {clock}");
        let claimed = claim.then_some(Ending::FiftyMoves);
        assert_eq!(game.can_claim_draw(), claimed, "clock {clock}");
        assert_eq!(game.outcome(), None);
        assert_eq!(
            game.outcome_with_claim(),
            claimed.map(|by| Outcome::Draw { by })
        );
    }
    // At 149, the next quiet move draws without a claim.
    let mut game = Game::from_fen(&fen(149)).unwrap();
    assert_eq!(game.outcome(), None);
    game.play_text("a2b2").unwrap();
    assert_eq!(game.outcome(), draw(Ending::SeventyfiveMoves));
    assert!(game.play_text("e6e5").is_err());
    assert_eq!(
        game.undo().map(|mv| mv.uci(false).to_string()),
        Some("a2b2".into())
    );
    assert_eq!(game.outcome(), None);
    // A mate on the 150th ply is a mate.
    let mut game = Game::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 90").unwrap();
    game.play_text("a1a8").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            by: Ending::Checkmate
        })
    );
}

#[test]
fn repetitions() {
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut game = Game::new();
    for (round, text) in shuffle.repeat(4).iter().enumerate() {
        // The move that brings the start back a third time can be claimed
        // before it is played.
        let claim = round >= 7;
        assert_eq!(
            game.can_claim_threefold_repetition(),
            claim,
            "ply {round}: {}",
            game.position().fen()
        );
        game.play_text(text).unwrap();
    }
    assert_eq!(game.occurrences(), 5);
    assert_eq!(game.outcome(), draw(Ending::FivefoldRepetition));
    assert!(game.legal_moves().is_empty());
    game.undo();
    assert_eq!(game.occurrences(), 4);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.outcome_with_claim(), draw(Ending::ThreefoldRepetition));
    // A pawn move starts the count again.
    let game = self::game(
        Position::START_FEN,
        &[
            "g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8",
        ],
    );
    assert_eq!(game.occurrences(), 2);
    assert!(!game.can_claim_threefold_repetition());
}

#[test]
fn en_passant_counts_only_when_legal() {
    // After d7d5 the pawn on e5 is pinned to its king by the rook on e8:
    // the en passant capture is not legal, so the position is the same as
    // the one reached later without a double step.
    let fen = "4r1k1/3p4/8/4P3/8/8/8/4K2R b - - 0 1";
    let pushed = game(fen, &["d7d5"]);
    let after = pushed.position();
    assert_eq!(after.en_passant().map(|s| s.to_string()), Some("d6".into()));
    assert!(!after.has_legal_en_passant());
    assert!(after
        .legal_moves()
        .iter()
        .all(|mv| mv.kind() != MoveKind::EnPassant));
    assert_ne!(after.key(), after.repetition_key());
    let unpinned = game("4r1k1/8/8/3pP3/8/8/8/4K2R w - - 0 1", &[]);
    assert_eq!(unpinned.position().repetition_key(), after.repetition_key());
    // Rook out and back twice: the position after the double step stands a
    // third time.
    let mut game = pushed;
    for text in ["h1h2", "g8f8", "h2h1", "f8g8"].repeat(2) {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.occurrences(), 3);
    // With the capture legal, the double step's position is another one.
    let legal = self::game("6k1/3p4/8/4P3/8/8/8/4K2R b - - 0 1", &["d7d5"]);
    assert!(legal.position().has_legal_en_passant());
    assert_eq!(legal.position().repetition_key(), legal.position().key());
    let mut game = legal;
    for text in ["h1h2", "g8f8", "h2h1", "f8g8"].repeat(2) {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.occurrences(), 2);
}

/// A position as the repetition rules see it, written out: the board, the
/// side, the castling rights and the en passant square where a legal move
/// takes en passant.
fn identity(position: &Position) -> String {
    let fen = position.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let en_passant = position
        .legal_moves()
        .iter()
        .find(|mv| mv.kind() == MoveKind::EnPassant)
        .map_or("-".to_string(), |mv| mv.to().to_string());
    format!("{} {} {} {en_passant}", fields[0], fields[1], fields[2])
}

#[test]
fn random_games_end_and_count_repetitions_as_a_scan_does() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(33);
    let mut endings = std::collections::BTreeMap::new();
    for _ in 0..40 {
        let mut game = Game::new();
        let mut identities = vec![identity(game.position())];
        let mut plies = 0;
        while game.outcome().is_none() {
            let moves = game.legal_moves();
            assert!(!moves.is_empty());
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            game.play(mv).unwrap();
            identities.push(identity(game.position()));
            let current = identities.last().unwrap();
            let clock = game.position().halfmove_clock() as usize;
            let scanned = identities
                .iter()
                .rev()
                .take(clock + 1)
                .filter(|earlier| *earlier == current)
                .count();
            assert_eq!(game.occurrences(), scanned, "{}", game.position().fen());
            plies += 1;
            assert!(plies < 20_000, "a random game ran past 20,000 plies");
        }
        assert!(game.legal_moves().is_empty());
        let ending = game.outcome().unwrap().ending();
        *endings.entry(ending.name()).or_insert(0) += 1;
    }
    // Random games end mostly in draws of every automatic kind.
    assert!(endings.contains_key("insufficient-material"), "{endings:?}");
    assert!(endings.contains_key("seventyfive-moves"), "{endings:?}");
}
