//! The configuration of a checkers3d game (D3-2, D3-12, D3-30) and its keys.

use serde::{Deserialize, Serialize};
use variant_core::config::{bad_value, format_int_list, parse_int, parse_int_list, unknown_key};
use variant_core::{ConfigError, ConfigKey, GameConfig, RemovalTable};

/// The capture-choice switch of D3-12.
///
/// # Example
///
/// ```
/// use checkers3d::prelude::*;
/// use checkers3d::CaptureRule;
///
/// // The rules page's D3-12 example (3 heights): White man c3@1, Black men b4@1, d4@2, f6@3.
/// // Taking b4@1 alone takes one piece, c3@1:e5@3:g7@3 takes two.
/// let text = "W:Wc3@1:Bb4@1,d4@2,f6@3:H3:1/3";
/// let majority: Checkers3dConfig = "heights=3".parse().unwrap();
/// assert_eq!(majority.capture, CaptureRule::Majority);
/// let game = Checkers3d::from_text(&majority, text).unwrap();
/// let moves = game.legal_moves();
/// assert_eq!(moves.len(), 1);
/// assert_eq!(game.format_move(moves[0]), "c3@1:e5@3:g7@3");
/// let free: Checkers3dConfig = "heights=3;capture=free".parse().unwrap();
/// assert_eq!(Checkers3d::from_text(&free, text).unwrap().legal_moves().len(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum CaptureRule {
    /// Only sequences taking the greatest number of pieces are legal (the seed's rule).
    #[default]
    Majority,
    /// Any complete capture sequence is legal (Russian 2D rule).
    Free,
}

/// The promotion-during-capture switch of D3-12.
///
/// # Example
///
/// ```
/// use checkers3d::prelude::*;
/// use checkers3d::PromotionRule;
///
/// // The rules page's D3-12/D3-13 example (4 heights, Black's base on 4): the man b6@2 takes
/// // c7@3 landing on d8@4; with `passing` it is a king at once and flies on along (1, -1, -1)
/// // over the empty e7@3 to take f6@2; with `end` it stops as a man on d8@4 and is crowned
/// // there.
/// let text = "W:Wb6@2:Bc7@3,f6@2:H4:1/4";
/// let passing: Checkers3dConfig = "heights=4".parse().unwrap();
/// assert_eq!(passing.promotion, PromotionRule::Passing);
/// let game = Checkers3d::from_text(&passing, text).unwrap();
/// let texts: Vec<String> = game.legal_moves().iter().map(|&m| game.format_move(m)).collect();
/// assert_eq!(texts, ["b6@2:d8@4:g5@1"]);
/// let end: Checkers3dConfig = "heights=4;promotion=end".parse().unwrap();
/// let game = Checkers3d::from_text(&end, text).unwrap();
/// let moves = game.legal_moves();
/// assert_eq!(moves.len(), 1);
/// assert_eq!(game.format_move(moves[0]), "b6@2:d8@4");
/// assert!(moves[0].is_promotion());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum PromotionRule {
    /// A man landing on an enemy base cube during a capture is a king at once (Russian).
    #[default]
    Passing,
    /// A man promotes only if the move ends on an enemy base cube (International/Brazilian).
    End,
}

/// The seed's removal table for checkers: T(n) = n + 5 (D3-30).
///
/// # Example
///
/// ```
/// // D3-30: T(n) = n + 5, 13 pieces at 8 heights … 7 at 2.
/// assert_eq!(checkers3d::DEFAULT_REMOVAL.threshold(8), Some(13));
/// assert_eq!(checkers3d::DEFAULT_REMOVAL.threshold(2), Some(7));
/// ```
pub const DEFAULT_REMOVAL: RemovalTable = RemovalTable::n_plus(5);

/// The configuration of a checkers3d game.
///
/// Height sets are bitmasks (bit `z` = height `z + 1`), so the configuration is `Copy` and
/// copying a position never allocates. `None` means "the default", which follows other keys:
/// Black's set-up heights default to {H}; the base heights of a side default to its set-up
/// heights.
///
/// # Example
///
/// ```
/// use checkers3d::prelude::*;
/// let russian: Checkers3dConfig = "heights=1;capture=free".parse().unwrap();
/// assert_eq!(russian.to_string().parse::<Checkers3dConfig>().unwrap(), russian);
/// assert_eq!(Checkers3d::new(&russian).unwrap().legal_moves().len(), 7); // D3-40
/// assert!("heights=0".parse::<Checkers3dConfig>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "ConfigWire", into = "ConfigWire")]
pub struct Checkers3dConfig {
    heights: u8,
    white_heights: Option<u8>,
    black_heights: Option<u8>,
    white_base: Option<u8>,
    black_base: Option<u8>,
    /// Capture choice (D3-12).
    pub capture: CaptureRule,
    /// Promotion during a capture (D3-12).
    pub promotion: PromotionRule,
    /// Height removal (D3-30).
    pub removal: RemovalTable,
}

