//! The edits that add a game to the workspace's manifests and the facade's game list, as text
//! changes (the xtask has no TOML library): each finds its anchor or says which is missing.

/// The game added: its crate (and feature) name, its position and configuration types, and
/// the doc line of its entry in the game list.
pub struct NewGame<'a> {
    /// The crate name, also the feature name and the directory under `crates/`.
    pub krate: &'a str,
    /// The position type.
    pub game: &'a str,
    /// The configuration type.
    pub config: &'a str,
    /// The entry's one-line description.
    pub doc: &'a str,
}

/// The lines of `[section]` in `text`: the index of its header line and the index one past
/// its last line (the next header or the end).
fn section(lines: &[String], name: &str) -> Option<(usize, usize)> {
    let header = format!("[{name}]");
    let start = lines.iter().position(|l| l.trim() == header)?;
    let end = lines
        .iter()
        .skip(start + 1)
        .position(|l| l.trim_start().starts_with('['))
        .map_or(lines.len(), |i| start + 1 + i);
    Some((start, end))
}

fn split(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

fn join(lines: &[String]) -> String {
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// The value of `key = "…"` in `[section]`.
fn string_value(lines: &[String], section_name: &str, key: &str) -> Option<String> {
    let (start, end) = section(lines, section_name)?;
    lines[start + 1..end].iter().find_map(|l| {
        let (k, v) = l.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches('"').to_string())
    })
}

/// The workspace's `Cargo.toml`: the crate in `members` (at the end of the list) and in
/// `[workspace.dependencies]` (first), with the workspace's version like the other path
/// dependencies.
pub fn workspace_manifest(text: &str, krate: &str) -> Result<String, String> {
    let mut lines = split(text);
    let version = string_value(&lines, "workspace.package", "version")
        .ok_or("no `version = \"…\"` in [workspace.package]")?;
    let (start, end) = section(&lines, "workspace").ok_or("no [workspace] section")?;
    let open = (start..end)
        .find(|&i| lines[i].trim_start().starts_with("members = ["))
        .ok_or("no `members = [` list in [workspace]")?;
    let close = (open..end)
        .find(|&i| lines[i].trim_end().ends_with(']'))
        .ok_or("the `members` list of [workspace] is not closed")?;
    if close == open {
        return Err(
            "the `members` list of [workspace] is on one line; expected one member a line".into(),
        );
    }
    lines.insert(close, format!("    \"crates/{krate}\","));
    let (start, _) =
        section(&lines, "workspace.dependencies").ok_or("no [workspace.dependencies] section")?;
    lines.insert(
        start + 1,
        format!("{krate} = {{ path = \"crates/{krate}\", version = \"{version}\" }}"),
    );
    Ok(join(&lines))
}

/// Adds `"value"` at the end of the one-line array `key = […]` of `[section]`.
fn append_to_array(
    lines: &mut [String],
    section_name: &str,
    key: &str,
    value: &str,
) -> Result<(), String> {
    let (start, end) =
        section(lines, section_name).ok_or(format!("no [{section_name}] section"))?;
    let line = lines[start + 1..end]
        .iter_mut()
        .find(|l| l.split_once('=').is_some_and(|(k, _)| k.trim() == key))
        .ok_or(format!("no `{key} = [...]` in [{section_name}]"))?;
    let body = line.trim_end();
    let Some(inner) = body.strip_suffix(']') else {
        return Err(format!(
            "`{key}` of [{section_name}] is not a one-line array: {body:?}"
        ));
    };
    let inner = inner.trim_end();
    let separator = if inner.ends_with('[') { "" } else { ", " };
    *line = format!("{inner}{separator}\"{value}\"]");
    Ok(())
}

/// The feature list that holds every game: `all-games` when the crate has it, else `default`.
fn games_feature(lines: &[String]) -> &'static str {
    let has_all_games = section(lines, "features").is_some_and(|(s, e)| {
        lines[s + 1..e].iter().any(|l| {
            l.split_once('=')
                .is_some_and(|(k, _)| k.trim() == "all-games")
        })
    });
    if has_all_games {
        "all-games"
    } else {
        "default"
    }
}

/// A crate's `Cargo.toml` that takes the games as optional dependencies, one feature each:
/// the game as an optional dependency, its feature (`dep:` plus `also`, the features of other
/// crates it turns on), and the feature in the list of every game (`all-games`, or `default`
/// when there is none). Returns the new text and the name of that list.
pub fn game_features_manifest(
    text: &str,
    krate: &str,
    also: &[String],
) -> Result<(String, &'static str), String> {
    let mut lines = split(text);
    let list = games_feature(&lines);
    append_to_array(&mut lines, "features", list, krate)?;
    let (start, end) = section(&lines, "features").ok_or("no [features] section")?;
    let mut enables = vec![format!("\"dep:{krate}\"")];
    enables.extend(also.iter().map(|f| format!("\"{f}\"")));
    // After the feature lines: before the blank lines that end the section.
    let mut at = end;
    while at > start + 1 && lines[at - 1].trim().is_empty() {
        at -= 1;
    }
    lines.insert(at, format!("{krate} = [{}]", enables.join(", ")));
    let (start, _) = section(&lines, "dependencies").ok_or("no [dependencies] section")?;
    lines.insert(
        start + 1,
        format!("{krate} = {{ workspace = true, optional = true }}"),
    );
    Ok((join(&lines), list))
}

