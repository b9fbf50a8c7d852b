//! `cargo xtask install --prefix DIR [--profile NAME]`: installs the C library the way C
//! programmers expect, and `cargo xtask install-check --prefix DIR`: builds and runs the C and
//! C++ programs of `crates/variant-ffi/examples/c/` against that installed copy through pkg-config.
//!
//! Layout under DIR:
//! - `lib/libvariants.so.<ABI>` (soname `libvariants.so.<ABI>`, set by the crate's build.rs)
//!   and the link-time name `lib/libvariants.so` pointing to it;
//! - `lib/libvariants.a`;
//! - `include/variants.h`, `include/variants.hpp`;
//! - `lib/pkgconfig/variants.pc`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root, the parent of xtask's directory. `cargo run` sets `CARGO_MANIFEST_DIR`
/// at run time too; that one wins over the compile-time value, so an `xtask` binary built in
/// another checkout (a copied `target/`) still works on this one.
pub fn workspace() -> PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest
        .parent()
        .map_or(manifest.clone(), Path::to_path_buf)
}

/// The workspace's target directory: `CARGO_TARGET_DIR`, else `target/`.
pub(crate) fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("target"))
}

/// The value of `--name VALUE` in `args`.
pub(crate) fn option(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn prefix(args: &[String]) -> Result<PathBuf, String> {
    let prefix = option(args, "--prefix").ok_or("--prefix DIR is required")?;
    let prefix = PathBuf::from(prefix);
    std::fs::create_dir_all(&prefix).map_err(|e| format!("{}: {e}", prefix.display()))?;
    prefix
        .canonicalize()
        .map_err(|e| format!("{}: {e}", prefix.display()))
}

/// The ABI version, from the crate's single definition.
pub(crate) fn abi_version() -> Result<u32, String> {
    let path = workspace().join("crates/variant-ffi/src/library.rs");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .find_map(|line| {
            line.trim()
                .strip_prefix("pub const VARIANTS_ABI_VERSION: u32 = ")?
                .strip_suffix(';')?
                .parse()
                .ok()
        })
        .ok_or_else(|| format!("{} defines no VARIANTS_ABI_VERSION", path.display()))
}

/// The package version (the workspace's, which every crate takes).
pub(crate) fn version() -> Result<String, String> {
    crate::metadata::package("variant-games").map(|p| p.version)
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The pkg-config file. `Libs.private` lists what the static library needs besides itself
/// (`pkg-config --static`). `prefix` is a directory, or `${pcfiledir}/../..` for a copy that
/// may be unpacked anywhere.
pub(crate) fn pc_file(prefix: &str, version: &str) -> String {
    format!(
        "prefix={prefix}\n\
         libdir=${{prefix}}/lib\n\
         includedir=${{prefix}}/include\n\
         \n\
         Name: variants\n\
         Description: C API of the variants rule engines (chess3d, checkers3d, bishops4p, chess-t)\n\
         Version: {version}\n\
         Libs: -L${{libdir}} -lvariants\n\
         Libs.private: -lpthread -ldl -lm\n\
         Cflags: -I${{includedir}}\n"
    )
}

/// `cargo xtask install --prefix DIR [--profile NAME]` (profile `release` by default; CI
/// passes `release-tests`, whose build it has already made).
pub(crate) fn install(args: &[String]) -> Result<(), String> {
    let prefix = prefix(args)?;
    let profile = option(args, "--profile").unwrap_or_else(|| "release".to_string());
    install_into(&prefix, &profile)?;
    eprintln!("xtask: installed the C library into {}", prefix.display());
    Ok(())
}

/// Builds the C library with `profile` and installs it under `prefix` (the layout of the
/// module's documentation).
pub(crate) fn install_into(prefix: &Path, profile: &str) -> Result<(), String> {
    crate::cargo(
        &["build", "--profile", profile, "-p", "variant-ffi", "--lib"],
        &[],
    )?;
    let built = target_dir().join(match profile {
        "dev" => "debug",
        other => other,
    });
    let abi = abi_version()?;
    let lib = prefix.join("lib");
    let include = prefix.join("include");
    let pkgconfig = lib.join("pkgconfig");
    for dir in [&lib, &include, &pkgconfig] {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }

    let soname = format!("libvariants.so.{abi}");
    copy(&built.join("libvariant_ffi.so"), &lib.join(&soname))?;
    let link = lib.join("libvariants.so");
    if link.symlink_metadata().is_ok() {
        std::fs::remove_file(&link).map_err(|e| format!("{}: {e}", link.display()))?;
    }
    std::os::unix::fs::symlink(&soname, &link)
        .map_err(|e| format!("cannot link {}: {e}", link.display()))?;
    copy(&built.join("libvariant_ffi.a"), &lib.join("libvariants.a"))?;
    for header in ["variants.h", "variants.hpp"] {
        copy(
            &workspace().join("crates/variant-ffi/include").join(header),
            &include.join(header),
        )?;
    }
    write(
        &pkgconfig.join("variants.pc"),
        &pc_file(&prefix.display().to_string(), &version()?),
    )?;
    Ok(())
}

/// Runs a command, failing with its output when it fails; returns its standard output.
pub(crate) fn run(command: &mut Command) -> Result<String, String> {
    let output = command
        .output()
        .map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{command:?} failed ({}):\n{}{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// `pkg-config ARGS variants` with the installed copy on the search path, split into words.
fn pkg_config(prefix: &Path, args: &[&str]) -> Result<Vec<String>, String> {
    let out = run(Command::new("pkg-config")
        .args(args)
        .arg("variants")
        .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig")))?;
    Ok(out.split_whitespace().map(str::to_string).collect())
}

/// `cargo xtask install-check --prefix DIR`: every C program of `crates/variant-ffi/examples/c/` and the C++
/// test, compiled with `$(pkg-config --cflags --libs variants)` against the installed copy
/// (the shared library, found through LD_LIBRARY_PATH) and run; `test_errors.c` also linked
/// statically (`pkg-config --static`).
pub(crate) fn install_check(args: &[String]) -> Result<(), String> {
    let prefix = prefix(args)?;
    let examples = workspace().join("crates/variant-ffi/examples/c");
    let out = prefix.join("check");
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let flags = pkg_config(&prefix, &["--cflags", "--libs"])?;
    let lib = prefix.join("lib");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_string());

    // test_search.c reads the wins in one of every game's test position file.
    let mates = mate_in_one_lines(&workspace())?;
    // (source, compiler, standard, arguments of the run, standard input)
    let programs: &[(&str, &str, &str, &[&str], &str)] = &[
        ("example.c", &cc, "-std=c11", &[], ""),
        ("test_errors.c", &cc, "-std=c11", &[], ""),
        ("test_threads.c", &cc, "-std=c11", &[], ""),
        ("test_stop.c", &cc, "-std=c11", &[], ""),
        ("test_search.c", &cc, "-std=c11", &[], &mates),
        ("test_cpp.cpp", &cxx, "-std=c++17", &[], ""),
    ];
    for &(source, compiler, standard, run_args, input) in programs {
        let exe = out.join(source.replace('.', "_"));
        run(Command::new(compiler)
            .args([standard, "-Wall", "-Wextra", "-Werror", "-O2"])
            .arg(examples.join(source))
            .args(&flags)
            .arg("-lpthread")
            .arg("-o")
            .arg(&exe))?;
        let input_file = out.join(format!("{}.input", source.replace('.', "_")));
        std::fs::write(&input_file, input).map_err(|e| format!("{}: {e}", input_file.display()))?;
        let stdin = std::fs::File::open(&input_file)
            .map_err(|e| format!("{}: {e}", input_file.display()))?;
        let stdout = run(Command::new(&exe)
            .args(run_args)
            .stdin(stdin)
            .env("LD_LIBRARY_PATH", &lib))?;
        eprintln!(
            "xtask: {source} (shared, pkg-config): {}",
            stdout.lines().last().unwrap_or("")
        );
    }

    perft_ratios(&examples, &flags, &lib, &out, &cc)?;

    // Static linking: the archive by path (a plain -lvariants prefers the shared library),
    // then what `pkg-config --static` adds.
    let exe = out.join("test_errors_static");
    let cflags = pkg_config(&prefix, &["--cflags"])?;
    let private = pkg_config(&prefix, &["--static", "--libs-only-l"])?;
    run(Command::new(&cc)
        .args(["-std=c11", "-Wall", "-Werror"])
        .args(&cflags)
        .arg(examples.join("test_errors.c"))
        .arg(lib.join("libvariants.a"))
        .args(private.iter().filter(|f| *f != "-lvariants"))
        .arg("-o")
        .arg(&exe))?;
    let stdout = run(&mut Command::new(&exe))?;
    eprintln!(
        "xtask: test_errors.c (static, pkg-config --static): {}",
        stdout.lines().last().unwrap_or("")
    );
    Ok(())
}

/// The wins in one of every game crate's test position file (`crates/<game>/data/<game>.positions`,
/// format in `variant_core::test_positions`), one a line as `test_search.c` reads them: game,
/// configuration, position, the winning moves (space-separated) and the rule, separated by
/// tabs. The files are read from the workspace, so a new game's positions come with its crate.
pub(crate) fn mate_in_one_lines(root: &Path) -> Result<String, String> {
    let crates = root.join("crates");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&crates)
        .map_err(|e| format!("{}: {e}", crates.display()))?
        .filter_map(|dir| {
            let dir = dir.ok()?.path();
            let name = dir.file_name()?.to_str()?.to_string();
            let file = dir.join("data").join(format!("{name}.positions"));
            file.is_file().then_some(file)
        })
        .collect();
    files.sort();
    let mut lines = String::new();
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let positions = variant_core::test_positions::TestPositions::parse(&text)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        for e in positions.wins() {
            let (position, wins) = (e.position.unwrap_or(""), e.wins.join(" "));
            let game = positions.game;
            lines.push_str(&format!(
                "{game}\t{}\t{position}\t{wins}\t{}\n",
                e.config, e.rule
            ));
        }
    }
    if lines.is_empty() {
        return Err(format!(
            "no win in one in crates/*/data/*.positions under {}",
            root.display()
        ));
    }
    Ok(lines)
}

/// The positions `perft.c` counts in [`perft_ratios`]: game, configuration, depth. Deep enough
/// that the library's count takes some milliseconds of CPU (the first count of a process pays
/// for tables and caches; perft.c keeps the best of its rounds), small enough for CI.
const PERFT_CASES: &[(&str, &str, &str)] = &[
    ("chess3d", "heights=1", "5"),
    ("checkers3d", "heights=1", "9"),
    ("bishops4p", "", "5"),
    ("chess-t", "", "5"),
];

/// The least library time, in seconds of CPU, for which a ratio is judged: below it timer
/// resolution and the first-use costs of a process weigh too much to say anything.
const PERFT_MEANINGFUL_SECONDS: f64 = 0.01;

/// The floor of the ratio library time / time through move values (a C perft
/// through move values stays at least half as fast as the library's own).
const PERFT_RATIO_FLOOR: f64 = 0.5;

/// Games whose walk through move values is known to come too close to [`PERFT_RATIO_FLOOR`]
/// in the build checked here to be held to it, with the lower floor checked for them instead
/// (so CI still catches a fall below today's level) and the reason. One-height draughts: its
/// leaves are the cheapest of all games, so the three calls per leaf parent weigh most. The
/// release build (thin LTO) meets the 0.5, but the shared build installed with `--profile
/// release-tests` (no LTO, 16 codegen units), the one CI checks, comes too close to it to fail
/// CI on (the figures: docs/benchmarks.md, the C API section).
const PERFT_KNOWN_BELOW: &[(&str, f64, &str)] = &[(
    "checkers3d",
    0.4,
    "one-height draughts meets the 0.5 only just in a build without LTO \
     (docs/benchmarks.md)",
)];

/// `crates/variant-ffi/examples/c/perft.c` built against the installed shared library and run on one position
/// of every game ([`PERFT_CASES`]): it checks its count against the
/// library's, and here its ratio is checked against [`PERFT_RATIO_FLOOR`] when the library's
/// count ran long enough to mean something ([`PERFT_MEANINGFUL_SECONDS`]).
fn perft_ratios(
    examples: &Path,
    flags: &[String],
    lib: &Path,
    out: &Path,
    cc: &str,
) -> Result<(), String> {
    let exe = out.join("perft_c");
    run(Command::new(cc)
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-O2"])
        .arg(examples.join("perft.c"))
        .args(flags)
        .arg("-lpthread")
        .arg("-o")
        .arg(&exe))?;
    let mut slow = Vec::new();
    for &(game, config, depth) in PERFT_CASES {
        let stdout = run(Command::new(&exe)
            .args([game, config, depth])
            .env("LD_LIBRARY_PATH", lib))?;
        let field = |key: &str, index: usize| -> Result<f64, String> {
            stdout
                .lines()
                .find_map(|line| line.strip_prefix(key))
                .and_then(|rest| rest.split_whitespace().nth(index))
                .and_then(|word| word.parse().ok())
                .ok_or_else(|| {
                    format!("perft.c {game} {config:?} {depth}: no {key:?} in {stdout:?}")
                })
        };
        let library_seconds = field("library ", 1)?;
        let ratio = field("ratio ", 0)?;
        let judged = library_seconds >= PERFT_MEANINGFUL_SECONDS;
        let known = PERFT_KNOWN_BELOW.iter().find(|(name, ..)| *name == game);
        let floor = known.map_or(PERFT_RATIO_FLOOR, |&(_, floor, _)| floor);
        eprintln!(
            "xtask: perft.c (shared, pkg-config) {game} {config:?} perft {depth}: ratio \
             {ratio:.3} (library {:.1} ms of CPU{}){}",
            library_seconds * 1e3,
            if judged { "" } else { ": too short to judge" },
            known.map_or(String::new(), |(_, floor, why)| format!(
                "; checked against {floor} instead of {PERFT_RATIO_FLOOR}: {why}"
            ))
        );
        if judged && ratio < floor {
            slow.push(format!(
                "{game} {config:?} perft {depth}: {ratio:.3} (floor {floor})"
            ));
        }
    }
    if slow.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "perft through move values below its floor of the library's perft: {}",
            slow.join("; ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_crate_of_the_workspace_gives_its_wins_in_one() {
        let lines = mate_in_one_lines(&workspace()).unwrap();
        let games: std::collections::BTreeSet<&str> =
            lines.lines().filter_map(|l| l.split('\t').next()).collect();
        // Every crate with a perft data file is a game crate and has wins in one as well.
        for dir in std::fs::read_dir(workspace().join("crates")).unwrap() {
            let dir = dir.unwrap().path();
            let name = dir.file_name().unwrap().to_string_lossy().to_string();
            if dir.join("data").join(format!("{name}.perft")).is_file() {
                assert!(games.contains(name.as_str()), "{name}: {lines}");
            }
        }
        assert!(lines.lines().all(|l| l.split('\t').count() == 5), "{lines}");
    }
}
