//! `cargo xtask docs [--page PATH]… [--lang LANG]… [--list]`: every code block of README.md and
//! docs/ run as written, its output compared where the page shows one. The dated work notes of
//! `docs/notes/` (measurement history) are not run. `--page` and `--lang`
//! (`console`, `sh`, `python`) narrow a run while a page is being written; `--list` only
//! checks the pages and prints what would run.
//!
//! What each kind of block gets and the directives a page gives the runner are the page
//! writers' reference, docs/guides/writing-docs.md.

mod page;
mod run;
mod trycmd;

use page::{Block, Directive};
use std::path::{Path, PathBuf};

/// What is done with a block.
#[derive(Debug)]
enum Plan {
    /// A transcript of this many commands, run by trycmd after the pages.
    Transcript(usize),
    Script,
    CiStep,
    /// The same as the block at this place, which is run.
    SameAs(String),
    /// Run by another runner, which this says: Rust blocks (doctests), Python doctests, C/C++
    /// programs and engine sessions (by `cargo test`, or pytest).
    Elsewhere(&'static str),
    Data,
    Skip(String),
}

fn plan(block: &Block, root: &Path) -> Result<Plan, String> {
    let place = block.place();
    let is_transcript = block.lines.iter().any(|l| l.starts_with("$ "));
    if let Some(reason) = block.skipped() {
        return Ok(Plan::Skip(reason.to_string()));
    }
    if let Some(other) = block.directives.iter().find_map(|d| match d {
        Directive::SameAs(page) => Some(page),
        _ => None,
    }) {
        return same_as(block, other, root).map(Plan::SameAs);
    }
    let is_sh = matches!(block.lang.as_str(), "sh" | "bash" | "shell");
    let is_python = matches!(block.lang.as_str(), "python" | "pycon" | "py");
    if block.bounded().is_some() && !is_sh && !is_python && block.lang != "console" {
        return Err(format!(
            "{place}: `docs-run: for N s` is for `console`, `sh` and Python script blocks, not `{}`",
            block.lang
        ));
    }
    if block.venv().is_some() && !is_sh {
        return Err(format!(
            "{place}: `docs-run: venv` is for `sh` blocks (Python runs in .ci/run's environment)"
        ));
    }
    let ci_step = block.directives.contains(&Directive::CiStep);
    if ci_step && (!is_sh || block.bounded().is_some()) {
        return Err(format!(
            "{place}: `docs-run: ci-step` is for `sh` blocks (and not with `for N s`)"
        ));
    }
    let plan = match block.lang.as_str() {
        "console" => Plan::Transcript(block.lines.iter().filter(|l| l.starts_with("$ ")).count()),
        "uci" => Plan::Elsewhere("replayed by variant-cli's tests (protocol_pages)"),
        "sh" | "bash" | "shell" => {
            if is_transcript {
                return Err(format!(
                    "{place}: `$ ` lines in an `sh` block: a transcript is a `console` block"
                ));
            }
            if ci_step { Plan::CiStep } else { Plan::Script }
        }
        "c" | "cpp" | "c++" => {
            Plan::Elsewhere("compiled and run by variant-ffi's tests (doc_programs)")
        }
        "rust" => {
            if !is_doctest(root, block)? {
                return Err(format!(
                    "{place}: a Rust block, but no crate includes {} with #[doc = include_str!(…)], \
                     and no page a crate includes has the same Rust block",
                    block.page.display()
                ));
            }
            Plan::Elsewhere("a doctest of `cargo test`")
        }
        "python" | "pycon" | "py" => {
            if block.lines.iter().any(|l| l.starts_with(">>> ")) {
                Plan::Elsewhere("a doctest of pytest --doctest-glob (.ci/run)")
            } else {
                Plan::Elsewhere("a script run by the Python package's tests (test_doc_scripts.py)")
            }
        }
        _ if is_transcript => {
            return Err(format!(
                "{place}: `$ ` lines in a `{}` block: a transcript is a `console` block",
                block.lang
            ));
        }
        _ => Plan::Data,
    };
    Ok(plan)
}

/// The place of the block of page `other` that has the language and lines of `block` and is
/// run there (no `skip`, no `same-as`), or why there is none.
fn same_as(block: &Block, other: &Path, root: &Path) -> Result<String, String> {
    let place = block.place();
    let text = std::fs::read_to_string(root.join(other))
        .map_err(|e| format!("{place}: same-as {}: {e}", other.display()))?;
    let is_sh = |lang: &str| matches!(lang, "sh" | "bash" | "shell");
    // An `sh` block: its commands, each as a command of the block there (comments and spacing
    // aside; a `venv DIR` block's `pip` is that block's `DIR/bin/pip`).
    let prefix = block
        .venv()
        .map(|dir| format!("{}/bin/", dir.display()))
        .unwrap_or_default();
    let normalized = |lines: &[String], prefix: &str| -> Result<Vec<String>, String> {
        Ok(run::commands(lines)?
            .iter()
            .map(|c| {
                let code: Vec<&str> = c
                    .lines()
                    .map(|l| l.split(" #").next().unwrap_or(l))
                    .collect();
                let words = code
                    .join(" ")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                words
                    .strip_prefix(prefix)
                    .filter(|_| !prefix.is_empty())
                    .map_or(words.clone(), str::to_string)
            })
            .collect())
    };
    let mine = if is_sh(&block.lang) {
        normalized(&block.lines, "")?
    } else {
        Vec::new()
    };
    let mut found = None;
    for b in page::blocks(other, &text)? {
        if b.line == block.line && b.page == block.page
            || b.lang != block.lang
            || b.directives
                .iter()
                .any(|d| matches!(d, Directive::Skip(_) | Directive::SameAs(_)))
        {
            continue;
        }
        let same = if is_sh(&block.lang) {
            let theirs = normalized(&b.lines, &prefix)?;
            !mine.is_empty() && mine.iter().all(|c| theirs.contains(c))
        } else {
            b.lines == block.lines
        };
        if same {
            found = Some(b.place());
            break;
        }
    }
    found.ok_or_else(|| {
        format!(
            "{place}: marked same-as {}, but no block there that is run has the same {}",
            other.display(),
            if is_sh(&block.lang) {
                "commands"
            } else {
                "lines"
            }
        )
    })
}

/// Every file that some `.rs` file under `crates/` names in `include_str!("…")`, canonical.
fn included_files(root: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    walk(&root.join("crates"), "rs", &mut files)?;
    let mut included = Vec::new();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        for piece in text.split("include_str!(\"").skip(1) {
            let Some((path, _)) = piece.split_once('"') else {
                continue;
            };
            let dir = file.parent().unwrap_or(root);
            if let Ok(p) = dir.join(path).canonicalize()
                && !included.contains(&p)
            {
                included.push(p);
            }
        }
    }
    Ok(included)
}

