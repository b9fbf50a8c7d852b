//! [`AnyGame`]: a game chosen at run time by name that is itself a [`Game`], with moves as
//! `Copy` values ([`AnyMove`]), so every generic tool (perft, divide, parallel perft,
//! [`History`](variant_core::History), the engine) serves it at typed speed.
//!
//! The game is held as a [`TypedGame`], an enum with one variant per game of this build; each
//! method matches once and calls the typed game. Moves are [`AnyMove`], an enum of the typed
//! moves. A move of one game played in another is refused by [`Game::try_play`] and
//! [`Game::is_legal`].

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;
use variant_core::actions::{ActionSpace, LegalActions};
use variant_core::codec::MoveCode;
use variant_core::planes::{BoardCodes, Observation, Planes};
use variant_core::presentation::{Notes, PieceLook, Presentation, SeatColours, Zone};
use variant_core::{
    ActionError, BoardView, ConfigError, ConfigKey, DrawReason, EncodeError, Error, Game,
    GameConfig, GameCrate, IllegalMove, MoveBuffer, MoveError, MoveSink, PositionError,
    RepetitionRules, Seat, SpillList, Status,
};

/// Runs `$body` with `$g` bound to the typed value inside a [`TypedGame`]-shaped enum
/// (`TypedGame`, `AnyMove`, `AnyConfig`), one arm per game of the list.
///
/// The second form also binds `$wrap` to the constructor of the same game's variant of `$out`,
/// for bodies that build another per-game enum (a clone, a game from a configuration, a move).
macro_rules! dispatch {
    ($enum:ident, $value:expr, $g:ident, $wrap:ident = $out:ident => $body:expr) => {
        crate::with_games!(dispatch_arms, ($enum, $value, $g, $wrap, $out, $body))
    };
    ($enum:ident, $value:expr, $g:ident => $body:expr) => {
        dispatch!($enum, $value, $g, _variant = $enum => $body)
    };
}

/// The match of [`dispatch!`], from the game list.
macro_rules! dispatch_arms {
    (
        ($enum:ident, $value:expr, $g:ident, $wrap:ident, $out:ident, $body:expr)
        $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*
    ) => {
        match $value {
            $(
                #[cfg(feature = $feature)]
                $enum::$game($g) => {
                    let $wrap = $out::$game;
                    $body
                }
                #[cfg(not(feature = $feature))]
                $enum::$game(never) => match *never {},
            )*
        }
    };
}

/// Runs `$body` with `$g` and `$m` bound to the typed game and the typed move when the move
/// belongs to the game held; `$other` when it is another game's move.
macro_rules! dispatch_move {
    ($game:expr, $mv:expr, $g:ident, $m:ident => $body:expr, else $other:expr) => {
        crate::with_games!(dispatch_move_arms, ($game, $mv, $g, $m, $body, $other))
    };
}

/// The match of [`dispatch_move!`], from the game list.
macro_rules! dispatch_move_arms {
    (
        ($game_value:expr, $mv:expr, $g:ident, $m:ident, $body:expr, $other:expr)
        $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*
    ) => {
        match ($game_value, $mv) {
            $(
                #[cfg(feature = $feature)]
                (TypedGame::$game($g), AnyMove::$game($m)) => $body,
                #[cfg(feature = $feature)]
                (TypedGame::$game(_), _) => $other,
                #[cfg(not(feature = $feature))]
                (TypedGame::$game(never), _) => match *never {},
            )*
        }
    };
}

