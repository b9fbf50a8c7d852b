//! The page and its assets, compiled into the binary: the HTML, the style sheet and the script's
//! ES modules, each served as it is (no bundler; the browser loads `main.js` and follows its
//! imports).

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

const INDEX: &str = include_str!("../assets/web/index.html");

const JS: &str = "text/javascript; charset=utf-8";

/// Every file under `/assets/`: its name, its text and its content type. A module the script
/// imports must be listed here (a browser test loads every page, so a missing one fails there).
const FILES: &[(&str, &str, &str)] = &[
    (
        "style.css",
        include_str!("../assets/web/style.css"),
        "text/css; charset=utf-8",
    ),
    ("main.js", include_str!("../assets/web/main.js"), JS),
    ("util.js", include_str!("../assets/web/util.js"), JS),
    ("state.js", include_str!("../assets/web/state.js"), JS),
    ("position.js", include_str!("../assets/web/position.js"), JS),
    ("draw.js", include_str!("../assets/web/draw.js"), JS),
    ("panel.js", include_str!("../assets/web/panel.js"), JS),
    ("input.js", include_str!("../assets/web/input.js"), JS),
    ("analysis.js", include_str!("../assets/web/analysis.js"), JS),
    ("sound.js", include_str!("../assets/web/sound.js"), JS),
    ("game.js", include_str!("../assets/web/game.js"), JS),
    ("lobby.js", include_str!("../assets/web/lobby.js"), JS),
    ("archive.js", include_str!("../assets/web/archive.js"), JS),
];

/// The body of a refusal, as every error of the API is written.
#[derive(Serialize)]
struct Missing {
    error: &'static str,
}

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

/// `/assets/{file}`: a file of [`FILES`], or 404 with a JSON error.
pub async fn file(Path(name): Path<String>) -> Response {
    let Some(&(_, body, kind)) = FILES.iter().find(|(file, _, _)| *file == name) else {
        return (
            StatusCode::NOT_FOUND,
            axum::Json(Missing {
                error: "no such asset",
            }),
        )
            .into_response();
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

#[cfg(test)]
mod tests {
    use super::FILES;

    /// Every module a served script imports is served too: a name missing from `FILES` would
    /// be a 404 in the browser and a page that never starts.
    #[test]
    fn every_imported_module_is_served() {
        let served: Vec<&str> = FILES.iter().map(|(name, _, _)| *name).collect();
        let mut imported = 0;
        for (name, text, _) in FILES.iter().filter(|(n, _, _)| n.ends_with(".js")) {
            for line in text.lines().filter(|l| l.starts_with("import ")) {
                let target = line
                    .rsplit("from \"./")
                    .next()
                    .and_then(|rest| rest.strip_suffix("\";"))
                    .unwrap_or_else(|| panic!("{name}: an import not of ./file.js: {line}"));
                assert!(
                    served.contains(&target),
                    "{name} imports {target}, not served"
                );
                imported += 1;
            }
        }
        assert!(
            imported > 10,
            "the modules import each other: {imported} imports"
        );
        let index = super::INDEX;
        assert!(index.contains("<script type=\"module\" src=\"/assets/main.js\">"));
    }
}
