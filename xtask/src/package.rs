//! `cargo xtask package`: `cargo package` of every published crate of the workspace, verified
//! — each crate's `.crate` file is unpacked and built from there, against the packages of the
//! workspace crates it depends on (cargo packs them together into a local registry), so a
//! crate that reads a file outside its own folder, or misses a file it needs in its package,
//! fails here rather than on crates.io.
//!
//! The members whose manifest says `publish = false` (xtask, the benches, the fuzz checks and
//! the Rust half of the Python package, which ships inside the wheel) are excluded.
//!
//! The verification builds go to their own target directory, [`target`] (`package-check/`
//! in the workspace's target directory; the `.crate` files in its `package/`, [`packaged`]),
//! kept between runs: the third-party dependencies are built there once
//! and reused. Cargo takes a crate of a registry to be unchanged while its version is, so a
//! workspace crate built there earlier as another crate's dependency, from the local registry,
//! would be reused after its source changed; every published crate's artefacts are therefore
//! removed from that directory first (`cargo clean -p`), and only they are built again. The
//! workspace's own `target/debug` is left alone. The builds carry no debug information and
//! are not incremental (`CARGO_PROFILE_DEV_DEBUG=0`, `CARGO_INCREMENTAL=0`: they are compiled
//! once, never run, and link faster).
//! `--allow-dirty` lets the check run on a working tree with uncommitted changes (CI's is
//! clean).

use std::path::{Path, PathBuf};

/// The target directory of the verification builds: `package-check/` in the workspace's
/// target directory (`CARGO_TARGET_DIR`, or `target/`).
pub fn target() -> PathBuf {
    crate::install::target_dir().join("package-check")
}

/// Where the task leaves the `.crate` files.
pub fn packaged() -> PathBuf {
    target().join("package")
}

/// The task.
pub fn package(_args: &[String]) -> Result<(), String> {
    let members = crate::metadata::packages()?;
    let target = target();
    let target = target.to_str().ok_or("the target directory is not UTF-8")?;
    let mut args = vec!["package", "--workspace", "--allow-dirty"];
    let mut clean = vec!["clean", "--target-dir", target];
    let mut published = Vec::new();
    for package in &members {
        let name = package.name.as_str();
        if package.published {
            clean.extend(["-p", name]);
            published.push(name);
        } else {
            args.extend(["--exclude", name]);
        }
    }
    let started = std::time::Instant::now();
    if Path::new(target).exists() {
        crate::cargo(&clean, &[])?;
    }
    forget_unpacked_sources(&published)?;
    crate::cargo(
        &args,
        &[
            ("CARGO_TARGET_DIR", target),
            ("CARGO_PROFILE_DEV_DEBUG", "0"),
            ("CARGO_INCREMENTAL", "0"),
        ],
    )?;
    eprintln!(
        "xtask: package: {} crates packaged and verified in {:.0} s ({target}/package/): {}",
        published.len(),
        started.elapsed().as_secs_f64(),
        published.join(", ")
    );
    Ok(())
}

/// Removes the sources Cargo unpacked from an earlier run's local registry: it unpacks a
/// registry's `.crate` into `$CARGO_HOME/registry/src/<registry>/<name>-<version>/` once and
/// reuses that directory while the version is the same, and the local registry of the
/// workspace's packages sits at the same path from run to run — so without this a crate would
/// be verified against the sources of a dependency as an earlier run packed them (seen: a
/// changed crate checked against its dependency as it was the day before). Only the
/// directories of local registries (named `-<hash>`, crates.io's are `index.…`) are touched,
/// and in them only the published crates of this workspace.
fn forget_unpacked_sources(published: &[&str]) -> Result<(), String> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let Some(sources) = home.map(|h| h.join("registry").join("src")) else {
        return Ok(());
    };
    let Ok(registries) = std::fs::read_dir(&sources) else {
        return Ok(());
    };
    for registry in registries.flatten() {
        if !registry.file_name().to_string_lossy().starts_with('-') {
            continue;
        }
        let Ok(crates) = std::fs::read_dir(registry.path()) else {
            continue;
        };
        for unpacked in crates.flatten() {
            let name = unpacked.file_name().to_string_lossy().into_owned();
            let ours = published.iter().any(|p| {
                name.strip_prefix(p)
                    .and_then(|rest| rest.strip_prefix('-'))
                    .is_some_and(|version| version.starts_with(|c: char| c.is_ascii_digit()))
            });
            if ours {
                std::fs::remove_dir_all(unpacked.path())
                    .map_err(|e| format!("cannot remove {}: {e}", unpacked.path().display()))?;
            }
        }
    }
    Ok(())
}
