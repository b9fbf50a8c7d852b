//! The examples of docs/cli.md are the program's real output: every `$ variants …` line of a
//! games/start/moves/show example is run and its output compared with the lines that follow it
//! in the page (up to the next `$` line or the end of the block). Commands whose output changes
//! from run to run (perft and bench rates, engine timings, games played from a seed with
//! timings) are left out. A page that drifts from the program fails this test.

mod common;

use std::ffi::OsStr;

/// Splits a shell command line into words (single and double quotes, no escapes inside).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            (None, c) => word.push(c),
        }
    }
    if any || !word.is_empty() {
        out.push(word);
    }
    out
}

/// (command line, expected output lines) of every example in the page.
fn examples(page: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_block = false;
    for line in page.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            out.push((command.to_string(), Vec::new()));
        } else if let Some((_, expected)) = out.last_mut() {
            expected.push(line.to_string());
        }
    }
    out
}

/// Whether `actual` matches `expected`, where an expected line `…` (alone, indented or not)
/// stands for any number of lines the page leaves out.
fn matches(actual: &[String], expected: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "…" => {
            (0..=actual.len()).any(|skip| matches(&actual[skip..], rest))
        }
        Some((first, rest)) => {
            actual
                .first()
                .is_some_and(|a| line_matches(a.trim_end(), first.trim_end()))
                && matches(&actual[1..], rest)
        }
    }
}

/// One line: equal, or equal around each `…` that stands for text the page leaves out.
fn line_matches(actual: &str, expected: &str) -> bool {
    let parts: Vec<&str> = expected.split('…').collect();
    let [first, middle @ .., last] = parts.as_slice() else {
        return actual == expected;
    };
    if parts.len() == 1 {
        return actual == expected;
    }
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

#[test]
fn the_cli_page_shows_real_output() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md"))
        .expect("docs/cli.md is readable");
    let mut checked = 0;
    for (command, expected) in examples(&page) {
        let (command, filter) = match command.split_once(" | ") {
            Some((c, f)) => (c.to_string(), Some(f.to_string())),
            None => (command, None),
        };
        let w = words(&command);
        if w.first().map(String::as_str) != Some("variants") {
            continue;
        }
        let sub = w.get(1).map(String::as_str).unwrap_or("");
        if !["games", "start", "moves", "show"].contains(&sub) || w.iter().any(|a| a == "--svg") {
            continue;
        }
        let args: Vec<&OsStr> = w[1..].iter().map(OsStr::new).collect();
        let o = common::run(&args, None);
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        match filter.as_deref().map(words).as_deref() {
            None => {}
            Some([head, n]) if head == "head" => {
                lines.truncate(n.trim_start_matches('-').parse().unwrap_or(usize::MAX))
            }
            Some([tail, n]) if tail == "tail" => {
                let n: usize = n.trim_start_matches('-').parse().unwrap_or(0);
                lines = lines.split_off(lines.len().saturating_sub(n));
            }
            Some(other) => panic!("unknown filter {other:?} in docs/cli.md"),
        }
        let mut expected = expected;
        while expected.last().is_some_and(|l| l.trim().is_empty()) {
            expected.pop();
        }
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        assert!(
            matches(&lines, &expected),
            "docs/cli.md: `{command}`\n--- the page says\n{}\n--- the program says\n{}",
            expected.join("\n"),
            lines.join("\n")
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} examples checked");
}
