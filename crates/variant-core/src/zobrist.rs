//! Deterministic pseudo-random keys for Zobrist hashing, the same on every platform and run.

/// One step of SplitMix64: advances `state` and returns the next key.
///
/// # Example
///
/// ```
/// use variant_core::zobrist::splitmix64;
///
/// // The reference SplitMix64 (Steele, Lea, Flood; Vigna's C code) from state 0.
/// let mut state = 0;
/// assert_eq!(splitmix64(&mut state), 0xE220_A839_7B1D_CDAF);
/// assert_eq!(splitmix64(&mut state), 0x6E78_9E6A_A1B9_65F4);
/// assert_eq!(state, 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(2)); // two golden-ratio steps
/// ```
#[inline]
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` keys from the seed `seed`, computable at compile time:
/// `static KEYS: [u64; 1024] = zobrist_keys(1);`.
///
/// # Example
///
/// ```
/// use variant_core::zobrist::{splitmix64, zobrist_keys};
///
/// static KEYS: [u64; 4] = zobrist_keys(0);
/// let mut state = 0;
/// assert_eq!(KEYS[0], splitmix64(&mut state)); // the SplitMix64 sequence from `seed`
/// assert_eq!(KEYS[0], 0xE220_A839_7B1D_CDAF);
/// assert_ne!(KEYS[1], KEYS[2]);
/// ```
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut state = seed;
    let mut keys = [0u64; N];
    let mut i = 0;
    while i < N {
        keys[i] = splitmix64(&mut state);
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_deterministic() {
        const A: [u64; 256] = zobrist_keys(7);
        let b: [u64; 256] = zobrist_keys(7);
        assert_eq!(A, b);
        let mut sorted = A.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 256);
    }
}
