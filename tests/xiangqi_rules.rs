//! The move generator against a slow reference written here from the
//! rules alone (mailbox scans, make-and-test), over random playouts.

use proptest::prelude::*;
use qiboard::xiangqi::{Color, Move, Piece, PieceKind, Position, Square, Status};

type Board = [Option<Piece>; 90];

fn board_of(position: &Position) -> Board {
    let mut board = [None; 90];
    for square in Square::ALL {
        board[square as usize] = position.piece_at(square);
    }
    board
}

fn at(file: i32, rank: i32) -> Option<usize> {
    ((0..9).contains(&file) && (0..10).contains(&rank)).then_some((rank * 9 + file) as usize)
}

fn coords(square: usize) -> (i32, i32) {
    ((square % 9) as i32, (square / 9) as i32)
}

fn in_palace(color: Color, square: usize) -> bool {
    let (file, rank) = coords(square);
    (3..=5).contains(&file)
        && match color {
            Color::Red => rank <= 2,
            Color::Black => rank >= 7,
        }
}

fn own_half(color: Color, square: usize) -> bool {
    let rank = coords(square).1;
    match color {
        Color::Red => rank <= 4,
        Color::Black => rank >= 5,
    }
}

/// Squares the piece on `from` could move to by its own rules, ignoring
/// whether its king is left attacked.
fn pseudo_targets(board: &Board, from: usize) -> Vec<usize> {
    let piece = board[from].expect("a piece");
    let (file, rank) = coords(from);
    let forward = if piece.color == Color::Red { 1 } else { -1 };
    let mut targets = Vec::new();
    let mut step =
        |df: i32, dr: i32, needs_empty: Option<(i32, i32)>, region: &dyn Fn(usize) -> bool| {
            if let Some(to) = at(file + df, rank + dr) {
                let blocked = needs_empty.is_some_and(|(lf, lr)| {
                    at(file + lf, rank + lr).is_some_and(|leg| board[leg].is_some())
                });
                if !blocked && region(to) {
                    targets.push(to);
                }
            }
        };
    match piece.kind {
        PieceKind::King => {
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                step(df, dr, None, &|to| in_palace(piece.color, to));
            }
        }
        PieceKind::Advisor => {
            for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                step(df, dr, None, &|to| in_palace(piece.color, to));
            }
        }
        PieceKind::Elephant => {
            for (df, dr) in [(2, 2), (2, -2), (-2, 2), (-2, -2)] {
                step(df, dr, Some((df / 2, dr / 2)), &|to| {
                    own_half(piece.color, to)
                });
            }
        }
        PieceKind::Horse => {
            for (df, dr) in [
                (1i32, 2i32),
                (-1, 2),
                (1, -2),
                (-1, -2),
                (2, 1),
                (2, -1),
                (-2, 1),
                (-2, -1),
            ] {
                let leg = if df.abs() == 2 {
                    (df / 2, 0)
                } else {
                    (0, dr / 2)
                };
                step(df, dr, Some(leg), &|_| true);
            }
        }
        PieceKind::Pawn => {
            step(0, forward, None, &|_| true);
            if !own_half(piece.color, from) {
                step(1, 0, None, &|_| true);
                step(-1, 0, None, &|_| true);
            }
        }
        PieceKind::Rook | PieceKind::Cannon => {
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let mut screens = 0;
                let (mut f, mut r) = (file + df, rank + dr);
                while let Some(to) = at(f, r) {
                    match (piece.kind, screens, board[to]) {
                        (_, 0, None) => targets.push(to),
                        (PieceKind::Rook, _, Some(_)) => {
                            targets.push(to);
                            break;
                        }
                        (PieceKind::Cannon, 0, Some(_)) => screens = 1,
                        (PieceKind::Cannon, _, Some(_)) => {
                            targets.push(to);
                            break;
                        }
                        _ => {}
                    }
                    (f, r) = (f + df, r + dr);
                }
            }
        }
    }
    targets.retain(|&to| board[to].is_none_or(|other| other.color != piece.color));
    targets
}

fn king_square(board: &Board, color: Color) -> usize {
    (0..90)
        .find(|&s| {
            board[s]
                == Some(Piece {
                    color,
                    kind: PieceKind::King,
                })
        })
        .expect("king")
}

/// Whether `color`'s king can be taken, or faces the other king.
fn exposed(board: &Board, color: Color) -> bool {
    let king = king_square(board, color);
    let enemy_king = king_square(board, !color);
    let (kf, kr) = coords(king);
    let (ef, er) = coords(enemy_king);
    if kf == ef {
        let (low, high) = (kr.min(er), kr.max(er));
        if (low + 1..high).all(|r| board[at(kf, r).unwrap()].is_none()) {
            return true;
        }
    }
    (0..90).any(|from| {
        board[from].is_some_and(|p| p.color != color) && pseudo_targets(board, from).contains(&king)
    })
}

fn reference_moves(position: &Position) -> Vec<String> {
    let board = board_of(position);
    let side = position.side_to_move();
    let mut moves = Vec::new();
    for from in (0..90).filter(|&s| board[s].is_some_and(|p| p.color == side)) {
        for to in pseudo_targets(&board, from) {
            let mut after = board;
            after[to] = after[from].take();
            if !exposed(&after, side) {
                moves.push(Move::new(Square::ALL[from], Square::ALL[to]).to_string());
            }
        }
    }
    moves.sort();
    moves
}

fn sorted(moves: &[Move]) -> Vec<String> {
    let mut text: Vec<String> = moves.iter().map(Move::to_string).collect();
    text.sort();
    text
}

const STARTS: [&str; 5] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w",
];

fn check_position(position: &Position) -> Result<(), TestCaseError> {
    let all = position.legal_moves();
    let fen = position.fen();
    prop_assert_eq!(sorted(&all), reference_moves(position), "{}", fen);
    prop_assert_eq!(position.count_legal_moves(), all.len() as u64);
    let mut split = sorted(&position.legal_captures());
    let captures = split.len();
    split.extend(sorted(&position.legal_quiets()));
    split.sort();
    prop_assert_eq!(&split, &sorted(&all));
    prop_assert!(position
        .legal_captures()
        .iter()
        .all(|m| position.piece_at(m.to()).is_some()));
    prop_assert_eq!(
        captures,
        all.iter()
            .filter(|m| position.piece_at(m.to()).is_some())
            .count()
    );
    let board = board_of(position);
    let in_check = exposed(&board, position.side_to_move());
    prop_assert_eq!(position.is_check(), in_check);
    prop_assert_eq!(
        position.evasions().len(),
        if in_check { all.len() } else { 0 }
    );
    let expected_status = match (all.is_empty(), in_check) {
        (false, _) => Status::Ongoing,
        (true, true) => Status::Checkmate,
        (true, false) => Status::Stalemate,
    };
    prop_assert_eq!(position.status(), expected_status);
    prop_assert_eq!(
        (position.key(), position.lock()),
        position.hashes_from_scratch()
    );
    let reparsed = Position::from_fen(&fen);
    prop_assert_eq!(reparsed.as_ref(), Ok(position));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn playouts_match_the_reference(start in 0..STARTS.len(), choices in proptest::collection::vec(any::<u32>(), 1..120)) {
        let mut position = Position::from_fen(STARTS[start]).unwrap();
        for choice in choices {
            check_position(&position)?;
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            prop_assert!(position.is_legal(mv));
            prop_assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
            position = position.play(mv);
        }
    }
}
