//! `console` blocks: terminal transcripts, checked by trycmd. A line `$ COMMAND` is a command;
//! the lines after it, up to the next `$ ` line or the end of the block, are what it prints
//! (stdout and stderr as they interleave on a terminal). In the expected text a line `…`
//! stands for any number of lines, and `…` inside a line for any text (timings, long lines
//! shortened). Exit codes are not compared: error examples are transcripts too. With
//! `for N s` a command runs at most N seconds, then it is stopped; one that ends before must
//! exit 0; such a block shows `…` as each command's output (what a stopped command printed
//! is not compared).
//!
//! The task writes each page's transcripts to `target/docs-run/trycmd/<page>` at the page's
//! own line numbers (every other line blank, so trycmd's messages point into the page), each
//! command as `bash -c '…'` in a fresh directory of the page (`<page without .md>.in/`), and
//! `…` as trycmd's `...` and `[..]`; variant-cli's test `doc_transcripts` runs them with this
//! build's `variants` first on `PATH`.

use super::page::Block;
use std::path::Path;

/// Where the transcripts go, under the workspace root.
pub const DIR: &str = "target/docs-run/trycmd";

/// trycmd's page for `blocks` (the `console` blocks of a page of `line_count` lines).
pub fn page(blocks: &[&Block], line_count: usize) -> Result<String, String> {
    let mut lines = vec![String::new(); line_count];
    for block in blocks {
        let bound = block.bounded().map(|(seconds, _)| seconds);
        let place = block.place();
        let body = transcript(&block.lines, bound).map_err(|e| format!("{place}: {e}"))?;
        let end = block.line + body.len();
        if end >= line_count {
            return Err(format!("{place}: the block is not closed"));
        }
        lines[block.line - 1] = "```console".to_string();
        lines[block.line..end].clone_from_slice(&body);
        lines[end] = "```".to_string();
    }
    Ok(lines.join("\n") + "\n")
}

/// A block's lines for trycmd: commands through bash, `…` as trycmd writes it.
fn transcript(lines: &[String], bound: Option<u64>) -> Result<Vec<String>, String> {
    if lines.first().is_none_or(|l| !l.starts_with("$ ")) {
        return Err("a transcript starts with a `$ COMMAND` line".to_string());
    }
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let Some(command) = line.strip_prefix("$ ") else {
            let line = line.trim_end();
            if bound.is_some() && line.trim() != "…" && !line.is_empty() {
                return Err(format!(
                    "with `for N s` a command's output is shown as `…` (what a stopped \
                     command printed is not compared), not {line:?}"
                ));
            }
            out.push(if line.trim() == "…" {
                "...".to_string()
            } else {
                line.replace('…', "[..]")
            });
            continue;
        };
        // trycmd drops one newline from the end of the page's output, which ends at the
        // next `$ ` line or the fence: the command prints its output with its trailing blank
        // lines and line ends removed (as the page writes it), then one newline for every
        // blank line the page leaves before what follows.
        let shown: Vec<&String> = lines[k + 1..]
            .iter()
            .take_while(|l| !l.starts_with("$ "))
            .collect();
        let blank = shown
            .iter()
            .rev()
            .take_while(|l| l.trim().is_empty())
            .count();
        // With nothing else shown, the newline trycmd drops is one of those lines.
        let blank = if blank == shown.len() {
            blank.saturating_sub(1)
        } else {
            blank
        };
        let newlines = "\\n".repeat(blank);
        let script = match bound {
            None => format!(
                "out=$( {{ {command}; }} 2>&1 | sed -e \"s/[[:space:]]*$//\" ); printf \"%s{newlines}\" \"$out\""
            ),
            // `timeout` ends it with 124 (137 if TERM was not enough); the output is `…`.
            Some(seconds) => format!(
                "out=$( {{ timeout -k 5 {seconds} {command}; }} 2>&1 ); s=$?; printf \"%s{newlines}\" \"$out\"; [ $s = 0 ] || [ $s = 124 ] || [ $s = 137 ]"
            ),
        };
        out.push(format!("$ bash -c {}", shell_quote(&script)));
    }
    Ok(out)
}

/// `text` quoted for bash (and for trycmd's shell-like splitting).
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// Writes trycmd's copy of `page` (its text `text`, its `console` blocks `blocks`) under
/// `root/DIR`, with the empty directory its commands run in.
pub fn write(root: &Path, page: &Path, text: &str, blocks: &[&Block]) -> Result<(), String> {
    let copy = root.join(DIR).join(page);
    let work = copy.with_extension("in");
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let text = self::page(blocks, text.lines().count())?;
    std::fs::write(&copy, text).map_err(|e| format!("{}: {e}", copy.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::docs::page;

    fn console_blocks(text: &str) -> Vec<Block> {
        page::blocks(Path::new("p.md"), text)
            .unwrap()
            .into_iter()
            .filter(|b| b.lang == "console")
            .collect()
    }

    #[test]
    fn transcripts_keep_their_lines_and_run_through_bash() {
        let text =
            "# p\n\n```console\n$ variants moves x | head -1\na1…\n…\nz9\n```\n\n```sh\nls\n```\n";
        let blocks = console_blocks(text);
        let refs: Vec<&Block> = blocks.iter().collect();
        let copy = page(&refs, text.lines().count()).unwrap();
        let lines: Vec<&str> = copy.lines().collect();
        assert_eq!(lines.len(), text.lines().count());
        assert_eq!(lines[2], "```console");
        assert!(
            lines[3].starts_with("$ bash -c 'out=$( { variants moves x | head -1; } 2>&1"),
            "{}",
            lines[3]
        );
        assert_eq!(&lines[4..8], ["a1[..]", "...", "z9", "```"]);
        // The `sh` block is not trycmd's.
        assert!(lines[9..].iter().all(|l| l.is_empty()), "{lines:?}");
    }

    /// What the command prints for trycmd, run by bash as trycmd would run it.
    fn printed(lines: &[&str]) -> String {
        let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        let command = transcript(&lines, None).unwrap().remove(0);
        let script = command.strip_prefix("$ bash -c ").unwrap();
        let out = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("bash -c {script}"))
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    }

    #[test]
    fn output_ends_as_trycmd_reads_the_page() {
        // trycmd takes the lines up to the next command, less one newline.
        assert_eq!(printed(&["$ printf 'a  \\nb\\n\\n\\n'", "a", "b"]), "a\nb");
        assert_eq!(
            printed(&["$ printf 'a\\n'", "a", "", "$ true"]),
            "a\n",
            "a blank line before the next command"
        );
        assert_eq!(printed(&["$ true", "", "$ true"]), "");
        assert_eq!(printed(&["$ echo x >&2", "x"]), "x", "stderr too");
    }

    #[test]
    fn a_quote_in_a_command_survives_and_a_transcript_starts_with_a_command() {
        assert_eq!(printed(&["$ printf '%s' \"it's\""]), "it's");
        assert!(transcript(&["output".to_string()], None).is_err());
    }

    #[test]
    fn a_bounded_transcript_is_stopped_and_shows_no_output_but_an_ellipsis() {
        let lines = ["$ variants match x".to_string(), "…".to_string()];
        let out = transcript(&lines, Some(5)).unwrap();
        assert!(
            out[0].contains("timeout -k 5 5 variants match x"),
            "{out:?}"
        );
        assert_eq!(out[1], "...");
        let shown = ["$ variants match x".to_string(), "1 games".to_string()];
        assert!(transcript(&shown, Some(5)).is_err());
    }
}
