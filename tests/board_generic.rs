//! The fuller `Board` held, in both games and through generic code only,
//! to what each position says of itself on thousands of positions from
//! random games: captures and quiet moves split the legal moves, a capture
//! lands on an enemy piece (or is en passant), `play_in_place` is `play`,
//! a null move is the position read back from its FEN with the other side
//! to move, `piece_at` reads back the FEN's pieces, and `verdict` knows
//! each game's stalemate.

use std::collections::BTreeSet;
use std::fmt::Debug;

use qiboard::{chess, xiangqi, Board, Status, Verdict};

#[path = "support/random_games.rs"]
mod random_games;

/// Positions of random games from each of `starts`, `games` games each.
fn positions<B: Board + Clone>(starts: &[&str], games: usize) -> Vec<B> {
    random_games::positions(starts, games, 120, 0xB0A2D)
}

/// The moves as sorted text (moves have no order of their own).
fn sorted<M: Debug>(moves: &[M]) -> Vec<String> {
    let mut moves: Vec<String> = moves.iter().map(|mv| format!("{mv:?}")).collect();
    moves.sort();
    moves
}

/// Everything that holds in both games; `is_capture(position, mv)` is
/// the game's own answer, `fen_passed(position)` the FEN with the other
/// side to move and no en passant square.
fn holds<B>(
    positions: &[B],
    squares: &[B::Square],
    is_capture: impl Fn(&B, B::Move) -> bool,
    fen_passed: impl Fn(&B) -> String,
) where
    B: Board + Clone + PartialEq + Debug,
{
    let (mut captures_seen, mut passes) = (0, 0);
    for position in positions {
        let fen = position.fen();
        let (captures, quiets) = (position.legal_captures(), position.legal_quiets());
        let all = position.legal_moves();
        let split: Vec<B::Move> = captures.iter().chain(quiets.iter()).copied().collect();
        let split = sorted(&split);
        assert_eq!(split, sorted(&all), "{fen}: captures and quiets");
        let unique: BTreeSet<_> = split.iter().collect();
        assert_eq!(unique.len(), split.len(), "{fen}: a move in both lists");
        for &mv in captures.iter() {
            assert!(is_capture(position, mv), "{fen}: {mv:?} takes nothing");
        }
        for &mv in quiets.iter() {
            assert!(!is_capture(position, mv), "{fen}: {mv:?} takes something");
        }
        captures_seen += captures.len();
        for &mv in all.iter() {
            let mut in_place = position.clone();
            in_place.play_in_place(mv);
            assert_eq!(in_place, position.play(mv), "{fen}: {mv:?} in place");
        }
        match position.null_move() {
            None => assert!(position.is_check(), "{fen}: no pass out of check"),
            Some(passed) => {
                passes += 1;
                assert!(!position.is_check(), "{fen}: a pass in check");
                let read = B::from_fen(&fen_passed(position)).expect("the passed FEN reads");
                assert_ne!(passed.side_to_move(), position.side_to_move());
                assert_eq!(passed.side_to_move(), read.side_to_move(), "{fen}");
                assert_eq!(passed.key(), read.key(), "{fen}: the key after a pass");
                assert_eq!(
                    sorted(&passed.legal_moves()),
                    sorted(&read.legal_moves()),
                    "{fen}: the moves after a pass"
                );
            }
        }
        let pieces = squares
            .iter()
            .filter(|&&square| position.piece_at(square).is_some())
            .count();
        let in_fen = fen
            .split(' ')
            .next()
            .unwrap()
            .chars()
            .filter(char::is_ascii_alphabetic)
            .count();
        assert_eq!(pieces, in_fen, "{fen}: pieces found by piece_at");
        let expected = match (position.count_legal_moves(), position.is_check()) {
            (0, true) => Some(Verdict::Loss),
            (0, false) => Some(B::STALEMATE),
            _ => None,
        };
        assert_eq!(position.verdict(), expected, "{fen}");
        assert_eq!(position.status() == Status::Ongoing, expected.is_none());
    }
    assert!(captures_seen > 1_000, "only {captures_seen} captures seen");
    assert!(passes > 1_000, "only {passes} null moves made");
}

/// The FEN's first two fields with the side flipped, then `rest`.
fn flip_side(fen: &str, rest: &str) -> String {
    let mut fields = fen.split(' ');
    let board = fields.next().unwrap();
    let side = match fields.next() {
        Some("w") => "b",
        _ => "w",
    };
    format!("{board} {side} {rest}")
}

#[test]
fn chess_positions_answer_generic_code() {
    let positions: Vec<chess::Position> = positions(
        &[
            chess::Position::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ],
        15,
    );
    holds(
        &positions,
        &chess::Square::ALL,
        |position, mv| {
            position
                .piece_at(mv.to())
                .is_some_and(|piece| piece.color != position.side_to_move())
                || (mv.piece() == chess::PieceKind::Pawn && Some(mv.to()) == position.en_passant())
        },
        |position| {
            let fen = position.fen();
            let castling = fen.split(' ').nth(2).unwrap();
            flip_side(&fen, &format!("{castling} - 0 1"))
        },
    );
}

#[test]
fn xiangqi_positions_answer_generic_code() {
    let positions: Vec<xiangqi::Position> = positions(
        &[
            xiangqi::Position::START_FEN,
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
            "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w",
            "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w",
        ],
        15,
    );
    holds(
        &positions,
        &xiangqi::Square::ALL,
        |position, mv| position.piece_at(mv.to()).is_some(),
        |position| flip_side(&position.fen(), "- - 0 1"),
    );
}

#[test]
fn stalemate_is_a_draw_in_chess_and_a_loss_in_xiangqi() {
    let chess = chess::Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(chess.status(), Status::Stalemate);
    assert_eq!(Board::verdict(&chess), Some(Verdict::Draw));
    let xiangqi = xiangqi::Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b").unwrap();
    assert_eq!(xiangqi.status(), Status::Stalemate);
    assert_eq!(Board::verdict(&xiangqi), Some(Verdict::Loss));
    let mate = chess::Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(Board::verdict(&mate), Some(Verdict::Loss));
}
