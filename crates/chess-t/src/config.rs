//! The configuration (CT-40 … CT-45): a ruleset preset and the switches it sets, the Ver Knecht
//! promotion edition (CT-31) and each side's impregnable fields (CT-44).
//!
//! Key order: `ruleset` sets the five switches (`long-jumpers`, `guarded-castle`,
//! `optional-prince`, `no-scouts`, `promotion-edition`) to its preset's values and leaves the
//! impregnable fields alone. [`GameConfig::from_pairs`] and deserialization apply `ruleset`
//! first, whatever its place in the list, and then every other key; so
//! `long-jumpers=off;ruleset=chess-t-2020` is the 2020 preset without long jumpers. Calling
//! [`GameConfig::set`] with `ruleset` directly resets the switches at that moment.

use crate::Cell;
use serde::{Deserialize, Serialize};
use std::fmt;
use variant_core::config::{bad_value, format_switch, parse_switch, unknown_key};
use variant_core::{ConfigError, ConfigKey, GameConfig};

/// A ruleset preset.
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
/// use chess_t::Ruleset;
///
/// // CT-41: the 2020 fragment's long jumpers are on only in its ruleset.
/// let old = ChessTConfig::preset(Ruleset::ChessT2020);
/// assert!(old.long_jumpers && !ChessTConfig::default().long_jumpers);
/// assert_eq!(Ruleset::default(), Ruleset::T1_2024);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Ruleset {
    /// chess-T1, 2024 edition (the default).
    #[default]
    #[serde(rename = "t1-2024")]
    T1_2024,
    /// chess-T1, 2021 edition: only the Ver Knecht promotions differ (CT-31).
    #[serde(rename = "t1-2021")]
    T1_2021,
    /// chess-T of the 2020 fragment: CT-41, CT-42, CT-43 and CT-45 on.
    #[serde(rename = "chess-t-2020")]
    ChessT2020,
}

impl Ruleset {
    /// The name used by the `ruleset` key.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::Ruleset;
    ///
    /// assert_eq!(Ruleset::T1_2021.name(), "t1-2021");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Ruleset::T1_2024 => "t1-2024",
            Ruleset::T1_2021 => "t1-2021",
            Ruleset::ChessT2020 => "chess-t-2020",
        }
    }

    fn parse(value: &str) -> Result<Ruleset, ConfigError> {
        match value.trim().to_ascii_lowercase().as_str() {
            "t1-2024" => Ok(Ruleset::T1_2024),
            "t1-2021" => Ok(Ruleset::T1_2021),
            "chess-t-2020" => Ok(Ruleset::ChessT2020),
            _ => Err(bad_value("ruleset", value, "unknown ruleset", RULESETS)),
        }
    }
}

const RULESETS: &str = "t1-2024|t1-2021|chess-t-2020";

/// Which edition of the Ver Knecht promotion rule (CT-31) applies.
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
/// use chess_t::{PromotionEdition, Ruleset};
///
/// // CT-31: the 2021 ruleset brings the 2021 promotion edition; the others the 2024 one.
/// assert_eq!(ChessTConfig::preset(Ruleset::T1_2021).promotion_edition, PromotionEdition::E2021);
/// assert_eq!(ChessTConfig::default().promotion_edition, PromotionEdition::E2024);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum PromotionEdition {
    /// 2024: Ritter, Prince, Connet or Scout on a8 b8 g8 h8; Prince or Connet by a forward
    /// step onto an empty enemy castle cell.
    #[default]
    #[serde(rename = "2024")]
    E2024,
    /// 2021: no promotion on castle cells; a Connet only on the corners a8/h8 (a1/h1).
    #[serde(rename = "2021")]
    E2021,
}

impl PromotionEdition {
    /// The value used by the `promotion-edition` key.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// use chess_t::PromotionEdition;
    ///
    /// let config: ChessTConfig = "promotion-edition=2021".parse().unwrap();
    /// assert_eq!(config.promotion_edition.name(), "2021");
    /// assert_eq!(PromotionEdition::E2024.name(), "2024");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            PromotionEdition::E2024 => "2024",
            PromotionEdition::E2021 => "2021",
        }
    }

    fn parse(value: &str) -> Result<PromotionEdition, ConfigError> {
        match value.trim() {
            "2024" => Ok(PromotionEdition::E2024),
            "2021" => Ok(PromotionEdition::E2021),
            _ => Err(bad_value(
                "promotion-edition",
                value,
                "unknown edition",
                "2024|2021",
            )),
        }
    }
}

