//! The `position_text` fuzz target: see `variant_fuzz_checks::targets::position_text`, which holds its body so
//! that the stable `cargo test` can replay crash inputs (`fuzz/regressions/position_text/`) through it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_fuzz_checks::targets::position_text::run(data));
