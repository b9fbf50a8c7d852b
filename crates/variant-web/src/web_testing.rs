//! The web server of `variants serve` (this crate) in-process: requests go straight to its router (tower's
//! `oneshot`), with no socket and no file, over a fresh in-memory database. For tests and the
//! `web_api` fuzz target (fuzz/checks), which feed it arbitrary request bodies.
//!
//! Engine seats never think here (see [`Server::new`]); everything else — body parsing and
//! validation, the games, tokens, undo, draws, the database writes — is the server's own code.

use axum::body::Body;
use axum::http::{Method, Request, header};
use tower::ServiceExt;

/// Largest answer read back, in bytes (a state with its moves list is far smaller).
const MAX_ANSWER: usize = 4 << 20;

/// An in-process `variants serve` with an empty in-memory database.
///
/// # Example
///
/// ```
/// let server = variant_web::web_testing::Server::new().unwrap();
/// let (status, body) = server.request("POST", "/api/games", b"{\"game\": \"chess3d\"}");
/// assert_eq!(status, 201, "{body}");
/// let (status, body) = server.request("POST", "/api/games", b"not json");
/// assert_eq!(status, 400);
/// assert!(body.contains("error"));
/// ```
pub struct Server {
    router: axum::Router,
    runtime: tokio::runtime::Runtime,
}

impl Server {
    /// A server with no game. Engine seats (`"players": {"white": "engine"}`) are accepted
    /// but never move: the search permits of the real server are withheld, so no request
    /// starts a search that would outlive it.
    ///
    /// # Errors
    ///
    /// The in-memory database or the runtime cannot be made (a text saying which).
    ///
    /// # Example
    ///
    /// ```
    /// let server = variant_web::web_testing::Server::new().unwrap();
    /// assert_eq!(server.request("GET", "/api/games/nope", b"").0, 404);
    /// ```
    pub fn new() -> Result<Self, String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start a runtime: {e}"))?;
        // The router is made inside the runtime: the database thread answers through tokio.
        let router = runtime.block_on(async { crate::in_memory_router() })?;
        Ok(Server { router, runtime })
    }

    /// Sends one request (`method` such as `"POST"`, `path` such as `/api/games`, a JSON
    /// `body`) and returns the status code and the answer's body as text (invalid UTF-8
    /// replaced). A method that is not one of HTTP's gives 405 without reaching the server; a
    /// path that is no URI gives 400.
    ///
    /// # Example
    ///
    /// ```
    /// let server = variant_web::web_testing::Server::new().unwrap();
    /// let (status, info) = server.request("GET", "/api/info", b"");
    /// assert_eq!(status, 200);
    /// assert!(info.contains("chess3d"));
    /// ```
    pub fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        let Ok(method) = Method::from_bytes(method.as_bytes()) else {
            return (405, String::from("{\"error\": \"not an HTTP method\"}"));
        };
        let request = Request::builder()
            .method(method)
            .uri(path)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_vec()));
        let Ok(request) = request else {
            return (400, String::from("{\"error\": \"not a URI\"}"));
        };
        let router = self.router.clone();
        self.runtime.block_on(async move {
            let response = match router.oneshot(request).await {
                Ok(response) => response,
                Err(never) => match never {},
            };
            let status = response.status().as_u16();
            let bytes = axum::body::to_bytes(response.into_body(), MAX_ANSWER)
                .await
                .unwrap_or_default();
            (status, String::from_utf8_lossy(&bytes).into_owned())
        })
    }
}
