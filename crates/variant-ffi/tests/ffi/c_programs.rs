//! Compiles the C programs of `examples/c/` with the system C compiler against the library
//! that `cargo test` has just built (`libvariant_ffi.a`, and `libvariant_ffi.so` once), runs
//! them, and checks what they print against the Rust API (`variant_games::registry`) and against
//! independent counts (each game's perft data file, and FIDE chess perft for chess3d with one
//! height); every game of the registry is run, with the positions of its test position file.
//!
//! The C compiler is `$CC` or `cc`. The test fails (it does not skip) when none is installed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use variant_ffi::VARIANTS_ABI_VERSION;
use variant_games::perft_data::{self, PerftEntry};
use variant_games::registry;
use variant_games::variant_core::{Game, GameConfig};

/// This crate's directory: the C programs (`examples/c/`) and the header (`include/`) are in it.
pub(crate) fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The directory with the library artifacts of this build: the test executable lives in
/// `<target>/<profile>/deps`, next to `libvariant_ffi.a` and `libvariant_ffi.so` (cargo
/// builds every crate type of the library before it runs the integration tests).
pub(crate) fn artifact_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("no test executable path: {e}"));
    let deps = exe
        .parent()
        .unwrap_or_else(|| panic!("{} has no directory", exe.display()))
        .to_path_buf();
    let lib = deps.join("libvariant_ffi.a");
    assert!(
        lib.exists(),
        "{} does not exist; build it with `cargo build -p variant-ffi` (same profile and \
         features as the test)",
        lib.display()
    );
    deps
}

