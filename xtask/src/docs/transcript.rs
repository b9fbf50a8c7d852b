//! `console` blocks: terminal transcripts. A line `$ COMMAND` is a command; the lines after it,
//! up to the next `$ ` line or the end of the block, are what it prints (stdout and stderr as
//! they interleave on a terminal). In the expected text a line `…` stands for any number of
//! lines, and `…` inside a line for any text (timings, long lines shortened).

/// One command of a transcript and the output the page shows for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The command line as written after `$ ` (run by bash, so pipes and quotes work).
    pub command: String,
    /// The lines the page shows after it, trailing blank lines removed.
    pub expected: Vec<String>,
}

/// The steps of a `console` block; text before the first `$ ` line is an error (a transcript
/// whose first line is not a command is a mistake in the page).
pub fn steps(lines: &[String]) -> Result<Vec<Step>, String> {
    let mut out: Vec<Step> = Vec::new();
    for line in lines {
        if let Some(command) = line.strip_prefix("$ ") {
            out.push(Step {
                command: command.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(step) = out.last_mut() {
            step.expected.push(line.trim_end().to_string());
        } else {
            return Err(format!(
                "the transcript starts with {line:?}, not with `$ COMMAND`"
            ));
        }
    }
    for step in &mut out {
        while step.expected.last().is_some_and(|l| l.is_empty()) {
            step.expected.pop();
        }
    }
    Ok(out)
}

/// Whether the program's output lines match the page's, `…` as described above.
pub fn matches(actual: &[&str], expected: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "…" => {
            (0..=actual.len()).any(|skip| matches(&actual[skip..], rest))
        }
        Some((first, rest)) => {
            actual
                .first()
                .is_some_and(|a| line_matches(a.trim_end(), first))
                && matches(&actual[1..], rest)
        }
    }
}

/// Whether the output of a command stopped early (a `for N s` block) is a beginning of the
/// page's: it matches the page's first lines, however many (a line `…` may end it).
pub fn matches_beginning(actual: &[&str], expected: &[String]) -> bool {
    (0..=expected.len()).any(|k| matches(actual, &expected[..k]))
}

/// One line: equal, or equal around each `…` (which stands for any text, possibly none).
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
    rest.len() >= last.len() && rest.ends_with(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn steps_split_at_dollar_lines() {
        let s = steps(&strings(&["$ a", "1", "2", "", "$ b | head -1", "x", ""])).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].command, "a");
        assert_eq!(s[0].expected, ["1", "2"]);
        assert_eq!(s[1].command, "b | head -1");
        assert_eq!(s[1].expected, ["x"]);
        assert!(steps(&strings(&["output first", "$ a"])).is_err());
    }

    #[test]
    fn ellipses_stand_for_lines_and_text() {
        let expected = strings(&["head", "…", "nodes 8902"]);
        assert!(matches(&["head", "a", "b", "nodes 8902"], &expected));
        assert!(matches(&["head", "nodes 8902"], &expected));
        assert!(!matches(&["head", "nodes 8903"], &expected));
        assert!(!matches(&["head", "nodes 8902", "more"], &expected));
        let expected = strings(&["0.… s, … nodes/s"]);
        assert!(matches(&["0.018 s, 263767739 nodes/s"], &expected));
        assert!(!matches(&["1.018 s, 263767739 nodes/s"], &expected));
        // The text after the last `…` must not overlap what came before it.
        assert!(!matches(&["ab"], &strings(&["ab…b"])));
        assert!(matches(&["abb"], &strings(&["ab…b"])));
    }

    #[test]
    fn a_beginning_matches_the_first_lines() {
        let expected = strings(&["perft 1: 20", "…", "perft 7: 3195901860"]);
        assert!(matches_beginning(&[], &expected));
        assert!(matches_beginning(&["perft 1: 20"], &expected));
        assert!(matches_beginning(
            &["perft 1: 20", "perft 2: 400"],
            &expected
        ));
        assert!(!matches_beginning(&["perft 1: 21"], &expected));
        let expected = strings(&["a", "b"]);
        assert!(matches_beginning(&["a"], &expected));
        assert!(!matches_beginning(&["a", "b", "c"], &expected));
    }
}
