//! `cargo xtask fifth-game`: a fifth game is its crate and one line. The task copies the
//! workspace, adds the test game Qubic (`xtask/fifth-game/`: the crate, its rules page and the
//! engine's evaluation) the way docs/architecture.md ("Adding a game") says a game is added,
//! and runs the frontends against it.
//!
//! 1. **Copy.** The repository's committed files (`git archive HEAD`; with `--working-tree`
//!    the files of its working tree that git tracks or does not ignore, for trying changes
//!    before committing them) into a fresh directory; `git init` and a commit there, so that
//!    `git diff` shows what the task changes. The fresh copy then replaces the last run's
//!    `target/fifth-game/work`, each file whose bytes did not change keeping its time (see
//!    [`settle`]), so cargo rebuilds only what changed since the last run.
//! 2. **Add the game.** `xtask/fifth-game/qubic` to `crates/qubic`, the rules page to
//!    `docs/rules/qubic.md`, the evaluation to `crates/variant-engine/src/eval/qubic.rs`, and
//!    edits of exactly: the workspace `Cargo.toml` (member, `[workspace.dependencies]`),
//!    `crates/variant-games/Cargo.toml` and `crates/variant-engine/Cargo.toml` (optional
//!    dependency, feature, the feature in `all-games`) and `crates/variant-games/src/games.rs`
//!    (one line of the game list).
//! 3. **Check the new code and the tests over every game.** `cargo fmt --check`, clippy with
//!    `-D warnings` and the tests of the qubic crate; the engine's tests of its evaluation; the
//!    test suites that go over every game of the registry ([`REGISTRY_TESTS`], in one `cargo
//!    test --workspace`: the facade's perft data, test positions and registry, the engine's
//!    wins in one, the documentation's rule ids and counts), which must take the new game as
//!    they take the others.
//! 4. **Build and run the frontends** (`CARGO_TARGET_DIR=target/fifth-game/target`, so the
//!    third-party crates are built once and kept between runs; with `--shared-target` the
//!    repository's own `target/`, so that a run after the repository's debug build (`cargo test
//!    --workspace`) compiles only the crates the new game changes, at the price of
//!    leaving the copy's `variants` and C library in `target/debug`; the copy is then the
//!    working tree's, kept in the system's temporary directory instead of `target/`, since
//!    Cargo records the sources of a crate inside its target directory relative to that
//!    directory, and the repository's builds of the crates both share would follow the copy's
//!    files): `variants games`, `perft` at
//!    depths 1–3 against Q-11's counts, `play` to four in a line from moves on stdin, `analyse`
//!    of a win in one, `show`, a short engine `match`; a C program built against the copy's C
//!    library (the 64 move values of the start, the reason words of a win); the web server
//!    (`variants serve` on a free port: create a qubic game, play it to a win through the
//!    API); the Python package (`maturin build` into a virtual environment kept in
//!    `target/fifth-game/venv`; maturin from `$MATURIN`, `PATH` or PyPI as `cargo xtask dist`
//!    finds it).
//! 5. **Report** the time of every step, the places that still name the four shipped games
//!    and not the new one (candidates for lists kept by hand), and the files touched outside
//!    `crates/qubic/`. It fails when a step failed or when more than the five allowed files
//!    (besides the rules page) were touched.
//!
//! The frontends are never edited for the new game: a frontend that fails on it is reported
//! with the command, what was expected and what came out.

mod edit;
mod web;

use edit::NewGame;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use web::{Json, quote};

/// The game added.
const GAME: NewGame<'static> = NewGame {
    krate: "qubic",
    game: "Qubic",
    config: "QubicConfig",
    doc: "Qubic, tic-tac-toe in the 4x4x4 box.",
};

/// Where the game's sources are kept, in the repository.
const SOURCES: &str = "xtask/fifth-game";

/// The rules page, the one file outside the crate that does not count against the limit.
const RULES_PAGE: &str = "docs/rules/qubic.md";

/// The files outside the new crate that adding a game may touch (docs/architecture.md,
/// "Adding a game"), besides the rules page.
const ALLOWED: [&str; 5] = [
    "Cargo.toml",
    "crates/variant-games/Cargo.toml",
    "crates/variant-games/src/games.rs",
    "crates/variant-engine/Cargo.toml",
    "crates/variant-engine/src/eval/qubic.rs",
];

/// The workspace's edition (`[workspace.package]`), for rustfmt on a single file.
const EDITION: &str = "2024";

/// Files that cargo writes by itself when a crate joins (not edited by hand).
const WRITTEN_BY_CARGO: [&str; 1] = ["Cargo.lock"];

/// The test suites that run every game of the registry (the game's perft data and test
/// positions through `AnyGame`, the engine on every win in one, the documentation's checks of
/// the cited rule ids and counts), by the name of their test target. They run in one `cargo
/// test --workspace --test …`: the features then unify across the workspace as in the
/// README's `cargo test --workspace` (the frontends turn on the facade's `all-games`, so
/// variant-benches, whose own manifest names the four shipped games, sees every game of the
/// list too), and with `--shared-target` every crate the new game does not change is the one
/// that command built.
const REGISTRY_TESTS: [&str; 6] = [
    "registry",
    "perft_data",
    "test_positions",
    "mate_in_one",
    "docs_test_positions",
    "docs_perft_data",
];

/// How long one command may run before it is stopped and reported.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(40 * 60);

/// The moves of a short game that x wins on the rank a1@1 … d1@1 (Q-5) while o fills
/// a2@1 b2@1 c2@1.
const X_WINS: [&str; 7] = ["a1@1", "a2@1", "b1@1", "b2@1", "c1@1", "c2@1", "d1@1"];

/// x to move with a1@1 b1@1 c1@1 against o's a2@1 b2@1 c2@1: d1@1 wins at once (Q-5).
const WIN_IN_ONE: &str = "4/4/OOO1/XXX1|4/4/4/4|4/4/4/4|4/4/4/4 x";

/// A check of a frontend against the built copy: what it found, or what went wrong.
type Check = fn(&Paths) -> Result<String, String>;

/// The places of one run.
struct Paths {
    /// The repository the task runs from.
    root: PathBuf,
    /// The copy of the workspace the builds and checks use.
    work: PathBuf,
    /// Where the next copy is prepared before it replaces the last run's ([`settle`]).
    fresh: PathBuf,
    /// `target/fifth-game`.
    out: PathBuf,
    /// The target directory of the copy's builds (kept between runs).
    target: PathBuf,
    /// Whether `target` is the repository's own target directory (`--shared-target`).
    shared_target: bool,
    /// Files the checks write (the C program, the web server's database, records).
    scratch: PathBuf,
}

