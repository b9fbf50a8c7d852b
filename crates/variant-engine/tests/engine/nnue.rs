//! The learned evaluation's inputs and its incremental first layer, for every game of the
//! registry:
//!
//! - the board codes the engine writes from its bitboards at every node equal the codes read
//!   from the game's picture (`Observation::board_codes`, the path the Python package and the
//!   page use), position by position along random games;
//! - an accumulator brought from one position to the next by the cells that changed equals
//!   one computed afresh, after random move sequences from the start and from every test
//!   position (captures, promotions, draughts multi-captures, chess3d height removals, Bishops
//!   eliminations; the moves that end a test position's game are played too);
//! - a net file that is cut off, corrupt or another game's is refused with an error that says
//!   why, never a panic.

use proptest::prelude::*;
use variant_engine::nnue::{self, Accumulator, Network};
use variant_games::variant_core::planes::Observation;
use variant_games::variant_core::zobrist::splitmix64;
use variant_games::{AnyGame, Game, registry};

/// The games of the registry with a learned-evaluation layout (optional per game: a game
/// without one, such as Qubic, is searched with its hand-written evaluation only).
fn games_with_a_layout() -> Vec<&'static str> {
    let names: Vec<&'static str> = registry::games()
        .iter()
        .map(|info| info.name)
        .filter(|&name| {
            nnue::layout_of(&variant_games::new_game(name, "").expect("the default")).is_some()
        })
        .collect();
    assert!(
        !names.is_empty(),
        "no game of the build has a learned-evaluation layout"
    );
    names
}

/// The starting points of every game with a layout: each test configuration's start and each
/// test position.
fn starts() -> Vec<(String, AnyGame)> {
    let mut out = Vec::new();
    for name in games_with_a_layout() {
        let file = registry::test_positions(name).expect("a test position file");
        out.push((
            format!("{} start", name),
            variant_games::new_game(name, "").expect("the default"),
        ));
        for entry in &file.entries {
            let game = match entry.position {
                Some(text) => variant_games::from_text(name, entry.config, text),
                None => variant_games::new_game(name, entry.config),
            }
            .unwrap_or_else(|e| panic!("{} `{}`: {e}", name, entry.id));
            out.push((format!("{} `{}`", name, entry.id), game));
        }
    }
    out
}

fn codes(game: &AnyGame, cells: usize) -> Vec<u8> {
    let mut codes = vec![0; cells];
    nnue::codes_of(game, &mut codes);
    codes
}

/// Checks the codes and the accumulator along a random game of at most `plies` plies from
/// `start`; returns how many plies took pieces off the board (captures, multi-captures,
/// removals).
fn walk(what: &str, start: &AnyGame, seed: u64, plies: usize) -> usize {
    let layout = nnue::layout_of(start).unwrap_or_else(|| panic!("{what}: no layout"));
    let net = Network::random(&layout, "", 8, seed);
    let mut game = start.clone();
    let mut acc = Accumulator::new(&net, &layout, &codes(&game, layout.cells()));
    let mut state = seed;
    let mut big = 0;
    for ply in 0..=plies {
        let now = codes(&game, layout.cells());
        // The picture's codes, where the picture has the layout's shape (a chess3d box that
        // lost a height draws fewer boards; its layout keeps the removed cells empty).
        let picture = game.board_codes().expect("a picture");
        if picture.shape == layout.shape() {
            let picture: Vec<u8> = picture.codes.iter().map(|&c| c as u8).collect();
            assert_eq!(
                now, picture,
                "{what}, ply {ply}: bitboard codes differ from the picture"
            );
        }
        let pieces = |c: &[u8]| c.iter().filter(|&&c| c != 0).count();
        big += usize::from(pieces(&now) < pieces(acc.codes()));
        acc.update(&net, &layout, &now);
        assert_eq!(
            acc,
            Accumulator::new(&net, &layout, &now),
            "{what}, ply {ply}: the updated accumulator differs from a fresh one"
        );
        let moves = game.legal_moves();
        if moves.is_empty() || game.status().is_over() {
            break;
        }
        let mv = moves[(splitmix64(&mut state) % moves.len() as u64) as usize];
        game.play_unchecked(mv);
    }
    big
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn incremental_equals_fresh_along_random_games(seed in any::<u64>()) {
        for (what, start) in starts() {
            walk(&what, &start, seed, 60);
        }
    }
}

#[test]
fn long_games_take_pieces_in_every_game() {
    // Random games to the end (or 400 plies) from each game's default start: every game with a
    // learned evaluation meets moves that take pieces off the board, and the accumulator
    // follows them.
    for name in games_with_a_layout() {
        let start = variant_games::new_game(name, "").expect("the default");
        let big: usize = (0..3).map(|seed| walk(name, &start, seed, 400)).sum();
        assert!(big > 0, "{name}: no move took a piece");
    }
}

