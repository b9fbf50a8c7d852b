//! `cargo xtask dist [--profile NAME] [--without-crates]`: every release artefact in `target/dist/`, and
//! `cargo xtask dist-check [--profile NAME]`: each of them used the way its reader would.
//!
//! `dist` writes:
//! - the `.crate` file of every published crate (`cargo package --workspace`, verified: each
//!   crate is built from its unpacked package);
//! - the Python wheel (abi3, CPython ≥ 3.9) and source distribution (`maturin build`,
//!   `maturin sdist`);
//! - the C archive `variants-c-<version>-<target>.tar.gz`: `lib/` (the shared library with
//!   its soname link, the static library, `pkgconfig/variants.pc`, the CMake package
//!   `cmake/Variants/`) and `include/`, relocatable (the pkg-config and CMake files find
//!   their prefix from where they are unpacked);
//! - `SHA256SUMS` of all of them.
//!
//! `dist-check` installs the wheel into a fresh virtual environment and runs the Python test
//! suite against it from a directory outside the source tree; builds the source distribution
//! in another fresh environment (`--sdist`; it compiles the crates again); unpacks the C
//! archive, builds `examples/cmake` against it with CMake and runs it, and builds every C
//! program of `crates/variant-ffi/examples/c/` against it through pkg-config (`install-check`).
//!
//! The release checklist these automate is in docs/releasing.md.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::install::{self, option, run as output, target_dir, workspace};

/// The directory the artefacts go to.
fn dist_dir() -> PathBuf {
    target_dir().join("dist")
}

fn io<T>(what: &Path, result: std::io::Result<T>) -> Result<T, String> {
    result.map_err(|e| format!("{}: {e}", what.display()))
}

/// Runs `command`, failing with its name and status (its output goes to the terminal).
fn status(command: &mut Command) -> Result<(), String> {
    eprintln!("xtask: {command:?}");
    let status = command
        .status()
        .map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{command:?} failed ({status})"))
    }
}

/// The host's target triple (`rustc -vV`), which names the C archive.
pub(crate) fn host_triple() -> Result<String, String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    output(Command::new(rustc).arg("-vV"))?
        .lines()
        .find_map(|line| line.strip_prefix("host: ").map(str::to_string))
        .ok_or_else(|| "rustc -vV names no host".to_string())
}

/// A virtual environment under `target/` made with the machine's `python3` (made anew when
/// `fresh`), with `packages` installed from PyPI; returns its directory.
pub(crate) fn venv(name: &str, fresh: bool, packages: &[&str]) -> Result<PathBuf, String> {
    let dir = target_dir().join(name);
    if fresh && dir.exists() {
        io(&dir, std::fs::remove_dir_all(&dir))?;
    }
    if !dir.join("bin/python").exists() {
        status(Command::new("python3").args(["-m", "venv"]).arg(&dir))?;
    }
    if !packages.is_empty() {
        status(
            Command::new(dir.join("bin/pip"))
                .args(["install", "--quiet", "--disable-pip-version-check"])
                .args(packages),
        )?;
    }
    Ok(dir)
}

/// maturin: `$MATURIN`, else the one on `PATH`, else one installed from PyPI into
/// `target/dist-tools`.
pub(crate) fn maturin() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("MATURIN") {
        return Ok(PathBuf::from(path));
    }
    if Command::new("maturin").arg("--version").output().is_ok() {
        return Ok(PathBuf::from("maturin"));
    }
    let tools = venv("dist-tools", false, &["maturin>=1.5,<2"])?;
    Ok(tools.join("bin/maturin"))
}

/// `cargo xtask dist [--profile NAME] [--without-crates]` (profile `release` by default; CI
/// passes `release-tests`, already built, for a quicker run of the same code;
/// `--without-crates` leaves out `cargo package`, the slow part, when only the other
/// artefacts are wanted again).
pub(crate) fn dist(args: &[String]) -> Result<(), String> {
    let profile = option(args, "--profile").unwrap_or_else(|| "release".to_string());
    let dist = dist_dir();
    if dist.exists() {
        io(&dist, std::fs::remove_dir_all(&dist))?;
    }
    io(&dist, std::fs::create_dir_all(&dist))?;
    let version = install::version()?;

    if args.iter().any(|a| a == "--without-crates") {
        eprintln!("xtask: --without-crates: no .crate files this time");
    } else {
        crates(&dist, &version)?;
    }
    c_archive(&dist, &version, &profile)?;
    python(&dist, &profile)?;
    checksums(&dist)?;
    eprintln!("xtask: the artefacts are in {}", dist.display());
    Ok(())
}