impl Paths {
    fn new(shared_target: bool) -> Result<Paths, String> {
        let root = crate::install::workspace();
        let root = root
            .canonicalize()
            .map_err(|e| format!("{}: {e}", root.display()))?;
        let out = root.join("target").join("fifth-game");
        // With the repository's target directory, the copy must live outside it: Cargo records
        // a crate's source files relative to the target directory when they are inside it, and
        // the repository's own builds of the crates the copy shares (same path relative to the
        // workspace root, same features) would then follow the copy's files instead of their
        // own. Outside it, each build checks its own workspace's files.
        let copies = if shared_target {
            let tag = root
                .to_string_lossy()
                .bytes()
                .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
                });
            std::env::temp_dir().join(format!("variants-fifth-game-{tag:016x}"))
        } else {
            out.clone()
        };
        Ok(Paths {
            work: copies.join("work"),
            fresh: copies.join("work.new"),
            target: if shared_target {
                root.join("target")
            } else {
                out.join("target")
            },
            shared_target,
            scratch: out.join("scratch"),
            root,
            out,
        })
    }

    /// The `variants` binary of the copy's build.
    fn variants(&self) -> PathBuf {
        self.target.join("debug").join("variants")
    }
}

/// One step: what ran, how long it took, what it found or what went wrong.
struct Step {
    what: String,
    took: Duration,
    result: Result<String, String>,
}

#[derive(Default)]
struct Steps(Vec<Step>);

impl Steps {
    /// Runs one step, prints its outcome and keeps it for the summary; returns whether it
    /// succeeded.
    fn run(&mut self, what: &str, f: impl FnOnce() -> Result<String, String>) -> bool {
        eprintln!("xtask: fifth-game: {what} …");
        let started = Instant::now();
        let result = f();
        let took = started.elapsed();
        match &result {
            Ok(said) => eprintln!(
                "xtask: fifth-game: {what}: ok, {said} ({:.1} s)",
                secs(took)
            ),
            Err(e) => eprintln!(
                "xtask: fifth-game: {what}: FAILED ({:.1} s)\n{e}",
                secs(took)
            ),
        }
        let ok = result.is_ok();
        self.0.push(Step {
            what: what.to_string(),
            took,
            result,
        });
        ok
    }

    /// Notes a step that could not run.
    fn skip(&mut self, what: &str, why: &str) {
        self.0.push(Step {
            what: what.to_string(),
            took: Duration::ZERO,
            result: Err(format!("not run: {why}")),
        });
    }
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// The task.
pub fn fifth_game(args: &[String]) -> Result<(), String> {
    let working_tree = args.iter().any(|a| a == "--working-tree");
    let shared_target = args.iter().any(|a| a == "--shared-target");
    if let Some(unknown) = args
        .iter()
        .find(|a| *a != "--working-tree" && *a != "--shared-target")
    {
        return Err(format!(
            "fifth-game [--working-tree] [--shared-target]: unknown argument {unknown:?}"
        ));
    }
    // Sharing the repository's build, the copy must hold the repository's files as they are
    // (a file of HEAD that differs from the working tree would replace the repository's build
    // of its crate with HEAD's).
    let working_tree = working_tree || shared_target;
    let started = Instant::now();
    let paths = Paths::new(shared_target)?;
    let mut steps = Steps::default();
    let copied = if working_tree {
        "copy the workspace (working tree)"
    } else {
        "copy the workspace (HEAD)"
    };
    if !steps.run(copied, || copy_workspace(&paths, working_tree))
        || !steps.run("add qubic", || add_game(&paths))
        || !steps.run("keep the times of unchanged files", || settle(&paths))
    {
        return summary(&steps, None, &[], started);
    }
    let cargo = |args: &[&str]| cargo_in(&paths, args);
    steps.run("qubic: cargo fmt --check", || {
        cargo(&["fmt", "-p", "qubic", "--check"])?;
        // The evaluation is a module of the engine, whose other files are not the task's.
        let mut rustfmt = Command::new("rustfmt");
        rustfmt
            .args(["--check", "--edition", EDITION, ALLOWED[4]])
            .current_dir(&paths.work);
        let ran = run(&mut rustfmt, None, COMMAND_TIMEOUT, false)?;
        if ran.status.success() {
            Ok(format!("crates/qubic and {}", ALLOWED[4]))
        } else {
            Err(format!(
                "rustfmt --check {} ({}):\n{}",
                ALLOWED[4],
                ran.status,
                tail(&ran.stdout, 30)
            ))
        }
    });
    steps.run("qubic: clippy -D warnings", || {
        cargo(&[
            "clippy",
            "-p",
            "qubic",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ])
        .map(|_| "no warnings".to_string())
    });
    steps.run("qubic: cargo test", || {
        cargo(&["test", "-p", "qubic"]).map(|out| format!("{} tests passed", passed(&out)))
    });
    steps.run("variant-engine: tests of eval/qubic.rs", || {
        let out = cargo(&["test", "-p", "variant-engine", "--lib", "eval::qubic"])?;
        match passed(&out) {
            0 => Err(format!("no test of eval::qubic ran:\n{}", tail(&out, 20))),
            n => Ok(format!("{n} tests passed")),
        }
    });
    // The suites that go over every game of the registry: they must take the new game as
    // they take the others.
    steps.run("tests over every game of the registry", || {
        let mut args = vec!["test", "--workspace", "--no-fail-fast"];
        for test in REGISTRY_TESTS {
            args.extend(["--test", test]);
        }
        cargo(&args).map(|out| {
            format!(
                "{} tests passed ({})",
                passed(&out),
                REGISTRY_TESTS.join(", ")
            )
        })
    });
    let built = steps.run("build variants and the C library", || {
        cargo(&["build", "-p", "variant-cli", "-p", "variant-ffi"])
            .map(|_| format!("{}", paths.target.join("debug").display()))
    });
    let checks: [(&str, Check); 9] = [
        ("variants games", check_games),
        ("variants perft", check_perft),
        ("variants play", check_play),
        ("variants analyse", check_analyse),
        ("variants show", check_show),
        ("variants match", check_match),
        ("C library", check_c_library),
        ("web API", check_web),
        ("Python package", check_python),
    ];
    for (what, check) in checks {
        if built {
            steps.run(what, || check(&paths));
        } else {
            steps.skip(what, "the build failed");
        }
    }
    let touched = touched_files(&paths.work);
    let hand_lists =
        hand_lists(&paths.work).unwrap_or_else(|e| vec![format!("(not scanned: {e})")]);
    summary(&steps, Some(touched), &hand_lists, started)
}

/// Prints the summary and decides the task's result.
fn summary(
    steps: &Steps,
    touched: Option<Result<Vec<String>, String>>,
    hand_lists: &[String],
    started: Instant,
) -> Result<(), String> {
    eprintln!("\nxtask: fifth-game summary");
    for s in &steps.0 {
        let status = if s.result.is_ok() { "ok    " } else { "FAILED" };
        let said = match &s.result {
            Ok(said) => said.clone(),
            // The failure's first lines (a cargo test failure: the panics' messages).
            Err(e) => e
                .lines()
                .take(5)
                .collect::<Vec<_>>()
                .join("\n                     "),
        };
        eprintln!("  {:>6.1} s  {status}  {}: {said}", secs(s.took), s.what);
    }
    if !hand_lists.is_empty() {
        eprintln!("\nplaces that name the four shipped games and not qubic (lists kept by hand?):");
        for place in hand_lists {
            eprintln!("  {place}");
        }
    }
    let mut problems: Vec<String> = steps
        .0
        .iter()
        .filter(|s| s.result.is_err())
        .map(|s| format!("step failed: {}", s.what))
        .collect();
    match touched {
        None => {}
        Some(Err(e)) => problems.push(format!("the files touched could not be listed: {e}")),
        Some(Ok(files)) => {
            eprintln!(
                "\nfiles touched outside crates/qubic/ (git diff --name-only, untracked files):"
            );
            let mut counted = 0;
            for file in &files {
                let note = if file == RULES_PAGE {
                    "the rules page"
                } else if WRITTEN_BY_CARGO.contains(&file.as_str()) {
                    "written by cargo when the crate joins, not by hand"
                } else if ALLOWED.contains(&file.as_str()) {
                    counted += 1;
                    "allowed"
                } else {
                    counted += 1;
                    "NOT among the allowed files"
                };
                eprintln!("  {file:<45} {note}");
            }
            eprintln!(
                "  {counted} of at most {} besides the rules page",
                ALLOWED.len()
            );
            if counted > ALLOWED.len() {
                problems.push(format!(
                    "{counted} files touched outside the crate besides the rules page; at most {} \
                     are allowed ({})",
                    ALLOWED.len(),
                    ALLOWED.join(", ")
                ));
            }
        }
    }
    eprintln!(
        "\nxtask: fifth-game: {} steps in {:.0} s",
        steps.0.len(),
        secs(started.elapsed())
    );
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("fifth-game:\n  {}", problems.join("\n  ")))
    }
}

