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
//!    chases `v` ([`crate::xiangqi::rules::chased`], not chased before the
//!    move). A capture that draws rules a position out.
//! 2. **Forced cycles.** A candidate stays one while, after each of `S`'s
//!    drawing moves, the opponent `O` has a reply into an unresolved
//!    position that gives no check and chases nothing new (so `O` is not a
//!    perpetual attacker itself), that (for a chase) takes `v` out of the
//!    chase, and that lands on a candidate of the same kind (for a chase:
//!    for `v` on its new square). Candidates are dropped until none
//!    fails: the greatest such set. One pass over the positions builds
//!    the graph of candidates and the replies between them; sweeps over
//!    that graph, without positions, find the set.
//! 3. **Rule losses.** In every remaining candidate `S` can avoid defeat
//!    only by perpetual check or perpetual chase of `v`: it is lost there,
//!    at distance 0 ([`super::BY_RULE`]). Retrograde analysis resumes from
//!    these losses, and the next round looks again at the positions whose
//!    drawing moves it took away, until a round finds nothing.
//!
//! Later rounds are incremental: an earlier candidate whose moves
//! propagation did not touch keeps its conditions without a look, and
//! when few candidates are new, only those that reach a new one (by a
//! drawing move and a reply, found by un-moving twice, again and again)
//! can be forced, so only they are looked at. With the graph, these
//! steps took KRNKR's ten rounds from 32 s of 2-thread wall time to 15 s.
//!
//! The rules only bite when both sides have a rook, horse, cannon or pawn
//! (pieces that cross the river): with only advisors and elephants a side
//! can never trap the other into perpetual attack, and such endgames are
//! solved as without rules, as the generator behind chessdb's tables does.
//!
//! Simplifications (besides those of [`crate::xiangqi::rules`]): the
//! opponent's replies must not attack at all, so a cycle where both sides
//! keep attacking (mutual perpetual chase, which the rules call a draw) is
//! never scored as a loss, but neither is one where the opponent's attacks
//! change targets (which the rules would not forbid); a side that mixes
//! checks and chases is not ruled (AXF: "one check one chase" is a draw).

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::{unresolved, Rounds, Solver, CAPTURE_SAVES, CHANGED};
use crate::xiangqi::rules::chased;
use crate::xiangqi::tablebase::index::{mirror_square, Decoder, Slot};
use crate::xiangqi::tablebase::unmove::for_each_predecessor;
use crate::xiangqi::tablebase::{Material, Progress};
use crate::xiangqi::{Bitboard, Color, Move, PieceKind, Position};

/// Entries handled per parallel task.
const CHUNK: usize = 4096;

/// A position where its side to move may be trapped into perpetual
/// attack, in stored orientation. Eight bytes, since a table like KRNKR
/// has two million of them in a round: the victims are a mask over the
/// opponent's pieces in square order rather than a set of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Candidate {
    entry: u32,
    /// The victims' mask, and [`CHECK`].
    flags: u32,
}

/// In [`Candidate::flags`]: every drawing move checks.
const CHECK: u32 = 1 << 31;

/// `pieces` as a mask over `among` (bit `i`: the `i`-th lowest square of
/// `among`); a side has at most sixteen pieces.
fn mask_of(pieces: Bitboard, among: Bitboard) -> u32 {
    among
        .iter()
        .enumerate()
        .filter(|&(_, square)| pieces.contains(square))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// The squares of `among` that `mask` names.
fn squares_of(mask: u32, among: Bitboard) -> Bitboard {
    among
        .iter()
        .enumerate()
        .filter(|&(i, _)| mask >> i & 1 != 0)
        .map(|(_, square)| square)
        .collect()
}

impl Candidate {
    fn new(entry: u32, check: bool, victims: u32) -> Candidate {
        Candidate {
            entry,
            flags: victims | if check { CHECK } else { 0 },
        }
    }

    /// Every drawing move checks.
    fn check(&self) -> bool {
        self.flags & CHECK != 0
    }

    /// The mask of the enemy pieces every drawing move newly chases.
    fn victims(&self) -> u32 {
        self.flags & !CHECK
    }
}

/// Two lists of candidates in entry order, with no entry in both, as one.
fn merge(a: Vec<Candidate>, b: Vec<Candidate>) -> Vec<Candidate> {
    let mut merged = Vec::with_capacity(a.len() + b.len());
    let (mut a, mut b) = (a.into_iter().peekable(), b.into_iter().peekable());
    loop {
        let next = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) if x.entry < y.entry => a.next(),
            (_, Some(_)) => b.next(),
            (Some(_), None) => a.next(),
            (None, None) => break,
        };
        merged.extend(next);
    }
    merged
}

