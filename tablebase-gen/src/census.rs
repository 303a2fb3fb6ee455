//! Counting a position's legal moves for the solver's seeding pass:
//! non-captures are only counted, captures are listed (their values come
//! from smaller endgames).
//!
//! Where each piece may go is the library's one definition,
//! [`reach`](qiboard::xiangqi::reach) (its attacks, plus a cannon's quiet
//! moves), minus the mover's own pieces. What is kept here is the legality
//! shortcut that makes the seeding pass fast, and the reason this is not
//! `Position::legal_captures` plus `Position::count_legal_moves` (two
//! generations, each finding pins): when the side to move is not in check,
//! a piece that leaves a square off the king's rank, file and horse-leg
//! squares for another such square can expose nothing, and neither can
//! one on those squares whose lifting leaves the king unattacked (a
//! piece that pins nothing), so such moves are counted by popcount, and
//! so are its moves onto those squares when no enemy cannon stands on the
//! king's rank or file (landing there only blocks, or takes, unless it
//! screens a cannon). In check, a move other than the king's that neither
//! takes a checker nor lands on or leaves a square its check runs through
//! (between a line piece and the king, a horse's leg) leaves that check,
//! and is dropped on bitboards. The rest are played on bitboards and
//! tested with [`king_attackers`]. A unit test holds the counts to
//! [`Position::legal_moves`] over whole endgames.

use qiboard::xiangqi::{between, reach, Bitboard, Move, PieceKind, Position, Square};

use qiboard::xiangqi::{king_attackers, king_exposure};

/// Counts `position`'s legal non-captures and lists its legal captures in
/// `captures` (emptied first: one buffer serves many positions). Always
/// inlined: seeding, its hot caller, lost a tenth of its speed when a
/// second caller made the compiler keep it out of line.
#[inline(always)]
pub(crate) fn census(position: &Position, captures: &mut Vec<Move>) -> u32 {
    captures.clear();
    let us = position.side_to_move();
    let them = !us;
    let occupied = position.occupied();
    let ours = position.by_color(us);
    let theirs = position.by_color(them);
    let king = position.king(us);
    let enemy = position.pieces_by_kind(them);
    let checkers = king_attackers(them, &enemy, king, occupied);
    let checked = !checkers.is_empty();
    // In check, a move other than the king's can only be legal if it
    // answers every check: takes the checker, or lands on or leaves a
    // square the check runs through. What does neither is dropped
    // without a test.
    let mut through = Bitboard::EMPTY;
    let mut answering = None;
    for checker in checkers {
        let path = check_path(position, checker, king);
        through |= path;
        let answers = path | checker.bitboard();
        answering = Some(answering.map_or(answers, |all: Bitboard| all & answers));
    }
    let exposed = king_exposure(king, enemy[PieceKind::Horse as usize]);
    // A piece from off the exposed squares only lands on one: it blocks a
    // line or a horse's leg, or takes an attacker, which never checks,
    // unless it becomes the screen of a cannon on the king's lines.
    let lines = king_exposure(king, Bitboard::EMPTY);
    let screens_matter = !(enemy[PieceKind::Cannon as usize] & lines).is_empty();
    let mut quiet = 0;
    for from in ours {
        let Some(piece) = position.piece_at(from) else {
            continue;
        };
        let kind = piece.kind;
        let targets = reach(piece, from, occupied) - ours;
        // Out of check, a piece off the exposed squares uncovers nothing;
        // on them, nothing either when lifting it leaves the king
        // unattacked (it pins nothing).
        let safe_anywhere = !checked
            && kind != PieceKind::King
            && (!exposed.contains(from)
                || king_attackers(them, &enemy, king, occupied - from.bitboard()).is_empty());
        let (unchecked, tested) = if safe_anywhere && !screens_matter {
            (targets, Bitboard::EMPTY)
        } else if safe_anywhere {
            (targets - exposed, targets & exposed)
        } else if checked && kind != PieceKind::King && !through.contains(from) {
            (Bitboard::EMPTY, targets & answering.unwrap_or(targets))
        } else {
            (Bitboard::EMPTY, targets)
        };
        quiet += (unchecked - theirs).count();
        for to in unchecked & theirs {
            captures.push(Move::new(from, to));
        }
        for to in tested {
            let mut after = enemy;
            for set in &mut after {
                *set -= to.bitboard();
            }
            let king_after = if kind == PieceKind::King { to } else { king };
            let occupied_after = (occupied - from.bitboard()) | to.bitboard();
            if king_attackers(them, &after, king_after, occupied_after).is_empty() {
                if theirs.contains(to) {
                    captures.push(Move::new(from, to));
                } else {
                    quiet += 1;
                }
            }
        }
    }
    quiet
}

/// The squares whose occupancy the check `checker` gives `king` depends
/// on: those between a line piece (rook, cannon, the flying general) and
/// the king, or a horse's leg; none for a pawn.
#[inline]
fn check_path(position: &Position, checker: Square, king: Square) -> Bitboard {
    match position.piece_at(checker).map(|piece| piece.kind) {
        Some(PieceKind::Horse) => {
            let (file, rank) = (checker.file(), checker.rank());
            // The leg is next to the horse, on the side of its long step.
            let leg = if rank.abs_diff(king.rank()) == 2 {
                Square::from_file_rank(file, (rank + king.rank()) / 2)
            } else {
                Square::from_file_rank((file + king.file()) / 2, rank)
            };
            leg.map_or(Bitboard::EMPTY, Square::bitboard)
        }
        Some(PieceKind::Pawn) => Bitboard::EMPTY,
        _ => between(checker, king),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qiboard::xiangqi::Color;
    use qiboard_tablebase::Layout;

    /// The census agrees with the move generator on every legal position of
    /// endgames with each kind of piece on each side.
    #[test]
    fn census_matches_the_move_generator() {
        for name in [
            "KRKA", "KCKN", "KNKE", "KPAKP", "KAEKR", "KCKAE", "KNCKA", "KRNKR", "KCPKRN",
        ] {
            let layout = Layout::new(name.parse().unwrap()).unwrap();
            let step = (layout.per_side() as usize / 20_000).max(1);
            for side in Color::ALL {
                for index in (0..layout.per_side()).step_by(step) {
                    let Some(position) = layout.position(side, index) else {
                        continue;
                    };
                    let mut found = Vec::new();
                    let quiet = census(&position, &mut found);
                    let moves = position.legal_moves();
                    let mut expected: Vec<Move> = moves
                        .iter()
                        .copied()
                        .filter(|mv| position.piece_at(mv.to()).is_some())
                        .collect();
                    expected.sort();
                    found.sort();
                    assert_eq!(found, expected, "{name}: {}", position.fen());
                    assert_eq!(
                        quiet as usize + found.len(),
                        moves.len(),
                        "{name}: {}",
                        position.fen()
                    );
                }
            }
        }
    }
}
