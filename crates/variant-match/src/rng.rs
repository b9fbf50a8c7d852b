//! A small deterministic generator for picking moves and openings: a match is repeatable from
//! its seed, and game `i` of a match can be replayed alone.

/// xorshift64*: enough for picking moves; not for anything that needs to be unpredictable.
///
/// # Example
///
/// ```
/// use variant_match::Rng;
/// let (mut a, mut b) = (Rng::new(7), Rng::new(7));
/// assert_eq!(a.below(100), b.below(100));
/// assert!(Rng::new(1).below(3) < 3);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value; 0 is moved off the fixed point).
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 for `n` = 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    /// xorshift64* from Vigna's paper (shifts 12, 25, 27; multiplier 2685821657736338717):
    /// from state 1, the state after one step is 1 ^ (1 << 25) ^ ((1 ^ 1 << 25) >> 27) =
    /// 0x2000001 (the last shift drops everything), and the output is that times the
    /// multiplier, worked by hand modulo 2^64.
    #[test]
    fn first_output_from_state_one() {
        let expected = 0x0200_0001u64.wrapping_mul(2_685_821_657_736_338_717);
        assert_eq!(Rng::new(0).next_u64(), expected);
    }
}
