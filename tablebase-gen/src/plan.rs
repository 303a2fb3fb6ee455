//! Planning a family before building it: every endgame with its index
//! size, the working memory its solve needs, an estimate of its time and
//! the endgames one capture away that it reads; what cannot be built
//! here, and why, before any work starts.
//!
//! Sizes are counted, not built ([`Layout::entries`]), so a plan of any
//! family takes well under a second and little memory. Times are an
//! estimate from the entries alone, fitted to the endgames built here (see
//! [`solve_seconds`] and docs/benchmarks.md, "Large endgames against the
//! plan"): the rate falls slowly as the index grows, out of core as a
//! partition grows, and out of core each entry costs a fifth more; the
//! endgame's character, which moves a solve's time by up to twice either
//! way, is not counted.

use std::fmt;

use crate::captures::Reads;
use crate::solve::{needs, Working};
use qiboard_tablebase::{Layout, Material, RuleSet, MAX_ENTRIES};

use crate::family;

/// Index entries solved a second on the two cores the estimates are for,
/// in memory, by an endgame of ten million entries.
const RATE_AT_TEN_MILLION: f64 = 8.8e6;

/// How fast the rate falls as the index grows: as its `-RATE_FALL`th
/// power, for a larger index's cells miss the caches more often.
const RATE_FALL: f64 = 0.1;

/// Out of core, what the solve's passes over its scratch files add to its
/// time, as a factor (measured with partitions of some 10⁸ entries, at
/// `--memory 2G`; partitions far smaller cost more, which the factor does
/// not count).
const OUT_OF_CORE_FACTOR: f64 = 1.2;

/// The estimated seconds on two cores of a solve of `entries` entries, in
/// memory, or out of core with partitions of `held` entries: a partition's
/// cells are what the passes miss the caches on, so its size, not the
/// endgame's, sets the rate.
fn solve_seconds(entries: u64, held: Option<u64>) -> f64 {
    let working_set = held.map_or(entries, |held| held.min(entries)) as f64;
    let rate = RATE_AT_TEN_MILLION * (working_set / 1e7).powf(-RATE_FALL);
    let factor = if held.is_some() {
        OUT_OF_CORE_FACTOR
    } else {
        1.0
    };
    entries as f64 / rate * factor
}

/// The share of a solve's time that reading the tables one capture away
/// through their blocks adds, in seeding's sorted batches: measured within
/// a few percent of the solve with them held whole (KRNKR, and KRAAEKAAE
/// whose tables are four times the cache: see docs/benchmarks.md), charged
/// at the top of that spread, as larger tables' blocks are read cold more
/// often.
const PROBED_SHARE: f64 = 0.05;

/// The least memory limit within which `material`'s solve of `entries`
/// entries under `rules` can run, to a mebibyte: what a blocked endgame
/// would need.
fn least_limit(material: Material, entries: u64, rules: RuleSet) -> u64 {
    let fits =
        |limit| Working::choose(material, entries, rules, Some(limit), Reads::Auto).is_some();
    let (mut low, mut high) = (0u64, u64::MAX >> 1);
    while high - low > 1 << 20 {
        let middle = low + (high - low) / 2;
        if fits(middle) {
            high = middle;
        } else {
            low = middle;
        }
    }
    high
}

/// One endgame of a plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedEndgame {
    /// The endgame, in its stored colour orientation.
    pub material: Material,
    /// Index entries, both sides to move.
    pub entries: u64,
    /// Working memory the solve needs, in bytes, the tables one capture
    /// away that it reads (held whole) included.
    pub working_bytes: u64,
    /// Whether the solve runs out of core, a partition of its entries in
    /// memory at a time, to keep within the memory limit.
    pub out_of_core: bool,
    /// Whether the solve reads the tables one capture away through their
    /// files' blocks with a bounded cache, not held whole, to keep within
    /// the memory limit.
    pub probes_subtables: bool,
    /// Estimated seconds on two cores.
    pub seconds: f64,
    /// The endgames one capture away (stored orientation), which must be
    /// built first.
    pub needs: Vec<Material>,
    /// Why it cannot be built here, if it cannot.
    pub blocked: Option<Blocked>,
    /// For one blocked by memory ([`Blocked::NotEnoughMemory`]), the least
    /// limit it could be built within (out of core, the tables it reads
    /// probed, if it must): what its own solve needs, when the tables it
    /// reads are not what blocks it.
    pub least_bytes: Option<u64>,
}

/// Why an endgame of a plan cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Blocked {
    /// More entries than the index holds ([`MAX_ENTRIES`]).
    TooLarge,
    /// More working memory than the limit.
    NotEnoughMemory,
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Blocked::TooLarge => write!(f, "more than the index's {MAX_ENTRIES} entries"),
            Blocked::NotEnoughMemory => f.write_str("more working memory than the limit"),
        }
    }
}

