//! Game configurations: the keys every frontend (CLI, C API, JSON) uses, and small parsers
//! for their values.

use crate::ConfigError;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// One configuration key of a game, as the registry lists it.
///
/// # Example
///
/// ```
/// use variant_core::GameConfig;
/// use variant_core::doc_game::NimConfig;
///
/// // The docs' Nim has one key, listed with its default and what it accepts.
/// let keys = NimConfig::keys();
/// assert_eq!(keys.len(), 1);
/// assert_eq!((keys[0].name, keys[0].default, keys[0].allowed), ("counters", "10", "1..=100"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConfigKey {
    /// The key, e.g. `heights`.
    pub name: &'static str,
    /// What it sets.
    pub description: &'static str,
    /// Its default value, as text.
    pub default: &'static str,
    /// What it accepts, as text (e.g. `1..=8`, `on|off`).
    pub allowed: &'static str,
}

/// A game's configuration: a serde value with named keys settable from text.
///
/// The same key names serve the CLI (`--config heights=2`), the C API (`heights=2;removal=off`)
/// and JSON (`{"heights": 2}`).
///
/// # Example
///
/// ```
/// use variant_core::GameConfig;
/// use variant_core::doc_game::NimConfig;
///
/// let mut config = NimConfig::default();
/// config.set("counters", "21").unwrap();
/// assert_eq!(config.get("counters").as_deref(), Some("21"));
/// assert_eq!(NimConfig::from_text(&config.to_text()).unwrap(), config); // a round trip
/// assert!(config.set("counters", "0").is_err()); // 1..=100
/// ```
pub trait GameConfig:
    Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The keys, in the order they are listed.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::GameConfig;
    /// use variant_core::doc_game::NimConfig;
    ///
    /// let names: Vec<&str> = NimConfig::keys().iter().map(|k| k.name).collect();
    /// assert_eq!(names, ["counters"]);
    /// ```
    fn keys() -> &'static [ConfigKey];

    /// Sets one key from its text value.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] for a key the game does not have or a value the key does not accept.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{ConfigError, GameConfig};
    /// use variant_core::doc_game::NimConfig;
    ///
    /// let mut config = NimConfig::default();
    /// config.set("counters", "7").unwrap();
    /// assert_eq!(config.counters, 7);
    /// assert!(matches!(config.set("colour", "blue"), Err(ConfigError::UnknownKey { .. })));
    /// assert!(matches!(config.set("counters", "many"), Err(ConfigError::BadValue { .. })));
    /// ```
    fn set(&mut self, key: &str, value: &str) -> Result<(), ConfigError>;

    /// The current value of a key, as text in the form [`GameConfig::set`] accepts
    /// (`None` for an unknown key).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::GameConfig;
    /// use variant_core::doc_game::NimConfig;
    ///
    /// let config = NimConfig::default();
    /// assert_eq!(config.get("counters").as_deref(), Some("10"));
    /// assert_eq!(config.get("colour"), None);
    /// ```
    fn get(&self, key: &str) -> Option<String>;

    /// Checks that the values fit together (called after all keys are set).
    ///
    /// # Errors
    ///
    /// [`ConfigError`] naming the values that do not fit together.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::GameConfig;
    /// use variant_core::doc_game::NimConfig;
    ///
    /// assert!(NimConfig::default().validate().is_ok());
    /// ```
    fn validate(&self) -> Result<(), ConfigError> {
        Ok(())
    }

    /// Whether a position whose text fixes `text_value` for `key` can arise in a game started
    /// with this configuration. The default: the two values are the same. A game whose play
    /// changes what its configuration fixed overrides this (checkers3d takes empty heights
    /// out, D3-30, so a position of a game started on 8 heights may have 6).
    ///
    /// A reader given both a configuration and a position text (`variants analyse -c …
    /// --position …`) asks this for every key it was given.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::GameConfig;
    /// use variant_core::doc_game::NimConfig;
    ///
    /// let config = NimConfig::from_pairs([("counters", "13")]).unwrap();
    /// assert!(config.admits_in_play("counters", "13"));
    /// assert!(!config.admits_in_play("counters", "12"));
    /// ```
    fn admits_in_play(&self, key: &str, text_value: &str) -> bool {
        self.get(key).as_deref() == Some(text_value)
    }

    /// A configuration from `key=value` pairs on top of the defaults, validated.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] for the first pair [`GameConfig::set`] refuses, or from
    /// [`GameConfig::validate`].
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::GameConfig;
    /// use variant_core::doc_game::NimConfig;
    ///
    /// let config = NimConfig::from_pairs([("counters", "13")]).unwrap();
    /// assert_eq!(config.counters, 13);
    /// assert!(NimConfig::from_pairs([("counters", "101")]).is_err());
    /// ```
    fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, ConfigError> {
        let mut config = Self::default();
        for (key, value) in pairs {
            config.set(key.trim(), value.trim())?;
        }
        config.validate()?;
        Ok(config)
    }

    /// Every key with its current value.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::GameConfig;
    /// use variant_core::doc_game::NimConfig;
    ///
    /// // Every key, the defaults included (unlike `to_text`, which names only what differs).
    /// assert_eq!(NimConfig::default().to_pairs(), [("counters", "10".to_string())]);
    /// ```
    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        Self::keys()
            .iter()
            .map(|k| (k.name, self.get(k.name).unwrap_or_default()))
            .collect()
    }

    /// Reads a configuration written as `key=value` pairs separated by `;` or newlines
    /// (`heights=2;removal=off`), or as a JSON object (`{"heights": 2}`), on top of the defaults.
    /// The empty text is the default configuration. This is what `FromStr` does on every
    /// game's configuration type.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] for a text that is not pairs or JSON, an unknown key, a bad value, or
    /// values that do not fit together.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::GameConfig;
    /// # use variant_core::doc_game::NimConfig as MyConfig;
    /// let config = MyConfig::from_text("counters=7").unwrap();
    /// assert_eq!(config.get("counters").as_deref(), Some("7"));
    /// assert!(MyConfig::from_text("colour=blue").is_err());
    /// ```
    fn from_text(text: &str) -> Result<Self, ConfigError> {
        if text.trim_start().starts_with('{') {
            let pairs = json_to_pairs(text)?;
            Self::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        } else {
            Self::from_pairs(split_pairs(text)?)
        }
    }

    /// The configuration as `key=value` pairs joined by `;`, naming only what differs from the
    /// default (so the default configuration is the empty text). Reading the text back with
    /// [`GameConfig::from_text`] gives an equal configuration. This is what `Display` writes.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::GameConfig;
    /// # use variant_core::doc_game::NimConfig as MyConfig;
    /// assert_eq!(MyConfig::default().to_text(), "");
    /// let config = MyConfig::from_text("counters = 7").unwrap();
    /// assert_eq!(config.to_text(), "counters=7");
    /// ```
    fn to_text(&self) -> String {
        // Keys are visited in order; a key is written when the configuration built from what is
        // written so far disagrees with this one on it. Keys whose default follows another key
        // (a base height following the number of heights) are then written only when needed.
        let mut partial = Self::default();
        let mut parts = Vec::new();
        for key in Self::keys() {
            let wanted = self.get(key.name);
            if partial.get(key.name) != wanted
                && let Some(value) = wanted
                && partial.set(key.name, &value).is_ok()
            {
                parts.push(format!("{}={value}", key.name));
            }
        }
        parts.join(";")
    }
}