impl Default for Checkers3dConfig {
    fn default() -> Self {
        Checkers3dConfig {
            heights: 8,
            white_heights: None,
            black_heights: None,
            white_base: None,
            black_base: None,
            capture: CaptureRule::Majority,
            promotion: PromotionRule::Passing,
            removal: DEFAULT_REMOVAL,
        }
    }
}

const KEYS: &[ConfigKey] = &[
    ConfigKey {
        name: "heights",
        description: "number of heights H of the 8x8xH box (D3-2)",
        default: "8",
        allowed: "1..=8",
    },
    ConfigKey {
        name: "white-heights",
        description: "heights on which White sets up 12 men each (D3-2, D3-3)",
        default: "1",
        allowed: "comma list of heights 1..=H",
    },
    ConfigKey {
        name: "black-heights",
        description: "heights on which Black sets up 12 men each (D3-2, D3-3)",
        default: "H",
        allowed: "comma list of heights 1..=H",
    },
    ConfigKey {
        name: "white-base",
        description: "heights holding White's base cubes, a1 c1 e1 g1 (D3-4)",
        default: "the white set-up heights",
        allowed: "comma list of heights 1..=H",
    },
    ConfigKey {
        name: "black-base",
        description: "heights holding Black's base cubes, b8 d8 f8 h8 (D3-4)",
        default: "the black set-up heights",
        allowed: "comma list of heights 1..=H",
    },
    ConfigKey {
        name: "capture",
        description: "capture choice: only maximal captures, or any (D3-12)",
        default: "majority",
        allowed: "majority|free",
    },
    ConfigKey {
        name: "promotion",
        description: "promotion during a capture: at once, or only at the end (D3-12)",
        default: "passing",
        allowed: "passing|end",
    },
    ConfigKey {
        name: "removal",
        description: "height removal thresholds T(2..8) (D3-30)",
        default: "on",
        allowed: "on (T(n)=n+5), off, or seven thresholds for 2..8 heights (0 or - for none)",
    },
];

fn mask_of(list: &[u32]) -> u8 {
    list.iter().fold(0u8, |m, &h| m | 1 << (h - 1))
}

fn list_of(mask: u8) -> Vec<u32> {
    (0..8)
        .filter(|z| mask >> z & 1 == 1)
        .map(|z| z + 1)
        .collect()
}

/// The text of a height set: `1,2`.
pub(crate) fn format_heights(mask: u8) -> String {
    format_int_list(&list_of(mask))
}

impl Checkers3dConfig {
    /// The default configuration with `heights` heights (1–8).
    ///
    /// # Errors
    ///
    /// A [`ConfigError`] for the key `heights` when `heights` is not 1 … 8.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    ///
    /// // D3-2: one to eight heights.
    /// let config = Checkers3dConfig::with_heights(3).unwrap();
    /// assert_eq!(config.heights(), 3);
    /// assert!(Checkers3dConfig::with_heights(9).is_err());
    /// ```
    pub fn with_heights(heights: u8) -> Result<Self, ConfigError> {
        let mut c = Checkers3dConfig::default();
        c.set("heights", &heights.to_string())?;
        Ok(c)
    }

    /// The number of heights H.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    ///
    /// assert_eq!(Checkers3dConfig::default().heights(), 8); // D3-2's default box
    /// ```
    pub fn heights(&self) -> u8 {
        self.heights
    }

    /// White's set-up heights as a bitmask (bit z = height z + 1).
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    ///
    /// // D3-2: White sets up on height 1 unless told otherwise; bit z is height z + 1.
    /// assert_eq!(Checkers3dConfig::default().white_heights(), 0b1);
    /// let c: Checkers3dConfig = "heights=4;white-heights=1,2".parse().unwrap();
    /// assert_eq!(c.white_heights(), 0b11);
    /// ```
    pub fn white_heights(&self) -> u8 {
        self.white_heights.unwrap_or(1)
    }

