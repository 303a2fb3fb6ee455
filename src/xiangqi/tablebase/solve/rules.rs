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
//!    fails: the greatest such set, computed in sweeps.
//! 3. **Rule losses.** In every remaining candidate `S` can avoid defeat
//!    only by perpetual check or perpetual chase of `v`: it is lost there,
//!    at distance 0 ([`super::BY_RULE`]). Retrograde analysis resumes from
//!    these losses, and the next round looks again at the positions whose
//!    drawing moves it took away (and at the earlier candidates), until a
//!    round finds nothing.
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

use super::{unresolved, Solver, CAPTURE_SAVES, CHANGED};
use crate::xiangqi::rules::chased;
use crate::xiangqi::tablebase::index::{mirror_square, Decoder};
use crate::xiangqi::tablebase::{Material, Progress};
use crate::xiangqi::{Bitboard, Color, Move, PieceKind, Position, Square};

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

    fn alive(&self) -> bool {
        self.flags != 0
    }
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
    /// The entry of `position` (this endgame's material) and whether its
    /// stored image is the mirror.
    #[inline]
    fn entry_of(&self, position: &Position) -> Option<(u32, bool)> {
        let slot = self.layout.slot(position).ok()?;
        Some((
            self.entry(position.side_to_move(), slot.index),
            slot.mirrored,
        ))
    }

    /// Whether `entry` is still unresolved.
    #[inline]
    fn open(&self, entry: u32) -> bool {
        unresolved(self.plies[entry as usize].load(Relaxed))
    }

    /// The moves of `position` that keep the draw without capturing (into
    /// a position still unresolved), each with where it leads. Captures
    /// leave the endgame: one that draws set [`CAPTURE_SAVES`], the others
    /// lose.
    fn drawing_moves<'p>(
        &'p self,
        position: &'p Position,
    ) -> impl Iterator<Item = (Move, Position)> + 'p {
        let moves = position.legal_moves();
        (0..moves.len())
            .map(move |i| moves[i])
            .filter(move |mv| position.piece_at(mv.to()).is_none())
            .filter_map(move |mv| {
                let after = position.play(mv);
                let (child, _) = self.entry_of(&after)?;
                self.open(child).then_some((mv, after))
            })
    }

    /// Applies the rules in rounds until one finds no new loss; returns the
    /// number of rounds that found some.
    pub(super) fn apply_rules(&mut self, progress: &dyn Progress) -> u32 {
        if !both_sides_attack(self.layout.material()) {
            return 0;
        }
        let words = (self.per_side * 2).div_ceil(64);
        self.touched = (0..words).map(|_| AtomicU64::new(0)).collect();
        let mut earlier: Option<Vec<u32>> = None;
        let mut rounds = 0;
        loop {
            let candidates = self.candidates(earlier.as_deref(), progress);
            earlier = Some(candidates.iter().map(|c| c.entry).collect());
            let losses = self.forced(candidates);
            if losses.is_empty() {
                break;
            }
            rounds += 1;
            for word in &self.touched {
                word.store(0, Relaxed);
            }
            self.propagate_all(vec![losses], CHANGED, progress);
        }
        self.touched = Vec::new();
        rounds
    }

    /// The candidates of a round: on the first (`earlier` is `None`), over
    /// every entry; later, over the earlier candidates and the entries the
    /// last round touched.
    fn candidates(&self, earlier: Option<&[u32]>, progress: &dyn Progress) -> Vec<Candidate> {
        let Some(earlier) = earlier else {
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
            return found;
        };
        let mut work: Vec<u32> = self
            .touched
            .iter()
            .enumerate()
            .flat_map(|(word, bits)| {
                let bits = bits.load(Relaxed);
                (0..64)
                    .filter(move |bit| bits >> bit & 1 != 0)
                    .map(move |bit| (word * 64 + bit) as u32)
            })
            .chain(earlier.iter().copied())
            .collect();
        work.sort_unstable();
        work.dedup();
        progress.start(
            &format!("{} rules", self.layout.material()),
            work.len() as u64,
        );
        let found = work
            .par_chunks(CHUNK)
            .map(|chunk| {
                progress.advance(chunk.len() as u64);
                let mut decoder = Decoder::new(self.layout);
                chunk
                    .iter()
                    .filter_map(|&entry| self.candidate(&mut decoder, entry))
                    .collect::<Vec<_>>()
            })
            .flatten()
            .collect();
        progress.finish();
        found
    }

    /// `entry` as a candidate, if it is one (see the module docs).
    fn candidate(&self, decoder: &mut Decoder, entry: u32) -> Option<Candidate> {
        if !self.open(entry) || self.moves[entry as usize].load(Relaxed) & CAPTURE_SAVES != 0 {
            return None;
        }
        let (side, index) = self.side_and_index(entry);
        let position = decoder.position(side, index)?;
        let before = chased(position, side);
        let mut check = true;
        let mut victims = position.by_color(!side);
        let mut drawing = false;
        for (_, after) in self.drawing_moves(position) {
            drawing = true;
            if after.is_check() {
                victims = Bitboard::EMPTY;
            } else {
                check = false;
                victims &= chased(&after, side) - before;
            }
            if !check && victims.is_empty() {
                return None;
            }
        }
        drawing.then(|| Candidate::new(entry, check, mask_of(victims, position.by_color(!side))))
    }

    /// The greatest set of candidates whose cycles the opponent can force
    /// (see the module docs), as the entries lost by rule. Candidates only
    /// ever lose conditions, so they are updated in place, each sweep
    /// reading what the others have already lost; sweeps stop when one
    /// changes nothing.
    fn forced(&self, candidates: Vec<Candidate>) -> Vec<u32> {
        let entries: Vec<u32> = candidates.iter().map(|c| c.entry).collect();
        let state: Vec<AtomicU32> = candidates
            .into_iter()
            .map(|c| AtomicU32::new(c.flags))
            .collect();
        let load = |i: usize| Candidate {
            entry: entries[i],
            flags: state[i].load(Relaxed),
        };
        // Most replies land on no candidate: a bit per entry answers that
        // before any search.
        let mut member = vec![0u64; (self.per_side * 2).div_ceil(64)];
        for &entry in &entries {
            member[entry as usize / 64] |= 1 << (entry % 64);
        }
        let find = |entry: u32| {
            if member[entry as usize / 64] >> (entry % 64) & 1 == 0 {
                return None;
            }
            entries.binary_search(&entry).ok().map(load)
        };
        loop {
            let changed = AtomicBool::new(false);
            (0..entries.len())
                .into_par_iter()
                .with_min_len(256)
                .for_each_init(
                    || Decoder::new(self.layout),
                    |decoder, i| {
                        let before = load(i);
                        if !before.alive() {
                            return;
                        }
                        let after = self.recheck(decoder, before, &find);
                        if after != before {
                            state[i].fetch_and(after.flags, Relaxed);
                            changed.store(true, Relaxed);
                        }
                    },
                );
            if !changed.load(Relaxed) {
                break;
            }
        }
        (0..entries.len())
            .filter(|&i| load(i).alive())
            .map(|i| entries[i])
            .collect()
    }

    /// `candidate` with what no longer holds against `all` taken away.
    fn recheck(
        &self,
        decoder: &mut Decoder,
        candidate: Candidate,
        find: &impl Fn(u32) -> Option<Candidate>,
    ) -> Candidate {
        let (side, index) = self.side_and_index(candidate.entry);
        let Some(position) = decoder.position(side, index) else {
            return Candidate::new(candidate.entry, false, 0);
        };
        let theirs = position.by_color(!side);
        let mut check = candidate.check();
        let mut victims = squares_of(candidate.victims(), theirs);
        for (_, after) in self.drawing_moves(position) {
            if !check && victims.is_empty() {
                break;
            }
            // What the opponent can answer: `check` holds if some reply
            // returns to a check candidate, each victim if some reply
            // lets it escape onto a chase candidate for it.
            let already = chased(&after, !side);
            let mut check_kept = false;
            let mut victims_kept = Bitboard::EMPTY;
            for &reply in after.legal_moves().iter() {
                if after.piece_at(reply.to()).is_some() {
                    continue;
                }
                let back = after.play(reply);
                let Some((landing, mirrored)) = self.entry_of(&back) else {
                    continue;
                };
                if !self.open(landing) {
                    continue;
                }
                let Some(target) = find(landing) else {
                    continue;
                };
                if back.is_check() || !(chased(&back, !side) - already).is_empty() {
                    continue;
                }
                check_kept |= check && target.check();
                let still_chased = chased(&back, side);
                // The target's victims, as squares of its stored image.
                let their_pieces = back.by_color(!side);
                let stored_pieces = if mirrored {
                    their_pieces.iter().map(mirror_square).collect()
                } else {
                    their_pieces
                };
                let target_victims = squares_of(target.victims(), stored_pieces);
                for victim in victims - victims_kept {
                    let moved_to = if reply.from() == victim {
                        reply.to()
                    } else {
                        victim
                    };
                    let stored: Square = if mirrored {
                        mirror_square(moved_to)
                    } else {
                        moved_to
                    };
                    if !still_chased.contains(moved_to) && target_victims.contains(stored) {
                        victims_kept |= victim.bitboard();
                    }
                }
                if check_kept == check && victims_kept == victims {
                    break;
                }
            }
            check &= check_kept;
            victims &= victims_kept;
        }
        Candidate::new(candidate.entry, check, mask_of(victims, theirs))
    }
}
