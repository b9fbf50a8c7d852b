//! `cargo xtask fuzz-smoke`: builds the cargo-fuzz targets of `fuzz/` and runs each for a short
//! fixed time from its committed seed corpus; fails on any crash, timeout or leak libFuzzer
//! reports.
//!
//! libFuzzer needs the nightly toolchain; without it the task is skipped (exit success) with a
//! message saying why. The task does not need the `cargo fuzz` subcommand: it builds the targets
//! itself with the flags `cargo fuzz build` uses (sanitizer coverage, `--cfg fuzzing`, address
//! sanitizer, debug assertions, release optimisation, into `fuzz/target/<host>/release`, where
//! `cargo fuzz` puts them too) and runs the binaries directly. That saves CI the minutes of
//! `cargo install cargo-fuzz`; by hand, `cargo +nightly fuzz run <target>` works as usual.
//!
//! Settings (environment):
//! - `VARIANTS_FUZZ_SECONDS`: seconds per target (default 30).
//! - `VARIANTS_FUZZ_TARGETS`: comma list of targets to run (default: every
//!   `fuzz/fuzz_targets/*.rs`).
//!
//! The new inputs libFuzzer finds go to `fuzz/target/smoke-corpus/<target>` (not committed);
//! crashes to `fuzz/artifacts/<target>/`, and the failure message says how to reproduce them.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Seconds each target runs unless `VARIANTS_FUZZ_SECONDS` says otherwise.
const DEFAULT_SECONDS: u64 = 30;

/// The workspace root (the parent of this package's directory).
fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// `program +nightly <args>` (`cargo` or `rustc`) run through rustup's proxy, in `dir`, without
/// the variables the outer (stable) cargo set for xtask, which would pin it to stable.
fn nightly(program: &str, dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(program);
    cmd.arg("+nightly").args(args).current_dir(dir);
    for var in [
        "RUSTUP_TOOLCHAIN",
        "CARGO",
        "RUSTC",
        "RUSTDOC",
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "CARGO_MANIFEST_DIR",
    ] {
        cmd.env_remove(var);
    }
    cmd
}

/// `cargo +nightly <args>` in `dir` (see [`nightly`]).
fn nightly_cargo(dir: &Path, args: &[&str]) -> Command {
    nightly("cargo", dir, args)
}

/// Whether a command runs and exits successfully (its output discarded).
fn succeeds(mut cmd: Command) -> bool {
    cmd.stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn skip(reason: &str) -> Result<(), String> {
    eprintln!("xtask fuzz-smoke: SKIPPED: {reason}");
    Ok(())
}

/// The nightly toolchain's host triple (`rustc -vV`), which the sanitizer build targets
/// explicitly so that build scripts and proc macros are not instrumented.
fn host_triple(fuzz_dir: &Path) -> Result<String, String> {
    let out = nightly("rustc", fuzz_dir, &["-vV"])
        .output()
        .map_err(|e| format!("cannot run rustc +nightly -vV: {e}"))?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(|h| h.trim().to_string())
        .ok_or_else(|| "rustc +nightly -vV names no host".to_string())
}

/// The targets to run: `VARIANTS_FUZZ_TARGETS`, else every `fuzz/fuzz_targets/*.rs`.
fn targets(fuzz_dir: &Path) -> Result<Vec<String>, String> {
    if let Ok(list) = std::env::var("VARIANTS_FUZZ_TARGETS") {
        return Ok(list
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect());
    }
    let dir = fuzz_dir.join("fuzz_targets");
    let entries =
        std::fs::read_dir(&dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    Ok(names)
}

/// The RUSTFLAGS of `cargo fuzz build` (cargo-fuzz 0.12, default options: address sanitizer,
/// debug assertions on, release optimisation).
const FUZZ_RUSTFLAGS: &str = "-Cpasses=sancov-module \
     -Cllvm-args=-sanitizer-coverage-level=4 \
     -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
     -Cllvm-args=-sanitizer-coverage-pc-table \
     -Cllvm-args=-sanitizer-coverage-trace-compares \
     --cfg fuzzing \
     -Cdebug-assertions \
     -Coverflow-checks \
     -Zsanitizer=address";

/// Builds every fuzz target, then runs each for a fixed time; fails on the first crash.
pub fn fuzz_smoke() -> Result<(), String> {
    let fuzz_dir = root().join("fuzz");
    if !fuzz_dir.join("Cargo.toml").is_file() {
        return Err(format!("no fuzz project at {}", fuzz_dir.display()));
    }
    if !succeeds(nightly_cargo(&fuzz_dir, &["--version"])) {
        return skip("no nightly toolchain (libFuzzer needs `cargo +nightly`)");
    }
    let seconds = match std::env::var("VARIANTS_FUZZ_SECONDS") {
        Ok(s) => s
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("VARIANTS_FUZZ_SECONDS={s:?} is not a number of seconds"))?,
        Err(_) => DEFAULT_SECONDS,
    };
    let targets = targets(&fuzz_dir)?;
    if targets.is_empty() {
        return Err("fuzz/fuzz_targets holds no target".to_string());
    }
    let host = host_triple(&fuzz_dir)?;
    let build_args = ["build", "--release", "--bins", "--target", host.as_str()];
    eprintln!(
        "xtask: cargo +nightly {} (sanitizer coverage, address sanitizer, debug assertions)",
        build_args.join(" ")
    );
    let built = nightly_cargo(&fuzz_dir, &build_args)
        .env("RUSTFLAGS", FUZZ_RUSTFLAGS)
        .status()
        .map_err(|e| format!("cannot run cargo +nightly build: {e}"))?;
    if !built.success() {
        return Err(format!("building the fuzz targets failed ({built})"));
    }
    let bin_dir = fuzz_dir.join("target").join(&host).join("release");
    let artifacts = fuzz_dir.join("artifacts");
    let max_time = format!("-max_total_time={seconds}");
    for target in &targets {
        let work = fuzz_dir.join("target").join("smoke-corpus").join(target);
        let crashes = artifacts.join(target);
        for dir in [&work, &crashes] {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        let mut cmd = Command::new(bin_dir.join(target));
        cmd.current_dir(&fuzz_dir)
            // What `cargo fuzz run` sets: the Rust runtime trips ASan's ODR check.
            .env("ASAN_OPTIONS", "detect_odr_violation=0")
            .arg(format!("-artifact_prefix={}/", crashes.display()))
            .args([
                max_time.as_str(),
                // A per-input timeout of 60 s reports hangs; 4096-byte inputs cover every seed.
                "-timeout=60",
                "-max_len=4096",
                "-rss_limit_mb=4096",
                "-print_final_stats=1",
            ])
            .arg(&work);
        let seeds = fuzz_dir.join("corpus").join(target);
        if seeds.is_dir() {
            cmd.arg(&seeds);
        }
        eprintln!("xtask: fuzz target {target} for {seconds} s");
        let status = cmd
            .status()
            .map_err(|e| format!("cannot run fuzz target {target}: {e}"))?;
        if !status.success() {
            return Err(format!(
                "fuzz target {target} failed ({status}); the crashing input is in \
                 fuzz/artifacts/{target}/ (reproduce: cd fuzz && cargo +nightly fuzz run {target} <file>)"
            ));
        }
    }
    eprintln!(
        "xtask fuzz-smoke: {} targets ran {seconds} s each without a crash",
        targets.len()
    );
    Ok(())
}
