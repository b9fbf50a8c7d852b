//! The configuration: Qubic has none (Q-1). The type exists because every game has one; it
//! has no key, and every key given to it is refused by name.

use serde::{Deserialize, Serialize};
use variant_core::config::unknown_key;
use variant_core::{ConfigError, ConfigKey, GameConfig};

/// Qubic's configuration: empty, the rules have no variants (Q-1). Written as `{}` in game
/// records and as the empty text in `key=value` form.
///
/// # Example
///
/// ```
/// use qubic::QubicConfig;
/// use variant_core::GameConfig;
///
/// assert!(QubicConfig::keys().is_empty());
/// assert_eq!(QubicConfig::from_text("").unwrap(), QubicConfig::default());
/// let err = QubicConfig::from_text("heights=2").unwrap_err();
/// assert!(err.to_string().contains("unknown configuration key \"heights\" for qubic"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QubicConfig {}

impl GameConfig for QubicConfig {
    fn keys() -> &'static [ConfigKey] {
        &[]
    }

    fn set(&mut self, key: &str, _value: &str) -> Result<(), ConfigError> {
        Err(unknown_key(crate::NAME, key, Self::keys()))
    }

    fn get(&self, _key: &str) -> Option<String> {
        None
    }
}
