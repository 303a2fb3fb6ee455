//! Tables built on demand: asked about an endgame the directory lacks,
//! the server builds it, with every endgame it reaches by captures, on one
//! worker thread, one endgame at a time, from a bounded queue.
//!
//! Before queueing, the generator's [`Plan`] says what the build takes:
//! an endgame whose missing tables together hold more index entries than
//! the configured limit, or that the plan says cannot be built here (too
//! large to index, more memory than the limit), is refused with the
//! reason. A build that fails is remembered with its error and not tried
//! again until the server restarts. Each build runs the generator as the
//! command line's `tb gen` does, into the served directory; the serving
//! tablebase looks at the directory again when it is done.
//!
//! Simplification: one process builds. Several replicas sharing a
//! writable directory would each build the endgame (the generator's
//! per-endgame file locks keep the files whole, not the work single).

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use qiboard_tablebase::{Layout, Material, RuleSet, Tablebase};
use qiboard_tablebase_gen::{Generated, Generator, Plan, Progress};
use serde_json::json;

use crate::lock;
use crate::metrics::Metrics;

/// What the builder says about a missing endgame.
#[derive(Debug)]
pub enum Verdict {
    /// Building is off.
    Off,
    /// It will not be built: why.
    Refused(String),
    /// Its build failed: the error.
    Failed(String),
    /// Queued or building: the progress JSON.
    Pending(serde_json::Value),
    /// The queue is full.
    QueueFull,
}

/// The progress of the build under way.
#[derive(Default)]
struct Meter {
    done: AtomicU64,
    total: AtomicU64,
    stage: Mutex<String>,
    stage_total: AtomicU64,
    stage_done: AtomicU64,
}

impl Progress for Meter {
    fn start(&self, name: &str, total: u64) {
        *lock(&self.stage) = name.to_owned();
        self.stage_total.store(total, Ordering::Relaxed);
        self.stage_done.store(0, Ordering::Relaxed);
    }

    fn advance(&self, units: u64) {
        self.stage_done.fetch_add(units, Ordering::Relaxed);
    }

    fn generated(&self, generated: &Generated) {
        self.done.fetch_add(generated.entries, Ordering::Relaxed);
    }
}

#[derive(Default)]
struct Queue {
    running: Option<(Material, Arc<Meter>)>,
    waiting: VecDeque<Material>,
    failed: HashMap<Material, String>,
    /// The plan's verdict on endgames asked about: the entries the build
    /// solves, or why it will not be built.
    planned: HashMap<Material, Result<u64, String>>,
    /// Endgames refused for a full queue, logged once each.
    turned_away: std::collections::HashSet<Material>,
}

/// What the builder may do.
#[derive(Clone, Debug)]
pub struct BuildSettings {
    /// The directory built into (none: building is off).
    pub dir: Option<PathBuf>,
    /// Whether building is on.
    pub enabled: bool,
    /// The repetition rules the tables are solved under.
    pub rules: RuleSet,
    /// The most index entries one build may solve.
    pub max_entries: u64,
    /// Endgames waiting before more are refused.
    pub queue_len: usize,
    /// The generator's working memory, in bytes (none: no limit).
    pub memory_limit: Option<u64>,
}

/// The builder: its settings, queue and worker.
pub struct Builder {
    settings: BuildSettings,
    queue: Mutex<Queue>,
    wake: Condvar,
}

/// The most pieces an endgame asked about may have before its plan is
/// even drawn (the plan walks every capture below it).
const MAX_PLANNED_PIECES: u32 = 10;

impl Builder {
    /// A builder under `settings` (building is off without a directory).
    pub fn new(mut settings: BuildSettings) -> Builder {
        settings.enabled &= settings.dir.is_some();
        Builder {
            settings,
            queue: Mutex::default(),
            wake: Condvar::new(),
        }
    }

    /// Starts the worker thread (when building is on).
    pub fn start(self: &Arc<Self>, tablebase: Arc<Tablebase>, metrics: Arc<Metrics>) {
        if !self.settings.enabled {
            return;
        }
        let builder = Arc::clone(self);
        let spawned = std::thread::Builder::new()
            .name("qiboard-build".into())
            .spawn(move || builder.work(&tablebase, &metrics));
        if let Err(error) = spawned {
            eprintln!("qiboard-server: no build thread ({error}); building is off");
        }
    }

    /// Whether building is on.
    pub fn enabled(&self) -> bool {
        self.settings.enabled
    }

