//! # qiboard-server
//!
//! An HTTP server for qiboard's xiangqi endgame tablebases, on the public
//! API of `qiboard-tablebase` (the prober) and `qiboard` (positions,
//! notations, the repetition rules, board images), with
//! `qiboard-tablebase-gen` building missing tables on demand.
//!
//! - The JSON API ([`router`]): a position's value and its moves ranked
//!   (`/xiangqi`), the best line (`/xiangqi/mainline`), the repetition
//!   rules' ruling of a game (`/xiangqi/rule`), the endgames served with
//!   their statistics (`/endgames`), a board image
//!   (`/xiangqi/board.svg`), Prometheus counters (`/metrics`), `/health`
//!   and the OpenAPI document (`/openapi.json`). The routes follow
//!   lila-tablebase's (lichess's chess tablebase server) where xiangqi has
//!   the same notion, and chessdb's `queryrule` for the rulings.
//! - The web explorer at `/`: static files embedded in the binary.
//! - Probes run on tokio's blocking pool behind a semaphore; past the
//!   queue's limit a request is refused with 503 and `Retry-After`. Answers
//!   are kept in a bounded response cache (`--no-cache` turns it off).
//! - Oversized requests are refused with JSON errors (414 for a long
//!   target, 431 for large headers, 413 for a body); requests that take
//!   too long get 503.
//!
//! Simplifications: HTTP/1.1 only (no TLS: put it behind a proxy); the
//! prober's block reads are not counted in `/metrics` (its API does not
//! expose them).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod metrics;
pub mod ondemand;
pub mod report;
pub mod stats;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{Path as UrlPath, Query, Request, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use qiboard::xiangqi::svg::{self, Coordinates, PieceStyle};
use qiboard::xiangqi::{Position, Square};
use qiboard_tablebase::{Layout, Material, ProbeError, RuleSet, Tablebase, DEFAULT_CACHE_BYTES};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::Semaphore;

use crate::metrics::Metrics;
use crate::ondemand::{Builder, Verdict};

/// The server's settings (also its command line).
#[derive(Clone, Debug, clap::Parser)]
#[command(
    name = "qiboard-server",
    version,
    about = "Serves xiangqi endgame tablebases over HTTP, with a web explorer."
)]
pub struct Config {
    /// The directory of tables (created if missing).
    #[arg(long, default_value = "xiangqi-tables")]
    pub dir: PathBuf,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:9000")]
    pub listen: SocketAddr,
    /// Turns the response cache off: every request probes.
    #[arg(long)]
    pub no_cache: bool,
    /// Bytes of answers the response cache keeps, in MiB.
    #[arg(long, default_value_t = 64)]
    pub cache_mib: u64,
    /// The tablebase's block cache, in MiB.
    #[arg(long, default_value_t = (DEFAULT_CACHE_BYTES >> 20) as u64)]
    pub tb_cache_mib: u64,
    /// Probes running at once on the blocking pool.
    #[arg(long, default_value_t = 8)]
    pub max_probes: usize,
    /// Requests waiting for or running a probe before new ones get 503.
    #[arg(long, default_value_t = 512)]
    pub max_pending: usize,
    /// Seconds a request may take before it gets 503.
    #[arg(long, default_value_t = 30)]
    pub timeout_secs: u64,
    /// Never builds missing endgames.
    #[arg(long)]
    pub no_build: bool,
    /// The most index entries a build on demand may solve (the endgame
    /// and its missing sub-endgames together).
    #[arg(long, default_value_t = 100_000_000)]
    pub max_build_entries: u64,
    /// Endgames waiting to be built before more are refused.
    #[arg(long, default_value_t = 8)]
    pub build_queue: usize,
    /// Working memory a build may use, in MiB (none: no limit).
    #[arg(long)]
    pub build_memory_mib: Option<u64>,
    /// The repetition rules the tables are solved under.
    #[arg(long, default_value = "asian")]
    pub rules: RuleSet,
}

impl Config {
    /// The defaults, over `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Config {
        use clap::Parser;
        let mut config = Config::parse_from(["qiboard-server"]);
        config.dir = dir.into();
        config
    }
}

/// The longest request target accepted (414 past it).
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// The most header bytes accepted (431 past them).
pub const MAX_HEADER_BYTES: usize = 16 * 1024;
/// The largest request body accepted (413 past it): no route takes one.
pub const MAX_BODY_BYTES: u64 = 16 * 1024;