/// Whether both sides have a piece that can cross the river.
fn both_sides_attack(material: Material) -> bool {
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

impl Solver<'_> {
    /// Whether `entry` is still unresolved.
    #[inline]
    fn open(&self, entry: u32) -> bool {
        unresolved(self.plies[entry as usize].load(Relaxed))
    }

    /// Calls `visit` with where each move of `position` (whose slot is
    /// `slot`) that keeps the draw without capturing (into a position
    /// still unresolved) leads, and that position's slot, until it returns
    /// false; returns whether it never did. Captures leave the endgame:
    /// one that draws set [`CAPTURE_SAVES`], the others lose.
    fn each_drawing_move(
        &self,
        position: &Position,
        slot: Slot,
        mut visit: impl FnMut(&Position, Slot) -> bool,
    ) -> bool {
        let side = position.side_to_move();
        for &mv in position.legal_quiets().iter() {
            let Some((child, after)) = self.slot_after(position, slot, mv) else {
                continue;
            };
            if !self.open(self.entry(!side, child.index)) {
                continue;
            }
            let after = after.unwrap_or_else(|| position.play(mv));
            if !visit(&after, child) {
                return false;
            }
        }
        true
    }

    /// The slot of `position` after the non-capture `mv`, counted from
    /// `slot` when it can be, with the position after it when that had to
    /// be played to find it.
    #[inline]
    fn slot_after(
        &self,
        position: &Position,
        slot: Slot,
        mv: Move,
    ) -> Option<(Slot, Option<Position>)> {
        if let Some(after) = self.layout.slot_after(position, slot, mv) {
            return Some((after, None));
        }
        let after = position.play(mv);
        let slot = self.layout.slot(&after).ok()?;
        Some((slot, Some(after)))
    }

    /// Applies the rules in rounds until one finds no new loss; returns the
    /// number of rounds that found some.
    pub(super) fn apply_rules(&mut self, rounds_are: Rounds, progress: &dyn Progress) -> u32 {
        if !both_sides_attack(self.layout.material()) {
            return 0;
        }
        let words = (self.per_side * 2).div_ceil(64);
        self.touched = (0..words).map(|_| AtomicU64::new(0)).collect();
        let mut candidates = self.first_candidates(progress);
        let mut relevant: Option<Vec<Candidate>> = None;
        let mut rounds = 0;
        loop {
            let losses = match relevant.take() {
                Some(relevant) => self.forced(&relevant, progress),
                None => self.forced(&candidates, progress),
            };
            if losses.is_empty() {
                break;
            }
            rounds += 1;
            for word in &self.touched {
                word.store(0, Relaxed);
            }
            self.propagate_all(vec![losses], CHANGED, progress);
            let fresh;
            (candidates, fresh) = self.next_candidates(candidates, progress);
            if rounds_are == Rounds::Incremental {
                relevant = self.reach(&candidates, &fresh, progress);
            }
        }
        self.touched = Vec::new();
        rounds
    }

    /// The first round's candidates, over every entry, in entry order.
    fn first_candidates(&self, progress: &dyn Progress) -> Vec<Candidate> {
        let total = self.per_side * 2;
        progress.start(&format!("{} rules", self.layout.material()), total as u64);
        let found = (0..total.div_ceil(CHUNK))
            .into_par_iter()
            .map(|chunk| {
                let range = chunk * CHUNK..total.min((chunk + 1) * CHUNK);
                progress.advance(range.len() as u64);
                let mut decoder = Decoder::new(self.layout);
                range
                    .filter_map(|entry| self.candidate(&mut decoder, entry as u32))
                    .collect::<Vec<_>>()
            })
            .flatten()
            .collect();
        progress.finish();
        found
    }

    /// The next round's candidates, in entry order: a candidate whose
    /// moves the last round's propagation did not touch is one still, with
    /// the same conditions, while unresolved (its drawing moves are the
    /// same); the touched entries are looked at afresh. Also returns the
    /// candidates found afresh.
    fn next_candidates(
        &self,
        earlier: Vec<Candidate>,
        progress: &dyn Progress,
    ) -> (Vec<Candidate>, Vec<u32>) {
        let touched =
            |entry: u32| self.touched[entry as usize / 64].load(Relaxed) >> (entry % 64) & 1 != 0;
        let kept: Vec<Candidate> = earlier
            .into_par_iter()
            .filter(|c| !touched(c.entry) && self.open(c.entry))
            .collect();
        let count: u64 = self
            .touched
            .par_iter()
            .map(|word| u64::from(word.load(Relaxed).count_ones()))
            .sum();
        progress.start(&format!("{} rules", self.layout.material()), count);
        // Sixty-four entries a word: chunks of words, not of entries.
        let fresh: Vec<Candidate> = self
            .touched
            .par_chunks(CHUNK / 64)
            .enumerate()
            .map(|(chunk, words)| {
                let mut decoder = Decoder::new(self.layout);
                let mut found = Vec::new();
                for (w, word) in words.iter().enumerate() {
                    let mut bits = word.load(Relaxed);
                    progress.advance(u64::from(bits.count_ones()));
                    while bits != 0 {
                        let entry = ((chunk * CHUNK / 64 + w) * 64) as u32 + bits.trailing_zeros();
                        bits &= bits - 1;
                        found.extend(self.candidate(&mut decoder, entry));
                    }
                }
                found
            })
            .flatten()
            .collect();
        progress.finish();
        let entries = fresh.iter().map(|c| c.entry).collect();
        (merge(kept, fresh), entries)
    }

    /// The candidates a round must look at, when few were found afresh:
    /// those `fresh`, and those that reach them by a drawing move and a
    /// reply, again and again. The others are not forced: each of them
    /// and what it reaches kept the conditions and moves it had last round
    /// (no move of theirs was touched), and every cycle forced then was
    /// decided by rule, so none of them is forced now. `None` when the
    /// search would cost more than looking at every candidate.
    fn reach(
        &self,
        candidates: &[Candidate],
        fresh: &[u32],
        progress: &dyn Progress,
    ) -> Option<Vec<Candidate>> {
        // Reaching an entry (two generations of un-moves) costs about half
        // as much as looking at a candidate, so the search pays unless it
        // reaches nearly all of them; most rounds but the first few reach
        // few.
        let budget = candidates.len() * 3 / 4;
        if fresh.len() > candidates.len() / 2 {
            return None;
        }
        let words = (self.per_side * 2).div_ceil(64);
        let member: Vec<u64> = {
            let mut member = vec![0u64; words];
            for c in candidates {
                member[c.entry as usize / 64] |= 1 << (c.entry % 64);
            }
            member
        };
        let reached: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
        let reach = |entry: u32| {
            let bit = 1 << (entry % 64);
            member[entry as usize / 64] & bit != 0
                && reached[entry as usize / 64].fetch_or(bit, Relaxed) & bit == 0
        };
        let mut frontier: Vec<u32> = fresh.iter().copied().filter(|&e| reach(e)).collect();
        let mut total = frontier.len();
        progress.start(&format!("{} reach", self.layout.material()), budget as u64);
        while !frontier.is_empty() {
            frontier = frontier
                .par_chunks(64)
                .map(|chunk| {
                    let (mut outer, mut inner) =
                        (Decoder::new(self.layout), Decoder::new(self.layout));
                    let mut found = Vec::new();
                    for &entry in chunk {
                        let (side, index) = self.side_and_index(entry);
                        let Some(position) = outer.placed(side, index) else {
                            continue;
                        };
                        for_each_predecessor(
                            self.layout,
                            index,
                            position,
                            &self.pawn_squares,
                            |after| {
                                let moved = self.entry(!side, after);
                                if !self.open(moved) {
                                    return;
                                }
                                let Some(between) = inner.placed(!side, after) else {
                                    return;
                                };
                                for_each_predecessor(
                                    self.layout,
                                    after,
                                    between,
                                    &self.pawn_squares,
                                    |before| {
                                        let earlier = self.entry(side, before);
                                        if reach(earlier) {
                                            found.push(earlier);
                                        }
                                    },
                                );
                            },
                        );
                    }
                    progress.advance(chunk.len() as u64);
                    found
                })
                .flatten()
                .collect();
            total += frontier.len();
            if total > budget {
                progress.finish();
                return None;
            }
        }
        progress.finish();
        let reached =
            |entry: u32| reached[entry as usize / 64].load(Relaxed) >> (entry % 64) & 1 != 0;
        Some(
            candidates
                .iter()
                .copied()
                .filter(|c| reached(c.entry))
                .collect(),
        )
    }

    /// `entry` as a candidate, if it is one (see the module docs).
    fn candidate(&self, decoder: &mut Decoder, entry: u32) -> Option<Candidate> {
        if !self.open(entry) || self.moves[entry as usize].load(Relaxed) & CAPTURE_SAVES != 0 {
            return None;
        }
        let (side, index) = self.side_and_index(entry);
        // Unresolved entries are legal: no test for the check.
        let position = decoder.placed(side, index)?;
        // What was chased already matters only for a move that chases
        // something: most moves that keep the draw chase nothing.
        let mut before = None;
        let mut check = true;
        let mut victims = position.by_color(!side);
        let mut drawing = false;
        let slot = Slot {
            index,
            mirrored: false,
        };
        let alive = self.each_drawing_move(position, slot, |after, _| {
            drawing = true;
            if after.is_check() {
                victims = Bitboard::EMPTY;
            } else {
                check = false;
                let now = chased(after, side) & victims;
                victims = if now.is_empty() {
                    now
                } else {
                    now - *before.get_or_insert_with(|| chased(position, side))
                };
            }
            check || !victims.is_empty()
        });
        (alive && drawing)
            .then(|| Candidate::new(entry, check, mask_of(victims, position.by_color(!side))))
    }

    /// The greatest set of candidates whose cycles the opponent can force
    /// (see the module docs), as the entries lost by rule.
    ///
    /// One pass over the positions finds, for every candidate, the
    /// opponent's replies that land on a candidate and what each could
    /// keep of its conditions ([`Replies`]); a candidate some drawing move
    /// of which keeps nothing dies there. What remains is a small graph:
    /// sweeps over it drop what no longer holds, reading what the others
    /// have already lost, until one changes nothing. Candidates only ever
    /// lose conditions, so the result is the same in any order.
    fn forced(&self, candidates: &[Candidate], progress: &dyn Progress) -> Vec<u32> {
        let state: Vec<AtomicU32> = candidates.iter().map(|c| AtomicU32::new(c.flags)).collect();
        // Most replies land on no candidate: a bit per entry answers that
        // before any search. The touched bits, read already this round and
        // cleared before the next propagation, hold them.
        let member = &self.touched;
        member.par_iter().for_each(|word| word.store(0, Relaxed));
        for c in candidates {
            member[c.entry as usize / 64].fetch_or(1 << (c.entry % 64), Relaxed);
        }
        let find = |entry: u32| -> Option<u32> {
            if member[entry as usize / 64].load(Relaxed) >> (entry % 64) & 1 == 0 {
                return None;
            }
            let i = candidates.binary_search_by_key(&entry, |c| c.entry).ok()?;
            Some(i as u32)
        };
        progress.start(
            &format!("{} cycles", self.layout.material()),
            candidates.len() as u64,
        );
        let graph: Vec<Replies> = candidates
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(chunk, part)| {
                progress.advance(part.len() as u64);
                let mut decoder = Decoder::new(self.layout);
                let mut replies = Replies::default();
                for (offset, &candidate) in part.iter().enumerate() {
                    let i = (chunk * CHUNK + offset) as u32;
                    if !self.replies(&mut decoder, i, candidate, candidates, &find, &mut replies) {
                        state[i as usize].store(0, Relaxed);
                    }
                }
                replies
            })
            .collect();
        progress.finish();
        let load = |i: u32| state[i as usize].load(Relaxed);
        loop {
            let changed = AtomicBool::new(false);
            graph.par_iter().for_each(|part| {
                for (i, moves) in part.nodes() {
                    let before = load(i);
                    if before == 0 {
                        continue;
                    }
                    let after = moves.fold(before, |flags, replies| {
                        flags
                            & replies.fold(0, |kept, reply| {
                                kept | reply.keeps(before, load(reply.target))
                            })
                    });
                    if after != before {
                        state[i as usize].fetch_and(after, Relaxed);
                        changed.store(true, Relaxed);
                    }
                }
            });
            if !changed.load(Relaxed) {
                break;
            }
        }
        candidates
            .iter()
            .zip(&state)
            .filter(|(_, flags)| flags.load(Relaxed) != 0)
            .map(|(c, _)| c.entry)
            .collect()
    }

    /// Adds to `graph` candidate `i`'s replies: for each of its drawing
    /// moves, the opponent's replies into a candidate (`find` gives its
    /// number) that could keep some of `candidate`'s conditions. Returns
    /// false, adding nothing, when some drawing move has none.
    fn replies(
        &self,
        decoder: &mut Decoder,
        i: u32,
        candidate: Candidate,
        all: &[Candidate],
        find: &impl Fn(u32) -> Option<u32>,
        graph: &mut Replies,
    ) -> bool {
        let (side, index) = self.side_and_index(candidate.entry);
        let Some(position) = decoder.placed(side, index) else {
            return false;
        };
        let theirs = position.by_color(!side);
        let check = candidate.check();
        let victims = squares_of(candidate.victims(), theirs);
        let mark = graph.mark();
        graph.open_node(i);
        let slot = Slot {
            index,
            mirrored: false,
        };
        let covered = self.each_drawing_move(position, slot, |after, after_slot| {
            graph.open_move();
            // What the opponent chased already, once a reply needs it.
            let mut already = None;
            let mut kept = 0;
            for &reply in after.legal_quiets().iter() {
                // Most replies land on no candidate: that is known from
                // the index alone, before the reply is played.
                let Some((slot, played)) = self.slot_after(after, after_slot, reply) else {
                    continue;
                };
                // Candidates are unresolved: membership says it all.
                let Some(target) = find(self.entry(side, slot.index)) else {
                    continue;
                };
                let back = played.unwrap_or_else(|| after.play(reply));
                if back.is_check() {
                    continue;
                }
                let already = *already.get_or_insert_with(|| chased(after, !side));
                if !(chased(&back, !side) - already).is_empty() {
                    continue;
                }
                let mirrored = slot.mirrored;
                let goal = all[target as usize];
                let still_chased = chased(&back, side);
                // The target's victims are a mask over its stored image's
                // pieces: where each of ours would stand there.
                let their_pieces = back.by_color(!side);
                let stored_pieces: Bitboard = if mirrored {
                    their_pieces.iter().map(mirror_square).collect()
                } else {
                    their_pieces
                };
                let mut reply_keeps = Reply {
                    target,
                    check: check && goal.check(),
                    victims: 0,
                    map: 0,
                };
                // A side has at most eight pieces in a table that fits
                // `MAX_ENTRIES`, so eight bits name every victim.
                for (bit, victim) in theirs.iter().enumerate().take(8) {
                    if !victims.contains(victim) {
                        continue;
                    }
                    let moved_to = if reply.from() == victim {
                        reply.to()
                    } else {
                        victim
                    };
                    if still_chased.contains(moved_to) {
                        continue;
                    }
                    let stored = if mirrored {
                        mirror_square(moved_to)
                    } else {
                        moved_to
                    };
                    let Some(there) = stored_pieces.iter().position(|s| s == stored) else {
                        continue;
                    };
                    if goal.victims() >> there & 1 != 0 {
                        reply_keeps.victims |= 1 << bit;
                        reply_keeps.map |= (there as u32) << (4 * bit);
                    }
                }
                if reply_keeps.check || reply_keeps.victims != 0 {
                    kept |= reply_keeps.keeps(candidate.flags, goal.flags);
                    graph.push(reply_keeps);
                }
            }
            kept & candidate.flags != 0
        });
        if !covered {
            graph.rewind(mark);
        }
        covered
    }
}

