//! The target bodies themselves on seeded random inputs, on stable: a target that fails on
//! inputs the code handles correctly would bury real findings, so each must run clean here.
//! (libFuzzer runs them for hours; this is the quick check that they are sound at all.)

use variant_fuzz_checks::targets::TARGETS;

/// SplitMix64, seeded: a failure names the seed.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut s = seed;
    (0..len)
        .map(|_| {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z ^ (z >> 31)) as u8
        })
        .collect()
}

#[test]
fn every_target_runs_clean_on_random_inputs() {
    for &(name, target) in TARGETS {
        for seed in 0..24u64 {
            let data = noise(seed, 24 + (seed as usize * 37) % 400);
            let outcome = std::panic::catch_unwind(|| target(&data));
            assert!(
                outcome.is_ok(),
                "target {name} failed on the input of seed {seed}"
            );
        }
    }
}