/// A set of cells, written as a comma list such as `d4,e4` (empty text: no cells).
///
/// # Example
///
/// ```
/// use chess_t::{Cell, CellSet};
///
/// let set = CellSet::parse("white-impregnable", "d4,e4").unwrap();
/// assert!(set.contains(Cell::parse("e4").unwrap()));
/// assert_eq!(set.to_string(), "d4,e4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CellSet(pub u64);

impl CellSet {
    /// Whether `cell` is in the set.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::{Cell, CellSet};
    ///
    /// let set = CellSet::parse("black-impregnable", "h5").unwrap();
    /// assert!(set.contains(Cell::parse("h5").unwrap()));
    /// assert!(!set.contains(Cell::parse("h4").unwrap()));
    /// ```
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & cell.bit() != 0
    }

    /// The cells, a1 first.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::{Cell, CellSet};
    ///
    /// // Given in any order, read back a1 first.
    /// let set = CellSet::parse("white-impregnable", "e4,d4,a2").unwrap();
    /// let names: Vec<String> = set.cells().map(|c: Cell| c.to_string()).collect();
    /// assert_eq!(names, ["a2", "d4", "e4"]);
    /// ```
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        Cell::all().filter(move |c| self.contains(*c))
    }

    /// Reads a comma list of cell names (`d4,e4`; empty or `-` for none).
    ///
    /// # Errors
    ///
    /// A [`ConfigError`] naming `key` and the part that is not a cell a1 … h8 or is given twice.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::CellSet;
    ///
    /// assert_eq!(CellSet::parse("white-impregnable", "").unwrap(), CellSet(0));
    /// assert_eq!(CellSet::parse("white-impregnable", "-").unwrap(), CellSet(0));
    /// let err = CellSet::parse("white-impregnable", "d4,d4").unwrap_err();
    /// assert!(err.to_string().contains("d4 is given twice"));
    /// assert!(CellSet::parse("white-impregnable", "d9").is_err());
    /// ```
    pub fn parse(key: &str, value: &str) -> Result<CellSet, ConfigError> {
        const ALLOWED: &str = "a comma list of cells such as d4,e4 (empty for none)";
        let value_t = value.trim();
        if value_t.is_empty() || value_t == "-" {
            return Ok(CellSet(0));
        }
        let mut bits = 0u64;
        for part in value_t.split(',') {
            let part = part.trim();
            let cell = Cell::parse(part).ok_or_else(|| {
                bad_value(
                    key,
                    value,
                    format!(
                        "{:?} is not a cell a1 … h8",
                        variant_core::error::shorten(part)
                    ),
                    ALLOWED,
                )
            })?;
            if bits & cell.bit() != 0 {
                return Err(bad_value(
                    key,
                    value,
                    format!("{cell} is given twice"),
                    ALLOWED,
                ));
            }
            bits |= cell.bit();
        }
        Ok(CellSet(bits))
    }
}

impl fmt::Display for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.cells().map(|c| c.to_string()).collect();
        f.write_str(&names.join(","))
    }
}

impl Serialize for CellSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for CellSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        CellSet::parse("impregnable", &text).map_err(serde::de::Error::custom)
    }
}

/// The rules chess-T is played under. Serialized with the key names of [`ChessTConfig::keys`].
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
/// let old: ChessTConfig = "ruleset=chess-t-2020".parse().unwrap();
/// assert_eq!(old.to_string().parse::<ChessTConfig>().unwrap(), old);
/// assert_ne!(old, ChessTConfig::default());
/// assert!("ruleset=chess-t-1999".parse::<ChessTConfig>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "ConfigRepr", into = "ConfigRepr")]
pub struct ChessTConfig {
    /// The preset last applied (`ruleset`).
    pub ruleset: Ruleset,
    /// CT-41: Ritter and Connet jump 1–3 cells orthogonally (`long-jumpers`).
    pub long_jumpers: bool,
    /// CT-42: no royal entry onto an enemy castle cell the enemy holds with superiority and a
    /// royal piece (`guarded-castle`).
    pub guarded_castle: bool,
    /// CT-43: the Prince → Connet transformation is the player's choice (`optional-prince`).
    pub optional_prince: bool,
    /// CT-45: no Scouts in the army, none by promotion (`no-scouts`).
    pub no_scouts: bool,
    /// CT-31 edition (`promotion-edition`).
    pub promotion_edition: PromotionEdition,
    /// White's impregnable fields (CT-44, `white-impregnable`).
    pub white_impregnable: CellSet,
    /// Black's impregnable fields (CT-44, `black-impregnable`).
    pub black_impregnable: CellSet,
}