/// An opponent's reply into candidate `target` and what of the mover's
/// conditions it can keep, as long as the target keeps its own.
#[derive(Clone, Copy, Debug)]
struct Reply {
    target: u32,
    /// The mover checks every time, and so may the target.
    check: bool,
    /// The mover's victims (bits over its opponent's pieces) that escape
    /// onto a square the target may chase them on.
    victims: u8,
    /// For each bit of `victims`, in four bits, that victim's bit among
    /// the target's victims.
    map: u32,
}

impl Reply {
    /// The conditions (candidate flags) of the mover, with flags
    /// `mover`, that this reply keeps when the target's are `target`.
    #[inline]
    fn keeps(&self, mover: u32, target: u32) -> u32 {
        let mut kept = if self.check && mover & CHECK != 0 && target & CHECK != 0 {
            CHECK
        } else {
            0
        };
        let mut victims = u32::from(self.victims) & mover;
        while victims != 0 {
            let bit = victims.trailing_zeros();
            victims &= victims - 1;
            let there = self.map >> (4 * bit) & 0xf;
            if target >> there & 1 != 0 {
                kept |= 1 << bit;
            }
        }
        kept
    }
}

/// Part of the graph of candidates: nodes (a candidate and its drawing
/// moves), moves (their replies), replies, each list cut by the next's
/// start.
#[derive(Debug, Default)]
struct Replies {
    /// Candidate number and index of its first move.
    nodes: Vec<(u32, u32)>,
    /// Index of each move's first reply.
    moves: Vec<u32>,
    replies: Vec<Reply>,
}

