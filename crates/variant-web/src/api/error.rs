//! The API's errors and its request extractors: every refusal is a status with
//! `{"error": text}` (docs/web.md, "Errors"); a JSON body ([`JsonBody`]) or a query
//! ([`Params`]) that cannot be read is refused the same way, with the text saying what is wrong.

use crate::room::Refusal;
use axum::body::Bytes;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// An error answer: a status and `{"error": text}`.
#[derive(Debug)]
pub struct ApiError(pub StatusCode, pub String);

/// The body of every error answer.
#[derive(Serialize)]
struct ErrorBody<'a> {
    /// What went wrong.
    error: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, axum::Json(ErrorBody { error: &self.1 })).into_response()
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::BadRequest(m) => ApiError(StatusCode::BAD_REQUEST, m),
            Refusal::Forbidden(m) => ApiError(StatusCode::FORBIDDEN, m),
            Refusal::Conflict(m) => ApiError(StatusCode::CONFLICT, m),
            Refusal::Unprocessable(m) => ApiError(StatusCode::UNPROCESSABLE_ENTITY, m),
        }
    }
}

/// A 400 answer.
pub fn bad(message: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, message.into())
}

/// A 500 answer (the database, a stored game that does not replay).
pub fn internal(message: impl ToString) -> ApiError {
    ApiError(StatusCode::INTERNAL_SERVER_ERROR, message.to_string())
}

/// A 404 answer.
pub fn not_found(message: impl Into<String>) -> ApiError {
    ApiError(StatusCode::NOT_FOUND, message.into())
}

/// `text`, refused with 400 when longer than `max` bytes.
pub fn bounded<'a>(what: &str, text: &'a str, max: usize) -> Result<&'a str, ApiError> {
    if text.len() > max {
        Err(bad(format!("{what}: longer than {max} bytes")))
    } else {
        Ok(text)
    }
}

/// A text shortened for an error message.
pub fn shorten(text: &str) -> String {
    variant_games::variant_core::error::shorten(text)
}

/// A handler's answer.
pub type ApiResult<T = Response> = Result<T, ApiError>;

/// A JSON request body, read into `T` by axum's [`Json`](axum::Json) with the API's
/// refusals. A body must say it is JSON (`Content-Type: application/json` or a `+json` type,
/// any parameters): else 415 naming the type it said, before it is read; a body that does not
/// read (an empty one included) is 400 `request body: …`; one over the limit is 413.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = json_bytes(request, state).await?;
        match axum::Json::<T>::from_bytes(&bytes) {
            Ok(axum::Json(value)) => Ok(JsonBody(value)),
            Err(rejection) => Err(json_refusal(rejection)),
        }
    }
}

/// An optional JSON request body: `None` for an empty one (no type needed), else as
/// [`JsonBody`].
pub struct MaybeJsonBody<T>(pub Option<T>);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for MaybeJsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = json_bytes(request, state).await?;
        if bytes.is_empty() {
            return Ok(MaybeJsonBody(None));
        }
        match axum::Json::<T>::from_bytes(&bytes) {
            Ok(axum::Json(value)) => Ok(MaybeJsonBody(Some(value))),
            Err(rejection) => Err(json_refusal(rejection)),
        }
    }
}

/// The request's body, refused with 415 when it is not empty and does not say it is JSON
/// (before it is read when its length says so), and with 413 over the body limit.
async fn json_bytes<S: Send + Sync>(request: Request, state: &S) -> Result<Bytes, ApiError> {
    let said = content_type(&request);
    let is_json = said.as_deref().is_some_and(json_type);
    if !is_json && has_body(&request) {
        return Err(unsupported(said));
    }
    let bytes = Bytes::from_request(request, state)
        .await
        .map_err(|e| ApiError(e.status(), format!("request body: {}", e.body_text())))?;
    if !is_json && !bytes.is_empty() {
        return Err(unsupported(said));
    }
    Ok(bytes)
}

/// Whether a `Content-Type` says JSON: `application/json` or `application/…+json`, any case,
/// any parameters.
fn json_type(kind: &str) -> bool {
    let essence = kind
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The 415 for a body of type `said`.
fn unsupported(said: Option<String>) -> ApiError {
    let said = said.map_or_else(
        || "no Content-Type".to_string(),
        |k| format!("Content-Type {k:?}"),
    );
    ApiError(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        format!("request body: {said}; send JSON with Content-Type: application/json"),
    )
}

/// Whether the request says it has a body (a length other than 0, or chunks).
fn has_body(request: &Request) -> bool {
    request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|n| n.trim() != "0")
        || request.headers().contains_key(header::TRANSFER_ENCODING)
}

/// The request's `Content-Type`, as it said it.
fn content_type(request: &Request) -> Option<String> {
    request
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
}

/// The API's answer for a body axum's `Json` refused.
fn json_refusal(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::JsonDataError(e) => {
            bad(format!("request body: {}", serde_text(e.body_text())))
        }
        JsonRejection::JsonSyntaxError(e) => {
            bad(format!("request body: {}", serde_text(e.body_text())))
        }
        other => ApiError(
            other.status(),
            format!("request body: {}", other.body_text()),
        ),
    }
}

/// The reader's own words of a JSON rejection (what axum puts after its prefix).
fn serde_text(text: String) -> String {
    for prefix in [
        "Failed to deserialize the JSON body into the target type: ",
        "Failed to parse the request body as JSON: ",
    ] {
        if let Some(rest) = text.strip_prefix(prefix) {
            return rest.to_string();
        }
    }
    text
}

/// A request's query, read into `T`: axum's [`Query`] with the API's refusals. A key `T`
/// does not take is refused with 400 naming it and the keys the path takes (`T` denies
/// unknown fields); any other query that does not read is 400 `query: …`.
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(value)) => Ok(Params(value)),
            Err(rejection) => Err(query_refusal(&rejection)),
        }
    }
}

/// The API's answer for a query axum's `Query` refused.
fn query_refusal(rejection: &QueryRejection) -> ApiError {
    let text = rejection.body_text();
    let text = text
        .strip_prefix("Failed to deserialize query string: ")
        .unwrap_or(&text);
    // serde's words for a key the type does not take: "k: unknown field `k`, expected one of
    // `a`, `b`" (or "expected `a`").
    if let Some((_, rest)) = text.split_once("unknown field `")
        && let Some((key, expected)) = rest.split_once('`')
    {
        let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
        return bad(format!(
            "{}: unknown parameter; this path takes {}",
            shorten(key),
            known.join(", ")
        ));
    }
    bad(format!("query: {text}"))
}
