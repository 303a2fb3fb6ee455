//! Forced cycles: the candidates the opponent can keep in perpetual
//! attack, as the greatest set closed under the opponent's replies, found
//! over a graph built in one pass over the positions.
//!
//! In a chase cycle the opponent may itself attack, as long as it does not
//! chase one piece for ever (a mutual perpetual chase is a draw). That is
//! a condition on the whole cycle, so the search follows the opponent's
//! last attacks: a node is a candidate together with the mover's pieces
//! the opponent's previous reply newly attacked, and a reply may not newly
//! attack any of those again. No piece is then attacked by two opponent
//! moves in a row, so none by every opponent move of a cycle (a cycle has
//! at least two of them); an opponent attacking one piece and then another
//! in turn is kept, as the rules allow.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU16, Ordering::Relaxed};

use rayon::prelude::*;

use super::super::bitset::AtomicBits;
use super::super::store::Store;
use super::candidates::{squares_of, Candidates, CHECK};
use super::{each_quiet, Solver};
use crate::{GenerateError, Progress};
use qiboard::xiangqi::rules::chased;
use qiboard::xiangqi::{Bitboard, Square};
use qiboard_tablebase::Decoder;

/// Tasks of candidates whose parts of the graph are built at once, for
/// each thread: the parts then go to the graph's store, in order. Out of
/// core they wait in memory, uncounted by the budget: so few at once.
pub(in super::super) const TASKS_A_THREAD: usize = 2;

/// Where a round's graph of candidates waits for its sweeps: whole in
/// memory (a `Vec` of its parts), or out of core in a scratch file.
pub(in super::super) trait GraphStore {
    /// Keeps `part`, the next in candidate order.
    fn keep(&mut self, part: Replies) -> Result<(), GenerateError>;

    /// Calls `sweep` on the parts kept, in order, a batch at a time.
    fn each_batch(&mut self, sweep: &mut dyn FnMut(&[Replies])) -> Result<(), GenerateError>;
}

impl GraphStore for Vec<Replies> {
    fn keep(&mut self, part: Replies) -> Result<(), GenerateError> {
        self.push(part);
        Ok(())
    }

    fn each_batch(&mut self, sweep: &mut dyn FnMut(&[Replies])) -> Result<(), GenerateError> {
        sweep(self);
        Ok(())
    }
}

/// What a round's search leaves of its candidates: those the opponent
/// can force into a cycle, lost by rule.
pub(in super::super) struct Forced(Vec<AtomicU16>);

impl Forced {
    /// The candidates below `len` that `keep` keeps.
    #[cfg(test)]
    pub(super) fn keeping(len: usize, keep: impl Fn(u32) -> bool) -> Forced {
        Forced(
            (0..len as u32)
                .map(|i| AtomicU16::new(keep(i).into()))
                .collect(),
        )
    }

    /// No candidate's: for a store that keeps the search's result itself.
    pub(in super::super) fn none() -> Forced {
        Forced(Vec::new())
    }

    /// Whether candidate `number` is lost by rule.
    pub(in super::super) fn contains(&self, number: u32) -> bool {
        self.0[number as usize].load(Relaxed) != 0
    }
}

