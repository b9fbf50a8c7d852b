//! `variants games`: the games and their configuration keys.

use crate::cli::GamesArgs;
use crate::error::Error;
use crate::output::outln;
use variant_games::registry;

pub fn run(args: &GamesArgs) -> Result<(), Error> {
    let games = registry::games();
    if args.json {
        let value: Vec<serde_json::Value> = games
            .iter()
            .map(|g| {
                serde_json::json!({
                    "name": g.name,
                    "description": g.description,
                    "keys": g.keys.iter().map(|k| serde_json::json!({
                        "name": k.name,
                        "description": k.description,
                        "default": k.default,
                        "allowed": k.allowed,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        outln!("{}", serde_json::Value::Array(value));
        return Ok(());
    }
    for g in games {
        outln!("{}  {}", g.name, g.description);
        for k in g.keys {
            outln!("    {:<20} {} ({})", k.name, k.description, bounds(k));
        }
    }
    Ok(())
}

/// `default X; allowed Y` for a key; an empty default (the key's "nothing", e.g. no
/// impregnable cells) is written as `none`, so no `(default ; …)` appears.
fn bounds(key: &variant_games::variant_core::ConfigKey) -> String {
    let default = if key.default.is_empty() {
        "none"
    } else {
        key.default
    };
    if key.allowed.is_empty() {
        format!("default {default}")
    } else {
        format!("default {default}; allowed {}", key.allowed)
    }
}

#[cfg(test)]
mod tests {
    use super::bounds;
    use variant_games::variant_core::ConfigKey;

    #[test]
    fn an_empty_default_is_written_none() {
        let key = ConfigKey {
            name: "cells",
            description: "cells",
            default: "",
            allowed: "comma-separated cells",
        };
        assert_eq!(bounds(&key), "default none; allowed comma-separated cells");
        let key = ConfigKey {
            default: "8",
            allowed: "1..=8",
            ..key
        };
        assert_eq!(bounds(&key), "default 8; allowed 1..=8");
    }
}
