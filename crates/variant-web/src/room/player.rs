//! Who plays a seat: a person, or the workspace's engine with the server's bounds.

use std::time::Duration;
use variant_engine::Limits;
use variant_engine::nnue::EvalChoice;
use variant_match::{EngineSpec, PlayerSpec};

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person with the seat's token.
    Human,
    /// The workspace's engine with the limits and table size of its spec (the players
    /// library's `engine[:depth=N,movetime=MS,nodes=N,hash=MB]`).
    Engine(EngineSpec),
}

/// The engine's thinking time a move when its spec names no limit, in milliseconds (a plain
/// `engine` seat has always thought this long on the server).
pub const DEFAULT_MOVETIME: u64 = 1000;
/// The engine's largest thinking time a move, in milliseconds: a bound for every engine
/// seat, also one limited by depth or nodes only (a worker thread is held while it thinks).
pub const MAX_MOVETIME: u64 = 60_000;
/// The engine's transposition table when the spec names none, in MiB (the server keeps one
/// table a seat for the whole game, many games at once, so it is small).
pub const DEFAULT_HASH_MB: usize = 4;
/// The largest table a seat may ask for, in MiB.
pub const MAX_HASH_MB: usize = 64;

/// What the server's seats can be, for its error messages.
const SEAT_GRAMMAR: &str = "human or engine[:depth=N,movetime=MS,nodes=N,hash=MB]";

impl Player {
    /// Reads a player spec of the players library (`variant_match::PlayerSpec`) that the
    /// server can serve: `human` or `engine[:depth=N,movetime=MS,nodes=N,hash=MB]`. A plain
    /// `engine` (no depth, movetime or nodes) thinks [`DEFAULT_MOVETIME`] ms a move, and
    /// without `hash` the table has [`DEFAULT_HASH_MB`] MiB.
    ///
    /// # Errors
    /// A spec the library does not read; `uci:` (the server starts no programs); `random`
    /// and `greedy` (not served); a movetime above [`MAX_MOVETIME`] or a hash above
    /// [`MAX_HASH_MB`].
    pub fn parse(text: &str) -> Result<Player, String> {
        let spec = PlayerSpec::parse(text).map_err(|e| e.to_string())?;
        match spec {
            PlayerSpec::Human => Ok(Player::Human),
            PlayerSpec::Engine(engine) => {
                // `eval=PATH` would read a file of the server's machine named by a client:
                // only the evaluations the server has are offered, and the spec is refused
                // before any file is read.
                if let Some(EvalChoice::File(_)) = engine.eval {
                    return Err(format!(
                        "player {text:?}: eval= must be classic or default on this server"
                    ));
                }
                let mut engine =
                    engine.or_limits(Limits::movetime(Duration::from_millis(DEFAULT_MOVETIME)));
                // The server's form names no table of the server's own default size.
                if engine.hash_mb == Some(DEFAULT_HASH_MB) {
                    engine.hash_mb = None;
                }
                if engine
                    .limits
                    .movetime
                    .is_some_and(|t| t > Duration::from_millis(MAX_MOVETIME))
                {
                    return Err(format!(
                        "player {text:?}: movetime must be 1 to {MAX_MOVETIME} milliseconds"
                    ));
                }
                if engine.hash_mb.is_some_and(|mb| mb > MAX_HASH_MB) {
                    return Err(format!(
                        "player {text:?}: hash must be 1 to {MAX_HASH_MB} MiB on this server"
                    ));
                }
                Ok(Player::Engine(engine))
            }
            PlayerSpec::Uci(_) => Err(format!(
                "player {text:?}: this server does not start programs (uci:…); \
                 a seat is {SEAT_GRAMMAR}"
            )),
            PlayerSpec::Random | PlayerSpec::Greedy => Err(format!(
                "player {text:?}: this server does not seat random or greedy players; \
                 a seat is {SEAT_GRAMMAR}"
            )),
        }
    }

    /// The text form `parse` reads back to the same player: the players library's text of
    /// the spec in the server's form (with the server's time limit when the spec gave none,
    /// without a table of the server's default size).
    pub fn text(&self) -> String {
        match self {
            Player::Human => PlayerSpec::Human.to_string(),
            Player::Engine(engine) => PlayerSpec::Engine(engine.clone()).to_string(),
        }
    }

    /// The engine seat's transposition table in MiB: the spec's `hash`, else the server's
    /// [`DEFAULT_HASH_MB`].
    pub fn table_mb(engine: &EngineSpec) -> usize {
        engine.hash_mb.unwrap_or(DEFAULT_HASH_MB)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_names_no_file_of_the_server() {
        // Refused before any file is read: a missing file and an existing one that is no net
        // get the same answer.
        for text in ["engine:eval=no/such.vnet", "engine:depth=2,eval=Cargo.toml"] {
            let e = Player::parse(text).unwrap_err();
            assert!(
                e.contains("eval= must be classic or default"),
                "{text}: {e}"
            );
        }
        for text in ["engine:eval=classic", "engine:eval=default", "engine:eval="] {
            assert!(Player::parse(text).is_ok(), "{text}");
        }
    }

    #[test]
    fn the_servers_form_of_a_seat() {
        let shown = |text: &str| Player::parse(text).unwrap().text();
        assert_eq!(shown("human"), "human");
        assert_eq!(shown("engine"), "engine:movetime=1000");
        assert_eq!(shown("engine:hash=4"), "engine:movetime=1000");
        assert_eq!(shown("engine:hash=8,depth=2"), "engine:depth=2,hash=8");
        assert_eq!(
            shown("engine:eval=classic,nodes=9"),
            "engine:nodes=9,eval=classic"
        );
        for text in ["engine", "engine:hash=8,depth=2", "engine:eval=classic"] {
            let player = Player::parse(text).unwrap();
            assert_eq!(Player::parse(&player.text()).unwrap(), player, "{text}");
        }
        let Player::Engine(plain) = Player::parse("engine").unwrap() else {
            panic!("an engine")
        };
        assert_eq!(Player::table_mb(&plain), DEFAULT_HASH_MB);
    }

    #[test]
    fn seats_over_the_servers_bounds_are_refused() {
        for (text, why) in [
            ("engine:movetime=60001", "movetime must be 1 to 60000"),
            ("engine:hash=65", "hash must be 1 to 64 MiB"),
            ("uci:./e", "does not start programs"),
            ("greedy", "does not seat random or greedy"),
        ] {
            let e = Player::parse(text).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