impl<S: Store> Solver<'_, S> {
    /// The greatest set of candidates whose cycles the opponent can force
    /// (see the module docs), as the candidates lost by rule.
    ///
    /// One pass over the positions finds, for every candidate, the
    /// opponent's replies that land on a candidate and what each could
    /// keep of its conditions ([`Replies`]); a candidate some drawing move
    /// of which keeps nothing dies there. What remains is a small graph,
    /// kept in `graph` a part at a time: sweeps over it drop what no
    /// longer holds, reading what the others have already lost, until one
    /// changes nothing. Candidates only ever lose conditions, so the
    /// result is the same in any order, whether the graph is swept whole
    /// or a batch of parts at a time from a file. With `relevant` (bits
    /// over the candidates' numbers), only those are looked at, the
    /// others taken as no candidates.
    pub(in super::super) fn forced(
        &self,
        candidates: &Candidates,
        relevant: Option<&AtomicBits>,
        graph: &mut dyn GraphStore,
        progress: &dyn Progress,
    ) -> Result<Forced, GenerateError> {
        let looked_at = |number: u32| relevant.is_none_or(|r| r.test(number as usize));
        let state: Vec<AtomicU16> = (0..candidates.len() as u32)
            .map(|i| {
                AtomicU16::new(if looked_at(i) {
                    candidates.conditions(i) as u16
                } else {
                    0
                })
            })
            .collect();
        let find = |entry: u64| candidates.number(entry).filter(|&i| looked_at(i));
        progress.start(
            &format!("{} cycles", self.layout.material()),
            candidates.len() as u64,
        );
        // The nodes past the candidates' own: a candidate reached by a
        // reply that attacked some of the mover's pieces, with those.
        // Numbered after the candidates, which are nodes with nothing
        // attacked; few replies attack, so there are few of these.
        let mut numbers: HashMap<(u32, u16), u32> = HashMap::new();
        let mut extra: Vec<(u32, u16)> = Vec::new();
        let tasks = candidates.task_count();
        let batch = TASKS_A_THREAD * rayon::current_num_threads().max(1);
        for first_task in (0..tasks).step_by(batch) {
            let parts: Vec<Replies> = candidates
                .tasks_in(first_task..tasks.min(first_task + batch))
                .map(|(first, entries)| {
                    let mut decoder = Decoder::new(self.layout);
                    let mut replies = Replies::default();
                    let mut count = 0;
                    for (i, entry) in (first..).zip(entries) {
                        count += 1;
                        let conditions = u32::from(state[i as usize].load(Relaxed));
                        if conditions == 0 {
                            continue;
                        }
                        let found = self.replies(
                            &mut decoder,
                            (i, entry, conditions),
                            &|target| candidates.conditions(target),
                            &find,
                            &mut replies,
                        );
                        if !found {
                            state[i as usize].store(0, Relaxed);
                        }
                    }
                    progress.advance(count);
                    // The graph is the round's largest allocation: what
                    // growth left spare goes at once.
                    replies.shrink_to_fit();
                    replies
                })
                .collect();
            for mut part in parts {
                part.move_attacking(|key| {
                    *numbers.entry(key).or_insert_with(|| {
                        extra.push(key);
                        (candidates.len() + extra.len() - 1) as u32
                    })
                });
                graph.keep(part)?;
            }
        }
        progress.finish();
        drop(numbers);
        // Each starts with what its candidate has kept so far. A list of
        // their own: the candidates' list grown by them would be copied
        // (out of core, a budget's worth at once).
        let extra_state: Vec<AtomicU16> = extra
            .iter()
            .map(|&(i, _)| AtomicU16::new(state[i as usize].load(Relaxed)))
            .collect();
        let node_state = |i: u32| match (i as usize).checked_sub(candidates.len()) {
            Some(e) => &extra_state[e],
            None => &state[i as usize],
        };
        // A candidate's nodes with something attacked, found from it: the
        // sweeps go over the graph's nodes, a candidate at a time.
        let mut extra_of: Vec<(u32, u32)> = (0..)
            .zip(&extra)
            .map(|(e, &(candidate, _))| (candidate, (candidates.len() + e) as u32))
            .collect();
        extra_of.sort_unstable();
        let load = |i: u32| u32::from(node_state(i).load(Relaxed));
        // A candidate in no part has no node to sweep: it was dropped as
        // the graph was built (or never looked at), and so were its nodes
        // with something attacked, which start with what it kept.
        let sweep = |part: &Replies, changed: &AtomicBool| {
            for (candidate, replies) in part.nodes() {
                let from = extra_of.partition_point(|&(c, _)| c < candidate);
                let with_attacks = extra_of[from..]
                    .iter()
                    .take_while(|&&(c, _)| c == candidate)
                    .map(|&(_, node)| (node, extra[node as usize - candidates.len()].1));
                for (node, attacked) in std::iter::once((candidate, 0)).chain(with_attacks) {
                    let before = load(node);
                    if before == 0 {
                        continue;
                    }
                    let after = moves(replies).fold(before, |flags, replies| {
                        flags
                            & replies
                                .iter()
                                .filter(|reply| reply.attacked_here & attacked == 0)
                                .fold(0, |kept, reply| {
                                    kept | reply.keeps(before, load(reply.target))
                                })
                    });
                    if after != before {
                        node_state(node).fetch_and(after as u16, Relaxed);
                        changed.store(true, Relaxed);
                    }
                }
            }
        };
        loop {
            let changed = AtomicBool::new(false);
            graph.each_batch(&mut |parts| {
                parts.par_iter().for_each(|part| sweep(part, &changed));
            })?;
            if !changed.load(Relaxed) {
                break;
            }
        }
        drop(extra_state);
        Ok(Forced(state))
    }

    /// Adds to `graph` the replies of candidate `i` (of `entry`, with
    /// `conditions`): for each of its drawing moves, the opponent's
    /// replies into a candidate (`find` gives its number, `goal` what its
    /// conditions may still hold: at most its conditions, at least what it
    /// keeps) that could keep some of its conditions. Returns false, adding
    /// nothing, when some drawing move has none.
    pub(in super::super) fn replies(
        &self,
        decoder: &mut Decoder,
        (i, entry, conditions): (u32, u64, u32),
        goal: &impl Fn(u32) -> u32,
        find: &impl Fn(u64) -> Option<u32>,
        graph: &mut Replies,
    ) -> bool {
        let (side, index) = self.side_and_index(entry);
        let Some(position) = decoder.placed(side, index) else {
            return false;
        };
        let theirs = position.by_color(!side);
        let ours = position.by_color(side);
        let check = conditions & CHECK != 0;
        let victims = squares_of(conditions & !CHECK, theirs);
        let mark = graph.mark();
        graph.open_node(i);
        let covered = self.each_drawing_move(entry, position, |drawing_move| {
            let after_slot = drawing_move.slot;
            let after = drawing_move.after();
            graph.open_move();
            // What the opponent chased already, once a reply needs it.
            let mut already = None;
            let mut kept = 0;
            each_quiet(after, |reply| {
                // Most replies land on no candidate: that is known from
                // the index alone, before the reply is played.
                let Some(slot) = self.layout.slot_after_move(after, after_slot, reply) else {
                    return true;
                };
                // Candidates are unresolved, so legal: membership says it
                // all, of the reply's legality too.
                let Some(target) = find(self.entry(side, slot.index)) else {
                    return true;
                };
                let back = after.play(reply);
                if back.is_check() {
                    return true;
                }
                // A perpetual check loses whatever the other side chases
                // (AXF article 6 before the chase articles): a check cycle
                // ignores the reply's attacks. In a chase cycle they are
                // followed (see the module docs).
                let attacked = if check {
                    Bitboard::EMPTY
                } else {
                    let already = *already.get_or_insert_with(|| chased(after, !side));
                    chased(&back, !side) - already
                };
                let mirrored = slot.mirrored;
                let goal = goal(target);
                let still_chased = chased(&back, side);
                // The target's victims are a mask over its stored image's
                // pieces: where each of ours would stand there.
                let their_pieces = back.by_color(!side);
                let stored_pieces: Bitboard = if mirrored {
                    their_pieces.iter().map(Square::flip_file).collect()
                } else {
                    their_pieces
                };
                let mut reply_keeps = Reply {
                    target,
                    flags: if check && goal & CHECK != 0 {
                        CHECKS
                    } else {
                        0
                    },
                    victims: 0,
                    map: 0,
                    attacked_here: mask_through_move(ours, after.by_color(side), attacked),
                };
                let attacked_there = stored_mask(after.by_color(side), attacked, mirrored);
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
                        moved_to.flip_file()
                    } else {
                        moved_to
                    };
                    let Some(there) = stored_pieces.iter().position(|s| s == stored) else {
                        continue;
                    };
                    if there < 15 && goal >> there & 1 != 0 {
                        reply_keeps.victims |= 1 << bit;
                        reply_keeps.map |= (there as u32) << (4 * bit);
                    }
                }
                if reply_keeps.checks() || reply_keeps.victims != 0 {
                    kept |= reply_keeps.keeps(conditions, goal);
                    graph.push(reply_keeps, attacked_there);
                }
                true
            });
            kept & conditions != 0
        });
        // A candidate has a drawing move, so a node covered has a reply,
        // which [`STARTS_NODE`] marks: one without would be no cycle.
        let covered = covered && graph.replies.len() > mark.1;
        if !covered {
            graph.rewind(mark);
        }
        covered
    }
}

