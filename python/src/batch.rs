//! `qiboard.xiangqi.Batch`: many games stepped in one call, in parallel,
//! with observations, masks, rewards and done flags written straight into
//! NumPy arrays the batch owns. The stepping core ([`Core`]) is plain Rust.

use qiboard::xiangqi::rules::Rules;
use qiboard::xiangqi::{Color, Ending, Game, MoveList, Outcome, Piece, Position};
use rayon::prelude::*;

use crate::actions::{actions, set_mask, write_mask, write_planes, ACTION_COUNT, OBSERVATION_LEN};

/// Games per rayon task at least: below this, splitting costs more than
/// it saves.
const MIN_CHUNK: usize = 32;

/// One game of a batch, with the legal moves of its current position.
#[derive(Clone)]
pub struct Slot {
    game: Game,
    moves: MoveList,
    rng: u64,
}

/// What one game's step wrote besides its observation and mask.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepResult {
    /// +1 if the side that moved won, -1 if it lost, 0 otherwise.
    pub reward: f32,
    /// Whether the game ended with this move (it was reset to the start).
    pub done: bool,
    /// +1 Red won, -1 Black won, 0 draw or not over.
    pub winner: i8,
    /// 0 not over, else the ending's code (see `ending_code`).
    pub ending: u8,
}

/// The ending's code: 1 checkmate, 2 stalemate, 3 perpetual check, 4
/// perpetual chase, 5 repetition, 6 move limit.
pub fn ending_code(ending: Ending) -> u8 {
    match ending {
        Ending::Checkmate => 1,
        Ending::Stalemate => 2,
        Ending::PerpetualCheck => 3,
        Ending::PerpetualChase => 4,
        Ending::Repetition => 5,
        Ending::MoveLimit => 6,
    }
}

/// SplitMix64: a small, portable generator for sampling moves.
#[inline]
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The batch's games and what they share.
pub struct Core {
    slots: Vec<Slot>,
    start_moves: MoveList,
    /// The start's planes, copied into a game's observation at a reset.
    start_planes: Vec<u8>,
    rules: Rules,
}

/// The plane of `piece` in an observation.
#[inline]
fn plane(piece: Piece) -> usize {
    (piece.color.index() * 7 + piece.kind.index()) * 90
}

/// The outcome of the game after a move, found cheaply: no legal move
/// loses; the repetition and move-limit rules are asked only when they
/// can apply.
#[inline]
fn outcome_after(game: &Game, moves: &MoveList, rules: Rules) -> Option<Outcome> {
    let position = game.position();
    if moves.is_empty() {
        let by = if position.is_check() {
            Ending::Checkmate
        } else {
            Ending::Stalemate
        };
        return Some(Outcome::Win {
            winner: !position.side_to_move(),
            by,
        });
    }
    let limit = rules
        .move_limit()
        .is_some_and(|limit| position.halfmove_clock() >= limit);
    if limit || game.occurrences() >= rules.occurrences() as usize {
        return game.outcome();
    }
    None
}

impl Core {
    /// `n` games from `start` under `rules`, move sampling seeded by `seed`.
    pub fn new(n: usize, start: Position, rules: Rules, seed: u64) -> Core {
        let start_moves = start.legal_moves();
        let slot = Slot {
            game: Game::from_position(start.clone()).with_rules(rules),
            moves: start_moves.clone(),
            rng: 0,
        };
        let mut start_planes = vec![0u8; OBSERVATION_LEN];
        write_planes(&start, &mut start_planes);
        let mut core = Core {
            slots: vec![slot; n],
            start_moves,
            start_planes,
            rules,
        };
        core.seed(seed);
        core
    }

    /// How many games.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Reseeds every game's sampler.
    pub fn seed(&mut self, seed: u64) {
        for (i, slot) in self.slots.iter_mut().enumerate() {
            let mut state = seed ^ (i as u64).wrapping_mul(0xd1b5_4a32_d192_ed03);
            splitmix(&mut state);
            slot.rng = state;
        }
    }

    /// The games.
    pub fn games(&self) -> impl ExactSizeIterator<Item = &Game> {
        self.slots.iter().map(|slot| &slot.game)
    }