/// Every endgame of a family, smallest first, with what building it takes.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The endgames, in the order they can be built (each after those it
    /// needs).
    pub endgames: Vec<PlannedEndgame>,
    /// The memory limit the plan was checked against, in bytes.
    pub memory_limit: Option<u64>,
}

impl Plan {
    /// The plan of `materials` (each with everything it reaches by
    /// captures) under `rules`, checked against `memory_limit` bytes of
    /// working memory.
    ///
    /// ```
    /// use qiboard_tablebase::RuleSet;
    /// use qiboard_tablebase_gen::{family, Plan};
    ///
    /// let plan = Plan::new(&family(2), RuleSet::Asian, Some(1 << 30));
    /// assert_eq!(plan.endgames.len(), 1845);
    /// assert!(plan.blocked().count() > 0, "some need more than 1 GiB even out of core");
    /// ```
    pub fn new(materials: &[Material], rules: RuleSet, memory_limit: Option<u64>) -> Plan {
        let mut all: Vec<Material> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut pending: Vec<Material> = materials.iter().map(Material::canonical).collect();
        while let Some(material) = pending.pop() {
            if seen.insert(material) {
                all.push(material);
                pending.extend(material.captures().iter().map(Material::canonical));
            }
        }
        let mut endgames: Vec<PlannedEndgame> = all
            .into_iter()
            .map(|material| {
                let entries = Layout::entries(material);
                let working = Working::choose(material, entries, rules, memory_limit, Reads::Auto);
                let blocked = if entries > MAX_ENTRIES {
                    Some(Blocked::TooLarge)
                } else if working.is_none() {
                    Some(Blocked::NotEnoughMemory)
                } else {
                    None
                };
                let least_bytes = (blocked == Some(Blocked::NotEnoughMemory))
                    .then(|| least_limit(material, entries, rules));
                let unbounded = Working::choose(material, entries, rules, None, Reads::Auto);
                let (working, reads) = working.or(unbounded).expect("in memory without a limit");
                let needs = needs(material);
                let probes_subtables = reads == Reads::Probed;
                let held = match working {
                    Working::OutOfCore(partitions) => Some(partitions.held as u64),
                    Working::InMemory(_) => None,
                };
                let out_of_core = held.is_some();
                let solve = solve_seconds(entries, held);
                let probes = if probes_subtables {
                    solve * PROBED_SHARE
                } else {
                    0.0
                };
                PlannedEndgame {
                    material,
                    entries,
                    working_bytes: working.bytes(),
                    out_of_core,
                    probes_subtables,
                    seconds: solve + probes,
                    needs,
                    blocked,
                    least_bytes,
                }
            })
            .collect();
        // Fewer pieces first: every capture removes one, so an endgame
        // comes after all it needs; by size within a piece count.
        endgames.sort_by_key(|endgame| {
            (
                endgame.material.piece_count(),
                endgame.entries,
                endgame.material.packed(),
            )
        });
        Plan {
            endgames,
            memory_limit,
        }
    }

    /// The plan of the family of at most `attackers` attacking pieces
    /// ([`family`]).
    pub fn family(attackers: u32, rules: RuleSet, memory_limit: Option<u64>) -> Plan {
        Plan::new(&family(attackers), rules, memory_limit)
    }

    /// The endgames that cannot be built here.
    pub fn blocked(&self) -> impl Iterator<Item = &PlannedEndgame> {
        self.endgames
            .iter()
            .filter(|endgame| endgame.blocked.is_some())
    }

    /// Index entries of every endgame together (saturating).
    pub fn total_entries(&self) -> u64 {
        self.endgames
            .iter()
            .fold(0u64, |sum, endgame| sum.saturating_add(endgame.entries))
    }

    /// The largest working memory of any one endgame: what one machine
    /// must have to build them all one after another.
    pub fn peak_bytes(&self) -> u64 {
        self.endgames
            .iter()
            .map(|endgame| endgame.working_bytes)
            .max()
            .unwrap_or(0)
    }

    /// Estimated seconds for all, one after another on two cores.
    pub fn total_seconds(&self) -> f64 {
        self.endgames.iter().map(|endgame| endgame.seconds).sum()
    }

    /// The plan as JSON: `{"memory_limit": …, "endgames": [{"material":
    /// "KRK", "entries": …, "working_bytes": …, "out_of_core": false,
    /// "probes_subtables": false, "seconds": …, "needs":
    /// ["KK"], "blocked": null, "least_bytes": null}, …], "total_entries": …, "peak_bytes": …,
    /// "total_seconds": …}`, for drivers on other machines (a Ray job, a
    /// Slurm array).
    pub fn to_json(&self) -> String {
        let mut out = Vec::new();
        self.write_json(&mut out)
            .expect("writing to memory cannot fail");
        String::from_utf8(out).expect("the JSON is ASCII")
    }

