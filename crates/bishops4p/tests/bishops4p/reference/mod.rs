//! A deliberately simple second move generator for "Bishops", written from the rules page
//! (`docs/spec/bishops4p.md`, rule ids B4-n) and nothing else: a plain array of 144
//! cells, plain loops, make-and-test legality, moves as canonical text. Slow on purpose; used
//! to check the fast engine on random playouts.
#![allow(dead_code, clippy::needless_range_loop)]

use variant_core::{DrawReason, Seat, Status, WinReason};

const N: i32 = 12;
const LETTERS: [char; 4] = ['w', 'g', 'b', 'p'];
/// Original pawn directions (B4-4): White north, Grey east, Black south, Pink west.
const PAWN_DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// Edge-pawn bans, copied from B4-7.
const EDGE_BANS: [[(&str, &str); 2]; 4] = [
    [("c2", "b3"), ("j2", "k3")],
    [("b10", "c11"), ("b3", "c2")],
    [("j11", "k10"), ("c11", "b10")],
    [("k3", "j2"), ("k10", "j11")],
];
/// Castlings from B4-10 and the armies of B4-4: (king from, king to, rook from, rook to),
/// short then long.
const CASTLES: [[(&str, &str, &str, &str); 2]; 4] = [
    [("g1", "i1", "j1", "h1"), ("g1", "e1", "c1", "f1")],
    [("a6", "a4", "a3", "a5"), ("a6", "a8", "a10", "a7")],
    [("f12", "d12", "c12", "e12"), ("f12", "h12", "j12", "g12")],
    [("l7", "l9", "l10", "l8"), ("l7", "l5", "l3", "l6")],
];

fn cell(name: &str) -> usize {
    let b = name.as_bytes();
    let x = (b[0] - b'a') as usize;
    let y: usize = name[1..].parse().unwrap();
    (y - 1) * 12 + x
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 12) as u8) as char, c / 12 + 1)
}

fn xy(c: usize) -> (i32, i32) {
    ((c % 12) as i32, (c / 12) as i32)
}

fn at(x: i32, y: i32) -> Option<usize> {
    (0..N).contains(&x).then_some(())?;
    (0..N).contains(&y).then_some(())?;
    Some((y * 12 + x) as usize)
}

fn in_block(c: usize) -> bool {
    let (x, y) = xy(c);
    !(2..=9).contains(&x) && !(2..=9).contains(&y)
}

fn in_zone(c: usize) -> bool {
    let (x, y) = xy(c);
    (2..=9).contains(&x) && (2..=9).contains(&y)
}

fn zone_dist(c: usize) -> i32 {
    let (x, y) = xy(c);
    let d = |v: i32| {
        if v < 2 {
            2 - v
        } else if v > 9 {
            v - 9
        } else {
            0
        }
    };
    d(x).max(d(y))
}

#[derive(Clone, Debug, PartialEq)]
pub struct RefPos {
    pub cells: Vec<Option<(usize, char)>>,
    pub stm: usize,
    pub active: [bool; 4],
    pub castling: [[bool; 2]; 4],
    pub ep: Option<(usize, usize)>,
    pub halfmove: u32,
    pub passes: u32,
    pub phase: String,
    pub pending: String,
    pub over: Status,
}

/// A pseudo-legal move: text, from, to, and what it is.
#[derive(Clone, Debug)]
pub struct RMove {
    pub text: String,
    pub from: usize,
    pub to: usize,
    pub kind: char, // 'n' normal, 'd' double, 'e' en passant, 'c' castle, '@' placement, 'p' pass
    pub capture: bool,
}

