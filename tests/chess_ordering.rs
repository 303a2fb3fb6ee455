//! Chess's ordering primitives held to slow definitions on every legal
//! move of thousands of positions from random games: `captured` to the
//! board, `gives_check` to playing the move, `attackers` to a scan of every
//! piece's attacks, `see` to an exchange played out on a board.

use qiboard::chess::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
    Bitboard, Color, MoveKind, Piece, PieceKind, Position, Setup, Square, SEE_VALUES,
};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

#[path = "support/random_games.rs"]
mod random_games;

fn positions() -> Vec<Position> {
    let starts = [
        Position::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];
    random_games::positions(&starts, 12, 100, 0xC4E55)
}

/// `by`'s pieces attacking `target` with the board `occupied`, by asking
/// each of them what it attacks.
fn scanned_attackers(setup: &Setup, target: Square, by: Color, occupied: Bitboard) -> Bitboard {
    (setup.by_color(by) & occupied)
        .into_iter()
        .filter(|&square| {
            let attacks = match setup.kind_at(square).unwrap() {
                PieceKind::Pawn => pawn_attacks(by, square),
                PieceKind::Knight => knight_attacks(square),
                PieceKind::Bishop => bishop_attacks(square, occupied),
                PieceKind::Rook => rook_attacks(square, occupied),
                PieceKind::Queen => queen_attacks(square, occupied),
                PieceKind::King => king_attacks(square),
            };
            attacks.contains(target)
        })
        .collect()
}

#[test]
fn captured_and_gives_check_say_what_the_move_does() {
    let (mut checks, mut captures) = (0, 0);
    for position in positions() {
        let us = position.side_to_move();
        for &mv in position.legal_moves().iter() {
            let after = position.play(mv);
            assert_eq!(
                position.gives_check(mv),
                after.is_check(),
                "{} {mv:?}",
                position.fen()
            );
            checks += usize::from(after.is_check());
            let taken_before = position.by_color(!us).count();
            let taken = position.captured(mv);
            assert_eq!(
                taken.is_some(),
                after.by_color(!us).count() < taken_before,
                "{} {mv:?}",
                position.fen()
            );
            if let Some(piece) = taken {
                captures += 1;
                assert_eq!(piece.color, !us);
                let square = match mv.kind() {
                    MoveKind::EnPassant => {
                        Square::new(mv.from().rank() * 8 + mv.to().file()).unwrap()
                    }
                    _ => mv.to(),
                };
                assert_eq!(position.piece_at(square), Some(piece));
            }
        }
    }
    assert!(
        checks > 200 && captures > 2_000,
        "{checks} checks, {captures} captures"
    );
}

#[test]
fn attackers_are_what_a_scan_finds() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for position in positions() {
        for square in Square::ALL {
            // The board as it is, and with a few squares emptied (x-rays).
            let holes = Bitboard(rng.next_u64() & rng.next_u64());
            for occupied in [
                position.occupied(),
                Bitboard(position.occupied().0 & !holes.0),
            ] {
                for by in Color::ALL {
                    assert_eq!(
                        position.attackers(square, by, occupied) & occupied,
                        scanned_attackers(&position, square, by, occupied),
                        "{} {square:?} {by:?}",
                        position.fen()
                    );
                }
            }
        }
    }
}

/// What `side` gains by going on with the captures on `target` of
/// `setup` (0 if it stops): its least valuable attacker takes, unless a
/// king would take into an attack.
fn exchange(setup: &Setup, target: Square, side: Color) -> i32 {
    let on_target = setup.piece_at(target).expect("a piece to take");
    let occupied = setup.occupied();
    let cheapest = scanned_attackers(setup, target, side, occupied)
        .into_iter()
        .map(|square| (SEE_VALUES[setup.kind_at(square).unwrap().index()], square))
        .min();
    let Some((_, from)) = cheapest else {
        return 0;
    };
    let mut after = *setup;
    let taker = after.remove(from).unwrap();
    after.put(target, taker);
    if taker.kind == PieceKind::King
        && !scanned_attackers(&after, target, !side, after.occupied()).is_empty()
    {
        return 0;
    }
    (SEE_VALUES[on_target.kind.index()] - exchange(&after, target, !side)).max(0)
}

#[test]
fn see_is_the_exchange_played_out() {
    let (mut captures, mut losing) = (0, 0);
    for position in positions() {
        for &mv in position.legal_moves().iter() {
            if mv.is_castle() {
                assert_eq!(position.see(mv), 0);
                continue;
            }
            let mut after: Setup = position.into_setup();
            let mover = after.remove(mv.from()).unwrap();
            let mut gain = 0;
            if mv.kind() == MoveKind::EnPassant {
                let taken = Square::new(mv.from().rank() * 8 + mv.to().file()).unwrap();
                after.remove(taken);
                gain = SEE_VALUES[PieceKind::Pawn.index()];
            }
            let placed = match mv.promotion_kind() {
                Some(kind) => {
                    gain += SEE_VALUES[kind.index()] - SEE_VALUES[PieceKind::Pawn.index()];
                    Piece { kind, ..mover }
                }
                None => mover,
            };
            if let Some(taken) = after.put(mv.to(), placed) {
                gain += SEE_VALUES[taken.kind.index()];
            }
            let expected = gain - exchange(&after, mv.to(), !mover.color);
            let see = position.see(mv);
            assert_eq!(see, expected, "{} {mv:?}", position.fen());
            assert!(position.see_ge(mv, see) && !position.see_ge(mv, see + 1));
            captures += usize::from(position.captured(mv).is_some());
            losing += usize::from(see < 0);
        }
    }
    assert!(
        captures > 2_000 && losing > 2_000,
        "{captures} captures, {losing} losing"
    );
}
