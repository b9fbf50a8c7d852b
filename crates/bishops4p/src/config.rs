//! The game's configuration: short or long game, three or four players, castling and en passant.

use serde::{Deserialize, Serialize};
use variant_core::config::{bad_value, format_switch, parse_switch, unknown_key};
use variant_core::{ConfigError, ConfigKey, GameConfig};

/// Short game (the first mate ends it, B4-20) or long game (mated players leave, B4-21).
///
/// # Example
///
/// ```
/// use bishops4p::prelude::*;
/// use bishops4p::{Mode, Phase};
///
/// // B4-20: the short game is the default; B4-21: `mode=long` plays the long game.
/// assert_eq!(BishopsConfig::default().mode, Mode::Short);
/// let long: BishopsConfig = "mode=long".parse().unwrap();
/// assert_eq!(long.mode, Mode::Long);
/// assert_eq!(Bishops::new(&long).unwrap().phase(), Phase::Long);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The first mate ends the game (B4-20).
    #[default]
    Short,
    /// Mated players are removed until one is left (B4-21, B4-22).
    Long,
}

/// The configuration of a game of "Bishops".
///
/// # Example
///
/// ```
/// use bishops4p::prelude::*;
/// let three: BishopsConfig = "players=3".parse().unwrap();
/// assert_eq!(three.to_string(), "players=3");
/// assert_eq!(BishopsConfig::default().to_string(), "");
/// assert!("players=5".parse::<BishopsConfig>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BishopsConfig {
    /// Short or long game (key `mode`).
    pub mode: Mode,
    /// 4, or 3 without Grey (B4-23) (key `players`).
    pub players: u8,
    /// Castling allowed (B4-10) (key `castling`).
    pub castling: bool,
    /// En passant allowed (B4-9) (key `en-passant`).
    #[serde(rename = "en-passant")]
    pub en_passant: bool,
}

impl Default for BishopsConfig {
    fn default() -> Self {
        BishopsConfig {
            mode: Mode::Short,
            players: 4,
            castling: true,
            en_passant: true,
        }
    }
}

const KEYS: &[ConfigKey] = &[
    ConfigKey {
        name: "mode",
        description: "short game (first mate wins) or long game (mated players leave)",
        default: "short",
        allowed: "short|long",
    },
    ConfigKey {
        name: "players",
        description: "four players, or three without Grey (White places two pieces first)",
        default: "4",
        allowed: "4|3",
    },
    ConfigKey {
        name: "castling",
        description: "castling allowed",
        default: "on",
        allowed: "on|off",
    },
    ConfigKey {
        name: "en-passant",
        description: "en passant allowed",
        default: "on",
        allowed: "on|off",
    },
];

impl GameConfig for BishopsConfig {
    fn keys() -> &'static [ConfigKey] {
        KEYS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        match key {
            "mode" => {
                self.mode = match value.trim().to_ascii_lowercase().as_str() {
                    "short" => Mode::Short,
                    "long" => Mode::Long,
                    _ => return Err(bad_value(key, value, "not a game mode", "short|long")),
                }
            }
            "players" => {
                self.players = match value.trim() {
                    "4" => 4,
                    "3" => 3,
                    _ => return Err(bad_value(key, value, "not a number of players", "4|3")),
                }
            }
            "castling" => self.castling = parse_switch(key, value)?,
            "en-passant" => self.en_passant = parse_switch(key, value)?,
            _ => return Err(unknown_key(crate::Bishops::NAME_STR, key, KEYS)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "mode" => match self.mode {
                Mode::Short => "short".to_string(),
                Mode::Long => "long".to_string(),
            },
            "players" => self.players.to_string(),
            "castling" => format_switch(self.castling),
            "en-passant" => format_switch(self.en_passant),
            _ => return None,
        })
    }

    fn validate(&self) -> Result<(), ConfigError> {
        if self.players != 3 && self.players != 4 {
            return Err(bad_value(
                "players",
                &self.players.to_string(),
                "not a number of players",
                "4|3",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_set_get_and_serde() {
        let c =
            BishopsConfig::from_pairs([("mode", "long"), ("players", "3"), ("en-passant", "off")])
                .unwrap();
        assert_eq!(c.get("mode").as_deref(), Some("long"));
        assert_eq!(c.get("players").as_deref(), Some("3"));
        assert_eq!(c.get("castling").as_deref(), Some("on"));
        assert_eq!(c.get("en-passant").as_deref(), Some("off"));
        assert!(BishopsConfig::from_pairs([("players", "5")]).is_err());
        assert!(BishopsConfig::from_pairs([("colour", "x")]).is_err());
        let json = serde_json::to_string(&c).unwrap();
        assert!(json.contains("\"en-passant\":false"), "{json}");
        let back: BishopsConfig = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
        let keys: Vec<&str> = BishopsConfig::keys().iter().map(|k| k.name).collect();
        assert_eq!(keys, ["mode", "players", "castling", "en-passant"]);
    }
}
