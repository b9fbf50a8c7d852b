//! The page and its assets, compiled into the binary.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../assets/web/index.html");
const APP_JS: &str = include_str!("../assets/web/app.js");
const STYLE: &str = include_str!("../assets/web/style.css");

/// The page (the same for `/` and for a game's links; the script reads the address).
pub async fn index() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX,
    )
        .into_response()
}

/// `/assets/{file}`.
pub async fn file(Path(name): Path<String>) -> Response {
    let (body, kind) = match name.as_str() {
        "app.js" => (APP_JS, "text/javascript; charset=utf-8"),
        "style.css" => (STYLE, "text/css; charset=utf-8"),
        _ => {
            return (
                StatusCode::NOT_FOUND,
                axum::Json(serde_json::json!({"error": "no such asset"})),
            )
                .into_response();
        }
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