/// Declares one of the per-game enums: a variant per game of the list, holding the game's
/// `$part` (its position type, move, configuration or move list), or [`NotBuilt`](crate::games::NotBuilt) for a game
/// whose feature is off.
macro_rules! per_game_enum {
    ($(#[$meta:meta])* $vis:vis enum $name:ident of $part:ident) => {
        crate::with_games!(per_game_enum_body, ($(#[$meta])* $vis $name $part));
    };
}

/// The declaration of [`per_game_enum!`], from the game list.
macro_rules! per_game_enum_body {
    (
        ($(#[$meta:meta])* $vis:vis $name:ident $part:ident)
        $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*
    ) => {
        $(#[$meta])*
        // In a build without every game, the variants of the games left out hold `NotBuilt`
        // (no value, size 0): never made, so their size says nothing.
        #[allow(clippy::large_enum_variant)]
        $vis enum $name {
            $(
                #[doc = $doc]
                #[cfg(feature = $feature)]
                $game(part_of!($part, $krate::$game)),
                #[doc(hidden)]
                #[cfg(not(feature = $feature))]
                #[allow(dead_code)] // never made: `NotBuilt` has no value
                $game(crate::games::NotBuilt),
            )*
        }
    };
}

/// The type of one part of a game: the position itself, its move, its configuration, its
/// move list.
macro_rules! part_of {
    (Position, $game:ty) => {
        $game
    };
    (Move, $game:ty) => {
        <$game as Game>::Move
    };
    (Config, $game:ty) => {
        <$game as Game>::Config
    };
    (MoveList, $game:ty) => {
        <$game as Game>::MoveList
    };
}

per_game_enum! {
    /// The typed game inside an [`AnyGame`].
    ///
    /// A game left out of the build keeps its variant, holding [`NotBuilt`](crate::games::NotBuilt) (no value), so a
    /// match that names every game compiles in every build.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::{AnyGame, TypedGame};
    /// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
    /// assert!(matches!(game.typed(), TypedGame::Chess3d(_)));
    /// ```
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum TypedGame of Position
}

/// A computation over the typed game inside a [`TypedGame`], written once for every game: the
/// way for code outside the facade (examples, benches, fuzz checks) to use a typed game without
/// naming the games, so a new game of the list needs no edit there.
///
/// # Example
///
/// ```
/// use variant_games::{Game, GameCrate, TypedVisitor};
///
/// /// The perft count of the typed game, at its typed speed.
/// struct TypedPerft(u32);
/// impl TypedVisitor for TypedPerft {
///     type Output = u64;
///     fn visit<G: GameCrate>(self, game: &G) -> u64 {
///         variant_games::perft(game, self.0)
///     }
/// }
/// for &name in variant_games::registry::names() {
///     let game = variant_games::new_game(name, "").unwrap();
///     assert_eq!(game.typed().visit(TypedPerft(1)), game.legal_moves().len() as u64);
/// }
/// ```
pub trait TypedVisitor {
    /// What the computation gives.
    type Output;
    /// Runs the computation on `game`, whichever game of the list it is.
    fn visit<G: GameCrate>(self, game: &G) -> Self::Output;
}

impl TypedGame {
    /// Runs `visitor` on the typed game held.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::{GameCrate, TypedVisitor};
    /// struct Name;
    /// impl TypedVisitor for Name {
    ///     type Output = &'static str;
    ///     fn visit<G: GameCrate>(self, _game: &G) -> &'static str {
    ///         G::NAME
    ///     }
    /// }
    /// let game = variant_games::new_game("chess-t", "").unwrap();
    /// assert_eq!(game.typed().visit(Name), "chess-t");
    /// ```
    pub fn visit<V: TypedVisitor>(&self, visitor: V) -> V::Output {
        dispatch!(TypedGame, self, g => visitor.visit(g))
    }

    /// Plays `mv` on the typed game held with the typed game's own
    /// [`Game::try_play`]; `None` when `mv` is a move of another game.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
    /// let mv = game.parse_move("e2e4").unwrap();
    /// let mut typed = game.typed().clone();
    /// assert_eq!(typed.try_play(mv), Some(Ok(())));
    /// // The same move again is refused by the typed game: e2 is empty now.
    /// assert!(matches!(typed.try_play(mv), Some(Err(_))));
    /// let draughts = variant_games::new_game("checkers3d", "heights=1").unwrap();
    /// assert_eq!(typed.try_play(draughts.legal_moves()[0]), None);
    /// ```
    pub fn try_play(&mut self, mv: AnyMove) -> Option<Result<(), IllegalMove>> {
        dispatch_move!(self, mv, g, m => Some(g.try_play(m)), else None)
    }
}

per_game_enum! {
    /// A move of an [`AnyGame`]: the typed move of the game it belongs to. `Copy`, and as small
    /// as the largest typed move. Its text comes from [`Game::format_move`] of the position it
    /// was listed in (a move's text can depend on the position, e.g. on the number of heights).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
    /// let first: AnyMove = game.legal_moves()[0];
    /// assert!(game.is_legal(first));
    /// assert_eq!(game.parse_move(&game.format_move(first)).unwrap(), first);
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum AnyMove of Move
}

per_game_enum! {
    /// The configuration of an [`AnyGame`]: the typed configuration of the game it holds.
    ///
    /// Its text form is the game's own `key=value;…` text; [`AnyConfig::parse`] reads it for a
    /// game named at run time. [`GameConfig::keys`] cannot know the game (it takes no value), so
    /// it lists no key; [`AnyConfig::game_keys`] gives the keys of the game held.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::AnyConfig;
    /// let config = AnyConfig::parse("chess3d", "heights=2").unwrap();
    /// assert_eq!(config.game(), "chess3d");
    /// assert_eq!(config.to_string(), "heights=2");
    /// assert!(AnyConfig::parse("chess3d", "colour=blue").is_err());
    /// ```
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum AnyConfig of Config
}

/// The match of [`AnyGame::clone_from`], from the game list: the typed `clone_from` when both
/// hold the same game, a clone otherwise.
macro_rules! clone_in_place {
    (($to:expr, $from:expr) $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        match (&mut $to.game, &$from.game) {
            $(
                #[cfg(feature = $feature)]
                (TypedGame::$game(d), TypedGame::$game(s)) => d.clone_from(s),
                #[cfg(feature = $feature)]
                (TypedGame::$game(_), _) => $to.game = $from.clone().game,
                #[cfg(not(feature = $feature))]
                (TypedGame::$game(never), _) => match *never {},
            )*
        }
    };
}

/// The match of [`AnyGame::list_moves_and_codes`], from the game list: the game's moves into
/// its own list (made anew when the list held another game's), then their codes.
macro_rules! list_into {
    (($any:expr, $moves:expr, $codes:expr) $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        match &$any.game {
            $(
                #[cfg(feature = $feature)]
                TypedGame::$game(g) => {
                    if !matches!($moves.list, TypedList::Listed(GameList::$game(_))) {
                        $moves.list = TypedList::Listed(GameList::$game(Default::default()));
                    }
                    let TypedList::Listed(GameList::$game(l)) = &mut $moves.list else {
                        unreachable!("the list was just made one of this game")
                    };
                    g.legal_moves_into(l);
                    g.move_codes(l, $codes)
                }
                #[cfg(not(feature = $feature))]
                TypedGame::$game(never) => match *never {},
            )*
        }
    };
}

/// The match of [`AnyGame::play_listed`], from the game list: the move at `$index` of the
/// list, played on the game when the list is the same game's.
macro_rules! play_from_list {
    (($any:expr, $list:expr, $index:expr) $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        match (&mut $any.game, $list) {
            $(
                #[cfg(feature = $feature)]
                (TypedGame::$game(g), GameList::$game(l)) => match l.get($index) {
                    Some(&m) => {
                        if $any.config.get().is_some() {
                            $any.config = OnceLock::new();
                        }
                        g.play_unchecked(m);
                        true
                    }
                    None => false,
                },
                #[cfg(feature = $feature)]
                (TypedGame::$game(_), _) => false,
                #[cfg(not(feature = $feature))]
                (TypedGame::$game(never), _) => match *never {},
            )*
        }
    };
}

/// The names of the games of the list that this build serves, in list order.
macro_rules! game_names {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {
        &[$(
            #[cfg(feature = $feature)]
            <$krate::$game as Game>::NAME,
        )*]
    };
}

/// The names of the games this build serves, in registry order.
pub(crate) const GAME_NAMES: &[&str] = crate::with_games!(game_names, ());

/// The name of the game an [`AnyConfig`] is for.
macro_rules! config_game_name {
    (($config:expr) $($krate:ident::{$game:ident, $config_ty:ident}, $feature:literal, $doc:literal;)*) => {
        match $config {
            $(
                #[cfg(feature = $feature)]
                AnyConfig::$game(_) => <$krate::$game as Game>::NAME,
                #[cfg(not(feature = $feature))]
                AnyConfig::$game(never) => match *never {},
            )*
        }
    };
}

/// The default configuration, or the one read from a text, of the game named at run time.
macro_rules! config_by_name {
    (($name:expr, $make:expr) $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {{
        $(
            #[cfg(feature = $feature)]
            if $name == <$krate::$game as Game>::NAME {
                return Ok(AnyConfig::$game($make));
            }
        )*
        Err(unknown_game($name))
    }};
}

fn unknown_game(name: &str) -> Error {
    Error::UnknownGame {
        name: variant_core::error::shorten(name),
        known: GAME_NAMES.iter().map(|n| n.to_string()).collect(),
    }
}

impl AnyConfig {
    /// The default configuration of the game `name`.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownGame`] for a name this build does not serve.
    ///
    /// # Example
    ///
    /// ```
    /// let config = variant_games::AnyConfig::default_of("bishops4p").unwrap();
    /// assert_eq!(config.to_string(), "");
    /// ```
    pub fn default_of(name: &str) -> Result<Self, Error> {
        crate::with_games!(config_by_name, (name, Default::default()))
    }

    /// Reads the configuration of the game `name` from `key=value` pairs separated by `;` (or a
    /// JSON object); the empty text is the game's default.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownGame`] for an unknown name, [`Error::Config`] for a bad text.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let config = AnyConfig::parse("checkers3d", "heights=1").unwrap();
    /// assert_eq!(config.get("heights").as_deref(), Some("1"));
    /// ```
    pub fn parse(name: &str, text: &str) -> Result<Self, Error> {
        crate::with_games!(config_by_name, (name, text.parse()?))
    }

    /// The name of the game this configuration is for.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(variant_games::AnyConfig::default().game(), "chess3d");
    /// ```
    pub fn game(&self) -> &'static str {
        crate::with_games!(config_game_name, (self))
    }

    /// The configuration keys of the game this configuration is for.
    ///
    /// # Example
    ///
    /// ```
    /// let config = variant_games::AnyConfig::default_of("chess3d").unwrap();
    /// assert_eq!(config.game_keys()[0].name, "heights");
    /// ```
    pub fn game_keys(&self) -> &'static [ConfigKey] {
        dispatch!(AnyConfig, self, c => config_keys_of(c))
    }
}

/// The typed configuration of a typed game, by value (generic, so it serves the configurations
/// that are `Copy` and the one that is only `Clone`).
fn config_of<G: Game>(game: &G) -> G::Config {
    game.config().clone()
}

fn config_keys_of<C: GameConfig>(_: &C) -> &'static [ConfigKey] {
    C::keys()
}

/// The first game of the build (chess3d in the full build) under its default configuration.
impl Default for AnyConfig {
    fn default() -> Self {
        // A build without games has no configuration to give; it cannot build an AnyGame
        // either, so nothing reaches the `else`.
        let Some(Ok(config)) = GAME_NAMES.first().map(|name| AnyConfig::default_of(name)) else {
            unreachable!("variant-games was built without any game")
        };
        config
    }
}

impl fmt::Display for AnyConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        dispatch!(AnyConfig, self, c => f.write_str(&c.to_text()))
    }
}

/// Written as the typed configuration it holds, so a record of an [`AnyGame`] is the same as
/// the record of the typed game.
impl serde::Serialize for AnyConfig {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        dispatch!(AnyConfig, self, c => c.serialize(serializer))
    }
}

/// A serialized configuration does not say which game it is for, so it cannot be read back
/// alone: records of any game are read with [`crate::history_from_json`] and
/// [`crate::history_from_binary`], which read the game's name first.
impl<'de> serde::Deserialize<'de> for AnyConfig {
    fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<Self, D::Error> {
        Err(serde::de::Error::custom(
            "a configuration of a game chosen at run time is read with the game's name: use \
             variant_games::history_from_json or AnyConfig::parse",
        ))
    }
}

impl GameConfig for AnyConfig {
    /// Lists no key: the keys depend on the game held (see [`AnyConfig::game_keys`]).
    fn keys() -> &'static [ConfigKey] {
        &[]
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        dispatch!(AnyConfig, self, c => c.set(key, value))
    }
    fn get(&self, key: &str) -> Option<String> {
        dispatch!(AnyConfig, self, c => c.get(key))
    }
    fn validate(&self) -> Result<(), ConfigError> {
        dispatch!(AnyConfig, self, c => c.validate())
    }
    fn admits_in_play(&self, key: &str, text_value: &str) -> bool {
        dispatch!(AnyConfig, self, c => c.admits_in_play(key, text_value))
    }
    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        dispatch!(AnyConfig, self, c => c.to_pairs())
    }
    fn to_text(&self) -> String {
        dispatch!(AnyConfig, self, c => c.to_text())
    }
}