/// The number of tests that passed, summed over cargo test's `test result:` lines.
fn passed(output: &str) -> u64 {
    crate::one_game::passed(output)
}

/// The last `n` lines of `text`.
fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// What a command printed and how it ended.
struct Ran {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

/// Runs `cmd` with `stdin` as its input, stopping it after `timeout`; with `echo`, its stderr
/// is also shown as it comes (cargo's progress in a long build).
fn run(
    cmd: &mut Command,
    stdin: Option<&str>,
    timeout: Duration,
    echo: bool,
) -> Result<Ran, String> {
    let shown = format!("{cmd:?}");
    let mut child = cmd
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if let (Some(text), Some(mut pipe)) = (stdin, child.stdin.take()) {
        let text = text.to_string();
        // A program that stops reading early closes the pipe: not an error of ours.
        std::thread::spawn(move || {
            let _ = pipe.write_all(text.as_bytes());
        });
    }
    let stdout = child.stdout.take().map(|p| read_all(p, false));
    let stderr = child.stderr.take().map(|p| read_all(p, echo));
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "{shown}: stopped after {:.0} s without finishing",
                    secs(timeout)
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(format!("{shown}: {e}")),
        }
    };
    let collect = |h: Option<std::thread::JoinHandle<String>>| {
        h.and_then(|h| h.join().ok()).unwrap_or_default()
    };
    Ok(Ran {
        status,
        stdout: collect(stdout),
        stderr: collect(stderr),
    })
}

/// Reads a pipe to its end on a thread (echoing each line to stderr with `echo`).
fn read_all(pipe: impl Read + Send + 'static, echo: bool) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut all = String::new();
        let mut reader = BufReader::new(pipe);
        let mut line = String::new();
        while reader.read_line(&mut line).unwrap_or(0) > 0 {
            if echo {
                eprint!("{line}");
            }
            all.push_str(&line);
            line.clear();
        }
        all
    })
}

/// Runs cargo in the copy with its target directory; `Ok` holds stdout and stderr.
fn cargo_in(paths: &Paths, args: &[&str]) -> Result<String, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut cmd = Command::new(cargo);
    cmd.args(args)
        .current_dir(&paths.work)
        .env("CARGO_TARGET_DIR", &paths.target);
    let ran = run(&mut cmd, None, COMMAND_TIMEOUT, true)?;
    let all = format!("{}{}", ran.stdout, ran.stderr);
    if ran.status.success() {
        Ok(all)
    } else {
        let panics = panic_messages(&all);
        let detail = if panics.is_empty() {
            tail(&all, 40)
        } else {
            panics.join("\n")
        };
        Err(format!(
            "cargo {} (in {}) failed ({}):\n{detail}",
            args.join(" "),
            paths.work.display(),
            ran.status,
        ))
    }
}

/// The failed tests of a `cargo test` output with their messages: each `panicked at` line's
/// place and the message line after it.
fn panic_messages(output: &str) -> Vec<String> {
    let lines: Vec<&str> = output.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(at) = line.find("panicked at ") {
            let message = lines.get(i + 1).copied().unwrap_or_default();
            found.push(format!("  {}: {message}", &line[at..]));
        }
    }
    found
}

/// Runs `git args` in `dir`; `Ok` holds its stdout.
fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let mut cmd = Command::new("git");
    cmd.args(args).current_dir(dir);
    let ran = run(&mut cmd, None, COMMAND_TIMEOUT, false)?;
    if ran.status.success() {
        Ok(ran.stdout)
    } else {
        Err(format!(
            "git {} in {} failed ({}): {}",
            args.join(" "),
            dir.display(),
            ran.status,
            ran.stderr.trim()
        ))
    }
}

/// Step 1: the repository's committed files (`git archive HEAD`), or with `working_tree` the
/// files of its working tree that git knows or does not ignore, into a fresh directory with a
/// git history of one commit.
fn copy_workspace(paths: &Paths, working_tree: bool) -> Result<String, String> {
    let dir = &paths.fresh;
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let copied = if working_tree {
        let listed = git(
            &paths.root,
            &[
                "ls-files",
                "-z",
                "--cached",
                "--others",
                "--exclude-standard",
            ],
        )?;
        let mut copied = 0;
        for name in listed.split('\0').filter(|n| !n.is_empty()) {
            let from = paths.root.join(name);
            // A tracked file deleted in the working tree is not part of what would build.
            if from.is_file() {
                copy_file(&from, &dir.join(name))?;
                copied += 1;
            }
        }
        copied
    } else {
        let archive = paths.out.join("head.tar");
        let archive_text = archive.display().to_string();
        git(
            &paths.root,
            &["archive", "--format=tar", "-o", &archive_text, "HEAD"],
        )?;
        let mut tar = Command::new("tar");
        tar.arg("-xf").arg(&archive).arg("-C").arg(dir);
        let ran = run(&mut tar, None, COMMAND_TIMEOUT, false)?;
        let _ = std::fs::remove_file(&archive);
        if !ran.status.success() {
            return Err(format!(
                "tar -xf {archive_text} ({}): {}",
                ran.status,
                ran.stderr.trim()
            ));
        }
        git(&paths.root, &["ls-tree", "-r", "-z", "--name-only", "HEAD"])?
            .split('\0')
            .filter(|n| !n.is_empty())
            .count()
    };
    let mut commit = vec!["-c", "user.name=xtask", "-c", "user.email=xtask@localhost"];
    commit.extend([
        "-c",
        "commit.gpgsign=false",
        "commit",
        "-q",
        "-m",
        "the workspace as copied",
    ]);
    git(dir, &["init", "-q"])?;
    git(dir, &["add", "-A"])?;
    git(dir, &commit)?;
    let what = if working_tree {
        "the working tree"
    } else {
        "HEAD"
    };
    Ok(format!("{copied} files of {what}"))
}

/// Copies a file.
fn copy_file(from: &Path, to: &Path) -> Result<(), String> {
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("copy {} to {}: {e}", from.display(), to.display()))
}

