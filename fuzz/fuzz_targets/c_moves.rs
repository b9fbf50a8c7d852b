//! The `c_moves` fuzz target: see `variant_fuzz_checks::targets::c_moves`, which holds its
//! body so that the stable `cargo test` can replay crash inputs (`fuzz/regressions/c_moves/`)
//! through it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_fuzz_checks::targets::c_moves::run(data));