/// Implements `FromStr` (through [`GameConfig::from_text`]) and `Display` (through
/// [`GameConfig::to_text`]) for a configuration type.
///
/// # Example
///
/// ```
/// # use variant_core::doc_game::NimConfig;
/// // variant_core::impl_config_text!(NimConfig); is how the doc game gets these:
/// let config: NimConfig = "counters=12".parse().unwrap();
/// assert_eq!(config.to_string(), "counters=12");
/// ```
#[macro_export]
macro_rules! impl_config_text {
    ($config:ty) => {
        impl ::std::str::FromStr for $config {
            type Err = $crate::ConfigError;
            fn from_str(text: &str) -> ::std::result::Result<Self, Self::Err> {
                <$config as $crate::GameConfig>::from_text(text)
            }
        }
        impl ::std::fmt::Display for $config {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&<$config as $crate::GameConfig>::to_text(self))
            }
        }
    };
}

/// The error for an unknown key of game `game` with keys `keys`.
///
/// # Example
///
/// ```
/// use variant_core::GameConfig;
/// use variant_core::config::unknown_key;
/// use variant_core::doc_game::NimConfig;
///
/// let err = unknown_key("nim", "colour", NimConfig::keys());
/// let text = "unknown configuration key \"colour\" for nim; allowed keys: counters";
/// assert_eq!(err.to_string(), text);
/// ```
pub fn unknown_key(game: &str, key: &str, keys: &[ConfigKey]) -> ConfigError {
    ConfigError::UnknownKey {
        game: game.to_string(),
        key: crate::error::shorten(key),
        allowed: keys.iter().map(|k| k.name.to_string()).collect(),
    }
}