/// What the handlers share.
pub struct AppState {
    config: Config,
    tablebase: Arc<Tablebase>,
    cache: Option<quick_cache::sync::Cache<String, Bytes, Weigh>>,
    metrics: Arc<Metrics>,
    probes: Arc<Semaphore>,
    pending: AtomicUsize,
    builder: Arc<Builder>,
    stats: std::sync::Mutex<HashMap<Material, Bytes>>,
}

/// Weighs cache entries by their bytes.
#[derive(Clone)]
pub struct Weigh;

impl quick_cache::Weighter<String, Bytes> for Weigh {
    fn weight(&self, key: &String, value: &Bytes) -> u64 {
        (key.len() + value.len() + 64) as u64
    }
}

/// An error answered as JSON: `{"error": message, "status": code}` and
/// whatever else it carries.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: serde_json::Value,
    retry_after: Option<u64>,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: json!({"error": message.into(), "status": status.as_u16()}),
            retry_after: None,
        }
    }

    fn with(mut self, key: &str, value: serde_json::Value) -> ApiError {
        self.body[key] = value;
        self
    }

    fn retry(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }

    fn saturated() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is saturated; retry shortly",
        )
        .retry(1)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, json_bytes(&self.body)).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

fn json_bytes(value: &impl Serialize) -> Bytes {
    Bytes::from(serde_json::to_vec(value).unwrap_or_else(|_| b"{}".to_vec()))
}

fn json_response(bytes: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}

/// The query parameters of `uri`.
fn query<T: DeserializeOwned>(uri: &Uri) -> Result<T, ApiError> {
    Query::<T>::try_from_uri(uri)
        .map(|Query(params)| params)
        .map_err(|error| ApiError::new(StatusCode::BAD_REQUEST, error.body_text()))
}

/// `fen` read as a position; `_` stands for a space, as lila-tablebase
/// reads it (a FEN has no `_`), so that URLs need no escapes.
fn parse_fen(fen: &str) -> Result<Position, ApiError> {
    Position::from_fen(fen.replace('_', " ").trim()).map_err(|error| {
        ApiError::new(StatusCode::BAD_REQUEST, format!("bad FEN: {error}"))
            .with("fen", json!(fen.chars().take(200).collect::<String>()))
    })
}

#[derive(Deserialize)]
struct FenParams {
    fen: String,
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
        let builder = Arc::new(Builder::new(
            Some(config.dir.clone()),
            !config.no_build,
            config.rules,
            config.max_build_entries,
            config.build_queue,
            config
                .build_memory_mib
                .map(|mib| mib.saturating_mul(1 << 20)),
        ));
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
    async fn blocking<T: Send + 'static>(
        &self,
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
            Metrics::bump(&self.metrics.saturated);
            eprintln!("qiboard-server: refused a request: {waiting} already waiting");
            return Err(ApiError::saturated());
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
        .map_err(|_| {
            eprintln!("qiboard-server: a probe failed unexpectedly");
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the probe failed")
        })
    }

    /// The answer of `report` about `position`, from the cache or probed.
    async fn probe<T: Serialize + 'static>(
        self: &Arc<Self>,
        route: &str,
        position: Position,
        report: fn(&Tablebase, &Position) -> Result<T, ProbeError>,
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
            .blocking(move || report(&tablebase, &position).map(|report| json_bytes(&report)))
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

type Shared = State<Arc<AppState>>;

async fn xiangqi(State(state): Shared, uri: Uri) -> Result<Response, ApiError> {
    let params: FenParams = query(&uri)?;
    let position = parse_fen(&params.fen)?;
    state.probe("xiangqi", position, report::position).await
}

async fn mainline(State(state): Shared, uri: Uri) -> Result<Response, ApiError> {
    let params: FenParams = query(&uri)?;
    let position = parse_fen(&params.fen)?;
    state.probe("mainline", position, report::mainline).await
}

#[derive(Deserialize)]
struct RuleParams {
    fen: String,
    #[serde(default)]
    moves: String,
}

async fn rule(State(state): Shared, uri: Uri) -> Result<Response, ApiError> {
    let params: RuleParams = query(&uri)?;
    let position = parse_fen(&params.fen)?;
    let moves: Vec<String> = params
        .moves
        .split([',', ' '])
        .filter(|text| !text.is_empty())
        .map(str::to_owned)
        .collect();
    if moves.len() > report::MAX_RULE_MOVES {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "{} moves; at most {} are ruled",
                moves.len(),
                report::MAX_RULE_MOVES
            ),
        ));
    }
    let ruled = state
        .blocking(move || {
            let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
            report::rule(position, &texts).map(|report| json_bytes(&report))
        })
        .await?;
    match ruled {
        Ok(bytes) => Ok(json_response(bytes)),
        Err(bad) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("move {}: {}", bad.index + 1, bad.why),
        )
        .with("index", json!(bad.index))),
    }
}