    /// Black's set-up heights as a bitmask.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    ///
    /// // D3-2: Black sets up on the top height H by default.
    /// assert_eq!(Checkers3dConfig::default().black_heights(), 0b1000_0000);
    /// assert_eq!(Checkers3dConfig::with_heights(3).unwrap().black_heights(), 0b100);
    /// ```
    pub fn black_heights(&self) -> u8 {
        self.black_heights
            .unwrap_or(1u8 << (self.heights.clamp(1, 8) - 1))
    }

    /// White's base heights as a bitmask.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    ///
    /// // D3-4: the base heights follow the set-up heights unless given.
    /// let c: Checkers3dConfig = "heights=4;white-heights=1,2".parse().unwrap();
    /// assert_eq!(c.white_base(), 0b11);
    /// let c: Checkers3dConfig = "heights=4;white-heights=1,2;white-base=1".parse().unwrap();
    /// assert_eq!(c.white_base(), 0b1);
    /// ```
    pub fn white_base(&self) -> u8 {
        self.white_base.unwrap_or_else(|| self.white_heights())
    }

    /// Black's base heights as a bitmask.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    ///
    /// let c: Checkers3dConfig = "heights=4;black-base=3".parse().unwrap();
    /// assert_eq!(c.black_base(), 0b100);
    /// assert_eq!(c.black_heights(), 0b1000); // D3-2: the men still set up on height 4
    /// ```
    pub fn black_base(&self) -> u8 {
        self.black_base.unwrap_or_else(|| self.black_heights())
    }

    fn all_heights(&self) -> u8 {
        ((1u16 << self.heights.clamp(1, 8)) - 1) as u8
    }

    /// Stores `None` wherever a value equals its default, so equal games compare equal.
    fn normalize(&mut self) {
        if self.white_heights == Some(1) {
            self.white_heights = None;
        }
        if self.black_heights == Some(1u8 << (self.heights.clamp(1, 8) - 1)) {
            self.black_heights = None;
        }
        if self.white_base == Some(self.white_heights()) {
            self.white_base = None;
        }
        if self.black_base == Some(self.black_heights()) {
            self.black_base = None;
        }
    }

    /// The base heights this configuration gives a board of `heights` heights: its own base
    /// heights where they exist there, else the defaults {1} and {H}.
    pub(crate) fn bases_for(&self, heights: u8) -> (u8, u8) {
        let mut tmp = *self;
        tmp.heights = heights.clamp(1, 8);
        let all = tmp.all_heights();
        let w = tmp.white_base() & all;
        let b = tmp.black_base() & all;
        (
            if w == 0 { 1 } else { w },
            if b == 0 { 1 << (tmp.heights - 1) } else { b },
        )
    }

    /// This configuration with the geometry of a position: `heights` heights and the given
    /// base heights. Set-up heights that do not exist on the new board are dropped (a set left
    /// empty goes back to its default).
    pub(crate) fn with_geometry(mut self, heights: u8, white_base: u8, black_base: u8) -> Self {
        let white = self.white_heights();
        let black = self.black_heights();
        self.heights = heights;
        let all = self.all_heights();
        self.white_heights = Some(white & all).filter(|&m| m != 0);
        self.black_heights = Some(black & all).filter(|&m| m != 0);
        self.white_base = Some(white_base);
        self.black_base = Some(black_base);
        self.normalize();
        self
    }

    /// This configuration after height `z` (0-based) was removed: every height set is
    /// renumbered (D3-30, C3-31).
    pub(crate) fn after_removal(mut self, z: u8) -> Self {
        let shift = |m: u8| -> u8 {
            let low = m & ((1u8 << z) - 1);
            let high = (m >> 1) & !((1u8 << z) - 1);
            low | high
        };
        let white = shift(self.white_heights());
        let black = shift(self.black_heights());
        let wb = shift(self.white_base());
        let bb = shift(self.black_base());
        self.heights -= 1;
        self.white_heights = Some(white).filter(|&m| m != 0);
        self.black_heights = Some(black).filter(|&m| m != 0);
        self.white_base = Some(wb);
        self.black_base = Some(bb);
        self.normalize();
        self
    }
}

