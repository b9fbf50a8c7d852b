//! A seeded generator of hostile positions for the capture search: a few kings
//! of the side to move among many enemy men in the full 8-height box, where the number of
//! capture *paths* explodes while the number of distinct moves (D3-14) stays small.
//!
//! The benchmark `benches/benches/checkers3d_hostile.rs` times move generation over these
//! positions, and `tests/checkers3d/hostile.rs` compares their move lists with the simple reference
//! generator; both draw from this one generator so they see the same positions.

use crate::config::Checkers3dConfig;
use crate::position::{BLACK, Checkers3d, WHITE};

/// The number of playing cells of the 8-height box (32 dark cells per height, D3-1).
const CELLS: u32 = 256;

/// SplitMix64: a small, well-mixed generator whose sequence is fixed by its seed on every
/// platform, so that a benchmark figure or a failing test names its position by seed and index.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `low..=high`.
    fn range(&mut self, low: u32, high: u32) -> u32 {
        low + (self.next() % u64::from(high - low + 1)) as u32
    }
}

/// `count` hostile positions of the default game (8 heights, majority capture, promotion in
/// passing), drawn from `seed`: the side to move (White or Black, by the seed) has 1–4 kings
/// and nothing else, the other side 10–60 men, all on cells chosen uniformly over the 8
/// heights. No man stands on a cell where it would already have been promoted (D3-13), so
/// every position is one the game accepts from text.
///
/// # Example
///
/// ```
/// use checkers3d::hostile::hostile_positions;
/// use variant_core::Game;
///
/// let positions = hostile_positions(1, 3);
/// assert_eq!(positions.len(), 3);
/// // The same seed gives the same positions.
/// assert_eq!(positions[0].to_text(), hostile_positions(1, 1)[0].to_text());
/// ```
pub fn hostile_positions(seed: u64, count: usize) -> Vec<Checkers3d> {
    let config = Checkers3dConfig::default();
    let mut rng = SplitMix(seed);
    (0..count).map(|_| one(&config, &mut rng)).collect()
}

fn one(config: &Checkers3dConfig, rng: &mut SplitMix) -> Checkers3d {
    let mut pos = Checkers3d::start(config);
    pos.pieces = [[0; 8]; 2];
    pos.kings = [0; 8];
    let us = if rng.next() & 1 == 0 { WHITE } else { BLACK };
    let them = 1 - us;
    pos.side = us as u8;
    let kings = rng.range(1, 4);
    let men = rng.range(10, 60);
    let mut placed = 0;
    while placed < kings + men {
        let square = rng.range(0, CELLS - 1) as usize;
        let (z, bit) = (square / 32, 1u32 << (square % 32));
        if pos.occupied(z) & bit != 0 {
            continue;
        }
        if placed < kings {
            pos.pieces[us][z] |= bit;
            pos.kings[z] |= bit;
        } else {
            // D3-13: a man on an enemy base cube would have been promoted already.
            if pos.promotion_squares(them, z) & bit != 0 {
                continue;
            }
            pos.pieces[them][z] |= bit;
        }
        placed += 1;
    }
    pos.hash = pos.full_hash();
    pos
}

#[cfg(test)]
mod tests {
    use super::*;
    use variant_core::Game;

    #[test]
    fn positions_have_the_promised_material_and_read_back() {
        for pos in hostile_positions(7, 200) {
            let us = pos.side as usize;
            let kings: u32 = (0..8).map(|z| pos.pieces[us][z].count_ones()).sum();
            let own_kings: u32 = (0..8)
                .map(|z| (pos.pieces[us][z] & pos.kings[z]).count_ones())
                .sum();
            let men: u32 = (0..8)
                .map(|z| (pos.pieces[1 - us][z] & !pos.kings[z]).count_ones())
                .sum();
            let enemy: u32 = (0..8).map(|z| pos.pieces[1 - us][z].count_ones()).sum();
            assert!((1..=4).contains(&kings) && kings == own_kings);
            assert!((10..=60).contains(&men) && men == enemy);
            let text = pos.to_text();
            let back = Checkers3d::from_text(pos.config(), &text).unwrap();
            assert_eq!(back, pos, "{text}");
        }
    }
}
