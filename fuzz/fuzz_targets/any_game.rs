//! The `any_game` fuzz target: see `variant_fuzz_checks::targets::any_game`, which holds its
//! body so that the stable `cargo test` can replay crash inputs (`fuzz/regressions/any_game/`)
//! through it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_fuzz_checks::targets::any_game::run(data));
