//! Random playouts checked move by move against cozy-chess: the same legal
//! moves, the same check, checkmate and stalemate, the same perft 2, and an
//! incrementally updated key equal to one computed from scratch.

use std::collections::BTreeSet;

use proptest::prelude::*;
use qiboard::chess::{perft, MoveKind, Position, Status};

/// Standard starts with plenty of castling, en passant and promotions.
const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
];

/// Both boards' legal moves as king-takes-rook UCI text (cozy-chess's form).
fn move_sets(ours: &Position, theirs: &cozy_chess::Board) -> (BTreeSet<String>, BTreeSet<String>) {
    let ours: BTreeSet<String> = ours
        .legal_moves()
        .iter()
        .map(|mv| mv.uci(true).to_string())
        .collect();
    let mut cozy = BTreeSet::new();
    theirs.generate_moves(|moves| {
        cozy.extend(moves.into_iter().map(|mv| mv.to_string()));
        false
    });
    (ours, cozy)
}

/// Captures and quiet moves split the legal moves: a capture takes an enemy
/// piece (en passant included), a quiet move lands on an empty square (or,
/// castling, on its own rook).
fn check_split(pos: &Position, legal: usize) {
    let captures = pos.legal_captures();
    let quiets = pos.legal_quiets();
    assert_eq!(captures.len() + quiets.len(), legal, "{pos}");
    let theirs = pos.by_color(!pos.side_to_move());
    for mv in &captures {
        let en_passant = mv.kind() == MoveKind::EnPassant;
        assert!(theirs.contains(mv.to()) || en_passant, "{pos}: {mv:?}");
    }
    for mv in &quiets {
        let empty = !pos.occupied().contains(mv.to());
        assert!(empty || mv.kind() == MoveKind::Castle, "{pos}: {mv:?}");
    }
}

fn expected_status(ours: &Position) -> cozy_chess::GameStatus {
    match ours.status() {
        Status::Checkmate => cozy_chess::GameStatus::Won,
        Status::Stalemate => cozy_chess::GameStatus::Drawn,
        Status::Ongoing if ours.halfmove_clock() >= 100 => cozy_chess::GameStatus::Drawn,
        Status::Ongoing => cozy_chess::GameStatus::Ongoing,
    }
}

/// Plays `choices` (each picks a move by index) from both starts, checking
/// every position on the way.
fn playout(mut ours: Position, mut theirs: cozy_chess::Board, choices: &[u16]) {
    for &choice in choices {
        let fen = ours.fen();
        let (our_moves, cozy_moves) = move_sets(&ours, &theirs);
        assert_same_moves(&our_moves, &cozy_moves, &fen);
        assert_eq!(
            ours.is_check(),
            !theirs.checkers().is_empty(),
            "check in {fen}"
        );
        assert_eq!(expected_status(&ours), theirs.status(), "status of {fen}");
        assert_eq!(ours.key(), ours.compute_key(), "key of {fen}");
        assert_eq!(
            ours.count_legal_moves(),
            our_moves.len() as u64,
            "count in {fen}"
        );
        check_split(&ours, our_moves.len());
        // Perft's inner plies make moves their own way (no key, no
        // counters), in each compiled copy of the search.
        let (portable, features) = qiboard::chess::perft_copies(&ours, 2);
        assert_eq!(portable, cozy_perft(&theirs, 2), "perft 2 of {fen}");
        assert_eq!(
            features.unwrap_or(portable),
            portable,
            "feature copy on {fen}"
        );
        let list = ours.legal_moves();
        if list.is_empty() {
            return;
        }
        let mv = list.as_slice()[usize::from(choice) % list.len()];
        let text = mv.uci(true).to_string();
        let cozy_move = text.parse().expect("cozy-chess reads our UCI");
        theirs.play(cozy_move);
        ours = ours.play(mv);
    }
}

fn assert_same_moves(ours: &BTreeSet<String>, cozy: &BTreeSet<String>, fen: &str) {
    let missing: Vec<_> = cozy.difference(ours).collect();
    let extra: Vec<_> = ours.difference(cozy).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{fen}: missing {missing:?}, extra {extra:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn standard_playouts_match_cozy(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        let fen = STARTS[start];
        let ours = Position::from_fen(fen).unwrap();
        let theirs = cozy_chess::Board::from_fen(fen, false).unwrap();
        playout(ours, theirs, &choices);
    }

    #[test]
    fn chess960_playouts_match_cozy(
        scharnagl in 0..960u32,
        choices in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        let theirs = cozy_chess::Board::chess960_startpos(scharnagl);
        let fen = format!("{theirs:#}");
        let ours = Position::from_fen(&fen).unwrap();
        prop_assert!(ours.is_chess960() || scharnagl == 518, "{} is Chess960", fen);
        playout(ours, theirs, &choices);
    }
}

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            if depth == 1 {
                nodes += 1;
            } else {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

/// Perft from `fen` to depth 4 is cozy-chess's, with its Chess960
/// castling notation if `chess960`.
fn assert_perft_matches_cozy(fen: &str, chess960: bool) {
    let ours = Position::from_fen(fen).unwrap();
    let theirs = cozy_chess::Board::from_fen(fen, chess960).unwrap();
    for depth in 1..=4 {
        assert_eq!(
            perft(&ours, depth).unwrap(),
            cozy_perft(&theirs, depth),
            "{fen} depth {depth}"
        );
    }
}

/// Chess960 positions with castling rooks next to their king, kings that
/// do not move when castling, and rooks landing on the king's square.
#[test]
fn chess960_perft_matches_cozy() {
    for fen in [
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
        "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
        "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
        "rkr5/8/8/8/8/8/8/RKR4q w CAca - 0 1",
        "1r2k1r1/8/8/8/8/8/8/R5RK b gb - 0 1",
    ] {
        assert_perft_matches_cozy(fen, true);
    }
}

/// Positions where the moves one ply before the last open, close, attack
/// or capture on the other side's castling paths, or give check while its
/// castling is otherwise free: the children that take castling's count
/// over from their parent must be exactly those whose count is unchanged.
#[test]
fn castling_heritage_matches_cozy() {
    for fen in [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/2N5/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/3Q4/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/2P3P1/8/8/8/8/2p3p1/R3K2R w KQkq - 0 1",
        "rn2k1nr/8/8/3b4/3B4/8/8/RN2K1NR b KQkq - 0 1",
        "r3k2r/3p1p2/8/8/1b5B/8/3P1P2/R3K2R w KQkq - 0 1",
    ] {
        assert_perft_matches_cozy(fen, false);
    }
}
