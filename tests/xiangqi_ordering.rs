//! What a search asks before playing a move, held to slow definitions on
//! every legal move of thousands of positions from random games:
//! `gives_check` to playing the move, `attackers` to a scan of every
//! piece's attacks, `see` to a brute-force exchange played out on a board,
//! `null_move` to the position read back with the other side to move.

use qiboard::xiangqi::{
    attacks, Bitboard, Color, Game, Move, Piece, PieceKind, Position, Setup, Square, SEE_VALUES,
};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

#[path = "support/random_games.rs"]
mod random_games;

/// Positions of random games from the start and from a few middlegames
/// and endgames, a few thousand in all.
fn positions() -> Vec<Position> {
    let starts = [
        Position::START_FEN,
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w",
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w",
    ];
    random_games::positions(&starts, 12, 80, 0x0057_4545)
}

#[test]
fn gives_check_is_what_playing_the_move_says() {
    let mut checks = 0;
    for position in positions() {
        for &mv in position.legal_moves().iter() {
            let expected = position.play(mv).is_check();
            assert_eq!(
                position.gives_check(mv),
                expected,
                "{} {mv}",
                position.fen()
            );
            checks += usize::from(expected);
        }
    }
    assert!(checks > 500, "only {checks} checking moves seen");
}

/// `by`'s pieces that could take a piece on `target`, by a scan of every
/// piece's attack set with `target` occupied; a king also attacks the
/// other king along an open file.
fn scanned_attackers(setup: &Setup, target: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let mut found = Bitboard::EMPTY;
    for square in setup.by_color(by) & occupied {
        let piece = setup.piece_at(square).unwrap();
        let mut reach = attacks(piece, square, occupied.with(target));
        if piece.kind == PieceKind::King
            && setup.pieces(!by, PieceKind::King).contains(target)
            && square.file() == target.file()
            && (qiboard::xiangqi::between(square, target) & occupied).is_empty()
        {
            reach = reach.with(target);
        }
        if reach.contains(target) {
            found = found.with(square);
        }
    }
    found
}

#[test]
fn attackers_are_what_a_scan_of_the_board_finds() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for position in positions().iter().step_by(3) {
        let occupied = position.occupied();
        // Also with a few pieces lifted off, to look through them.
        let lifted = Bitboard(occupied.0 & !(rng.next_u64() as u128 & rng.next_u64() as u128));
        for board in [occupied, lifted] {
            for square in Square::ALL {
                for by in Color::ALL {
                    assert_eq!(
                        position.attackers(square, by, board),
                        scanned_attackers(position, square, by, board),
                        "{} {square} {by:?} {board}",
                        position.fen()
                    );
                }
            }
        }
    }
}

/// The exchange on `target` played out on a board: `side` takes with its
/// least valuable attacker (a king only where no enemy attacks) or stops,
/// whichever is better for it; what it gains.
fn exchange(setup: &Setup, target: Square, side: Color) -> i32 {
    let on_target = setup.piece_at(target).expect("a piece to take");
    let occupied = setup.occupied();
    let attackers = scanned_attackers(setup, target, side, occupied);
    let cheapest = attackers
        .into_iter()
        .map(|square| {
            (
                SEE_VALUES[setup.piece_at(square).unwrap().kind.index()],
                square,
            )
        })
        .min();
    let Some((_, from)) = cheapest else {
        return 0;
    };
    let mut after = setup.clone();
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
    let mut captures = 0;
    let mut losing = 0;
    for position in positions() {
        for &mv in position.legal_moves().iter() {
            let mut after: Setup = (*position).clone();
            let mover = after.remove(mv.from()).unwrap();
            let taken = after.put(mv.to(), mover);
            let gain = taken.map_or(0, |piece: Piece| SEE_VALUES[piece.kind.index()]);
            let expected = gain - exchange(&after, mv.to(), !mover.color);
            let see = position.see(mv);
            assert_eq!(see, expected, "{} {mv}", position.fen());
            assert!(position.see_ge(mv, see));
            assert!(!position.see_ge(mv, see + 1));
            assert_eq!(position.captured(mv), taken);
            captures += usize::from(taken.is_some());
            losing += usize::from(see < 0);
        }
    }
    assert!(
        captures > 2_000 && losing > 2_000,
        "{captures} captures, {losing} losing moves"
    );
}

#[test]
fn a_null_move_passes_the_turn() {
    for position in positions().iter().step_by(5) {
        match position.null_move() {
            None => assert!(position.is_check()),
            Some(passed) => {
                assert!(!position.is_check());
                assert_eq!(passed.side_to_move(), !position.side_to_move());
                assert_eq!((passed.key(), passed.lock()), passed.hashes_from_scratch());
                let mut fen: Vec<String> = position.fen().split(' ').map(str::to_string).collect();
                fen[1] = if fen[1] == "w" { "b" } else { "w" }.to_string();
                let read = Position::from_fen(&fen.join(" ")).unwrap();
                let mut moves = passed.legal_moves();
                let mut expected = read.legal_moves();
                moves.sort();
                expected.sort();
                assert_eq!(&*moves, &*expected, "{}", position.fen());
            }
        }
    }
}

#[test]
fn moves_round_trip_through_their_bits() {
    for from in Square::ALL {
        for to in Square::ALL {
            let mv = Move::new(from, to);
            assert_eq!(Move::from_bits(mv.bits()), Some(mv));
        }
    }
    assert_eq!(Move::default(), Move::NULL);
    assert_eq!(Move::NULL.to_string(), "0000");
    assert_eq!((0..=u16::MAX).filter_map(Move::from_bits).count(), 90 * 90);
}

/// A game walked as a search stack answers as one played move by move:
/// the same positions, checks and repetitions, and a null move breaks no
/// rule but hides what came before it.
#[test]
fn the_search_stack_is_the_game() {
    // Twice round: the start stands a third time after the last move.
    let cycle = ["h2e2", "h9g7", "e2h2", "g7h9"].repeat(2);
    let mut played = Game::new();
    let mut stacked = Game::new();
    for text in &cycle {
        let mv = played.play_text(text).unwrap();
        stacked.push_unchecked(mv);
        assert_eq!(played.position(), stacked.position());
        assert_eq!(played.repetition(), stacked.repetition());
        assert_eq!(played.occurrences(), stacked.occurrences());
    }
    assert!(stacked.repetition().is_some());
    assert!(stacked.push_null());
    assert_eq!(stacked.moves().last(), Some(&Move::NULL));
    assert!(stacked.repetition().is_none());
    assert_eq!(stacked.pop(), Some(Move::NULL));
    assert_eq!(played.position(), stacked.position());
    // No null move in check.
    let mut checked = Game::from_fen("3k5/9/9/9/9/9/9/9/3R5/4K4 b").unwrap();
    assert!(!checked.push_null());
    assert_eq!(checked.moves().len(), 0);
}

#[test]
fn move_lists_sort_in_place() {
    let position = Position::start();
    let mut moves = position.legal_moves();
    moves.sort_by_key(|&mv| std::cmp::Reverse(position.see(mv)));
    moves.retain(|&mv| position.gives_check(mv) || position.captured(mv).is_some());
    assert!(moves
        .iter()
        .all(|&mv| position.gives_check(mv) || position.captured(mv).is_some()));
    assert_eq!(moves.len(), 2, "the cannons' captures of the horses");
}
