//! In-plane slider attacks by "fancy" magic bitboards (shift 64 − relevant bits). The factors
//! below were found by [`find_magics`]'s search (fixed seed) and are checked when the tables
//! are built; a factor that does not work (never expected) is searched again, so the tables are
//! right whatever the constants say. The tables are built once per process in a [`OnceLock`].

use std::sync::OnceLock;

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: u32,
}

/// Rook and bishop attack tables of one 8×8 plane.
pub(crate) struct Sliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    table: Vec<u64>,
}

pub(crate) const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub(crate) const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Attacks walked one cell at a time along `dirs` (the definition the tables are built from).
pub(crate) fn slide(sq: usize, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
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

const ROOK_FACTORS: [u64; 64] = [
    0x0080025120804000,
    0x8040200040001000,
    0x130008510040a000,
    0x0280080150008014,
    0x8200042009020010,
    0x4200011002000884,
    0x4200081142002084,
    0x008014a043000080,
    0x10a080008020400c,
    0x0800400040201000,
    0x0041001020044501,
    0x0004801000080080,
    0x0800808004000800,
    0x10060010180c0200,
    0x0101000200010004,
    0x00588008c6800100,
    0x0090208000884012,
    0x4000818020004000,
    0x00600280500080a0,
    0x0201010020100008,
    0x0008110004080101,
    0x000d808002000400,
    0x9400040029088a10,
    0x0200020004006081,
    0x0080400080002082,
    0x0001002100400081,
    0x0801001100200040,
    0x0904090100100020,
    0x1209040180180081,
    0x0112000200051008,
    0x2080180400810230,
    0x1406004200012084,
    0x240040002080008b,
    0x0100200080804008,
    0x0020004800401000,
    0x0004100084800800,
    0x0005008491000800,
    0x4882040080800200,
    0x0000100104002248,
    0x8084408042000401,
    0xc08002c0a002c008,
    0x0050004020104008,
    0x0a65c68200220010,
    0x0008020100101000,
    0x8520040008008080,
    0x0002001004020008,
    0x2000040200010100,
    0x00000400844e0001,
    0x08018002b0450500,
    0x208500a8ca028200,
    0x8020104d00200100,
    0x3000100102200900,
    0x2810800800040080,
    0x0002000400800280,
    0x2401081122103400,
    0x0141000042008100,
    0x2406402890820102,
    0x0102010024804016,
    0x0193040a10402001,
    0x5002201000050009,
    0x0002000508201002,
    0x0041000400081603,
    0x304038008f102204,
    0x0500010434044082,
];

const BISHOP_FACTORS: [u64; 64] = [
    0x0040088081004100,
    0x0022120802009020,
    0x0241021481096030,
    0x9424410020000500,
    0x00e4042300000000,
    0x0008480804020010,
    0x1881011010050802,
    0x8001011110010423,
    0x0100401002420040,
    0x0001500188088080,
    0x0000044410820020,
    0x0502022082000028,
    0x5800411040081052,
    0x204002080208a000,
    0x400c408211104047,
    0x200414808848028a,
    0x8410180544101400,
    0x0020002418508100,
    0x0010000200841900,
    0x1188000401a2a040,
    0x0011000811400006,
    0x4000200100a01010,
    0x8584020051080841,
    0x0803020203048230,
    0x410c102026309004,
    0x8008082002b01100,
    0x0002180007014400,
    0x0001004004040002,
    0x8400840082020200,
    0x0030048302480400,
    0x20081d0018844102,
    0x0002084002010091,
    0x2010a42000100208,
    0x2017300860228800,
    0x0002011000210044,
    0x0000020080080080,
    0x40c0040410010100,
    0x1081004201110104,
    0x0002008401210402,
    0x0080910500020084,
    0x0000900422021048,
    0x8000880802008840,
    0x2086020102440c00,
    0x0000002018020105,
    0x4c04102012000042,
    0x0a01020806000110,
    0x0810340104000440,
    0x100418020042c021,
    0x0000480210100012,
    0x1005040084044000,
    0xc021004208041100,
    0x0800001420880004,
    0x0020222002440970,
    0x4000400901210208,
    0x80201b100f0d0481,
    0x4004010424008804,
    0x0000120212201402,
    0x0000008088011010,
    0x4002a02048441010,
    0x320100401420a800,
    0x0028240440082220,
    0x0204008421140104,
    0x3008202001221080,
    0x0208410108060089,
];

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        variant_core::zobrist::splitmix64(&mut self.0)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(
    dirs: &[(i32, i32); 4],
    known: &[u64; 64],
    table: &mut Vec<u64>,
    rng: &mut Rng,
) -> [Magic; 64] {
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
        let mut first = Some(known[sq]);
        'search: loop {
            let factor = match first.take() {
                Some(f) => f,
                None => rng.sparse(),
            };
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
        let rook = find_magics(&ROOK_DIRS, &ROOK_FACTORS, &mut table, &mut rng);
        let bishop = find_magics(&BISHOP_DIRS, &BISHOP_FACTORS, &mut table, &mut rng);
        Sliders {
            rook,
            bishop,
            table,
        }
    }

    /// Rook attacks from `sq` in a plane with occupancy `occ`.
    #[inline(always)]
    pub(crate) fn rook(&self, sq: usize, occ: u64) -> u64 {
        let m = &self.rook[sq & 63];
        let idx = m.offset as usize + ((occ & m.mask).wrapping_mul(m.factor) >> m.shift) as usize;
        self.table.get(idx).copied().unwrap_or(0)
    }

    /// Bishop attacks from `sq` in a plane with occupancy `occ`.
    #[inline(always)]
    pub(crate) fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let m = &self.bishop[sq & 63];
        let idx = m.offset as usize + ((occ & m.mask).wrapping_mul(m.factor) >> m.shift) as usize;
        self.table.get(idx).copied().unwrap_or(0)
    }
}

static SLIDERS: OnceLock<Sliders> = OnceLock::new();

/// The slider tables (built on first use).
#[inline]
pub(crate) fn sliders() -> &'static Sliders {
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
