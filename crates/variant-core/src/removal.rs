//! The height-removal table of the parallelepiped games (C3-30, D3-30): for each number of
//! heights n = 2 … 8, the piece count at or below which empty heights are removed.

use crate::ConfigError;
use crate::config::bad_value;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Thresholds T(n) for n = 2 … 8 (index n − 2); `None` means no removal at that n.
/// `RemovalTable::OFF` switches removal off.
///
/// # Example
///
/// ```
/// use variant_core::RemovalTable;
///
/// // C3-30: chess3d's usual table is T(n) = n + 3, from T(2) = 5 to T(8) = 11.
/// let chess = RemovalTable::n_plus(3);
/// assert_eq!(chess.threshold(2), Some(5));
/// assert_eq!(chess.threshold(8), Some(11));
/// assert_eq!(chess.threshold(1), None); // one height: nothing to remove
/// assert!(RemovalTable::OFF.is_off());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RemovalTable {
    thresholds: [Option<u16>; 7],
}

impl RemovalTable {
    /// No removal at any number of heights.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::RemovalTable;
    ///
    /// assert_eq!(RemovalTable::OFF.threshold(2), None);
    /// let off = RemovalTable::parse("removal", "off", RemovalTable::n_plus(3)).unwrap();
    /// assert_eq!(off, RemovalTable::OFF);
    /// ```
    pub const OFF: RemovalTable = RemovalTable {
        thresholds: [None; 7],
    };

    /// The table T(n) = n + `offset` for n = 2 … 8 (chess: offset 3, checkers: offset 5).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::RemovalTable;
    ///
    /// // D3-30: checkers3d's table T(n) = n + 5: 13 pieces at 8 heights, 7 at 2.
    /// let draughts = RemovalTable::n_plus(5);
    /// assert_eq!(draughts.to_text(), "7,8,9,10,11,12,13");
    /// ```
    pub const fn n_plus(offset: u16) -> RemovalTable {
        let mut thresholds = [None; 7];
        let mut i = 0;
        while i < 7 {
            thresholds[i] = Some(i as u16 + 2 + offset);
            i += 1;
        }
        RemovalTable { thresholds }
    }

    /// A table from explicit thresholds for n = 2 … 8.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::RemovalTable;
    ///
    /// // Removal only with 2 heights, at 4 pieces or fewer.
    /// let table = RemovalTable::from_thresholds([Some(4), None, None, None, None, None, None]);
    /// assert_eq!(table.threshold(2), Some(4));
    /// assert_eq!(table.threshold(3), None);
    /// assert_eq!(table.to_text(), "4,-,-,-,-,-,-");
    /// ```
    pub const fn from_thresholds(thresholds: [Option<u16>; 7]) -> RemovalTable {
        RemovalTable { thresholds }
    }

    /// The threshold at `n` heights (`None` below 2, above 8, or when left out).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::RemovalTable;
    ///
    /// let table = RemovalTable::n_plus(3);
    /// assert_eq!(table.threshold(5), Some(8)); // C3-30: T(5) = 8
    /// assert_eq!(table.threshold(9), None);
    /// ```
    #[inline]
    pub fn threshold(&self, n: u8) -> Option<u16> {
        if (2..=8).contains(&n) {
            self.thresholds[n as usize - 2]
        } else {
            None
        }
    }

    /// Whether no threshold is set.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::RemovalTable;
    ///
    /// assert!(RemovalTable::OFF.is_off());
    /// assert!(RemovalTable::from_thresholds([None; 7]).is_off());
    /// assert!(!RemovalTable::n_plus(3).is_off());
    /// ```
    pub fn is_off(&self) -> bool {
        self.thresholds.iter().all(Option::is_none)
    }

    /// Whether a later position of a game started with `given` for a key of the box's
    /// geometry may have `text_value` for it, heights being removed by this table (C3-30,
    /// D3-30): the same value; or, with removal on, for `heights` a number from `kept` (the
    /// count of distinct base heights, which are never removed) up to the given one, and for
    /// a list of heights (set-up or base heights, a single height counting as a list of one)
    /// a list as long whose every height is lower or equal in its place (the heights above
    /// a removed one move down). Values that do not read as heights are not admitted.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::RemovalTable;
    ///
    /// let on = RemovalTable::n_plus(5);
    /// // Started on 8 heights, bases 1 and 8: 2 to 8 heights may remain.
    /// assert!(on.admits_in_play("heights", "8", "6", 2));
    /// assert!(!on.admits_in_play("heights", "8", "1", 2));
    /// assert!(!on.admits_in_play("heights", "6", "8", 2));
    /// assert!(on.admits_in_play("black-base", "8", "6", 2));
    /// assert!(!on.admits_in_play("black-base", "1,8", "6", 2));
    /// assert!(!RemovalTable::OFF.admits_in_play("heights", "8", "6", 2));
    /// ```
    pub fn admits_in_play(&self, key: &str, given: &str, text_value: &str, kept: u32) -> bool {
        if given.trim() == text_value.trim() {
            return true;
        }
        if self.is_off() {
            return false;
        }
        let list = |v: &str| crate::config::parse_int_list(key, v, 1, 8);
        if key == "heights" {
            return match (
                crate::config::parse_int(key, given, 1, 8),
                crate::config::parse_int(key, text_value, 1, 8),
            ) {
                (Ok(given), Ok(text)) => (kept.max(1)..=given).contains(&text),
                _ => false,
            };
        }
        match (list(given), list(text_value)) {
            (Ok(given), Ok(text)) => {
                given.len() == text.len() && given.iter().zip(&text).all(|(g, t)| t <= g)
            }
            _ => false,
        }
    }