/// Whether `cargo test` runs `block` as a doctest: its page is a crate's documentation
/// (`#[doc = include_str!("…")]`), or such a page has a Rust block with its very lines (the same
/// program on two pages — README.md's quick start and the facade's own README — is one).
fn is_doctest(root: &Path, block: &Block) -> Result<bool, String> {
    let own = root.join(&block.page).canonicalize();
    for path in included_files(root)? {
        let text = match std::fs::read_to_string(&path) {
            _ if own.as_ref().is_ok_and(|p| *p == path) => return Ok(true),
            Ok(text) if path.extension().is_some_and(|e| e == "md") => text,
            _ => continue,
        };
        let page = path.strip_prefix(root).unwrap_or(&path);
        let blocks = page::blocks(page, &text)?;
        if blocks
            .iter()
            .any(|b| b.lang == "rust" && b.lines == block.lines)
        {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Files under `dir` (recursively, `target` directories left out) whose name ends in `.ext`.
pub(crate) fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if path
                .file_name()
                .is_some_and(|n| n != "target" && n != "node_modules")
            {
                walk(&path, ext, out)?;
            }
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
    Ok(())
}

/// The folder of dated work notes (measurement history, passes of work): kept for the record,
/// not run — their commands name builds, branches and machines of their day.
const NOTES: &str = "docs/notes";

/// README.md and every page under docs/ but the notes, relative to the root.
fn pages(root: &Path) -> Result<Vec<PathBuf>, String> {
    let mut found = Vec::new();
    walk(&root.join("docs"), "md", &mut found)?;
    let mut pages = vec![PathBuf::from("README.md")];
    pages.extend(
        found
            .iter()
            .filter_map(|p| p.strip_prefix(root).ok().map(Path::to_path_buf))
            .filter(|p| !p.starts_with(NOTES)),
    );
    Ok(pages)
}

fn option_values(args: &[String], name: &str) -> Vec<String> {
    args.windows(2)
        .filter(|w| w[0] == name)
        .map(|w| w[1].clone())
        .collect()
}

/// The task.
pub fn docs(args: &[String]) -> Result<(), String> {
    let root = crate::install::workspace()
        .canonicalize()
        .map_err(|e| e.to_string())?;
    let started = std::time::Instant::now();
    let chosen = option_values(args, "--page");
    let list_only = args.iter().any(|a| a == "--list");
    let langs = option_values(args, "--lang");
    let mut pages = pages(&root)?;
    if !chosen.is_empty() {
        pages.retain(|p| chosen.iter().any(|c| Path::new(c) == p));
        if pages.is_empty() {
            return Err(format!(
                "no page {chosen:?} (README.md or docs/…; {NOTES}/ is not run)"
            ));
        }
    }
    let mut planned = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(root.join(page))
            .map_err(|e| format!("{}: {e}", page.display()))?;
        let blocks = page::blocks(page, &text)?;
        let plans = blocks
            .iter()
            .map(|b| plan(b, &root))
            .collect::<Result<Vec<_>, _>>()?;
        planned.push((page.clone(), text, blocks, plans));
    }
    if !list_only {
        // The programs, the C library and the transcripts' test in one build: the test's run
        // below, with the same selection, then finds everything built.
        let profile = crate::check_profile();
        let mut build = vec!["build", "--profile", &profile, "--lib", "--bins"];
        build.extend(TRANSCRIPTS_TEST);
        crate::cargo(&build, &[])?;
    }
    let mut tally = Tally::default();
    // The transcripts of each page, for trycmd after the pages.
    let mut transcripts = Vec::new();
    for (page, text, blocks, plans) in &planned {
        let runner = run::PageRun::new(&root, page, list_only)?;
        let mut page_transcripts = Vec::new();
        for block in blocks {
            if let Some(name) = block.directives.iter().find_map(|d| match d {
                Directive::File(name) => Some(name),
                _ => None,
            }) {
                runner.save_file(name, &block.lines)?;
            }
        }
        for (block, plan) in blocks.iter().zip(plans) {
            if langs.is_empty() || langs.contains(&block.lang) {
                run_block(
                    &runner,
                    block,
                    plan,
                    list_only,
                    &mut tally,
                    &mut page_transcripts,
                );
            }
        }
        runner.finish()?;
        if !page_transcripts.is_empty() {
            transcripts.push((page.as_path(), text.as_str(), page_transcripts));
        }
    }
    if !transcripts.is_empty() && !list_only {
        let count: usize = transcripts.iter().map(|(_, _, b)| b.len()).sum();
        match run_transcripts(&root, &transcripts) {
            Ok(()) => println!("ok   {count} console blocks: output as shown (trycmd)"),
            Err(e) => {
                println!("FAIL console blocks (trycmd):\n{e}");
                tally.failed.push(format!("the {count} console blocks"));
            }
        }
    }
    tally.report(list_only, started.elapsed().as_secs_f64());
    if tally.failed.is_empty() {
        Ok(())
    } else {
        Err(format!("docs: failed: {}", tally.failed.join(", ")))
    }
}

/// Runs one block of a page as its plan says (or only says what it would do, `list_only`),
/// counting it in `tally`; a transcript is kept in `transcripts` for trycmd after the page.
fn run_block<'a>(
    runner: &run::PageRun,
    block: &'a Block,
    plan: &Plan,
    list_only: bool,
    tally: &mut Tally,
    transcripts: &mut Vec<&'a Block>,
) {
    let place = block.place();
    let outcome = match plan {
        Plan::Skip(reason) => {
            println!("skip {place} {}: {reason}", block.lang);
            tally.skipped += 1;
            return;
        }
        Plan::Data => {
            tally.data += 1;
            return;
        }
        Plan::SameAs(other) => {
            println!(
                "same {place} {}: the block of {other}, run there",
                block.lang
            );
            tally.same += 1;
            return;
        }
        Plan::Elsewhere(runner) => {
            println!("test {place} {}: {runner}", block.lang);
            tally.elsewhere += 1;
            return;
        }
        Plan::Transcript(commands) => {
            println!("plan {place} console: {commands} commands, for trycmd (below)");
            transcripts.push(block);
            if block.bounded().is_some() {
                tally.bounded += 1;
            } else {
                tally.run += 1;
            }
            return;
        }
        Plan::Script => runner.script(block),
        Plan::CiStep => runner.ci_step(block),
    };
    match outcome {
        Ok(what) => {
            let label = if list_only { "plan" } else { "ok  " };
            println!("{label} {place} {}: {what}", block.lang);
            if let Some((seconds, reason)) = block.bounded() {
                println!("     (at most {seconds} s a command: {reason})");
                tally.bounded += 1;
            } else if matches!(plan, Plan::CiStep) {
                tally.ci_steps += 1;
            } else {
                tally.run += 1;
            }
        }
        Err(e) => {
            println!("FAIL {place} {}:\n{e}", block.lang);
            tally.failed.push(place);
        }
    }
}