/// A game chosen at run time (by name, or from a typed game with `From`) that is itself a
/// [`Game`]: the same methods under the same names as the typed games, moves as `Copy`
/// [`AnyMove`] values, accepted by every generic tool.
///
/// Two `AnyGame`s are equal when they hold equal typed games.
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
///
/// let mut game: AnyGame = variant_games::new_game("checkers3d", "heights=1").unwrap();
/// assert_eq!(game.name(), "checkers3d");
/// assert_eq!(variant_games::perft(&game, 2), 49); // Russian draughts: 7 × 7
/// let first = game.legal_moves()[0];
/// game.try_play(first).unwrap();
/// assert_eq!(game.side_to_move(), Seat(1));
/// ```
pub struct AnyGame {
    game: TypedGame,
    /// The configuration, built on demand by [`Game::config`] and forgotten when a move is
    /// played (the 3D games renumber heights as they are removed, so it can change).
    config: OnceLock<AnyConfig>,
}

impl Clone for AnyGame {
    /// Clones the active game only: a derived clone of the enum copies all of its bytes (as many
    /// as the largest game's, several times a draughts position), which slows a draughts perft
    /// markedly (docs/notes/2026-12-code-comment-figures.md).
    #[inline]
    fn clone(&self) -> Self {
        let game = dispatch!(TypedGame, &self.game, g, wrap = TypedGame => wrap(g.clone()));
        AnyGame {
            game,
            config: self.config.clone(),
        }
    }