impl GameConfig for Checkers3dConfig {
    fn keys() -> &'static [ConfigKey] {
        KEYS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        match key {
            "heights" => self.heights = parse_int(key, value, 1, 8)? as u8,
            "white-heights" => {
                self.white_heights = Some(mask_of(&parse_int_list(key, value, 1, 8)?))
            }
            "black-heights" => {
                self.black_heights = Some(mask_of(&parse_int_list(key, value, 1, 8)?))
            }
            // The spelling before chess3d's `white-base` was adopted is still read.
            "white-base" | "white-base-heights" => {
                self.white_base = Some(mask_of(&parse_int_list(key, value, 1, 8)?))
            }
            "black-base" | "black-base-heights" => {
                self.black_base = Some(mask_of(&parse_int_list(key, value, 1, 8)?))
            }
            "capture" => {
                self.capture = match value.trim() {
                    "majority" => CaptureRule::Majority,
                    "free" => CaptureRule::Free,
                    _ => {
                        return Err(bad_value(
                            key,
                            value,
                            "unknown capture rule",
                            "majority|free",
                        ));
                    }
                }
            }
            "promotion" => {
                self.promotion = match value.trim() {
                    "passing" => PromotionRule::Passing,
                    "end" => PromotionRule::End,
                    _ => {
                        return Err(bad_value(
                            key,
                            value,
                            "unknown promotion rule",
                            "passing|end",
                        ));
                    }
                }
            }
            "removal" => self.removal = RemovalTable::parse(key, value, DEFAULT_REMOVAL)?,
            _ => return Err(unknown_key("checkers3d", key, KEYS)),
        }
        // No normalisation here: a base set given before its set-up heights must stay explicit.
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "heights" => self.heights.to_string(),
            "white-heights" => format_heights(self.white_heights()),
            "black-heights" => format_heights(self.black_heights()),
            "white-base" | "white-base-heights" => format_heights(self.white_base()),
            "black-base" | "black-base-heights" => format_heights(self.black_base()),
            "capture" => match self.capture {
                CaptureRule::Majority => "majority",
                CaptureRule::Free => "free",
            }
            .to_string(),
            "promotion" => match self.promotion {
                PromotionRule::Passing => "passing",
                PromotionRule::End => "end",
            }
            .to_string(),
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

    /// With height removal on (D3-30), a later position of the game may have fewer heights
    /// than the start, and every height above a removed one has moved down: a text's
    /// `heights` may be smaller than the configured one, and each height of its set-up and
    /// base lists lower than or equal to the configured one in the same place (bases are never
    /// removed, so the lists keep their length). Other keys must be the same.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::Checkers3dConfig;
    /// use variant_core::GameConfig;
    ///
    /// let eight = Checkers3dConfig::default();
    /// assert!(eight.admits_in_play("heights", "6"));
    /// assert!(eight.admits_in_play("black-base", "6"));
    /// assert!(!eight.admits_in_play("capture", "free"));
    /// let off = Checkers3dConfig::from_pairs([("removal", "off")]).unwrap();
    /// assert!(!off.admits_in_play("heights", "6"));
    /// ```
    fn admits_in_play(&self, key: &str, text_value: &str) -> bool {
        let Some(given) = self.get(key) else {
            return false;
        };
        match key {
            "heights" | "white-heights" | "black-heights" | "white-base" | "white-base-heights"
            | "black-base" | "black-base-heights" => {
                let kept = (self.white_base() | self.black_base()).count_ones();
                self.removal.admits_in_play(key, &given, text_value, kept)
            }
            _ => given == text_value,
        }
    }

    fn validate(&self) -> Result<(), ConfigError> {
        if !(1..=8).contains(&self.heights) {
            return Err(ConfigError::Inconsistent(format!(
                "heights={} is outside 1..=8",
                self.heights
            )));
        }
        let all = self.all_heights();
        for (key, mask) in [
            ("white-heights", self.white_heights()),
            ("black-heights", self.black_heights()),
            ("white-base", self.white_base()),
            ("black-base", self.black_base()),
        ] {
            if mask == 0 {
                return Err(ConfigError::Inconsistent(format!("{key} is empty")));
            }
            if mask & !all != 0 {
                return Err(ConfigError::Inconsistent(format!(
                    "{key}={} names a height above heights={}",
                    format_heights(mask),
                    self.heights
                )));
            }
        }
        Ok(())
    }
}

/// The serialized form: every key as the text `get` gives (heights as a number), so JSON
/// records read naturally and binary records (bincode) see a fixed layout.
#[derive(Serialize, Deserialize)]
struct ConfigWire {
    heights: u8,
    #[serde(rename = "white-heights", default)]
    white_heights: Option<String>,
    #[serde(rename = "black-heights", default)]
    black_heights: Option<String>,
    #[serde(rename = "white-base", alias = "white-base-heights", default)]
    white_base: Option<String>,
    #[serde(rename = "black-base", alias = "black-base-heights", default)]
    black_base: Option<String>,
    #[serde(default)]
    capture: Option<String>,
    #[serde(default)]
    promotion: Option<String>,
    #[serde(default)]
    removal: Option<String>,
}

