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
        _ => Err(format!(
            "{place}: unknown directive `docs-run: {text}` (skip — REASON, compile-only — REASON, \
             file NAME, setup CODE)"
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
}