    /// Copies the active game in place when both hold the same game (perft and the engine copy
    /// a parent into the same child again and again): no enum-sized temporary. Always inlined,
    /// so a perft instantiated in an embedder's crate copies as the typed game's does.
    #[inline(always)]
    fn clone_from(&mut self, source: &Self) {
        crate::with_games!(clone_in_place, (self, source));
        // In a perft or a search neither side has built its configuration: nothing to copy.
        if self.config.get().is_some() || source.config.get().is_some() {
            self.config.clone_from(&source.config);
        }
    }
}

impl fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.fmt(f)
    }
}

impl PartialEq for AnyGame {
    fn eq(&self, other: &Self) -> bool {
        self.game == other.game
    }
}

impl Eq for AnyGame {}

impl std::hash::Hash for AnyGame {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.zobrist());
    }
}

impl fmt::Display for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// The start position of the first game of the build (chess3d, 8 heights, in the full build).
impl Default for AnyGame {
    fn default() -> Self {
        match AnyGame::new(&AnyConfig::default()) {
            Ok(game) => game,
            Err(e) => unreachable!("a default configuration is invalid: {e}"),
        }
    }
}

/// Reads `<game> <position text>`, e.g. `chess3d 8/8/… w - - 0 1`; the game name comes first
/// because a position text alone does not say which game it is.
impl FromStr for AnyGame {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self, Error> {
        let text = text.trim();
        let (name, position) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        from_text(name, "", position.trim())
    }
}

/// `From` each typed game, move and configuration into the per-game enums.
macro_rules! impl_from_typed {
    (() $($krate:ident::{$game:ident, $config:ident}, $feature:literal, $doc:literal;)*) => {$(
        #[cfg(feature = $feature)]
        impl From<$krate::$game> for AnyGame {
            fn from(game: $krate::$game) -> Self {
                AnyGame::from_typed(TypedGame::$game(game))
            }
        }
        #[cfg(feature = $feature)]
        impl From<$krate::Move> for AnyMove {
            fn from(mv: $krate::Move) -> Self {
                AnyMove::$game(mv)
            }
        }
        #[cfg(feature = $feature)]
        impl From<$krate::$config> for AnyConfig {
            fn from(config: $krate::$config) -> Self {
                AnyConfig::$game(config)
            }
        }
    )*};
}

crate::with_games!(impl_from_typed, ());

impl AnyGame {
    /// Wraps a typed game.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let any = AnyGame::from_typed(TypedGame::Bishops(Bishops::default()));
    /// assert_eq!(any.seat_count(), 4);
    /// ```
    pub fn from_typed(game: TypedGame) -> Self {
        AnyGame {
            game,
            config: OnceLock::new(),
        }
    }

    /// The typed game held.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let any: AnyGame = ChessT::default().into();
    /// if let TypedGame::ChessT(typed) = any.typed() {
    ///     assert_eq!(typed.to_string(), any.to_string());
    /// }
    /// ```
    pub fn typed(&self) -> &TypedGame {
        &self.game
    }

    /// The typed game held, to change it in place (the C library plays its move values on the
    /// typed game this way). The configuration cached by [`Game::config`] is forgotten, since
    /// a change can alter it; the game held cannot be swapped for another game's through this
    /// (a `TypedGame` of another variant written here is still a valid `AnyGame`).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let mut any: AnyGame = Chess3d::default().into();
    /// if let TypedGame::Chess3d(typed) = any.typed_mut() {
    ///     let mv = typed.parse_move("e2@1e4@1").unwrap();
    ///     typed.play_unchecked(mv);
    /// }
    /// assert_eq!(any.side_to_move(), Seat(1));
    /// ```
    pub fn typed_mut(&mut self) -> &mut TypedGame {
        if self.config.get().is_some() {
            self.config = OnceLock::new();
        }
        &mut self.game
    }

    /// The typed game held, by value.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let any: AnyGame = Chess3d::default().into();
    /// assert!(matches!(any.into_typed(), TypedGame::Chess3d(_)));
    /// ```
    pub fn into_typed(self) -> TypedGame {
        self.game
    }

