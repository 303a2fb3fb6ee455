//! What the handlers share: the tablebase, the response cache, the probe
//! limits and the builder; probing through them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use axum::body::Bytes;
use axum::http::StatusCode;
use axum::response::Response;
use qiboard::xiangqi::Position;
use qiboard_tablebase::{Material, ProbeError, Tablebase};
use serde::Serialize;
use serde_json::json;
use tokio::sync::Semaphore;

use crate::config::Config;
use crate::error::{json_bytes, json_response, ApiError};
use crate::metrics::Metrics;
use crate::ondemand::{BuildSettings, Builder, Verdict};

/// What the handlers share.
pub struct AppState {
    pub(crate) config: Config,
    pub(crate) tablebase: Arc<Tablebase>,
    pub(crate) cache: Option<quick_cache::sync::Cache<String, Bytes, Weigh>>,
    pub(crate) metrics: Arc<Metrics>,
    pub(crate) probes: Arc<Semaphore>,
    pub(crate) pending: AtomicUsize,
    pub(crate) builder: Arc<Builder>,
    pub(crate) stats: std::sync::Mutex<HashMap<Material, Bytes>>,
}

/// Weighs cache entries by their bytes.
#[derive(Clone)]
pub struct Weigh;

impl quick_cache::Weighter<String, Bytes> for Weigh {
    fn weight(&self, key: &String, value: &Bytes) -> u64 {
        (key.len() + value.len() + 64) as u64
    }
}

impl AppState {
    /// The state over `config`, its tablebase opened (the directory
    /// created if missing) and the builder started.
    ///
    /// # Errors
    ///
    /// The directory cannot be created or opened.
    pub fn new(config: Config) -> Result<Arc<AppState>, ProbeError> {
        if !config.dir.exists() {
            std::fs::create_dir_all(&config.dir).map_err(|source| ProbeError::Io {
                path: config.dir.clone(),
                source,
            })?;
        }
        let tablebase = Tablebase::open(&config.dir)?
            .with_rules(config.rules)
            .with_cache_bytes((config.tb_cache_mib as usize).saturating_mul(1 << 20));
        let tablebase = Arc::new(tablebase);
        let cache = (!config.no_cache).then(|| {
            let bytes = config.cache_mib.saturating_mul(1 << 20);
            quick_cache::sync::Cache::with_weighter((bytes / 512).max(16) as usize, bytes, Weigh)
        });
        let metrics = Arc::new(Metrics::default());
        let builder = Arc::new(Builder::new(BuildSettings {
            dir: Some(config.dir.clone()),
            enabled: !config.no_build,
            rules: config.rules,
            max_entries: config.max_build_entries,
            queue_len: config.build_queue,
            memory_limit: config
                .build_memory_mib
                .map(|mib| mib.saturating_mul(1 << 20)),
        }));
        builder.start(Arc::clone(&tablebase), Arc::clone(&metrics));
        Ok(Arc::new(AppState {
            probes: Arc::new(Semaphore::new(config.max_probes.max(1))),
            config,
            tablebase,
            cache,
            metrics,
            pending: AtomicUsize::new(0),
            builder,
            stats: std::sync::Mutex::default(),
        }))
    }

    /// The tablebase served.
    pub fn tablebase(&self) -> &Tablebase {
        &self.tablebase
    }

    /// Runs `job` on the blocking pool within the probe limits: 503 when
    /// more than `max_pending` requests wait already.
    pub(crate) async fn blocking<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        self.run(false, job).await
    }

    /// Runs `job` within the probe limits: on this worker thread when
    /// `inline` and a probe slot is free at once, else on the blocking
    /// pool once a slot frees.
    async fn run<T: Send + 'static>(
        &self,
        inline: bool,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        struct Pending<'a>(&'a AtomicUsize);
        impl Drop for Pending<'_> {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::Relaxed);
            }
        }
        let waiting = self.pending.fetch_add(1, Ordering::Relaxed);
        let _pending = Pending(&self.pending);
        if waiting >= self.config.max_pending {
            let refused = Metrics::bump(&self.metrics.saturated);
            // Logged at the 1st, 2nd, 4th, 8th... refusal: a flood of
            // requests must not become a flood of log lines.
            if refused.is_power_of_two() {
                eprintln!(
                    "qiboard-server: refused a request with 503: {waiting} already waiting ({refused} refused so far)"
                );
            }
            return Err(ApiError::saturated());
        }
        let failed = || {
            eprintln!("qiboard-server: a probe failed unexpectedly");
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the probe failed")
        };
        if inline && self.config.inline_probes {
            if let Ok(_permit) = self.probes.try_acquire() {
                // A panic is answered with 500, as the pool's join error is.
                return std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
                    .map_err(|_| failed());
            }
        }
        let permit = Arc::clone(&self.probes)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::saturated())?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job()
        })
        .await
        .map_err(|_| failed())
    }

    /// The answer of `report` about `position`, from the cache or probed.
    pub(crate) async fn probe<T: Serialize + 'static>(
        self: &Arc<Self>,
        route: &str,
        position: Position,
        report: fn(&Tablebase, &Position) -> Result<T, ProbeError>,
        inline: bool,
    ) -> Result<Response, ApiError> {
        let key = format!("{route} {}", position.fen());
        if let Some(cache) = &self.cache {
            if let Some(hit) = cache.get(&key) {
                Metrics::bump(&self.metrics.cache_hits);
                return Ok(json_response(hit));
            }
            Metrics::bump(&self.metrics.cache_misses);
        }
        let tablebase = Arc::clone(&self.tablebase);
        let answer = self
            .run(inline, move || {
                report(&tablebase, &position).map(|report| json_bytes(&report))
            })
            .await?;
        match answer {
            Ok(bytes) => {
                if let Some(cache) = &self.cache {
                    cache.insert(key, bytes.clone());
                }
                Ok(json_response(bytes))
            }
            Err(error) => Err(self.probe_error(error).await),
        }
    }

    /// The answer to a failed probe: a missing table goes to the builder.
    async fn probe_error(self: &Arc<Self>, error: ProbeError) -> ApiError {
        match error {
            ProbeError::Missing { material, .. } => {
                let state = Arc::clone(self);
                let verdict = self
                    .blocking(move || state.builder.missing(material, &state.tablebase))
                    .await;
                let missing = |message: String| {
                    ApiError::new(StatusCode::NOT_FOUND, message)
                        .with("material", json!(material.to_string()))
                };
                match verdict {
                    Err(error) => error,
                    Ok(Verdict::Off) => missing(format!(
                        "no table for {material}, and this server does not build tables"
                    )),
                    Ok(Verdict::Refused(why)) => ApiError::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        format!("no table for {material}, and it will not be built: {why}"),
                    )
                    .with("material", json!(material.to_string())),
                    Ok(Verdict::Failed(why)) => ApiError::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        format!("no table for {material}: building it failed: {why}"),
                    )
                    .with("material", json!(material.to_string())),
                    Ok(Verdict::QueueFull) => ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        format!("no table for {material}, and the build queue is full"),
                    )
                    .retry(10),
                    Ok(Verdict::Pending(progress)) => ApiError {
                        status: StatusCode::ACCEPTED,
                        body: progress,
                        retry_after: Some(1),
                    },
                }
            }
            ProbeError::Material(_) | ProbeError::TooLarge(_) | ProbeError::OffDomain { .. } => {
                ApiError::new(StatusCode::NOT_FOUND, error.to_string())
            }
            other => {
                eprintln!("qiboard-server: probe failed: {other}");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, other.to_string())
            }
        }
    }
}