impl Default for ChessTConfig {
    fn default() -> Self {
        ChessTConfig::preset(Ruleset::T1_2024)
    }
}

impl ChessTConfig {
    /// The preset `ruleset` with no impregnable fields.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// use chess_t::Ruleset;
    ///
    /// // The 2020 fragment: CT-41, CT-42, CT-43 and CT-45 on.
    /// let c = ChessTConfig::preset(Ruleset::ChessT2020);
    /// assert!(c.long_jumpers && c.guarded_castle && c.optional_prince && c.no_scouts);
    /// assert_eq!(ChessTConfig::preset(Ruleset::T1_2024), ChessTConfig::default());
    /// ```
    pub const fn preset(ruleset: Ruleset) -> ChessTConfig {
        let mut c = ChessTConfig {
            ruleset,
            long_jumpers: false,
            guarded_castle: false,
            optional_prince: false,
            no_scouts: false,
            promotion_edition: PromotionEdition::E2024,
            white_impregnable: CellSet(0),
            black_impregnable: CellSet(0),
        };
        c.apply_ruleset(ruleset);
        c
    }

    /// Sets `ruleset` and the five switches it governs (impregnable fields are kept).
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// use chess_t::{CellSet, Ruleset};
    ///
    /// let mut c: ChessTConfig = "white-impregnable=d4".parse().unwrap();
    /// c.apply_ruleset(Ruleset::ChessT2020);
    /// assert!(c.no_scouts); // CT-45
    /// assert_eq!(c.white_impregnable, CellSet::parse("white-impregnable", "d4").unwrap()); // kept
    /// ```
    pub const fn apply_ruleset(&mut self, ruleset: Ruleset) {
        self.ruleset = ruleset;
        let fragment = matches!(ruleset, Ruleset::ChessT2020);
        self.long_jumpers = fragment;
        self.guarded_castle = fragment;
        self.optional_prince = fragment;
        self.no_scouts = fragment;
        // The fragment does not define promotion; it keeps the engine's default edition.
        self.promotion_edition = match ruleset {
            Ruleset::T1_2021 => PromotionEdition::E2021,
            _ => PromotionEdition::E2024,
        };
    }

    /// The impregnable fields of a side (0 White, 1 Black) as a board.
    pub(crate) const fn impregnable(&self, side: usize) -> u64 {
        if side == 0 {
            self.white_impregnable.0
        } else {
            self.black_impregnable.0
        }
    }
}

static KEYS: [ConfigKey; 8] = [
    ConfigKey {
        name: "ruleset",
        description: "rules preset; sets the five switches below (applied before other keys)",
        default: "t1-2024",
        allowed: RULESETS,
    },
    ConfigKey {
        name: "long-jumpers",
        description: "CT-41: Ritter and Connet jump 1-3 cells orthogonally",
        default: "off",
        allowed: "on|off",
    },
    ConfigKey {
        name: "guarded-castle",
        description: "CT-42: no royal entry onto an enemy castle cell the enemy holds with superiority",
        default: "off",
        allowed: "on|off",
    },
    ConfigKey {
        name: "optional-prince",
        description: "CT-43: the Prince may stay a Prince on entering the enemy castle (b7c8 / b7c8c)",
        default: "off",
        allowed: "on|off",
    },
    ConfigKey {
        name: "no-scouts",
        description: "CT-45: the armies have no Scouts and cannot promote to one",
        default: "off",
        allowed: "on|off",
    },
    ConfigKey {
        name: "promotion-edition",
        description: "CT-31: Ver Knecht promotion rule of the 2024 or the 2021 book",
        default: "2024",
        allowed: "2024|2021",
    },
    ConfigKey {
        name: "white-impregnable",
        description: "CT-44: White's impregnable fields, e.g. d4,e4",
        default: "",
        allowed: "a comma list of cells (empty for none)",
    },
    ConfigKey {
        name: "black-impregnable",
        description: "CT-44: Black's impregnable fields, e.g. h5",
        default: "",
        allowed: "a comma list of cells (empty for none)",
    },
];

