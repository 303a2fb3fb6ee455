//! [`attacks`] and [`reach`], the per-kind answers every caller shares,
//! against a board scan written from the rules on random occupancies.

use super::{attacks, reach};
use crate::xiangqi::{Bitboard, Color, Piece, PieceKind, Square};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The square `(df, dr)` away from `square`, if on the board.
fn step(square: Square, df: i32, dr: i32) -> Option<Square> {
    let (file, rank) = (square.file() as i32 + df, square.rank() as i32 + dr);
    if (0..9).contains(&file) && (0..10).contains(&rank) {
        Square::from_file_rank(file as usize, rank as usize)
    } else {
        None
    }
}

/// Which palace holds `square` (`Some(true)`: Red's), if any.
fn palace(square: Square) -> Option<bool> {
    let inside = (3..=5).contains(&square.file());
    match square.rank() {
        0..=2 if inside => Some(true),
        7..=9 if inside => Some(false),
        _ => None,
    }
}

/// A scan of the board from `square`: `(attacks, reach)` of `piece`.
fn scan(piece: Piece, square: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
    let full = |s: Square| occupied.contains(s);
    let mut attacked = Bitboard::EMPTY;
    let mut quiet = Bitboard::EMPTY;
    let steps = |deltas: &[(i32, i32)]| -> Bitboard {
        deltas
            .iter()
            .filter_map(|&(df, dr)| step(square, df, dr))
            .collect()
    };
    match piece.kind {
        PieceKind::Rook | PieceKind::Cannon => {
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let mut screens = 0;
                let mut here = square;
                while let Some(next) = step(here, df, dr) {
                    let rook = screens == 0;
                    let cannon = screens == 1 && full(next);
                    if (piece.kind == PieceKind::Rook && rook)
                        || (piece.kind == PieceKind::Cannon && cannon)
                    {
                        attacked = attacked.with(next);
                    }
                    if piece.kind == PieceKind::Cannon && rook && !full(next) {
                        quiet = quiet.with(next);
                    }
                    screens += u32::from(full(next));
                    here = next;
                }
            }
        }
        PieceKind::Horse => {
            for (df, dr) in [
                (1i32, 2i32),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ] {
                let leg = if df.abs() == 2 {
                    (df / 2, 0)
                } else {
                    (0, dr / 2)
                };
                if let (Some(to), Some(leg)) = (step(square, df, dr), step(square, leg.0, leg.1)) {
                    if !full(leg) {
                        attacked = attacked.with(to);
                    }
                }
            }
        }
        PieceKind::Elephant => {
            for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if let (Some(to), Some(eye)) = (step(square, 2 * df, 2 * dr), step(square, df, dr))
                {
                    if (to.rank() <= 4) == (square.rank() <= 4) && !full(eye) {
                        attacked = attacked.with(to);
                    }
                }
            }
        }
        PieceKind::Advisor | PieceKind::King => {
            let deltas: &[(i32, i32)] = if piece.kind == PieceKind::King {
                &[(1, 0), (-1, 0), (0, 1), (0, -1)]
            } else {
                &[(1, 1), (1, -1), (-1, 1), (-1, -1)]
            };
            if let Some(home) = palace(square) {
                attacked = steps(deltas)
                    .into_iter()
                    .filter(|&to| palace(to) == Some(home))
                    .collect();
            }
        }
        PieceKind::Pawn => {
            let (forward, crossed) = match piece.color {
                Color::Red => (1, square.rank() >= 5),
                Color::Black => (-1, square.rank() <= 4),
            };
            attacked = if crossed {
                steps(&[(0, forward), (1, 0), (-1, 0)])
            } else {
                steps(&[(0, forward)])
            };
        }
    }
    (attacked, attacked | quiet)
}

/// Every piece on every square, over random occupancies from sparse to
/// dense (and the piece's own square both empty and occupied: neither
/// answer may depend on it).
#[test]
fn attacks_and_reach_match_a_board_scan() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x7265_6163);
    let board = (1u128 << 90) - 1;
    let mut word = || u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
    for round in 0..400 {
        let mut bits = word();
        for _ in 0..round % 4 {
            bits &= word();
        }
        let occupied = Bitboard(bits & board);
        for square in Square::ALL {
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    let piece = Piece { color, kind };
                    let (attacked, reached) = scan(piece, square, occupied);
                    for occupied in [occupied.with(square), occupied.without(square)] {
                        assert_eq!(
                            attacks(piece, square, occupied),
                            attacked,
                            "attacks of {piece:?} on {square} over {occupied:?}"
                        );
                        assert_eq!(
                            reach(piece, square, occupied),
                            reached,
                            "reach of {piece:?} on {square} over {occupied:?}"
                        );
                    }
                }
            }
        }
    }
}
