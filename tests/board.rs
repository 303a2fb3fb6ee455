//! The `Board` trait gives the same answers as each game's own methods.

use qiboard::{chess, xiangqi, Board};

/// Walks a few plies of last moves from the start, checking the trait's
/// methods against each other at each position, then reads `checked`, a
/// FEN whose side to move is in check.
fn agrees<B: Board + PartialEq + std::fmt::Debug>(checked: &str) {
    let mut position = B::from_fen(B::START_FEN).unwrap();
    for _ in 0..6 {
        assert_eq!(B::from_fen(&position.fen()).unwrap(), position);
        assert!(!position.is_check());
        let moves = position.legal_moves();
        assert_eq!(moves.len() as u64, position.count_legal_moves());
        assert_eq!(Ok(moves.len() as u64), position.perft(1));
        let split = position.divide(2).unwrap();
        assert_eq!(
            split.iter().map(|(_, count)| count).sum::<u64>(),
            position.perft(2).unwrap()
        );
        for &mv in moves.iter() {
            assert_eq!(position.parse_move(&position.move_text(mv)).unwrap(), mv);
        }
        assert!(position.parse_move("not a move").is_err());
        let next = position.play(moves[moves.len() - 1]);
        assert_ne!(next.key(), position.key());
        position = next;
    }
    assert!(B::from_fen(checked).unwrap().is_check());
}

#[test]
fn chess_board() {
    agrees::<chess::Position>("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
}

#[test]
fn xiangqi_board() {
    agrees::<xiangqi::Position>("3k5/9/9/9/9/9/9/9/9/4K3r w");
}
