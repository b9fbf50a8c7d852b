//! The game's configuration (C3-4): heights, base heights and the height-removal table.

use serde::{Deserialize, Serialize};
use variant_core::config::{bad_value, parse_int, unknown_key};
use variant_core::{ConfigError, ConfigKey, GameConfig, RemovalTable};

/// The default removal table T(n) = n + 3 (C3-30).
///
/// # Example
///
/// ```
/// // C3-30's usual table: T(8) = 11 … T(2) = 5.
/// assert_eq!(chess3d::DEFAULT_REMOVAL.threshold(8), Some(11));
/// assert_eq!(chess3d::DEFAULT_REMOVAL.threshold(2), Some(5));
/// assert_eq!(chess3d::Chess3dConfig::default().removal, chess3d::DEFAULT_REMOVAL);
/// ```
pub const DEFAULT_REMOVAL: RemovalTable = RemovalTable::n_plus(3);

/// How a chess3d game is set up (C3-4). Keys: `heights`, `white-base`, `black-base`, `removal`.
///
/// Two values that describe the same game are equal however they were built: Black's base
/// given as `Some(heights)` and left to follow the heights (`None`) compare (and hash) equal.
///
/// # Example
///
/// ```
/// use chess3d::prelude::*;
/// let a: Chess3dConfig = "heights=2".parse().unwrap();
/// let b = Chess3dConfig { heights: 2, white_base: 1, black_base: Some(2), ..Default::default() };
/// assert_eq!(a, b);
/// assert_eq!(b.to_string(), "heights=2");
/// ```
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default)]
pub struct Chess3dConfig {
    /// Number of heights H, 1–8 (default 8).
    pub heights: u8,
    /// White's base height Lw, 1-based (default 1).
    pub white_base: u8,
    /// Black's base height Lb, 1-based; `None` follows `heights` (the default Lb = H).
    /// Always serialized (as `null` when following), so non-self-describing formats such as
    /// bincode read it back.
    pub black_base: Option<u8>,
    /// The height-removal table (C3-30); default T(n) = n + 3.
    pub removal: RemovalTable,
}

impl PartialEq for Chess3dConfig {
    fn eq(&self, other: &Self) -> bool {
        self.heights == other.heights
            && self.white_base == other.white_base
            && self.black_base_height() == other.black_base_height()
            && self.removal == other.removal
    }
}

impl Eq for Chess3dConfig {}

impl std::hash::Hash for Chess3dConfig {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.heights, self.white_base, self.black_base_height()).hash(state);
        self.removal.hash(state);
    }
}

impl Default for Chess3dConfig {
    fn default() -> Self {
        Chess3dConfig {
            heights: 8,
            white_base: 1,
            black_base: None,
            removal: DEFAULT_REMOVAL,
        }
    }
}

const KEYS: &[ConfigKey] = &[
    ConfigKey {
        name: "heights",
        description: "number of heights H of the 8x8xH board (C3-1)",
        default: "8",
        allowed: "1..=8",
    },
    ConfigKey {
        name: "white-base",
        description: "White's base height Lw, 1-based (C3-4)",
        default: "1",
        allowed: "1..=heights",
    },
    ConfigKey {
        name: "black-base",
        description: "Black's base height Lb, 1-based (C3-4); follows heights unless set",
        default: "heights",
        allowed: "1..=heights",
    },
    ConfigKey {
        name: "removal",
        description: "height removal (C3-30): on = T(n)=n+3, off, or thresholds for 2..8 heights",
        default: "on",
        allowed: "on, off, or seven comma thresholds for 2..8 heights (0 or - for none)",
    },
];

impl Chess3dConfig {
    /// The start of a named builder: `heights` heights (C3-4), White's base on height 1,
    /// Black's base following the heights (Lb = H) and the default removal table. Chain
    /// [`Chess3dConfig::white_base`] and [`Chess3dConfig::black_base`] to move the bases.
    /// Values are checked when a game is made ([`Game::new`](variant_core::Game::new)).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::prelude::*;
    /// let config = Chess3dConfig::with_heights(5).with_white_base(2).with_black_base(4);
    /// assert_eq!(config.to_string(), "heights=5;white-base=2;black-base=4");
    /// // FIDE chess is one height with both bases on it.
    /// assert_eq!(Chess3dConfig::with_heights(1), "heights=1".parse::<Chess3dConfig>().unwrap());
    /// assert!(Chess3d::new(&Chess3dConfig::with_heights(2).with_white_base(3)).is_err());
    /// ```
    pub fn with_heights(heights: u8) -> Self {
        Chess3dConfig {
            heights,
            ..Chess3dConfig::default()
        }
    }

    /// The same configuration with White's base on height `height` (Lw, 1-based, C3-4).
    /// Builders are named `with_…` in every game crate; getters carry the plain name.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Chess3dConfig;
    /// let config = Chess3dConfig::with_heights(3).with_white_base(2);
    /// assert_eq!(config.white_base_height(), 2);
    /// ```
    pub fn with_white_base(mut self, height: u8) -> Self {
        self.white_base = height;
        self
    }

    /// The same configuration with Black's base on height `height` (Lb, 1-based, C3-4).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Chess3dConfig;
    /// let config = Chess3dConfig::with_heights(3).with_black_base(2);
    /// assert_eq!(config.black_base_height(), 2);
    /// // Lb = H is the default, however it was written.
    /// assert_eq!(
    ///     Chess3dConfig::with_heights(3).with_black_base(3),
    ///     Chess3dConfig::with_heights(3)
    /// );
    /// ```
    pub fn with_black_base(mut self, height: u8) -> Self {
        self.black_base = Some(height);
        self.canonical()
    }

