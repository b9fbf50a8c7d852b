//! `cargo xtask <task>`: the workspace's automation, in Rust so it runs wherever cargo does.
//! The tasks, with what each does, are [`TASKS`] (`cargo xtask` without a task lists them);
//! each module's documentation says more of its own.

mod dist;
mod docs;
mod fuzz;
mod install;
mod metadata;
mod mutants;
mod one_game;
mod package;

use std::process::{Command, ExitCode};

/// The optimised profile that the release-mode tasks (`release-tests`, `docs`, the sdist
/// check) build and use: `release-tests` (no LTO, 16 codegen units) unless `XTASK_PROFILE`
/// names another. `.ci/run` sets `XTASK_PROFILE=release` and makes `release` as quick to
/// build with Cargo's `CARGO_PROFILE_RELEASE_*` variables: then the docs' `cargo run
/// --release` and `cargo build --release` find that build instead of making a second one.
pub(crate) fn check_profile() -> String {
    std::env::var("XTASK_PROFILE")
        .ok()
        .filter(|p| !p.trim().is_empty())
        .unwrap_or_else(|| "release-tests".to_string())
}

/// Cargo's variables that change the `release` profile (set by `.ci/run` for its quicker
/// build): removed for a build that must be the one a reader gets with the profile as written
/// (the embedder's crate, cargo-fuzz's targets).
pub(crate) const RELEASE_PROFILE_VARS: &[&str] = &[
    "CARGO_PROFILE_RELEASE_LTO",
    "CARGO_PROFILE_RELEASE_CODEGEN_UNITS",
    "CARGO_PROFILE_RELEASE_DEBUG",
    "CARGO_PROFILE_RELEASE_OPT_LEVEL",
    "CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS",
    "CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS",
    "CARGO_PROFILE_RELEASE_PANIC",
    "CARGO_PROFILE_RELEASE_INCREMENTAL",
];

fn cargo(args: &[&str], env: &[(&str, &str)]) -> Result<(), String> {
    cargo_with(args, env, &[])
}

/// `cargo args` with `env` set and the variables `unset` removed.
fn cargo_with(args: &[&str], env: &[(&str, &str)], unset: &[&str]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    eprintln!("xtask: cargo {}", args.join(" "));
    let mut cmd = Command::new(cargo);
    cmd.args(args);
    for var in unset {
        cmd.env_remove(var);
    }
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
    let profile = check_profile();
    let mut args: Vec<String> = ["test", "--profile", profile.as_str()]
        .iter()
        .map(|s| s.to_string())
        .collect();
    // Only the test targets that hold ignored tests are built: building every crate's unit
    // tests, integration tests and doctests optimised, to run none of them, cost minutes of
    // the CI budget.
    args.extend(ignored_test_targets()?);
    // The soak has a task of its own.
    args.extend(["--", "--ignored", "--skip", "soak"].map(String::from));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    cargo(&args, &[])
}

/// `-p PACKAGE --test TARGET` for each crate of `crates/*` whose integration tests hold an
/// `#[ignore]`d test (an ignored test whose reason names another task, `run by `cargo xtask
/// …``, is that task's). A crate's integration tests are one target, `tests/<name>/main.rs`
/// with its modules beside it (or a single `tests/<name>.rs`). An ignored test in a library's
/// own unit tests is refused: it would need every unit test of the crate built optimised.
fn ignored_test_targets() -> Result<Vec<String>, String> {
    let crates = install::workspace().join("crates");
    let packages = metadata::packages()?;
    let mut targets: Vec<(String, String)> = Vec::new();
    let mut files = Vec::new();
    docs::walk(&crates, "rs", &mut files)?;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let own = text.match_indices("#[ignore").any(|(at, _)| {
            let line = text[at..].lines().next().unwrap_or_default();
            !line.contains("run by `cargo xtask")
        });
        let relative = file.strip_prefix(&crates).unwrap_or(&file);
        let parts: Vec<&str> = relative.iter().filter_map(|p| p.to_str()).collect();
        match parts.as_slice() {
            _ if !own => {}
            [krate, "tests", target, ..] => {
                let package = packages
                    .iter()
                    .find(|p| p.dir == crates.join(krate))
                    .ok_or_else(|| format!("crates/{krate} is no package of the workspace"))?;
                let pair = (
                    package.name.clone(),
                    target.trim_end_matches(".rs").to_string(),
                );
                if !targets.contains(&pair) {
                    targets.push(pair);
                }
            }
            _ => {
                return Err(format!(
                    "{}: an #[ignore]d test outside a crate's tests/: move it into the crate's \
                     integration tests (release-tests builds only those)",
                    file.display()
                ));
            }
        }
    }
    if targets.is_empty() {
        return Err("no #[ignore]d test found under crates/: nothing for release-tests".into());
    }
    Ok(targets
        .into_iter()
        .flat_map(|(p, t)| ["-p".to_string(), p, "--test".to_string(), t])
        .collect())
}