    /// The names of every seat, in seat order.
    ///
    /// # Example
    ///
    /// ```
    /// let game = variant_games::new_game("bishops4p", "").unwrap();
    /// assert_eq!(game.seat_names(), ["white", "grey", "black", "pink"]);
    /// ```
    pub fn seat_names(&self) -> Vec<&'static str> {
        (0..self.seat_count())
            .map(|i| self.seat_name(Seat(i as u8)))
            .collect()
    }

    /// The seats that take part in this game, in seat order: every seat, except in games where
    /// a configuration leaves seats empty (the three-player Bishops game has no Grey, B4-23) or
    /// players have left (the long Bishops game, B4-21). Match runners seat one player on each.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::Seat;
    /// let four = variant_games::new_game("bishops4p", "").unwrap();
    /// assert_eq!(four.playing_seats().len(), 4);
    /// let three = variant_games::new_game("bishops4p", "players=3").unwrap();
    /// assert_eq!(three.playing_seats(), [Seat(0), Seat(2), Seat(3)]); // no Grey
    /// assert_eq!(variant_games::new_game("chess-t", "").unwrap().playing_seats().len(), 2);
    /// ```
    ///
    /// The same as [`Game::playing_seats`] (each game says which of its seats play), here as
    /// an inherent method so callers need not import the trait.
    pub fn playing_seats(&self) -> Vec<Seat> {
        <Self as Game>::playing_seats(self)
    }

    /// Parses and plays a move; the position is unchanged on error.
    ///
    /// # Errors
    ///
    /// [`MoveError`] for a text that is malformed or names no legal move.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let mut game = variant_games::new_game("chess3d", "heights=1").unwrap();
    /// let played = game.play_move_text("e2e4").unwrap();
    /// assert_eq!(played, "e2e4");
    /// assert!(game.play_move_text("e2e4").is_err());
    /// ```
    pub fn play_move_text(&mut self, text: &str) -> Result<String, MoveError> {
        let mv = self.parse_move(text)?;
        let canonical = self.format_move(mv);
        self.play_unchecked(mv);
        Ok(canonical)
    }

    /// The legal moves into `moves` and their codes ([`MoveCode`]) into `codes`, both in
    /// generation order and replacing what the two held: the same as
    /// [`Game::legal_moves_into`] then [`MoveCode::move_codes`], with one dispatch to the game
    /// held for the whole list instead of one per move. [`AnyGame::list_moves_and_codes`]
    /// does the same into the typed game's own list, for moves to be played by their place.
    ///
    /// # Errors
    ///
    /// As [`MoveCode::move_codes`] (a position whose moves cannot be coded); `moves` then
    /// holds the legal moves and `codes` the codes made before the failure.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// use variant_games::variant_core::codec::MoveCode;
    /// let game = variant_games::new_game("checkers3d", "heights=1").unwrap();
    /// let (mut moves, mut codes) = (Default::default(), Vec::new());
    /// game.legal_moves_and_codes(&mut moves, &mut codes).unwrap();
    /// assert_eq!(moves.len(), 7); // D3-40: seven first moves
    /// let mut one_by_one = Vec::new();
    /// game.move_codes(&moves, &mut one_by_one).unwrap();
    /// assert_eq!(codes, one_by_one);
    /// ```
    pub fn legal_moves_and_codes(
        &self,
        moves: &mut AnyMoveList,
        codes: &mut Vec<u64>,
    ) -> Result<(), EncodeError> {
        moves.clear();
        codes.clear();
        dispatch!(TypedGame, &self.game, g, wrap = AnyMove => listed_with_codes(g, wrap, moves, codes))
    }

    /// The canonical texts of the legal moves, in generation order.
    ///
    /// # Example
    ///
    /// ```
    /// let game = variant_games::new_game("checkers3d", "heights=1").unwrap();
    /// assert_eq!(game.legal_move_texts().len(), 7);
    /// ```
    pub fn legal_move_texts(&self) -> Vec<String> {
        self.legal_moves()
            .iter()
            .map(|&mv| self.format_move(mv))
            .collect()
    }

    /// Whether generating the legal moves would take more than `steps` capture steps. Only
    /// checkers3d can (`Checkers3d::capture_search_exceeds`): its longest capture (the
    /// majority rule, D3-12) is a longest-path search, and a few kings among dozens of men in
    /// the 3D box can take minutes. The other games' generators are bounded, so for them it is
    /// always `false`. Programs that take positions from untrusted sources (the web server,
    /// the C library's callers) ask this first; it costs at most about `steps` steps.
    ///
    /// # Example
    ///
    /// ```
    /// // D3-9, D3-10: the king takes c5@1 (landing on b6@1 or a7@1) or e5@1 (f6@1, g7@1 or
    /// // h8@1), and no capture goes on: five steps.
    /// let king = variant_games::from_text("checkers3d", "", "W:WKd4@1:Bc5@1,e5@1:H8:1/8").unwrap();
    /// assert!(king.move_search_exceeds(4));
    /// assert!(!king.move_search_exceeds(5));
    /// let chess = variant_games::new_game("chess3d", "").unwrap();
    /// assert!(!chess.move_search_exceeds(0));
    /// ```
    pub fn move_search_exceeds(&self, steps: u64) -> bool {
        dispatch!(TypedGame, &self.game, g => g.move_search_exceeds(steps))
    }
}

/// The start position of the game `name` under a configuration given as `key=value` pairs
/// separated by `;` (or a JSON object); the empty text is the default configuration.
///
/// # Errors
///
/// [`Error::UnknownGame`] for a name this build does not serve, [`Error::Config`] for a bad
/// configuration.
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
/// assert_eq!(game.legal_moves().len(), 20);
/// assert!(variant_games::new_game("go", "").is_err());
/// ```
pub fn new_game(name: &str, config: &str) -> Result<AnyGame, Error> {
    let config = AnyConfig::parse(name, config)?;
    Ok(AnyGame::new(&config)?)
}

/// A position of the game `name` read from its text. What the text fixes (for the 3D games the
/// heights and base heights) wins over the defaults; keys given in `config` for the same
/// things must agree with the text.
///
/// # Errors
///
/// [`Error::UnknownGame`], [`Error::Config`] (including a key that disagrees with the text),
/// [`Error::Position`] for a text that cannot be read or describes an impossible position.
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// let start = variant_games::new_game("chess3d", "heights=1").unwrap();
/// let again = variant_games::from_text("chess3d", "", &start.to_string()).unwrap();
/// assert_eq!(again, start);
/// assert!(variant_games::from_text("chess3d", "heights=2", &start.to_string()).is_err());
/// ```
pub fn from_text(name: &str, config: &str, text: &str) -> Result<AnyGame, Error> {
    crate::registry::from_text(name, &crate::registry::parse_config(config)?, text)
}

/// How many moves an [`AnyMoveList`] holds on the stack before it moves to the heap: more than
/// any position of chess at one height, draughts or chess-T has; larger lists (3D chess with
/// many heights, "Bishops" middle games) spill.
pub const ANY_INLINE_MOVES: usize = 256;

/// The move list of an [`AnyGame`].
pub type AnyMoveList = SpillList<AnyMove, ANY_INLINE_MOVES>;

/// A typed game's moves delivered to a sink of [`AnyMove`]s, each wrapped as it is generated
/// (no intermediate typed list). `W` is the variant's constructor as a function item (a
/// zero-sized type, not a function pointer), so the wrapping inlines in any build.
struct Wrapping<'a, S, W> {
    sink: &'a mut S,
    wrap: W,
}

impl<S: MoveSink<AnyMove>, M, W: Fn(M) -> AnyMove> MoveSink<M> for Wrapping<'_, S, W> {
    #[inline(always)]
    fn push(&mut self, mv: M) {
        self.sink.push((self.wrap)(mv));
    }
}

/// Runs the typed game's generator into `sink`, wrapping each move.
#[inline]
fn wrapped<G: Game, S: MoveSink<AnyMove>>(
    game: &G,
    wrap: impl Fn(G::Move) -> AnyMove,
    sink: &mut S,
) {
    game.generate_moves(&mut Wrapping { sink, wrap });
}

