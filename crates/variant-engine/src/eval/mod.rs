//! One evaluation per game, each implementing [`SearchGame`](crate::SearchGame) for its game
//! type. docs/engine.md describes the terms and where their values come from.
//!
//! Each game of the facade's list has its evaluation here, in the file named after the game's
//! crate (`eval/chess3d.rs`, `eval/chess_t.rs`, …), compiled with the game's Cargo feature:
//! the modules are declared from the list, so a new game brings its file and nothing else.

/// Declares the evaluation module of each game of the list.
macro_rules! evaluation_modules {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        $(
            #[cfg(feature = $feature)]
            mod $krate;
        )*
    };
}

variant_games::with_games!(evaluation_modules, ());

pub mod params;

/// Chebyshev distance of a coordinate from the middle of a line of `len` cells: 0 on the two
/// central cells (or the one), growing by one per step outwards.
#[cfg(any(feature = "chess3d", feature = "checkers3d"))]
pub(crate) fn off_centre(v: i32, len: i32) -> i32 {
    (2 * v - (len - 1)).abs() / 2
}

/// Linear interpolation between a value for one height and one for eight heights.
#[cfg(any(feature = "chess3d", feature = "checkers3d"))]
pub(crate) fn by_heights(one: i32, eight: i32, heights: u8) -> i32 {
    let h = i32::from(heights.clamp(1, 8)) - 1;
    one + (eight - one) * h / 7
}

#[cfg(all(test, any(feature = "chess3d", feature = "checkers3d")))]
mod tests {
    use super::*;

    #[test]
    fn off_centre_counts_steps_from_the_middle() {
        // Eight files a..h: d and e are central (0), a and h three steps out.
        let eight: Vec<i32> = (0..8).map(|v| off_centre(v, 8)).collect();
        assert_eq!(eight, [3, 2, 1, 0, 0, 1, 2, 3]);
        // Three heights: the middle one is central.
        let three: Vec<i32> = (0..3).map(|v| off_centre(v, 3)).collect();
        assert_eq!(three, [1, 0, 1]);
        assert_eq!(off_centre(0, 1), 0);
    }

    #[test]
    fn by_heights_interpolates() {
        assert_eq!(by_heights(300, 400, 1), 300);
        assert_eq!(by_heights(300, 400, 8), 400);
        assert_eq!(by_heights(300, 370, 2), 310);
    }
}

#[cfg(test)]
mod listed {
    /// An evaluation file is compiled only for a game of the facade's list: one that is not in
    /// the list is silently left out of the build, and its game would be unknown.
    #[test]
    fn every_evaluation_file_is_a_listed_game() {
        let listed = variant_games::games::LISTED;
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/eval");
        let files = std::fs::read_dir(&dir).expect("the engine's src/eval directory");
        for file in files.flatten() {
            let name = file.file_name().to_string_lossy().into_owned();
            let Some(game) = name.strip_suffix(".rs") else {
                continue; // a directory of an evaluation's submodules
            };
            assert!(
                game == "mod" || listed.iter().any(|&(krate, _)| krate == game),
                "src/eval/{name} is the evaluation of no game of the facade's list: add the \
                 game's line to with_games! in crates/variant-games/src/games.rs \
                 (docs/architecture.md, \"Adding a game\")"
            );
        }
    }
}
