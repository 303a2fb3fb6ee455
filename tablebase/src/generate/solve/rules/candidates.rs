//! Candidates: positions whose side to move keeps the draw only by moves
//! that all check, or all chase one and the same piece.

use rayon::prelude::*;

use super::super::parallel::chunks;
use super::Solver;
use crate::index::Decoder;
use crate::Progress;
use qiboard::xiangqi::rules::chased;
use qiboard::xiangqi::Bitboard;

/// A position where its side to move may be trapped into perpetual
/// attack, in stored orientation. Eight bytes, since a table like KRNKR
/// has two million of them in a round: the victims are a mask over the
/// opponent's pieces in square order rather than a set of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Candidate {
    /// The entry in the low [`ENTRY_BITS`] bits, the victims' mask above
    /// them, and [`CHECK`] as the top bit: eight bytes, as two million of
    /// them in a round want.
    packed: u64,
}

/// Bits of [`Candidate::packed`] the entry takes: [`crate::MAX_ENTRIES`]'s.
const ENTRY_BITS: u32 = crate::MAX_ENTRIES.trailing_zeros();

/// In [`Candidate::flags`]: every drawing move checks.
pub(super) const CHECK: u32 = 1 << 31;

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
pub(super) fn squares_of(mask: u32, among: Bitboard) -> Bitboard {
    among
        .iter()
        .enumerate()
        .filter(|&(i, _)| mask >> i & 1 != 0)
        .map(|(_, square)| square)
        .collect()
}

impl Candidate {
    fn new(entry: u64, check: bool, victims: u32) -> Candidate {
        debug_assert!(entry < crate::MAX_ENTRIES && victims < 1 << 16);
        let check = if check { 1 << 63 } else { 0 };
        Candidate {
            packed: entry | u64::from(victims) << ENTRY_BITS | check,
        }
    }

    /// The entry.
    #[inline]
    pub(super) fn entry(&self) -> u64 {
        self.packed & ((1 << ENTRY_BITS) - 1)
    }

    /// The victims' mask, and [`CHECK`].
    #[inline]
    pub(super) fn flags(&self) -> u32 {
        let victims = (self.packed >> ENTRY_BITS) as u32 & 0xffff;
        victims | if self.packed >> 63 != 0 { CHECK } else { 0 }
    }

    /// Every drawing move checks.
    pub(super) fn check(&self) -> bool {
        self.flags() & CHECK != 0
    }

    /// The mask of the enemy pieces every drawing move newly chases.
    pub(super) fn victims(&self) -> u32 {
        self.flags() & !CHECK
    }
}

/// Two lists of candidates in entry order, with no entry in both, as one.
fn merge(a: Vec<Candidate>, b: Vec<Candidate>) -> Vec<Candidate> {
    let mut merged = Vec::with_capacity(a.len() + b.len());
    let (mut a, mut b) = (a.into_iter().peekable(), b.into_iter().peekable());
    loop {
        let next = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) if x.entry() < y.entry() => a.next(),
            (_, Some(_)) => b.next(),
            (Some(_), None) => a.next(),
            (None, None) => break,
        };
        merged.extend(next);
    }
    merged
}

impl Solver<'_> {
    /// The first round's candidates, over every entry, in entry order.
    pub(super) fn first_candidates(&self, progress: &dyn Progress) -> Vec<Candidate> {
        let total = self.per_side * 2;
        progress.start(&format!("{} rules", self.layout.material()), total as u64);
        let found = chunks(total)
            .map(|range| {
                progress.advance(range.len() as u64);
                let mut decoder = Decoder::new(self.layout);
                range
                    .filter_map(|entry| self.candidate(&mut decoder, entry as u64))
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
    pub(super) fn next_candidates(
        &self,
        earlier: Vec<Candidate>,
        progress: &dyn Progress,
    ) -> (Vec<Candidate>, Vec<u64>) {
        let touched = self
            .touched
            .as_ref()
            .expect("rule rounds track touched entries");
        let kept: Vec<Candidate> = earlier
            .into_par_iter()
            .filter(|c| !touched.test(c.entry() as usize) && self.open(c.entry()))
            .collect();
        progress.start(
            &format!("{} rules", self.layout.material()),
            touched.count(),
        );
        let fresh: Vec<Candidate> = chunks(self.per_side * 2)
            .map(|range| {
                let mut decoder = Decoder::new(self.layout);
                let mut found = Vec::new();
                // One report a chunk: a front end may lock on each.
                let mut looked_at = 0;
                for entry in touched.ones(range) {
                    looked_at += 1;
                    found.extend(self.candidate(&mut decoder, entry as u64));
                }
                progress.advance(looked_at);
                found
            })
            .flatten()
            .collect();
        progress.finish();
        let entries = fresh.iter().map(|c| c.entry()).collect();
        (merge(kept, fresh), entries)
    }

    /// `entry` as a candidate, if it is one (see the module docs).
    fn candidate(&self, decoder: &mut Decoder, entry: u64) -> Option<Candidate> {
        let cell = self.cell(entry).load();
        if !cell.is_unresolved() || cell.capture_saves() {
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
        let alive = self.each_drawing_move(entry, position, |after, _| {
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
}
