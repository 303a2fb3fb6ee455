//! The repetition rules, applied in rounds after the plain solve.
//!
//! After retrograde analysis, the positions left unresolved are those
//! where neither side can force mate: the side to move has a *drawing*
//! move (into another unresolved position, or a capture that draws). Under
//! the rules, a side that keeps the draw only by checking, or only by
//! chasing one and the same piece, on every move, loses. A round finds the
//! positions where that is forced:
//!
//! 1. **Candidates.** A position is a *check candidate* when every drawing
//!    move of its side to move `S` gives check, and a *chase candidate* for
//!    an enemy piece `v` when every drawing move is no check and newly
//!    chases `v` ([`qiboard::xiangqi::rules::chased`], not chased before the
//!    move). A capture that draws rules a position out.
//! 2. **Forced cycles.** A candidate stays one while, after each of `S`'s
//!    drawing moves, the opponent `O` has a reply into an unresolved
//!    position that gives no check, that (for a chase) takes `v` out of
//!    the chase, and that lands on a candidate of the same kind (for a
//!    chase: for `v` on its new square). `O`'s reply may attack: in a
//!    check cycle anything (a perpetual check loses whatever the other
//!    side chases), in a chase cycle none of `S`'s pieces its previous
//!    reply newly attacked, so that `O` never chases one piece for ever
//!    (see `cycles.rs`). Candidates are dropped until none fails: the
//!    greatest such set. One pass over the positions builds the graph of
//!    candidates and the replies between them; sweeps over that graph,
//!    without positions, find the set.
//! 3. **Rule losses.** In every remaining candidate `S` can avoid defeat
//!    only by perpetual check or perpetual chase of `v`: it is lost there,
//!    at distance 0, by rule. Retrograde analysis resumes from these
//!    losses (`Propagation::RuleRound`), and the next round looks
//!    again at the positions whose drawing moves it took away, until a
//!    round finds nothing.
//!
//! Later rounds in memory are incremental: an earlier candidate whose
//! moves propagation did not touch keeps its conditions without a look,
//! and when few candidates are new, only those that reach a new one (by a
//! drawing move and a reply, found by un-moving twice, again and again)
//! can be forced, so only they are looked at (see `reach`). Out of core,
//! each round finds its candidates afresh; both decide the same positions
//! (a test holds them to it). The loop over rounds is
//! [`Solver::apply_rules`], the same for both stores.
//!
//! What a round costs is walking moves and indexing where they lead, for
//! every unresolved position and, in the graph, every reply of every
//! candidate's drawing moves. So the rounds never list legal moves, and
//! never play one to index it: where a move leads is counted from the
//! position's slot ([`Layout::slot_after_move`]: one set's number, or for a
//! king, advisor or elephant its side's placement and the pair), and its
//! legality is read off the cell it leads to (an entry whose side not to
//! move is in check is illegal, never unresolved). Only moves of a king,
//! advisor or elephant, and moves made in check, are tested first, on
//! bitboards: a test cheaper than the cell it spares. Whether a drawing
//! move checks, and whether it may chase at all, is read from bitboards
//! too: most positions fail on their first drawing move, which is then
//! never played.
//!
//! [`Layout::slot_after_move`]: qiboard_tablebase::Layout::slot_after_move
//!
//! The rules only bite when both sides have a rook, horse, cannon or pawn
//! (pieces that cross the river): with only advisors and elephants a side
//! can never trap the other into perpetual attack, and such endgames are
//! solved as without rules.
//!
//! Sources: the Asian Xiangqi Federation's rules (perpetual check loses
//! before any chase is weighed; a perpetual chase of one piece loses;
//! "one check one chase" is a draw), and xiangqitb, the open-source
//! generator behind chessdb.cn's xiangqi tables, whose rounds (candidates
//! marked among the unresolved positions, marks dropped until only forced
//! cycles remain, losses propagated back, until a round changes nothing)
//! this follows, with its exemptions for what counts as a chase, which
//! [`qiboard::xiangqi::rules::chased`] implements.
//!
//! Simplifications (besides those of [`qiboard::xiangqi::rules`]): an
//! attack by the opponent counts as a chase whether or not the mover's next
//! move ends it, and two opponent replies in a row may not attack the same
//! piece, although the rules forbid only attacking it on every move of the
//! cycle; both only keep some losses from being found, never add one. A
//! side that mixes checks and chases is not ruled.
//!
//! Two KRKNN positions show what following the opponent's attacks
//! decides; [`qiboard::xiangqi::rules`] rules both cycles lost for Black
//! when a game plays them, and so do the tables:
//!
//! - `9/9/3k5/9/9/9/9/9/3nK2n1/R8 b`: Black's drawing line reaches
//!   `9/9/3k5/9/9/9/9/4K1n2/3n5/3R5 b` and checks for ever with
//!   g2f0+ e2e1 f0g2+ e1e2. Red's only replies attack a horse (after e1e2
//!   the d1 horse, after e2e1 the f0 horse, unprotected once the king
//!   blocks its leg); a perpetual check loses whatever the other side
//!   chases, so the check cycle is forced and Black loses.
//! - `3k3R1/9/9/n8/9/9/5n3/9/9/5K3 b`: the line reaches
//!   `3k5/9/3n5/9/9/n8/3R5/9/9/3K5 b`, where Black keeps the a-horse on
//!   the rook (a4c5 d3c3 c5a4 c3d3). A horse attacking a rook chases it
//!   whether the rook is protected or not. The rook steps away by
//!   attacking one horse and then the other: one piece chasing two in
//!   turn, which the rules allow, and which the two-in-a-row test keeps.