/// `cargo xtask package` (every published crate packaged and verified by building it) and
/// the `.crate` files of this version copied into `dist`.
fn crates(dist: &Path, version: &str) -> Result<(), String> {
    crate::package::package(&[])?;
    let unpublished: Vec<String> = crate::metadata::packages()?
        .into_iter()
        .filter_map(|p| (!p.published).then_some(p.name))
        .collect();
    let packaged = crate::package::packaged();
    let suffix = format!("-{version}.crate");
    let mut count = 0;
    for entry in io(&packaged, std::fs::read_dir(&packaged))? {
        let path = io(&packaged, entry)?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let crate_name = name.strip_suffix(&suffix).unwrap_or_default();
        if name.ends_with(&suffix) && !unpublished.iter().any(|u| u == crate_name) {
            io(&path, std::fs::copy(&path, dist.join(&name)))?;
            count += 1;
        }
    }
    if count == 0 {
        return Err(format!("cargo package wrote no *{suffix} file"));
    }
    eprintln!("xtask: {count} crates packaged and verified");
    Ok(())
}

/// The CMake package: `VariantsConfig.cmake` (imported targets for the shared and the static
/// library, found relative to the file itself) and `VariantsConfigVersion.cmake` (same major
/// version, at least the one asked for; the major is 0 now, so 0.x releases match only their
/// minor: see docs/releasing.md).
fn cmake_files(version: &str, abi: u32) -> (String, String) {
    let fill = |template: &str| {
        template
            .replace("@VERSION@", version)
            .replace("@ABI@", &abi.to_string())
    };
    (
        fill(include_str!("cmake/VariantsConfig.cmake.in")),
        fill(include_str!("cmake/VariantsConfigVersion.cmake.in")),
    )
}

/// The C archive: `cargo xtask install` into a staging prefix, a relocatable pkg-config file,
/// the CMake package, then `tar`.
fn c_archive(dist: &Path, version: &str, profile: &str) -> Result<(), String> {
    let name = format!("variants-c-{version}-{}", host_triple()?);
    let stage = target_dir().join("dist-stage");
    if stage.exists() {
        io(&stage, std::fs::remove_dir_all(&stage))?;
    }
    let prefix = stage.join(&name);
    install::install_into(&prefix, profile)?;
    // Relocatable: pkg-config sets ${pcfiledir} to the directory of the .pc file it reads.
    let pc = prefix.join("lib/pkgconfig/variants.pc");
    io(
        &pc,
        std::fs::write(&pc, install::pc_file("${pcfiledir}/../..", version)),
    )?;
    let cmake = prefix.join("lib/cmake/Variants");
    io(&cmake, std::fs::create_dir_all(&cmake))?;
    let (config, version_file) = cmake_files(version, install::abi_version()?);
    let config_path = cmake.join("VariantsConfig.cmake");
    io(&config_path, std::fs::write(&config_path, config))?;
    let version_path = cmake.join("VariantsConfigVersion.cmake");
    io(&version_path, std::fs::write(&version_path, version_file))?;
    for file in ["LICENSE", "LICENSE-MIT", "LICENSE-APACHE", "CHANGELOG.md"] {
        let from = workspace().join(file);
        io(&from, std::fs::copy(&from, prefix.join(file)))?;
    }
    let archive = dist.join(format!("{name}.tar.gz"));
    status(
        Command::new("tar")
            .arg("--sort=name")
            .arg("--owner=0")
            .arg("--group=0")
            .arg("--numeric-owner")
            .arg("-czf")
            .arg(&archive)
            .arg("-C")
            .arg(&stage)
            .arg(&name),
    )?;
    io(&stage, std::fs::remove_dir_all(&stage))?;
    Ok(())
}

