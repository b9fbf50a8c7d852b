//! The `play_moves` fuzz target: see `variant_fuzz_checks::targets::play_moves`, which holds its body so
//! that the stable `cargo test` can replay crash inputs (`fuzz/regressions/play_moves/`) through it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_fuzz_checks::targets::play_moves::run(data));