mod candidates;
mod cycles;
mod reach;

pub(super) use candidates::Candidates;
pub(super) use cycles::{moves, Forced, GraphStore, Replies, TASKS_A_THREAD};

use super::store::Store;
use super::{Propagation, Solver};
use crate::{GenerateError, Progress};
use qiboard::xiangqi::{
    attacks, king_attackers, reach, Bitboard, Color, Move, Piece, PieceKind, Position,
};
use qiboard_tablebase::Material;
use qiboard_tablebase::Slot;

/// Whether rule rounds run for `material`: both sides have a piece that
/// can cross the river.
pub(crate) fn apply_to(material: Material) -> bool {
    Color::ALL.iter().all(|&color| {
        [
            PieceKind::Rook,
            PieceKind::Horse,
            PieceKind::Cannon,
            PieceKind::Pawn,
        ]
        .iter()
        .any(|&kind| material.count(color, kind) > 0)
    })
}

/// Calls `visit` with each non-capture of `position` that could be legal,
/// until it returns false. The rule rounds ask only about moves into
/// unresolved entries, and an entry whose side not to move is in check is
/// illegal, never unresolved: so a move of a rook, cannon, horse or pawn
/// needs no test of its own, its entry's cell answers (listing the legal
/// moves was the bulk of a round, and most positions are ruled out by
/// their first drawing move, most replies land on no candidate). Those
/// pieces come first. A king, advisor or elephant move is tested first, a
/// cheap test on bitboards (such moves often walk into check); so is
/// every move of a side in check (after a check candidate's move), of
/// which few are legal.
#[inline]
fn each_quiet(position: &Position, mut visit: impl FnMut(Move) -> bool) {
    use PieceKind::{Advisor, Cannon, Elephant, Horse, King, Pawn, Rook};
    let side = position.side_to_move();
    let occupied = position.occupied();
    let ours = position.pieces_by_kind(side);
    let theirs = position.pieces_by_kind(!side);
    let king = position.king(side);
    let in_check = !king_attackers(!side, &theirs, king, occupied).is_empty();
    for kind in [Rook, Cannon, Horse, Pawn, Advisor, Elephant, King] {
        let piece = Piece { color: side, kind };
        let tested = in_check || matches!(kind, Advisor | Elephant | King);
        for from in ours[kind as usize] {
            for to in reach(piece, from, occupied) - occupied {
                if tested {
                    let path = from.bitboard() | to.bitboard();
                    let king = if kind == King { to } else { king };
                    if !king_attackers(!side, &theirs, king, occupied ^ path).is_empty() {
                        continue;
                    }
                }
                if !visit(Move::new(from, to)) {
                    return;
                }
            }
        }
    }
}

