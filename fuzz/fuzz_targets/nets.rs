//! The `nets` fuzz target: see `variant_fuzz_checks::targets::nets`, which holds its body so
//! that the stable `cargo test` can replay crash inputs (`fuzz/regressions/nets/`) through it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_fuzz_checks::targets::nets::run(data));
