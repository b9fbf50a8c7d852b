//! Positions as ordinary Rust values: one macro gives every game type `Default`, `FromStr`,
//! `Display` and `Hash` from its [`Game`](crate::Game) methods, so the game crates agree.

/// Implements, for a type that implements [`Game`](crate::Game):
///
/// - `Default`: the start position under the default configuration;
/// - `FromStr` (error [`PositionError`](crate::PositionError)): a position text read under the
///   default configuration (what the text fixes wins);
/// - `Display`: the position text ([`Game::to_text`](crate::Game::to_text));
/// - `Hash`: through the Zobrist hash, consistent with the type's `Eq` (equal positions have
///   equal hashes).
///
/// # Example
///
/// ```
/// # use variant_core::doc_game::Nim;
/// // variant_core::impl_game_values!(Nim); is how the doc game gets these:
/// let start = Nim::default();
/// let text = start.to_string();
/// let again: Nim = text.parse().unwrap();
/// assert_eq!(again, start);
/// ```
#[macro_export]
macro_rules! impl_game_values {
    ($game:ty) => {
        impl ::std::default::Default for $game {
            fn default() -> Self {
                let config =
                    <<$game as $crate::Game>::Config as ::std::default::Default>::default();
                match <$game as $crate::Game>::new(&config) {
                    Ok(game) => game,
                    // The default configuration is valid by construction; every game crate
                    // tests `Default` for its type.
                    Err(e) => unreachable!("the default configuration is invalid: {e}"),
                }
            }
        }
        impl ::std::str::FromStr for $game {
            type Err = $crate::PositionError;
            fn from_str(text: &str) -> ::std::result::Result<Self, Self::Err> {
                let config =
                    <<$game as $crate::Game>::Config as ::std::default::Default>::default();
                <$game as $crate::Game>::from_text(&config, text)
            }
        }
        impl ::std::fmt::Display for $game {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&<$game as $crate::Game>::to_text(self))
            }
        }
        impl ::std::hash::Hash for $game {
            fn hash<H: ::std::hash::Hasher>(&self, state: &mut H) {
                state.write_u64(<$game as $crate::Game>::zobrist(self));
            }
        }
    };
}