/// Copies the directory `from` to `to`.
fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    for entry in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry
            .map_err(|e| format!("{}: {e}", from.display()))?
            .path();
        let Some(name) = path.file_name() else {
            continue;
        };
        if path.is_dir() {
            copy_dir(&path, &to.join(name))?;
        } else {
            copy_file(&path, &to.join(name))?;
        }
    }
    Ok(())
}

/// The files under `dir` (its `.git` left out), as paths relative to it.
fn files_under(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut found = Vec::new();
    let mut pending = vec![PathBuf::new()];
    while let Some(relative) = pending.pop() {
        let here = dir.join(&relative);
        for entry in std::fs::read_dir(&here).map_err(|e| format!("{}: {e}", here.display()))? {
            let entry = entry.map_err(|e| format!("{}: {e}", here.display()))?;
            let path = relative.join(entry.file_name());
            if path.as_os_str() == ".git" {
                continue;
            }
            let kind = entry
                .file_type()
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if kind.is_dir() {
                pending.push(path);
            } else {
                found.push(path);
            }
        }
    }
    Ok(found)
}

/// Step 2b: the fresh copy replaces the last run's, every file whose bytes did not change
/// keeping the time of the build it was compiled in.
///
/// Cargo decides by modification time whether a crate's sources changed since its last build
/// in the target directory. A copy made anew with new times would rebuild the whole workspace
/// every run. With the task's own target directory, the content decides against the last copy:
/// the originals' times would not do, since a file changed in the repository after the last
/// run's copy but before its build is older than that build; so a file equal to the last
/// copy's keeps that copy's time, any other file is new. With `--shared-target` the copy builds
/// in the repository's own target directory, where Cargo names a workspace crate by its path
/// relative to the workspace root (the copy's crates and the repository's share their
/// artifacts): a file equal to the repository's keeps the repository file's time, so the
/// crates the new game does not change are not compiled again, and any other file is new.
fn settle(paths: &Paths) -> Result<String, String> {
    let files = files_under(&paths.fresh)?;
    let mut changed = Vec::new();
    let compared_with = if paths.shared_target {
        &paths.root
    } else {
        &paths.work
    };
    for relative in &files {
        let old = compared_with.join(relative);
        let same = std::fs::read(&old).ok().is_some_and(|bytes| {
            std::fs::read(paths.fresh.join(relative)).is_ok_and(|new| new == bytes)
        });
        if same {
            let time = std::fs::metadata(&old)
                .and_then(|m| m.modified())
                .map_err(|e| format!("{}: {e}", old.display()))?;
            let new = paths.fresh.join(relative);
            std::fs::File::options()
                .write(true)
                .open(&new)
                .and_then(|f| f.set_modified(time))
                .map_err(|e| format!("{}: cannot set its time: {e}", new.display()))?;
        } else {
            changed.push(relative.display().to_string());
        }
    }
    if paths.work.exists() {
        std::fs::remove_dir_all(&paths.work)
            .map_err(|e| format!("{}: {e}", paths.work.display()))?;
    }
    std::fs::rename(&paths.fresh, &paths.work).map_err(|e| {
        format!(
            "rename {} to {}: {e}",
            paths.fresh.display(),
            paths.work.display()
        )
    })?;
    changed.sort();
    let shown: Vec<&str> = changed.iter().take(5).map(String::as_str).collect();
    let more = if changed.len() > shown.len() {
        ", …"
    } else {
        ""
    };
    Ok(format!(
        "{}: {} of {} files new or changed since {}{}",
        paths.work.display(),
        changed.len(),
        files.len(),
        if paths.shared_target {
            "the repository's"
        } else {
            "the last run"
        },
        if changed.is_empty() {
            String::new()
        } else {
            format!(" ({}{more})", shown.join(", "))
        }
    ))
}

/// Step 2: the game's crate, rules page and evaluation into the fresh copy, and the edits.
fn add_game(paths: &Paths) -> Result<String, String> {
    let work = &paths.fresh;
    let sources = work.join(SOURCES);
    let krate = GAME.krate;
    let crate_dir = work.join("crates").join(krate);
    if crate_dir.exists() {
        return Err(format!(
            "crates/{krate} already exists in the workspace: the game is shipped, there is no \
             fifth game to add"
        ));
    }
    copy_dir(&sources.join(krate), &crate_dir)?;
    copy_file(
        &sources.join("rules").join("qubic.md"),
        &work.join(RULES_PAGE),
    )?;
    copy_file(
        &sources.join("eval").join("qubic.rs"),
        &work.join(ALLOWED[4]),
    )?;
    let edit_file = |name: &str, f: &dyn Fn(&str) -> Result<String, String>| {
        let path = work.join(name);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"))?;
        let new = f(&text).map_err(|e| format!("{name}: {e}"))?;
        std::fs::write(&path, new).map_err(|e| format!("{name}: {e}"))
    };
    edit_file("Cargo.toml", &|t| edit::workspace_manifest(t, krate))?;
    let mut lists = Vec::new();
    edit_file(ALLOWED[1], &|t| {
        edit::game_features_manifest(t, krate, &[]).map(|(text, _)| text)
    })?;
    let facade = std::fs::read_to_string(work.join(ALLOWED[1])).unwrap_or_default();
    lists.push(format!("facade: {}", list_holding(&facade)));
    edit_file(ALLOWED[2], &|t| edit::game_list(t, &GAME))?;
    edit_file(ALLOWED[3], &|t| {
        let also = [format!("variant-games/{krate}")];
        edit::game_features_manifest(t, krate, &also).map(|(text, _)| text)
    })?;
    let engine = std::fs::read_to_string(work.join(ALLOWED[3])).unwrap_or_default();
    lists.push(format!("engine: {}", list_holding(&engine)));
    Ok(format!(
        "crates/{krate}, {RULES_PAGE}, 5 files edited (the game in the feature list {})",
        lists.join(", ")
    ))
}

/// The name of the feature list that took the game in an edited manifest.
fn list_holding(manifest: &str) -> &'static str {
    let has = |key: &str| {
        manifest
            .lines()
            .any(|l| l.starts_with(&format!("{key} = [")) && l.contains("\"qubic\""))
    };
    if has("all-games") {
        "all-games"
    } else if has("default") {
        "default"
    } else {
        "?"
    }
}

/// The files the task changed or added outside the new crate, sorted.
fn touched_files(work: &Path) -> Result<Vec<String>, String> {
    let changed = git(work, &["diff", "--name-only"])?;
    let added = git(work, &["ls-files", "--others", "--exclude-standard"])?;
    let mut files: Vec<String> = changed
        .lines()
        .chain(added.lines())
        .filter(|f| !f.is_empty() && !f.starts_with(&format!("crates/{}/", GAME.krate)))
        .map(str::to_string)
        .collect();
    files.sort();
    files.dedup();
    Ok(files)
}

