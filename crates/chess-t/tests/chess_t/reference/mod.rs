//! A deliberately simple second move generator, written from the rules page
//! (docs/spec/chess-t.md, CT-1 … CT-51) with plain loops over an 8×8 array and
//! move texts: no bitboards, no shared code with the crate beyond reading its configuration
//! through `GameConfig::get`. The strength field is recomputed from scratch for every question.

#![allow(dead_code, clippy::needless_range_loop)]

use chess_t::ChessTConfig;
use variant_core::GameConfig;

/// The rule switches, read from the configuration's text values.
#[derive(Clone, Debug)]
pub struct Rules {
    pub long: bool,
    pub guarded: bool,
    pub optional: bool,
    pub no_scouts: bool,
    pub ed2021: bool,
    /// imp[side][file][rank]: the side's own impregnable fields.
    pub imp: [[[bool; 8]; 8]; 2],
}

impl Rules {
    pub fn from_config(c: &ChessTConfig) -> Rules {
        let on = |k: &str| c.get(k).as_deref() == Some("on");
        let mut imp = [[[false; 8]; 8]; 2];
        for (side, key) in [(0, "white-impregnable"), (1, "black-impregnable")] {
            let list = c.get(key).unwrap_or_default();
            for name in list.split(',').filter(|s| !s.is_empty()) {
                let b = name.as_bytes();
                imp[side][(b[0] - b'a') as usize][(b[1] - b'1') as usize] = true;
            }
        }
        Rules {
            long: on("long-jumpers"),
            guarded: on("guarded-castle"),
            optional: on("optional-prince"),
            no_scouts: on("no-scouts"),
            ed2021: c.get("promotion-edition").as_deref() == Some("2021"),
            imp,
        }
    }
}

type Sq = (i32, i32);

#[derive(Clone, Debug)]
pub struct RefPos {
    /// board[file][rank] = (side, upper-case letter)
    pub board: [[Option<(usize, char)>; 8]; 8],
    pub stm: usize,
    pub rights: [bool; 2],
    pub half: u32,
    pub full: u32,
    pub rules: Rules,
}

