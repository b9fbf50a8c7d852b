//! Reading a Markdown page into its fenced code blocks and the `docs-run` directives written
//! before them.

use std::path::{Path, PathBuf};

/// One fenced code block of a page.
#[derive(Debug, Clone)]
pub struct Block {
    /// The page it is in (relative to the workspace root).
    pub page: PathBuf,
    /// The 1-based line of its opening fence.
    pub line: usize,
    /// The first word of the info string (`console`, `sh`, `c`, …), empty for a bare fence.
    pub lang: String,
    /// The lines between the fences, the fence's indentation removed.
    pub lines: Vec<String>,
    /// The `<!-- docs-run: … -->` directives directly above the fence.
    pub directives: Vec<Directive>,
}

impl Block {
    /// `page:line`, for messages.
    pub fn place(&self) -> String {
        format!("{}:{}", self.page.display(), self.line)
    }

    /// The time limit and reason of a `for N s` directive, if any.
    pub fn bounded(&self) -> Option<(u64, &str)> {
        self.directives.iter().find_map(|d| match d {
            Directive::For { seconds, reason } => Some((*seconds, reason.as_str())),
            _ => None,
        })
    }

    /// The virtual environment of a `venv` directive, if any.
    pub fn venv(&self) -> Option<&Path> {
        self.directives.iter().find_map(|d| match d {
            Directive::Venv(dir) => Some(dir.as_path()),
            _ => None,
        })
    }

    /// The reason given by a `skip` directive, if any.
    pub fn skipped(&self) -> Option<&str> {
        self.directives.iter().find_map(|d| match d {
            Directive::Skip(reason) => Some(reason.as_str()),
            _ => None,
        })
    }
}

/// What a page may say about the block below it, in an HTML comment (invisible once rendered)
/// on the lines directly above the fence: `<!-- docs-run: skip — REASON -->` and so on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Directive {
    /// Not run at all; the reason is required and is printed with every run.
    Skip(String),
    /// C/C++: compiled and linked, not run; the reason is required.
    CompileOnly(String),
    /// The block is also saved under this name where the page's `sh` blocks run.
    File(String),
    /// C/C++ fragments: code placed at the start of `main`, before the fragment.
    Setup(String),
    /// `console`/`sh`: each command runs at most this many seconds; one still running then
    /// has started and worked (it is stopped), one that ends before must succeed. The reason
    /// (why the command is not run to its end) is required.
    For { seconds: u64, reason: String },
    /// `sh`: the block is a step of `.ci/run` (each of its commands is a line there), which
    /// runs it; the reason is optional.
    CiStep,
    /// The block is the same as a block of this other page (README.md, docs/…) that is run
    /// there: checked to be identical, not run twice.
    SameAs(PathBuf),
    /// `sh`: run with this virtual environment (relative to the workspace root, made by an
    /// earlier block) activated, as a reader who followed that block would.
    Venv(PathBuf),
}

fn directive(text: &str, place: &str) -> Result<Directive, String> {
    let text = text.trim();
    let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let reason = || {
        let reason = rest.trim().trim_start_matches(['—', '-', ':']).trim();
        if reason.is_empty() {
            Err(format!("{place}: `docs-run: {word}` needs a reason"))
        } else {
            Ok(reason.to_string())
        }
    };
    match word {
        "skip" => Ok(Directive::Skip(reason()?)),
        "compile-only" => Ok(Directive::CompileOnly(reason()?)),
        "file" if !rest.trim().is_empty() && !rest.trim().contains('/') => {
            Ok(Directive::File(rest.trim().to_string()))
        }
        "setup" => Ok(Directive::Setup(rest.to_string())),
        "for" => {
            // `for N s — REASON`
            let mut words = rest.split_whitespace();
            let seconds = words
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .filter(|&n| n > 0);
            let (Some(seconds), Some("s")) = (seconds, words.next()) else {
                return Err(format!(
                    "{place}: `docs-run: {text}`: write `for N s — REASON` (N whole seconds, > 0)"
                ));
            };
            let after = rest.trim_start();
            let after = after[after.find(" s").map_or(after.len(), |i| i + 2)..].to_string();
            let reason = after.trim().trim_start_matches(['—', '-', ':']).trim();
            if reason.is_empty() {
                return Err(format!(
                    "{place}: `docs-run: for {seconds} s` needs a reason"
                ));
            }
            Ok(Directive::For {
                seconds,
                reason: reason.to_string(),
            })
        }
        "ci-step" => Ok(Directive::CiStep),
        "venv" if !rest.trim().is_empty() && !rest.trim().contains(char::is_whitespace) => {
            Ok(Directive::Venv(PathBuf::from(rest.trim())))
        }
        "same-as" if !rest.trim().is_empty() && !rest.trim().contains(char::is_whitespace) => {
            Ok(Directive::SameAs(PathBuf::from(rest.trim())))
        }
        _ => Err(format!(
            "{place}: unknown directive `docs-run: {text}` (skip — REASON, compile-only — REASON, \
             for N s — REASON, ci-step, same-as PAGE, venv DIR, file NAME, setup CODE)"
        )),
    }
}