/// `attacked` (squares of the mover's pieces after its move) as a mask
/// over `before`, the mover's pieces before it: bit `i` for the `i`-th
/// lowest square, the moved piece counted where it went.
fn mask_through_move(before: Bitboard, after: Bitboard, attacked: Bitboard) -> u16 {
    let (from, to) = ((before - after).first(), (after - before).first());
    before
        .iter()
        .take(16)
        .enumerate()
        .filter(|&(_, square)| {
            let now = if Some(square) == from {
                to.unwrap_or(square)
            } else {
                square
            };
            attacked.contains(now)
        })
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// `attacked` (squares among `pieces`) as a mask over the pieces as the
/// target stores them: mirrored when its stored image is.
fn stored_mask(pieces: Bitboard, attacked: Bitboard, mirrored: bool) -> u16 {
    let flip = |set: Bitboard| -> Bitboard {
        if mirrored {
            set.iter().map(Square::flip_file).collect()
        } else {
            set
        }
    };
    let (pieces, attacked) = (flip(pieces), flip(attacked));
    pieces
        .iter()
        .take(16)
        .enumerate()
        .filter(|&(_, square)| attacked.contains(square))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// An opponent's reply into candidate `target` and what of the mover's
/// conditions it can keep, as long as the target keeps its own. Packed to
/// twelve bytes: a round's graph holds millions.
#[derive(Clone, Copy, Debug)]
#[repr(C, packed(2))]
pub(in super::super) struct Reply {
    /// The node the reply leads to. Node `i` below the number of
    /// candidates is candidate `i` with nothing attacked, the node a reply
    /// is built with; a reply that attacks is moved on, once its part is
    /// built, to the node (its candidate, what it attacked there: see
    /// [`Replies::attacking`]).
    target: u32,
    /// [`CHECKS`], [`STARTS_MOVE`] and [`STARTS_NODE`].
    flags: u8,
    /// The mover's victims (bits over its opponent's pieces) that escape
    /// onto a square the target may chase them on.
    victims: u8,
    /// For each bit of `victims`, in four bits, that victim's bit among
    /// the target's victims.
    map: u32,
    /// The mover's pieces this reply newly attacks, as a mask over the
    /// mover's pieces before its move (bit `i`: the `i`-th lowest square),
    /// the moved piece followed: the reply may not attack any of the
    /// pieces the opponent's previous reply did.
    attacked_here: u16,
}

/// In a reply's flags: the mover checks every time, and so may the target.
const CHECKS: u8 = 1;
/// In a reply's flags: the first reply of a drawing move (each of a node's
/// moves has one at least, or the node would not be in the graph).
const STARTS_MOVE: u8 = 2;
/// In a reply's flags: the first reply of a node (each node has one at
/// least: its first move's).
const STARTS_NODE: u8 = 4;

impl Reply {
    #[inline]
    fn checks(&self) -> bool {
        self.flags & CHECKS != 0
    }

    /// The conditions (candidate flags) of the mover, with flags
    /// `mover`, that this reply keeps when the target's are `target`.
    #[inline]
    fn keeps(&self, mover: u32, target: u32) -> u32 {
        mover & self.gains(target)
    }

    /// The conditions of any mover that this reply keeps when the
    /// target's are `target` ([`Reply::keeps`] is these, within the
    /// mover's own).
    #[inline]
    pub(in super::super) fn gains(&self, target: u32) -> u32 {
        let mut kept = if self.checks() && target & CHECK != 0 {
            CHECK
        } else {
            0
        };
        let mut victims = u32::from(self.victims);
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

    /// The node the reply leads to.
    #[inline]
    pub(in super::super) fn target(&self) -> u32 {
        self.target
    }

    /// The mover's pieces the reply newly attacks ([`Reply`]'s field).
    #[inline]
    pub(in super::super) fn attacked_here(&self) -> u16 {
        self.attacked_here
    }
}

/// Part of the graph of candidates: nodes (a candidate and its drawing
/// moves), and the replies of their moves in node order, each node's cut
/// by [`STARTS_NODE`] and each move's by [`STARTS_MOVE`]. A node is then
/// just its candidate's number, a round holding millions of them.
#[derive(Debug, Default)]
pub(in super::super) struct Replies {
    /// The nodes' candidate numbers.
    nodes: Vec<u32>,
    replies: Vec<Reply>,
    /// While the part is built, the replies that attack (few do): each
    /// one's index, with the pieces it attacks as a mask over the target's
    /// stored pieces of the mover, what the next reply may not attack
    /// again. Their targets are then moved on to the nodes with those.
    attacking: Vec<(u32, u16)>,
    /// The next reply pushed starts a node.
    node_opened: bool,
    /// The next reply pushed starts a move.
    move_opened: bool,
}

impl Replies {
    fn mark(&self) -> (usize, usize) {
        (self.nodes.len(), self.replies.len())
    }

    fn rewind(&mut self, (nodes, replies): (usize, usize)) {
        self.nodes.truncate(nodes);
        self.replies.truncate(replies);
        let kept = self
            .attacking
            .partition_point(|&(i, _)| (i as usize) < replies);
        self.attacking.truncate(kept);
        self.node_opened = false;
        self.move_opened = false;
    }

    fn open_node(&mut self, candidate: u32) {
        self.nodes.push(candidate);
        self.node_opened = true;
    }

    fn open_move(&mut self) {
        self.move_opened = true;
    }

    fn push(&mut self, mut reply: Reply, attacked_there: u16) {
        if attacked_there != 0 {
            self.attacking
                .push((self.replies.len() as u32, attacked_there));
        }
        if std::mem::take(&mut self.node_opened) {
            reply.flags |= STARTS_NODE;
        }
        if std::mem::take(&mut self.move_opened) {
            reply.flags |= STARTS_MOVE;
        }
        self.replies.push(reply);
    }

    /// Moves each reply that attacks on to the node `node` gives for its
    /// key (its target candidate, what it attacks there), once the part is
    /// built.
    pub(in super::super) fn move_attacking(&mut self, mut node: impl FnMut((u32, u16)) -> u32) {
        for (i, attacked_there) in std::mem::take(&mut self.attacking) {
            let reply = &mut self.replies[i as usize];
            reply.target = node((reply.target, attacked_there));
        }
    }

    pub(in super::super) fn shrink_to_fit(&mut self) {
        self.nodes.shrink_to_fit();
        self.replies.shrink_to_fit();
        self.attacking.shrink_to_fit();
    }

    /// Appends the part to `words`, for a file: the two counts, the nodes,
    /// then each reply in two words.
    pub(in super::super) fn to_words(&self, words: &mut Vec<u64>) {
        debug_assert!(self.attacking.is_empty(), "targets moved on first");
        words.push((self.nodes.len() as u64) << 32 | self.replies.len() as u64);
        words.extend(self.nodes.iter().map(|&candidate| u64::from(candidate)));
        for &reply in &self.replies {
            let Reply {
                target,
                flags,
                victims,
                map,
                attacked_here,
            } = reply;
            words.push(u64::from(target) << 32 | u64::from(map));
            words
                .push(u64::from(flags) << 48 | u64::from(victims) << 32 | u64::from(attacked_here));
        }
    }

    /// The parts [`Replies::to_words`] wrote, one after another, in
    /// `words`; `None` if they are not whole.
    pub(in super::super) fn all_from_words(mut words: &[u64]) -> Option<Vec<Replies>> {
        let mut parts = Vec::new();
        while let Some((&counts, rest)) = words.split_first() {
            let (nodes, replies) = ((counts >> 32) as usize, counts as u32 as usize);
            let (node_words, rest) = rest.split_at_checked(nodes)?;
            let (reply_words, rest) = rest.split_at_checked(replies.checked_mul(2)?)?;
            words = rest;
            parts.push(Replies {
                nodes: node_words.iter().map(|&w| w as u32).collect(),
                replies: reply_words
                    .chunks_exact(2)
                    .map(|pair| Reply {
                        target: (pair[0] >> 32) as u32,
                        map: pair[0] as u32,
                        flags: (pair[1] >> 48) as u8,
                        victims: (pair[1] >> 32) as u8,
                        attacked_here: pair[1] as u16,
                    })
                    .collect(),
                attacking: Vec::new(),
                node_opened: false,
                move_opened: false,
            });
        }
        Some(parts)
    }

    /// The nodes in order: each one's candidate number, and its replies.
    pub(in super::super) fn nodes(&self) -> impl Iterator<Item = (u32, &[Reply])> {
        let by_node = self
            .replies
            .chunk_by(|_, next| next.flags & STARTS_NODE == 0);
        self.nodes.iter().copied().zip(by_node)
    }
}

/// A node's replies (see [`Replies::nodes`]) move by move.
pub(in super::super) fn moves(replies: &[Reply]) -> impl Iterator<Item = &[Reply]> {
    replies.chunk_by(|_, next| next.flags & STARTS_MOVE == 0)
}