impl From<Checkers3dConfig> for ConfigWire {
    fn from(c: Checkers3dConfig) -> Self {
        ConfigWire {
            heights: c.heights,
            white_heights: c.white_heights.map(format_heights),
            black_heights: c.black_heights.map(format_heights),
            white_base: c.white_base.map(format_heights),
            black_base: c.black_base.map(format_heights),
            capture: c.get("capture"),
            promotion: c.get("promotion"),
            removal: c.get("removal"),
        }
    }
}

impl TryFrom<ConfigWire> for Checkers3dConfig {
    type Error = ConfigError;

    fn try_from(w: ConfigWire) -> Result<Self, ConfigError> {
        let mut c = Checkers3dConfig::default();
        c.set("heights", &w.heights.to_string())?;
        for (key, value) in [
            ("white-heights", w.white_heights),
            ("black-heights", w.black_heights),
            ("white-base", w.white_base),
            ("black-base", w.black_base),
            ("capture", w.capture),
            ("promotion", w.promotion),
            ("removal", w.removal),
        ] {
            if let Some(v) = value {
                c.set(key, &v)?;
            }
        }
        c.validate()?;
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d3_2_defaults_follow_heights() {
        let c = Checkers3dConfig::from_pairs([("heights", "4")]).unwrap();
        assert_eq!(c.get("black-heights").unwrap(), "4");
        assert_eq!(c.get("black-base").unwrap(), "4");
        assert_eq!(c.get("white-base").unwrap(), "1");
        let c = Checkers3dConfig::from_pairs([("white-heights", "1,2"), ("heights", "3")]).unwrap();
        assert_eq!(c.get("white-base").unwrap(), "1,2");
        assert!(Checkers3dConfig::from_pairs([("heights", "2"), ("white-heights", "3")]).is_err());
        assert!(Checkers3dConfig::from_pairs([("capture", "some")]).is_err());
        assert!(Checkers3dConfig::from_pairs([("colour", "red")]).is_err());
    }

    #[test]
    fn d3_30_removal_key() {
        let c = Checkers3dConfig::default();
        assert_eq!(c.removal.threshold(8), Some(13));
        assert_eq!(c.removal.threshold(2), Some(7));
        assert_eq!(c.get("removal").unwrap(), "on");
        let c = Checkers3dConfig::from_pairs([("removal", "0,-,8,9,10,11,12")]).unwrap();
        assert_eq!(c.removal.threshold(2), None);
        assert_eq!(c.get("removal").unwrap(), "-,-,8,9,10,11,12");
    }

    #[test]
    fn after_removal_renumbers() {
        let c = Checkers3dConfig::from_pairs([
            ("heights", "5"),
            ("white-heights", "1,2"),
            ("black-heights", "5"),
            ("white-base", "2"),
        ])
        .unwrap();
        let r = c.after_removal(2);
        assert_eq!(r.get("heights").unwrap(), "4");
        assert_eq!(r.get("white-base").unwrap(), "2");
        assert_eq!(r.get("black-heights").unwrap(), "4");
        assert_eq!(r.get("white-heights").unwrap(), "1,2");
        assert!(r.validate().is_ok());
    }

    #[test]
    fn d3_4_old_base_key_spelling_still_reads() {
        // D3-4's base heights were once spelt `white-base-heights`/`black-base-heights`; the
        // keys are now `white-base`/`black-base` as in chess3d, and the old spelling is read.
        let old: Checkers3dConfig = "heights=4;white-base-heights=1,2;black-base-heights=4"
            .parse()
            .unwrap();
        let new: Checkers3dConfig = "heights=4;white-base=1,2;black-base=4".parse().unwrap();
        assert_eq!(old, new);
        assert_eq!(old.get("white-base").unwrap(), "1,2");
        // Writing uses the new spelling.
        assert_eq!(old.to_string(), "heights=4;white-base=1,2");
        // JSON records written before the rename read too.
        let json = r#"{"heights":4,"white-base-heights":"1,2","black-base-heights":"4"}"#;
        let from_json: Checkers3dConfig = serde_json::from_str(json).unwrap();
        assert_eq!(from_json, new);
        let written = serde_json::to_string(&new).unwrap();
        assert!(written.contains(r#""white-base":"1,2""#), "{written}");
        assert!(!written.contains("base-heights"), "{written}");
    }
}