impl RefPos {
    pub fn parse(text: &str) -> RefPos {
        let f: Vec<&str> = text.split(' ').collect();
        assert_eq!(f.len(), 9);
        let mut cells = vec![None; 144];
        for (i, row) in f[0].split('/').enumerate() {
            let y = 11 - i;
            let mut x = 0;
            for t in row.split(',') {
                if let Ok(n) = t.parse::<usize>() {
                    x += n;
                } else {
                    let ch: Vec<char> = t.chars().collect();
                    let colour = LETTERS.iter().position(|&l| l == ch[0]).unwrap();
                    cells[y * 12 + x] = Some((colour, ch[1]));
                    x += 1;
                }
            }
        }
        let stm = LETTERS.iter().position(|&l| f[1].starts_with(l)).unwrap();
        let mut active = [false; 4];
        for ch in f[2].chars() {
            active[LETTERS.iter().position(|&l| l == ch).unwrap()] = true;
        }
        let mut castling = [[false; 2]; 4];
        for part in f[3].split(',') {
            if let Some((who, rights)) = part.split_once(':') {
                let c = LETTERS.iter().position(|&l| who.starts_with(l)).unwrap();
                castling[c][0] = rights.contains('K');
                castling[c][1] = rights.contains('Q');
            }
        }
        let ep = (f[4] != "-").then(|| {
            let colour = LETTERS.iter().position(|&l| f[4].ends_with(l)).unwrap();
            (cell(&f[4][..f[4].len() - 1]), colour)
        });
        let mut p = RefPos {
            cells,
            stm,
            active,
            castling,
            ep,
            halfmove: f[5].parse().unwrap(),
            passes: f[6].parse().unwrap(),
            phase: f[7].to_string(),
            pending: if f[8] == "-" {
                String::new()
            } else {
                f[8].to_string()
            },
            over: Status::Ongoing,
        };
        p.over = p.judge_from_scratch();
        p
    }

    pub fn to_text(&self) -> String {
        let mut rows = vec![];
        for y in (0..12).rev() {
            let mut toks: Vec<String> = vec![];
            let mut run = 0;
            for x in 0..12 {
                match self.cells[y * 12 + x] {
                    None => run += 1,
                    Some((c, k)) => {
                        if run > 0 {
                            toks.push(run.to_string());
                        }
                        run = 0;
                        toks.push(format!("{}{}", LETTERS[c], k));
                    }
                }
            }
            if run > 0 {
                toks.push(run.to_string());
            }
            rows.push(toks.join(","));
        }
        let active: String = (0..4)
            .filter(|&c| self.active[c])
            .map(|c| LETTERS[c])
            .collect();
        let castling: Vec<String> = (0..4)
            .map(|c| {
                let r = match self.castling[c] {
                    [true, true] => "KQ",
                    [true, false] => "K",
                    [false, true] => "Q",
                    _ => "-",
                };
                format!("{}:{r}", LETTERS[c])
            })
            .collect();
        let ep = match self.ep {
            Some((c, col)) => format!("{}{}", name(c), LETTERS[col]),
            None => "-".into(),
        };
        let pending = if self.pending.is_empty() {
            "-".to_string()
        } else {
            self.pending.clone()
        };
        format!(
            "{} {} {} {} {} {} {} {} {}",
            rows.join("/"),
            LETTERS[self.stm],
            active,
            castling.join(","),
            ep,
            self.halfmove,
            self.passes,
            self.phase,
            pending
        )
    }

    fn duel(&self) -> bool {
        self.phase == "duel"
    }

    fn count(&self) -> usize {
        self.active.iter().filter(|&&a| a).count()
    }

    fn next_active(&self, c: usize) -> usize {
        (1..=4)
            .map(|i| (c + i) % 4)
            .find(|&s| self.active[s])
            .unwrap_or(c)
    }

    fn king(&self, c: usize) -> Option<usize> {
        (0..144).find(|&i| self.cells[i] == Some((c, 'K')))
    }

    fn has_bishop(&self, c: usize) -> bool {
        self.cells.contains(&Some((c, 'B')))
    }

    /// B4-22: the turned colour of an adjacent duel pair marches opposite to the other.
    fn turned(&self) -> Option<usize> {
        if !self.duel() || self.count() != 2 {
            return None;
        }
        (0..4).find(|&a| self.active[a] && self.active[(a + 1) % 4])
    }

    fn pawn_dir(&self, c: usize) -> (i32, i32) {
        if self.turned() == Some(c) {
            let (dx, dy) = PAWN_DIRS[(c + 1) % 4];
            (-dx, -dy)
        } else {
            PAWN_DIRS[c]
        }
    }

    /// B4-14: a king on a block makes its bishops queens (not in the duel).
    fn king_on_block(&self, c: usize) -> bool {
        !self.duel() && self.king(c).is_some_and(in_block)
    }

