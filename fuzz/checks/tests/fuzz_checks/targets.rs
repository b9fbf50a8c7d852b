//! The target bodies themselves on seeded random inputs, on stable: a target that fails on
//! inputs the code handles correctly would bury real findings, so each must run clean here.
//! (libFuzzer runs them for hours; this is the quick check that they are sound at all.)

use variant_fuzz_checks::targets::{MAX_LENS, TARGETS};

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

/// Random inputs of every length up to the target's `-max_len` (its last byte included).
#[test]
fn every_target_runs_clean_on_inputs_up_to_its_max_len() {
    for &(name, target) in TARGETS {
        let max_len = MAX_LENS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, l)| l)
            .unwrap_or_else(|| panic!("target {name} has no max_len"));
        for seed in 0..8u64 {
            let len = max_len - (seed as usize * 97) % max_len.min(200);
            let data = noise(1000 + seed, len);
            let outcome = std::panic::catch_unwind(|| target(&data));
            assert!(
                outcome.is_ok(),
                "target {name} failed on the input of seed {} ({len} bytes)",
                1000 + seed
            );
        }
    }
}

/// `fuzz/fuzz_targets/<target>.options`, which `cargo xtask fuzz-smoke` and `cargo xtask
/// fuzz` pass to libFuzzer, gives each target the `max_len` its module documents.
#[test]
fn options_files_give_each_target_its_max_len() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz_targets");
    assert_eq!(MAX_LENS.len(), TARGETS.len());
    for &(name, max_len) in MAX_LENS {
        let path = dir.join(format!("{name}.options"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut section = "";
        let mut found = None;
        for line in text.lines().map(str::trim) {
            if let Some(s) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                section = s;
            } else if section == "libfuzzer"
                && let Some((key, value)) = line.split_once('=')
                && key.trim() == "max_len"
            {
                found = value.trim().parse::<usize>().ok();
            }
        }
        assert_eq!(found, Some(max_len), "{}", path.display());
    }
}