    /// [`Plan::to_json`] written to `out` an endgame at a time (a plan of
    /// a million endgames is not held as one text).
    pub fn write_json(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        match self.memory_limit {
            Some(limit) => write!(out, "{{\"memory_limit\": {limit}, \"endgames\": [")?,
            None => write!(out, "{{\"memory_limit\": null, \"endgames\": [")?,
        }
        for (i, endgame) in self.endgames.iter().enumerate() {
            if i > 0 {
                out.write_all(b", ")?;
            }
            let blocked = match endgame.blocked {
                None => "null",
                Some(Blocked::TooLarge) => "\"too-large\"",
                Some(Blocked::NotEnoughMemory) => "\"not-enough-memory\"",
            };
            write!(
                out,
                "{{\"material\": \"{}\", \"entries\": {}, \"working_bytes\": {}, \"out_of_core\": {}, \"probes_subtables\": {}, \"seconds\": {:.1}, \"needs\": [",
                endgame.material, endgame.entries, endgame.working_bytes, endgame.out_of_core, endgame.probes_subtables, endgame.seconds
            )?;
            for (j, need) in endgame.needs.iter().enumerate() {
                if j > 0 {
                    out.write_all(b", ")?;
                }
                write!(out, "\"{need}\"")?;
            }
            match endgame.least_bytes {
                Some(least) => {
                    write!(out, "], \"blocked\": {blocked}, \"least_bytes\": {least}}}")?
                }
                None => write!(out, "], \"blocked\": {blocked}, \"least_bytes\": null}}")?,
            }
        }
        writeln!(
            out,
            "], \"total_entries\": {}, \"peak_bytes\": {}, \"total_seconds\": {:.0}}}",
            self.total_entries(),
            self.peak_bytes(),
            self.total_seconds()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{
        beside_bytes, rule_rounds_apply, working_bytes_for, writing_bytes, Partitions,
    };

    #[test]
    fn a_plan_puts_each_endgame_after_those_it_needs() {
        // 768 MiB: the largest, KRAAEEKAAEE, reads 628 MiB of tables.
        let plan = Plan::family(1, RuleSet::Asian, Some(768 << 20));
        assert_eq!(plan.endgames.len(), 369);
        let place: std::collections::HashMap<Material, usize> = plan
            .endgames
            .iter()
            .enumerate()
            .map(|(i, endgame)| (endgame.material, i))
            .collect();
        for (i, endgame) in plan.endgames.iter().enumerate() {
            for need in &endgame.needs {
                assert!(place[need] < i, "{} needs {need}", endgame.material);
            }
        }
        // One attacker: no rule rounds, so what does not fit in memory is
        // solved out of core within the limit.
        for endgame in &plan.endgames {
            let reads = if endgame.probes_subtables {
                Reads::Probed
            } else {
                Reads::Whole
            };
            let (material, entries) = (endgame.material, endgame.entries);
            let solving = working_bytes_for(material, entries, RuleSet::Asian)
                + beside_bytes(material, reads);
            let writing = 2 * entries + writing_bytes(material, reads);
            let over = solving.max(writing) > 768 << 20;
            assert_eq!(endgame.out_of_core, over, "{}", endgame.material);
            assert!(endgame.working_bytes <= 768 << 20, "{}", endgame.material);
        }
        assert!(plan.endgames.iter().any(|endgame| endgame.out_of_core));
        assert_eq!(plan.blocked().count(), 0);
        // Two: rule rounds out of core too, so only size refuses one.
        let two = Plan::family(2, RuleSet::Asian, Some(256 << 20));
        assert!(two
            .endgames
            .iter()
            .any(|endgame| endgame.out_of_core && rule_rounds_apply(endgame.material)));
        let short: Vec<_> = two
            .blocked()
            .filter(|endgame| endgame.blocked == Some(Blocked::NotEnoughMemory))
            .collect();
        assert!(!short.is_empty());
        for endgame in short {
            let entries = endgame.entries;
            // What the limit leaves beside the process and the tables.
            let beside = [Reads::Whole, Reads::Probed]
                .map(|reads| beside_bytes(endgame.material, reads))
                .into_iter()
                .min()
                .unwrap();
            let budget = (256u64 << 20).saturating_sub(beside);
            // Its bitset of entries to mate, with a batch (an eighth of
            // the limit), leaves too little for partitions; or its rule
            // rounds' two bitsets, directory and room for candidates (a
            // sixteenth of a byte an entry), with 4 MiB, exceed the limit.
            let cramped = entries / 8 + (32 << 20) + (16 << 20) > budget;
            let rounds = entries / 4 + entries / 16 + entries / 128 + (4 << 20);
            assert!(
                cramped || (rule_rounds_apply(endgame.material) && rounds > budget),
                "{}",
                endgame.material
            );
        }
        assert!(plan
            .to_json()
            .starts_with("{\"memory_limit\": 805306368, \"endgames\": [{"));
    }

    /// At 2 GiB the two-attacker family is blocked only where an
    /// endgame's own solve cannot run out of core within the limit, never
    /// by the tables it reads (probed where holding them whole would not
    /// fit), and a plan says what those few would need.
    #[test]
    fn at_two_gib_only_a_solve_itself_blocks_an_endgame() {
        let limit = 2u64 << 30;
        let rules = RuleSet::Asian;
        let plan = Plan::family(2, rules, Some(limit));
        assert_eq!(plan.endgames.len(), 1845);
        let mut whole_blocked = 0;
        for endgame in &plan.endgames {
            let (material, entries) = (endgame.material, endgame.entries);
            let whole = Working::choose(material, entries, rules, Some(limit), Reads::Whole);
            whole_blocked += usize::from(whole.is_none());
            // The solve alone: the process, its index and its cells, and
            // while it writes, its writer.
            let beside = crate::solve::PROCESS_BYTES + Layout::memory(material);
            let writing = beside + crate::write::writer_bytes(entries);
            let rule_rounds = rule_rounds_apply(material);
            let cells = working_bytes_for(material, entries, rules);
            let alone = cells + beside <= limit && 2 * entries + writing <= limit
                || Partitions::for_budget(entries, limit - beside, rule_rounds).is_some()
                    && writing <= limit;
            assert_eq!(endgame.blocked.is_none(), alone, "{material}");
            match endgame.blocked {
                None => {
                    assert!(endgame.working_bytes <= limit, "{material}");
                    // Probed only where the solve does not fit in
                    // memory with the tables whole.
                    let whole_in_memory = matches!(whole, Some((Working::InMemory(_), _)));
                    if endgame.probes_subtables {
                        assert!(!whole_in_memory, "{material}");
                    } else {
                        assert!(whole.is_some(), "{material}");
                    }
                    assert_eq!(endgame.least_bytes, None);
                }
                Some(why) => {
                    assert_eq!(why, Blocked::NotEnoughMemory, "{material}");
                    let least = endgame.least_bytes.unwrap();
                    assert!(least > limit, "{material}");
                    let at_least =
                        Working::choose(material, entries, rules, Some(least), Reads::Auto);
                    assert!(at_least.is_some(), "{material}");
                }
            }
        }
        // Those holding the tables whole would have blocked.
        assert!(whole_blocked > 300, "{whole_blocked}");
        let probing = plan.endgames.iter().filter(|e| e.probes_subtables).count();
        assert!(
            probing + plan.blocked().count() >= whole_blocked,
            "{probing}"
        );
    }

    /// The estimate grows a little faster than the entries (a larger
    /// index misses the caches more), is longer out of core with
    /// partitions as large as the endgame, and out of core grows with
    /// the entries alone once the partition's size is fixed.
    #[test]
    fn larger_solves_take_longer_an_entry_and_longer_out_of_core() {
        let mut last = 0.0;
        for entries in [10u64, 1_000, 1 << 20, 10_000_000, 1 << 30, 1 << 34] {
            let seconds = solve_seconds(entries, None);
            let per_entry = seconds / entries as f64;
            assert!(per_entry > last, "{entries}");
            last = per_entry;
            assert!(solve_seconds(entries, Some(entries)) > seconds, "{entries}");
        }
        let held = 1u64 << 28;
        let per_entry = |entries: u64| solve_seconds(entries, Some(held)) / entries as f64;
        assert!((per_entry(1 << 30) - per_entry(1 << 34)).abs() < 1e-15);
        // Calibrated at ten million entries.
        let at_ten_million = solve_seconds(10_000_000, None);
        assert!((at_ten_million - 1e7 / RATE_AT_TEN_MILLION).abs() < 1e-9);
    }

    /// Every endgame there is (the family of any number of attackers):
    /// planned without building an index, the largest refused.
    #[test]
    fn a_plan_of_everything_refuses_what_the_index_cannot_hold() {
        let plan = Plan::family(100, RuleSet::Asian, None);
        assert!(plan.endgames.len() > 100_000);
        let largest = plan.endgames.iter().max_by_key(|e| e.entries).unwrap();
        assert_eq!(largest.blocked, Some(Blocked::TooLarge));
    }
}