    /// Whether the start has no legal move (a batch of such games could
    /// never step).
    pub fn start_is_over(&self) -> bool {
        self.start_moves.is_empty()
    }

    /// Every game back to the start; writes observations and masks.
    pub fn reset(&mut self, obs: &mut [u8], mask: &mut [bool]) {
        let (start_planes, start_moves) = (&self.start_planes, &self.start_moves);
        let chunk = MIN_CHUNK;
        self.slots
            .par_chunks_mut(chunk)
            .zip(obs.par_chunks_mut(chunk * OBSERVATION_LEN))
            .zip(mask.par_chunks_mut(chunk * ACTION_COUNT))
            .for_each(|((slots, obs), mask)| {
                for (i, slot) in slots.iter_mut().enumerate() {
                    while slot.game.undo().is_some() {}
                    slot.moves = start_moves.clone();
                    obs[i * OBSERVATION_LEN..][..OBSERVATION_LEN].copy_from_slice(start_planes);
                    write_mask(
                        start_moves,
                        &mut mask[i * ACTION_COUNT..][..ACTION_COUNT],
                        false,
                        true,
                    );
                }
            });
    }

    /// The first game whose action is not a legal move of its position,
    /// with a message; `None` when every action is legal.
    pub fn check(&self, actions_in: &[i64]) -> Option<(usize, String)> {
        let table = actions();
        self.slots
            .par_iter()
            .zip(actions_in.par_iter())
            .enumerate()
            .with_min_len(256)
            .find_first(|(_, (slot, &action))| {
                let mv = usize::try_from(action).ok().and_then(|a| table.mv(a));
                !mv.is_some_and(|mv| slot.moves.contains(&mv))
            })
            .map(|(i, (slot, &action))| {
                let what = match usize::try_from(action).ok().and_then(|a| table.mv(a)) {
                    Some(mv) => format!("action {action} ({mv})"),
                    None => format!("action {action} (outside 0..{ACTION_COUNT})"),
                };
                (
                    i,
                    format!(
                        "game {i}: {what} is not a legal move in {}",
                        slot.game.position().fen()
                    ),
                )
            })
    }

    /// Plays every game's action (all checked legal by [`Core::check`]),
    /// resets the games that ended, and writes each game's observation,
    /// mask and [`StepResult`].
    ///
    /// The observations and masks are updated, not rewritten: `obs` and
    /// `mask` must hold what the last [`Core::reset`] or `step` wrote
    /// (the Python layer hands them out read-only). A move changes at most
    /// three squares of the planes and the side-to-move plane; the mask
    /// loses the old position's moves and gains the new one's.
    pub fn step(
        &mut self,
        actions_in: &[i64],
        obs: &mut [u8],
        mask: &mut [bool],
        results: &mut [StepResult],
    ) {
        let (start_planes, start_moves, rules) =
            (&self.start_planes, &self.start_moves, self.rules);
        let table = actions();
        let chunk = MIN_CHUNK;
        self.slots
            .par_chunks_mut(chunk)
            .zip(actions_in.par_chunks(chunk))
            .zip(obs.par_chunks_mut(chunk * OBSERVATION_LEN))
            .zip(mask.par_chunks_mut(chunk * ACTION_COUNT))
            .zip(results.par_chunks_mut(chunk))
            .for_each(|((((slots, acts), obs), mask), results)| {
                for (i, slot) in slots.iter_mut().enumerate() {
                    let obs = &mut obs[i * OBSERVATION_LEN..][..OBSERVATION_LEN];
                    let mask = &mut mask[i * ACTION_COUNT..][..ACTION_COUNT];
                    let mv = usize::try_from(acts[i])
                        .ok()
                        .and_then(|a| table.mv(a))
                        .unwrap_or_default();
                    let before = slot.game.position();
                    let mover = before.side_to_move();
                    let (moving, captured) = (before.piece_at(mv.from()), before.piece_at(mv.to()));
                    set_mask(&slot.moves, mask, false);
                    // Legal by `check`, and no game at its end stays unreset.
                    slot.game.push_unchecked(mv);
                    slot.moves = slot.game.position().legal_moves();
                    let result = match outcome_after(&slot.game, &slot.moves, rules) {
                        None => {
                            let (from, to) = (mv.from() as usize, mv.to() as usize);
                            if let Some(piece) = captured {
                                obs[plane(piece) + to] = 0;
                            }
                            if let Some(piece) = moving {
                                obs[plane(piece) + from] = 0;
                                obs[plane(piece) + to] = 1;
                            }
                            obs[14 * 90..].fill(u8::from(mover == Color::Black));
                            set_mask(&slot.moves, mask, true);
                            StepResult::default()
                        }
                        Some(outcome) => {
                            while slot.game.undo().is_some() {}
                            slot.moves = start_moves.clone();
                            obs.copy_from_slice(start_planes);
                            set_mask(start_moves, mask, true);
                            let winner = outcome.winner();
                            StepResult {
                                reward: match winner {
                                    Some(w) if w == mover => 1.0,
                                    Some(_) => -1.0,
                                    None => 0.0,
                                },
                                done: true,
                                winner: match winner {
                                    Some(Color::Red) => 1,
                                    Some(Color::Black) => -1,
                                    None => 0,
                                },
                                ending: ending_code(outcome.ending()),
                            }
                        }
                    };
                    results[i] = result;
                }
            });
    }

