//! The `web_api` fuzz target: see `variant_fuzz_checks::targets::web_api`, which holds its body
//! so that the stable `cargo test` can replay crash inputs (`fuzz/regressions/web_api/`) through
//! it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| variant_fuzz_checks::targets::web_api::run(data));
