//! Errors answered as JSON, and the JSON replies themselves.

use axum::body::Bytes;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::json;

/// An error answered as JSON: `{"error": message, "status": code}` and
/// whatever else it carries.
#[derive(Debug)]
pub struct ApiError {
    pub(crate) status: StatusCode,
    pub(crate) body: serde_json::Value,
    pub(crate) retry_after: Option<u64>,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: json!({"error": message.into(), "status": status.as_u16()}),
            retry_after: None,
        }
    }

    pub(crate) fn with(mut self, key: &str, value: serde_json::Value) -> ApiError {
        self.body[key] = value;
        self
    }

    pub(crate) fn retry(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }

    pub(crate) fn saturated() -> ApiError {
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

/// `value` as JSON bytes.
pub(crate) fn json_bytes(value: &impl Serialize) -> Bytes {
    // Room for a position's answer with its moves at once, rather than
    // growing the buffer in steps.
    let mut out = Vec::with_capacity(4096);
    match serde_json::to_writer(&mut out, value) {
        Ok(()) => Bytes::from(out),
        Err(_) => Bytes::from_static(b"{}"),
    }
}

/// A JSON reply of `bytes`.
pub(crate) fn json_response(bytes: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}