/// The error for a bad value of `key`.
///
/// # Example
///
/// ```
/// use variant_core::config::bad_value;
///
/// let err = bad_value("heights", "9", "out of range", "1..=8");
/// assert_eq!(err.to_string(), "configuration heights=\"9\": out of range; allowed: 1..=8");
/// ```
pub fn bad_value(
    key: &str,
    value: &str,
    reason: impl Into<String>,
    allowed: impl Into<String>,
) -> ConfigError {
    ConfigError::BadValue {
        key: key.to_string(),
        value: crate::error::shorten(value),
        reason: crate::error::bound(reason.into()),
        allowed: allowed.into(),
    }
}

/// Parses `on`/`off` (also `true`/`false`, `yes`/`no`, `1`/`0`).
///
/// # Errors
///
/// [`ConfigError::BadValue`] for any other text.
///
/// # Example
///
/// ```
/// use variant_core::config::parse_switch;
///
/// assert_eq!(parse_switch("castling", "on").unwrap(), true);
/// assert_eq!(parse_switch("castling", "No").unwrap(), false);
/// assert!(parse_switch("castling", "maybe").is_err());
/// ```
pub fn parse_switch(key: &str, value: &str) -> Result<bool, ConfigError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(bad_value(key, value, "not a switch", "on|off")),
    }
}

/// Formats a switch as `on`/`off`.
///
/// # Example
///
/// ```
/// use variant_core::config::{format_switch, parse_switch};
///
/// assert_eq!(format_switch(true), "on");
/// assert_eq!(parse_switch("k", &format_switch(false)).unwrap(), false);
/// ```
pub fn format_switch(on: bool) -> String {
    if on { "on" } else { "off" }.to_string()
}

/// Parses an integer in `min..=max`.
///
/// # Errors
///
/// [`ConfigError::BadValue`] for a text that is not an integer or one outside `min..=max`.
///
/// # Example
///
/// ```
/// use variant_core::config::parse_int;
///
/// assert_eq!(parse_int("heights", " 3 ", 1, 8).unwrap(), 3);
/// assert!(parse_int("heights", "9", 1, 8).unwrap_err().to_string().contains("out of range"));
/// assert!(parse_int("heights", "three", 1, 8).is_err());
/// ```
pub fn parse_int(key: &str, value: &str, min: u32, max: u32) -> Result<u32, ConfigError> {
    let allowed = format!("an integer {min}..={max}");
    let n: u32 = value
        .trim()
        .parse()
        .map_err(|_| bad_value(key, value, "not an integer", allowed.clone()))?;
    if n < min || n > max {
        return Err(bad_value(key, value, "out of range", allowed));
    }
    Ok(n)
}

/// Parses a comma-separated list of integers in `min..=max` (at least one, no repeats),
/// returned sorted.
///
/// # Errors
///
/// [`ConfigError::BadValue`] for a part that is not an integer, is outside `min..=max` or is given
/// twice.
///
/// # Example
///
/// ```
/// use variant_core::config::parse_int_list;
///
/// assert_eq!(parse_int_list("white-heights", "3, 1", 1, 8).unwrap(), [1, 3]);
/// let twice = parse_int_list("white-heights", "1,1", 1, 8).unwrap_err();
/// assert!(twice.to_string().contains("1 is given twice"));
/// assert!(parse_int_list("white-heights", "", 1, 8).is_err()); // at least one
/// ```
pub fn parse_int_list(key: &str, value: &str, min: u32, max: u32) -> Result<Vec<u32>, ConfigError> {
    let allowed = format!("a comma list of integers {min}..={max}");
    let mut out = Vec::new();
    for part in value.split(',') {
        let part = part.trim();
        let n: u32 = part.parse().map_err(|_| {
            bad_value(
                key,
                value,
                format!("{:?} is not an integer", crate::error::shorten(part)),
                allowed.clone(),
            )
        })?;
        if n < min || n > max {
            return Err(bad_value(
                key,
                value,
                format!("{n} is out of range"),
                allowed,
            ));
        }
        if out.contains(&n) {
            return Err(bad_value(
                key,
                value,
                format!("{n} is given twice"),
                allowed,
            ));
        }
        out.push(n);
    }
    out.sort_unstable();
    Ok(out)
}

