//! `variants games`: the games and their configuration keys.

use crate::error::Error;
use crate::output::outln;
use variants::registry;

pub fn run(json: bool) -> Result<(), Error> {
    let games = registry::games();
    if json {
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
            outln!(
                "    {:<20} {} (default {}; allowed {})",
                k.name,
                k.description,
                k.default,
                k.allowed
            );
        }
    }
    Ok(())
}
