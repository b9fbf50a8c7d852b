//! The `variants` command under hostile arguments and input: unknown games, broken and giant
//! configurations, impossible and huge positions, a 10 000-byte move on `play`'s standard
//! input, arguments and files of binary garbage. Bad input exits with 1 and a one-line
//! `error: …` on stderr, usage errors with 2 (clap's message, starting with `error:`), and
//! nothing ever panics. A few positive checks pin the exit code 0 paths.
//!
//! Every message is also kept as an insta snapshot (one per test,
//! `snapshots/cli__hostile_cli__*.snap`; the broken positions one per game, where kept), so a
//! change in what a user is told shows as a diff to review. The games are the registry's
//! (`variants games --json`).

use crate::common;

use common::run;
use std::cell::RefCell;
use std::process::{Command, Output, Stdio};

thread_local! {
    /// The messages the current test has seen, in order (each test runs on its own thread).
    static MESSAGES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Keeps what a user was told about `what` for the test's snapshot.
fn record(what: &str, message: &str) {
    MESSAGES.with(|m| {
        m.borrow_mut()
            .push(format!("## {what}\n{}", message.trim_end()))
    });
}

/// Snapshots the messages the test has seen, with each `(from, to)` replaced (temporary paths).
fn snapshot_messages(name: &str, replace: &[(&str, &str)]) {
    let mut all = MESSAGES.with(|m| m.take()).join("\n");
    for (from, to) in replace {
        all = all.replace(from, to);
    }
    insta::assert_snapshot!(name, all);
}

fn variants(args: &[&str]) -> Output {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    run(&args, None)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn no_panic(o: &Output, what: &str) {
    let err = text(&o.stderr);
    let out = text(&o.stdout);
    for s in [&err, &out] {
        assert!(!s.contains("panicked"), "{what}: panic:\n{s}");
        assert!(
            !s.contains("RUST_BACKTRACE"),
            "{what}: backtrace hint:\n{s}"
        );
    }
    assert!(
        o.status.code().is_some(),
        "{what}: killed by a signal ({:?})",
        o.status
    );
}

/// Bad input: exit code 1 and exactly one line on stderr, starting with `error:`, short.
fn bad_input(o: &Output, what: &str) {
    no_panic(o, what);
    let err = text(&o.stderr);
    record(what, &err);
    assert_eq!(o.status.code(), Some(1), "{what}: exit code; stderr: {err}");
    assert_eq!(
        err.lines().count(),
        1,
        "{what}: stderr is not one line:\n{err}"
    );
    assert!(err.starts_with("error: "), "{what}: {err}");
    assert!(
        err.len() < 600,
        "{what}: {} bytes of error message",
        err.len()
    );
}

/// Usage error (clap): exit code 2, a message starting with `error:` (or, for a bare
/// `variants`, the help text with its usage line).
fn usage(o: &Output, what: &str) {
    no_panic(o, what);
    let err = text(&o.stderr);
    record(what, &err);
    assert_eq!(o.status.code(), Some(2), "{what}: exit code; stderr: {err}");
    assert!(
        err.starts_with("error:") || err.contains("Usage: variants"),
        "{what}: {err}"
    );
}

#[test]
fn unknown_games_are_bad_input() {
    for game in [
        "nosuch",
        "",
        "CHESS3D",
        "chess3d ",
        "ches\u{0161}3d",
        &"x".repeat(100_000),
    ] {
        for cmd in ["start", "moves", "show"] {
            bad_input(
                &variants(&[cmd, game]),
                &format!("{cmd} {:?}", game.get(..20)),
            );
        }
        bad_input(
            &variants(&["perft", game, "-d", "1"]),
            "perft of an unknown game",
        );
    }
    // The known games are the registry's, whatever they are.
    let known = common::games().join(", ");
    snapshot_messages("unknown_games", &[(&known, "KNOWN GAMES")]);
}

#[test]
fn broken_configurations_are_bad_input() {
    let giant = format!("heights={}", "9".repeat(100_000));
    let many = (0..5_000)
        .map(|i| format!("k{i}=v"))
        .collect::<Vec<_>>()
        .join(";");
    let deep = "[".repeat(20_000);
    for config in [
        "heights=99",
        "heights=0",
        "heights=-1",
        "heights",
        "=",
        "nosuchkey=1",
        "{",
        "{\"heights\": null}",
        "{\"heights\": 1e999}",
        "[1]",
        deep.as_str(),
        giant.as_str(),
        many.as_str(),
        "removal=1,2,3",
        "white-base=9",
    ] {
        for cmd in ["start", "moves"] {
            bad_input(
                &variants(&[cmd, "chess3d", "--config", config]),
                &format!("{cmd} --config {:?}", config.get(..30)),
            );
        }
    }
    for (game, config) in [
        ("checkers3d", "capture=most"),
        ("checkers3d", "white-heights=1,1"),
        ("bishops4p", "players=5"),
        ("bishops4p", "mode=forever"),
        ("chess-t", "ruleset=t9"),
        ("chess-t", "white-impregnable=z99"),
    ] {
        bad_input(
            &variants(&["moves", game, "--config", config]),
            &format!("{game} {config}"),
        );
    }
    snapshot_messages("broken_configurations", &[]);
}

#[test]
fn broken_positions_are_bad_input() {
    let huge = "8/".repeat(50_000);
    for game in common::games() {
        let game = game.as_str();
        for position in [
            "",
            " ",
            "garbage",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "k7/8/8/8/8/8/8/K6r b - - 0 1",
            "\u{1F600}",
            huge.as_str(),
        ] {
            bad_input(
                &variants(&["moves", game, "--position", position]),
                &format!("{game} --position {:?}", position.get(..20)),
            );
        }
        // Each game's messages in a snapshot of their own, where it is kept (a new game's are
        // checked above and kept only when written on purpose).
        let name = format!("broken_positions_{game}");
        if common::snapshot_kept("hostile_cli", &name) {
            snapshot_messages(&name, &[]);
        } else {
            MESSAGES.with(|m| m.take());
        }
    }
    // The position text fixes one height; the configuration says two.
    bad_input(
        &variants(&[
            "moves",
            "chess3d",
            "--config",
            "heights=2",
            "--position",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ]),
        "heights=2 with a one-board text",
    );
    snapshot_messages("broken_positions", &[]);
}

#[test]
fn usage_errors_exit_with_2() {
    usage(&variants(&[]), "no subcommand");
    usage(&variants(&["moves"]), "no game");
    usage(&variants(&["fly", "chess3d"]), "unknown subcommand");
    usage(&variants(&["perft", "chess3d"]), "no depth");
    usage(
        &variants(&["perft", "chess3d", "-d", "99999999999999999999"]),
        "depth overflow",
    );
    usage(
        &variants(&["perft", "chess3d", "-d", "-1"]),
        "negative depth",
    );
    // Over the limit of 64 plies: refused before counting (the recursion of such a count
    // overflowed the stack and aborted the process before the limit existed).
    usage(
        &variants(&["perft", "chess3d", "-d", "65"]),
        "depth over the limit",
    );
    usage(
        &variants(&["moves", "chess3d", "--no-such-flag"]),
        "unknown flag",
    );
    snapshot_messages("usage_errors", &[]);
}

#[cfg(unix)]
#[test]
fn binary_garbage_arguments_are_refused() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    // Invalid UTF-8 (no NUL: a NUL cannot be passed in an argument at all).
    let garbage: Vec<u8> = (1u8..=255).cycle().skip(127).take(300).collect();
    let g = OsStr::from_bytes(&garbage);
    let o = run(&[OsStr::new("moves"), g], None);
    no_panic(&o, "a game name of invalid UTF-8");
    record("a game name of invalid UTF-8", &text(&o.stderr));
    assert!(matches!(o.status.code(), Some(1 | 2)), "{:?}", o.status);
    let o = run(
        &[
            OsStr::new("moves"),
            OsStr::new("chess3d"),
            OsStr::new("--position"),
            g,
        ],
        None,
    );
    no_panic(&o, "a position of invalid UTF-8");
    record("a position of invalid UTF-8", &text(&o.stderr));
    assert!(matches!(o.status.code(), Some(1 | 2)), "{:?}", o.status);
    let o = run(
        &[
            OsStr::new("start"),
            OsStr::new("chess3d"),
            OsStr::new("--config"),
            g,
        ],
        None,
    );
    no_panic(&o, "a configuration of invalid UTF-8");
    record("a configuration of invalid UTF-8", &text(&o.stderr));
    assert!(matches!(o.status.code(), Some(1 | 2)), "{:?}", o.status);
    snapshot_messages("binary_garbage_arguments", &[]);
}

#[test]
fn a_ten_thousand_byte_move_on_play_is_an_error_line() {
    // `play` reads moves from standard input: a bad move is reported on its own line and the
    // game goes on; the end of input ends the command normally.
    let mut input: Vec<u8> = (0..10_000u32)
        .map(|i| b"abcdefgh12345678@x-=|/"[(i * 7 % 22) as usize])
        .collect();
    input.push(b'\n');
    input.extend(b"e2e4\n");
    let o = run(
        &["play", "chess3d", "--config", "heights=1", "--quiet"].map(std::ffi::OsStr::new),
        Some(&input),
    );
    no_panic(&o, "play with a 10 000-byte move");
    assert_eq!(o.status.code(), Some(0), "stderr: {}", text(&o.stderr));
    let out = text(&o.stdout);
    let errors: Vec<&str> = out.lines().filter(|l| l.contains("error: ")).collect();
    assert_eq!(errors.len(), 1, "{out}");
    record("play with a 10 000-byte move", errors[0]);
    assert!(
        errors[0].len() < 600,
        "the error line quotes {} bytes",
        errors[0].len()
    );
    // Binary garbage on standard input (invalid UTF-8 and NULs) ends the session cleanly.
    let garbage: Vec<u8> = (0..10_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    for game in common::games() {
        let game = game.as_str();
        let o = run(
            &["play", game, "--quiet"].map(std::ffi::OsStr::new),
            Some(&garbage),
        );
        no_panic(&o, &format!("play {game} with binary garbage"));
        assert!(
            matches!(o.status.code(), Some(0 | 1)),
            "{game}: {:?}",
            o.status
        );
    }
    snapshot_messages("ten_thousand_byte_move", &[]);
}

#[test]
fn garbage_files_and_paths_are_bad_input() {
    let dir = std::env::temp_dir().join(format!("variants-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let garbage = dir.join("garbage.json");
    let bytes: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2_246_822_519) >> 24) as u8)
        .collect();
    std::fs::write(&garbage, &bytes).expect("write garbage");
    let record = dir.join("record.json");
    std::fs::write(
        &record,
        r#"{"game": "chess3d", "config": {"heights": 1}, "moves": ["e2e5"]}"#,
    )
    .expect("write record");
    let path = |p: &std::path::Path| p.to_string_lossy().into_owned();
    bad_input(
        &variants(&["play", "chess3d", "--load", &path(&garbage)]),
        "--load garbage",
    );
    bad_input(
        &variants(&["play", "chess3d", "--load", &path(&record)]),
        "--load illegal record",
    );
    bad_input(
        &variants(&["play", "chess3d", "--load", &path(&dir.join("missing"))]),
        "--load missing",
    );
    bad_input(
        &variants(&[
            "show",
            "chess3d",
            "--svg",
            &path(&dir.join("no/such/dir/x.svg")),
        ]),
        "--svg into a missing directory",
    );
    bad_input(
        &variants(&["play", "chess3d", "--player", "white=alien"]),
        "unknown player kind",
    );
    bad_input(
        &variants(&["play", "chess3d", "--player", "nobody=random"]),
        "unknown seat",
    );
    bad_input(
        &variants(&["play", "chess3d", "--player", "random"]),
        "player without seat",
    );
    let _ = std::fs::remove_dir_all(&dir);
    snapshot_messages("garbage_files_and_paths", &[(&path(&dir), "TMP")]);
}

#[test]
fn positive_paths_still_work() {
    // FIDE chess (chess3d with one height, C3-40): 20 first moves, perft(3) = 8 902.
    let o = variants(&["moves", "chess3d", "--config", "heights=1"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout).lines().count(), 20);
    let o = variants(&[
        "perft",
        "chess3d",
        "--depth",
        "3",
        "--config",
        "heights=1",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("perft --json prints JSON");
    assert_eq!(v["nodes"], 8902, "{v}");
}

/// Runs `variants` with stdout going to `out` (stdin and stderr as usual).
fn run_with_stdout(args: &[&str], out: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_variants"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(Stdio::piped())
        .output()
        .expect("the variants binary runs")
}

#[test]
fn a_closed_stdout_ends_the_program_quietly() {
    // `variants moves chess3d | head -1`: the reader is gone before the first line is written.
    // The read end is closed before the program starts, so every write fails with EPIPE.
    for args in [
        &["moves", "chess3d"][..],
        &["perft", "chess3d", "--depth", "2", "--divide"],
        &["games"],
        &["show", "checkers3d"],
    ] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let o = run_with_stdout(args, Stdio::from(writer));
        no_panic(&o, &format!("{args:?} into a closed pipe"));
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o.stderr));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_reported_not_ignored() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full exists on Linux");
    let o = run_with_stdout(&["moves", "chess3d"], Stdio::from(full));
    bad_input(&o, "moves into /dev/full");
    assert!(
        text(&o.stderr).contains("cannot write to standard output"),
        "{}",
        text(&o.stderr)
    );
    snapshot_messages("full_disk", &[]);
}
