//! Iterating the set bits of a bit board: every game of the workspace keeps its pieces in
//! `u64` words and walks them lowest cell first.

/// Iterates over the set bits of a `u64`, lowest first, as bit indices.
///
/// # Example
///
/// ```
/// use variant_core::bits::Bits;
/// let cells: Vec<usize> = Bits(0b1010_0001).collect();
/// assert_eq!(cells, [0, 5, 7]);
/// assert_eq!(Bits(0).next(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let bit = self.0.trailing_zeros() as usize;
            // Clears the lowest set bit.
            self.0 &= self.0 - 1;
            Some(bit)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

impl std::iter::FusedIterator for Bits {}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn yields_each_set_bit_once_in_order() {
        // Checked against a plain scan of the 64 bit positions.
        for word in [
            0u64,
            1,
            1 << 63,
            u64::MAX,
            0x8000_0000_0000_0001,
            0x00f0_0f00_1234_5678,
        ] {
            let scan: Vec<usize> = (0..64).filter(|&i| word >> i & 1 == 1).collect();
            let bits: Vec<usize> = Bits(word).collect();
            assert_eq!(bits, scan, "word {word:#x}");
            assert_eq!(Bits(word).len(), scan.len());
        }
    }
}
