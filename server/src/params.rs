//! Reading a request's query: its parameters and the position it names.

use axum::extract::Query;
use axum::http::{StatusCode, Uri};
use qiboard::xiangqi::Position;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::json;

use crate::error::ApiError;

/// The query parameters of `uri`.
pub(crate) fn query<T: DeserializeOwned>(uri: &Uri) -> Result<T, ApiError> {
    Query::<T>::try_from_uri(uri)
        .map(|Query(params)| params)
        .map_err(|error| ApiError::new(StatusCode::BAD_REQUEST, error.body_text()))
}

/// `fen` read as a position; `_` stands for a space, as lila-tablebase
/// reads it (a FEN has no `_`), so that URLs need no escapes.
pub(crate) fn parse_fen(fen: &str) -> Result<Position, ApiError> {
    Position::from_fen(fen.replace('_', " ").trim()).map_err(|error| {
        ApiError::new(StatusCode::BAD_REQUEST, format!("bad FEN: {error}"))
            .with("fen", json!(fen.chars().take(200).collect::<String>()))
    })
}

/// The parameters of routes that take a position alone.
#[derive(Deserialize)]
pub(crate) struct FenParams {
    pub(crate) fen: String,
}

/// `/xiangqi/rule`'s parameters.
#[derive(Deserialize)]
pub(crate) struct RuleParams {
    pub(crate) fen: String,
    #[serde(default)]
    pub(crate) moves: String,
}

/// `/xiangqi/board.svg`'s parameters.
#[derive(Deserialize)]
pub(crate) struct BoardParams {
    pub(crate) fen: String,
    #[serde(default)]
    pub(crate) flip: Option<String>,
    #[serde(default)]
    pub(crate) style: Option<String>,
    #[serde(default)]
    pub(crate) coordinates: Option<String>,
    #[serde(default)]
    pub(crate) size: Option<u32>,
    #[serde(default)]
    pub(crate) lastmove: Option<String>,
}

/// Whether a flag parameter is set (present empty counts).
pub(crate) fn truthy(flag: &Option<String>) -> bool {
    matches!(flag.as_deref(), Some("1" | "true" | "yes" | ""))
}

/// The position the `fen` parameter of `uri` names.
pub(crate) fn position_of(uri: &Uri) -> Result<Position, ApiError> {
    let params: FenParams = query(uri)?;
    parse_fen(&params.fen)
}