impl Replies {
    fn mark(&self) -> (usize, usize, usize) {
        (self.nodes.len(), self.moves.len(), self.replies.len())
    }

    fn rewind(&mut self, (nodes, moves, replies): (usize, usize, usize)) {
        self.nodes.truncate(nodes);
        self.moves.truncate(moves);
        self.replies.truncate(replies);
    }

    fn open_node(&mut self, candidate: u32) {
        self.nodes.push((candidate, self.moves.len() as u32));
    }

    fn open_move(&mut self) {
        self.moves.push(self.replies.len() as u32);
    }

    fn push(&mut self, reply: Reply) {
        self.replies.push(reply);
    }

    /// Each node's candidate number and its moves, each move its replies.
    fn nodes(
        &self,
    ) -> impl Iterator<Item = (u32, impl Iterator<Item = impl Iterator<Item = &Reply>>)> {
        let move_end = |n: usize| {
            self.nodes
                .get(n + 1)
                .map_or(self.moves.len(), |&(_, first)| first as usize)
        };
        let reply_end = |m: usize| {
            self.moves
                .get(m + 1)
                .map_or(self.replies.len(), |&first| first as usize)
        };
        self.nodes
            .iter()
            .enumerate()
            .map(move |(n, &(candidate, first))| {
                let moves = (first as usize..move_end(n))
                    .map(move |m| self.replies[self.moves[m] as usize..reply_end(m)].iter());
                (candidate, moves)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{solve_with, Rounds};
    use crate::xiangqi::tablebase::table::{capturable, Captures, SubTable};
    use crate::xiangqi::tablebase::{Layout, Material, Quiet, RuleSet, Tablebase};

    /// Rule rounds that look only at the candidates that can reach a
    /// fresh one decide exactly what rounds over every candidate do
    /// (KNPKN takes four rounds, three of them incremental).
    #[test]
    fn incremental_rounds_agree_with_exhaustive_ones() {
        let tablebase = Tablebase::in_memory();
        for name in ["KNKR", "KNPKN"] {
            let material: Material = name.parse().unwrap();
            let mut captures = Captures::default();
            for piece in capturable(&material) {
                let smaller = material.without(piece.color, piece.kind).unwrap();
                let canonical = smaller.canonical();
                let table = tablebase.load_or_generate(&canonical, &Quiet).unwrap();
                captures[piece.color as usize][piece.kind as usize] = Some(SubTable {
                    table,
                    flipped: canonical != smaller,
                });
            }
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
