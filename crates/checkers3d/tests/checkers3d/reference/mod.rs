//! A deliberately simple second move generator for checkers3d, written from the rules page
//! (D3-1 … D3-51) and sharing no code with the crate: a plain array of cells indexed by
//! (x, y, z), a recursive jump search that lists every landing path, moves grouped by their
//! D3-14 identity, canonical texts built as strings. Slow and obvious on purpose.

#![allow(dead_code)]

use std::collections::BTreeMap;

/// A cell (file, rank, height), 0-based.
pub type C = (i32, i32, i32);

/// The 12 directions of D3-5.
const DIRS: [C; 12] = [
    (1, 1, 0),
    (-1, 1, 0),
    (1, -1, 0),
    (-1, -1, 0),
    (1, 1, 1),
    (-1, 1, 1),
    (1, -1, 1),
    (-1, -1, 1),
    (1, 1, -1),
    (-1, 1, -1),
    (1, -1, -1),
    (-1, -1, -1),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub white: bool,
    pub king: bool,
}

/// The rule switches and the removal table.
#[derive(Clone, Debug)]
pub struct Rules {
    pub majority: bool,
    pub passing: bool,
    /// T(n) for n = 2 … 8 (index n − 2).
    pub removal: [Option<u32>; 7],
}

#[derive(Clone, Debug)]
pub struct RefPos {
    pub heights: i32,
    pub cells: Vec<Option<Piece>>,
    /// Base heights of White and Black, 0-based, one flag per height.
    pub white_base: Vec<bool>,
    pub black_base: Vec<bool>,
    pub white_to_move: bool,
    pub rules: Rules,
}

/// A move's identity (D3-14).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Identity {
    pub from: C,
    pub to: C,
    pub captured: Vec<C>,
    pub promoted: bool,
}

impl RefPos {
    /// The start of D3-3: 12 men on each set-up height (0-based lists).
    pub fn start(
        heights: i32,
        white_setup: &[i32],
        black_setup: &[i32],
        white_base: &[i32],
        black_base: &[i32],
        rules: Rules,
    ) -> Self {
        let mut p = RefPos::empty(heights, white_base, black_base, rules);
        for z in 0..heights {
            for y in 0..8 {
                for x in 0..8 {
                    if (x + y) % 2 != 0 {
                        continue;
                    }
                    if y <= 2 && white_setup.contains(&z) {
                        p.set(
                            (x, y, z),
                            Some(Piece {
                                white: true,
                                king: false,
                            }),
                        );
                    }
                    if y >= 5 && black_setup.contains(&z) {
                        p.set(
                            (x, y, z),
                            Some(Piece {
                                white: false,
                                king: false,
                            }),
                        );
                    }
                }
            }
        }
        p
    }

    pub fn empty(heights: i32, white_base: &[i32], black_base: &[i32], rules: Rules) -> Self {
        RefPos {
            heights,
            cells: vec![None; (64 * heights) as usize],
            white_base: (0..heights).map(|z| white_base.contains(&z)).collect(),
            black_base: (0..heights).map(|z| black_base.contains(&z)).collect(),
            white_to_move: true,
            rules,
        }
    }

    pub fn inside(&self, c: C) -> bool {
        (0..8).contains(&c.0) && (0..8).contains(&c.1) && (0..self.heights).contains(&c.2)
    }

    fn idx(c: C) -> usize {
        ((c.2 * 8 + c.1) * 8 + c.0) as usize
    }

    pub fn get(&self, c: C) -> Option<Piece> {
        self.cells[Self::idx(c)]
    }

    pub fn set(&mut self, c: C, p: Option<Piece>) {
        self.cells[Self::idx(c)] = p;
    }

    fn cell_text(&self, c: C) -> String {
        let mut s = format!("{}{}", (b'a' + c.0 as u8) as char, c.1 + 1);
        if self.heights > 1 {
            s.push_str(&format!("@{}", c.2 + 1));
        }
        s
    }

    /// D3-4 / D3-13: whether a man of the side to move promotes on `c`.
    fn promotes_on(&self, c: C) -> bool {
        if self.white_to_move {
            c.1 == 7 && self.black_base[c.2 as usize]
        } else {
            c.1 == 0 && self.white_base[c.2 as usize]
        }
    }

    fn is_enemy(&self, c: C) -> bool {
        matches!(self.get(c), Some(p) if p.white != self.white_to_move)
    }