fn run(command: &mut Command) -> Output {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    assert!(
        output.status.success(),
        "{command:?} failed ({}):\n--- stdout\n{}\n--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Runs `command` with `input` on its standard input; as [`run`].
fn run_with_input(command: &mut Command, input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(input)
            .unwrap_or_else(|e| panic!("cannot write to {command:?}: {e}"));
    }
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    assert!(
        output.status.success(),
        "{command:?} failed ({}):\n--- stdout\n{}\n--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// How the C program is linked: the static library, or the shared one.
#[derive(Clone, Copy)]
enum Link {
    Static,
    Shared,
}

pub(crate) fn scratch_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("c-programs");
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}

/// Compiles `examples/c/<name>.c` into the test's scratch directory; returns the executable.
fn compile(name: &str, link: Link) -> PathBuf {
    compile_source(
        &crate_dir().join("examples/c").join(format!("{name}.c")),
        name,
        link,
    )
}

/// Compiles the C file `source` into the scratch directory as `<name>-<link>`.
fn compile_source(source: &Path, name: &str, link: Link) -> PathBuf {
    let libs = artifact_dir();
    let out_dir = scratch_dir();
    let suffix = match link {
        Link::Static => "static",
        Link::Shared => "shared",
    };
    let exe = out_dir.join(format!("{name}-{suffix}"));
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let mut command = Command::new(cc);
    command
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .arg("-I")
        .arg(crate_dir().join("include"))
        .arg(source);
    match link {
        Link::Static => {
            command.arg(libs.join("libvariant_ffi.a"));
        }
        Link::Shared => {
            command
                .arg("-L")
                .arg(&libs)
                .arg("-lvariant_ffi")
                .arg(format!("-Wl,-rpath,{}", libs.display()));
        }
    }
    command.args(["-lpthread", "-ldl", "-lm", "-o"]).arg(&exe);
    run(&mut command);
    exe
}

/// The lines of the example's output, split into words, keyed by their first word.
fn lines_starting(output: &str, first: &str) -> Vec<Vec<String>> {
    output
        .lines()
        .map(|line| line.split(' ').map(str::to_string).collect::<Vec<_>>())
        .filter(|words| words.first().is_some_and(|w| w == first))
        .collect()
}

fn status_kind(status: variant_games::Status) -> &'static str {
    match status {
        variant_games::Status::Ongoing => "ongoing",
        variant_games::Status::Win { .. } => "win",
        variant_games::Status::Draw { .. } => "draw",
        variant_games::Status::Aborted => "aborted",
    }
}

/// The entry of `game`'s perft data file (`crates/<game>/data/<game>.perft`) that counts from
/// the start position of configuration `config` (compared as the game reads it), if the file
/// has one.
fn start_entry(game: &str, config: &str) -> Option<&'static PerftEntry<'static>> {
    let wanted = variant_games::new_game(game, config)
        .ok()?
        .config()
        .to_string();
    perft_data::file(game)?.entries.iter().find(|e| {
        e.position.is_none()
            && variant_games::new_game(game, e.config)
                .is_ok_and(|g| g.config().to_string() == wanted)
    })
}

/// The deepest count of `entry` up to `max_nodes` leaves, as `(depth, nodes)`.
fn deepest(entry: &PerftEntry<'_>, max_nodes: u64) -> Option<(u32, u64)> {
    entry
        .counts
        .iter()
        .filter(|c| c.nodes <= max_nodes)
        .map(|c| (c.depth, c.nodes))
        .next_back()
}

#[test]
fn example_agrees_with_the_rust_api() {
    let exe = compile("example", Link::Static);
    let output = run(&mut Command::new(&exe));
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();

    assert!(
        stdout.starts_with(&format!("abi {VARIANTS_ABI_VERSION}\n")),
        "{stdout}"
    );
    let names: Vec<&str> = registry::games().iter().map(|g| g.name).collect();
    assert_eq!(
        lines_starting(&stdout, "games"),
        vec![
            std::iter::once("games")
                .chain(names.iter().copied())
                .map(str::to_string)
                .collect::<Vec<_>>()
        ],
        "the C library serves other games than the Rust registry of this build: a stale \
         libvariant_ffi.a from a build with other features? Rebuild with the same features."
    );

    for name in &names {
        let start = registry::new_game(name, &[]).unwrap_or_else(|e| panic!("{name}: {e}"));

        // Seats and configuration.
        let config: Vec<String> = start
            .config()
            .to_pairs()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let expected = format!(
            "game {name} seats {} config {}",
            start.seat_count(),
            config.join(";")
        );
        assert!(
            stdout.lines().any(|l| l == expected),
            "missing line {expected:?}:\n{stdout}"
        );
        let expected = format!("start {name} {}", start.to_text());
        assert!(
            stdout.lines().any(|l| l == expected),
            "missing line {expected:?}:\n{stdout}"
        );

        // Perft from the start through C equals perft through Rust.
        let perft: BTreeMap<u32, u64> = lines_starting(&stdout, "perft")
            .into_iter()
            .filter(|w| w[1] == *name && w[2] == "start")
            .map(|w| (w[3].parse().unwrap_or(0), w[4].parse().unwrap_or(u64::MAX)))
            .collect();
        assert_eq!(perft.len(), 3, "{name}: perft lines:\n{stdout}");
        for (depth, nodes) in perft {
            assert_eq!(
                nodes,
                variant_games::perft(&start, depth),
                "{name}: perft {depth} through C and Rust"
            );
        }

        // The moves played are the first legal move each time; the position, status and perft
        // after them agree.
        let mut game = start.clone();
        let played: Vec<String> = lines_starting(&stdout, "play")
            .into_iter()
            .filter(|w| w[1] == *name)
            .map(|w| w[2..].join(" "))
            .collect();
        assert!(!played.is_empty(), "{name}: no move played:\n{stdout}");
        for mv in &played {
            assert_eq!(
                Some(mv),
                game.legal_move_texts().first(),
                "{name}: first legal move"
            );
            game.play_text(mv)
                .unwrap_or_else(|e| panic!("{name}: {mv}: {e}"));
        }
        let expected = format!("position {name} {}", game.to_text());
        assert!(
            stdout.lines().any(|l| l == expected),
            "missing line {expected:?}:\n{stdout}"
        );
        let status = lines_starting(&stdout, "status")
            .into_iter()
            .find(|w| w[1] == *name)
            .unwrap_or_default();
        assert_eq!(
            status.get(2).map(String::as_str),
            Some(status_kind(game.status()))
        );
        let expected = format!("perft {name} after 2 {}", variant_games::perft(&game, 2));
        assert!(
            stdout.lines().any(|l| l == expected),
            "missing line {expected:?}:\n{stdout}"
        );
    }

    // Each game's reference counts from its default start position, as its perft data file
    // gives them (`crates/<game>/data/<game>.perft`: published tables or the rules page's
    // reference counts, e.g. chess3d (8, 1, 8), B4-52, CT-52), for the depths the example counts.
    for name in &names {
        let entry = start_entry(name, "").unwrap_or_else(|| {
            panic!("crates/{name}/data/{name}.perft counts nothing from the default start")
        });
        let counts: Vec<_> = entry.counts.iter().filter(|c| c.depth <= 3).collect();
        assert!(
            !counts.is_empty(),
            "crates/{name}/data/{name}.perft: no count of the default start at depth 1 to 3"
        );
        for count in counts {
            let expected = format!("perft {name} start {} {}", count.depth, count.nodes);
            assert!(
                stdout.lines().any(|l| l == expected),
                "missing line {expected:?} ({}):\n{stdout}",
                count.source
            );
        }
    }

    if names.contains(&"chess3d") {
        // chess3d with one height is FIDE chess (rules C3-1, "Equivalence with FIDE chess"):
        // the start is the FIDE start and perft 1..3 are the well-known 20, 400, 8902.
        let fide = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(stdout.contains(&format!("\nfide {fide}\n")), "{stdout}");
        for (depth, nodes) in [(1, 20), (2, 400), (3, 8902)] {
            assert!(
                stdout.contains(&format!("\nfide perft {depth} {nodes}\n")),
                "fide perft {depth} should be {nodes}:\n{stdout}"
            );
        }
    }
}

/// Qubic from C (examples/c/test_qubic.c): the 64 move values of the empty box are the tag 5
/// above the cell index, in cell order, and four in a line wins for the game's own
/// reason, with its id, rule and words — values the program takes from the rules page.
#[test]
fn qubic_from_c() {
    let exe = compile("test_qubic", Link::Static);
    let output = run(&mut Command::new(&exe));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("ok "), "{stdout}");
}