    fn work(&self, tablebase: &Tablebase, metrics: &Metrics) {
        let Some(dir) = self.settings.dir.clone() else {
            return;
        };
        loop {
            let (material, meter) = {
                let mut queue = lock(&self.queue);
                while queue.waiting.is_empty() {
                    queue = self
                        .wake
                        .wait(queue)
                        .unwrap_or_else(|poisoned| poisoned.into_inner());
                }
                let Some(material) = queue.waiting.pop_front() else {
                    continue;
                };
                let meter = Arc::new(Meter::default());
                if let Some(Ok(entries)) = queue.planned.get(&material) {
                    meter.total.store(*entries, Ordering::Relaxed);
                }
                queue.running = Some((material, Arc::clone(&meter)));
                (material, meter)
            };
            Metrics::bump(&metrics.builds_started);
            eprintln!("qiboard-server: building {material}");
            let result = Generator::open(&dir).and_then(|generator| {
                let generator = generator.with_rules(self.settings.rules);
                let generator = match self.settings.memory_limit {
                    Some(bytes) => generator.with_memory_limit(bytes),
                    None => generator,
                };
                // Another process may have written it since it was asked.
                if generator.tablebase().contains(&material) {
                    return Ok(());
                }
                generator.generate(&material, &*meter).map(drop)
            });
            tablebase.refresh();
            let mut queue = lock(&self.queue);
            queue.running = None;
            match result {
                Ok(()) => {
                    Metrics::bump(&metrics.builds_done);
                    eprintln!("qiboard-server: built {material}");
                }
                Err(error) => {
                    Metrics::bump(&metrics.builds_failed);
                    eprintln!("qiboard-server: building {material} failed: {error}");
                    queue.failed.insert(material, error.to_string());
                }
            }
        }
    }

    /// The entries building `material` solves (its missing tables), or why
    /// it cannot be built under the limits.
    fn plan(&self, material: Material, tablebase: &Tablebase) -> Result<u64, String> {
        if material.piece_count() > MAX_PLANNED_PIECES {
            return Err(format!(
                "{material} has {} pieces; this server builds endgames of at most {MAX_PLANNED_PIECES}",
                material.piece_count()
            ));
        }
        let own = Layout::entries(material);
        if own > self.settings.max_entries {
            return Err(format!(
                "{material} has {own} index entries, above this server's build limit of {}",
                self.settings.max_entries
            ));
        }
        let plan = Plan::new(&[material], self.settings.rules, self.settings.memory_limit);
        let mut entries = 0u64;
        for endgame in &plan.endgames {
            if tablebase.contains(&endgame.material) {
                continue;
            }
            if let Some(blocked) = endgame.blocked {
                return Err(format!(
                    "{} cannot be built here: {blocked}",
                    endgame.material
                ));
            }
            entries = entries.saturating_add(endgame.entries);
        }
        if entries > self.settings.max_entries {
            return Err(format!(
                "{material} and its missing sub-endgames have {entries} index entries, above this server's build limit of {}",
                self.settings.max_entries
            ));
        }
        Ok(entries)
    }

    /// What to answer about the missing `material` (stored orientation),
    /// queueing its build if it may be built.
    pub fn missing(&self, material: Material, tablebase: &Tablebase) -> Verdict {
        if !self.settings.enabled {
            return Verdict::Off;
        }
        let material = material.canonical();
        let planned = lock(&self.queue).planned.get(&material).cloned();
        let plan = match planned {
            Some(known) => known,
            None => {
                let found = self.plan(material, tablebase);
                // Logged once: the verdict is kept and answered again.
                if let Err(why) = &found {
                    eprintln!("qiboard-server: refused to build {material}: {why}");
                }
                lock(&self.queue).planned.insert(material, found.clone());
                found
            }
        };
        if let Err(why) = plan {
            return Verdict::Refused(why);
        }
        let mut queue = lock(&self.queue);
        if let Some(error) = queue.failed.get(&material) {
            return Verdict::Failed(error.clone());
        }
        if let Some((running, meter)) = &queue.running {
            if *running == material {
                let done = meter.done.load(Ordering::Relaxed);
                let total = meter.total.load(Ordering::Relaxed);
                return Verdict::Pending(json!({
                    "status": "building",
                    "material": material.to_string(),
                    "queue_position": 0,
                    "progress": {
                        "entries_done": done,
                        "entries_total": total,
                        "fraction": if total == 0 { 0.0 } else { done as f64 / total as f64 },
                        "stage": lock(&meter.stage).clone(),
                        "stage_done": meter.stage_done.load(Ordering::Relaxed),
                        "stage_total": meter.stage_total.load(Ordering::Relaxed),
                    },
                }));
            }
        }
        let at = match queue.waiting.iter().position(|queued| *queued == material) {
            Some(at) => at,
            None if queue.waiting.len() >= self.settings.queue_len => {
                if queue.turned_away.insert(material) {
                    eprintln!(
                        "qiboard-server: refused to queue {material}: the build queue is full"
                    );
                }
                return Verdict::QueueFull;
            }
            None => {
                queue.waiting.push_back(material);
                self.wake.notify_one();
                queue.waiting.len() - 1
            }
        };
        Verdict::Pending(json!({
            "status": "queued",
            "material": material.to_string(),
            "queue_position": at + 1,
            "progress": null,
        }))
    }

    /// The build under way and the queue, as JSON.
    pub fn status(&self) -> serde_json::Value {
        let queue = lock(&self.queue);
        json!({
            "enabled": self.settings.enabled,
            "max_entries": self.settings.max_entries,
            "building": queue.running.as_ref().map(|(material, _)| material.to_string()),
            "queued": queue.waiting.iter().map(Material::to_string).collect::<Vec<_>>(),
            "failed": queue.failed.iter().map(|(material, why)| json!({"material": material.to_string(), "error": why})).collect::<Vec<_>>(),
        })
    }
}
