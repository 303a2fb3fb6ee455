//! The router: every route, and the guard around them that refuses
//! oversized requests, bounds their time and counts them.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::config::{MAX_BODY_BYTES, MAX_HEADER_BYTES, MAX_URI_BYTES};
use crate::error::ApiError;
use crate::handlers::{
    asset, assets, board_svg, endgame, endgames, health, mainline, metrics_text, rule, xiangqi,
    Shared,
};
use crate::state::AppState;

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
    // The target's length as sent, without writing it out again.
    let target_bytes = request
        .uri()
        .path_and_query()
        .map_or(request.uri().path().len(), |target| target.as_str().len());
    let refused = if target_bytes > MAX_URI_BYTES {
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
    let files = [
        ("/", "text/html; charset=utf-8", assets::INDEX),
        ("/app.js", "text/javascript; charset=utf-8", assets::SCRIPT),
        ("/style.css", "text/css; charset=utf-8", assets::STYLE),
        ("/openapi.json", "application/json", assets::OPENAPI),
    ];
    let mut router = Router::new();
    for (path, content_type, text) in files {
        router = router.route(path, get(move || async move { asset(content_type, text) }));
    }
    router
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