    /// Empty during a capture by the piece from `origin`: its origin is vacated; captured
    /// pieces stay (Turkish strike, D3-10).
    fn free(&self, c: C, origin: C) -> bool {
        c == origin || self.get(c).is_none()
    }

    fn add(a: C, d: C, k: i32) -> C {
        (a.0 + d.0 * k, a.1 + d.1 * k, a.2 + d.2 * k)
    }

    /// Whether a king on `at` could capture (D3-9) with `captured` already taken.
    fn king_can_capture(&self, at: C, origin: C, captured: &[C]) -> bool {
        for d in DIRS {
            let mut k = 1;
            while self.inside(Self::add(at, d, k)) && self.free(Self::add(at, d, k), origin) {
                k += 1;
            }
            let victim = Self::add(at, d, k);
            if !self.inside(victim) || !self.is_enemy(victim) || captured.contains(&victim) {
                continue;
            }
            let beyond = Self::add(at, d, k + 1);
            if self.inside(beyond) && self.free(beyond, origin) {
                return true;
            }
        }
        false
    }

    /// Extends the capture path; every complete sequence goes to `out` as
    /// (path, captured, promoted).
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        origin: C,
        king: bool,
        promoted: bool,
        path: &mut Vec<C>,
        captured: &mut Vec<C>,
        out: &mut Vec<(Vec<C>, Vec<C>, bool)>,
    ) {
        let at = *path.last().unwrap();
        for d in DIRS {
            if king {
                // D3-9: fly to the first piece, which must be an uncaptured enemy.
                let mut k = 1;
                while self.inside(Self::add(at, d, k)) && self.free(Self::add(at, d, k), origin) {
                    k += 1;
                }
                let victim = Self::add(at, d, k);
                if !self.inside(victim) || !self.is_enemy(victim) || captured.contains(&victim) {
                    continue;
                }
                let mut landings = Vec::new();
                let mut j = k + 1;
                while self.inside(Self::add(at, d, j)) && self.free(Self::add(at, d, j), origin) {
                    landings.push(Self::add(at, d, j));
                    j += 1;
                }
                if landings.is_empty() {
                    continue;
                }
                captured.push(victim);
                // D3-10: landing cells from which the capture continues, if any, are compulsory.
                let going_on: Vec<C> = landings
                    .iter()
                    .copied()
                    .filter(|&l| self.king_can_capture(l, origin, captured))
                    .collect();
                if going_on.is_empty() {
                    for l in landings {
                        path.push(l);
                        out.push((path.clone(), captured.clone(), promoted));
                        path.pop();
                    }
                } else {
                    for l in going_on {
                        path.push(l);
                        self.extend(origin, true, promoted, path, captured, out);
                        path.pop();
                    }
                }
                captured.pop();
            } else {
                // D3-8: jump an adjacent enemy onto the empty cell beyond, any direction.
                let victim = Self::add(at, d, 1);
                let land = Self::add(at, d, 2);
                if !self.inside(land) || !self.is_enemy(victim) || captured.contains(&victim) {
                    continue;
                }
                if !self.free(land, origin) {
                    continue;
                }
                captured.push(victim);
                path.push(land);
                let on_base = self.promotes_on(land);
                let now_king = on_base && self.rules.passing;
                let before = out.len();
                let can_go_on = if now_king {
                    self.king_can_capture(land, origin, captured)
                } else {
                    self.man_can_capture(land, origin, captured)
                };
                if can_go_on {
                    self.extend(origin, now_king, now_king, path, captured, out);
                    assert!(out.len() > before);
                } else {
                    out.push((path.clone(), captured.clone(), on_base));
                }
                path.pop();
                captured.pop();
            }
        }
    }

    fn man_can_capture(&self, at: C, origin: C, captured: &[C]) -> bool {
        DIRS.iter().any(|&d| {
            let victim = Self::add(at, d, 1);
            let land = Self::add(at, d, 2);
            self.inside(land)
                && self.is_enemy(victim)
                && !captured.contains(&victim)
                && self.free(land, origin)
        })
    }

    fn own_cells(&self) -> Vec<C> {
        let mut v = Vec::new();
        for z in 0..self.heights {
            for y in 0..8 {
                for x in 0..8 {
                    if matches!(self.get((x, y, z)), Some(p) if p.white == self.white_to_move) {
                        v.push((x, y, z));
                    }
                }
            }
        }
        v
    }

    /// Every legal move with its canonical text (D3-50), sorted by text.
    pub fn legal(&self) -> Vec<(String, Identity)> {
        let mut captures: BTreeMap<Identity, String> = BTreeMap::new();
        for origin in self.own_cells() {
            let king = self.get(origin).unwrap().king;
            let mut out = Vec::new();
            let can = if king {
                self.king_can_capture(origin, origin, &[])
            } else {
                self.man_can_capture(origin, origin, &[])
            };
            if !can {
                continue;
            }
            self.extend(
                origin,
                king,
                false,
                &mut vec![origin],
                &mut Vec::new(),
                &mut out,
            );
            for (path, mut captured, promoted) in out {
                captured.sort();
                let text = path
                    .iter()
                    .map(|&c| self.cell_text(c))
                    .collect::<Vec<_>>()
                    .join(":");
                let id = Identity {
                    from: origin,
                    to: *path.last().unwrap(),
                    captured,
                    promoted: promoted && !king,
                };
                let e = captures.entry(id).or_insert_with(|| text.clone());
                if text < *e {
                    *e = text;
                }
            }
        }
        let mut moves: Vec<(String, Identity)> = if !captures.is_empty() {
            let most = captures.keys().map(|i| i.captured.len()).max().unwrap();
            captures
                .into_iter()
                .filter(|(i, _)| !self.rules.majority || i.captured.len() == most)
                .map(|(i, t)| (t, i))
                .collect()
        } else {
            let mut v = Vec::new();
            let f = if self.white_to_move { 1 } else { -1 };
            for origin in self.own_cells() {
                let king = self.get(origin).unwrap().king;
                for d in DIRS {
                    if !king && d.1 != f {
                        continue;
                    }
                    let mut k = 1;
                    while self.inside(Self::add(origin, d, k))
                        && self.get(Self::add(origin, d, k)).is_none()
                    {
                        let to = Self::add(origin, d, k);
                        v.push((
                            format!("{}-{}", self.cell_text(origin), self.cell_text(to)),
                            Identity {
                                from: origin,
                                to,
                                captured: Vec::new(),
                                promoted: !king && self.promotes_on(to),
                            },
                        ));
                        if !king {
                            break;
                        }
                        k += 1;
                    }
                }
            }
            v
        };
        moves.sort();
        moves
    }

    /// Plays a legal move, then removes heights (D3-30).
    pub fn play(&mut self, id: &Identity) {
        let mut piece = self.get(id.from).unwrap();
        for &c in &id.captured {
            self.set(c, None);
        }
        self.set(id.from, None);
        if id.promoted {
            piece.king = true;
        }
        self.set(id.to, Some(piece));
        self.white_to_move = !self.white_to_move;
        self.remove_heights();
    }

    fn remove_heights(&mut self) {
        loop {
            let n = self.heights;
            if n < 2 {
                return;
            }
            let Some(t) = self.rules.removal[(n - 2) as usize] else {
                return;
            };
            let pieces = self.cells.iter().filter(|c| c.is_some()).count() as u32;
            if pieces > t {
                return;
            }
            let removable = (0..n).rev().find(|&z| {
                !self.white_base[z as usize]
                    && !self.black_base[z as usize]
                    && (0..64).all(|i| self.cells[(z * 64 + i) as usize].is_none())
            });
            let Some(z) = removable else { return };
            self.cells.drain((z * 64) as usize..((z + 1) * 64) as usize);
            self.white_base.remove(z as usize);
            self.black_base.remove(z as usize);
            self.heights -= 1;
        }
    }

    /// D3-51.
    pub fn text(&self) -> String {
        let mut s = String::from(if self.white_to_move { "W" } else { "B" });
        for white in [true, false] {
            let mut items: Vec<(String, bool)> = Vec::new();
            for z in 0..self.heights {
                for y in 0..8 {
                    for x in 0..8 {
                        if let Some(p) = self.get((x, y, z))
                            && p.white == white
                        {
                            items.push((self.cell_text((x, y, z)), p.king));
                        }
                    }
                }
            }
            items.sort();
            s.push(':');
            s.push(if white { 'W' } else { 'B' });
            s.push_str(
                &items
                    .iter()
                    .map(|(t, k)| if *k { format!("K{t}") } else { t.clone() })
                    .collect::<Vec<_>>()
                    .join(","),
            );
        }
        if self.heights > 1 {
            let list = |b: &Vec<bool>| {
                (0..self.heights)
                    .filter(|&z| b[z as usize])
                    .map(|z| (z + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            s.push_str(&format!(
                ":H{}:{}/{}",
                self.heights,
                list(&self.white_base),
                list(&self.black_base)
            ));
        }
        s
    }
}
