//! `cargo xtask fuzz-smoke`: builds the cargo-fuzz targets of `fuzz/` and runs each for a short
//! fixed time from its committed seed corpus; fails on any crash, timeout or leak libFuzzer
//! reports.
//!
//! libFuzzer needs the nightly toolchain and the `cargo fuzz` subcommand. Without nightly the
//! task is skipped (exit success) with a message saying why. With nightly but without
//! cargo-fuzz, it installs cargo-fuzz from crates.io (`cargo install cargo-fuzz --locked`, a
//! few minutes) unless `VARIANTS_FUZZ_NO_INSTALL` is set; if that install fails it skips too.
//!
//! Settings (environment):
//! - `VARIANTS_FUZZ_SECONDS`: seconds per target (default 30).
//! - `VARIANTS_FUZZ_TARGETS`: comma list of targets to run (default: all of `cargo fuzz list`).
//! - `VARIANTS_FUZZ_NO_INSTALL`: never install cargo-fuzz; skip when it is missing.
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

/// `cargo +nightly <args>` run through rustup's proxy, in `dir`, without the variables the
/// outer (stable) cargo set for xtask, which would pin the inner cargo to stable.
fn nightly_cargo(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new("cargo");
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

/// Makes sure `cargo +nightly fuzz` works; `Ok(false)` means skip.
fn ensure_cargo_fuzz(fuzz_dir: &Path) -> Result<bool, String> {
    if succeeds(nightly_cargo(fuzz_dir, &["fuzz", "--version"])) {
        return Ok(true);
    }
    if std::env::var_os("VARIANTS_FUZZ_NO_INSTALL").is_some() {
        skip("cargo-fuzz is not installed and VARIANTS_FUZZ_NO_INSTALL is set")?;
        return Ok(false);
    }
    eprintln!(
        "xtask fuzz-smoke: cargo-fuzz is missing; installing it (cargo install cargo-fuzz --locked)"
    );
    let installed = nightly_cargo(fuzz_dir, &["install", "cargo-fuzz", "--locked"])
        .status()
        .is_ok_and(|s| s.success());
    if !installed || !succeeds(nightly_cargo(fuzz_dir, &["fuzz", "--version"])) {
        skip("cargo-fuzz is not installed and could not be installed")?;
        return Ok(false);
    }
    Ok(true)
}

/// The targets to run: `VARIANTS_FUZZ_TARGETS`, else every target `cargo fuzz list` names.
fn targets(fuzz_dir: &Path) -> Result<Vec<String>, String> {
    if let Ok(list) = std::env::var("VARIANTS_FUZZ_TARGETS") {
        return Ok(list
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect());
    }
    let out = nightly_cargo(fuzz_dir, &["fuzz", "list"])
        .output()
        .map_err(|e| format!("cannot run cargo fuzz list: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo fuzz list failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect())
}

/// Builds every fuzz target, then runs each for a fixed time; fails on the first crash.
pub fn fuzz_smoke() -> Result<(), String> {
    let fuzz_dir = root().join("fuzz");
    if !fuzz_dir.join("Cargo.toml").is_file() {
        return Err(format!("no fuzz project at {}", fuzz_dir.display()));
    }
    if !succeeds(nightly_cargo(&fuzz_dir, &["--version"])) {
        return skip("no nightly toolchain (libFuzzer needs `cargo +nightly`)");
    }
    if !ensure_cargo_fuzz(&fuzz_dir)? {
        return Ok(());
    }
    let seconds = match std::env::var("VARIANTS_FUZZ_SECONDS") {
        Ok(s) => s
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("VARIANTS_FUZZ_SECONDS={s:?} is not a number of seconds"))?,
        Err(_) => DEFAULT_SECONDS,
    };
    eprintln!("xtask: cargo +nightly fuzz build (release, debug assertions, address sanitizer)");
    let built = nightly_cargo(&fuzz_dir, &["fuzz", "build"])
        .status()
        .map_err(|e| format!("cannot run cargo fuzz build: {e}"))?;
    if !built.success() {
        return Err(format!("cargo fuzz build failed ({built})"));
    }
    let targets = targets(&fuzz_dir)?;
    if targets.is_empty() {
        return Err("cargo fuzz list names no target".to_string());
    }
    let max_time = format!("-max_total_time={seconds}");
    for target in &targets {
        let work = fuzz_dir.join("target").join("smoke-corpus").join(target);
        std::fs::create_dir_all(&work)
            .map_err(|e| format!("cannot make {}: {e}", work.display()))?;
        let seeds = fuzz_dir.join("corpus").join(target);
        let work_arg = work.to_string_lossy().into_owned();
        let seeds_arg = seeds.to_string_lossy().into_owned();
        let mut args = vec!["fuzz", "run", target.as_str(), &work_arg];
        if seeds.is_dir() {
            args.push(&seeds_arg);
        }
        // A per-input timeout of 60 s reports hangs; 4096-byte inputs cover every seed.
        args.extend([
            "--",
            max_time.as_str(),
            "-timeout=60",
            "-max_len=4096",
            "-rss_limit_mb=4096",
            "-print_final_stats=1",
        ]);
        eprintln!("xtask: cargo +nightly {}", args.join(" "));
        let status = nightly_cargo(&fuzz_dir, &args)
            .status()
            .map_err(|e| format!("cannot run cargo fuzz run {target}: {e}"))?;
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