/// The places in the copy's code and manifests (comments left out) where the four shipped
/// games are named within a few lines of each other and the new game is not: lists that a new
/// game would have to join by hand. The files the task edited are left out.
fn hand_lists(work: &Path) -> Result<Vec<String>, String> {
    const WINDOW: usize = 8;
    const KINDS: [&str; 12] = [
        "rs", "toml", "py", "pyi", "js", "mjs", "c", "h", "hpp", "cpp", "sh", "yml",
    ];
    let names: [&[&str]; 4] = [
        &["chess3d"],
        &["checkers3d"],
        &["bishops4p"],
        &["chess-t", "chess_t", "ChessT"],
    ];
    let listed = git(
        work,
        &["ls-files", "--cached", "--others", "--exclude-standard"],
    )?;
    let mut found = Vec::new();
    for file in listed.lines() {
        let kind = file.rsplit('.').next().unwrap_or_default();
        if !KINDS.contains(&kind)
            || ALLOWED.contains(&file)
            || file.starts_with(&format!("crates/{}/", GAME.krate))
            || file.starts_with(SOURCES)
            || file.starts_with("xtask/src/fifth_game")
        {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(work.join(file)) else {
            continue;
        };
        let hash_comments = ["toml", "py", "pyi", "sh", "yml"].contains(&kind);
        // (line number, text) of the lines that are not comments.
        let code: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| {
                let t = l.trim_start();
                !(t.starts_with("//")
                    || t.starts_with("/*")
                    || t.starts_with('*')
                    || (hash_comments && t.starts_with('#')))
            })
            .map(|(i, l)| (i + 1, l))
            .collect();
        let mut i = 0;
        while i < code.len() {
            let window = &code[i..(i + WINDOW).min(code.len())];
            let names_all = names.iter().all(|alts| {
                window
                    .iter()
                    .any(|(_, l)| alts.iter().any(|n| l.contains(n)))
            });
            let starts_here = names
                .iter()
                .any(|alts| alts.iter().any(|n| code[i].1.contains(n)));
            if names_all && starts_here && !window.iter().any(|(_, l)| l.contains(GAME.krate)) {
                found.push(format!("{file}:{}", code[i].0));
                i += WINDOW;
            } else {
                i += 1;
            }
        }
    }
    Ok(found)
}

/// Runs the copy's `variants` with `args` (and `stdin`), in the scratch directory.
fn variants(paths: &Paths, args: &[&str], stdin: Option<&str>) -> Result<Ran, String> {
    std::fs::create_dir_all(&paths.scratch)
        .map_err(|e| format!("{}: {e}", paths.scratch.display()))?;
    let mut cmd = Command::new(paths.variants());
    cmd.args(args).current_dir(&paths.scratch);
    run(&mut cmd, stdin, Duration::from_secs(600), false)
}

/// `variants args` that must succeed; `Ok` holds its stdout.
fn variants_ok(paths: &Paths, args: &[&str], stdin: Option<&str>) -> Result<String, String> {
    let ran = variants(paths, args, stdin)?;
    if ran.status.success() {
        Ok(ran.stdout)
    } else {
        Err(format!(
            "`variants {}` failed ({}):\n{}{}",
            args.join(" "),
            ran.status,
            tail(&ran.stdout, 20),
            tail(&ran.stderr, 20)
        ))
    }
}

/// A failed expectation: the command, what was expected, what came out.
fn unexpected(command: &str, expected: &str, output: &str) -> String {
    format!(
        "`{command}`: expected {expected}; it printed:\n{}",
        tail(output, 30)
    )
}

fn check_games(paths: &Paths) -> Result<String, String> {
    let text = variants_ok(paths, &["games"], None)?;
    if !text.lines().any(|l| l.starts_with("qubic ")) {
        return Err(unexpected("variants games", "a line for qubic", &text));
    }
    let json = variants_ok(paths, &["games", "--json"], None)?;
    let games = Json::parse(&json)?;
    let names: Vec<&str> = games
        .array()
        .unwrap_or_default()
        .iter()
        .filter_map(|g| g.get("name").and_then(Json::str))
        .collect();
    let qubic = games
        .array()
        .unwrap_or_default()
        .iter()
        .find(|g| g.get("name").and_then(Json::str) == Some("qubic"))
        .ok_or_else(|| unexpected("variants games --json", "an entry named qubic", &json))?;
    if qubic
        .get("keys")
        .and_then(Json::array)
        .is_none_or(|k| !k.is_empty())
    {
        return Err(unexpected(
            "variants games --json",
            "qubic with no configuration keys (Q-1)",
            &json,
        ));
    }
    Ok(format!("games: {}", names.join(", ")))
}

fn check_perft(paths: &Paths) -> Result<String, String> {
    let mut counts = Vec::new();
    for depth in 1..=3u64 {
        // Q-11: no line can be complete before ply 7, so every position of the first plies
        // has one move per empty cell: perft(d) = 64 · 63 · … · (64 - d + 1).
        let expected: u64 = (0..depth).map(|i| 64 - i).product();
        let depth_text = depth.to_string();
        let args = ["perft", "qubic", "--depth", depth_text.as_str()];
        let out = variants_ok(paths, &args, None)?;
        let nodes = out
            .lines()
            .find_map(|l| l.strip_prefix("nodes "))
            .and_then(|n| n.trim().parse::<u64>().ok());
        if nodes != Some(expected) {
            return Err(unexpected(
                &format!("variants {}", args.join(" ")),
                &format!("nodes {expected} (Q-11)"),
                &out,
            ));
        }
        counts.push(expected.to_string());
    }
    Ok(format!("depths 1-3: {}", counts.join(", ")))
}

fn check_play(paths: &Paths) -> Result<String, String> {
    let record = paths.scratch.join("qubic-game.json");
    let _ = std::fs::remove_file(&record);
    let record_arg = record.display().to_string();
    let moves = format!("{}\n", X_WINS.join("\n"));
    let args = ["play", "qubic", "--quiet", "--save", record_arg.as_str()];
    let out = variants_ok(paths, &args, Some(&moves))?;
    let wanted = "game over: x wins (four in a line)";
    if !out.contains(wanted) {
        return Err(unexpected(
            &format!("variants {} < moves {}", args.join(" "), X_WINS.join(" ")),
            &format!("{wanted:?}"),
            &out,
        ));
    }
    let saved = std::fs::read_to_string(&record).map_err(|e| {
        format!(
            "the record `variants play --save` wrote: {}: {e}",
            record.display()
        )
    })?;
    let json = Json::parse(&saved)?;
    let played: Vec<&str> = json
        .get("moves")
        .and_then(Json::array)
        .unwrap_or_default()
        .iter()
        .filter_map(Json::str)
        .collect();
    if json.get("game").and_then(Json::str) != Some("qubic") || played != X_WINS {
        return Err(unexpected(
            "variants play --save",
            &format!("a qubic record of the moves {}", X_WINS.join(" ")),
            &saved,
        ));
    }
    Ok(format!(
        "\"{wanted}\" after 7 moves from stdin; the record reads back"
    ))
}

fn check_analyse(paths: &Paths) -> Result<String, String> {
    let args = ["analyse", "qubic", "--position", WIN_IN_ONE, "--depth", "2"];
    let out = variants_ok(paths, &args, None)?;
    let best = out.lines().find_map(|l| l.strip_prefix("bestmove "));
    if best.is_none_or(|b| !b.starts_with("d1@1 score mate 1")) {
        return Err(unexpected(
            &format!("variants analyse qubic --position \"{WIN_IN_ONE}\" --depth 2"),
            "bestmove d1@1 with score mate 1 (Q-5)",
            &out,
        ));
    }
    Ok("finds the win in one, d1@1".to_string())
}