#[derive(Deserialize)]
struct BoardParams {
    fen: String,
    #[serde(default)]
    flip: Option<String>,
    #[serde(default)]
    style: Option<String>,
    #[serde(default)]
    coordinates: Option<String>,
    #[serde(default)]
    size: Option<u32>,
    #[serde(default)]
    lastmove: Option<String>,
}

fn truthy(flag: &Option<String>) -> bool {
    matches!(flag.as_deref(), Some("1" | "true" | "yes" | ""))
}

async fn board_svg(uri: Uri) -> Result<Response, ApiError> {
    let params: BoardParams = query(&uri)?;
    let position = parse_fen(&params.fen)?;
    let mut options = svg::Options::new()
        .flipped(truthy(&params.flip))
        .size(params.size.map(|size| size.clamp(100, 2000)));
    options = options.pieces(match params.style.as_deref() {
        None | Some("chinese") => PieceStyle::Chinese,
        Some("latin") => PieceStyle::Latin,
        Some(other) => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("style {other:?}: chinese or latin"),
            ))
        }
    });
    options = options.coordinates(match params.coordinates.as_deref() {
        None | Some("ucci") => Coordinates::Ucci,
        Some("wxf") => Coordinates::Wxf,
        Some("none") => Coordinates::None,
        Some(other) => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("coordinates {other:?}: ucci, wxf or none"),
            ))
        }
    });
    if let Some(text) = params.lastmove.as_deref() {
        let squares = (text.get(0..2), text.get(2..4), text.len() == 4);
        let (Some(from), Some(to), true) = squares else {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("lastmove {text:?}: two squares, like h2e2"),
            ));
        };
        let square = |text: &str| {
            text.parse::<Square>().map_err(|_| {
                ApiError::new(StatusCode::BAD_REQUEST, format!("{text:?} is not a square"))
            })
        };
        options = options.last_move(square(from)?, square(to)?);
    }
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        svg::board(&position, &options),
    )
        .into_response())
}

async fn endgames(State(state): Shared) -> Result<Response, ApiError> {
    let listed = Arc::clone(&state);
    let list = state
        .blocking(move || {
            let endgames: Vec<_> = listed
                .tablebase
                .materials()
                .into_iter()
                .map(|material| {
                    json!({
                        "material": material.to_string(),
                        "pieces": material.piece_count(),
                        "entries": Layout::entries(material),
                    })
                })
                .collect();
            json!({
                "rules": listed.config.rules.to_string(),
                "endgames": endgames,
                "builds": listed.builder.status(),
            })
        })
        .await?;
    Ok(json_response(json_bytes(&list)))
}

async fn endgame(
    State(state): Shared,
    UrlPath(text): UrlPath<String>,
) -> Result<Response, ApiError> {
    let material: Material = text
        .parse()
        .map_err(|error| ApiError::new(StatusCode::BAD_REQUEST, format!("{error}")))?;
    let material = material.canonical();
    if let Some(known) = lock(&state.stats).get(&material) {
        return Ok(json_response(known.clone()));
    }
    let computing = Arc::clone(&state);
    let found = state
        .blocking(move || {
            if !computing.tablebase.contains(&material) {
                return Ok(None);
            }
            let limit = computing.config.max_build_entries;
            stats::compute(&computing.config.dir, material, limit).map(Some)
        })
        .await?;
    match found {
        Ok(Some(json)) => {
            let bytes = json_bytes(&json);
            lock(&state.stats).insert(material, bytes.clone());
            Ok(json_response(bytes))
        }
        Ok(None) => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("{material} is not served here"),
        )
        .with("material", json!(material.to_string()))),
        Err(error @ stats::StatsError::TooLarge { .. }) => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("statistics of {material}: {error}"),
        )),
        Err(error) => {
            eprintln!("qiboard-server: statistics of {material}: {error}");
            Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("statistics of {material}: {error}"),
            ))
        }
    }
}

fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

async fn metrics_text(State(state): Shared) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render(),
    )
        .into_response()
}

