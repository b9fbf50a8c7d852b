//! The workspace's layout rules that a new crate must follow too: one integration-test binary
//! per crate (`tests/<name>/main.rs` with a module per topic), so that each crate and its
//! dependencies are linked once by `cargo test --workspace`.

use std::path::{Path, PathBuf};

/// The workspace root (this crate is `benches/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("benches/ has a parent")
        .to_path_buf()
}

/// The test targets the crate at `dir` declares in its `Cargo.toml` (`[[test]]` with its
/// `path`) after a comment: a second binary is allowed only so, with its reason written there.
fn declared_with_a_reason(dir: &Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
    let lines: Vec<&str> = manifest.lines().collect();
    let mut paths = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim() != "[[test]]" || !i.checked_sub(1).is_some_and(|j| lines[j].starts_with('#'))
        {
            continue;
        }
        let path = lines[i + 1..]
            .iter()
            .take_while(|l| !l.trim_start().starts_with('['))
            .find_map(|l| l.trim().strip_prefix("path = \"")?.strip_suffix('"'));
        if let Some(path) = path.and_then(|p| p.strip_prefix("tests/")) {
            paths.push(path.to_string());
        }
    }
    paths
}

/// The integration-test binaries of the crate at `dir`: each `tests/*.rs` file, and each
/// `tests/<name>/` directory holding a `main.rs`, but those declared with a reason.
fn test_binaries(dir: &Path) -> Vec<String> {
    let declared = declared_with_a_reason(dir);
    let Ok(entries) = std::fs::read_dir(dir.join("tests")) else {
        return Vec::new();
    };
    let mut found: Vec<String> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs") || p.join("main.rs").is_file())
        .filter_map(|p| Some(p.file_name()?.to_string_lossy().into_owned()))
        .filter(|name| !declared.contains(name))
        .collect();
    found.sort();
    found
}

#[test]
fn every_crate_has_at_most_one_integration_test_binary() {
    let root = root();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .expect("crates/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    dirs.extend([
        root.join("benches"),
        root.join("fuzz/checks"),
        root.join("xtask"),
    ]);
    assert!(dirs.len() > 10, "{dirs:?}");
    for dir in dirs {
        let binaries = test_binaries(&dir);
        assert!(
            binaries.len() <= 1,
            "{} has {} integration-test binaries ({binaries:?}): put each test file in one \
             binary, `tests/<name>/main.rs` with a `mod` per former file, or declare a second \
             one as a `[[test]]` of its Cargo.toml after a comment giving the reason \
             (docs/architecture.md, \"Automation\")",
            dir.strip_prefix(&root).unwrap_or(&dir).display(),
            binaries.len()
        );
    }
}