fn on_board((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

/// CT-2
fn is_castle((f, r): Sq) -> bool {
    (2..=5).contains(&f) && (r == 0 || r == 7)
}

fn in_castle_of(side: usize, (f, r): Sq) -> bool {
    is_castle((f, r)) && r == if side == 0 { 0 } else { 7 }
}

/// CT-1
fn in_territory(side: usize, (_, r): Sq) -> bool {
    if side == 0 { r <= 3 } else { r >= 4 }
}

fn royal(c: char) -> bool {
    matches!(c, 'K' | 'C' | 'P')
}

/// CT-4 strengths in half-units.
fn strength(c: char) -> u32 {
    match c {
        'K' => 3,
        'C' => 6,
        'P' => 3,
        'R' => 4,
        'N' => 2,
        'V' => 3,
        _ => 0,
    }
}

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl RefPos {
    pub fn parse(text: &str, rules: Rules) -> RefPos {
        let fields: Vec<&str> = text.split(' ').collect();
        let mut board = [[None; 8]; 8];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = 7 - i;
            let mut f = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as usize;
                } else {
                    let side = if c.is_ascii_uppercase() { 0 } else { 1 };
                    board[f][r] = Some((side, c.to_ascii_uppercase()));
                    f += 1;
                }
            }
        }
        RefPos {
            board,
            stm: if fields[1] == "w" { 0 } else { 1 },
            rights: [fields[2].contains('P'), fields[2].contains('p')],
            half: fields[3].parse().unwrap(),
            full: fields[4].parse().unwrap(),
            rules,
        }
    }

    pub fn text(&self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                match self.board[f][r] {
                    None => empty += 1,
                    Some((side, c)) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s.push(if side == 0 { c } else { c.to_ascii_lowercase() });
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
        let rights = match self.rights {
            [false, false] => "-".to_string(),
            [w, b] => format!("{}{}", if w { "P" } else { "" }, if b { "p" } else { "" }),
        };
        format!(
            "{s} {} {rights} {} {}",
            if self.stm == 0 { "w" } else { "b" },
            self.half,
            self.full
        )
    }

    fn at(&self, (f, r): Sq) -> Option<(usize, char)> {
        self.board[f as usize][r as usize]
    }

    /// Impregnable for the enemy of `side` (CT-44): `side` may not reach it.
    fn foe_imp(&self, side: usize, (f, r): Sq) -> bool {
        self.rules.imp[1 - side][f as usize][r as usize]
    }

    /// The cells of a piece's movement lines (CT-4, CT-10, CT-41, CT-44), ignoring what
    /// stands on the cells except where a line is blocked.
    fn reach(&self, (f, r): Sq) -> Vec<Sq> {
        let (side, c) = self.at((f, r)).unwrap();
        let mut out = Vec::new();
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let jump_range = if self.rules.long { 3 } else { 2 };
        let jumping = |out: &mut Vec<Sq>, dirs: &[(i32, i32)], range: i32| {
            for &(df, dr) in dirs {
                for k in 1..=range {
                    let t = (f + df * k, r + dr * k);
                    if on_board(t) {
                        out.push(t);
                    }
                }
            }
        };
        let sliding = |out: &mut Vec<Sq>, dirs: &[(i32, i32)], range: i32| {
            for &(df, dr) in dirs {
                for k in 1..=range {
                    let t = (f + df * k, r + dr * k);
                    if !on_board(t) || self.foe_imp(side, t) {
                        break;
                    }
                    out.push(t);
                    if self.at(t).is_some() {
                        break;
                    }
                }
            }
        };
        match c {
            'K' => {
                jumping(&mut out, &orth, 1);
                jumping(&mut out, &diag, 1);
            }
            'C' => {
                jumping(&mut out, &orth, jump_range);
                sliding(&mut out, &diag, 3);
            }
            'P' => {
                jumping(&mut out, &orth, 1);
                sliding(&mut out, &diag, 3);
            }
            'R' => jumping(&mut out, &orth, jump_range),
            'N' | 'V' => {
                jumping(&mut out, &orth, 1);
                let dr = if side == 0 { 1 } else { -1 };
                let mid = (f, r + dr);
                let dst = (f, r + 2 * dr);
                if on_board(dst)
                    && in_territory(side, (f, r))
                    && in_territory(side, dst)
                    && self.at(mid).is_none()
                    && !self.foe_imp(side, mid)
                {
                    out.push(dst);
                }
            }
            _ => {}
        }
        out.retain(|&t| !self.foe_imp(side, t));
        out
    }

    fn leaps(&self, (f, r): Sq) -> Vec<Sq> {
        let side = self.at((f, r)).unwrap().0;
        [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ]
        .iter()
        .map(|&(df, dr)| (f + df, r + dr))
        .filter(|&t| on_board(t) && !self.foe_imp(side, t))
        .collect()
    }

    fn cells() -> impl Iterator<Item = Sq> {
        (0..8).flat_map(|r| (0..8).map(move |f| (f, r)))
    }

    /// Raw sums (CT-10 without the castle display rule), [side][file][rank].
    pub fn raw_strength(&self) -> [[[u32; 8]; 8]; 2] {
        let mut s = [[[0u32; 8]; 8]; 2];
        for p in Self::cells() {
            if let Some((side, c)) = self.at(p) {
                let w = strength(c);
                if w == 0 {
                    continue;
                }
                s[side][p.0 as usize][p.1 as usize] += w;
                for t in self.reach(p) {
                    s[side][t.0 as usize][t.1 as usize] += w;
                }
            }
        }
        s
    }

    /// Does a royal piece of `side` project onto `t` (its own cell included)?
    fn royal_projects(&self, side: usize, t: Sq) -> bool {
        Self::cells().any(|p| match self.at(p) {
            Some((s, c)) if s == side && royal(c) => p == t || self.reach(p).contains(&t),
            _ => false,
        })
    }

    /// The displayed field (CT-10 with the castle rule).
    pub fn strength(&self) -> [[[u32; 8]; 8]; 2] {
        let mut s = self.raw_strength();
        for p in Self::cells().filter(|&p| is_castle(p)) {
            for side in 0..2 {
                let stands = matches!(self.at(p), Some((x, _)) if x == side);
                if !stands && !self.royal_projects(side, p) {
                    s[side][p.0 as usize][p.1 as usize] = 0;
                }
            }
        }
        s
    }

    fn count(&self, side: usize, c: char) -> usize {
        Self::cells()
            .filter(|&p| self.at(p) == Some((side, c)))
            .count()
    }

    fn royals_in_castle(&self, side: usize, castle_of: usize) -> usize {
        Self::cells()
            .filter(|&p| in_castle_of(castle_of, p))
            .filter(|&p| matches!(self.at(p), Some((s, c)) if s == side && royal(c)))
            .count()
    }

    /// CT-35: the game is over when a King is missing or a castle is captured.
    pub fn over(&self) -> bool {
        if self.count(0, 'K') == 0 || self.count(1, 'K') == 0 {
            return true;
        }
        (0..2).any(|x| {
            self.royals_in_castle(x, 1 - x) > 0 && self.royals_in_castle(1 - x, 1 - x) == 0
        })
    }

    /// Every legal move's text, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.over() {
            return out;
        }
        let s = self.stm;
        let e = 1 - s;
        let sums = self.raw_strength();
        let sum = |side: usize, t: Sq| sums[side][t.0 as usize][t.1 as usize];
        let home_royals = self.royals_in_castle(s, s);
        let invaded = self.royals_in_castle(e, s) > 0;
        let back = if s == 0 { 7 } else { 0 };
        for p in Self::cells() {
            let Some((side, c)) = self.at(p) else {
                continue;
            };
            if side != s {
                continue;
            }
            if c == 'S' {
                // CT-12
                for t in self.leaps(p) {
                    match self.at(t) {
                        None if !is_castle(t) => out.push(name(p) + &name(t)),
                        Some((x, _)) if x == e => out.push(name(p) + &name(t)),
                        _ => {}
                    }
                }
                continue;
            }
            for t in self.reach(p) {
                let target = self.at(t);
                if matches!(target, Some((x, _)) if x == s) {
                    continue;
                }
                if is_castle(t) && !royal(c) {
                    continue; // CT-20
                }
                if target.is_some() && sum(s, t) <= sum(e, t) {
                    continue; // CT-11
                }
                // CT-21
                if royal(c)
                    && in_castle_of(s, p)
                    && home_royals == 1
                    && invaded
                    && !in_castle_of(s, t)
                {
                    continue;
                }
                // CT-42
                if self.rules.guarded
                    && royal(c)
                    && !in_castle_of(e, p)
                    && in_castle_of(e, t)
                    && sum(e, t) > sum(s, t)
                    && self.royal_projects(e, t)
                {
                    continue;
                }
                let text = name(p) + &name(t);
                if c == 'V' && t.1 == back {
                    // CT-31 on a8 b8 g8 h8 (a1 b1 g1 h1)
                    out.push(text.clone() + "r");
                    if self.count(s, 'P') < 3 {
                        out.push(text.clone() + "p");
                    }
                    let corner = t.0 == 0 || t.0 == 7;
                    if self.count(s, 'C') < 3 && (corner || !self.rules.ed2021) {
                        out.push(text.clone() + "c");
                    }
                    if !self.rules.no_scouts {
                        out.push(text.clone() + "s");
                    }
                    continue;
                }
                out.push(text.clone());
                if c == 'P'
                    && self.rules.optional
                    && in_castle_of(e, t)
                    && !in_castle_of(e, p)
                    && self.rights[s]
                    && self.count(s, 'C') < 3
                {
                    out.push(text + "c"); // CT-43
                }
            }
            // CT-31 (2024): forward step onto an empty enemy castle cell.
            if c == 'V' && !self.rules.ed2021 {
                let t = (p.0, p.1 + if s == 0 { 1 } else { -1 });
                if on_board(t) && in_castle_of(e, t) && self.at(t).is_none() && !self.foe_imp(s, t)
                {
                    if self.count(s, 'P') < 3 {
                        out.push(name(p) + &name(t) + "p");
                    }
                    if self.count(s, 'C') < 3 {
                        out.push(name(p) + &name(t) + "c");
                    }
                }
            }
        }
        out.sort();
        out
    }

    /// Plays a legal move text.
    pub fn play(&mut self, text: &str) {
        let b = text.as_bytes();
        let from = ((b[0] - b'a') as i32, (b[1] - b'1') as i32);
        let to = ((b[2] - b'a') as i32, (b[3] - b'1') as i32);
        let letter = b.get(4).map(|&l| (l as char).to_ascii_uppercase());
        let (s, mut c) = self.at(from).unwrap();
        let e = 1 - s;
        let captured = self.at(to).is_some();
        self.board[from.0 as usize][from.1 as usize] = None;
        if c == 'S' && captured && is_castle(to) {
            self.board[to.0 as usize][to.1 as usize] = None; // CT-12 exchange
        } else {
            let dr = if s == 0 { 1 } else { -1 };
            let fifth = if s == 0 { 4 } else { 3 };
            let back = if s == 0 { 7 } else { 0 };
            if c == 'N' && from.1 == fifth && to == (from.0, from.1 + dr) {
                c = 'V'; // CT-30
            } else if c == 'V' && to.1 == back {
                c = letter.unwrap(); // CT-31
            } else if c == 'P' && in_castle_of(e, to) && !in_castle_of(e, from) && self.rights[s] {
                // CT-32 / CT-43
                let wants = !self.rules.optional || letter == Some('C');
                if wants && self.count(s, 'C') < 3 {
                    c = 'C';
                    self.rights[s] = false;
                }
            }
            self.board[to.0 as usize][to.1 as usize] = Some((s, c));
        }
        self.half = if captured { 0 } else { self.half + 1 };
        if s == 1 {
            self.full += 1;
        }
        self.stm = e;
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut c = self.clone();
                c.play(m);
                c.perft(depth - 1)
            })
            .sum()
    }
}