async fn health(State(state): Shared) -> Response {
    let ok = state.tablebase.dir().is_some_and(std::path::Path::is_dir);
    let status = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let body = json!({
        "status": if ok { "ok" } else { "no tables directory" },
        "pending": state.pending.load(Ordering::Relaxed),
        "cache": state.cache.is_some(),
        "build": state.builder.enabled(),
    });
    (status, json_response(json_bytes(&body))).into_response()
}

/// The explorer's files and the OpenAPI document, embedded.
mod assets {
    pub const INDEX: &str = include_str!("../assets/index.html");
    pub const SCRIPT: &str = include_str!("../assets/app.js");
    pub const STYLE: &str = include_str!("../assets/style.css");
    pub const OPENAPI: &str = include_str!("../assets/openapi.json");
}

fn asset(content_type: &'static str, text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], text).into_response()
}

/// The route a path is served by, for the metrics' labels.
fn route_label(path: &str) -> &'static str {
    const ROUTES: [&str; 12] = [
        "/",
        "/app.js",
        "/style.css",
        "/openapi.json",
        "/xiangqi",
        "/xiangqi/mainline",
        "/xiangqi/rule",
        "/xiangqi/board.svg",
        "/endgames",
        "/metrics",
        "/health",
        "/endgames/{material}",
    ];
    match ROUTES.iter().find(|route| **route == path) {
        Some(route) => route,
        None if path.starts_with("/endgames/") => "/endgames/{material}",
        None => "unmatched",
    }
}

/// Refuses oversized requests with JSON, bounds each request's time, and
/// counts every request in the metrics.
async fn guard(State(state): Shared, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let route = route_label(request.uri().path());
    let header_bytes: usize = request
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 4)
        .sum();
    let body_bytes = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|text| text.parse::<u64>().ok())
        .unwrap_or(0);
    let refused = if request.uri().to_string().len() > MAX_URI_BYTES {
        Some(ApiError::new(
            StatusCode::URI_TOO_LONG,
            format!("the request target is over {MAX_URI_BYTES} bytes"),
        ))
    } else if header_bytes > MAX_HEADER_BYTES {
        Some(ApiError::new(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!("the headers are over {MAX_HEADER_BYTES} bytes"),
        ))
    } else if body_bytes > MAX_BODY_BYTES {
        Some(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is over {MAX_BODY_BYTES} bytes"),
        ))
    } else {
        None
    };
    let response = match refused {
        Some(error) => {
            eprintln!("qiboard-server: refused a request: {}", error.body["error"]);
            error.into_response()
        }
        None => {
            let limit = Duration::from_secs(state.config.timeout_secs.max(1));
            match tokio::time::timeout(limit, next.run(request)).await {
                Ok(response) => response,
                Err(_) => {
                    eprintln!("qiboard-server: a request on {route} timed out");
                    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the request timed out")
                        .retry(5)
                        .into_response()
                }
            }
        }
    };
    state
        .metrics
        .record(route, response.status().as_u16(), started.elapsed());
    response
}

/// The application: every route, the guard, CORS and compression.
pub fn router(state: Arc<AppState>) -> Router {
    use tower_http::compression::CompressionLayer;
    use tower_http::cors::CorsLayer;
    use tower_http::limit::RequestBodyLimitLayer;
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", assets::INDEX) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", assets::SCRIPT) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", assets::STYLE) }),
        )
        .route(
            "/openapi.json",
            get(|| async { asset("application/json", assets::OPENAPI) }),
        )
        .route("/xiangqi", get(xiangqi))
        .route("/xiangqi/mainline", get(mainline))
        .route("/xiangqi/rule", get(rule))
        .route("/xiangqi/board.svg", get(board_svg))
        .route("/endgames", get(endgames))
        .route("/endgames/{material}", get(endgame))
        .route("/metrics", get(metrics_text))
        .route("/health", get(health))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such route") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "only GET is served")
        })
        // Inside the guard, which refuses a declared oversized body with
        // JSON first: this catches bodies sent without a length.
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES as usize))
        .layer(middleware::from_fn_with_state(Arc::clone(&state), guard))
        .layer(CompressionLayer::new())
        .layer(CorsLayer::permissive())
        .with_state(state)
}

/// Serves `config` on `listener` until `shutdown` completes.
///
/// # Errors
///
/// The tables' directory cannot be opened, or serving fails.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let state = AppState::new(config).map_err(std::io::Error::other)?;
    let app = router(state);
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
}
