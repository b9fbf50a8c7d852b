//! `uci` blocks: sessions of the engine protocol (docs/protocol.md). A line `> COMMAND` is what
//! the user (or a GUI) sends to `variants uci`; the lines after it, up to the next `> ` line,
//! are what the engine answers to it. `…` elides as in `console` transcripts: `nps … time …`
//! for the figures of a search that vary from run to run.
//!
//! The session is driven the way a GUI drives it: a command is sent only once the engine has
//! printed everything the page shows for the one before (so `go depth 4` finishes with its
//! `bestmove` before the next `position`, which would otherwise stop the search). The engine
//! must then print nothing the page does not show, and end with status 0 at `quit` (or at the
//! end of its input).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// One command sent and what the page shows the engine answering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// The line sent, without the `> `.
    pub send: String,
    /// The engine's answer, trailing blank lines removed.
    pub expected: Vec<String>,
}

/// How long the engine may take to print what the page shows for one command (a search of a
/// few plies takes well under a second in the build the runner uses).
const ANSWER_LIMIT: Duration = Duration::from_secs(60);
/// How long the engine may take to exit after `quit` or the end of its input.
const EXIT_LIMIT: Duration = Duration::from_secs(10);

/// The exchanges of a `uci` block; a first line that is not `> COMMAND` is an error.
pub fn exchanges(lines: &[String]) -> Result<Vec<Exchange>, String> {
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

/// Runs `program uci` in `dir` through the exchanges; `Ok` with a summary, or what differed.
pub fn run(program: &Path, dir: &Path, exchanges: &[Exchange]) -> Result<String, String> {
    let mut child = Command::new(program)
        .arg("uci")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {} uci: {e}", program.display()))?;
    let lines = reader(child.stdout.take());
    let errors = reader(child.stderr.take());
    let outcome = drive(&mut child, &lines, exchanges);
    // Whatever happened, the engine does not outlive the block.
    let _ = child.kill();
    let _ = child.wait();
    let stderr: Vec<String> = errors.try_iter().collect();
    match outcome {
        Ok(()) if stderr.is_empty() => Ok(format!(
            "{} commands sent, answers as shown",
            exchanges.len()
        )),
        Ok(()) => Err(format!(
            "the engine wrote to stderr:\n{}",
            stderr.join("\n")
        )),
        Err(e) if stderr.is_empty() => Err(e),
        Err(e) => Err(format!("{e}\n--- its stderr\n{}", stderr.join("\n"))),
    }
}

/// A thread reading `stream` line by line into a channel (closed at the end of the stream).
fn reader(stream: Option<impl std::io::Read + Send + 'static>) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    if let Some(stream) = stream {
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
    }
    rx
}

fn drive(
    child: &mut Child,
    lines: &Receiver<String>,
    exchanges: &[Exchange],
) -> Result<(), String> {
    let mut stdin = child.stdin.take();
    for exchange in exchanges {
        let Some(input) = stdin.as_mut() else {
            return Err(format!(
                "`> {}`: the engine's input is closed",
                exchange.send
            ));
        };
        writeln!(input, "{}", exchange.send)
            .and_then(|()| input.flush())
            .map_err(|e| format!("`> {}`: cannot send it: {e}", exchange.send))?;
        let got = answer(lines, &exchange.expected);
        if !matches(
            &got.iter().map(String::as_str).collect::<Vec<_>>(),
            &exchange.expected,
        ) {
            return Err(format!(
                "`> {}`\n--- the page shows\n{}\n--- the engine answered{}\n{}",
                exchange.send,
                exchange.expected.join("\n"),
                if got.len() < exchange.expected.len() {
                    " (then nothing more)"
                } else {
                    ""
                },
                got.join("\n")
            ));
        }
    }
    // The end of the input ends the engine as `quit` does.
    drop(stdin);
    let started = Instant::now();
    let mut extra = Vec::new();
    loop {
        match lines.recv_timeout(Duration::from_millis(50)) {
            Ok(line) => extra.push(line),
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) if started.elapsed() > EXIT_LIMIT => {
                return Err(format!(
                    "the engine still ran {} s after its last command",
                    EXIT_LIMIT.as_secs()
                ));
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
    if !extra.is_empty() {
        return Err(format!(
            "after the last command the engine printed what the page does not show:\n{}",
            extra.join("\n")
        ));
    }
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > EXIT_LIMIT {
            return Err("the engine closed its output but did not exit".to_string());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if status.success() {
        Ok(())
    } else {
        Err(format!("the engine ended with {status}"))
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
            matches(
                &got.iter().map(String::as_str).collect::<Vec<_>>(),
                expected,
            )
        } else {
            got.len() >= expected.len()
        };
        if done {
            return got;
        }
        let left = ANSWER_LIMIT.saturating_sub(started.elapsed());
        match lines.recv_timeout(left) {
            Ok(line) => got.push(line),
            Err(_) => return got,
        }
    }
}

/// Whether the program's output lines match the page's, `…` as in a `console` transcript: a line `…` for any number of lines, `…` in a line for any text.
fn matches(actual: &[&str], expected: &[String]) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn exchanges_split_at_sent_lines() {
        let e = exchanges(&strings(&[
            "> uci",
            "id name x",
            "uciok",
            "> isready",
            "readyok",
            "",
            "> quit",
        ]))
        .unwrap();
        assert_eq!(e.len(), 3);
        assert_eq!(e[0].send, "uci");
        assert_eq!(e[0].expected, ["id name x", "uciok"]);
        assert_eq!(e[1].expected, ["readyok"]);
        assert!(e[2].expected.is_empty());
        assert!(exchanges(&strings(&["uciok", "> uci"])).is_err());
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
    fn a_session_of_a_shell_engine_is_checked_line_by_line() {
        // A stand-in engine (sh): answers `isready`, and `go` with two lines.
        let dir = std::env::temp_dir().join(format!("xtask-uci-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let engine = dir.join("engine");
        std::fs::write(
            &engine,
            "#!/bin/sh\nwhile read -r l; do case \"$l\" in\n\
             isready) echo readyok;; go*) echo 'info depth 1 time 7'; echo 'bestmove e2e4';;\n\
             quit) exit 0;; esac; done\n",
        )
        .unwrap();
        std::process::Command::new("chmod")
            .arg("+x")
            .arg(&engine)
            .status()
            .unwrap();
        let good = exchanges(&strings(&[
            "> isready",
            "readyok",
            "> go depth 1",
            "info depth 1 time …",
            "bestmove e2e4",
            "> quit",
        ]))
        .unwrap();
        assert!(run(&engine, &dir, &good).is_ok());
        let wrong = exchanges(&strings(&["> go depth 1", "bestmove d2d4", "> quit"])).unwrap();
        let e = run(&engine, &dir, &wrong).unwrap_err();
        assert!(
            e.contains("`> go depth 1`") && e.contains("info depth 1 time 7"),
            "{e}"
        );
        // An answer the page does not show, after the last command.
        let silent = exchanges(&strings(&["> isready"])).unwrap();
        let e = run(&engine, &dir, &silent).unwrap_err();
        assert!(e.contains("does not show") && e.contains("readyok"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
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
}