    /// Parses `on` (the game's `default`), `off`, or seven comma-separated thresholds for
    /// 2 … 8 heights where `0` or `-` leaves a height count out.
    ///
    /// # Errors
    ///
    /// [`ConfigError::BadValue`] for a text that is not `on`, `off` or seven thresholds (numbers,
    /// `0` or `-`).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::RemovalTable;
    ///
    /// let default = RemovalTable::n_plus(3);
    /// assert_eq!(RemovalTable::parse("removal", "on", default).unwrap(), default);
    /// assert!(RemovalTable::parse("removal", "off", default).unwrap().is_off());
    /// let t = RemovalTable::parse("removal", "5,-,0,8,9,10,11", default).unwrap();
    /// assert_eq!((t.threshold(2), t.threshold(3), t.threshold(4)), (Some(5), None, None));
    /// let err = RemovalTable::parse("removal", "5,6", default).unwrap_err();
    /// assert!(err.to_string().contains("2 thresholds given, 7 needed"));
    /// ```
    pub fn parse(
        key: &str,
        value: &str,
        default: RemovalTable,
    ) -> Result<RemovalTable, ConfigError> {
        const ALLOWED: &str = "on, off, or seven thresholds for 2..8 heights (0 or - for none)";
        match value.trim() {
            "on" | "default" => return Ok(default),
            "off" => return Ok(RemovalTable::OFF),
            _ => {}
        }
        let parts: Vec<&str> = value.split(',').map(str::trim).collect();
        if parts.len() != 7 {
            return Err(bad_value(
                key,
                value,
                format!("{} thresholds given, 7 needed", parts.len()),
                ALLOWED,
            ));
        }
        let mut thresholds = [None; 7];
        for (i, part) in parts.iter().enumerate() {
            thresholds[i] = match *part {
                "-" | "0" => None,
                p => Some(p.parse::<u16>().map_err(|_| {
                    bad_value(
                        key,
                        value,
                        format!("threshold for {} heights {p:?} is not a number", i + 2),
                        ALLOWED,
                    )
                })?),
            };
        }
        Ok(RemovalTable { thresholds })
    }

    /// The text form [`RemovalTable::parse`] reads: `off`, or seven thresholds.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::RemovalTable;
    ///
    /// let table = RemovalTable::n_plus(3);
    /// assert_eq!(table.to_text(), "5,6,7,8,9,10,11");
    /// let back = RemovalTable::parse("removal", &table.to_text(), RemovalTable::OFF).unwrap();
    /// assert_eq!(back, table);
    /// assert_eq!(RemovalTable::OFF.to_text(), "off");
    /// ```
    pub fn to_text(&self) -> String {
        if self.is_off() {
            return "off".to_string();
        }
        self.thresholds
            .iter()
            .map(|t| t.map_or("-".to_string(), |v| v.to_string()))
            .collect::<Vec<_>>()
            .join(",")
    }
}

impl Serialize for RemovalTable {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_text())
    }
}

impl<'de> Deserialize<'de> for RemovalTable {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        if text.trim() == "on" {
            return Err(serde::de::Error::custom(
                "removal \"on\" depends on the game; write the thresholds",
            ));
        }
        RemovalTable::parse("removal", &text, RemovalTable::OFF).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c3_30_default_table_is_n_plus_3() {
        let t = RemovalTable::n_plus(3);
        assert_eq!(t.threshold(8), Some(11));
        assert_eq!(t.threshold(2), Some(5));
        assert_eq!(t.threshold(1), None);
        assert_eq!(t.to_text(), "5,6,7,8,9,10,11");
    }

    #[test]
    fn parse_forms() {
        let d = RemovalTable::n_plus(5);
        assert_eq!(RemovalTable::parse("removal", "on", d), Ok(d));
        assert_eq!(
            RemovalTable::parse("removal", "off", d),
            Ok(RemovalTable::OFF)
        );
        let t = RemovalTable::parse("removal", "0,-,7,8,9,10,30", d).unwrap();
        assert_eq!(t.threshold(2), None);
        assert_eq!(t.threshold(3), None);
        assert_eq!(t.threshold(8), Some(30));
        assert_eq!(RemovalTable::parse("removal", &t.to_text(), d), Ok(t));
        assert!(RemovalTable::parse("removal", "1,2,3", d).is_err());
        assert!(RemovalTable::parse("removal", "a,2,3,4,5,6,7", d).is_err());
    }
}
