//! Running one page's blocks: the scratch directory, the commands with a time limit, and
//! cleaning the workspace root afterwards.

use super::page::Block;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// An `sh` block may build the release profile or a Python package.
const SCRIPT_LIMIT: Duration = Duration::from_secs(1800);

/// The state of one page's run.
pub struct PageRun {
    root: PathBuf,
    scratch: PathBuf,
    /// The entries of the workspace root before the page ran (what is new is removed after).
    before: BTreeSet<PathBuf>,
    list_only: bool,
    /// The process groups of the page's `sh` commands, with what they left running in the
    /// background (`… &`: a Dask scheduler and its workers, which the page's later blocks
    /// use, as its reader's would be): stopped when the page ends.
    background: RefCell<Vec<u32>>,
}

impl PageRun {
    /// A fresh scratch directory `target/docs-run/<page with / as _>/`.
    pub fn new(root: &Path, page: &Path, list_only: bool) -> Result<Self, String> {
        let name = page.to_string_lossy().replace(['/', '.'], "_");
        let scratch = root.join("target/docs-run").join(name);
        if !list_only {
            if scratch.exists() {
                std::fs::remove_dir_all(&scratch)
                    .map_err(|e| format!("{}: {e}", scratch.display()))?;
            }
            std::fs::create_dir_all(scratch.join("home"))
                .map_err(|e| format!("{}: {e}", scratch.display()))?;
        }
        Ok(Self {
            root: root.to_path_buf(),
            scratch,
            before: entries(root)?,
            list_only,
            background: RefCell::new(Vec::new()),
        })
    }

