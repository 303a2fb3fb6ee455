//! Where a solve's cells live, and how each phase reaches them: the one
//! seam between the solve in memory (`memory`) and out of core (`spill`).
//!
//! The solver's logic, what a seeded entry holds, what a predecessor is
//! told, what makes a candidate and a forced cycle, is written once over
//! this trait, as the graph of cycles is over [`GraphStore`]. A store
//! answers the questions that logic asks of cells, and carries out the
//! steps whose mechanics differ: where a level's entries wait, how the
//! tellings reach their predecessors, where a round's candidates are
//! found. The level loop (`retro`) and the rule rounds' loop (`rules`)
//! call these steps in one order for both.

use super::bitset::AtomicBits;
use super::cell::AtomicCell;
use super::rules::{Candidates, Forced, GraphStore};
use super::{Propagation, Solver};
use crate::{GenerateError, Progress};

/// The cells of a solve, and the steps that move them (see the module
/// docs). Every `Solver` method that reads a cell goes through the first
/// five; the steps take the solver whole, since they call its logic.
pub(super) trait Store: Sync + Sized {
    /// What a propagation carries from one level to the next.
    type Levels;
    /// Where a rule round's graph waits for its sweeps.
    type Graph: GraphStore;

    /// `entry`'s cell, which must be held.
    fn cell(&self, entry: u64) -> &AtomicCell;

    /// Whether `entry`'s cell is held (its count of moves can be read).
    fn holds(&self, entry: u64) -> bool;

    /// Whether `entry` (any entry) is still unresolved, during a rule
    /// round's search for candidates and cycles.
    fn is_open(&self, entry: u64) -> bool;

    /// Whether `entry` (any entry) was resolved to mate at `level`, the
    /// level just un-moved, during a propagation.
    fn mate_at(&self, entry: u64, level: u16) -> bool;

    /// Notes that a rule round's propagation counted one of `entry`'s
    /// moves lost, for stores whose next round looks only at such entries.
    fn touch(&self, entry: u64);

    /// Seeds every entry; sets the solver's count of legal entries and
    /// gives what the first propagation starts from.
    fn seed(
        solver: &mut Solver<'_, Self>,
        progress: &dyn Progress,
    ) -> Result<Self::Levels, GenerateError>;

    /// Resolves everything that lands at `level`: the entries scheduled
    /// there, claimed first (their claim reads what their cell noted),
    /// then those the tellings of the level before resolve. Returns how
    /// many it resolved.
    fn settle(
        solver: &mut Solver<'_, Self>,
        levels: &mut Self::Levels,
        level: u16,
        pass: Propagation,
    ) -> Result<u64, GenerateError>;

    /// Tells the predecessors of `level`'s entries, for the next level.
    fn un_move(
        solver: &mut Solver<'_, Self>,
        levels: &mut Self::Levels,
        level: u16,
        pass: Propagation,
    ) -> Result<(), GenerateError>;

    /// The next level after `level` where entries are scheduled, if any.
    fn next_due(solver: &Solver<'_, Self>, levels: &Self::Levels, level: u16) -> Option<u16>;

    /// A rule round's candidates, and when only some can be forced, those
    /// (bits over the candidates' numbers).
    fn round_candidates(
        solver: &mut Solver<'_, Self>,
        progress: &dyn Progress,
    ) -> Result<(Candidates, Option<AtomicBits>), GenerateError>;

    /// An empty graph for a round.
    fn graph(solver: &Solver<'_, Self>) -> Result<Self::Graph, GenerateError>;

    /// The candidates of a round whose cycles the opponent can force
    /// ([`Solver::forced`], by default, with their conditions and states
    /// in memory).
    fn forced(
        solver: &mut Solver<'_, Self>,
        candidates: &Candidates,
        relevant: Option<&AtomicBits>,
        graph: &mut Self::Graph,
        progress: &dyn Progress,
    ) -> Result<Forced, GenerateError> {
        solver.forced(candidates, relevant, graph, progress)
    }

    /// Schedules the candidates `forced` keeps as lost by rule at level 0:
    /// what the round's propagation starts from, or `None` when there are
    /// none (the rounds are over).
    fn rule_losses(
        solver: &mut Solver<'_, Self>,
        candidates: Candidates,
        forced: Forced,
    ) -> Result<Option<Self::Levels>, GenerateError>;
}
