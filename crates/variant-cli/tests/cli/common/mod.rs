//! Running the built `variants` binary, shared by the CLI test files; and what the tests of
//! every game take from the registry (the binary's game list, each game's seats, test positions
//! and reference counts), so that no test lists the games by hand.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use variant_games::Game;
use variant_games::variant_core::test_positions::TestPositions;

/// Runs `variants` with `args`, feeding `stdin` (nothing if `None`) and capturing both outputs.
/// `RUST_BACKTRACE=1` makes a panic show itself in stderr, which the tests look for.
pub fn run(args: &[&std::ffi::OsStr], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_variants"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the variants binary starts");
    if let Some(mut pipe) = child.stdin.take() {
        // The program may stop reading early (an error before the prompt): ignore broken pipes.
        let _ = pipe.write_all(stdin.unwrap_or_default());
    }
    child
        .wait_with_output()
        .expect("the variants binary finishes")
}

/// The games of the `variants` binary, as `variants games --json` lists them; they must be the
/// games of the registry this test was built with.
#[allow(dead_code)]
pub fn games() -> Vec<String> {
    let o = run(
        &[
            std::ffi::OsStr::new("games"),
            std::ffi::OsStr::new("--json"),
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("games --json prints JSON");
    let names: Vec<String> = v
        .as_array()
        .expect("a list of games")
        .iter()
        .map(|g| g["name"].as_str().expect("a game name").to_string())
        .collect();
    let registry: Vec<&str> = variant_games::registry::games()
        .iter()
        .map(|g| g.name)
        .collect();
    assert_eq!(
        names, registry,
        "the binary serves other games than the registry of this build"
    );
    assert!(!names.is_empty(), "no game");
    names
}

/// The test position file of `game` (`crates/<game>/data/<game>.positions`): the configurations
/// the tests run it under and its wins in one.
#[allow(dead_code)]
pub fn test_positions(game: &str) -> &'static TestPositions<'static> {
    variant_games::registry::test_positions(game)
        .unwrap_or_else(|| panic!("{game}: no test position file"))
}

/// The configuration tests take when they play one configuration of each game: the one its test
/// position file tags `quick`, else the default (`""`).
#[allow(dead_code)]
pub fn quick_config(game: &str) -> &'static str {
    test_positions(game).quick().map_or("", |e| e.config)
}

/// The names of the seats that play in `game` under `config`, in seat order (a three-player
/// "Bishops" game has no Grey).
#[allow(dead_code)]
pub fn seats(game: &str, config: &str) -> Vec<String> {
    let g =
        variant_games::new_game(game, config).unwrap_or_else(|e| panic!("{game} {config:?}: {e}"));
    g.playing_seats()
        .into_iter()
        .map(|seat| g.seat_name(seat).to_string())
        .collect()
}

/// The reference count of `game`'s perft data file (`crates/<game>/data/<game>.perft`: a
/// published table, the rules page's counts) from the start of configuration `config` (compared
/// as the game reads it) at `depth`, if the file has it.
#[allow(dead_code)]
pub fn start_count(game: &str, config: &str, depth: u32) -> Option<u64> {
    let wanted = variant_games::new_game(game, config)
        .ok()?
        .config()
        .to_string();
    variant_games::perft_data::file(game)?
        .entries
        .iter()
        .filter(|e| e.position.is_none())
        .filter(|e| {
            variant_games::new_game(game, e.config).is_ok_and(|g| g.config().to_string() == wanted)
        })
        .find_map(|e| e.nodes(depth))
}

/// Whether the insta snapshot `name` of the module `test` is kept, or insta is told to write
/// new ones (`INSTA_UPDATE=always` or `new`). The outputs of each game are kept as snapshots
/// for the games that have them (a drift guard); a game without them (a new one) is still
/// checked against its own data, and gets its snapshots when they are written on purpose,
/// never by a failing run.
#[allow(dead_code)]
pub fn snapshot_kept(test: &str, name: &str) -> bool {
    // Where insta keeps them: `snapshots/` beside the module's file, named after the module's
    // path (`cli::snapshots` → `cli__snapshots__<name>.snap`).
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cli/snapshots")
        .join(format!("{}__{test}__{name}.snap", env!("CARGO_CRATE_NAME")));
    path.exists()
        || matches!(
            std::env::var("INSTA_UPDATE").as_deref(),
            Ok("always" | "new")
        )
}