#[test]
fn error_paths_from_c() {
    let exe = compile("test_errors", Link::Static);
    let output = run(&mut Command::new(&exe));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("ok "), "{stdout}");
}

#[test]
fn shared_library_works_too() {
    let exe = compile("test_errors", Link::Shared);
    // The shared library's soname is libvariants.so.<ABI> (build.rs), the name the program
    // asks the loader for: a directory holding only that name must be enough. (cargo test
    // also puts `<target>/<profile>` on LD_LIBRARY_PATH, which may hold a libvariant_ffi.so
    // of an earlier build with other features: the directory below comes first.)
    let dir = scratch_dir().join("soname");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let link = dir.join(format!("libvariants.so.{VARIANTS_ABI_VERSION}"));
    let _ = std::fs::remove_file(&link);
    std::fs::copy(artifact_dir().join("libvariant_ffi.so"), &link)
        .unwrap_or_else(|e| panic!("cannot copy the shared library: {e}"));
    let output = run(Command::new(&exe).env("LD_LIBRARY_PATH", &dir));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("ok "), "{stdout}");
}

/// Runs `examples/c/perft.c` (perft through move values: list, copy, play a value, count the
/// last ply) and returns the count it printed; the program itself fails when its count differs
/// from the library's `variants_game_perft`.
fn perft_through_values(exe: &Path, game: &str, config: &str, depth: u32) -> u64 {
    let output = run(Command::new(exe).args([game, config, &depth.to_string()]));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let words = lines_starting(&stdout, "values");
    let nodes = words
        .first()
        .and_then(|w| w.get(1))
        .and_then(|n| n.parse().ok());
    nodes.unwrap_or_else(|| panic!("{game} {config}: no count in:\n{stdout}"))
}

/// Perft through move values agrees with published and reference counts for every game: the
/// counts of its perft data file from the start of its default configuration (up to 2 000 000
/// leaves) and of its `quick` test configuration (up to 250 000 leaves), such as FIDE chess
/// (chess3d with one height, C3-40), the rules pages' reference counts (chess3d and checkers3d
/// "Reference counts", B4-52, CT-52) and Russian draughts (checkers3d D3-40).
#[test]
fn perft_through_move_values() {
    let exe = compile("perft", Link::Static);
    for info in registry::games() {
        let name = info.name;
        let quick = registry::test_positions(name)
            .and_then(|file| file.quick())
            .map(|e| e.config);
        let mut checked = 0;
        for (config, max_nodes) in [("", 2_000_000), (quick.unwrap_or(""), 250_000)] {
            if checked > 0 && config.is_empty() {
                continue; // no quick configuration: the default was counted already
            }
            let Some((depth, nodes)) =
                start_entry(name, config).and_then(|e| deepest(e, max_nodes))
            else {
                continue;
            };
            assert_eq!(
                perft_through_values(&exe, name, config, depth),
                nodes,
                "{name} {config:?} perft {depth}"
            );
            checked += 1;
        }
        assert!(
            checked >= 1,
            "crates/{name}/data/{name}.perft: no count of the default start up to 2 000 000 leaves"
        );
    }
}

