//! Gives the shared library an soname that carries the ABI version (`libvariants.so.<ABI>`),
//! the name `cargo xtask install` installs it under, so that programs linked against one ABI
//! never load a library of another.
//!
//! The ABI version is read from `src/library.rs` (`VARIANTS_ABI_VERSION`), its one source.

use std::path::Path;

fn abi_version() -> u32 {
    let path = Path::new("src/library.rs");
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .find_map(|line| {
            line.trim()
                .strip_prefix("pub const VARIANTS_ABI_VERSION: u32 = ")?
                .strip_suffix(';')?
                .parse()
                .ok()
        })
        .unwrap_or_else(|| {
            panic!("src/library.rs defines no `pub const VARIANTS_ABI_VERSION: u32`")
        })
}

fn main() {
    println!("cargo:rerun-if-changed=src/library.rs");
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    // ELF platforms; macOS would take -install_name, Windows has no soname.
    if matches!(
        target_os.as_str(),
        "linux" | "freebsd" | "netbsd" | "openbsd" | "dragonfly" | "android"
    ) {
        println!(
            "cargo:rustc-cdylib-link-arg=-Wl,-soname,libvariants.so.{}",
            abi_version()
        );
    }
}
