//! Symmetries of the rules: mirroring the files (a ↔ h) and swapping the colours (ranks
//! flipped, White ↔ Black, impregnable fields swapped) map legal moves onto legal moves and
//! strength fields onto strength fields (CT-1, CT-2, CT-3 are symmetric).

use crate::common;

use chess_t::{Cell, ChessT, Seat};
use common::*;
use proptest::prelude::*;
use variant_core::Game;

fn mirror_cell(c: Cell, files: bool) -> Cell {
    if files {
        Cell::new(7 - c.file(), c.rank()).unwrap()
    } else {
        Cell::new(c.file(), 7 - c.rank()).unwrap()
    }
}

fn mirror_move(m: &str, files: bool) -> String {
    let from = mirror_cell(Cell::parse(&m[0..2]).unwrap(), files);
    let to = mirror_cell(Cell::parse(&m[2..4]).unwrap(), files);
    format!("{from}{to}{}", &m[4..])
}

fn mirror_cells(list: &str, files: bool) -> String {
    list.split(',')
        .filter(|s| !s.is_empty())
        .map(|s| mirror_cell(Cell::parse(s).unwrap(), files).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The position text with files mirrored, or with colours swapped.
fn mirror_text(text: &str, files: bool) -> String {
    let fields: Vec<&str> = text.split(' ').collect();
    let ranks: Vec<String> = fields[0]
        .split('/')
        .map(|r| {
            if files {
                r.chars().rev().collect()
            } else {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            }
        })
        .collect();
    if files {
        return format!(
            "{} {} {} {} {}",
            ranks.join("/"),
            fields[1],
            fields[2],
            fields[3],
            fields[4]
        );
    }
    let placement: Vec<String> = ranks.into_iter().rev().collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let rights = match fields[2] {
        "P" => "p",
        "p" => "P",
        r => r,
    };
    format!(
        "{} {side} {rights} {} {}",
        placement.join("/"),
        fields[3],
        fields[4]
    )
}

const CONFIGS: &[(&str, &str, &str)] = &[
    ("ruleset=t1-2024", "", ""),
    ("ruleset=chess-t-2020", "d4", "h5"),
    ("ruleset=t1-2021", "c3,e4", "b6"),
];

fn check(config_text: &str, wi: &str, bi: &str, game: &ChessT, files: bool) {
    let (mwi, mbi) = if files {
        (mirror_cells(wi, true), mirror_cells(bi, true))
    } else {
        (mirror_cells(bi, false), mirror_cells(wi, false))
    };
    let mirrored_config = format!("{config_text};white-impregnable={mwi};black-impregnable={mbi}");
    let mirrored = pos(&mirrored_config, &mirror_text(&game.to_text(), files));
    let mut expected: Vec<String> = moves(game).iter().map(|m| mirror_move(m, files)).collect();
    expected.sort();
    assert_eq!(
        moves(&mirrored),
        expected,
        "{} mirrored {}",
        game.to_text(),
        mirrored.to_text()
    );
    assert_eq!(
        mirrored
            .status()
            .winner()
            .map(|s| if files { s } else { Seat(1 - s.0) }),
        game.status().winner()
    );
    let (a, b) = (game.strength(), mirrored.strength());
    for cell in Cell::all() {
        let (w, k) = a.get(cell);
        let (mw, mk) = b.get(mirror_cell(cell, files));
        assert_eq!(
            if files { (mw, mk) } else { (mk, mw) },
            (w, k),
            "{cell} in {}",
            game.to_text()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn file_mirror_and_colour_swap(which in 0..CONFIGS.len(), choices in proptest::collection::vec(any::<u16>(), 0..80)) {
        let (c, wi, bi) = CONFIGS[which];
        let config_text = format!("{c};white-impregnable={wi};black-impregnable={bi}");
        let mut game = ChessT::new(&config(&config_text)).unwrap();
        for choice in choices {
            check(c, wi, bi, &game, true);
            check(c, wi, bi, &game, false);
            let list = moves(&game);
            if list.is_empty() {
                break;
            }
            game.play_text(&list[choice as usize % list.len()]).unwrap();
        }
    }
}
