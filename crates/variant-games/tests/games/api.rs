//! The README's quick start, in the same shape for all four games (the acceptance): a
//! typed position from `Default`, moves as values, text round trips through `Display`/`FromStr`,
//! configurations from text, and the same game chosen at run time as an `AnyGame` counted by
//! the generic perft. Every expected count comes from the rules pages (C3-40 FIDE counts, the
//! D3-40 Russian draughts table, B4-52 and CT-52 reference counts), not from this code.

use variant_games::prelude::*;

/// The typed half: start (and its first-move count when a rules page gives it), a move by
/// text, the text round trip, and a configuration from text checked by a reference perft count.
fn typed_round<G>(
    first_moves: Option<usize>,
    config_text: &str,
    depth: u32,
    nodes: u64,
) -> Result<(), variant_games::Error>
where
    G: Game
        + Default
        + std::fmt::Display
        + std::str::FromStr<Err = variant_games::PositionError>
        + PartialEq,
    G::Config: std::str::FromStr<Err = variant_games::ConfigError>,
{
    let mut game = G::default();
    if let Some(n) = first_moves {
        assert_eq!(game.legal_moves().len(), n, "{}", G::NAME);
    }
    let first = game.legal_moves()[0];
    let text = game.format_move(first);
    let mv = game.parse_move(&text)?;
    assert_eq!(mv, first);
    game.try_play(mv)?;
    let again: G = game.to_string().parse()?;
    assert_eq!(again, game, "{}: text round trip", G::NAME);
    let config: G::Config = config_text.parse()?;
    let configured = G::new(&config)?;
    assert_eq!(
        variant_games::perft(&configured, depth),
        nodes,
        "{} {config_text}",
        G::NAME
    );
    Ok(())
}

/// The run-time half: the same game by name, perft through `AnyGame`, a move as a value.
fn any_round(name: &str, config: &str, depth: u32, nodes: u64) -> Result<(), variant_games::Error> {
    let mut any: AnyGame = variant_games::new_game(name, config)?;
    assert_eq!(
        variant_games::perft(&any, depth),
        nodes,
        "{name} {config} perft {depth}"
    );
    // `perft` counts on the typed game held (`Game::perft_count`); the full count plays every
    // move through `AnyGame` itself, so this checks AnyGame's own list, copy and play.
    assert_eq!(
        variant_games::variant_core::perft::perft_full(&any, depth),
        nodes,
        "{name} {config} perft {depth}, every move played through AnyGame"
    );
    let first: AnyMove = any.legal_moves()[0];
    assert!(!any.format_move(first).is_empty());
    any.try_play(first)?;
    let again = variant_games::from_text(name, "", &any.to_string())?;
    assert_eq!(again, any);
    assert_eq!(any.status(), Status::Ongoing);
    Ok(())
}

#[test]
#[cfg(feature = "chess3d")]
fn chess3d_as_the_readme_shows() -> Result<(), variant_games::Error> {
    // The 8-height start has 122 first moves (C3-40 reference table); with one height the game
    // is FIDE chess (C3-40): 20 first moves, 8 902 nodes at depth 3.
    typed_round::<Chess3d>(Some(122), "heights=1", 1, 20)?;
    any_round("chess3d", "heights=1", 3, 8_902)
}

#[test]
#[cfg(feature = "checkers3d")]
fn checkers3d_as_the_readme_shows() -> Result<(), variant_games::Error> {
    // D3-40: Russian draughts at one height: 7 first moves, 302 nodes at depth 3.
    typed_round::<Checkers3d>(None, "heights=1;capture=free", 1, 7)?;
    any_round("checkers3d", "heights=1", 3, 302)
}

#[test]
#[cfg(feature = "bishops4p")]
fn bishops_as_the_readme_shows() -> Result<(), variant_games::Error> {
    // B4-52: 433 629 nodes at depth 4 for four players, 636 432 for three; White opens with
    // 26 moves (B4-53).
    typed_round::<Bishops>(Some(26), "players=3", 4, 636_432)?;
    any_round("bishops4p", "", 4, 433_629)
}

#[test]
#[cfg(feature = "chess-t")]
fn chess_t_as_the_readme_shows() -> Result<(), variant_games::Error> {
    // CT-52: the t1-2024 start, 13 923 834 nodes at depth 5 (run through AnyGame below); the
    // chess-t-2020 ruleset, 1 047 027 at depth 4.
    typed_round::<ChessT>(None, "ruleset=chess-t-2020", 4, 1_047_027)?;
    any_round("chess-t", "", 5, 13_923_834)
}

#[test]
#[cfg(feature = "chess3d")]
fn configurations_are_equal_however_they_were_built() -> Result<(), variant_games::Error> {
    // The same game said twice: explicit default keys and the empty text.
    let a: Chess3dConfig = "heights=8;white-base=1;black-base=8".parse()?;
    let b: Chess3dConfig = "".parse()?;
    assert_eq!(a, b);
    assert_eq!(a.to_string(), "");
    let c: Chess3dConfig = "heights=2".parse()?;
    let d: Chess3dConfig = c.to_string().parse()?;
    assert_eq!(c, d);
    // A bad key is a typed error naming the key.
    let e = "colour=blue".parse::<Chess3dConfig>().unwrap_err();
    assert!(
        matches!(e, variant_games::ConfigError::UnknownKey { .. }),
        "{e}"
    );
    Ok(())
}

#[test]
#[cfg(all(feature = "chess3d", feature = "checkers3d"))]
fn errors_are_typed_and_positions_unchanged() -> Result<(), variant_games::Error> {
    let mut any = variant_games::new_game("chess3d", "heights=1")?;
    let before = any.clone();
    let e = any.parse_move("e2e5").unwrap_err();
    assert!(matches!(e, variant_games::MoveError::Illegal { .. }), "{e}");
    assert!(matches!(
        any.parse_move("zz"),
        Err(variant_games::MoveError::Malformed { .. })
    ));
    // A move of another game is refused by try_play and leaves the position as it was.
    let draughts = variant_games::new_game("checkers3d", "heights=1")?;
    let foreign = draughts.legal_moves()[0];
    assert!(!any.is_legal(foreign));
    assert!(any.try_play(foreign).is_err());
    assert_eq!(any, before);
    assert!(matches!(
        variant_games::new_game("go", ""),
        Err(variant_games::Error::UnknownGame { .. })
    ));
    let mut history = History::new(any);
    assert!(matches!(
        history.undo(),
        Err(variant_games::Error::Action(
            variant_games::ActionError::NothingToUndo
        ))
    ));
    Ok(())
}