/// The typed game's legal moves, listed by its own `legal_moves_into` (compiled and optimised
/// in the game's crate) and wrapped: a generator instantiated for a wrapping sink is compiled
/// in the caller's crate instead, where a build without LTO cannot inline the game's private
/// helpers, and one-height draughts lost a third of its perft speed that way
/// (docs/benchmarks.md "AnyGame for an embedder").
#[inline]
fn listed<G: Game>(game: &G, wrap: impl Fn(G::Move) -> AnyMove, moves: &mut AnyMoveList) {
    let mut typed = G::MoveList::default();
    game.legal_moves_into(&mut typed);
    for &mv in typed.iter() {
        moves.push(wrap(mv));
    }
}

/// The legal moves of one position kept in the typed game's own list, for a caller that
/// lists a position's moves once and then plays them by their place in the list (the C
/// library's move cache): [`AnyGame::list_moves_and_codes`] fills it,
/// [`AnyGame::play_listed`] plays one of its moves.
///
/// Unlike an [`AnyMoveList`], nothing is copied after generation: the typed generator writes
/// into the list held here, the codes are read from it, and a move is played from it
/// straight into the typed game. Copying each generated move into an [`AnyMove`] list was the
/// largest part of listing one-height draughts' moves from C (docs/benchmarks.md, the C API
/// section).
///
/// # Example
///
/// ```
/// use variant_games::ListedMoves;
/// let game = variant_games::new_game("checkers3d", "heights=1").unwrap();
/// let (mut moves, mut codes) = (ListedMoves::default(), Vec::new());
/// game.list_moves_and_codes(&mut moves, &mut codes).unwrap();
/// assert_eq!(moves.len(), 7); // D3-40: seven first moves
/// assert_eq!(codes.len(), 7);
/// let mut child = game.clone();
/// assert!(child.play_listed(&moves, 6));
/// assert!(!child.play_listed(&moves, 7)); // no eighth move: nothing played
/// ```
#[derive(Default)]
pub struct ListedMoves {
    list: TypedList,
}

/// The typed list of a [`ListedMoves`]: one variant per game of this build.
///
/// The lists are kept inline although `Empty` is far smaller: a `ListedMoves` is made once and
/// refilled (the C library keeps two per thread), and a box would put an indirection on the
/// path of every listed and played move.
#[derive(Default)]
#[allow(clippy::large_enum_variant)]
enum TypedList {
    /// Nothing listed yet.
    #[default]
    Empty,
    /// The list of the game listed last.
    Listed(GameList),
}

per_game_enum! {
    /// The typed move list of one game, inside a [`TypedList`].
    #[allow(clippy::large_enum_variant)]
    enum GameList of MoveList
}

/// Runs `$body` with `$l` bound to the typed list of a [`TypedList`] and `$wrap` to the
/// game's [`AnyMove`] constructor; `$empty` for an empty list.
macro_rules! dispatch_list {
    ($list:expr, $l:ident, $wrap:ident => $body:expr, else $empty:expr) => {
        match $list {
            TypedList::Listed(list) => dispatch!(GameList, list, $l, $wrap = AnyMove => $body),
            TypedList::Empty => $empty,
        }
    };
}

impl ListedMoves {
    /// The number of moves listed.
    ///
    /// # Example
    ///
    /// ```
    /// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
    /// let mut moves = variant_games::ListedMoves::default();
    /// assert_eq!(moves.len(), 0);
    /// game.list_moves_and_codes(&mut moves, &mut Vec::new()).unwrap();
    /// assert_eq!(moves.len(), 20);
    /// ```
    pub fn len(&self) -> usize {
        dispatch_list!(&self.list, l, _wrap => l.len(), else 0)
    }

    /// Whether no move is listed.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(variant_games::ListedMoves::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The move at `index`, if there is one.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
    /// let mut moves = variant_games::ListedMoves::default();
    /// game.list_moves_and_codes(&mut moves, &mut Vec::new()).unwrap();
    /// assert_eq!(moves.get(0), Some(game.legal_moves()[0]));
    /// assert_eq!(moves.get(20), None);
    /// ```
    pub fn get(&self, index: usize) -> Option<AnyMove> {
        dispatch_list!(&self.list, l, wrap => l.get(index).map(|&m| wrap(m)), else None)
    }

    /// The place of `mv` in the list, if it is listed.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
    /// let mut moves = variant_games::ListedMoves::default();
    /// game.list_moves_and_codes(&mut moves, &mut Vec::new()).unwrap();
    /// let e4 = game.parse_move("e2e4").unwrap();
    /// assert_eq!(moves.get(moves.position(e4).unwrap()), Some(e4));
    /// let draughts = variant_games::new_game("checkers3d", "heights=1").unwrap();
    /// assert_eq!(moves.position(draughts.legal_moves()[0]), None); // another game's move
    /// ```
    pub fn position(&self, mv: AnyMove) -> Option<usize> {
        dispatch_list!(&self.list, l, wrap => l.iter().position(|&m| wrap(m) == mv), else None)
    }
}

impl AnyGame {
    /// The legal moves into `moves` (in the typed game's own list) and their codes
    /// ([`MoveCode`]) into `codes`, both in generation order and replacing what the two
    /// held: the moves and codes of [`AnyGame::legal_moves_and_codes`], kept for
    /// [`AnyGame::play_listed`].
    ///
    /// # Errors
    ///
    /// As [`MoveCode::move_codes`] (a position whose moves cannot be coded); `moves` then
    /// holds the legal moves and `codes` the codes made before the failure.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let game = variant_games::new_game("checkers3d", "heights=1").unwrap();
    /// let (mut listed, mut codes) = (variant_games::ListedMoves::default(), Vec::new());
    /// game.list_moves_and_codes(&mut listed, &mut codes).unwrap();
    /// let (mut moves, mut same) = (Default::default(), Vec::new());
    /// game.legal_moves_and_codes(&mut moves, &mut same).unwrap();
    /// assert_eq!(codes, same);
    /// assert!(moves.iter().enumerate().all(|(i, &mv)| listed.get(i) == Some(mv)));
    /// ```
    pub fn list_moves_and_codes(
        &self,
        moves: &mut ListedMoves,
        codes: &mut Vec<u64>,
    ) -> Result<(), EncodeError> {
        codes.clear();
        crate::with_games!(list_into, (self, moves, codes))
    }