fn check_show(paths: &Paths) -> Result<String, String> {
    let out = variants_ok(paths, &["show", "qubic", "--position", WIN_IN_ONE], None)?;
    let missing: Vec<&str> = ["height 1", "height 4", "x to move"]
        .into_iter()
        .filter(|w| !out.contains(w))
        .collect();
    if !missing.is_empty() {
        return Err(unexpected(
            "variants show qubic",
            &format!(
                "the four boards and the caption ({} missing)",
                missing.join(", ")
            ),
            &out,
        ));
    }
    let svg = paths.scratch.join("qubic.svg");
    let svg_arg = svg.display().to_string();
    variants_ok(paths, &["show", "qubic", "--svg", svg_arg.as_str()], None)?;
    let drawn = std::fs::read_to_string(&svg).map_err(|e| format!("{}: {e}", svg.display()))?;
    if !drawn.contains("<svg") {
        return Err(unexpected(
            "variants show qubic --svg",
            "an SVG picture",
            &drawn,
        ));
    }
    Ok("four boards drawn as text and SVG".to_string())
}

fn check_match(paths: &Paths) -> Result<String, String> {
    let args = [
        "match",
        "qubic",
        "--player",
        "engine:depth=1",
        "--player",
        "engine:depth=2",
        "--games",
        "2",
        "--seed",
        "1",
        "--json",
    ];
    let out = variants_ok(paths, &args, None)?;
    let report = Json::parse(out.trim()).map_err(|e| unexpected("variants match", &e, &out))?;
    let games = report.get("games").and_then(|g| match g {
        Json::Number(n) => Some(*n),
        _ => None,
    });
    let players = report
        .get("players")
        .and_then(Json::array)
        .unwrap_or_default();
    let results: Vec<String> = players
        .iter()
        .map(|p| {
            let n = |k: &str| match p.get(k) {
                Some(Json::Number(n)) => *n,
                _ => -1.0,
            };
            format!(
                "{} +{} ={} -{}",
                p.get("spec").and_then(Json::str).unwrap_or("?"),
                n("wins"),
                n("draws"),
                n("losses")
            )
        })
        .collect();
    let complete = players.len() == 2
        && players.iter().all(|p| {
            ["wins", "draws", "losses"]
                .iter()
                .map(|k| match p.get(k) {
                    Some(Json::Number(n)) => *n,
                    _ => f64::NAN,
                })
                .sum::<f64>()
                == 2.0
        });
    if games != Some(2.0) || !complete {
        return Err(unexpected(
            &format!("variants {}", args.join(" ")),
            "2 games, each player with 2 results",
            &out,
        ));
    }
    Ok(format!("2 games: {}", results.join(", ")))
}

/// The C program: the start's move values, and the status words after x's win.
const C_PROGRAM: &str = r#"/* Written by cargo xtask fifth-game: the C library on the game it was not written for. */
#include "variants.h"

#include <inttypes.h>
#include <stdio.h>

static int check(const char *what, variants_result rc) {
  if (rc == VARIANTS_OK) {
    return 0;
  }
  char detail[512];
  size_t n = 0;
  variants_last_error_message(detail, sizeof detail, &n);
  printf("error %s: %d: %s\n", what, (int)rc, detail);
  return 1;
}

int main(int argc, char **argv) {
  variants_game *game = NULL;
  if (check("new", variants_game_new("qubic", "", &game))) {
    return 1;
  }
  variants_move moves[256];
  size_t count = 0;
  if (check("moves", variants_game_moves(game, moves, 256, &count))) {
    return 1;
  }
  printf("moves %zu\n", count);
  for (size_t i = 0; i < count; i++) {
    char text[64];
    size_t n = 0;
    if (check("move text", variants_game_move_text(game, moves[i], text, sizeof text, &n))) {
      return 1;
    }
    printf("move %" PRIu64 " %s\n", (uint64_t)moves[i], text);
  }
  for (int i = 1; i < argc; i++) {
    if (check(argv[i], variants_game_play(game, argv[i]))) {
      return 1;
    }
  }
  variants_status status;
  if (check("status", variants_game_status(game, &status))) {
    return 1;
  }
  printf("status %d %d %d\n", (int)status.kind, (int)status.winner_seat, (int)status.reason);
  const uint32_t parts[3] = {VARIANTS_REASON_PART_ID, VARIANTS_REASON_PART_RULE,
                             VARIANTS_REASON_PART_TEXT};
  for (int i = 0; i < 3; i++) {
    char words[128];
    size_t n = 0;
    if (check("status reason", variants_game_status_reason(game, parts[i], words, sizeof words, &n))) {
      return 1;
    }
    printf("reason %s\n", words);
  }
  variants_game_free(game);
  return 0;
}
"#;

/// The name of cell index `i` (`height * 16 + rank * 4 + file`, Q-9).
fn cell_name(i: u64) -> String {
    let file = char::from(b"abcd"[(i % 4) as usize]);
    format!("{file}{}@{}", i / 4 % 4 + 1, i / 16 + 1)
}

fn check_c_library(paths: &Paths) -> Result<String, String> {
    std::fs::create_dir_all(&paths.scratch)
        .map_err(|e| format!("{}: {e}", paths.scratch.display()))?;
    let source = paths.scratch.join("qubic.c");
    let program = paths.scratch.join("qubic-c");
    std::fs::write(&source, C_PROGRAM).map_err(|e| format!("{}: {e}", source.display()))?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let compile = |defines: &[&str]| -> Result<Ran, String> {
        let mut cmd = Command::new(&cc);
        cmd.args(["-std=c11", "-Wall", "-Werror"])
            .args(defines)
            .arg("-I")
            .arg(paths.work.join("crates/variant-ffi/include"))
            .arg(&source)
            .arg(paths.target.join("debug/libvariant_ffi.a"))
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&program);
        run(&mut cmd, None, Duration::from_secs(600), false)
    };
    let failed = |ran: &Ran| {
        format!(
            "{cc} could not build a C program against the copy's header \
             (crates/variant-ffi/include/variants.h) and library ({}):\n{}{}",
            ran.status,
            tail(&ran.stdout, 20),
            tail(&ran.stderr, 30)
        )
    };
    let ran = compile(&[])?;
    if ran.status.success() {
        return run_c_program(&program);
    }
    if !ran.stderr.contains("VARIANTS_REASON_PART_") {
        return Err(failed(&ran));
    }
    // The header lacks the names of the reason parts that docs/c-api.md gives: reported, and
    // the rest of the check run with the values of crates/variant-ffi/src/status.rs.
    let header = format!(
        "crates/variant-ffi/include/variants.h does not declare VARIANTS_REASON_PART_ID, \
         _RULE and _TEXT (docs/c-api.md, \"Status values\"; enum variants_reason_part in \
         crates/variant-ffi/src/status.rs): a C program written from the documentation does not \
         compile. {}",
        ran.stderr
            .lines()
            .find(|l| l.contains("error:"))
            .unwrap_or_default()
            .trim()
    );
    let again = compile(&[
        "-DVARIANTS_REASON_PART_ID=0",
        "-DVARIANTS_REASON_PART_RULE=1",
        "-DVARIANTS_REASON_PART_TEXT=2",
    ])?;
    if !again.status.success() {
        return Err(format!("{header}\n{}", failed(&again)));
    }
    match run_c_program(&program) {
        Ok(said) => Err(format!(
            "{header}\nWith the parts as numbers (0, 1, 2) the program runs: {said}"
        )),
        Err(e) => Err(format!("{header}\n{e}")),
    }
}

