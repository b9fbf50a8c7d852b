//! `cargo xtask one-game [--check-only] [GAME…]`: every game alone, as a build with one game
//! feature sees it.
//!
//! The facade and the engine have a feature per game (all of them by default, `all-games`); the
//! crates above them take their games from the engine's, so a build with game G alone is
//! `--no-default-features --features G` for the facade and the engine and
//! `--no-default-features --features variant-engine/G` for the others ([`features`]), and it
//! must leave the other games out of the build entirely. The games are the facade's
//! `all-games` feature ([`games`]). For each game G (or the games named):
//!
//! 1. `cargo tree -e normal --no-default-features` with G's features of [`TREE_CRATES`] (the facade,
//!    the engine, the C library and the Python extension, and the match library, the web
//!    server and the command with them): G's crate is in the tree and no other game crate is.
//! 2. `cargo check --no-default-features --features variant-engine/G --lib --bins --tests` of
//!    [`CHECK_CRATES`] in one invocation (the Python extension with `extension-module`, as
//!    maturin builds it; it has no Rust tests): every library, binary and test target
//!    compiles with G alone.
//! 3. `cargo test --no-default-features --features G --lib --tests` of [`TEST_CRATES`], the
//!    facade and the engine: their unit and integration tests run with G alone (a test that
//!    needs a game carries that game's `#[cfg(feature)]`, on the test or on its module's
//!    `mod` line; the few that compare every game with the documentation need `all-games`).
//!    Doctests are left out:
//!    the crate documentation shows several games. `--check-only` leaves this step out
//!    (`.ci/run`: four test builds would take two minutes of its budget; step 2 compiles the
//!    same tests).
//!
//! The other crates' test suites (match, web, command, C library) play several games by name
//! in most tests, so they are only compiled here (step 2); their full runs are the default
//! build's `cargo test --workspace`.
//!
//! Everything shares the workspace's target directory: the game crates have no features and
//! are built once, and each game's build of the crates above them stays cached between runs.
//! Each step prints its time and outcome as it ends; any failure fails the task after all
//! games have run.

use std::process::{Command, Output};
use std::time::Instant;

/// The game crates, by the name of the feature that brings each in: the facade's `all-games`
/// feature (`crates/variant-games/Cargo.toml`), where a new game joins the build, so that this
/// task runs it alone like the others.
pub fn games() -> Result<Vec<String>, String> {
    let facade = crate::metadata::package("variant-games")?;
    let games: Vec<String> = facade.features["all-games"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(|f| f.as_str().map(str::to_string))
        .collect();
    if games.is_empty() {
        return Err("the facade (variant-games) has no `all-games` feature".to_string());
    }
    Ok(games)
}

/// The crates whose dependency tree must hold one game.
pub const TREE_CRATES: [&str; 7] = [
    "variant-games",
    "variant-engine",
    "variant-ffi",
    "variant-py",
    "variant-match",
    "variant-web",
    "variant-cli",
];

/// The crates compiled with one game (libraries, binaries and tests).
pub const CHECK_CRATES: [&str; 7] = TREE_CRATES;

/// The crates whose tests run with one game.
pub const TEST_CRATES: [&str; 2] = ["variant-games", "variant-engine"];

fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string()));
    cmd.current_dir(crate::install::workspace());
    cmd
}

/// Runs `cargo args`, its output captured; `Err` holds the end of the output on failure.
fn run(args: &[String]) -> Result<Output, String> {
    eprintln!("xtask: cargo {}", args.join(" "));
    let out = cargo()
        .args(args)
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if out.status.success() {
        Ok(out)
    } else {
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<&str> = text.lines().collect();
        let tail = lines[lines.len().saturating_sub(40)..].join("\n");
        Err(format!(
            "cargo {} failed ({}):\n{tail}",
            args.join(" "),
            out.status
        ))
    }
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

/// The game crates of `games` in `tree` (the output of `cargo tree --prefix none`, one package
/// a line, `name vX.Y.Z (…)`), sorted, without repeats.
pub fn games_in_tree(tree: &str, games: &[String]) -> Vec<String> {
    let mut found: Vec<String> = tree
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| games.iter().any(|g| g == name))
        .map(str::to_string)
        .collect();
    found.sort();
    found.dedup();
    found
}

/// The features that build `krate` with `game` alone: the facade's and the engine's own game
/// feature, the engine's for the crates above them.
pub fn features(krate: &str, game: &str) -> String {
    match krate {
        "variant-games" | "variant-engine" => game.to_string(),
        _ => format!("variant-engine/{game}"),
    }
}

/// Step 1 for one crate: the game crates in its normal dependency tree with `game` alone.
fn tree(krate: &str, game: &str, games: &[String]) -> Result<String, String> {
    let features = features(krate, game);
    let out = run(&strings(&[
        "tree",
        "-p",
        krate,
        "--no-default-features",
        "--features",
        &features,
        "-e",
        "normal",
        "--prefix",
        "none",
    ]))?;
    let found = games_in_tree(&String::from_utf8_lossy(&out.stdout), games);
    if found == [game] {
        Ok(format!("{krate}: {}", found.join(" ")))
    } else {
        Err(format!(
            "cargo tree -p {krate} --no-default-features --features {features}: game crates \
             {found:?}, expected only {game}"
        ))
    }
}