    /// Plays the move at `index` of `moves`, which must be the list of this position
    /// ([`AnyGame::list_moves_and_codes`]; like [`Game::play_unchecked`], a move from another
    /// position's list leaves the position unspecified). Returns `false`, playing nothing,
    /// when there is no move at `index` or the list is another game's.
    ///
    /// Always inlined, like [`Game::play_unchecked`]: the C library plays every value of its
    /// walks through here, and the typed move goes from the list into the typed game with no
    /// [`AnyMove`] in between.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_games::prelude::*;
    /// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
    /// let mut moves = variant_games::ListedMoves::default();
    /// game.list_moves_and_codes(&mut moves, &mut Vec::new()).unwrap();
    /// let mut child = game.clone();
    /// assert!(child.play_listed(&moves, 0));
    /// let mut expected = game.clone();
    /// expected.play_unchecked(moves.get(0).unwrap());
    /// assert_eq!(child, expected);
    /// let mut draughts = variant_games::new_game("checkers3d", "heights=1").unwrap();
    /// assert!(!draughts.play_listed(&moves, 0)); // a chess list: nothing played
    /// ```
    #[inline(always)]
    pub fn play_listed(&mut self, moves: &ListedMoves, index: usize) -> bool {
        let TypedList::Listed(list) = &moves.list else {
            return false;
        };
        crate::with_games!(play_from_list, (self, list, index))
    }
}

/// [`listed`] with the codes of the typed moves ([`MoveCode::move_codes`] on the typed list:
/// one dispatch for the list, and the game's own way of coding a whole list).
#[inline]
fn listed_with_codes<G: MoveCode>(
    game: &G,
    wrap: impl Fn(G::Move) -> AnyMove,
    moves: &mut AnyMoveList,
    codes: &mut Vec<u64>,
) -> Result<(), EncodeError> {
    let mut typed = G::MoveList::default();
    game.legal_moves_into(&mut typed);
    for &mv in typed.iter() {
        moves.push(wrap(mv));
    }
    game.move_codes(&typed, codes)
}

impl Game for AnyGame {
    type Config = AnyConfig;
    type Move = AnyMove;
    type MoveList = AnyMoveList;

    /// The type's name; [`Game::name`] gives the name of the game held.
    const NAME: &'static str = "any";

    fn name(&self) -> &'static str {
        dispatch!(TypedGame, &self.game, g => g.name())
    }

    fn new(config: &AnyConfig) -> Result<Self, ConfigError> {
        let game = dispatch!(AnyConfig, config, c, wrap = TypedGame => wrap(Game::new(c)?));
        Ok(AnyGame::from_typed(game))
    }

    fn config(&self) -> &AnyConfig {
        self.config
            .get_or_init(|| dispatch!(TypedGame, &self.game, g => AnyConfig::from(config_of(g))))
    }

    fn from_text(config: &AnyConfig, text: &str) -> Result<Self, PositionError> {
        let game =
            dispatch!(AnyConfig, config, c, wrap = TypedGame => wrap(Game::from_text(c, text)?));
        Ok(AnyGame::from_typed(game))
    }

    fn to_text(&self) -> String {
        dispatch!(TypedGame, &self.game, g => g.to_text())
    }

    fn seat_count(&self) -> usize {
        dispatch!(TypedGame, &self.game, g => g.seat_count())
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        dispatch!(TypedGame, &self.game, g => g.seat_name(seat))
    }

    #[inline]
    fn side_to_move(&self) -> Seat {
        dispatch!(TypedGame, &self.game, g => g.side_to_move())
    }

    #[inline]
    fn legal_moves_into(&self, moves: &mut AnyMoveList) {
        moves.clear();
        dispatch!(TypedGame, &self.game, g, wrap = AnyMove => listed(g, wrap, moves))
    }

    #[inline]
    fn generate_moves<S: MoveSink<AnyMove>>(&self, sink: &mut S) {
        dispatch!(TypedGame, &self.game, g, wrap = AnyMove => wrapped(g, wrap, sink))
    }

    #[inline(always)]
    fn count_legal_moves(&self) -> u64 {
        dispatch!(TypedGame, &self.game, g => g.count_legal_moves())
    }

    fn is_legal(&self, mv: AnyMove) -> bool {
        dispatch_move!(&self.game, mv, g, m => g.is_legal(m), else false)
    }

    /// The count of the game held: one dispatch for the whole count, none per node, so a
    /// perft through `AnyGame` runs at the typed game's speed in any build (docs/benchmarks.md,
    /// "AnyGame for an embedder").
    fn perft_count(&self, depth: u32) -> u64 {
        dispatch!(TypedGame, &self.game, g => variant_core::perft::perft(g, depth))
    }

    // Always inlined: one match on the game and the move, then the typed game's play, with no
    // call in between in a caller built without LTO (the C library plays every value of its
    // walks through here, a search over `AnyGame` every move).
    #[inline(always)]
    fn play_unchecked(&mut self, mv: AnyMove) {
        if self.config.get().is_some() {
            self.config = OnceLock::new();
        }
        // A move of another game: nothing to play (the position stays as it is, which the
        // contract of play_unchecked allows; try_play refuses it).
        dispatch_move!(&mut self.game, mv, g, m => g.play_unchecked(m), else {})
    }

    fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        dispatch!(TypedGame, &self.game, g => g.parse_move(text).map(AnyMove::from))
    }

    fn format_move(&self, mv: AnyMove) -> String {
        dispatch_move!(
            &self.game, mv, g, m => g.format_move(m),
            else format!("{mv:?} (a move of another game)")
        )
    }

    fn status(&self) -> Status {
        dispatch!(TypedGame, &self.game, g => g.status())
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        dispatch!(TypedGame, &self.game, g => g.zobrist())
    }

    fn recompute_zobrist(&self) -> u64 {
        dispatch!(TypedGame, &self.game, g => g.recompute_zobrist())
    }

    #[inline]
    fn perft_key(&self) -> u64 {
        dispatch!(TypedGame, &self.game, g => g.perft_key())
    }

    fn repetition_key(&self) -> u64 {
        dispatch!(TypedGame, &self.game, g => g.repetition_key())
    }

    fn repetition_rules(&self) -> RepetitionRules {
        dispatch!(TypedGame, &self.game, g => g.repetition_rules())
    }

    fn claimable_draw(&self) -> Option<DrawReason> {
        dispatch!(TypedGame, &self.game, g => g.claimable_draw())
    }

    fn board_view(&self) -> Option<BoardView> {
        dispatch!(TypedGame, &self.game, g => g.board_view())
    }

    fn move_search_exceeds(&self, steps: u64) -> bool {
        dispatch!(TypedGame, &self.game, g => g.move_search_exceeds(steps))
    }

    fn playing_seats(&self) -> Vec<Seat> {
        dispatch!(TypedGame, &self.game, g => g.playing_seats())
    }

    fn resign(&mut self, seat: Seat) -> Result<Option<Status>, ActionError> {
        if self.config.get().is_some() {
            self.config = OnceLock::new();
        }
        dispatch!(TypedGame, &mut self.game, g => g.resign(seat))
    }
}