    /// White's base height Lw (1-based).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(chess3d::Chess3dConfig::default().white_base_height(), 1);
    /// ```
    pub fn white_base_height(&self) -> u8 {
        self.white_base
    }

    /// The same configuration with another removal table.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Chess3dConfig;
    /// use variant_core::RemovalTable;
    /// let config = Chess3dConfig::with_heights(2).with_removal(RemovalTable::OFF);
    /// assert_eq!(config.to_string(), "heights=2;removal=off");
    /// ```
    pub fn with_removal(mut self, removal: RemovalTable) -> Self {
        self.removal = removal;
        self
    }

    /// Black's base height Lb (1-based), `heights` when not set.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(chess3d::Chess3dConfig::with_heights(5).black_base_height(), 5);
    /// ```
    pub fn black_base_height(&self) -> u8 {
        self.black_base.unwrap_or(self.heights)
    }

    /// Writes Lb = H as "follows heights", so equal set-ups compare equal.
    pub(crate) fn canonical(mut self) -> Self {
        if self.black_base == Some(self.heights) {
            self.black_base = None;
        }
        self
    }
}

impl GameConfig for Chess3dConfig {
    fn keys() -> &'static [ConfigKey] {
        KEYS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        match key {
            "heights" => self.heights = parse_int(key, value, 1, 8)? as u8,
            "white-base" => self.white_base = parse_int(key, value, 1, 8)? as u8,
            "black-base" => self.black_base = Some(parse_int(key, value, 1, 8)? as u8),
            "removal" => self.removal = RemovalTable::parse(key, value, DEFAULT_REMOVAL)?,
            _ => return Err(unknown_key("chess3d", key, KEYS)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "heights" => self.heights.to_string(),
            "white-base" => self.white_base.to_string(),
            "black-base" => self.black_base_height().to_string(),
            "removal" => {
                if self.removal == DEFAULT_REMOVAL {
                    "on".to_string()
                } else {
                    self.removal.to_text()
                }
            }
            _ => return None,
        })
    }

    /// With height removal on (C3-30), a later position of the game may have fewer heights
    /// than the start, and a base height above a removed one has moved down: a text's
    /// `heights` may be smaller than the configured one (down to the number of distinct
    /// base heights, which are never removed), and its base heights lower or equal.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::Chess3dConfig;
    /// use variant_core::GameConfig;
    ///
    /// let three = Chess3dConfig::with_heights(3);
    /// assert!(three.admits_in_play("heights", "2")); // the middle height removed
    /// assert!(!three.admits_in_play("heights", "1")); // bases 1 and 3 stay apart
    /// assert!(!Chess3dConfig::with_heights(2).admits_in_play("heights", "3"));
    /// ```
    fn admits_in_play(&self, key: &str, text_value: &str) -> bool {
        let Some(given) = self.get(key) else {
            return false;
        };
        match key {
            "heights" | "white-base" | "black-base" => {
                let kept = if self.white_base == self.black_base_height() {
                    1
                } else {
                    2
                };
                self.removal.admits_in_play(key, &given, text_value, kept)
            }
            _ => given == text_value,
        }
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let h = self.heights;
        if !(1..=8).contains(&h) {
            return Err(bad_value(
                "heights",
                &h.to_string(),
                "out of range",
                "1..=8",
            ));
        }
        let lw = self.white_base;
        if !(1..=h).contains(&lw) {
            return Err(ConfigError::Inconsistent(format!(
                "white-base={lw} is not a height of a board with heights={h} (allowed 1..={h})"
            )));
        }
        let lb = self.black_base_height();
        if !(1..=h).contains(&lb) {
            return Err(ConfigError::Inconsistent(format!(
                "black-base={lb} is not a height of a board with heights={h} (allowed 1..={h})"
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c3_4_keys_and_defaults() {
        let c = Chess3dConfig::default();
        assert_eq!(c.get("heights").as_deref(), Some("8"));
        assert_eq!(c.get("white-base").as_deref(), Some("1"));
        assert_eq!(c.get("black-base").as_deref(), Some("8"));
        assert_eq!(c.get("removal").as_deref(), Some("on"));
        let c = Chess3dConfig::from_pairs([("heights", "3")]).unwrap();
        assert_eq!(c.black_base_height(), 3, "black-base follows heights");
        let c = Chess3dConfig::from_pairs([("black-base", "2"), ("heights", "4")]).unwrap();
        assert_eq!(c.black_base_height(), 2);
        assert!(Chess3dConfig::from_pairs([("heights", "2"), ("white-base", "3")]).is_err());
        assert!(Chess3dConfig::from_pairs([("heights", "9")]).is_err());
        assert!(Chess3dConfig::from_pairs([("colour", "red")]).is_err());
        let c = Chess3dConfig::from_pairs([("removal", "off")]).unwrap();
        assert_eq!(c.get("removal").as_deref(), Some("off"));
    }

    #[test]
    fn serde_round_trip() {
        let c = Chess3dConfig::from_pairs([("heights", "4"), ("black-base", "2")]).unwrap();
        let json = serde_json::to_string(&c).unwrap();
        assert!(json.contains("\"black-base\":2"), "{json}");
        let default_json = serde_json::to_string(&Chess3dConfig::default()).unwrap();
        assert_eq!(
            serde_json::from_str::<Chess3dConfig>(&default_json).unwrap(),
            Chess3dConfig::default()
        );
        let back: Chess3dConfig = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
        let d: Chess3dConfig = serde_json::from_str("{\"heights\": 2}").unwrap();
        assert_eq!(d.black_base_height(), 2);
    }
}