/// Step 2: every library, binary and test target of [`CHECK_CRATES`] with `game` alone.
fn check(game: &str) -> Result<String, String> {
    let mut args = strings(&["check"]);
    for krate in CHECK_CRATES {
        args.extend(strings(&["-p", krate]));
    }
    args.extend(strings(&[
        "--no-default-features",
        "--features",
        &format!("variant-engine/{game},variant-py/extension-module"),
        "--lib",
        "--bins",
        "--tests",
    ]));
    run(&args).map(|_| format!("{} crates compiled", CHECK_CRATES.len()))
}

/// The number of tests that passed, summed over the `test result:` lines of `output`.
pub fn passed(output: &str) -> u64 {
    output
        .lines()
        .filter_map(|l| l.strip_prefix("test result: ok. "))
        .filter_map(|l| l.split(' ').next()?.parse::<u64>().ok())
        .sum()
}

/// Step 3: the unit and integration tests of [`TEST_CRATES`] with `game` alone.
fn test(game: &str) -> Result<String, String> {
    let mut args = strings(&["test"]);
    for krate in TEST_CRATES {
        args.extend(strings(&["-p", krate]));
    }
    args.extend(strings(&[
        "--no-default-features",
        "--features",
        game,
        "--lib",
        "--tests",
    ]));
    let out = run(&args)?;
    Ok(format!(
        "{} tests passed",
        passed(&String::from_utf8_lossy(&out.stdout))
    ))
}

/// The task.
pub fn one_game(args: &[String]) -> Result<(), String> {
    let check_only = args.iter().any(|a| a == "--check-only");
    let chosen: Vec<&String> = args.iter().filter(|a| *a != "--check-only").collect();
    let games = games()?;
    if let Some(unknown) = chosen.iter().find(|a| !games.contains(a)) {
        return Err(format!(
            "no game {unknown}; the games are {}",
            games.join(", ")
        ));
    }
    let started = Instant::now();
    let (mut steps, mut failed) = (0, 0);
    for game in games
        .iter()
        .filter(|g| chosen.is_empty() || chosen.contains(g))
    {
        let mut step = |what: &str, run: &dyn Fn() -> Result<String, String>| {
            let t = Instant::now();
            let result = run();
            let seconds = t.elapsed().as_secs_f64();
            steps += 1;
            match result {
                Ok(said) => {
                    eprintln!("xtask: one-game {game:<10} {seconds:>6.1} s  ok {what}: {said}")
                }
                Err(e) => {
                    failed += 1;
                    eprintln!("xtask: one-game {game:<10} {seconds:>6.1} s  FAILED {what}: {e}");
                }
            }
        };
        for krate in TREE_CRATES {
            step("tree", &|| tree(krate, game, &games));
        }
        step("check", &|| check(game));
        if !check_only {
            step("test", &|| test(game));
        }
    }
    eprintln!(
        "xtask: one-game: {steps} steps, {failed} failed, {:.0} s",
        started.elapsed().as_secs_f64()
    );
    if failed == 0 {
        Ok(())
    } else {
        Err(format!("one-game: {failed} steps failed (see above)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_crates_are_read_from_a_tree() {
        let tree = "variant-ffi v0.1.0 (/w/crates/variant-ffi)\n\
                    variant-engine v0.1.0 (/w/crates/variant-engine)\n\
                    chess-t v0.1.0 (/w/crates/chess-t)\n\
                    variant-core v0.1.0 (/w/crates/variant-core)\n\
                    chess-t v0.1.0 (/w/crates/chess-t) (*)\n\
                    chess3d-tools v1.0.0\n";
        let games = ["chess3d".to_string(), "chess-t".to_string()];
        assert_eq!(games_in_tree(tree, &games), ["chess-t"]);
        assert!(games_in_tree("serde v1.0.0\n", &games).is_empty());
    }

    #[test]
    fn the_games_are_the_facade_s_all_games_feature() {
        // Every game crate of the workspace (a crate with a perft data file) is in it.
        let games = games().unwrap();
        let crates = crate::install::workspace().join("crates");
        let mut found = 0;
        for dir in std::fs::read_dir(crates).unwrap() {
            let dir = dir.unwrap().path();
            let name = dir.file_name().unwrap().to_string_lossy().to_string();
            if dir.join("data").join(format!("{name}.perft")).is_file() {
                assert!(games.contains(&name), "{name} missing from {games:?}");
                found += 1;
            }
        }
        assert_eq!(found, games.len(), "{games:?}");
    }

    #[test]
    fn the_crates_above_the_engine_take_its_game_feature() {
        assert_eq!(features("variant-games", "qubic"), "qubic");
        assert_eq!(features("variant-engine", "qubic"), "qubic");
        assert_eq!(features("variant-cli", "qubic"), "variant-engine/qubic");
    }

    #[test]
    fn passed_tests_are_summed() {
        let out = "running 2 tests\ntest result: ok. 2 passed; 0 failed; 0 ignored\n\
                   test result: ok. 7 passed; 0 failed; 1 ignored\n";
        assert_eq!(passed(out), 9);
    }
}
