//! The rule ids the test position files cite (`crates/<game>/data/<game>.positions`, the
//! `rule` line of each configuration and win in one) are rules of the game: each id is on the
//! game's rules page (`docs/rules/<game>.md`) or in the authoritative text it cites
//! (`docs/spec/<game>.md`). This reads the workspace's `docs/`, so it lives in this unpublished
//! crate (see docs_perft_data.rs).

use std::path::PathBuf;

use variant_games::registry;

fn read_docs(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("docs/{name}: {e}"))
}

/// The rule ids in `text`: an upper-case letter, letters or digits, `-`, digits (`C3-21`,
/// `B4-13`, `CT-35`).
fn rule_ids(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|word| {
            word.split_once('-').is_some_and(|(head, number)| {
                head.starts_with(|c: char| c.is_ascii_uppercase())
                    && head
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                    && !number.is_empty()
                    && number.chars().all(|c| c.is_ascii_digit())
            })
        })
        .collect()
}

#[test]
fn rule_ids_are_read_as_written() {
    assert_eq!(
        rule_ids("C3-21 checkmate, C3-12 barrier; B4-5/CT-35 x-ray"),
        ["C3-21", "C3-12", "B4-5", "CT-35"]
    );
}

#[test]
fn every_cited_rule_is_on_the_game_s_pages() {
    let mut cited = 0;
    for info in registry::games() {
        let file = registry::test_positions(info.name).expect("a test position file");
        let pages = format!(
            "{}\n{}",
            read_docs(&format!("rules/{}.md", info.name)),
            // The authoritative text, for the games that have one (Qubic's is its rules page).
            std::fs::read_to_string(
                PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                    .join(format!("../docs/spec/{}.md", info.name))
            )
            .unwrap_or_default()
        );
        for entry in &file.entries {
            let ids = rule_ids(entry.rule);
            assert!(
                !ids.is_empty(),
                "{} `{}` (line {}): the rule line cites no rule id: {:?}",
                info.name,
                entry.id,
                entry.line,
                entry.rule
            );
            for id in ids {
                // The id as the pages write it, not as the start of a longer one (C3-1 in C3-12).
                let found = pages.match_indices(id).any(|(at, _)| {
                    !pages[at + id.len()..].starts_with(|c: char| c.is_ascii_digit())
                });
                assert!(
                    found,
                    "{} `{}` (line {}): {id} is not on docs/rules/{}.md or docs/spec/{}.md",
                    info.name, entry.id, entry.line, info.name, info.name
                );
                cited += 1;
            }
        }
    }
    assert!(cited > 0);
}
