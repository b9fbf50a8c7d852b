//! The `engine` fuzz target: see `variant_fuzz_checks::targets::engine`, which holds its body so
//! that the stable `cargo test` can replay crash inputs (`fuzz/regressions/engine/`) through it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_fuzz_checks::targets::engine::run(data));