/// The wheel and the source distribution of the Python package.
fn python(dist: &Path, profile: &str) -> Result<(), String> {
    let maturin = maturin()?;
    let manifest = workspace().join("crates/variant-py/Cargo.toml");
    status(
        Command::new(&maturin)
            .args(["build", "--profile", profile, "--manifest-path"])
            .arg(&manifest)
            .arg("--out")
            .arg(dist),
    )?;
    status(
        Command::new(&maturin)
            .args(["sdist", "--manifest-path"])
            .arg(&manifest)
            .arg("--out")
            .arg(dist),
    )?;
    let wheel = find(dist, "", ".whl")?;
    let wheel_name = wheel.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if !wheel_name.contains("-cp39-abi3-") {
        return Err(format!(
            "{wheel_name}: expected a CPython ≥ 3.9 stable-ABI wheel (cp39-abi3)"
        ));
    }
    Ok(())
}

/// The one file of `dir` whose name starts with `prefix` and ends with `suffix`.
fn find(dir: &Path, prefix: &str, suffix: &str) -> Result<PathBuf, String> {
    let mut found = Vec::new();
    for entry in io(dir, std::fs::read_dir(dir))? {
        let path = io(dir, entry)?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if name.starts_with(prefix) && name.ends_with(suffix) {
            found.push(path);
        }
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(format!(
            "no {prefix}*{suffix} in {} (run cargo xtask dist first)",
            dir.display()
        )),
        _ => Err(format!(
            "more than one {prefix}*{suffix} in {}",
            dir.display()
        )),
    }
}

/// `SHA256SUMS`: `sha256sum` over every artefact, by name.
fn checksums(dist: &Path) -> Result<(), String> {
    let mut names: Vec<String> = io(dist, std::fs::read_dir(dist))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n != "SHA256SUMS")
        .collect();
    names.sort();
    let sums = output(Command::new("sha256sum").args(&names).current_dir(dist))?;
    let path = dist.join("SHA256SUMS");
    io(&path, std::fs::write(&path, sums))
}

/// `cargo xtask dist-check [--sdist] [--cli PATH]`: the artefacts of `target/dist/` used as
/// their readers would (see the module's documentation).
pub(crate) fn dist_check(args: &[String]) -> Result<(), String> {
    let dist = dist_dir();
    status(
        Command::new("sha256sum")
            .args(["--check", "--quiet", "SHA256SUMS"])
            .current_dir(&dist),
    )?;
    c_archive_check(&dist)?;
    wheel_check(&dist, option(args, "--cli"))?;
    if args.iter().any(|a| a == "--sdist") {
        sdist_check(&dist)?;
    }
    Ok(())
}

/// The C archive unpacked into a scratch directory: `examples/cmake` configured with
/// `CMAKE_PREFIX_PATH` set to it, built and run (shared and static), then every program of
/// `crates/variant-ffi/examples/c/` through its pkg-config file.
fn c_archive_check(dist: &Path) -> Result<(), String> {
    let archive = find(dist, "variants-c-", ".tar.gz")?;
    let scratch = target_dir().join("dist-check");
    if scratch.exists() {
        io(&scratch, std::fs::remove_dir_all(&scratch))?;
    }
    io(&scratch, std::fs::create_dir_all(&scratch))?;
    status(
        Command::new("tar")
            .arg("-xzf")
            .arg(&archive)
            .arg("-C")
            .arg(&scratch),
    )?;
    let name = archive
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_suffix(".tar.gz"))
        .ok_or("the C archive's name")?
        .to_string();
    let prefix = scratch.join(&name);
    let build = scratch.join("cmake-build");
    status(
        Command::new("cmake")
            .arg("-S")
            .arg(workspace().join("examples/cmake"))
            .arg("-B")
            .arg(&build)
            .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display())),
    )?;
    status(Command::new("cmake").arg("--build").arg(&build))?;
    for exe in ["fide_perft", "fide_perft_static"] {
        let out = output(&mut Command::new(build.join(exe)))?;
        eprintln!(
            "xtask: examples/cmake {exe}: {}",
            out.lines().collect::<Vec<_>>().join(", ")
        );
    }
    install::install_check(&["--prefix".to_string(), prefix.display().to_string()])
}

/// The Python suite's files that start Dask clusters (a scheduler and worker processes) and
/// count or play for minutes through them: left out of the wheel's run. They test
/// `variant_games.distributed`, pure Python that the wheel holds byte for byte as the source
/// tree does, and the docs step runs the whole suite (these included) against the package
/// installed from the sources as README.md says; the wheel's run keeps the cheap cluster tests
/// (connection errors, checkpoints, progress), which import the packaged module.
const CLUSTER_TESTS: &[&str] = &[
    "test_distributed.py",
    "test_distributed_ctrl_c.py",
    "test_distributed_datagen.py",
    "test_distributed_docs.py",
    "test_doc_scripts.py",
];

