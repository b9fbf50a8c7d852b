//! `cargo xtask <task>`: the workspace's automation, in Rust so it runs wherever cargo does.
//!
//! Tasks:
//! - `lint`: `cargo fmt --check`, clippy with `-D warnings`, `cargo doc` with warnings denied.
//! - `release-tests`: every test marked `#[ignore]` (the long perft runs: FIDE start depth 6,
//!   Kiwipete depth 5, the draughts tables to depth 10, …) in an optimised build (profile
//!   `release-tests`).
//! - `ci`: `lint` then `release-tests` (`.ci/run` runs the README's test command first).
//! - `fuzz-smoke`: every cargo-fuzz target of `fuzz/` for a short fixed time (see `fuzz.rs`;
//!   skipped without a nightly toolchain).
//! - `fuzz --minutes N [--targets a,b]`: the long fuzz run, N minutes in total, keeping its
//!   corpus in `fuzz/long-corpus/` between runs (see `fuzz.rs`).
//! - `install --prefix DIR [--profile NAME]`: the C library (shared with an soname, static),
//!   its headers and `lib/pkgconfig/variants.pc` under DIR (see `install.rs`).
//! - `embedder-bench [--quick]`: `examples/embedder-bench`, a crate outside the workspace
//!   that depends on `variants` by path, built with Cargo's default release profile and run:
//!   AnyGame perft against the typed perft (docs/benchmarks.md).
//! - `dist [--profile NAME]`: every release artefact in `target/dist/` (the `.crate` files,
//!   the Python wheel and sdist, the C archive with pkg-config and CMake files, `SHA256SUMS`);
//!   `dist-check [--sdist] [--cli PATH]` uses each as its reader would (see `dist.rs`).
//! - `install-check --prefix DIR`: the C and C++ programs of `crates/variant-ffi/examples/c/` built through
//!   pkg-config against the installed copy, and run.
//! - `one-game [GAME…]`: every game alone: the crates above the games, built with one game
//!   feature, hold that game's crate and no other (`cargo tree`), compile with it, and the
//!   facade's and the engine's tests pass with it (see `one_game.rs`).
//! - `package`: `cargo package` of every published crate, verified by building each from its
//!   package (see `package.rs`).
//! - `docs [--page PATH]… [--lang LANG]… [--list]`: every code block of README.md and docs/ run as written,
//!   output compared where the page shows one (see `docs/mod.rs`).

mod dist;
mod docs;
mod fuzz;
mod install;
mod one_game;
mod package;

use std::process::{Command, ExitCode};

fn cargo(args: &[&str], env: &[(&str, &str)]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    eprintln!("xtask: cargo {}", args.join(" "));
    let mut cmd = Command::new(cargo);
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("cargo {} failed ({status})", args.join(" ")))
    }
}

fn lint() -> Result<(), String> {
    cargo(&["fmt", "--all", "--", "--check"], &[])?;
    cargo(
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
        &[],
    )?;
    cargo(
        &["doc", "--workspace", "--no-deps"],
        &[("RUSTDOCFLAGS", "-D warnings")],
    )
}

fn release_tests() -> Result<(), String> {
    cargo(
        &[
            "test",
            "--profile",
            "release-tests",
            "--workspace",
            "--exclude",
            "variant-benches",
            "--",
            "--ignored",
        ],
        &[],
    )
}

/// Builds and runs `examples/embedder-bench` with its own (default) release profile, in its own
/// target directory under `target/` (its profile must not be the workspace's).
fn embedder_bench(args: &[String]) -> Result<(), String> {
    let mut run = vec![
        "run",
        "--release",
        "--manifest-path",
        "examples/embedder-bench/Cargo.toml",
        "--target-dir",
        "target/embedder-bench",
        "--",
    ];
    run.extend(args.iter().map(String::as_str));
    cargo(&run, &[])
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(2).collect();
    let task = std::env::args().nth(1).unwrap_or_default();
    let result = match task.as_str() {
        "lint" => lint(),
        "release-tests" => release_tests(),
        "ci" => lint().and_then(|()| release_tests()),
        "fuzz-smoke" => fuzz::fuzz_smoke(),
        "fuzz" => fuzz::fuzz_long(&args),
        "install" => install::install(&args),
        "install-check" => install::install_check(&args),
        "one-game" => one_game::one_game(&args),
        "package" => package::package(&args),
        "dist" => dist::dist(&args),
        "dist-check" => dist::dist_check(&args),
        "docs" => docs::docs(&args),
        "embedder-bench" => embedder_bench(&args),
        _ => {
            eprintln!(
                "usage: cargo xtask <lint|release-tests|ci|fuzz-smoke|fuzz --minutes N|\
                 install --prefix DIR [--profile NAME]|install-check --prefix DIR|\
                 dist [--profile NAME]|dist-check [--sdist] [--cli PATH]|\
                 one-game [GAME…]|package|\
                 embedder-bench [--quick]|docs [--page PATH]… [--lang LANG]… [--list]>"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
