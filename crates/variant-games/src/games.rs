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
/// assert_eq!(variant_games::with_games!(count, ()), variant_games::registry::names().len());
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
            qubic::{Qubic, QubicConfig}, "qubic", "Qubic, tic-tac-toe in the 4×4×4 box.";
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

/// Refuses, when the facade is compiled, a game of the list that does not keep the contract of
/// a game crate ([`variant_core::GameCrate`]: the compiler names the trait it lacks), or whose
/// move-code tag ([`MoveCode::CODE_TAG`](variant_core::codec::MoveCode::CODE_TAG)) is outside
/// 1 to 15 or taken by another game of the list (a C program tells the games' move values apart
/// by it).
macro_rules! check_games {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        const _: () = {
            const fn keeps_the_contract<G: variant_core::GameCrate>() {}
            $(
                #[cfg(feature = $feature)]
                keeps_the_contract::<$krate::$game>();
            )*
            let tags: &[u64] = &[$(
                #[cfg(feature = $feature)]
                <$krate::$game as variant_core::codec::MoveCode>::CODE_TAG,
            )*];
            let mut i = 0;
            while i < tags.len() {
                assert!(
                    tags[i] >= 1 && tags[i] <= 15,
                    "a game's move-code tag (MoveCode::CODE_TAG) must be 1 to 15"
                );
                let mut j = 0;
                while j < i {
                    assert!(
                        tags[i] != tags[j],
                        "two games of the list share a move-code tag (MoveCode::CODE_TAG): \
                         give the new game the next free number (docs/architecture.md, \
                         \"Adding a game\", lists the numbers taken)"
                    );
                    j += 1;
                }
                i += 1;
            }
        };
    };
}

with_games!(check_games, ());

/// A computation over the type of a game of the list chosen by name at run time, without a
/// value of the game (a fuzz target's or a test's generic code that makes its own positions):
/// [`visit_type`] runs it. [`TypedVisitor`](crate::TypedVisitor) is the same for a game held.
///
/// # Example
///
/// ```
/// use variant_games::GameCrate;
/// use variant_games::games::{GameTypeVisitor, visit_type};
///
/// struct Seats;
/// impl GameTypeVisitor for Seats {
///     type Output = usize;
///     fn visit<G: GameCrate>(self) -> usize {
///         G::default().seat_count()
///     }
/// }
/// assert_eq!(visit_type("bishops4p", Seats), Some(4));
/// assert_eq!(visit_type("go", Seats), None);
/// ```
pub trait GameTypeVisitor {
    /// What the computation gives.
    type Output;
    /// Runs the computation with game type `G`.
    fn visit<G: variant_core::GameCrate>(self) -> Self::Output;
}

/// The dispatch of [`visit_type`], from the game list.
macro_rules! visit_type_arms {
    (($name:expr, $visitor:expr) $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {{
        $(
            #[cfg(feature = $feature)]
            if $name == <$krate::$game as variant_core::Game>::NAME {
                return Some($visitor.visit::<$krate::$game>());
            }
        )*
        None
    }};
}

/// Runs `visitor` with the type of the game named `name`; `None` for a name this build does
/// not serve.
///
/// # Example
///
/// ```
/// use variant_games::GameCrate;
/// use variant_games::games::{GameTypeVisitor, visit_type};
///
/// struct Name;
/// impl GameTypeVisitor for Name {
///     type Output = &'static str;
///     fn visit<G: GameCrate>(self) -> &'static str {
///         G::NAME
///     }
/// }
/// assert_eq!(visit_type("qubic", Name), Some("qubic"));
/// ```
pub fn visit_type<V: GameTypeVisitor>(name: &str, visitor: V) -> Option<V::Output> {
    with_games!(visit_type_arms, (name, visitor))
}

/// The Cargo features (game names) of the games this build of the facade holds, in list
/// order.
macro_rules! built_features {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        &[$(
            #[cfg(feature = $feature)]
            $feature,
        )*]
    };
}

/// The features (game names) of the games this build of the facade was compiled with, in list
/// order: what a crate that dispatches over [`TypedGame`](crate::TypedGame) with games of its
/// own (the engine) checks at compile time against its own features, with [`is_built`].
///
/// # Example
///
/// ```
/// assert!(variant_games::games::BUILT.contains(&"chess-t"));
/// assert_eq!(variant_games::games::BUILT.len(), variant_games::registry::names().len());
/// ```
pub const BUILT: &[&str] = with_games!(built_features, ());

/// Whether this build of the facade holds the game of feature `feature`; usable in constants,
/// so a dependent crate can refuse to compile when the facade holds a game it does not serve.
///
/// # Example
///
/// ```
/// const HAS_CHESS_T: bool = variant_games::games::is_built("chess-t");
/// assert!(HAS_CHESS_T);
/// assert!(!variant_games::games::is_built("go"));
/// ```
pub const fn is_built(feature: &str) -> bool {
    let mut i = 0;
    while i < BUILT.len() {
        if const_str_eq(BUILT[i], feature) {
            return true;
        }
        i += 1;
    }
    false
}

/// `a == b`, in a constant.
const fn const_str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The crate names (as Rust identifiers) and features of every game of the list.
macro_rules! all_listed {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        &[$((stringify!($krate), $feature),)*]
    };
}

/// Every game of the list, built or not, as its crate's name in Rust (`chess_t`) and its
/// feature (`chess-t`): what the workspace's tests compare with the game crates and the
/// engine's evaluation files they find.
///
/// # Example
///
/// ```
/// use variant_games::games::{BUILT, LISTED};
/// assert!(LISTED.contains(&("chess_t", "chess-t")));
/// assert!(BUILT.iter().all(|b| LISTED.iter().any(|&(_, f)| f == *b)));
/// ```
pub const LISTED: &[(&str, &str)] = with_games!(all_listed, ());

#[cfg(test)]
mod tests {
    use super::LISTED;

    /// A game crate of the workspace (a directory `crates/<name>` holding
    /// `data/<name>.perft`) that is missing from the list is served by no frontend.
    #[test]
    fn every_game_crate_of_the_workspace_is_in_the_list() {
        let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let Ok(dirs) = std::fs::read_dir(&crates) else {
            return; // a packaged crate, outside the workspace
        };
        for dir in dirs.flatten() {
            let name = dir.file_name().to_string_lossy().into_owned();
            if !dir
                .path()
                .join("data")
                .join(format!("{name}.perft"))
                .is_file()
            {
                continue;
            }
            assert!(
                LISTED.iter().any(|&(_, feature)| feature == name),
                "crates/{name} is a game crate (it has data/{name}.perft) but not in the \
                 facade's game list: add its line to with_games! in \
                 crates/variant-games/src/games.rs, and the optional dependency and feature \
                 `{name}` (in `all-games`) to crates/variant-games/Cargo.toml \
                 (docs/architecture.md, \"Adding a game\")"
            );
        }
    }

    /// `all-games` builds every game of the list, so `cargo test --workspace` tests them all.
    #[cfg(feature = "all-games")]
    #[test]
    fn all_games_builds_every_game_of_the_list() {
        for &(_, feature) in LISTED {
            assert!(
                super::is_built(feature),
                "the game `{feature}` is in the list but not built by the facade's `all-games` \
                 feature: add \"{feature}\" to `all-games` in crates/variant-games/Cargo.toml"
            );
        }
    }
}