/// Formats a list of integers as a comma list.
///
/// # Example
///
/// ```
/// use variant_core::config::{format_int_list, parse_int_list};
///
/// assert_eq!(format_int_list(&[1, 2, 8]), "1,2,8");
/// assert_eq!(parse_int_list("k", &format_int_list(&[2, 5]), 1, 8).unwrap(), [2, 5]);
/// ```
pub fn format_int_list(values: &[u32]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Splits a configuration string `k=v;k=v` (also accepting newlines) into pairs.
///
/// # Errors
///
/// [`ConfigError::Inconsistent`] for a part without `=`.
///
/// # Example
///
/// ```
/// use variant_core::config::split_pairs;
///
/// let pairs = split_pairs("heights=2; removal = off\n").unwrap();
/// assert_eq!(pairs, [("heights", "2"), ("removal", "off")]);
/// assert!(split_pairs("").unwrap().is_empty());
/// assert!(split_pairs("heights").is_err()); // not a key=value pair
/// ```
pub fn split_pairs(text: &str) -> Result<Vec<(&str, &str)>, ConfigError> {
    let mut pairs = Vec::new();
    for part in text.split([';', '\n']) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let (k, v) = part.split_once('=').ok_or_else(|| {
            ConfigError::Inconsistent(format!(
                "{:?} is not a key=value pair",
                crate::error::shorten(part)
            ))
        })?;
        pairs.push((k.trim(), v.trim()));
    }
    Ok(pairs)
}

/// Converts a JSON object of configuration values into `key=value` pairs: strings as they are,
/// numbers and booleans as text (`true` → `on`), arrays as comma lists.
///
/// # Errors
///
/// [`ConfigError::Json`] for text that is not JSON or not an object, or a value that has no text
/// form (null or a nested object).
///
/// # Example
///
/// ```
/// use variant_core::config::json_to_pairs;
///
/// let json = r#"{"heights": 2, "castling": true, "white-heights": [1, 2]}"#;
/// let pairs = json_to_pairs(json).unwrap();
/// let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
/// assert!(pairs.contains(&("heights", "2")));
/// assert!(pairs.contains(&("castling", "on")));
/// assert!(pairs.contains(&("white-heights", "1,2")));
/// assert!(json_to_pairs("[1, 2]").is_err()); // not an object
/// ```
pub fn json_to_pairs(json: &str) -> Result<Vec<(String, String)>, ConfigError> {
    let value: serde_json::Value = serde_json::from_str(json)
        .map_err(|e| ConfigError::Json(crate::error::bound(e.to_string())))?;
    let object = value
        .as_object()
        .ok_or_else(|| ConfigError::Json("expected an object of key: value".to_string()))?;
    let mut pairs = Vec::new();
    for (key, value) in object {
        pairs.push((key.clone(), json_value_text(key, value)?));
    }
    Ok(pairs)
}

fn json_value_text(key: &str, value: &serde_json::Value) -> Result<String, ConfigError> {
    use serde_json::Value;
    Ok(match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => format_switch(*b),
        Value::Array(items) => items
            .iter()
            .map(|v| json_value_text(key, v))
            .collect::<Result<Vec<_>, _>>()?
            .join(","),
        Value::Null | Value::Object(_) => {
            return Err(ConfigError::Json(format!(
                "key {:?}: expected a string, number, boolean or array",
                crate::error::shorten(key)
            )));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_and_lists() {
        assert_eq!(parse_switch("k", "ON"), Ok(true));
        assert!(parse_switch("k", "maybe").is_err());
        assert_eq!(parse_int_list("k", "3, 1,2", 1, 8), Ok(vec![1, 2, 3]));
        assert!(parse_int_list("k", "1,1", 1, 8).is_err());
        assert!(parse_int_list("k", "9", 1, 8).is_err());
        assert!(parse_int("k", "", 1, 8).is_err());
    }

    #[test]
    fn pairs_and_json() {
        assert_eq!(
            split_pairs("heights=2; removal=off").unwrap(),
            vec![("heights", "2"), ("removal", "off")]
        );
        assert!(split_pairs("heights").is_err());
        let pairs = json_to_pairs(r#"{"heights": 2, "castling": false, "w": [1, 2]}"#).unwrap();
        assert!(pairs.contains(&("heights".to_string(), "2".to_string())));
        assert!(pairs.contains(&("castling".to_string(), "off".to_string())));
        assert!(pairs.contains(&("w".to_string(), "1,2".to_string())));
        assert!(json_to_pairs("[1]").is_err());
        assert!(json_to_pairs("{").is_err());
    }
}
