//! In-plane slider attacks by "fancy" magic bitboards. The magic factors are searched once per
//! process with a fixed-seed generator (deterministic, a few milliseconds in release) and kept
//! in a [`OnceLock`].

use std::sync::OnceLock;

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: u32,
}

/// Rook and bishop attack tables of one 8×8 plane.
pub struct Sliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    table: Vec<u64>,
}

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn slide(sq: usize, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut out = 0;
    for &(dx, dy) in dirs {
        let (mut x, mut y) = ((sq % 8) as i32 + dx, (sq / 8) as i32 + dy);
        while (0..8).contains(&x) && (0..8).contains(&y) {
            let b = 1u64 << (y * 8 + x);
            out |= b;
            if occ & b != 0 {
                break;
            }
            x += dx;
            y += dy;
        }
    }
    out
}

fn relevant_mask(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut out = 0;
    for &(dx, dy) in dirs {
        let (mut x, mut y) = ((sq % 8) as i32 + dx, (sq / 8) as i32 + dy);
        // Stop one short of the edge: the edge square never blocks anything behind it.
        while (0..8).contains(&(x + dx)) && (0..8).contains(&(y + dy)) {
            out |= 1u64 << (y * 8 + x);
            x += dx;
            y += dy;
        }
    }
    out
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        variant_core::zobrist::splitmix64(&mut self.0)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i32, i32); 4], table: &mut Vec<u64>, rng: &mut Rng) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    let mut occs = Vec::with_capacity(4096);
    let mut atts = Vec::with_capacity(4096);
    let mut epoch = vec![0u32; 4096];
    let mut current = 0u32;
    for (sq, magic) in magics.iter_mut().enumerate() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        occs.clear();
        atts.clear();
        // Carry-rippler enumeration of every subset of the mask.
        let mut sub = 0u64;
        loop {
            occs.push(sub);
            atts.push(slide(sq, sub, dirs));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let offset = table.len();
        table.resize(offset + size, 0);
        let shift = 64 - bits;
        'search: loop {
            let factor = rng.sparse();
            if (mask.wrapping_mul(factor) >> 56).count_ones() < 6 {
                continue;
            }
            current += 1;
            for (&occ, &att) in occs.iter().zip(&atts) {
                let idx = (occ.wrapping_mul(factor) >> shift) as usize;
                if epoch[idx] == current {
                    if table[offset + idx] != att {
                        continue 'search;
                    }
                } else {
                    epoch[idx] = current;
                    table[offset + idx] = att;
                }
            }
            *magic = Magic {
                mask,
                factor,
                shift,
                offset: offset as u32,
            };
            break;
        }
    }
    magics
}

impl Sliders {
    fn build() -> Sliders {
        let mut rng = Rng(0x00C3_D5EE_D000_0001);
        let mut table = Vec::with_capacity(102_400 + 5_248);
        let rook = find_magics(&ROOK_DIRS, &mut table, &mut rng);
        let bishop = find_magics(&BISHOP_DIRS, &mut table, &mut rng);
        Sliders {
            rook,
            bishop,
            table,
        }
    }

    /// Rook attacks from `sq` in a plane with occupancy `occ`.
    #[inline(always)]
    pub fn rook(&self, sq: usize, occ: u64) -> u64 {
        let m = &self.rook[sq & 63];
        let idx = m.offset as usize + ((occ & m.mask).wrapping_mul(m.factor) >> m.shift) as usize;
        self.table.get(idx).copied().unwrap_or(0)
    }

    /// Bishop attacks from `sq` in a plane with occupancy `occ`.
    #[inline(always)]
    pub fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let m = &self.bishop[sq & 63];
        let idx = m.offset as usize + ((occ & m.mask).wrapping_mul(m.factor) >> m.shift) as usize;
        self.table.get(idx).copied().unwrap_or(0)
    }
}

static SLIDERS: OnceLock<Sliders> = OnceLock::new();

/// The slider tables (built on first use).
#[inline]
pub fn sliders() -> &'static Sliders {
    SLIDERS.get_or_init(Sliders::build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magics_match_slow_rays() {
        let s = sliders();
        let mut rng = Rng(5);
        for _ in 0..2000 {
            let occ = rng.next() & rng.next();
            for sq in 0..64 {
                assert_eq!(s.rook(sq, occ), slide(sq, occ, &ROOK_DIRS));
                assert_eq!(s.bishop(sq, occ), slide(sq, occ, &BISHOP_DIRS));
            }
        }
    }
}
