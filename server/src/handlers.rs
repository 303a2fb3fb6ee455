//! The route handlers.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::{Path as UrlPath, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use qiboard::xiangqi::svg::{self, Coordinates, PieceStyle};
use qiboard::xiangqi::Square;
use qiboard_tablebase::{Layout, Material};
use serde_json::json;

use crate::error::{json_bytes, json_response, ApiError};
use crate::lock;
use crate::params::{parse_fen, position_of, query, truthy, BoardParams, RuleParams};
use crate::report;
use crate::state::AppState;
use crate::stats;

pub(crate) type Shared = State<Arc<AppState>>;

pub(crate) async fn xiangqi(State(state): Shared, uri: Uri) -> Result<Response, ApiError> {
    let position = position_of(&uri)?;
    state
        .probe("xiangqi", position, report::position, true)
        .await
}

pub(crate) async fn mainline(State(state): Shared, uri: Uri) -> Result<Response, ApiError> {
    let position = position_of(&uri)?;
    state
        .probe("mainline", position, report::mainline, false)
        .await
}

pub(crate) async fn rule(State(state): Shared, uri: Uri) -> Result<Response, ApiError> {
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

pub(crate) async fn board_svg(uri: Uri) -> Result<Response, ApiError> {
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

pub(crate) async fn endgames(State(state): Shared) -> Result<Response, ApiError> {
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

pub(crate) async fn endgame(
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

pub(crate) async fn metrics_text(State(state): Shared) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render(state.tablebase.cache_stats()),
    )
        .into_response()
}

pub(crate) async fn health(State(state): Shared) -> Response {
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
pub(crate) mod assets {
    pub const INDEX: &str = include_str!("../assets/index.html");
    pub const SCRIPT: &str = include_str!("../assets/app.js");
    pub const STYLE: &str = include_str!("../assets/style.css");
    pub const OPENAPI: &str = include_str!("../assets/openapi.json");
}

/// A static file's reply.
pub(crate) fn asset(content_type: &'static str, text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], text).into_response()
}
