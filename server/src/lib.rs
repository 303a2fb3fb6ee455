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
//! - Probes run on tokio's blocking pool behind a semaphore (with
//!   `--inline-probes`, a position's probe runs on the request's own
//!   thread when a slot is free); past the queue's limit a request is
//!   refused with 503 and `Retry-After`. Answers
//!   are kept in a bounded response cache (`--no-cache` turns it off).
//! - Oversized requests are refused with JSON errors (414 for a long
//!   target, 431 for large headers, 413 for a body); requests that take
//!   too long get 503.
//!
//! The modules, one job each: `config` (settings and limits), `state`
//! (what the handlers share, and probing through it), `params` (reading
//! a query), `handlers` (one function a route), `routes` (the router and
//! its guard), `error` (JSON errors and replies), [`report`] (the JSON
//! shapes of answers), [`metrics`], [`ondemand`] (building missing
//! tables) and [`stats`] (per-endgame statistics).
//!
//! Simplification: HTTP/1.1 only (no TLS: put it behind a proxy).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod config;
mod error;
mod handlers;
pub mod metrics;
pub mod ondemand;
mod params;
pub mod report;
mod routes;
mod state;
pub mod stats;

pub use config::{Config, MAX_BODY_BYTES, MAX_HEADER_BYTES, MAX_URI_BYTES};
pub use error::ApiError;
pub use routes::router;
pub use state::{AppState, Weigh};

/// `mutex` locked; a lock a panicking thread left poisoned still holds
/// consistent data here (counters and queues updated in one step).
pub(crate) fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
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