    fn ray_clear(&self, a: usize, b: usize, dx: i32, dy: i32) -> bool {
        let (mut x, mut y) = xy(a);
        loop {
            x += dx;
            y += dy;
            match at(x, y) {
                Some(c) if c == b => return true,
                Some(c) if self.cells[c].is_none() => continue,
                _ => return false,
            }
        }
    }

    /// Whether the piece on `from` attacks `to` (B4-11).
    fn piece_attacks(&self, from: usize, to: usize) -> bool {
        let Some((c, k)) = self.cells[from] else {
            return false;
        };
        let (fx, fy) = xy(from);
        let (tx, ty) = xy(to);
        let (dx, dy) = (tx - fx, ty - fy);
        if dx == 0 && dy == 0 {
            return false;
        }
        let orth = dx == 0 || dy == 0;
        let diag = dx.abs() == dy.abs();
        let line = |ok: bool| ok && self.ray_clear(from, to, dx.signum(), dy.signum());
        match k {
            'P' => {
                let (px, py) = self.pawn_dir(c);
                // one step forward and one aside
                (dx - px, dy - py) != (0, 0)
                    && (dx - px).abs() + (dy - py).abs() == 1
                    && (dx * px + dy * py) == 1
            }
            'N' => dx.abs() * dy.abs() == 2,
            'B' => line(diag) || (self.king_on_block(c) && line(orth)),
            'R' => line(orth),
            'Q' => line(orth || diag),
            'K' => dx.abs() <= 1 && dy.abs() <= 1,
            _ => false,
        }
    }

    fn attacked_by_others(&self, target: usize, c: usize) -> bool {
        (0..144).any(|i| {
            matches!(self.cells[i], Some((o, _)) if o != c && self.active[o])
                && self.piece_attacks(i, target)
        })
    }

    pub fn in_check(&self, c: usize) -> bool {
        if !self.active[c] || self.king_on_block(c) {
            return false;
        }
        match self.king(c) {
            Some(k) => self.attacked_by_others(k, c),
            None => false,
        }
    }

    fn king_safe(&self, c: usize) -> bool {
        !self.in_check(c) || (self.king_on_block(c))
    }

    fn target_ok(&self, to: usize, c: usize) -> Option<bool> {
        // Some(capture?) when a piece of c may go there.
        match self.cells[to] {
            None => Some(false),
            Some((o, k)) if o != c && k != 'K' => Some(true),
            _ => None,
        }
    }