/// A drawing move of [`Solver::each_drawing_move`]: what a candidate asks
/// of it is answered from bitboards where it can be, since most are
/// ruled out without the position after the move, which is played only
/// when asked for.
struct Drawing<'a> {
    before: &'a Position,
    mv: Move,
    /// Where the position after it is stored.
    slot: Slot,
    after: Option<Position>,
}

impl Drawing<'_> {
    /// The position after the move.
    fn after(&mut self) -> &Position {
        let (before, mv) = (self.before, self.mv);
        self.after.get_or_insert_with(|| before.play(mv))
    }

    /// The mover's pieces after the move, and the squares occupied then.
    fn moved(&self) -> ([Bitboard; 7], Bitboard) {
        let side = self.before.side_to_move();
        let mut ours = self.before.pieces_by_kind(side);
        let path = self.mv.from().bitboard() | self.mv.to().bitboard();
        if let Some(piece) = self.before.piece_at(self.mv.from()) {
            ours[piece.kind as usize] ^= path;
        }
        (ours, self.before.occupied() ^ path)
    }

    /// Whether the move checks.
    fn checks(&self) -> bool {
        let side = self.before.side_to_move();
        let (ours, occupied) = self.moved();
        !king_attackers(side, &ours, self.before.king(!side), occupied).is_empty()
    }

    /// Whether, after the move, one of the mover's pieces that can chase
    /// attacks one of `squares`: never false where
    /// [`qiboard::xiangqi::rules::chased`] finds one of them chased.
    fn may_chase(&self, squares: Bitboard) -> bool {
        use PieceKind::{Advisor, Cannon, Elephant, Horse, Rook};
        let side = self.before.side_to_move();
        let (ours, occupied) = self.moved();
        [Rook, Cannon, Horse, Elephant, Advisor]
            .iter()
            .any(|&kind| {
                let piece = Piece { color: side, kind };
                ours[kind as usize]
                    .iter()
                    .any(|from| !(attacks(piece, from, occupied) & squares).is_empty())
            })
    }
}

