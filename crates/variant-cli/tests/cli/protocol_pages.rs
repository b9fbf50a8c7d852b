//! The engine sessions that the docs show (`uci` blocks of README.md and `docs/`, the dated
//! notes of `docs/notes/` left out) replayed against `variants uci` of this build, so that a
//! change of the protocol, of the engine's search or of an evaluation fails `cargo test` where
//! the pages would otherwise go stale.
//!
//! In a `uci` block a line `> COMMAND` is what a GUI sends; the lines after it, up to the next
//! `> ` line, are what the engine answers. `…` elides as in the pages' `console` transcripts: a
//! line `…` stands for any number of lines, `…` in a line for any text (`nps … time …`: the
//! figures of a search that vary from run to run). The session is driven as a GUI drives it: a
//! command is sent only once the engine has printed everything the page shows for the one
//! before (`go depth 4` ends with its `bestmove` before the next `position`, which would
//! otherwise stop the search). The engine must print nothing the page does not show, nothing
//! on stderr, and end with status 0 at `quit` or at the end of its input.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the engine may take to print what the page shows for one command (the pages'
/// searches are of a few plies: well under a second even in a debug build).
const ANSWER_LIMIT: Duration = Duration::from_secs(60);
/// How long the engine may take to exit after `quit` or the end of its input.
const EXIT_LIMIT: Duration = Duration::from_secs(10);

/// One command sent and what the page shows the engine answering.
#[derive(Debug, PartialEq)]
struct Exchange {
    send: String,
    expected: Vec<String>,
}