    /// Saves a block as `name` in the workspace root (a `file` directive).
    pub fn save_file(&self, name: &str, lines: &[String]) -> Result<(), String> {
        if self.list_only {
            return Ok(());
        }
        let path = self.root.join(name);
        if self.before.contains(&path) {
            return Err(format!(
                "docs-run: file {name}: {} exists already",
                path.display()
            ));
        }
        std::fs::write(&path, lines.join("\n") + "\n")
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Stops what the page's blocks left running, then removes what they added to the
    /// workspace root.
    pub fn finish(self) -> Result<(), String> {
        for group in self.background.take() {
            kill_group(group);
        }
        for path in entries(&self.root)?.difference(&self.before) {
            let done = if path.is_dir() && !path.is_symlink() {
                std::fs::remove_dir_all(path)
            } else {
                std::fs::remove_file(path)
            };
            done.map_err(|e| format!("removing {}: {e}", path.display()))?;
        }
        Ok(())
    }

    /// A `ci-step` block: each of its commands must be a line of `.ci/run`, which runs it.
    pub fn ci_step(&self, block: &Block) -> Result<String, String> {
        let ci = std::fs::read_to_string(self.root.join(".ci/run"))
            .map_err(|e| format!(".ci/run: {e}"))?;
        let steps: BTreeSet<&str> = ci.lines().map(str::trim).collect();
        let commands = commands(&block.lines)?;
        for command in &commands {
            if !steps.contains(command.as_str()) {
                return Err(format!(
                    "marked ci-step, but `{command}` is not a line of .ci/run"
                ));
            }
        }
        Ok(format!(
            "{} commands, each a line of .ci/run (run there)",
            commands.len()
        ))
    }

    /// An `sh` block as one `bash -e` script in the workspace root. With a `for N s` directive
    /// each command of the block (a line, with its continuation lines, or a whole `for … done`)
    /// is a script of its own that runs at most N seconds: still running then, it has started
    /// and is stopped; ended before, it must have succeeded. A `cargo build` runs to its end.
    pub fn script(&self, block: &Block) -> Result<String, String> {
        if self.list_only {
            return Ok("script (listed, not run)".to_string());
        }
        let Some((seconds, _)) = block.bounded() else {
            let script = block.lines.join("\n");
            let started = Instant::now();
            let cmd = self.script_command(&script, block.venv())?;
            let out = self.run(cmd, &block.line.to_string(), SCRIPT_LIMIT)?;
            self.background.borrow_mut().push(out.group);
            if !out.success {
                return Err(format!(
                    "the script failed ({})\n--- the block\n{script}\n--- its last output\n{}",
                    out.status,
                    tail(&out.text, 40)
                ));
            }
            return Ok(format!(
                "script ran, {:.0} s",
                started.elapsed().as_secs_f64()
            ));
        };
        let commands = commands(&block.lines)?;
        let mut stopped = 0;
        let started = Instant::now();
        for (k, command) in commands.iter().enumerate() {
            let name = format!("{}-{k}", block.line);
            let script = self.script_command(command, block.venv())?;
            let out = if runs_to_end(command) {
                self.run(script, &name, SCRIPT_LIMIT)?
            } else {
                self.run_bounded(script, &name, Duration::from_secs(seconds))?
            };
            // What it left running in the background (`… &`) lives until the page ends.
            self.background.borrow_mut().push(out.group);
            if out.stopped {
                stopped += 1;
            } else if !out.success {
                return Err(format!(
                    "`{command}` ended with {} before its {seconds} s\n--- its last output\n{}",
                    out.status,
                    tail(&out.text, 40)
                ));
            }
        }
        Ok(format!(
            "{} commands: {} ended well, {stopped} still running after {seconds} s, stopped; \
             {:.0} s in all",
            commands.len(),
            commands.len() - stopped,
            started.elapsed().as_secs_f64()
        ))
    }

    /// `bash -e` running `script` in the workspace root with the environment of `sh` blocks,
    /// and the virtual environment `venv` activated if given.
    fn script_command(&self, script: &str, venv: Option<&Path>) -> Result<Command, String> {
        let home = std::env::var("HOME").unwrap_or_default();
        let cargo_home = std::env::var("CARGO_HOME").unwrap_or_else(|_| format!("{home}/.cargo"));
        let rustup_home =
            std::env::var("RUSTUP_HOME").unwrap_or_else(|_| format!("{home}/.rustup"));
        let install = self.scratch.join("cargo-install");
        let mut path = format!(
            "{}:{cargo_home}/bin:{}",
            install.join("bin").display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let venv = venv.map(|dir| self.root.join(dir));
        if let Some(dir) = &venv {
            if !dir.join("bin/python").exists() {
                return Err(format!(
                    "no virtual environment {} (made by an earlier block: run its page first)",
                    dir.display()
                ));
            }
            path = format!("{}:{path}", dir.join("bin").display());
        }
        let mut cmd = Command::new("bash");
        cmd.arg("-e")
            .arg("-c")
            .arg(format!("exec 2>&1\n{script}"))
            .current_dir(&self.root)
            .env("HOME", self.scratch.join("home"))
            .env("CARGO_HOME", cargo_home)
            .env("RUSTUP_HOME", rustup_home)
            .env("CARGO_INSTALL_ROOT", &install)
            .env("PATH", path)
            .env(
                "MATURIN_PEP517_ARGS",
                format!("--profile {}", crate::check_profile()),
            )
            .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
            // One download cache for every page's virtual environments (and the next run).
            .env("PIP_CACHE_DIR", self.root.join("target/docs-run/pip-cache"));
        // The quicker release build, except for `cargo fuzz`: it builds with its own settings,
        // and the build of `cargo xtask fuzz-smoke` it should reuse has none of these (a
        // different profile would rebuild every crate of the fuzz targets).
        if runs_cargo_fuzz(script) {
            for var in crate::RELEASE_PROFILE_VARS {
                cmd.env_remove(var);
            }
        } else {
            cmd.env("CARGO_PROFILE_RELEASE_LTO", "false")
                .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16");
        }
        if let Some(dir) = venv {
            cmd.env("VIRTUAL_ENV", dir);
        }
        Ok(cmd)
    }

    /// Runs `cmd` as `run` does, but one still running after `limit` is no error: it is
    /// stopped and its output so far returned (`stopped`).
    fn run_bounded(&self, cmd: Command, name: &str, limit: Duration) -> Result<Output, String> {
        self.spawn_and_wait(cmd, name, limit, true)
    }

    /// Runs `cmd` in its own process group, stdin empty, stdout (and stderr, which the
    /// commands send to stdout) to a file of the scratch directory; killed after `limit`.
    fn run(&self, cmd: Command, name: &str, limit: Duration) -> Result<Output, String> {
        self.spawn_and_wait(cmd, name, limit, false)
    }

    fn spawn_and_wait(
        &self,
        mut cmd: Command,
        name: &str,
        limit: Duration,
        bounded: bool,
    ) -> Result<Output, String> {
        let log = self.scratch.join(format!("output-{name}.txt"));
        output_to(&mut cmd, &log)?;
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start {cmd:?}: {e}"))?;
        let started = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
                break status;
            }
            if started.elapsed() > limit {
                // The whole group: bash and what it started (pipelines, cargo's compilers).
                // `--` is needed: procps-ng's kill reads `-KILL -PGID` as a signal to every
                // process it may signal (checked: `kill -0 -999999` succeeds, `kill -s 0 --
                // -999999` says "No such process").
                kill_group(child.id());
                let _ = child.wait();
                if bounded {
                    let bytes =
                        std::fs::read(&log).map_err(|e| format!("{}: {e}", log.display()))?;
                    return Ok(Output {
                        text: String::from_utf8_lossy(&bytes).into_owned(),
                        group: child.id(),
                        success: false,
                        stopped: true,
                        status: format!("stopped after {} s", limit.as_secs()),
                    });
                }
                return Err(format!(
                    "{cmd:?} still ran after {} s and was stopped",
                    limit.as_secs()
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let bytes = std::fs::read(&log).map_err(|e| format!("{}: {e}", log.display()))?;
        Ok(Output {
            text: String::from_utf8_lossy(&bytes).into_owned(),
            group: child.id(),
            success: status.success(),
            stopped: false,
            status: status.to_string(),
        })
    }
}

struct Output {
    text: String,
    /// The process group the command ran in (its id is the command's process id).
    group: u32,
    success: bool,
    /// Still running at the limit of a bounded run, and stopped.
    stopped: bool,
    status: String,
}

/// The commands of an `sh` block, as bash reads them: blank and comment lines left out, a line
/// joined with the lines that complete it (continuation lines, the body of a `for`), which
/// `bash -n` decides.
pub(super) fn commands(lines: &[String]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut pending = String::new();
    for line in lines {
        if pending.is_empty() && (line.trim().is_empty() || line.trim_start().starts_with('#')) {
            continue;
        }
        if !pending.is_empty() {
            pending.push('\n');
        }
        pending.push_str(line);
        let complete = Command::new("bash")
            .arg("-n")
            .arg("-c")
            .arg(&pending)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("cannot run bash -n: {e}"))?
            .success();
        if complete && !pending.ends_with('\\') {
            out.push(std::mem::take(&mut pending));
        }
    }
    if !pending.is_empty() {
        return Err(format!(
            "an incomplete command at the end of the block: {pending}"
        ));
    }
    Ok(out)
}

/// Kills process group `group`: a command and what it started (pipelines, cargo's compilers,
/// the processes it left in the background).
fn kill_group(group: u32) {
    // `--` is needed: procps-ng's kill reads `-KILL -PGID` as a signal to every process it may
    // signal (checked: `kill -0 -999999` succeeds, `kill -s 0 -- -999999` says "No such
    // process").
    let _ = Command::new("kill")
        .args(["-s", "KILL", "--"])
        .arg(format!("-{group}"))
        .stderr(Stdio::null())
        .status();
}

/// A command of an `sh` block that runs to its end even in a block with `for N s`: a build or
/// an install, which the commands after it need finished (a stopped `pip install` could also
/// leave the environment half-installed).
fn runs_to_end(command: &str) -> bool {
    [
        "cargo build ",
        "cargo install ",
        "cargo xtask install ",
        "pip install ",
    ]
    .iter()
    .any(|p| command.starts_with(p))
}

/// Whether a script runs the cargo-fuzz subcommand (`cargo fuzz …`, `cargo +nightly fuzz …`).
fn runs_cargo_fuzz(script: &str) -> bool {
    script.lines().any(|line| {
        let words: Vec<&str> = line.split_whitespace().collect();
        words.windows(2).any(|w| w == ["cargo", "fuzz"])
            || words
                .windows(3)
                .any(|w| w[0] == "cargo" && w[1].starts_with('+') && w[2] == "fuzz")
    })
}

/// Runs `cmd` in a process group of its own, without input, its stdout and stderr both
/// written to the file `log` (so that a bounded run can stop the whole group and read what
/// it printed).
fn output_to(cmd: &mut Command, log: &Path) -> Result<(), String> {
    let file = std::fs::File::create(log).map_err(|e| format!("{}: {e}", log.display()))?;
    let err = file.try_clone().map_err(|e| e.to_string())?;
    cmd.stdin(Stdio::null())
        .stdout(file)
        .stderr(err)
        .process_group(0);
    Ok(())
}

/// The last `n` lines of `text`.
fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// The top-level entries of `dir`.
fn entries(dir: &Path) -> Result<BTreeSet<PathBuf>, String> {
    let read = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(read.filter_map(Result::ok).map(|e| e.path()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_splits_into_the_commands_bash_reads() {
        let lines: Vec<String> = [
            "# build first",
            "cargo build --release -p variant-ffi",
            "",
            "cc -O2 perft.c \\",
            "   -lm -o perft   # the program",
            "for a in \"chess3d heights=1 6\" \\",
            "         \"chess-t '' 5\"; do",
            "    eval ./perft $a; done",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let c = commands(&lines).unwrap();
        assert_eq!(c.len(), 3, "{c:?}");
        assert_eq!(c[0], "cargo build --release -p variant-ffi");
        assert!(c[1].starts_with("cc -O2") && c[1].ends_with("# the program"));
        assert!(c[2].starts_with("for a in") && c[2].ends_with("done"));
        assert!(commands(&["for a in 1; do".to_string()]).is_err());
    }

    #[test]
    fn cargo_fuzz_commands_are_known() {
        assert!(runs_cargo_fuzz(
            "cd fuzz && cargo +nightly fuzz run play_moves"
        ));
        assert!(runs_cargo_fuzz("cargo fuzz build -O"));
        assert!(!runs_cargo_fuzz("cargo xtask fuzz-smoke"));
        assert!(!runs_cargo_fuzz("cargo xtask fuzz --minutes 3"));
        assert!(!runs_cargo_fuzz(
            "cargo build --release -p variant-fuzz-checks"
        ));
    }

    #[test]
    fn builds_and_installs_run_to_their_end() {
        assert!(runs_to_end("cargo build --release -p variant-cli"));
        assert!(runs_to_end("pip install psutil   # for the CPU times"));
        assert!(runs_to_end("cargo xtask install --prefix target/prefix"));
        assert!(!runs_to_end(
            "cargo xtask install-check --prefix target/prefix"
        ));
        assert!(!runs_to_end(
            "python -m variant_games.distributed perft chess3d --depth 8"
        ));
    }
}