/// The wheel installed into a fresh virtual environment, with the test extras, and the
/// package's test suite (but [`CLUSTER_TESTS`]) run from a copy outside the source tree (so `import variant_games`
/// can only find the installed package). `cli` is the `variants` binary the match tests
/// compare with (they skip without one).
fn wheel_check(dist: &Path, cli: Option<String>) -> Result<(), String> {
    let wheel = find(dist, "", ".whl")?;
    let env = venv("dist-check-venv", true, &[])?;
    let wheel_with_extras = format!("{}[test,dask]", wheel.display());
    status(
        Command::new(env.join("bin/pip"))
            .args(["install", "--quiet", "--disable-pip-version-check"])
            .arg(&wheel_with_extras),
    )?;
    let outside = std::env::temp_dir().join(format!("variant-games-wheel-{}", std::process::id()));
    if outside.exists() {
        io(&outside, std::fs::remove_dir_all(&outside))?;
    }
    io(&outside, std::fs::create_dir_all(&outside))?;
    status(
        Command::new("cp")
            .arg("-r")
            .arg(workspace().join("crates/variant-py/tests"))
            .arg(outside.join("tests")),
    )?;
    // (Without the caches of the source tree's runs: they name its paths.)
    let _ = std::fs::remove_dir_all(outside.join("tests/__pycache__"));
    let python = env.join("bin/python");
    let location = output(
        Command::new(&python)
            .args(["-c", "import variant_games; print(variant_games.__file__)"])
            .current_dir(&outside),
    )?;
    let env_dir = env.canonicalize().unwrap_or_else(|_| env.clone());
    let imported = Path::new(location.trim());
    let imported = imported
        .canonicalize()
        .unwrap_or_else(|_| imported.to_path_buf());
    if !imported.starts_with(&env_dir) {
        return Err(format!(
            "variant_games was imported from {} instead of the fresh environment {}",
            location.trim(),
            env.display()
        ));
    }
    eprintln!("xtask: variant_games imported from {}", location.trim());
    let mut pytest = Command::new(&python);
    pytest
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"])
        .args(CLUSTER_TESTS.iter().map(|t| format!("--ignore=tests/{t}")))
        .current_dir(&outside);
    if let Some(cli) = cli {
        let cli = PathBuf::from(cli);
        let cli = cli.canonicalize().unwrap_or(cli);
        pytest.env("VARIANTS_CLI", cli);
    }
    let result = status(&mut pytest);
    let _ = std::fs::remove_dir_all(&outside);
    result
}

/// The source distribution installed by pip into a fresh environment (pip builds it with
/// maturin from the unpacked sdist alone), then imported and asked for a perft count.
fn sdist_check(dist: &Path) -> Result<(), String> {
    let sdist = find(dist, "variant_games-", ".tar.gz")?;
    let env = venv("dist-sdist-venv", true, &[])?;
    status(
        Command::new(env.join("bin/pip"))
            .args(["install", "--quiet", "--disable-pip-version-check"])
            .arg(&sdist)
            .env(
                "MATURIN_PEP517_ARGS",
                format!("--profile {}", crate::check_profile()),
            )
            .current_dir(std::env::temp_dir()),
    )?;
    let count = output(
        Command::new(env.join("bin/python"))
            .args([
                "-c",
                "import variant_games; print(variant_games.Game('chess3d', heights=1).perft(3))",
            ])
            .current_dir(std::env::temp_dir()),
    )?;
    // FIDE chess, perft 3 from the start: 8 902 (the published table).
    if count.trim() != "8902" {
        return Err(format!(
            "the sdist's build counts perft 3 as {count:?}, not 8902"
        ));
    }
    eprintln!("xtask: the sdist built alone in a fresh environment; FIDE perft 3 = 8902");
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_cmake_files_name_the_version_and_the_abi_and_leave_no_placeholder() {
        let (config, version) = super::cmake_files("1.2.3", 7);
        assert!(config.contains("\"libvariants.so.7\""), "{config}");
        assert!(
            config.contains("set(Variants_VERSION \"1.2.3\")"),
            "{config}"
        );
        assert!(
            version.contains("set(PACKAGE_VERSION \"1.2.3\")"),
            "{version}"
        );
        assert!(!config.contains('@') && !version.contains('@'));
    }
}