/// Runs the C program with x's winning moves and checks what it prints.
fn run_c_program(program: &Path) -> Result<String, String> {
    let ran = run(
        Command::new(program).args(X_WINS),
        None,
        Duration::from_secs(60),
        false,
    )?;
    let out = ran.stdout;
    let command = format!("target/fifth-game/scratch/qubic-c {}", X_WINS.join(" "));
    if !ran.status.success() {
        return Err(unexpected(
            &command,
            "exit status 0",
            &format!("{out}{}", ran.stderr),
        ));
    }
    if !out.lines().any(|l| l == "moves 64") {
        return Err(unexpected(&command, "64 moves at the start (Q-4)", &out));
    }
    // Q-9: the values are the tag 5 above the cell index; the moves come in cell order.
    for (i, line) in (0u64..).zip(out.lines().filter(|l| l.starts_with("move "))) {
        let expected = format!("move {} {}", 5u64 << 60 | i, cell_name(i));
        if line != expected {
            return Err(unexpected(&command, &format!("{expected:?} (Q-9)"), &out));
        }
    }
    // A win (kind 1) of seat 0 for a reason of the game's own (VARIANTS_REASON_GAME, 15).
    let wanted = [
        "status 1 0 15",
        "reason four-in-a-line",
        "reason Q-5",
        "reason four in a line",
    ];
    if let Some(missing) = wanted.iter().find(|w| !out.lines().any(|l| l == **w)) {
        return Err(unexpected(&command, &format!("{missing:?}"), &out));
    }
    Ok("64 move values 5<<60 | cell; after the win: four-in-a-line, Q-5".to_string())
}

/// The Python check: the game through the package's `Game` (docs/python.md).
const PYTHON_CHECK: &str = r#"
import sys
import variant_games

print("games", " ".join(variant_games.games()))
game = variant_games.Game("qubic")
print("moves", len(game.legal_moves()))
for move in sys.argv[1:]:
    game.play(move)
status = game.status
print("status", status.over, status.winner, status.reason_id, status.rule)
print("text", str(status))
print("board", game.board().shape)
"#;

/// The Python package built from the copy (`maturin build`, the dev profile, in the copy's
/// target directory) into a virtual environment kept in `target/fifth-game/venv`, and the
/// game played through it.
fn check_python(paths: &Paths) -> Result<String, String> {
    std::fs::create_dir_all(&paths.scratch)
        .map_err(|e| format!("{}: {e}", paths.scratch.display()))?;
    let venv = paths.out.join("venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        let ran = run(
            Command::new("python3").arg("-m").arg("venv").arg(&venv),
            None,
            Duration::from_secs(600),
            false,
        )?;
        if !ran.status.success() {
            return Err(format!(
                "python3 -m venv {} ({}): {}",
                venv.display(),
                ran.status,
                ran.stderr.trim()
            ));
        }
    }
    let wheels = paths.out.join("wheels");
    if wheels.exists() {
        std::fs::remove_dir_all(&wheels).map_err(|e| format!("{}: {e}", wheels.display()))?;
    }
    let mut build = Command::new(crate::dist::maturin()?);
    build
        .args(["build", "--manifest-path"])
        .arg(paths.work.join("crates/variant-py/Cargo.toml"))
        .arg("--out")
        .arg(&wheels)
        .arg("--interpreter")
        .arg(&python)
        .current_dir(&paths.work)
        .env("CARGO_TARGET_DIR", &paths.target);
    let ran = run(&mut build, None, COMMAND_TIMEOUT, true)?;
    if !ran.status.success() {
        return Err(format!(
            "maturin build of crates/variant-py ({}):\n{}",
            ran.status,
            tail(&format!("{}{}", ran.stdout, ran.stderr), 30)
        ));
    }
    let wheel = std::fs::read_dir(&wheels)
        .map_err(|e| format!("{}: {e}", wheels.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .ok_or_else(|| format!("maturin build wrote no wheel into {}", wheels.display()))?;
    let pip = |args: &[&str], wheel: Option<&Path>| -> Result<(), String> {
        let mut cmd = Command::new(&python);
        cmd.args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .args(args);
        if let Some(wheel) = wheel {
            cmd.arg(wheel);
        }
        let ran = run(&mut cmd, None, Duration::from_secs(600), false)?;
        if ran.status.success() {
            Ok(())
        } else {
            Err(format!(
                "pip install {} ({}): {}",
                args.join(" "),
                ran.status,
                tail(&ran.stderr, 10)
            ))
        }
    };
    // The same version each run: reinstalled without its dependencies, then those (numpy)
    // installed once.
    pip(&["--force-reinstall", "--no-deps"], Some(&wheel))?;
    pip(&["numpy>=1.22"], None)?;
    let mut cmd = Command::new(&python);
    cmd.arg("-c")
        .arg(PYTHON_CHECK)
        .args(X_WINS)
        .current_dir(&paths.scratch);
    let ran = run(&mut cmd, None, Duration::from_secs(120), false)?;
    let out = format!("{}{}", ran.stdout, ran.stderr);
    let command = format!("python -c <check> {}", X_WINS.join(" "));
    if !ran.status.success() {
        return Err(unexpected(&command, "exit status 0", &out));
    }
    let wanted = [
        "moves 64",
        "status True x four-in-a-line Q-5",
        "text x wins (four in a line)",
        "board (4, 4, 4)",
    ];
    let games = ran.stdout.lines().find(|l| l.starts_with("games "));
    if !games.is_some_and(|l| l.split_whitespace().any(|g| g == "qubic")) {
        return Err(unexpected(
            &command,
            "qubic among variant_games.games()",
            &out,
        ));
    }
    if let Some(missing) = wanted
        .iter()
        .find(|w| !ran.stdout.lines().any(|l| l == **w))
    {
        return Err(unexpected(&command, &format!("{missing:?}"), &out));
    }
    Ok(
        "variant_games.Game(\"qubic\"): 64 moves, x wins: four-in-a-line, Q-5; board 4x4x4"
            .to_string(),
    )
}

/// The server under test, stopped when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn check_web(paths: &Paths) -> Result<String, String> {
    std::fs::create_dir_all(&paths.scratch)
        .map_err(|e| format!("{}: {e}", paths.scratch.display()))?;
    let data = paths.scratch.join("web.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", data.display()));
    }
    let mut child = Command::new(paths.variants())
        .args(["serve", "--port", "0", "--data"])
        .arg(&data)
        .current_dir(&paths.scratch)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start variants serve: {e}"))?;
    let stdout = child.stdout.take();
    let stderr = child.stderr.take().map(|p| read_all(p, false));
    let server = Server(child);
    let (sent, first_line) = mpsc::channel();
    if let Some(out) = stdout {
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(out).read_line(&mut line);
            let _ = sent.send(line);
        });
    }
    let line = first_line
        .recv_timeout(Duration::from_secs(60))
        .unwrap_or_default();
    let Some(address) = line
        .split("listening on http://")
        .nth(1)
        .map(|a| a.trim().trim_end_matches('/').to_string())
    else {
        drop(server);
        let errors = stderr.and_then(|h| h.join().ok()).unwrap_or_default();
        return Err(format!(
            "variants serve --port 0: no \"listening on http://…\" line within 60 s; it \
             printed {line:?}\n{}",
            tail(&errors, 20)
        ));
    };
    let result = web_game(&address).and_then(|api| {
        let page = placement_by_clicking(paths, &address)?;
        Ok(format!("{api}; {page}"))
    });
    drop(server);
    result
}