impl<S: Store> Solver<'_, S> {
    /// Calls `visit` with where each move of `position` (unresolved
    /// `entry`, decoded) that keeps the draw without capturing (into a
    /// position still unresolved) leads, and that position's slot, until
    /// it returns false; returns whether it never did. Captures leave the
    /// endgame: one that draws marks the cell (`Cell::capture_saves`), the
    /// others lose.
    fn each_drawing_move(
        &self,
        entry: u64,
        position: &Position,
        mut visit: impl FnMut(&mut Drawing<'_>) -> bool,
    ) -> bool {
        let side = position.side_to_move();
        let slot = Slot {
            index: self.side_and_index(entry).1,
            mirrored: false,
        };
        // The entry's counter holds how many non-captures do not lose yet:
        // once that many are found, the other moves need no look. Out of
        // core its cell may not be held: then every move is looked at,
        // which finds the same ones.
        let mut drawing = if self.cells.holds(entry) {
            u32::from(self.cells.cell(entry).load().moves_left())
        } else {
            u32::MAX
        };
        let mut alive = true;
        each_quiet(position, |mv| {
            if drawing == 0 {
                return false;
            }
            // Counted from the slot, without playing the move.
            let Some(child) = self.layout.slot_after_move(position, slot, mv) else {
                return true;
            };
            if !self.cells.is_open(self.entry(!side, child.index)) {
                return true;
            }
            drawing -= 1;
            alive = visit(&mut Drawing {
                before: position,
                mv,
                slot: child,
                after: None,
            });
            alive
        });
        alive
    }

    /// Applies the rules in rounds until one finds no new loss; returns the
    /// number of rounds that found some. Each round: its candidates (from
    /// the store: in memory, incrementally), the forced cycles among them
    /// over a graph the store keeps, the losses scheduled at level 0, and
    /// retrograde analysis resumed from them.
    pub(super) fn apply_rules(&mut self, progress: &dyn Progress) -> Result<u32, GenerateError> {
        if !apply_to(self.layout.material()) {
            return Ok(0);
        }
        let mut rounds = 0;
        loop {
            let (candidates, relevant) = S::round_candidates(self, progress)?;
            let mut graph = S::graph(self)?;
            let forced = S::forced(self, &candidates, relevant.as_ref(), &mut graph, progress)?;
            drop(graph);
            drop(relevant);
            let Some(losses) = S::rule_losses(self, candidates, forced)? else {
                break;
            };
            rounds += 1;
            self.propagate_all(losses, Propagation::RuleRound, progress)?;
        }
        Ok(rounds)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{solve_with, Rounds};
    use super::{each_quiet, Drawing};
    use crate::{Generator, Quiet};
    use qiboard::xiangqi::rules::chased;
    use qiboard::xiangqi::{Move, PieceKind};
    use qiboard_tablebase::{Decoder, Layout, Material, RuleSet, Slot};

    /// The moves the rounds look at are every legal non-capture, and
    /// beyond them only moves of a rook, cannon, horse or pawn by a side
    /// not in check (whose entries are illegal); what a drawing move is
    /// asked from bitboards agrees with the position after it.
    #[test]
    fn quiet_moves_and_their_checks_and_chases_agree_with_playing_them() {
        let mut looked_at = 0;
        for name in ["KRNKR", "KCAKNE", "KPPKCA", "KNEKR"] {
            let layout = Layout::new(name.parse().unwrap()).unwrap();
            let mut decoder = Decoder::new(&layout);
            let step = (layout.per_side() / 3000).max(1);
            for side in [qiboard::xiangqi::Color::Red, qiboard::xiangqi::Color::Black] {
                for index in (0..layout.per_side()).step_by(step as usize) {
                    let Some(position) = decoder.position(side, index) else {
                        continue;
                    };
                    let position = position.clone();
                    let legal: Vec<Move> = position.legal_quiets().iter().copied().collect();
                    let mut given = Vec::new();
                    each_quiet(&position, |mv| {
                        given.push(mv);
                        true
                    });
                    for mv in &legal {
                        assert!(
                            given.contains(mv),
                            "{name}: {} misses {mv:?}",
                            position.fen()
                        );
                    }
                    for mv in given.iter().filter(|mv| !legal.contains(mv)) {
                        let kind = position.piece_at(mv.from()).unwrap().kind;
                        assert!(!position.is_check(), "{}: {mv:?}", position.fen());
                        assert!(
                            !matches!(
                                kind,
                                PieceKind::King | PieceKind::Advisor | PieceKind::Elephant
                            ),
                            "{}: {mv:?}",
                            position.fen()
                        );
                    }
                    let victims = position.by_color(!side);
                    for &mv in &legal {
                        let after = position.play(mv);
                        let mut drawing = Drawing {
                            before: &position,
                            mv,
                            slot: Slot {
                                index: 0,
                                mirrored: false,
                            },
                            after: None,
                        };
                        assert_eq!(
                            drawing.checks(),
                            after.is_check(),
                            "{}: {mv:?}",
                            position.fen()
                        );
                        if !(chased(&after, side) & victims).is_empty() {
                            assert!(drawing.may_chase(victims), "{}: {mv:?}", position.fen());
                        }
                        assert_eq!(drawing.after(), &after);
                        looked_at += 1;
                    }
                }
            }
        }
        assert!(looked_at > 10_000, "{looked_at} moves looked at");
    }

    /// Rule rounds that look only at the candidates that can reach a
    /// fresh one decide exactly what rounds over every candidate do
    /// (KNPKN takes four rounds, three of them incremental).
    #[test]
    fn incremental_rounds_agree_with_exhaustive_ones() {
        let tablebase = Generator::in_memory();
        for name in ["KNKR", "KNPKN"] {
            let material: Material = name.parse().unwrap();
            let captures = Generator::captures(&material, |smaller| {
                tablebase.load_or_generate(smaller, &Quiet)
            })
            .unwrap();
            let layout = Layout::new(material).unwrap();
            let solve = |rounds| solve_with(&layout, &captures, RuleSet::Asian, rounds, &Quiet);
            let incremental = solve(Rounds::Incremental).unwrap();
            let exhaustive = solve(Rounds::Exhaustive).unwrap();
            let differ = incremental
                .iter()
                .zip(&exhaustive)
                .filter(|(a, b)| a != b)
                .count();
            assert_eq!(differ, 0, "{name}: {differ} values differ");
        }
    }
}
