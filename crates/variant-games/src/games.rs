//! The game list: the one place that names the games of this library.
//!
//! Every per-game enum ([`TypedGame`](crate::TypedGame), [`AnyMove`](crate::AnyMove),
//! [`AnyConfig`](crate::AnyConfig)), every dispatch over them, the names, the records, the
//! perft data, the registry, the re-exports and the engine's per-game searcher are generated
//! from [`with_games!`](crate::with_games) below. A game joins with one line here (and its
//! crate as an optional dependency and a feature of the same name in `Cargo.toml`).
//!
//! A game whose feature is off keeps its variant in the enums, holding [`NotBuilt`] (a type
//! with no value): every match over a per-game enum names every game of the list, so a game
//! missing from a dispatch is a compile error in every build, and a crate that matches on
//! [`TypedGame`](crate::TypedGame) (the engine) compiles whichever games the facade was built
//! with.

/// The value of a game left out of this build by its Cargo feature: no value of this type
/// exists, so the variant of a game that is not built can never be made.
///
/// # Example
///
/// ```
/// use variant_games::games::NotBuilt;
/// fn impossible(never: NotBuilt) -> u32 {
///     match never {}
/// }
/// let _ = impossible;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotBuilt {}

/// Calls the macro `$callback` with the game list, after `$args` (in parentheses, passed on
/// untouched): one entry per game, in registry order, of the form
/// `crate::{GameType, ConfigType}, "feature", "doc line";` — the game's crate, its position
/// and configuration types, the Cargo feature that builds it (the game's name), and one line
/// saying what it is.
///
/// The list is for the crates of this workspace (the facade, the engine); it is not a stable
/// interface.
///
/// # Example
///
/// ```
/// macro_rules! count {
///     (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
///         [$($feature),*].len()
///     };
/// }
/// assert_eq!(variant_games::with_games!(count, ()), 4);
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! with_games {
    ($callback:ident, ($($args:tt)*)) => {
        $callback! {
            ($($args)*)
            chess3d::{Chess3d, Chess3dConfig}, "chess3d", "Chess in the parallelepiped.";
            checkers3d::{Checkers3d, Checkers3dConfig}, "checkers3d", "Russian draughts in the parallelepiped.";
            bishops4p::{Bishops, BishopsConfig}, "bishops4p", "\"Bishops\", chess for four.";
            chess_t::{ChessT, ChessTConfig}, "chess-t", "Chess-T.";
        }
    };
}

/// Refuses a build of the facade without any game: it could make no game at all.
macro_rules! require_a_game {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        #[cfg(not(any($(feature = $feature),*)))]
        compile_error!(concat!(
            "variant-games is built without any game: turn on at least one of its game features (",
            $($feature, " ",)*
            ")"
        ));
    };
}

with_games!(require_a_game, ());