/// The page enters a placement by a click on one empty cell (`fifth-game/browser/placement.mjs`
/// in Chromium through playwright-core). Skipped, and said so, where Node, Chromium or the
/// browser tests' `node_modules` (`npm ci` in crates/variant-web/tests/browser) are missing.
fn placement_by_clicking(paths: &Paths, address: &str) -> Result<String, String> {
    let browser_dir = paths.root.join("crates/variant-web/tests/browser");
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string());
    let missing = if !browser_dir.join("node_modules/playwright-core").is_dir() {
        Some("crates/variant-web/tests/browser/node_modules (run npm ci there)")
    } else if !Path::new(&chromium).exists() {
        Some("Chromium")
    } else {
        None
    };
    if let Some(missing) = missing {
        return Ok(format!(
            "the page's placement by clicking skipped: no {missing}"
        ));
    }
    let script = paths.root.join("xtask/fifth-game/browser/placement.mjs");
    let mut cmd = Command::new("node");
    cmd.arg(&script)
        .arg(format!("http://{address}"))
        .arg(&browser_dir);
    let ran = run(&mut cmd, None, COMMAND_TIMEOUT, true)?;
    if ran.status.success() {
        Ok(ran.stdout.trim().to_string())
    } else {
        Err(format!(
            "node {}: {}{}",
            script.display(),
            ran.stdout,
            ran.stderr
        ))
    }
}

/// A qubic game through the JSON API (docs/web.md): created, a refused move, played to x's
/// win; the answers' fields checked.
fn web_game(address: &str) -> Result<String, String> {
    let expect = |answer: web::Answer, status: u16, what: &str| {
        if answer.status == status {
            Ok(answer)
        } else {
            Err(format!(
                "{what}: expected HTTP {status}, got {}: {}",
                answer.status,
                web::short(&answer.body)
            ))
        }
    };
    let info = web::request(address, "GET", "/api/info", None)?;
    if !info.body.contains("\"qubic\"") {
        return Err(format!(
            "GET /api/info does not name qubic: {}",
            web::short(&info.body)
        ));
    }
    let created = expect(
        web::request(address, "POST", "/api/games", Some(r#"{"game": "qubic"}"#))?,
        201,
        "POST /api/games {\"game\": \"qubic\"}",
    )?
    .json()?;
    let id = created
        .get("id")
        .and_then(Json::str)
        .ok_or("POST /api/games: no \"id\" in the answer")?
        .to_string();
    let token = |seat: &str| {
        created
            .at(&["tokens", seat])
            .and_then(Json::str)
            .map(str::to_string)
            .ok_or(format!(
                "POST /api/games: no token for the seat {seat:?} (tokens {:?})",
                created.get("tokens")
            ))
    };
    let tokens = [token("x")?, token("o")?];
    let state = expect(
        web::request(address, "GET", &format!("/api/games/{id}"), None)?,
        200,
        "GET /api/games/{id}",
    )?
    .json()?;
    let legal = state
        .get("moves")
        .and_then(Json::array)
        .map_or(0, <[Json]>::len);
    let boards = state
        .at(&["view", "boards"])
        .and_then(Json::array)
        .map_or(0, <[Json]>::len);
    if state.get("game").and_then(Json::str) != Some("qubic") || legal != 64 || boards != 4 {
        return Err(format!(
            "GET /api/games/{id}: expected a qubic game with 64 moves and 4 boards, got game \
             {:?}, {legal} moves, {boards} boards",
            state.get("game")
        ));
    }
    let play = |mv: &str, seat: usize| {
        let body = format!(
            "{{\"move\": {}, \"token\": {}}}",
            quote(mv),
            quote(&tokens[seat % 2])
        );
        web::request(
            address,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&body),
        )
    };
    expect(play(X_WINS[0], 0)?, 200, "POST …/moves a1@1 (x)")?;
    // Q-4: o may not mark x's cell; the answer says why.
    let refused = expect(
        play(X_WINS[0], 1)?,
        422,
        "POST …/moves a1@1 (o, on x's mark)",
    )?;
    if !refused.body.contains("already holds a mark of x") {
        return Err(format!(
            "POST …/moves a1@1 by o: the 422 does not say the cell holds x's mark: {}",
            web::short(&refused.body)
        ));
    }
    let mut last = None;
    for (ply, mv) in X_WINS.iter().enumerate().skip(1) {
        last = Some(expect(play(mv, ply)?, 200, &format!("POST …/moves {mv}"))?);
    }
    let end = last.ok_or("no move played")?.json()?;
    let field = |path: &[&str]| end.at(path).and_then(Json::str).unwrap_or("(missing)");
    let got = [
        field(&["status", "result"]),
        field(&["status", "winner"]),
        field(&["status", "reason_id"]),
        field(&["status", "rule"]),
    ];
    if got != ["win", "x", "four-in-a-line", "Q-5"] {
        return Err(format!(
            "after x's d1@1 the state's status should be result win, winner x, reason_id \
             four-in-a-line, rule Q-5 (docs/web.md); got {got:?}: {}",
            web::short(
                &end.get("status")
                    .map(|s| format!("{s:?}"))
                    .unwrap_or_default()
            )
        ));
    }
    let svg = expect(
        web::request(address, "GET", &format!("/api/games/{id}?board=svg"), None)?,
        200,
        "GET /api/games/{id}?board=svg",
    )?
    .json()?;
    if !svg
        .get("board")
        .and_then(Json::str)
        .is_some_and(|b| b.contains("<svg"))
    {
        return Err(format!(
            "GET /api/games/{id}?board=svg: no SVG board in the state"
        ));
    }
    Ok(format!(
        "game {id} created on {address}, a1@1 played, o's a1@1 refused (422), x won: \
         four-in-a-line (Q-5)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_from_their_index() {
        assert_eq!(cell_name(0), "a1@1");
        assert_eq!(cell_name(37), "b2@3");
        assert_eq!(cell_name(63), "d4@4");
    }

    #[test]
    fn the_allowed_files_hold_the_evaluation_at_index_4() {
        assert_eq!(ALLOWED[4], "crates/variant-engine/src/eval/qubic.rs");
        assert!(ALLOWED[1].ends_with("variant-games/Cargo.toml"));
        assert!(ALLOWED[2].ends_with("games.rs"));
        assert!(ALLOWED[3].ends_with("variant-engine/Cargo.toml"));
    }
}