    /// Pseudo-legal moves of colour `c` (B4-5 … B4-10, B4-14, B4-23).
    pub fn pseudo(&self, c: usize, castling: bool) -> Vec<RMove> {
        let mut out = vec![];
        let mk = |text: String, from, to, kind, capture| RMove {
            text,
            from,
            to,
            kind,
            capture,
        };
        if c == 0 && !self.pending.is_empty() {
            for letter in self.pending.chars() {
                for from in 0..144 {
                    if self.cells[from] != Some((0, letter)) {
                        continue;
                    }
                    for y in 2..10 {
                        for x in 0..2 {
                            let to = y * 12 + x;
                            if self.cells[to].is_none() {
                                out.push(mk(
                                    format!("{letter}{}@{}", name(from), name(to)),
                                    from,
                                    to,
                                    '@',
                                    false,
                                ));
                            }
                        }
                    }
                }
            }
            return out;
        }
        let king = self.king(c);
        if let Some(k) = king
            && !self.duel()
            && in_block(k)
            && !self.has_bishop(c)
        {
            let (x, y) = xy(k);
            let outer = (x == 0 || x == 11) && (y == 0 || y == 11);
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if let Some(t) = at(x + dx, y + dy)
                        && t != k
                        && self.cells[t].is_none()
                        && (!in_block(t) || outer)
                    {
                        out.push(mk(format!("{}{}", name(k), name(t)), k, t, 'n', false));
                    }
                }
            }
            return out;
        }
        for from in 0..144 {
            let Some((col, kind)) = self.cells[from] else {
                continue;
            };
            if col != c {
                continue;
            }
            let (x, y) = xy(from);
            let slide = |dirs: &[(i32, i32)], out: &mut Vec<RMove>| {
                for &(dx, dy) in dirs {
                    let (mut tx, mut ty) = (x + dx, y + dy);
                    while let Some(t) = at(tx, ty) {
                        match self.target_ok(t, c) {
                            Some(cap) => out.push(mk(
                                format!("{}{}", name(from), name(t)),
                                from,
                                t,
                                'n',
                                cap,
                            )),
                            None => break,
                        }
                        if self.cells[t].is_some() {
                            break;
                        }
                        tx += dx;
                        ty += dy;
                    }
                }
            };
            let orth = [(0, 1), (1, 0), (0, -1), (-1, 0)];
            let diag = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
            match kind {
                'R' => slide(&orth, &mut out),
                'B' => {
                    slide(&diag, &mut out);
                    if self.king_on_block(c) {
                        slide(&orth, &mut out);
                    }
                }
                'Q' => {
                    slide(&orth, &mut out);
                    slide(&diag, &mut out);
                }
                'N' => {
                    for (dx, dy) in [
                        (1, 2),
                        (2, 1),
                        (2, -1),
                        (1, -2),
                        (-1, -2),
                        (-2, -1),
                        (-2, 1),
                        (-1, 2),
                    ] {
                        if let Some(t) = at(x + dx, y + dy)
                            && let Some(cap) = self.target_ok(t, c)
                        {
                            out.push(mk(format!("{}{}", name(from), name(t)), from, t, 'n', cap));
                        }
                    }
                }
                'K' => {
                    for dx in -1..=1 {
                        for dy in -1..=1 {
                            if let Some(t) = at(x + dx, y + dy)
                                && t != from
                                && let Some(cap) = self.target_ok(t, c)
                                && (self.duel() || !in_block(t) || self.has_bishop(c))
                            {
                                out.push(mk(
                                    format!("{}{}", name(from), name(t)),
                                    from,
                                    t,
                                    'n',
                                    cap,
                                ));
                            }
                        }
                    }
                    if castling && !self.duel() {
                        for (side, &(kf, kt, rf, _)) in CASTLES[c].iter().enumerate() {
                            if !self.castling[c][side]
                                || from != cell(kf)
                                || self.cells[cell(rf)] != Some((c, 'R'))
                            {
                                continue;
                            }
                            let (kx, ky) = xy(cell(kf));
                            let (rx, ry) = xy(cell(rf));
                            let (sx, sy) = ((rx - kx).signum(), (ry - ky).signum());
                            let mut between = vec![];
                            let (mut bx, mut by) = (kx + sx, ky + sy);
                            while (bx, by) != (rx, ry) {
                                between.push(at(bx, by).unwrap());
                                bx += sx;
                                by += sy;
                            }
                            let path = [at(kx + sx, ky + sy).unwrap(), cell(kt)];
                            if between.iter().all(|&b| self.cells[b].is_none())
                                && !self.attacked_by_others(from, c)
                                && path.iter().all(|&p| !self.attacked_by_others(p, c))
                            {
                                out.push(mk(format!("{kf}{kt}"), from, cell(kt), 'c', false));
                            }
                        }
                    }
                }
                'P' => {
                    let (dx, dy) = self.pawn_dir(c);
                    let barred = |t: usize| {
                        let (tx, ty) = xy(t);
                        if dx == 0 {
                            tx == 0 || tx == 11
                        } else {
                            ty == 0 || ty == 11
                        }
                    };
                    let start_line = match (dx, dy) {
                        (0, 1) => y == 1,
                        (1, 0) => x == 1,
                        (0, -1) => y == 10,
                        _ => x == 10,
                    };
                    if let Some(t) = at(x + dx, y + dy)
                        && self.cells[t].is_none()
                        && !barred(t)
                    {
                        out.push(mk(
                            format!("{}{}", name(from), name(t)),
                            from,
                            t,
                            'n',
                            false,
                        ));
                        if start_line
                            && let Some(t2) = at(x + 2 * dx, y + 2 * dy)
                            && self.cells[t2].is_none()
                            && !barred(t2)
                        {
                            out.push(mk(
                                format!("{}{}", name(from), name(t2)),
                                from,
                                t2,
                                'd',
                                false,
                            ));
                        }
                    }
                    for s in [-1, 1] {
                        let (cx, cy) = (x + dx + s * dy.abs(), y + dy + s * dx.abs());
                        let Some(t) = at(cx, cy) else { continue };
                        if barred(t) {
                            continue;
                        }
                        if self.turned() != Some(c)
                            && EDGE_BANS[c]
                                .iter()
                                .any(|&(a, b)| cell(a) == from && cell(b) == t)
                        {
                            continue;
                        }
                        match self.cells[t] {
                            Some((o, k)) if o != c && k != 'K' => out.push(mk(
                                format!("{}{}", name(from), name(t)),
                                from,
                                t,
                                'n',
                                true,
                            )),
                            None if self.ep.is_some_and(|(e, ec)| e == t && ec != c) => out
                                .push(mk(format!("{}{}", name(from), name(t)), from, t, 'e', true)),
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The pieces of a ply (no turn logic).
    pub fn apply(&self, m: &RMove) -> RefPos {
        let mut p = self.clone();
        p.ep = None;
        if m.kind == 'p' {
            p.halfmove += 1;
            p.passes += 1;
            return p;
        }
        p.passes = 0;
        let (c, mut kind) = self.cells[m.from].unwrap();
        let mut reset = kind == 'P' || self.cells[m.to].is_some();
        match m.kind {
            '@' => {
                p.pending = p.pending.replace(kind, "");
            }
            'c' => {
                let side = CASTLES[c]
                    .iter()
                    .position(|&(_, kt, _, _)| cell(kt) == m.to)
                    .unwrap();
                let (_, _, rf, rt) = CASTLES[c][side];
                p.cells[cell(rt)] = p.cells[cell(rf)].take();
            }
            'e' => {
                let (e, ec) = self.ep.unwrap();
                let (dx, dy) = self.pawn_dir(ec);
                let (ex, ey) = xy(e);
                p.cells[at(ex + dx, ey + dy).unwrap()] = None;
                reset = true;
            }
            _ => {}
        }
        if kind == 'P' {
            let (dx, dy) = self.pawn_dir(c);
            let (tx, ty) = xy(m.to);
            let promote = if self.duel() {
                match (dx, dy) {
                    (0, 1) => ty >= 9,
                    (0, -1) => ty <= 2,
                    (1, 0) => tx >= 9,
                    _ => tx <= 2,
                }
            } else {
                at(tx + dx, ty + dy).is_none()
            };
            if promote {
                kind = 'Q';
            }
            if m.kind == 'd' {
                let (fx, fy) = xy(m.from);
                p.ep = Some((at(fx + dx, fy + dy).unwrap(), c));
            }
        }
        p.cells[m.from] = None;
        p.cells[m.to] = Some((c, kind));
        // Castling rights: king or rook left its cell, or a rook was captured there.
        for col in 0..4 {
            for (side, &(kf, _, rf, _)) in CASTLES[col].iter().enumerate() {
                if m.from == cell(kf) || m.from == cell(rf) || m.to == cell(rf) {
                    p.castling[col][side] = false;
                }
            }
        }
        p.halfmove = if reset { 0 } else { self.halfmove + 1 };
        p
    }

    /// Moves of `c` that leave its own king safe (the non-recursive "legal" of B4-13).
    fn escapes(&self, c: usize, ep_allowed: bool) -> Vec<RMove> {
        let mut probe = self.clone();
        if !ep_allowed {
            probe.ep = None;
        }
        probe
            .pseudo(c, false)
            .into_iter()
            .filter(|m| probe.apply(m).king_safe(c))
            .collect()
    }

    fn checked_others(&self, x: usize) -> Vec<usize> {
        // clockwise after x, x itself excluded
        (1..4)
            .map(|i| (x + i) % 4)
            .filter(|&c| self.in_check(c))
            .collect()
    }

    /// The legal moves of the side to move, as canonical text (B4-11 … B4-15, B4-22).
    pub fn legal(&self) -> Vec<RMove> {
        if self.over != Status::Ongoing {
            return vec![];
        }
        let x = self.stm;
        if self.duel() {
            return self.duel_legal(x);
        }
        let left = self.next_active(x);
        let mut out = vec![];
        for m in self.pseudo(x, true) {
            let after = self.apply(&m);
            if !after.king_safe(x) {
                continue;
            }
            let checked = after.checked_others(x);
            let ok = checked
                .iter()
                .all(|&q| q == left || !after.escapes(q, checked.first() == Some(&q)).is_empty());
            if ok {
                out.push(m);
            }
        }
        if out.is_empty() {
            out.push(RMove {
                text: "pass".into(),
                from: 0,
                to: 0,
                kind: 'p',
                capture: false,
            });
        }
        out
    }

    fn duel_legal(&self, x: usize) -> Vec<RMove> {
        let other = self.next_active(x);
        let outside = |c: usize| {
            (0..144)
                .any(|i| matches!(self.cells[i], Some((o, k)) if o == c && k != 'P') && !in_zone(i))
        };
        let migration = outside(0) || outside(1) || outside(2) || outside(3);
        let mut moves: Vec<(RMove, u8)> = vec![];
        for m in self.pseudo(x, false) {
            let piece = self.cells[m.from].unwrap().1 != 'P';
            if piece && in_zone(m.from) && !in_zone(m.to) {
                continue;
            }
            let after = self.apply(&m);
            if after.in_check(x) || (migration && after.in_check(other)) {
                continue;
            }
            let tier = if piece && !in_zone(m.from) {
                if zone_dist(m.to) < zone_dist(m.from) {
                    1
                } else {
                    2
                }
            } else {
                3
            };
            moves.push((m, tier));
        }
        let best = if migration && outside(x) {
            moves.iter().map(|m| m.1).min().unwrap_or(3)
        } else {
            3
        };
        moves
            .into_iter()
            .filter(|m| m.1 <= best)
            .map(|m| m.0)
            .collect()
    }

    /// Plays a legal move given by text; returns the next position (B4-12, B4-13, B4-21).
    pub fn play(&self, text: &str) -> RefPos {
        let m = self
            .legal()
            .into_iter()
            .find(|m| m.text == text)
            .expect("reference: move not legal");
        let x = self.stm;
        let mut p = self.apply(&m);
        if p.duel() {
            p.stm = p.next_active(x);
            p.settle_duel();
            return p;
        }
        let checked = p.checked_others(x);
        let left = p.next_active(x);
        if checked.contains(&left) && p.escapes(left, true).is_empty() {
            if p.phase == "short" {
                p.stm = left;
                p.over = Status::Win {
                    winner: Seat(x as u8),
                    reason: WinReason::Checkmate,
                };
            } else {
                p.eliminate(vec![left], x);
            }
            return p;
        }
        // Documented choice (docs/rules, §9): a checked player with no escape inherited from
        // a start text leaves the long game at the next ply (B4-21).
        if p.phase == "long" {
            let stuck: Vec<usize> = checked
                .iter()
                .copied()
                .filter(|&c| p.escapes(c, true).is_empty())
                .collect();
            if !stuck.is_empty() {
                p.eliminate(stuck, x);
                return p;
            }
        }
        p.stm = checked.first().copied().unwrap_or(left);
        if m.kind == 'p' && p.passes as usize >= p.count() {
            p.over = Status::Draw {
                reason: DrawReason::Passes,
            };
        }
        p
    }

    fn remove(&mut self, c: usize) {
        for i in 0..144 {
            if matches!(self.cells[i], Some((o, _)) if o == c) {
                self.cells[i] = None;
            }
        }
        self.active[c] = false;
        self.castling[c] = [false; 2];
        // Documented choice (docs/rules, §9): a White that leaves takes its pending
        // placements (B4-23) along.
        if c == 0 {
            self.pending.clear();
        }
    }

    /// B4-21.
    fn eliminate(&mut self, mut losers: Vec<usize>, anchor: usize) {
        loop {
            for &c in &losers {
                self.remove(c);
            }
            self.ep = None;
            if self.count() <= 2 && !self.duel() {
                self.phase = "duel".into();
                self.castling = [[false; 2]; 4];
                // Documented choice (docs/rules, §9): placements (B4-23) lapse in the duel.
                self.pending.clear();
                // B4-22: pawns on or beyond the zone's far line become queens.
                for i in 0..144 {
                    if let Some((c, 'P')) = self.cells[i] {
                        let (x, y) = xy(i);
                        let far = match self.pawn_dir(c) {
                            (0, 1) => y >= 9,
                            (0, -1) => y <= 2,
                            (1, 0) => x >= 9,
                            _ => x <= 2,
                        };
                        if far {
                            self.cells[i] = Some((c, 'Q'));
                        }
                    }
                }
            }
            if self.count() <= 1 {
                break;
            }
            let stuck: Vec<usize> = (0..4)
                .filter(|&c| self.in_check(c) && !self.can_move(c))
                .collect();
            if stuck.is_empty() || stuck.len() == self.count() {
                break;
            }
            losers = stuck;
        }
        let order: Vec<usize> = (1..=4).map(|i| (anchor + i) % 4).collect();
        self.stm = order
            .iter()
            .copied()
            .find(|&c| self.in_check(c))
            .unwrap_or_else(|| order.iter().copied().find(|&c| self.active[c]).unwrap());
        if self.duel() {
            self.settle_duel();
        }
    }

    fn can_move(&self, c: usize) -> bool {
        if self.duel() {
            let mut probe = self.clone();
            probe.ep = None;
            !probe.duel_legal(c).is_empty()
        } else {
            !self.escapes(c, false).is_empty()
        }
    }

    fn dead(&self) -> bool {
        let pieces: Vec<(usize, char)> = (0..144)
            .filter_map(|i| {
                self.cells[i]
                    .filter(|&(_, k)| k != 'K')
                    .map(|(_, k)| (i, k))
            })
            .collect();
        if pieces
            .iter()
            .any(|&(_, k)| k == 'P' || k == 'R' || k == 'Q')
        {
            return false;
        }
        if pieces.len() <= 1 {
            return true;
        }
        pieces.iter().all(|&(_, k)| k == 'B')
            && pieces.iter().all(|&(i, _)| {
                let (x, y) = xy(i);
                let (x0, y0) = xy(pieces[0].0);
                (x + y) % 2 == (x0 + y0) % 2
            })
    }

    fn settle_duel(&mut self) {
        self.passes = 0;
        if self.count() <= 1 {
            let w = (0..4).find(|&c| self.active[c]).unwrap_or(self.stm);
            self.over = Status::Win {
                winner: Seat(w as u8),
                reason: WinReason::LastPlayerStanding,
            };
            return;
        }
        if self.dead() {
            self.over = Status::Draw {
                reason: DrawReason::DeadPosition,
            };
            return;
        }
        if !self.duel_legal(self.stm).is_empty() {
            return;
        }
        if self.in_check(self.stm) {
            let loser = self.stm;
            self.remove(loser);
            self.stm = self.next_active(loser);
            self.over = Status::Win {
                winner: Seat(self.stm as u8),
                reason: WinReason::LastPlayerStanding,
            };
        } else {
            self.over = Status::Draw {
                reason: DrawReason::Stalemate,
            };
        }
    }

    fn judge_from_scratch(&self) -> Status {
        if self.count() <= 1 {
            let w = (0..4).find(|&c| self.active[c]).unwrap_or(self.stm);
            return Status::Win {
                winner: Seat(w as u8),
                reason: WinReason::LastPlayerStanding,
            };
        }
        if self.duel() {
            let mut probe = self.clone();
            probe.settle_duel();
            if probe.count() < self.count() {
                return Status::Win {
                    winner: Seat(self.next_active(self.stm) as u8),
                    reason: WinReason::Checkmate,
                };
            }
            return probe.over;
        }
        if self.passes as usize >= self.count() {
            return Status::Draw {
                reason: DrawReason::Passes,
            };
        }
        if self.in_check(self.stm) && self.escapes(self.stm, true).is_empty() {
            let right = (1..=4)
                .map(|i| (self.stm + 4 - i) % 4)
                .find(|&s| self.active[s])
                .unwrap();
            return Status::Win {
                winner: Seat(right as u8),
                reason: WinReason::Checkmate,
            };
        }
        Status::Ongoing
    }
}
