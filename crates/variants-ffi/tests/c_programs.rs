//! Compiles the C programs of `examples/c/` with the system C compiler against the library
//! that `cargo test` has just built (`libvariants_ffi.a`, and `libvariants_ffi.so` once), runs
//! them, and checks what they print against the Rust API (`variants::registry`) and against
//! independent counts (FIDE chess perft for chess3d with one height).
//!
//! The C compiler is `$CC` or `cc`. The test fails (it does not skip) when none is installed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use variants::registry;
use variants_ffi::VARIANTS_ABI_VERSION;

fn workspace_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The directory with the library artifacts of this build: the test executable lives in
/// `<target>/<profile>/deps`, next to `libvariants_ffi.a` and `libvariants_ffi.so` (cargo
/// builds every crate type of the library before it runs the integration tests).
fn artifact_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("no test executable path: {e}"));
    let deps = exe
        .parent()
        .unwrap_or_else(|| panic!("{} has no directory", exe.display()))
        .to_path_buf();
    let lib = deps.join("libvariants_ffi.a");
    assert!(
        lib.exists(),
        "{} does not exist; build it with `cargo build -p variants-ffi` (same profile and \
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

/// How the C program is linked: the static library, or the shared one.
#[derive(Clone, Copy)]
enum Link {
    Static,
    Shared,
}

/// Compiles `examples/c/<name>.c` into the test's scratch directory; returns the executable.
fn compile(name: &str, link: Link) -> PathBuf {
    let workspace = workspace_dir();
    let libs = artifact_dir();
    let out_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("c-programs");
    std::fs::create_dir_all(&out_dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", out_dir.display()));
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
        .arg(workspace.join("include"))
        .arg(workspace.join("examples/c").join(format!("{name}.c")));
    match link {
        Link::Static => {
            command.arg(libs.join("libvariants_ffi.a"));
        }
        Link::Shared => {
            command
                .arg("-L")
                .arg(&libs)
                .arg("-lvariants_ffi")
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

fn status_kind(status: variants::Status) -> &'static str {
    match status {
        variants::Status::Ongoing => "ongoing",
        variants::Status::Win { .. } => "win",
        variants::Status::Draw { .. } => "draw",
    }
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
         libvariants_ffi.a from a build with other features? Rebuild with the same features."
    );

    for name in &names {
        let start = registry::new_game(name, &[]).unwrap_or_else(|e| panic!("{name}: {e}"));

        // Seats and configuration.
        let config: Vec<String> = start
            .config_pairs()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let expected = format!(
            "game {name} seats {} config {}",
            start.seats(),
            config.join(";")
        );
        assert!(
            stdout.lines().any(|l| l == expected),
            "missing line {expected:?}:\n{stdout}"
        );
        let expected = format!("start {name} {}", start.position_text());
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
                start.perft(depth),
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
            game.play(mv)
                .unwrap_or_else(|e| panic!("{name}: {mv}: {e}"));
        }
        let expected = format!("position {name} {}", game.position_text());
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
            Some(status_kind(game.position_status()))
        );
        let expected = format!("perft {name} after 2 {}", game.perft(2));
        assert!(
            stdout.lines().any(|l| l == expected),
            "missing line {expected:?}:\n{stdout}"
        );
    }

    // The rules pages' reference counts from the default start positions (each computed there
    // by an independent implementation of the page): chess3d "Reference counts" row
    // (8, 1, 8) default; bishops4p B4-52, four players; chess-t CT-52, ruleset t1-2024.
    for (name, counts) in [
        ("chess3d", [122, 14_865, 1_976_792]),
        ("bishops4p", [26, 669, 17_132]),
        ("chess-t", [23, 529, 15_121]),
    ] {
        if !names.contains(&name) {
            continue;
        }
        for (depth, nodes) in (1..).zip(counts) {
            let expected = format!("perft {name} start {depth} {nodes}");
            assert!(
                stdout.lines().any(|l| l == expected),
                "missing line {expected:?}:\n{stdout}"
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
    // cargo test puts `<target>/<profile>` on LD_LIBRARY_PATH, which wins over the rpath and
    // may hold a libvariants_ffi.so of an earlier `cargo build` with other features.
    let output = run(Command::new(&exe).env("LD_LIBRARY_PATH", artifact_dir()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("ok "), "{stdout}");
}