/// The blocks of a page, in order.
pub fn blocks(page: &Path, text: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim_start();
        let fence: String = trimmed
            .chars()
            .take_while(|&c| c == '`' || c == '~')
            .collect();
        if fence.len() < 3
            || fence
                .chars()
                .any(|c| c != fence.chars().next().unwrap_or('`'))
        {
            i += 1;
            continue;
        }
        let info = trimmed[fence.len()..].trim();
        let lang = info
            .split(|c: char| c == ',' || c.is_whitespace())
            .next()
            .unwrap_or("")
            .to_string();
        let place = format!("{}:{}", page.display(), i + 1);
        let directives = directives_above(&lines, i, &place)?;
        let mut body = Vec::new();
        let mut j = i + 1;
        loop {
            let Some(inner) = lines.get(j) else {
                return Err(format!("{place}: the code block is never closed"));
            };
            if inner.trim_start().starts_with(fence.as_str()) && inner.trim() == fence {
                break;
            }
            let cut = inner
                .char_indices()
                .take_while(|&(k, c)| k < indent && c == ' ')
                .count();
            body.push(inner[cut..].to_string());
            j += 1;
        }
        out.push(Block {
            page: page.to_path_buf(),
            line: i + 1,
            lang,
            lines: body,
            directives,
        });
        i = j + 1;
    }
    Ok(out)
}

/// The directives in the HTML comments right above line `fence` (blank lines not allowed
/// between, so a comment always belongs to the block it touches).
fn directives_above(lines: &[&str], fence: usize, place: &str) -> Result<Vec<Directive>, String> {
    let mut found = Vec::new();
    let mut end = fence;
    while end > 0 && lines[end - 1].trim_end().ends_with("-->") {
        let mut start = end - 1;
        while !lines[start].contains("<!--") {
            if start == 0 {
                return Ok(found);
            }
            start -= 1;
        }
        let comment = lines[start..end].join("\n");
        let inner = comment
            .trim()
            .trim_start_matches("<!--")
            .trim_end_matches("-->")
            .trim();
        if let Some(text) = inner.strip_prefix("docs-run:") {
            found.push(directive(text, place)?);
        }
        end = start;
    }
    found.reverse();
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_directives_and_indentation() {
        let page = "intro\n\
                    <!-- docs-run: skip — takes hours -->\n\
                    ```sh\n\
                    long run\n\
                    ```\n\
                    - item\n\n  ```console\n  $ variants games\n  chess3d\n  ```\n\
                    <!-- docs-run: setup\nint x = 1;\n-->\n<!-- docs-run: compile-only — threads -->\n\
                    ```c\nx++;\n```\n";
        let blocks = blocks(Path::new("p.md"), page).unwrap();
        assert_eq!(blocks.len(), 3);
        assert_eq!(blocks[0].lang, "sh");
        assert_eq!(blocks[0].skipped(), Some("takes hours"));
        assert_eq!(blocks[1].lang, "console");
        assert_eq!(blocks[1].lines, ["$ variants games", "chess3d"]);
        assert!(blocks[1].directives.is_empty());
        assert_eq!(
            blocks[2].directives,
            [
                Directive::Setup("int x = 1;".to_string()),
                Directive::CompileOnly("threads".to_string())
            ]
        );
    }

    #[test]
    fn a_skip_without_reason_or_an_unknown_directive_is_an_error() {
        let e = blocks(
            Path::new("p.md"),
            "<!-- docs-run: skip -->\n```sh\nx\n```\n",
        )
        .unwrap_err();
        assert!(e.contains("p.md:2") && e.contains("needs a reason"), "{e}");
        let e = blocks(Path::new("p.md"), "<!-- docs-run: maybe -->\n```sh\n```\n").unwrap_err();
        assert!(e.contains("unknown directive"), "{e}");
        let e = blocks(Path::new("p.md"), "```sh\nx\n").unwrap_err();
        assert!(e.contains("never closed"), "{e}");
    }

    #[test]
    fn what_the_runner_no_longer_does_is_an_unknown_directive() {
        // A page that uses a Dask cluster starts it as its reader would; the Slurm example
        // is the Python package's test, against its stand-in queue.
        for old in ["dask-scheduler tcp://127.0.0.1:8786", "slurm-queue"] {
            let page = format!("<!-- docs-run: {old} -->\n```sh\nx\n```\n");
            let e = blocks(Path::new("p.md"), &page).unwrap_err();
            assert!(
                e.contains("p.md:2") && e.contains("unknown directive"),
                "{e}"
            );
        }
    }

    #[test]
    fn a_time_bound_needs_whole_seconds_and_a_reason() {
        let b = blocks(
            Path::new("p.md"),
            "<!-- docs-run: for 5 s — perft 7 takes minutes -->\n<!-- docs-run: ci-step -->\n```sh\nx\n```\n",
        )
        .unwrap();
        assert_eq!(b[0].bounded(), Some((5, "perft 7 takes minutes")));
        assert!(b[0].directives.contains(&Directive::CiStep));
        for bad in [
            "for 5 s",
            "for five s — r",
            "for 5 — r",
            "for 0 s — r",
            "for 5 min — r",
        ] {
            let page = format!("<!-- docs-run: {bad} -->\n```sh\nx\n```\n");
            let e = blocks(Path::new("p.md"), &page).unwrap_err();
            assert!(e.contains("p.md:2"), "{bad}: {e}");
        }
    }
}