    /// A uniformly random legal action for each game.
    pub fn sample(&mut self, out: &mut [i64]) {
        let table = actions();
        for (slot, out) in self.slots.iter_mut().zip(out.iter_mut()) {
            let len = slot.moves.len() as u64;
            let pick = ((splitmix(&mut slot.rng) >> 32) * len) >> 32;
            let mv = slot.moves[pick as usize];
            *out = table.index(mv).map_or(-1, |a| a as i64);
        }
    }
}

#[cfg(not(test))]
pub use glue::register;

#[cfg(not(test))]
mod glue {
    use numpy::{
        PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
    };
    use pyo3::prelude::*;

    use super::{Core, StepResult};
    use crate::actions::{ACTION_COUNT, PLANES};
    use crate::errors::{self, ArgumentError, MoveError};
    use crate::xiangqi::{game_setup, MoveLimit, Occurrences, PyGame, PyPosition};

    /// What `step` returns: observations, masks, rewards, dones (read-only
    /// views of the batch's arrays).
    type Arrays<'py> = (
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
    );

    /// A read-only view of `array`: the batch updates its arrays in place
    /// (a move changes a few entries), so nobody else may write them.
    fn read_only(array: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let view = array.call_method0("view")?;
        view.getattr("flags")?.setattr("writeable", false)?;
        Ok(view.unbind())
    }

    /// The read-only views handed out.
    struct Views {
        obs: Py<PyAny>,
        mask: Py<PyAny>,
        rewards: Py<PyAny>,
        dones: Py<PyAny>,
        winners: Py<PyAny>,
        endings: Py<PyAny>,
    }

    /// ``n`` xiangqi games stepped together (self-play), in parallel with
    /// the GIL released.
    ///
    /// ``step(actions)`` plays one action per game (an int array of
    /// shape (n,), indices of the fixed action space; every one must be
    /// legal, else MoveError and nothing is played) and returns
    /// ``(observations, masks, rewards, dones)``:
    ///
    /// * ``observations``: uint8 (n, 15, 10, 9), the planes of each game's
    ///   position after the move (see ``Position.planes``);
    /// * ``masks``: bool (n, 2086), the legal actions there;
    /// * ``rewards``: float32 (n,), +1 if the side that just moved won, -1
    ///   if it lost (perpetual check or chase), 0 otherwise;
    /// * ``dones``: bool (n,), whether the game ended with this move.
    ///
    /// A game that ends is reset to the start at once, in place: its
    /// observation and mask are then the start's. ``winners`` (int8: +1
    /// Red, -1 Black, 0) and ``endings`` (uint8: 0 none, 1 checkmate, 2
    /// stalemate, 3 perpetual check, 4 perpetual chase, 5 repetition, 6
    /// move limit) tell how the games that ended did. The arrays are the
    /// batch's own, overwritten by the next call: copy what you keep.
    #[pyclass(module = "qiboard.xiangqi", name = "Batch")]
    pub struct PyBatch {
        core: Core,
        results: Vec<StepResult>,
        obs: Py<PyArray4<u8>>,
        mask: Py<PyArray2<bool>>,
        rewards: Py<PyArray1<f32>>,
        dones: Py<PyArray1<bool>>,
        winners: Py<PyArray1<i8>>,
        endings: Py<PyArray1<u8>>,
        views: Views,
        pool: Option<rayon::ThreadPool>,
    }

    impl PyBatch {
        /// Runs `f` on the batch's thread pool, or rayon's global one.
        fn run<R: Send>(pool: &Option<rayon::ThreadPool>, f: impl FnOnce() -> R + Send) -> R {
            match pool {
                Some(pool) => pool.install(f),
                None => f(),
            }
        }

        fn write_results(&self, py: Python<'_>) -> PyResult<()> {
            let mut rewards = self.rewards.bind(py).readwrite();
            let mut dones = self.dones.bind(py).readwrite();
            let mut winners = self.winners.bind(py).readwrite();
            let mut endings = self.endings.bind(py).readwrite();
            let (rewards, dones) = (rewards.as_slice_mut()?, dones.as_slice_mut()?);
            let (winners, endings) = (winners.as_slice_mut()?, endings.as_slice_mut()?);
            for (i, result) in self.results.iter().enumerate() {
                rewards[i] = result.reward;
                dones[i] = result.done;
                winners[i] = result.winner;
                endings[i] = result.ending;
            }
            Ok(())
        }

        /// Game `i`, or a RangeError naming the parameter.
        fn nth(&self, i: &Bound<'_, PyAny>) -> PyResult<&qiboard::xiangqi::Game> {
            let i = errors::index(i, "i", self.core.games().len())?;
            Ok(self.core.games().nth(i).expect("i is below the count"))
        }

        fn arrays<'py>(&self, py: Python<'py>) -> Arrays<'py> {
            (
                self.views.obs.bind(py).clone(),
                self.views.mask.bind(py).clone(),
                self.views.rewards.bind(py).clone(),
                self.views.dones.bind(py).clone(),
            )
        }
    }

    #[pymethods]
    impl PyBatch {
        /// ``Batch(n)``: n games from ``start`` (a Position or FEN; the
        /// start position by default) under the AXF rules (``occurrences``
        /// and ``move_limit`` as for Game). ``seed`` seeds
        /// ``sample_actions``; ``threads`` gives the batch a pool of its
        /// own (default: rayon's, one thread per core).
        #[new]
        #[pyo3(signature = (n, start=None, *, seed=None, threads=None, occurrences=Occurrences(3), move_limit=MoveLimit(Some(120))))]
        #[pyo3(
            text_signature = "(n, start=None, *, seed=0, threads=None, occurrences=3, move_limit=120)"
        )]
        fn new(
            py: Python<'_>,
            n: &Bound<'_, PyAny>,
            start: Option<&Bound<'_, PyAny>>,
            seed: Option<&Bound<'_, PyAny>>,
            threads: Option<&Bound<'_, PyAny>>,
            occurrences: Occurrences,
            move_limit: MoveLimit,
        ) -> PyResult<PyBatch> {
            let n: usize = errors::whole(n, "n")?;
            if n == 0 {
                return Err(ArgumentError::new_err("n: a batch needs at least one game"));
            }
            let seed = errors::optional_whole::<u64>(seed, "seed")?.unwrap_or(0);
            let threads = errors::optional_whole::<usize>(threads, "threads")?;
            let (start, rules) = game_setup(start, occurrences, move_limit)?;
            let core = Core::new(n, start, rules, seed);
            if core.start_is_over() {
                return Err(ArgumentError::new_err(
                    "the start has no legal move: its games would be over before they begin",
                ));
            }
            let pool = match threads {
                None => None,
                Some(threads) => Some(
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .map_err(|error| ArgumentError::new_err(format!("threads: {error}")))?,
                ),
            };
            let obs = PyArray4::<u8>::zeros(py, [n, PLANES, 10, 9], false);
            let mask = PyArray2::<bool>::zeros(py, [n, ACTION_COUNT], false);
            let rewards = PyArray1::<f32>::zeros(py, n, false);
            let dones = PyArray1::<bool>::zeros(py, n, false);
            let winners = PyArray1::<i8>::zeros(py, n, false);
            let endings = PyArray1::<u8>::zeros(py, n, false);
            let views = Views {
                obs: read_only(obs.as_any())?,
                mask: read_only(mask.as_any())?,
                rewards: read_only(rewards.as_any())?,
                dones: read_only(dones.as_any())?,
                winners: read_only(winners.as_any())?,
                endings: read_only(endings.as_any())?,
            };
            let mut batch = PyBatch {
                core,
                results: vec![StepResult::default(); n],
                obs: obs.unbind(),
                mask: mask.unbind(),
                rewards: rewards.unbind(),
                dones: dones.unbind(),
                winners: winners.unbind(),
                endings: endings.unbind(),
                views,
                pool,
            };
            batch.reset_all(py)?;
            Ok(batch)
        }

        /// Every game back to the start (reseeding the sampler if `seed`
        /// is given); returns ``(observations, masks)``.
        #[pyo3(signature = (seed=None))]
        fn reset<'py>(
            &mut self,
            py: Python<'py>,
            seed: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
            if let Some(seed) = errors::optional_whole::<u64>(seed, "seed")? {
                self.core.seed(seed);
            }
            self.reset_all(py)?;
            let (obs, mask, _, _) = self.arrays(py);
            Ok((obs, mask))
        }

        /// Plays one action per game; returns ``(observations, masks,
        /// rewards, dones)`` (see the class).
        fn step<'py>(
            &mut self,
            py: Python<'py>,
            actions: &Bound<'py, PyAny>,
        ) -> PyResult<Arrays<'py>> {
            let array = match actions.extract::<PyReadonlyArray1<'py, i64>>() {
                Ok(array) if array.is_c_contiguous() => array,
                _ => int64_array(py, actions)?,
            };
            let acts = array.as_slice()?;
            let n = self.core.len();
            if acts.len() != n {
                return Err(ArgumentError::new_err(format!(
                    "actions: {} actions for a batch of {n} games",
                    acts.len()
                )));
            }
            let (core, pool, results) = (&mut self.core, &self.pool, &mut self.results);
            let mut obs = self.obs.bind(py).readwrite();
            let mut mask = self.mask.bind(py).readwrite();
            let (obs, mask) = (obs.as_slice_mut()?, mask.as_slice_mut()?);
            let refused = py.detach(|| {
                Self::run(pool, || {
                    let refused = core.check(acts);
                    if refused.is_none() {
                        core.step(acts, obs, mask, results);
                    }
                    refused
                })
            });
            if let Some((_, why)) = refused {
                return Err(MoveError::new_err(why));
            }
            self.write_results(py)?;
            Ok(self.arrays(py))
        }

        /// A uniformly random legal action for each game, as int64 (n,).
        fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
            let mut out = vec![0i64; self.core.len()];
            self.core.sample(&mut out);
            PyArray1::from_vec(py, out)
        }

        /// The observations of the last call (uint8, (n, 15, 10, 9)).
        #[getter]
        fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
            self.views.obs.bind(py).clone()
        }

        /// The legal-action masks (bool, (n, 2086)).
        #[getter]
        fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
            self.views.mask.bind(py).clone()
        }

        /// The rewards of the last step (float32, (n,)).
        #[getter]
        fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
            self.views.rewards.bind(py).clone()
        }

        /// Which games ended on the last step (bool, (n,)).
        #[getter]
        fn dones<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
            self.views.dones.bind(py).clone()
        }

        /// Winners of the games that ended on the last step: +1 Red, -1
        /// Black, 0 draw or not ended (int8, (n,)).
        #[getter]
        fn winners<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
            self.views.winners.bind(py).clone()
        }

        /// Endings of the games that ended on the last step (uint8, (n,)):
        /// 0 none, 1 checkmate, 2 stalemate, 3 perpetual check, 4
        /// perpetual chase, 5 repetition, 6 move limit.
        #[getter]
        fn endings<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
            self.views.endings.bind(py).clone()
        }

        /// The current position of game `i`.
        fn position(&self, i: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
            let game = self.nth(i)?;
            Ok(PyPosition(game.position().clone()))
        }

        /// A copy of game `i` (its moves since the last reset).
        fn game(&self, i: &Bound<'_, PyAny>) -> PyResult<PyGame> {
            Ok(PyGame(self.nth(i)?.clone()))
        }

        /// Every game's current position as FEN.
        fn fens(&self) -> Vec<String> {
            self.core
                .games()
                .map(|game| game.position().fen())
                .collect()
        }

        /// Plies played in each game since its reset.
        fn plies(&self) -> Vec<usize> {
            self.core.games().map(|game| game.moves().len()).collect()
        }

        fn __len__(&self) -> usize {
            self.core.len()
        }

        fn __repr__(&self) -> String {
            format!("Batch({})", self.core.len())
        }
    }

    impl PyBatch {
        fn reset_all(&mut self, py: Python<'_>) -> PyResult<()> {
            let (core, pool) = (&mut self.core, &self.pool);
            let mut obs = self.obs.bind(py).readwrite();
            let mut mask = self.mask.bind(py).readwrite();
            let (obs, mask) = (obs.as_slice_mut()?, mask.as_slice_mut()?);
            py.detach(|| Self::run(pool, || core.reset(obs, mask)));
            self.results.fill(StepResult::default());
            self.write_results(py)
        }
    }

    /// `actions` as a contiguous int64 array, if they are integers in one
    /// dimension (any int dtype, a list, ...).
    fn int64_array<'py>(
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<PyReadonlyArray1<'py, i64>> {
        let refuse = || ArgumentError::new_err("actions: must be a one-dimensional array of ints");
        let numpy = py.import("numpy")?;
        let array = numpy
            .call_method1("asarray", (actions,))
            .map_err(|_| refuse())?;
        let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
        if !matches!(kind.as_str(), "i" | "u") {
            return Err(refuse());
        }
        numpy
            .call_method1("ascontiguousarray", (array, "int64"))?
            .extract()
            .map_err(|_| refuse())
    }

    pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add_class::<PyBatch>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_end_and_reset() {
        let n = 64;
        let mut core = Core::new(n, Position::start(), Rules::default(), 7);
        let mut obs = vec![0u8; n * OBSERVATION_LEN];
        let mut mask = vec![false; n * ACTION_COUNT];
        let mut results = vec![StepResult::default(); n];
        core.reset(&mut obs, &mut mask);
        let mut acts = vec![0i64; n];
        let mut finished = 0;
        for _ in 0..2000 {
            core.sample(&mut acts);
            assert_eq!(core.check(&acts), None);
            core.step(&acts, &mut obs, &mut mask, &mut results);
            for (i, result) in results.iter().enumerate() {
                let legal = mask[i * ACTION_COUNT..][..ACTION_COUNT]
                    .iter()
                    .filter(|&&b| b)
                    .count();
                assert_eq!(legal, core.slots[i].moves.len());
                let mut full = vec![0u8; OBSERVATION_LEN];
                write_planes(core.slots[i].game.position(), &mut full);
                assert_eq!(&obs[i * OBSERVATION_LEN..][..OBSERVATION_LEN], &full[..]);
                let mut expected = vec![false; ACTION_COUNT];
                write_mask(&core.slots[i].moves, &mut expected, false, true);
                assert_eq!(&mask[i * ACTION_COUNT..][..ACTION_COUNT], &expected[..]);
                if result.done {
                    finished += 1;
                    assert_ne!(result.ending, 0);
                    assert!(core.slots[i].game.moves().is_empty());
                }
            }
        }
        assert!(finished > 0);
        assert_eq!(
            core.check(&vec![-1; n]).map(|(i, _)| i),
            Some(0),
            "an action outside the space is refused"
        );
    }
}
