//! Every crash input ever found by the fuzz targets, replayed through the same target bodies
//! (and so the same checks) on the stable toolchain: `fuzz/regressions/<target>/<file>` is
//! one input of target `<target>`. A fixed crash that returns fails `cargo test`.
//!
//! To keep a new crash: copy libFuzzer's artifact (`fuzz/artifacts/<target>/crash-…`) into
//! `fuzz/regressions/<target>/` under a name that says what it found (e.g. the issue number).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use variant_fuzz_checks::targets;

fn regressions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(|fuzz| fuzz.join("regressions"))
        .unwrap_or_default()
}

/// The files of one directory, sorted (a stable replay order).
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut list: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| {
            e.unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
                .path()
        })
        .collect();
    list.sort();
    list
}

#[test]
fn every_kept_crash_input_passes_its_target() {
    let root = regressions_dir();
    let mut replayed = 0;
    let mut failures = Vec::new();
    for dir in files(&root) {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some(target) = targets::by_name(&name) else {
            panic!(
                "fuzz/regressions/{name}: no fuzz target of that name (targets: {:?})",
                targets::TARGETS.iter().map(|(n, _)| *n).collect::<Vec<_>>()
            );
        };
        for file in files(&dir) {
            let data = std::fs::read(&file)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
            if catch_unwind(AssertUnwindSafe(|| target(&data))).is_err() {
                failures.push(format!("{name}/{}", file.display()));
            }
            replayed += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {replayed} kept crash inputs fail again (the panic messages are above): {failures:?}",
        failures.len()
    );
    // The placement kept after White left was the first crash; the directory must not silently vanish.
    assert!(
        replayed >= 1,
        "no crash input found under {}",
        root.display()
    );
}

/// The kept input of the placement kept after White left passes for the reason the rules give, not by luck of the playout: its
/// start text (White's king moved while a knight placement is pending) is refused as
/// unreachable, naming B4-23.
#[test]
fn a_kept_start_text_is_refused_with_the_rule() {
    let data = std::fs::read(
        regressions_dir().join("position_text/bishops4p-placement-kept-after-white-left"),
    )
    .expect("the crash input of the placement kept after White left is kept");
    assert_eq!(
        &data[..2],
        &[2, 4],
        "selector bishops4p, configuration mode=long;players=3"
    );
    assert_eq!(
        variant_fuzz_checks::configs_of("bishops4p")[4],
        "mode=long;players=3",
        "configuration byte 4 of bishops4p (its test position file's order)"
    );
    let text = String::from_utf8_lossy(&data[2..]);
    let config =
        variant_fuzz_checks::config_of::<variant_games::bishops4p::Bishops>("mode=long;players=3")
            .expect("a valid configuration");
    let error =
        <variant_games::bishops4p::Bishops as variant_games::variant_core::Game>::from_text(
            &config, &text,
        )
        .expect_err("White's king moved while a placement is pending: unreachable (B4-23)")
        .to_string();
    assert!(error.contains("B4-23"), "{error}");
}