/// The exchanges of a `uci` block; a first line that is not `> COMMAND` is an error.
fn exchanges(lines: &[&str]) -> Result<Vec<Exchange>, String> {
    let mut out: Vec<Exchange> = Vec::new();
    for line in lines {
        if let Some(send) = line.strip_prefix("> ") {
            out.push(Exchange {
                send: send.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(exchange) = out.last_mut() {
            exchange.expected.push(line.trim_end().to_string());
        } else {
            return Err(format!(
                "the session starts with {line:?}, not with `> COMMAND` (what is sent)"
            ));
        }
    }
    if out.is_empty() {
        return Err("a `uci` block without a `> COMMAND` line".to_string());
    }
    for exchange in &mut out {
        while exchange.expected.last().is_some_and(|l| l.is_empty()) {
            exchange.expected.pop();
        }
    }
    Ok(out)
}

/// The `uci` blocks of one page's text: (line of the fence, the block's lines).
fn uci_blocks(text: &str) -> Vec<(usize, Vec<&str>)> {
    let mut blocks = Vec::new();
    // The language of the fenced block the line is in, and the lines of a `uci` one.
    let mut open: Option<(&str, usize, Vec<&str>)> = None;
    for (n, line) in text.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (open.as_mut(), fence) {
            (None, Some(lang)) => open = Some((lang.trim(), n + 1, Vec::new())),
            (Some(_), Some("")) => {
                if let Some(("uci", at, lines)) = open.take() {
                    blocks.push((at, lines));
                }
            }
            (Some((_, _, lines)), _) => lines.push(line),
            (None, None) => {}
        }
    }
    blocks
}

/// README.md and every page of `docs/` but its dated notes.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pages = vec![root.join("README.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for path in entries.map(|e| e.expect("a directory entry").path()) {
            if path.is_dir() && path.file_name() != Some("notes".as_ref()) {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// A thread reading `stream` line by line into a channel (closed at the end of the stream).
fn reader(stream: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Runs `program uci` through the exchanges; `Err` says what differed.
fn replay(program: &Path, exchanges: &[Exchange]) -> Result<(), String> {
    let mut child = Command::new(program)
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {} uci: {e}", program.display()))?;
    let lines = reader(child.stdout.take().expect("piped stdout"));
    let errors = reader(child.stderr.take().expect("piped stderr"));
    let mut stdin = child.stdin.take();
    let mut outcome = Ok(());
    for exchange in exchanges {
        let sent = stdin
            .as_mut()
            .map(|input| writeln!(input, "{}", exchange.send).and_then(|()| input.flush()));
        if let Some(Err(e)) = sent {
            outcome = Err(format!("`> {}`: cannot send it: {e}", exchange.send));
            break;
        }
        let got = answer(&lines, &exchange.expected);
        if !matches(&got, &exchange.expected) {
            outcome = Err(format!(
                "`> {}`\n--- the page shows\n{}\n--- the engine answered\n{}",
                exchange.send,
                exchange.expected.join("\n"),
                got.join("\n")
            ));
            break;
        }
    }
    // The end of the input ends the engine as `quit` does; what it prints then is not shown.
    drop(stdin);
    let started = Instant::now();
    let mut extra = Vec::new();
    while outcome.is_ok() {
        match lines.recv_timeout(Duration::from_millis(50)) {
            Ok(line) => extra.push(line),
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) if started.elapsed() > EXIT_LIMIT => {
                outcome = Err("the engine still runs after its last command".to_string());
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
    if outcome.is_ok() && !extra.is_empty() {
        outcome = Err(format!(
            "after the last command the engine printed what the page does not show:\n{}",
            extra.join("\n")
        ));
    }
    let _ = child.kill();
    let status = child.wait().map_err(|e| e.to_string())?;
    if outcome.is_ok() && !status.success() {
        outcome = Err(format!("the engine ended with {status}"));
    }
    let stderr: Vec<String> = errors.try_iter().collect();
    match outcome {
        Ok(()) if stderr.is_empty() => Ok(()),
        Ok(()) => Err(format!(
            "the engine wrote to stderr:\n{}",
            stderr.join("\n")
        )),
        Err(e) => Err(format!("{e}\n--- its stderr\n{}", stderr.join("\n"))),
    }
}

/// The lines the engine prints for one command: as many as the page shows (when it shows no
/// line `…`), or until they match the page (when one line stands for any number), or what came
/// within the time limit.
fn answer(lines: &Receiver<String>, expected: &[String]) -> Vec<String> {
    let elastic = expected.iter().any(|l| l.trim() == "…");
    let started = Instant::now();
    let mut got: Vec<String> = Vec::new();
    loop {
        let done = if elastic {
            matches(&got, expected)
        } else {
            got.len() >= expected.len()
        };
        if done {
            return got;
        }
        match lines.recv_timeout(ANSWER_LIMIT.saturating_sub(started.elapsed())) {
            Ok(line) => got.push(line),
            Err(_) => return got,
        }
    }
}

/// Whether the output lines match the page's: a line `…` for any number of lines, `…` in a
/// line for any text.
fn matches(actual: &[String], expected: &[String]) -> bool {
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

#[test]
fn the_pages_engine_sessions_are_what_the_engine_answers() {
    let program = Path::new(env!("CARGO_BIN_EXE_variants"));
    let mut sessions = 0;
    let mut failures = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page");
        for (line, block) in uci_blocks(&text) {
            let place = format!("{}:{line}", page.display());
            sessions += 1;
            let result = exchanges(&block).and_then(|e| replay(program, &e));
            if let Err(e) = result {
                failures.push(format!("{place}: {e}"));
            }
        }
    }
    // docs/protocol.md shows a session per game family, the engine-testing guide one more.
    assert!(sessions >= 6, "only {sessions} `uci` blocks found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn strings(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_page_s_uci_blocks_are_found_and_split_at_sent_lines() {
    let page = "text\n```console\n$ x\n```\n```uci\n> uci\nid name x\nuciok\n> isready\n\
                readyok\n\n> quit\n```\n```\n```uci\n```\n";
    let blocks = uci_blocks(page);
    assert_eq!(blocks.len(), 1, "{blocks:?}");
    assert_eq!(blocks[0].0, 5);
    let e = exchanges(&blocks[0].1).unwrap();
    assert_eq!(e.len(), 3);
    assert_eq!(e[0].send, "uci");
    assert_eq!(e[0].expected, ["id name x", "uciok"]);
    assert_eq!(e[1].expected, ["readyok"]);
    assert!(e[2].expected.is_empty());
    assert!(exchanges(&["uciok", "> uci"]).is_err());
    assert!(exchanges(&[]).is_err());
}

#[test]
fn an_answer_is_read_as_far_as_the_page_shows() {
    let (tx, rx) = mpsc::channel();
    for line in ["id name x", "option a", "option b", "uciok", "readyok"] {
        tx.send(line.to_string()).unwrap();
    }
    // A line `…` reads until the page's lines match…
    let got = answer(&rx, &strings(&["id name x", "…", "uciok"]));
    assert_eq!(got, ["id name x", "option a", "option b", "uciok"]);
    // …and otherwise exactly as many lines as shown, the rest left for the next command.
    assert_eq!(answer(&rx, &strings(&["readyok"])), ["readyok"]);
    drop(tx);
    assert!(answer(&rx, &strings(&["bestmove e2e4"])).is_empty());
}

#[test]
fn a_session_that_differs_from_the_engine_fails_and_says_where() {
    let program = Path::new(env!("CARGO_BIN_EXE_variants"));
    let wrong = exchanges(&["> isready", "readyok", "> go depth 1", "bestmove a1a1"]).unwrap();
    let e = replay(program, &wrong).unwrap_err();
    assert!(
        e.contains("`> go depth 1`") && e.contains("bestmove"),
        "{e}"
    );
    // An answer the page does not show, after the last command.
    let silent = exchanges(&["> isready"]).unwrap();
    let e = replay(program, &silent).unwrap_err();
    assert!(e.contains("does not show") && e.contains("readyok"), "{e}");
}

#[test]
fn ellipses_stand_for_lines_and_text() {
    let expected = strings(&["head", "…", "nodes 8902"]);
    assert!(matches(
        &strings(&["head", "a", "b", "nodes 8902"]),
        &expected
    ));
    assert!(matches(&strings(&["head", "nodes 8902"]), &expected));
    assert!(!matches(&strings(&["head", "nodes 8903"]), &expected));
    assert!(!matches(
        &strings(&["head", "nodes 8902", "more"]),
        &expected
    ));
    let expected = strings(&["0.… s, … nodes/s"]);
    assert!(matches(
        &strings(&["0.018 s, 263767739 nodes/s"]),
        &expected
    ));
    assert!(!matches(
        &strings(&["1.018 s, 263767739 nodes/s"]),
        &expected
    ));
    // The text after the last `…` must not overlap what came before it.
    assert!(!matches(&strings(&["ab"]), &strings(&["ab…b"])));
    assert!(matches(&strings(&["abb"]), &strings(&["ab…b"])));
}
