//! The workspace as Cargo describes it (`cargo metadata --no-deps`): its packages with their
//! directories, features and `publish` setting, read from Cargo rather than from the manifests'
//! text.

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

/// A package of the workspace.
pub struct Package {
    pub name: String,
    pub version: String,
    /// The directory of its manifest.
    pub dir: PathBuf,
    /// `false` where its manifest says `publish = false`.
    pub published: bool,
    /// Its features, each with what it turns on.
    pub features: Value,
}

/// The packages of the workspace, in the order of its `members`.
pub fn packages() -> Result<Vec<Package>, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--manifest-path",
        ])
        .arg(crate::install::workspace().join("Cargo.toml"))
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let json: Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata's output: {e}"))?;
    let text = |p: &Value, key: &str| p[key].as_str().unwrap_or_default().to_string();
    Ok(json["packages"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|p| Package {
            name: text(p, "name"),
            version: text(p, "version"),
            dir: PathBuf::from(text(p, "manifest_path"))
                .parent()
                .map(PathBuf::from)
                .unwrap_or_default(),
            // `publish = false` is an empty list of registries; no `publish` key is null.
            published: p["publish"].as_array().is_none_or(|r| !r.is_empty()),
            features: p["features"].clone(),
        })
        .collect())
}

/// The package `name`.
pub fn package(name: &str) -> Result<Package, String> {
    packages()?
        .into_iter()
        .find(|p| p.name == name)
        .ok_or_else(|| format!("the workspace has no package {name}"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_workspace_publishes_its_libraries_and_the_command() {
        let packages = super::packages().unwrap();
        let unpublished: Vec<&str> = packages
            .iter()
            .filter(|p| !p.published)
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(
            unpublished,
            [
                "variant-py",
                "variant-benches",
                "xtask",
                "variant-fuzz-checks"
            ]
        );
        let cli = super::package("variant-cli").unwrap();
        assert!(cli.published && cli.dir.ends_with("crates/variant-cli"));
        let facade = super::package("variant-games").unwrap();
        assert!(facade.features["all-games"].as_array().unwrap().len() >= 5);
    }
}
