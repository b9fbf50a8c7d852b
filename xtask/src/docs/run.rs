//! Running one page's blocks: the scratch directory, the commands with a time limit, the
//! comparison of transcripts, the C/C++ builds, and cleaning the workspace root afterwards.

use super::page::{Block, Directive};
use super::transcript::{self, Step};
use super::uci;
use std::collections::BTreeSet;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A transcript command taking longer than this is a failure (the longest, `variants bench`,
/// takes about 20 s on a loaded machine).
const COMMAND_LIMIT: Duration = Duration::from_secs(300);
/// An `sh` block may build the release profile or a Python package.
const SCRIPT_LIMIT: Duration = Duration::from_secs(1800);

/// The state of one page's run.
pub struct PageRun {
    root: PathBuf,
    scratch: PathBuf,
    /// The entries of the workspace root before the page ran (what is new is removed after).
    before: BTreeSet<PathBuf>,
    list_only: bool,
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

    /// Removes what the page's blocks added to the workspace root.
    pub fn finish(self) -> Result<(), String> {
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

    fn bin_dir(&self) -> PathBuf {
        self.root.join("target/release-tests")
    }

    /// Every `$` line of a transcript, output compared. With a `for N s` directive each command
    /// runs at most N seconds: one still running then must have printed a beginning of what
    /// the page shows (and is stopped); one that ends before must exit 0 and match in full.
    pub fn transcript(&self, block: &Block, steps: &[Step]) -> Result<String, String> {
        let bound = block.bounded().map(|(s, _)| Duration::from_secs(s));
        if self.list_only {
            return Ok(format!("{} commands (listed, not run)", steps.len()));
        }
        let mut stopped = 0;
        let path = format!(
            "{}:{}",
            self.bin_dir().display(),
            std::env::var("PATH").unwrap_or_default()
        );
        for (k, step) in steps.iter().enumerate() {
            let mut cmd = Command::new("bash");
            cmd.arg("-c")
                .arg(format!("exec 2>&1\n{}", step.command))
                .current_dir(&self.scratch)
                .env("PATH", &path);
            let name = format!("{}-{k}", block.line);
            let out = match bound {
                None => self.run(cmd, &name, COMMAND_LIMIT)?,
                Some(limit) => self.run_bounded(cmd, &name, limit)?,
            };
            let mut lines: Vec<&str> = out.text.lines().collect();
            if out.stopped && !out.text.ends_with('\n') {
                // The last line was cut by the stop: not a line of the page yet.
                lines.pop();
            }
            let end = lines
                .iter()
                .rposition(|l| !l.trim().is_empty())
                .map_or(0, |i| i + 1);
            let (fits, what) = if out.stopped {
                stopped += 1;
                (
                    transcript::matches_beginning(&lines[..end], &step.expected),
                    "still running, stopped; it printed so far".to_string(),
                )
            } else if bound.is_some() && !out.success {
                (false, format!("ended with {} before its time", out.status))
            } else {
                (
                    transcript::matches(&lines[..end], &step.expected),
                    format!("the command printed ({})", out.status),
                )
            };
            if !fits {
                return Err(format!(
                    "`$ {}`\n--- the page shows\n{}\n--- {what}\n{}",
                    step.command,
                    step.expected.join("\n"),
                    lines[..end].join("\n")
                ));
            }
        }
        Ok(match bound {
            None => format!("{} commands, output as shown", steps.len()),
            Some(limit) => format!(
                "{} commands, output as shown; {stopped} of them still running after {} s \
                 as shown so far, stopped",
                steps.len(),
                limit.as_secs()
            ),
        })
    }

    /// A `uci` block: the session with `variants uci` (see `uci.rs`).
    pub fn uci(&self, exchanges: &[uci::Exchange]) -> Result<String, String> {
        if self.list_only {
            return Ok(format!("{} commands (listed, not run)", exchanges.len()));
        }
        uci::run(&self.bin_dir().join("variants"), &self.scratch, exchanges)
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
            let out = self.run(
                self.script_command(&script, block.venv())?,
                &block.line.to_string(),
                SCRIPT_LIMIT,
            )?;
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
            // A build runs to its end: the commands after it need what it builds.
            let script = self.script_command(command, block.venv())?;
            let out = if command.starts_with("cargo build ") {
                self.run(script, &name, SCRIPT_LIMIT)?
            } else {
                self.run_bounded(script, &name, Duration::from_secs(seconds))?
            };
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
            .env("MATURIN_PEP517_ARGS", "--profile release-tests")
            .env("CARGO_PROFILE_RELEASE_LTO", "false")
            .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
            .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
            // One download cache for every page's virtual environments (and the next run).
            .env("PIP_CACHE_DIR", self.root.join("target/docs-run/pip-cache"));
        if let Some(dir) = venv {
            cmd.env("VIRTUAL_ENV", dir);
        }
        Ok(cmd)
    }

    /// A C or C++ block compiled against the static library of this build, and run.
    pub fn compile(&self, block: &Block, cpp: bool, run: bool) -> Result<String, String> {
        if self.list_only {
            return Ok(format!(
                "{} (listed, not run)",
                if run { "compile and run" } else { "compile" }
            ));
        }
        let source = self.scratch.join(format!(
            "block{}.{}",
            block.line,
            if cpp { "cpp" } else { "c" }
        ));
        let program = self.scratch.join(format!("block{}", block.line));
        std::fs::write(&source, c_program(block, cpp))
            .map_err(|e| format!("{}: {e}", source.display()))?;
        let library = self.bin_dir().join("libvariants_ffi.a");
        let mut cc = Command::new(if cpp { "g++" } else { "cc" });
        cc.arg(if cpp { "-std=c++17" } else { "-std=c11" })
            .args(["-Wall", "-I"])
            .arg(self.root.join("include"))
            .arg(&source)
            .arg(&library)
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&program);
        let out = self.run(cc, &format!("{}-cc", block.line), COMMAND_LIMIT)?;
        if !out.success {
            return Err(format!(
                "does not compile ({})\n--- as compiled\n{}\n--- the compiler\n{}",
                out.status,
                std::fs::read_to_string(&source).unwrap_or_default(),
                tail(&out.text, 30)
            ));
        }
        if !run {
            return Ok("compiles (not run, see its directive)".to_string());
        }
        let mut cmd = Command::new(&program);
        cmd.current_dir(&self.scratch);
        let out = self.run(cmd, &format!("{}-run", block.line), COMMAND_LIMIT)?;
        if !out.success {
            return Err(format!(
                "the program failed ({})\n{}",
                out.status,
                tail(&out.text, 30)
            ));
        }
        Ok("compiles and runs".to_string())
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
        let file = std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
        let err = file.try_clone().map_err(|e| e.to_string())?;
        cmd.stdin(Stdio::null())
            .stdout(file)
            .stderr(err)
            .process_group(0);
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
                let _ = Command::new("kill")
                    .args(["-s", "KILL", "--"])
                    .arg(format!("-{}", child.id()))
                    .status();
                let _ = child.wait();
                if bounded {
                    let bytes =
                        std::fs::read(&log).map_err(|e| format!("{}: {e}", log.display()))?;
                    return Ok(Output {
                        text: String::from_utf8_lossy(&bytes).into_owned(),
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
            success: status.success(),
            stopped: false,
            status: status.to_string(),
        })
    }
}

struct Output {
    text: String,
    success: bool,
    /// Still running at the limit of a bounded run, and stopped.
    stopped: bool,
    status: String,
}

/// The commands of an `sh` block, as bash reads them: blank and comment lines left out, a line
/// joined with the lines that complete it (continuation lines, the body of a `for`), which
/// `bash -n` decides.
fn commands(lines: &[String]) -> Result<Vec<String>, String> {
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

/// The program compiled for a C/C++ block: the block itself when it has `main`, else a
/// fragment placed in `main` after the block's `setup` code, its `#include` lines on top.
fn c_program(block: &Block, cpp: bool) -> String {
    let text = block.lines.join("\n");
    if text.contains(" main(") {
        return text + "\n";
    }
    let mut head = String::from("#include \"variants.h\"\n");
    for header in ["inttypes.h", "stdio.h", "stdlib.h", "string.h"] {
        head.push_str(&format!("#include <{header}>\n"));
    }
    if cpp {
        head.push_str("#include <iostream>\n");
    }
    let mut body = String::new();
    for line in &block.lines {
        if line.starts_with("#include") {
            head.push_str(line);
            head.push('\n');
        } else {
            body.push_str("    ");
            body.push_str(line);
            body.push('\n');
        }
    }
    let setup: String = block
        .directives
        .iter()
        .filter_map(|d| match d {
            Directive::Setup(code) => Some(code.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n");
    format!("{head}\nint main(void) {{\n{setup}\n  {{\n{body}  }}\n  return 0;\n}}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(lines: &[&str], directives: Vec<Directive>) -> Block {
        Block {
            page: PathBuf::from("p.md"),
            line: 1,
            lang: "c".to_string(),
            lines: lines.iter().map(|s| s.to_string()).collect(),
            directives,
        }
    }

    #[test]
    fn a_block_splits_into_the_commands_bash_reads() {
        let lines: Vec<String> = [
            "# build first",
            "cargo build --release -p variants-ffi",
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
        assert_eq!(c[0], "cargo build --release -p variants-ffi");
        assert!(c[1].starts_with("cc -O2") && c[1].ends_with("# the program"));
        assert!(c[2].starts_with("for a in") && c[2].ends_with("done"));
        assert!(commands(&["for a in 1; do".to_string()]).is_err());
    }

    #[test]
    fn a_program_is_compiled_as_it_stands() {
        let b = block(
            &["#include <stdio.h>", "int main(void) { return 0; }"],
            vec![],
        );
        assert_eq!(
            c_program(&b, false),
            "#include <stdio.h>\nint main(void) { return 0; }\n"
        );
    }

    #[test]
    fn a_fragment_goes_into_main_after_its_setup_with_its_includes_on_top() {
        let b = block(
            &["#include \"variants.hpp\"", "g.play(m);"],
            vec![Directive::Setup("int g = 0;".to_string())],
        );
        let program = c_program(&b, true);
        let include = program.find("#include \"variants.hpp\"").unwrap();
        let main = program.find("int main(void) {").unwrap();
        let setup = program.find("int g = 0;").unwrap();
        let body = program.find("    g.play(m);").unwrap();
        assert!(include < main && main < setup && setup < body, "{program}");
        assert!(program.contains("#include <iostream>"));
        assert!(!c_program(&b, false).contains("<iostream>"));
    }
}