#[test]
#[cfg(feature = "chess3d")]
fn a_removed_height_is_followed() {
    // The rules page's example of C3-30: White's rook takes on height 3, height 2 empties and
    // goes, height 3 becomes height 2 (the layout keeps the box of 3 heights; the cells of the
    // highest stay empty).
    let text = "8/8/8/8/8/8/8/4K3|8/8/8/7R/8/8/8/8|4k3/8/8/7n/8/8/8/8 w - - 0 1 1,3";
    let mut game = variant_games::from_text("chess3d", "heights=3", text).unwrap();
    let layout = nnue::layout_of(&game).unwrap();
    let net = Network::random(&layout, "heights=3", 16, 11);
    let mut acc = Accumulator::new(&net, &layout, &codes(&game, 192));
    game.play_move_text("h5@2h5@3").unwrap();
    let after = codes(&game, 192);
    // Rook on h5 of the new height 2 (cell 64 + 4·8 + 7), the Black king on e8 there.
    assert_eq!(after[64 + 39], 3);
    assert_eq!(after[64 + 60], 7);
    assert!(after[128..].iter().all(|&c| c == 0));
    acc.update(&net, &layout, &after);
    assert_eq!(acc, Accumulator::new(&net, &layout, &after));
    // The same position read from its text is a box of 2 heights; the net of the 3-height box
    // reads it widened, with the same codes (the third height empty) and so the same value.
    let reread = variant_games::from_text("chess3d", "", &game.to_text()).unwrap();
    let small = nnue::layout_of(&reread).unwrap();
    assert_eq!(small.cells(), 128);
    let wide = net.layout_for(&small).unwrap();
    assert_eq!(wide, layout);
    let mut padded = codes(&reread, 128);
    padded.resize(192, 0);
    assert_eq!(padded, after);
    // A box taller than the net's is no fit.
    let taller = Network::random(&small, "", 4, 1);
    assert!(taller.layout_for(&layout).is_err());
}

#[test]
fn every_seat_sees_its_own_army_alike_at_the_start() {
    // The starts are symmetric: each seat's view of its own army (and of the others, in seat
    // order from it) is the same, so a net's value from each seat's point of view is the same.
    for name in games_with_a_layout() {
        let game = variant_games::new_game(name, "").unwrap();
        let layout = nnue::layout_of(&game).unwrap();
        let net = Network::random(&layout, "", 16, 5);
        let start = codes(&game, layout.cells());
        let acc = Accumulator::new(&net, &layout, &start);
        let values: Vec<i32> = (0..layout.seats()).map(|s| acc.evaluate(&net, s)).collect();
        assert!(
            values.windows(2).all(|w| w[0] == w[1]),
            "{name}: seats see the start differently: {values:?}"
        );
    }
}

#[test]
#[cfg(all(feature = "chess3d", feature = "checkers3d"))]
fn bad_net_files_are_refused_with_the_reason() {
    use variant_engine::nnue::NetError;
    let game = variant_games::new_game("chess3d", "heights=1").unwrap();
    let layout = nnue::layout_of(&game).unwrap();
    let bytes = Network::random(&layout, "heights=1", 4, 1).to_bytes();
    assert!(Network::from_bytes(&bytes).is_ok());
    // Every cut-off prefix is an error (and none panics).
    for len in 0..bytes.len() {
        let err = Network::from_bytes(&bytes[..len]).expect_err("a prefix is no net");
        assert!(
            matches!(err, NetError::Magic | NetError::Truncated { .. }),
            "prefix of {len} bytes: {err}"
        );
    }
    // A changed weight: the checksum says so.
    let mut corrupt = bytes.clone();
    corrupt[200] ^= 0x40;
    let err = Network::from_bytes(&corrupt).unwrap_err();
    assert!(
        err.to_string().starts_with("the net file is corrupt"),
        "{err}"
    );
    // Bytes after the end.
    let mut long = bytes.clone();
    long.push(0);
    assert!(matches!(
        Network::from_bytes(&long),
        Err(NetError::Trailing(1))
    ));
    // Another version.
    let mut other = bytes.clone();
    other[4] = 9;
    assert!(matches!(
        Network::from_bytes(&other),
        Err(NetError::Version(9))
    ));
    // Another game's net.
    let draughts = variant_games::new_game("checkers3d", "heights=1").unwrap();
    let net = Network::from_bytes(&bytes).unwrap();
    let err = net.fits(&nnue::layout_of(&draughts).unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the net is for chess3d on 64 cells (1x8x8, 6 kinds, 2 seats, trained with \
         \"heights=1\"), not for checkers3d on 64 cells (1x8x8, 2 kinds, 2 seats)"
    );
}