/// `cargo xtask soak [--minutes M]` (60 by default): the server soak of
/// `crates/variant-web/tests/web/serve_soak.rs` in the optimised build ([`check_profile`]), its
/// samples and memory plot left in `target/soak/`.
fn soak(args: &[String]) -> Result<(), String> {
    let minutes = install::option(args, "--minutes").unwrap_or_else(|| "60".to_string());
    match minutes.parse::<u64>() {
        Ok(m) if m > 0 => {}
        _ => {
            return Err(format!(
                "--minutes {minutes:?}: expected a whole number of minutes, at least 1"
            ));
        }
    }
    let profile = check_profile();
    cargo(
        &[
            "test",
            "--profile",
            &profile,
            "-p",
            "variant-web",
            "--test",
            "web",
            "--",
            "--ignored",
            "--exact",
            "serve_soak::soak",
            "--nocapture",
        ],
        &[("VARIANTS_SOAK_MINUTES", &minutes)],
    )
}

/// Builds and runs `examples/embedder-bench` with its own (default) release profile, in its own
/// target directory under `target/` (its profile must not be the workspace's, nor changed by
/// the caller's `CARGO_PROFILE_RELEASE_*` variables).
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
    cargo_with(&run, &[], RELEASE_PROFILE_VARS)
}

/// A task: its name, its arguments, what it does, and what runs it.
type Task = (
    &'static str,
    &'static str,
    &'static str,
    fn(&[String]) -> Result<(), String>,
);

/// Every task, as `cargo xtask` without one lists them (a table, one task a line).
#[rustfmt::skip]
const TASKS: &[Task] = &[
    ("lint", "", "cargo fmt --check, clippy and cargo doc with warnings denied", |_| lint()),
    ("release-tests", "", "every #[ignore]d test (the long perft runs…), optimised (check_profile)", |_| release_tests()),
    ("ci", "", "lint, then release-tests (.ci/run runs the README's test command first)", |_| lint().and_then(|()| release_tests())),
    ("fuzz-smoke", "", "every cargo-fuzz target of fuzz/ for a short fixed time (fuzz.rs)", |_| fuzz::fuzz_smoke()),
    ("fuzz", "--minutes N [--targets a,b]", "the long fuzz run, its corpus kept in fuzz/long-corpus/", fuzz::fuzz_long),
    ("install", "--prefix DIR [--profile NAME]", "the C library, its headers and pkg-config file under DIR", install::install),
    ("install-check", "--prefix DIR", "the C and C++ examples built through pkg-config against DIR, and run", install::install_check),
    ("one-game", "[--check-only] [GAME…]", "every game alone: cargo tree holds it and no other; it compiles (and tests) alone", one_game::one_game),
    ("package", "", "cargo package of every published crate, each built from its package", package::package),
    ("dist", "[--profile NAME] [--without-crates]", "every release artefact in target/dist/", dist::dist),
    ("dist-check", "[--sdist] [--cli PATH]", "each artefact of target/dist/ used as its reader would", dist::dist_check),
    ("docs", "[--page PATH]… [--lang LANG]… [--list]", "the code blocks of README.md and docs/ run as written (docs/guides/writing-docs.md)", docs::docs),
    ("embedder-bench", "[--quick]", "examples/embedder-bench in Cargo's default release profile: AnyGame against typed perft", embedder_bench),
    ("soak", "[--minutes M]", "the web server played by 50 clients for M minutes (60) through restarts and a kill -9", soak),
    ("mutants", "[GAME…] [--timeout S]", "cargo-mutants on each game's rule files: a table per file; fails under 95 % caught", mutants::mutants),
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(2).collect();
    let task = std::env::args().nth(1).unwrap_or_default();
    let Some(&(_, _, _, run)) = TASKS.iter().find(|t| t.0 == task) else {
        eprintln!("usage: cargo xtask TASK [ARGS]; the tasks:");
        for (name, args, what, _) in TASKS {
            eprintln!("  {name} {args}\n      {what}");
        }
        return ExitCode::from(2);
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    /// This repository's long runs are found, each in its crate's one test binary.
    #[test]
    fn the_release_tests_are_the_ignored_tests_of_the_crates_test_binaries() {
        let args = super::ignored_test_targets().unwrap().join(" ");
        for pair in ["-p chess3d --test chess3d", "-p variant-games --test games"] {
            assert!(args.contains(pair), "{pair} not in {args}");
        }
        // The documentation transcripts' test is `cargo xtask docs`'s.
        assert!(!args.contains("doc_transcripts"), "{args}");
    }
}