/// Writes the pages' transcripts out for trycmd (`trycmd.rs`) and runs variant-cli's test of
/// them in the profile the pages' other blocks use.
fn run_transcripts(root: &Path, pages: &[(&Path, &str, Vec<&Block>)]) -> Result<(), String> {
    let dir = root.join(trycmd::DIR);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    for (page, text, blocks) in pages {
        trycmd::write(root, page, text, blocks)?;
    }
    let dir = dir.to_str().ok_or("the workspace path is not UTF-8")?;
    let profile = crate::check_profile();
    let mut test = vec!["test", "--profile", &profile];
    test.extend(TRANSCRIPTS_TEST);
    test.extend(["--", "--ignored"]);
    crate::cargo(&test, &[("VARIANTS_DOC_TRANSCRIPTS", dir)])
}

/// The packages the pages' blocks use and variant-cli's test of the transcripts: the same
/// selection for the build and the test's run, or Cargo would resolve their dependencies'
/// features apart and build the crates again.
const TRANSCRIPTS_TEST: [&str; 6] = [
    "-p",
    "variant-cli",
    "-p",
    "variant-ffi",
    "--test",
    "doc_transcripts",
];

#[derive(Default)]
struct Tally {
    run: usize,
    bounded: usize,
    ci_steps: usize,
    same: usize,
    failed: Vec<String>,
    elsewhere: usize,
    skipped: usize,
    data: usize,
}