/// Several pthreads read one shared handle (perft through move values and the library's
/// perft) while each plays on a private handle; every thread's counts equal the single-thread
/// counts, and the shared handle is unchanged (examples/c/test_threads.c).
#[test]
fn threads_share_readers_and_keep_writers_private() {
    let exe = compile("test_threads", Link::Static);
    let output = run(&mut Command::new(&exe));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.lines().any(|l| l.starts_with("ok ")), "{stdout}");
    // The single-thread counts the threads were checked against are the reference counts of
    // each game's perft data file from its default start at depth 3 (chess3d and checkers3d
    // "Reference counts", B4-52, CT-52), where the file has one.
    let mut checked = 0;
    for info in registry::games() {
        let Some(nodes) = start_entry(info.name, "").and_then(|e| e.nodes(3)) else {
            continue;
        };
        let expected = format!("{} perft 3 {nodes}", info.name);
        assert!(
            stdout.lines().any(|l| l == expected),
            "{expected}:\n{stdout}"
        );
        checked += 1;
    }
    assert!(
        checked >= 1,
        "no game's perft data file has a depth-3 count of its start"
    );
}

/// A long perft stopped from another pthread returns VARIANTS_STOPPED within 50 ms of the
/// request, with progress reported before, and the handles work afterwards
/// (examples/c/test_stop.c).
#[test]
fn perft_stops_promptly_from_another_thread() {
    let exe = compile("test_stop", Link::Static);
    let output = run(&mut Command::new(&exe));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.lines().any(|l| l == "ok"), "{stdout}");
}

/// The engine through move values (examples/c/test_search.c): in every win in one of every
/// game's test position file (`crates/<game>/data/<game>.positions`, written to the program's
/// standard input) `variants_game_search` returns a value that names one of the winning moves
/// and whose play (`variants_game_play_move`) wins by the rules with a one-ply mate score; the
/// program fails when a game of `variants_games` had none; bad calls get their codes; an
/// analysis without limits stops promptly through a `variants_stop` from another thread.
#[test]
fn search_returns_a_playable_move_value() {
    let exe = compile("test_search", Link::Static);
    let mut input = String::new();
    let mut given = 0;
    for info in registry::games() {
        let file = registry::test_positions(info.name).expect("a test position file");
        for entry in file.wins() {
            let position = entry.position.map(str::to_string).unwrap_or_else(|| {
                variant_games::new_game(info.name, entry.config)
                    .unwrap_or_else(|e| panic!("{} `{}`: {e}", info.name, entry.id))
                    .to_text()
            });
            input.push_str(&format!(
                "{}\t{}\t{position}\t{}\t{} `{}` ({})\n",
                info.name,
                entry.config,
                entry.wins.join(" "),
                info.name,
                entry.id,
                entry.rule
            ));
            given += 1;
        }
    }
    assert!(given > 0);
    let output = run_with_input(&mut Command::new(&exe), input.as_bytes());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.lines().any(|l| l == "ok"), "{stdout}");
    let searched = stdout
        .lines()
        .filter(|l| l.contains(" wins, score "))
        .count();
    assert_eq!(searched, given, "{stdout}");
    for game in registry::games() {
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(&format!("{} ", game.name))),
            "no mate in one searched for {}:\n{stdout}",
            game.name
        );
    }
}

/// The header-only C++ wrapper compiles with `g++ -std=c++17 -Wall -Werror` (and -Wextra,
/// -pedantic) and its test program passes (examples/c/test_cpp.cpp). The compiler is `$CXX`
/// or `g++`.
#[test]
fn cpp_wrapper_compiles_and_works() {
    let exe = scratch_dir().join("test_cpp");
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "g++".to_string());
    run(Command::new(cxx)
        .args(["-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .arg("-I")
        .arg(crate_dir().join("include"))
        .arg(crate_dir().join("examples/c/test_cpp.cpp"))
        .arg(artifact_dir().join("libvariant_ffi.a"))
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&exe));
    let output = run(&mut Command::new(&exe));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.trim(), "ok", "{stdout}");
}
