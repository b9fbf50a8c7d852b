//! `crates/variant-ffi/include/variants.h` must be what cbindgen generates from this crate: regenerating it in
//! memory must give the committed file byte for byte.
//!
//! After changing the C API, regenerate the header with
//! `UPDATE_HEADER=1 cargo test -p variant-ffi --test ffi header::` and commit it.

use std::path::{Path, PathBuf};

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn header_path() -> PathBuf {
    crate_dir().join("include/variants.h")
}

/// The header as cbindgen generates it now (parsing `src/` only: no `cargo metadata`, so the
/// test neither locks nor rewrites anything of the workspace).
fn generate() -> String {
    let dir = crate_dir();
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml"))
        .unwrap_or_else(|e| panic!("cannot read cbindgen.toml: {e}"));
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .unwrap_or_else(|e| panic!("cbindgen cannot generate the header: {e}"));
    let mut bytes = Vec::new();
    bindings.write(&mut bytes);
    String::from_utf8(bytes).unwrap_or_else(|e| panic!("cbindgen wrote non-UTF-8: {e}"))
}

fn first_difference(a: &str, b: &str) -> String {
    for (number, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  committed: {x}\n  generated: {y}", number + 1);
        }
    }
    format!(
        "the committed header has {} lines, the generated one {}",
        a.lines().count(),
        b.lines().count()
    )
}

#[test]
fn committed_header_is_what_cbindgen_generates() {
    let generated = generate();
    let path = header_path();
    if std::env::var_os("UPDATE_HEADER").is_some() {
        std::fs::write(&path, &generated)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is out of date ({}).\nRegenerate it with:\n    \
         UPDATE_HEADER=1 cargo test -p variant-ffi --test ffi header::\nand commit it.",
        Path::new("crates/variant-ffi/include/variants.h").display(),
        first_difference(&committed, &generated)
    );
}

#[test]
fn header_declares_every_export() {
    let header = generate();
    let mut files: Vec<PathBuf> = std::fs::read_dir(crate_dir().join("src"))
        .unwrap_or_else(|e| panic!("cannot list src/: {e}"))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    let source: String = files
        .iter()
        .map(|file| {
            std::fs::read_to_string(file)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()))
        })
        .collect();
    let mut exports = 0;
    for line in source.lines() {
        if let Some(rest) = line.trim().strip_prefix("pub extern \"C\" fn ") {
            let name = rest.split('(').next().unwrap_or_default();
            exports += 1;
            assert!(
                header.contains(&format!("{name}(")),
                "the header lacks the export {name}"
            );
        }
    }
    assert!(exports >= 25, "found only {exports} exports in src/");
    assert!(header.contains("#define VARIANTS_ABI_VERSION 1"));
}