impl Tally {
    /// Prints the closing count of the run.
    fn report(&self, list_only: bool, seconds: f64) {
        println!(
            "docs: {} blocks {}, {} run for a bounded time, {} steps of .ci/run, {} the same as a \
             block run on another page, {} failed, {} run by cargo test or pytest, \
             {} skipped, {} data blocks; {:.0} s",
            self.run,
            if list_only { "to run" } else { "run" },
            self.bounded,
            self.ci_steps,
            self.same,
            self.failed.len(),
            self.elsewhere,
            self.skipped,
            self.data,
            seconds
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_not_pages_and_a_rust_block_may_be_the_doctest_of_an_included_page() {
        let root = std::env::temp_dir().join(format!("xtask-pages-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for dir in ["docs/notes", "docs/guides", "crates/facade/src"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
        }
        for page in ["README.md", "docs/guides/a.md", "docs/notes/2026-12-x.md"] {
            std::fs::write(root.join(page), "# page\n").unwrap();
        }
        let found = pages(&root).unwrap();
        assert_eq!(
            found,
            [
                PathBuf::from("README.md"),
                PathBuf::from("docs/guides/a.md")
            ]
        );
        // The facade includes its own README; README.md and a guide show the same program.
        let program = "```rust\nlet x = 1;\nassert_eq!(x, 1);\n```\n";
        std::fs::write(root.join("crates/facade/README.md"), program).unwrap();
        std::fs::write(
            root.join("crates/facade/src/lib.rs"),
            "#![doc = include_str!(\"../README.md\")]\n",
        )
        .unwrap();
        let block = |text: &str| {
            page::blocks(Path::new("docs/guides/a.md"), text)
                .unwrap()
                .remove(0)
        };
        std::fs::write(root.join("docs/guides/a.md"), program).unwrap();
        assert!(matches!(
            plan(&block(program), &root),
            Ok(Plan::Elsewhere(_))
        ));
        let other = "```rust\nlet y = 2;\n```\n";
        let e = plan(&block(other), &root).unwrap_err();
        assert!(e.contains("no crate includes"), "{e}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn same_as_needs_a_block_with_the_same_lines_that_is_run() {
        let root = std::env::temp_dir().join(format!("xtask-same-as-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(
            root.join("README.md"),
            "```sh\ncargo test\n```\n<!-- docs-run: skip — long -->\n```sh\ncargo bench\n```\n",
        )
        .unwrap();
        let page = |body: &str| {
            let text = format!("<!-- docs-run: same-as README.md -->\n```sh\n{body}\n```\n");
            page::blocks(Path::new("docs/p.md"), &text)
                .unwrap()
                .remove(0)
        };
        let plan_of = |body: &str| plan(&page(body), &root);
        assert!(matches!(plan_of("cargo test"), Ok(Plan::SameAs(p)) if p == "README.md:1"));
        // The same lines, but skipped there: not run anywhere.
        let e = plan_of("cargo bench").unwrap_err();
        assert!(
            e.contains("docs/p.md:2") && e.contains("no block there"),
            "{e}"
        );
        assert!(plan_of("cargo test --release").is_err());
        // An `sh` block: the same commands, comments and spacing aside, a venv's `bin/` for
        // its directive's environment.
        std::fs::write(
            root.join("README.md"),
            "```sh\npython3 -m venv v && v/bin/pip install pytest\nv/bin/pip install  ./x   # x\ncargo test\n```\n",
        )
        .unwrap();
        let venv_page = |body: &str| {
            let text = format!(
                "<!-- docs-run: same-as README.md -->\n<!-- docs-run: venv v -->\n```sh\n{body}\n```\n"
            );
            plan(
                &page::blocks(Path::new("docs/p.md"), &text).unwrap()[0],
                &root,
            )
        };
        assert!(matches!(
            venv_page("pip install ./x    # the package"),
            Ok(Plan::SameAs(_))
        ));
        assert!(matches!(
            plan_of("cargo test   # all of it"),
            Ok(Plan::SameAs(_))
        ));
        assert!(venv_page("pip install ./y").is_err());
        assert!(
            plan_of("pip install ./x").is_err(),
            "no venv: `pip` is not v/bin/pip"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
