//! The repository's documentation agrees with the perft data files of the game crates
//! (`crates/<game>/data/<game>.perft`): every count cited from a rules page appears on that
//! page (`docs/spec/<game>.md`), the tables of `docs/benchmarks.md` agree with the files, and
//! `docs/perft.md` is generated from them (`UPDATE_DOCS=1 cargo test -p variant-benches --test
//! benches docs_perft_data` rewrites it). These read the workspace's `docs/`, so they live in this
//! unpublished crate rather than in a published one, which must build and test from its own
//! package.

use std::fmt::Write as _;
use std::path::PathBuf;

use variant_games::AnyGame;
use variant_games::perft_data::{PerftEntry, PerftFile, files};
use variant_games::variant_core::Game;

fn all() -> &'static [PerftFile<'static>] {
    files().unwrap_or_else(|(game, e)| panic!("crates/{game}/data/{game}.perft: {e}"))
}

fn build(game: &str, entry: &PerftEntry<'_>) -> AnyGame {
    let built = match entry.position {
        None => variant_games::new_game(game, entry.config),
        Some(text) => variant_games::from_text(game, entry.config, text),
    };
    built.unwrap_or_else(|e| panic!("{game} `{}`: {e}", entry.id))
}

/// `1976792` as the docs write it: `1 976 792`.
fn spaced(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

fn docs(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(name)
}

fn read_docs(name: &str) -> String {
    std::fs::read_to_string(docs(name)).unwrap_or_else(|e| panic!("docs/{name}: {e}"))
}

/// The authoritative rules text of a game: its page in `docs/spec/`, or, for a game without
/// one (Qubic, whose players' page is its authoritative text), its rules page in `docs/rules/`.
fn rules_text(game: &str) -> String {
    std::fs::read_to_string(docs(&format!("spec/{game}.md")))
        .unwrap_or_else(|_| read_docs(&format!("rules/{game}.md")))
}

/// Every count the files cite from a rules page (C3 reference counts, D3-40, B4-52, CT-52, and
/// the FIDE start counts C3-40 quotes) is printed on that page.
#[test]
fn counts_cited_from_a_rules_page_are_on_the_page() {
    let mut cited = 0;
    for file in all() {
        let page = rules_text(file.game);
        for entry in &file.entries {
            for count in &entry.counts {
                // A count derived by hand is derived in the data file's comment, not printed on
                // the page.
                let from_page = !count.source.starts_with("FIDE:")
                    && !count.computed_here()
                    && !count.source.contains("by hand")
                    || entry.id == "fide-start" && count.depth <= 6;
                if from_page {
                    assert!(
                        page.contains(&spaced(count.nodes)),
                        "{}.perft line {}: {} is not on the rules of {} (docs/spec/ or docs/rules/)",
                        file.game,
                        count.line,
                        spaced(count.nodes),
                        file.game
                    );
                    cited += 1;
                }
            }
        }
    }
    assert!(cited >= 80, "{cited}");
}

/// The text of one cell: the first `code` span, or the whole cell.
fn code_span(cell: &str) -> &str {
    cell.split('`').nth(1).unwrap_or(cell)
}

fn number(cell: &str) -> Option<u64> {
    let digits: String = cell.chars().filter(|c| !c.is_whitespace()).collect();
    digits.parse().ok()
}

/// Rows of the markdown tables of `text` whose header names the columns `game`,
/// `configuration`, `depth` and `nodes`: `(line, game, configuration, depth, nodes)`.
fn perft_rows(text: &str) -> Vec<(usize, String, String, u32, u64)> {
    let mut rows = Vec::new();
    let mut columns: Option<[usize; 4]> = None;
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if !line.starts_with('|') {
            columns = None;
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if cells.iter().all(|c| c.chars().all(|ch| "-: ".contains(ch))) {
            continue;
        }
        let Some([g, c, d, n]) = columns else {
            let find = |name: &str| cells.iter().position(|c| *c == name);
            columns = (|| {
                Some([
                    find("game")?,
                    find("configuration")?,
                    find("depth")?,
                    find("nodes")?,
                ])
            })();
            continue;
        };
        let config = if cells[c].starts_with("default") {
            String::new()
        } else {
            code_span(cells[c]).to_string()
        };
        let depth = number(cells[d]).unwrap_or_else(|| panic!("line {}: depth", index + 1));
        let nodes = number(cells[n]).unwrap_or_else(|| panic!("line {}: nodes", index + 1));
        rows.push((index + 1, cells[g].to_string(), config, depth as u32, nodes));
    }
    rows
}

/// The count the files give for this game, configuration and depth from the start position
/// (entries are matched by the game they build, so `heights=8` finds the default entry).
fn lookup(game: &str, config: &str, depth: u32) -> Option<u64> {
    let file = all().iter().find(|f| f.game == game)?;
    // Both: the position text does not carry every rule switch (checkers3d's capture rule).
    let key = |g: &AnyGame| (g.to_text(), g.config().to_string());
    let wanted = key(&variant_games::new_game(game, config).ok()?);
    file.entries
        .iter()
        .filter(|e| e.position.is_none())
        .filter(|e| key(&build(game, e)) == wanted)
        .find_map(|e| e.nodes(depth))
}

/// Every perft table of docs/benchmarks.md (columns game, configuration, depth, nodes) gives
/// the count of the data files.
#[test]
fn benchmarks_tables_agree_with_the_files() {
    let text = read_docs("benchmarks.md");
    let rows = perft_rows(&text);
    assert!(rows.len() >= 20, "{}", rows.len());
    for (line, game, config, depth, nodes) in rows {
        assert_eq!(
            lookup(&game, &config, depth),
            Some(nodes),
            "docs/benchmarks.md line {line}: {game} `{config}` perft {depth}"
        );
    }
}

/// docs/perft.md as generated from the files.
fn perft_page() -> String {
    let mut out = String::from(
        "# Perft reference counts\n\n\
         Generated from the data files `crates/<game>/data/<game>.perft` (one per game, format in\n\
         `crates/variant-core/src/perft_data.rs`) by\n\
         `UPDATE_DOCS=1 cargo test -p variant-benches --test benches docs_perft_data`; the same test\n\
         fails when this page and the files disagree. Each count names its source: a published table\n\
         (FIDE: chessprogramming.org \"Perft Results\"), a rules page of `docs/spec/` with its rule id,\n\
         or `computed here` — this program's own count, taken twice (two runs with different\n\
         hash tables, or a plain and a hashed run; commands in docs/benchmarks.md).\n\
         `crates/variant-games/tests/games/perft_data.rs` checks every count up to a node budget.\n",
    );
    for file in all() {
        let _ = write!(out, "\n## {}\n\n", file.game);
        out.push_str("| entry | configuration | position | depth | nodes | source |\n");
        out.push_str("| --- | --- | --- | ---: | ---: | --- |\n");
        for entry in &file.entries {
            let config = if entry.config.is_empty() {
                "default".to_string()
            } else {
                format!("`{}`", entry.config)
            };
            let position = entry
                .position
                .map_or("start".to_string(), |p| format!("`{p}`"));
            for count in &entry.counts {
                let _ = writeln!(
                    out,
                    "| {} | {config} | {position} | {} | {} | {} |",
                    entry.id,
                    count.depth,
                    spaced(count.nodes),
                    count.source.replace('|', "\\|")
                );
            }
        }
    }
    out
}

#[test]
fn docs_perft_page_is_generated_from_the_files() {
    let expected = perft_page();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(docs("perft.md"), &expected).unwrap();
    }
    let actual = std::fs::read_to_string(docs("perft.md")).unwrap_or_default();
    assert!(
        actual == expected,
        "docs/perft.md differs from crates/*/data/*.perft: \
         run UPDATE_DOCS=1 cargo test -p variant-benches --test benches docs_perft_data"
    );
}