/// The facade's game list (`crates/variant-games/src/games.rs`): one entry after the last
/// entry of `with_games!` (a line `crate::{Game, Config}, "feature", "doc";`), indented like it.
pub fn game_list(text: &str, game: &NewGame<'_>) -> Result<String, String> {
    let mut lines = split(text);
    let start = lines
        .iter()
        .position(|l| l.contains("macro_rules! with_games"))
        .ok_or("no `macro_rules! with_games` in the game list")?;
    let is_entry = |l: &str| {
        let t = l.trim();
        t.contains("::{") && t.contains("}, \"") && t.ends_with("\";")
    };
    let last = (start..lines.len())
        .take_while(|&i| i == start || !lines[i].starts_with("macro_rules!"))
        .filter(|&i| is_entry(&lines[i]))
        .last()
        .ok_or("no game entry (`crate::{Game, Config}, \"feature\", \"doc\";`) in with_games!")?;
    let indent: String = lines[last]
        .chars()
        .take_while(|c| c.is_whitespace())
        .collect();
    let entry = format!(
        "{indent}{}::{{{}, {}}}, \"{}\", \"{}\";",
        game.krate, game.game, game.config, game.krate, game.doc
    );
    lines.insert(last + 1, entry);
    Ok(join(&lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORKSPACE: &str = "[workspace]\nresolver = \"3\"\nmembers = [\n    \"crates/a\",\n    \"xtask\",\n]\nexclude = [\"xtask/fifth-game\"]\n\n[workspace.package]\nversion = \"0.3.1\"\n\n[workspace.dependencies]\na = { path = \"crates/a\" }\nserde = \"1\"\n";

    #[test]
    fn the_workspace_gets_the_member_and_the_dependency() {
        let out = workspace_manifest(WORKSPACE, "qubic").unwrap();
        assert!(
            out.contains("    \"xtask\",\n    \"crates/qubic\",\n]\n"),
            "{out}"
        );
        assert!(out.contains(
            "[workspace.dependencies]\nqubic = { path = \"crates/qubic\", version = \"0.3.1\" }\na ="
        ));
        // Nothing else changes.
        assert_eq!(out.lines().count(), WORKSPACE.lines().count() + 2);
    }

    #[test]
    fn a_workspace_without_its_anchors_is_an_error_naming_them() {
        let err = workspace_manifest("[workspace]\nmembers = [\"a\"]\n", "q").unwrap_err();
        assert!(err.contains("[workspace.package]"), "{err}");
        let no_deps = WORKSPACE.replace("[workspace.dependencies]", "[dependencies]");
        let err = workspace_manifest(&no_deps, "q").unwrap_err();
        assert!(err.contains("[workspace.dependencies]"), "{err}");
    }

    const FACADE: &str = "[package]\nname = \"f\"\n\n[features]\ndefault = [\"all-games\"]\n# Every game.\nall-games = [\"a\", \"b\"]\na = [\"dep:a\"]\nb = [\"dep:b\"]\n\n[dependencies]\ncore.workspace = true\na = { workspace = true, optional = true }\n";

    #[test]
    fn the_facade_gets_the_optional_dependency_and_the_feature() {
        let (out, list) = game_features_manifest(FACADE, "qubic", &[]).unwrap();
        assert_eq!(list, "all-games");
        assert!(
            out.contains("all-games = [\"a\", \"b\", \"qubic\"]\n"),
            "{out}"
        );
        assert!(out.contains("b = [\"dep:b\"]\nqubic = [\"dep:qubic\"]\n\n[dependencies]"));
        assert!(out.contains("[dependencies]\nqubic = { workspace = true, optional = true }\n"));
        assert!(
            out.contains("default = [\"all-games\"]\n"),
            "default untouched"
        );
    }

    #[test]
    fn without_all_games_the_default_list_takes_the_game() {
        let old = FACADE
            .replace("default = [\"all-games\"]\n", "")
            .replace("all-games = [", "default = [");
        let also = ["variant-games/qubic".to_string()];
        let (out, list) = game_features_manifest(&old, "qubic", &also).unwrap();
        assert_eq!(list, "default");
        assert!(
            out.contains("default = [\"a\", \"b\", \"qubic\"]\n"),
            "{out}"
        );
        assert!(out.contains("qubic = [\"dep:qubic\", \"variant-games/qubic\"]\n"));
    }

    #[test]
    fn a_multi_line_feature_list_is_an_error() {
        let multi = FACADE.replace("all-games = [\"a\", \"b\"]", "all-games = [\n  \"a\",\n]");
        let err = game_features_manifest(&multi, "q", &[]).unwrap_err();
        assert!(err.contains("not a one-line array"), "{err}");
    }

    const LIST: &str = "/// doc\nmacro_rules! with_games {\n    ($callback:ident, ($($args:tt)*)) => {\n        $callback! {\n            ($($args)*)\n            a::{A, AConfig}, \"a\", \"Game A.\";\n            b_c::{Bc, BcConfig}, \"b-c\", \"Game \\\"B\\\".\";\n        }\n    };\n}\n\nmacro_rules! other {\n    x::{X, Y}, \"x\", \"not an entry of the list\";\n}\n";

    #[test]
    fn the_list_gets_one_line_after_its_last_entry() {
        let game = NewGame {
            krate: "qubic",
            game: "Qubic",
            config: "QubicConfig",
            doc: "Qubic.",
        };
        let out = game_list(LIST, &game).unwrap();
        let expected = "Game \\\"B\\\".\";\n            qubic::{Qubic, QubicConfig}, \"qubic\", \"Qubic.\";\n        }";
        assert!(out.contains(expected), "{out}");
        assert_eq!(out.lines().count(), LIST.lines().count() + 1);
        assert!(game_list("fn main() {}\n", &game).is_err());
    }
}
