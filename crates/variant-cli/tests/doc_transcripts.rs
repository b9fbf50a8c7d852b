//! The `console` transcripts of README.md and docs/, checked by trycmd against this build's
//! `variants`. `cargo xtask docs` writes them out first (`xtask/src/docs/trycmd.rs`: each
//! page's transcripts at their own line numbers, every command run by bash so that pipes and
//! redirections work as on the page) and names their directory in
//! `VARIANTS_DOC_TRANSCRIPTS`; their commands take minutes, so the test is ignored in the
//! plain `cargo test` and run by that task.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// A command still running after this long is a failure: none of the pages' commands comes
/// near it, only a hung one reaches it.
const COMMAND_LIMIT: Duration = Duration::from_secs(300);

#[test]
#[ignore = "run by `cargo xtask docs`, which writes the pages' transcripts out first"]
fn the_docs_transcripts_print_what_their_pages_show() {
    let dir = std::env::var_os("VARIANTS_DOC_TRANSCRIPTS")
        .map(PathBuf::from)
        .expect("VARIANTS_DOC_TRANSCRIPTS names no directory: run `cargo xtask docs`");
    let pages = markdown_files(&dir);
    assert!(!pages.is_empty(), "no transcript page in {}", dir.display());
    let variants = Path::new(env!("CARGO_BIN_EXE_variants"));
    let bin_dir = variants.parent().expect("the binary's directory");
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("bash", Path::new("/bin/bash"))
        .env("PATH", path)
        .timeout(COMMAND_LIMIT);
    for page in &pages {
        cases.case(page);
    }
}

/// The `.md` files under `dir`, recursively.
fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(markdown_files(&path));
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
    out.sort();
    out
}
