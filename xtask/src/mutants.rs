//! `cargo xtask mutants [GAME…] [--timeout S]`: cargo-mutants on each game's rule files against
//! the game crate's own tests, one table line per file; fails when a rule file has under 95 %
//! of its viable mutants caught (docs/reliability.md, "Mutation testing").

use std::collections::BTreeMap;
use std::process::Command;

/// Each game's rule files under `crates/<game>/src/` (`.rs` left out): move generation and
/// notation, and the files that hold captures, strength, geometry, turn order or removal. A
/// game of the facade's list that is not here gets [`EVERY_GAME_S`], the modules every game
/// crate has: a new game is tested from its first day, and named here for its other files.
const RULE_FILES: &str = "\
qubic: movegen notation geometry position
chess-t: movegen notation strength projection play
checkers3d: movegen notation capture plane geometry
bishops4p: movegen notation geometry position threats turn
chess3d: movegen notation attacks plane plane_attacks position";

/// The rule files of a game without a line in [`RULE_FILES`].
const EVERY_GAME_S: &str = "movegen notation";

/// The least share of the viable mutants of a rule file that the tests must catch.
const PASS_PERCENT: f64 = 95.0;

/// cargo-mutants' outcome files in `mutants.out/`, in the order of a [`Tally`]'s counts.
const OUTCOMES: [&str; 4] = ["caught", "missed", "unviable", "timeout"];

/// A file's mutants by outcome (excluded mutants are never generated, so never counted).
type Tally = [usize; 4];

/// The games of the facade's list and their rule files as paths from the workspace root.
fn rule_files() -> Result<Vec<(String, Vec<String>)>, String> {
    let listed = |game: &str| {
        let line = RULE_FILES
            .lines()
            .find(|l| l.starts_with(&format!("{game}: ")));
        line.map_or(EVERY_GAME_S, |l| &l[game.len() + 2..])
    };
    Ok(crate::one_game::games()?
        .into_iter()
        .map(|game| {
            let files = listed(&game).split(' ');
            let files = files.map(|f| format!("crates/{game}/src/{f}.rs")).collect();
            (game, files)
        })
        .collect())
}

/// Caught (a timeout counts as caught: a mutant that makes perft slow) of the viable ones.
fn percent(t: &Tally) -> f64 {
    let viable = t[0] + t[1] + t[3];
    if viable == 0 {
        100.0
    } else {
        100.0 * (t[0] + t[3]) as f64 / viable as f64
    }
}

/// Tallies the lines (`path:line:column: replace …`) of the outcome files' texts, by path.
fn tally(texts: &[String; 4]) -> BTreeMap<&str, Tally> {
    let mut files: BTreeMap<&str, Tally> = BTreeMap::new();
    for (i, text) in texts.iter().enumerate() {
        for path in text.lines().filter_map(|l| l.split(':').next()) {
            files.entry(path).or_default()[i] += 1;
        }
    }
    files
}

/// Runs cargo-mutants on the named games (every game without a name) and prints the table.
pub(crate) fn mutants(args: &[String]) -> Result<(), String> {
    let timeout = crate::install::option(args, "--timeout").unwrap_or_else(|| "120".into());
    timeout
        .parse::<u32>()
        .map_err(|_| format!("--timeout {timeout:?}: expected seconds"))?;
    let games = rule_files()?;
    let named: Vec<&str> = (0..args.len())
        .filter(|&i| !args[i].starts_with("--") && (i == 0 || args[i - 1] != "--timeout"))
        .map(|i| args[i].as_str())
        .collect();
    if let Some(bad) = named.iter().find(|n| !games.iter().any(|(g, _)| g == *n)) {
        let known: Vec<&str> = games.iter().map(|g| g.0.as_str()).collect();
        return Err(format!("unknown game {bad:?}: one of {known:?}"));
    }
    let scratch = crate::install::target_dir().join("mutants");
    let mut low = Vec::new();
    println!("| file | mutants | caught | missed | unviable | timeouts | % caught |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (game, files) in games
        .iter()
        .filter(|(g, _)| named.is_empty() || named.iter().any(|n| n == g))
    {
        let (out, tmp) = (scratch.join(game), scratch.join("tmp"));
        std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
        let mut cmd = Command::new("nice");
        cmd.args("-n 10 cargo mutants -j 1 -p".split(' '))
            .args([game, "--timeout", &timeout]);
        cmd.args(files.iter().flat_map(|f| ["-f", f.as_str()]));
        // cargo-mutants copies the tree into a temporary directory: this one, under target/.
        cmd.arg("--output")
            .arg(&out)
            .env("TMPDIR", &tmp)
            .current_dir(crate::install::workspace());
        eprintln!("xtask: {cmd:?}");
        let status = cmd
            .status()
            .map_err(|e| format!("cannot run cargo mutants: {e}"))?;
        // 0: all caught, 2: some missed, 3: some timed out; anything else gives no table.
        if !matches!(status.code(), Some(0 | 2 | 3)) {
            return Err(format!(
                "cargo mutants -p {game} failed ({status}): see {}",
                out.display()
            ));
        }
        let read = |name| std::fs::read_to_string(out.join(format!("mutants.out/{name}.txt")));
        let texts = OUTCOMES.map(|name| read(name).unwrap_or_default());
        let tallies = tally(&texts);
        for file in files {
            let t = tallies.get(file.as_str()).copied().unwrap_or_default();
            let (total, p) = (t.iter().sum::<usize>(), percent(&t));
            println!(
                "| `{file}` | {total} | {} | {} | {} | {} | {p:.1} % |",
                t[0], t[1], t[2], t[3]
            );
            if p < PASS_PERCENT {
                low.push(file.clone());
            }
        }
        eprintln!("xtask: missed mutants of {game}:\n{}", texts[1]);
    }
    match low.is_empty() {
        true => Ok(()),
        false => Err(format!("under {PASS_PERCENT} % caught: {}", low.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Outcome lines are counted per file; a timeout counts as caught, an unviable mutant not
    /// at all: 2 caught and 1 timeout of 4 viable is 75 %.
    #[test]
    fn outcomes_are_tallied_per_file() {
        let m = "crates/qubic/src/movegen.rs";
        let texts = [
            format!("{m}:12:5: replace f -> u64 with 0\n{m}:14:9: replace == with !=\n"),
            format!("{m}:20:1: replace g with ()\n"),
            "crates/qubic/src/geometry.rs:3:3: replace h -> u64 with 1\n".to_string(),
            format!("{m}:21:3: replace < with <= in f\n"),
        ];
        let files = tally(&texts);
        assert_eq!(files[m], [2, 1, 0, 1]);
        assert_eq!(percent(&files[m]), 75.0);
        assert_eq!(percent(&files["crates/qubic/src/geometry.rs"]), 100.0);
    }

    /// Every game of the list has rule files, and each exists (a renamed file must not drop
    /// out unseen); every game of the table is a game of the list.
    #[test]
    fn rule_files_exist() {
        let games = rule_files().unwrap();
        for line in RULE_FILES.lines() {
            let game = line.split(':').next().unwrap();
            assert!(
                games.iter().any(|(g, _)| g == game),
                "{game} is no game of the list"
            );
        }
        for (_, files) in &games {
            assert!(files.len() >= 2);
            for file in files {
                assert!(
                    crate::install::workspace().join(file).is_file(),
                    "{file} is missing"
                );
            }
        }
    }
}
