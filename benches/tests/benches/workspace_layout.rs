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

/// The integration-test binaries of the crate at `dir`: each `tests/*.rs` file, and each
/// `tests/<name>/` directory holding a `main.rs`.
fn test_binaries(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir.join("tests")) else {
        return Vec::new();
    };
    let mut found: Vec<String> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "rs") || p.join("main.rs").is_file()
        })
        .filter_map(|p| Some(p.file_name()?.to_string_lossy().into_owned()))
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
    dirs.extend([root.join("benches"), root.join("fuzz/checks"), root.join("xtask")]);
    assert!(dirs.len() > 10, "{dirs:?}");
    for dir in dirs {
        let binaries = test_binaries(&dir);
        assert!(
            binaries.len() <= 1,
            "{} has {} integration-test binaries ({binaries:?}): put each test file in one \
             binary, `tests/<name>/main.rs` with a `mod` per former file (docs/architecture.md, \
             \"Automation\")",
            dir.strip_prefix(&root).unwrap_or(&dir).display(),
            binaries.len()
        );
    }
}