impl GameConfig for ChessTConfig {
    fn keys() -> &'static [ConfigKey] {
        &KEYS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        match key {
            "ruleset" => self.apply_ruleset(Ruleset::parse(value)?),
            "long-jumpers" => self.long_jumpers = parse_switch(key, value)?,
            "guarded-castle" => self.guarded_castle = parse_switch(key, value)?,
            "optional-prince" => self.optional_prince = parse_switch(key, value)?,
            "no-scouts" => self.no_scouts = parse_switch(key, value)?,
            "promotion-edition" => self.promotion_edition = PromotionEdition::parse(value)?,
            "white-impregnable" => self.white_impregnable = CellSet::parse(key, value)?,
            "black-impregnable" => self.black_impregnable = CellSet::parse(key, value)?,
            _ => return Err(unknown_key(crate::NAME, key, &KEYS)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "ruleset" => self.ruleset.name().to_string(),
            "long-jumpers" => format_switch(self.long_jumpers),
            "guarded-castle" => format_switch(self.guarded_castle),
            "optional-prince" => format_switch(self.optional_prince),
            "no-scouts" => format_switch(self.no_scouts),
            "promotion-edition" => self.promotion_edition.name().to_string(),
            "white-impregnable" => self.white_impregnable.to_string(),
            "black-impregnable" => self.black_impregnable.to_string(),
            _ => return None,
        })
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let both = self.white_impregnable.0 & self.black_impregnable.0;
        if both != 0 {
            return Err(ConfigError::Inconsistent(format!(
                "{} impregnable for both White and Black (CT-44)",
                CellSet(both)
            )));
        }
        Ok(())
    }

    /// Applies every `ruleset` pair first, then the other pairs in order (see the module
    /// documentation), and validates.
    fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, ConfigError> {
        let pairs: Vec<(&str, &str)> = pairs
            .into_iter()
            .map(|(k, v)| (k.trim(), v.trim()))
            .collect();
        let mut config = Self::default();
        for (key, value) in pairs.iter().filter(|(k, _)| *k == "ruleset") {
            config.set(key, value)?;
        }
        for (key, value) in pairs.iter().filter(|(k, _)| *k != "ruleset") {
            config.set(key, value)?;
        }
        config.validate()?;
        Ok(config)
    }
}

/// A switch in the serde form: written `"on"`/`"off"` like the key values, read from those
/// (or any form [`parse_switch`] takes) or from a JSON boolean; a plain boolean in compact
/// binary formats.
#[derive(Clone, Copy)]
struct Switch(bool);

impl Serialize for Switch {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.serialize_str(if self.0 { "on" } else { "off" })
        } else {
            s.serialize_bool(self.0)
        }
    }
}

impl<'de> Deserialize<'de> for Switch {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Bool(bool),
            Text(String),
        }
        if !d.is_human_readable() {
            // Compact formats (bincode) are not self-describing: a plain boolean.
            return bool::deserialize(d).map(Switch);
        }
        match Form::deserialize(d)? {
            Form::Bool(b) => Ok(Switch(b)),
            Form::Text(t) => parse_switch("switch", &t)
                .map(Switch)
                .map_err(serde::de::Error::custom),
        }
    }
}

/// The serde form: every key optional, `ruleset` applied first.
#[derive(Clone, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct ConfigRepr {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ruleset: Option<Ruleset>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    long_jumpers: Option<Switch>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    guarded_castle: Option<Switch>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    optional_prince: Option<Switch>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    no_scouts: Option<Switch>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    promotion_edition: Option<PromotionEdition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    white_impregnable: Option<CellSet>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    black_impregnable: Option<CellSet>,
}

impl From<ChessTConfig> for ConfigRepr {
    fn from(c: ChessTConfig) -> Self {
        ConfigRepr {
            ruleset: Some(c.ruleset),
            long_jumpers: Some(Switch(c.long_jumpers)),
            guarded_castle: Some(Switch(c.guarded_castle)),
            optional_prince: Some(Switch(c.optional_prince)),
            no_scouts: Some(Switch(c.no_scouts)),
            promotion_edition: Some(c.promotion_edition),
            white_impregnable: Some(c.white_impregnable),
            black_impregnable: Some(c.black_impregnable),
        }
    }
}

impl TryFrom<ConfigRepr> for ChessTConfig {
    type Error = ConfigError;
    fn try_from(r: ConfigRepr) -> Result<Self, ConfigError> {
        let mut c = ChessTConfig::preset(r.ruleset.unwrap_or_default());
        if let Some(v) = r.long_jumpers {
            c.long_jumpers = v.0;
        }
        if let Some(v) = r.guarded_castle {
            c.guarded_castle = v.0;
        }
        if let Some(v) = r.optional_prince {
            c.optional_prince = v.0;
        }
        if let Some(v) = r.no_scouts {
            c.no_scouts = v.0;
        }
        if let Some(v) = r.promotion_edition {
            c.promotion_edition = v;
        }
        if let Some(v) = r.white_impregnable {
            c.white_impregnable = v;
        }
        if let Some(v) = r.black_impregnable {
            c.black_impregnable = v;
        }
        c.validate()?;
        Ok(c)
    }
}