/// The code of a move is the typed game's code (each game crate's `codec` module gives its
/// layout); a move of another game has none.
///
/// # Example
///
/// ```
/// use variant_games::prelude::*;
/// use variant_games::variant_core::codec::MoveCode;
/// let game = variant_games::new_game("chess-t", "").unwrap();
/// let moves = game.legal_moves();
/// let mut codes = Vec::new();
/// game.move_codes(&moves, &mut codes).unwrap();
/// assert!(codes.iter().all(|&c| c >> 60 == game.code_tag()));
/// assert_eq!(game.decode_move(codes[3]).unwrap(), moves[3]);
/// // A chess3d code is no move of chess-T.
/// let chess = variant_games::new_game("chess3d", "heights=1").unwrap();
/// let e2e4 = chess.encode_move(chess.parse_move("e2e4").unwrap()).unwrap();
/// assert!(game.decode_move(e2e4).is_err());
/// ```
impl MoveCode for AnyGame {
    /// 0, no game: the type holds a game chosen at run time, so only a value has a tag
    /// ([`MoveCode::code_tag`], the held game's).
    const CODE_TAG: u64 = 0;

    #[inline]
    fn code_tag(&self) -> u64 {
        dispatch!(TypedGame, &self.game, g => g.code_tag())
    }

    #[inline]
    fn move_code(&self, mv: AnyMove, earlier: &[u64]) -> Result<u64, EncodeError> {
        dispatch_move!(
            &self.game, mv, g, m => g.move_code(m, earlier),
            else Err(EncodeError::Unencodable {
                what: format!("{mv:?}: a move of another game than {}", self.name()),
            })
        )
    }
}

/// How the game held is shown: the typed game's pieces, zones and notes.
///
/// # Example
///
/// ```
/// use variant_games::variant_core::presentation::Presentation;
/// let draughts = variant_games::new_game("checkers3d", "").unwrap();
/// assert!(draughts.piece_look('M').unwrap().disc);
/// let chess_t = variant_games::new_game("chess-t", "").unwrap();
/// assert_eq!(chess_t.notes().unwrap().label, "strengths");
/// ```
impl Presentation for AnyGame {
    fn pieces(&self) -> &'static [PieceLook] {
        dispatch!(TypedGame, &self.game, g => Presentation::pieces(g))
    }

    fn zones(&self) -> &'static [Zone] {
        dispatch!(TypedGame, &self.game, g => Presentation::zones(g))
    }

    fn notes(&self) -> Option<Notes> {
        dispatch!(TypedGame, &self.game, g => Presentation::notes(g))
    }

    fn presets(&self) -> &'static [variant_core::presentation::Preset] {
        dispatch!(TypedGame, &self.game, g => Presentation::presets(g))
    }

    fn seat_colours(&self, seat: Seat) -> SeatColours {
        dispatch!(TypedGame, &self.game, g => Presentation::seat_colours(g, seat))
    }
}

/// The actions of the typed game (each game crate's `actions` module gives its numbering).
///
/// # Example
///
/// ```
/// use variant_games::Game;
/// use variant_games::variant_core::actions::ActionSpace;
/// let game = variant_games::new_game("chess3d", "heights=1").unwrap();
/// assert_eq!(game.action_count(1), 64 * 64 * 5);
/// // C3-51: e2e4 is (12 * 64 + 28) * 5.
/// let legal = game.legal_actions(1).unwrap();
/// assert!(legal.actions.iter().any(|&(a, mv)| a == 3980 && game.format_move(mv) == "e2e4"));
/// ```
impl ActionSpace for AnyGame {
    fn action_count(&self, slots: usize) -> usize {
        dispatch!(TypedGame, &self.game, g => g.action_count(slots))
    }

    fn legal_actions(&self, slots: usize) -> Result<LegalActions<AnyMove>, EncodeError> {
        dispatch!(TypedGame, &self.game, g, wrap = AnyMove => {
            let legal = g.legal_actions(slots)?;
            Ok(LegalActions {
                actions: legal.actions.into_iter().map(|(a, m)| (a, wrap(m))).collect(),
                dropped: legal.dropped,
            })
        })
    }
}

/// The planes of the typed game (each game crate's `planes` module names its pieces).
///
/// # Example
///
/// ```
/// use variant_games::variant_core::planes::Observation;
/// let game = variant_games::new_game("checkers3d", "heights=2").unwrap();
/// assert_eq!(game.piece_kinds(), &['M', 'K']);
/// assert_eq!(game.board_codes().unwrap().shape, [2, 8, 8]);
/// ```
impl Observation for AnyGame {
    fn piece_kinds(&self) -> &'static [char] {
        dispatch!(TypedGame, &self.game, g => g.piece_kinds())
    }

    fn board_codes(&self) -> Result<BoardCodes, EncodeError> {
        dispatch!(TypedGame, &self.game, g => g.board_codes())
    }

    fn observation(&self, observer: Seat) -> Result<Planes, EncodeError> {
        dispatch!(TypedGame, &self.game, g => g.observation(observer))
    }
}
