//! Moves of the reference generator: pseudo-legal generation by plain loops, make-move with
//! height removal, attack test, make-and-test legality, perft and the position's own result.

use super::text::cell_text;
use super::{BLACK, Kind, Piece, Pos, WHITE, Xyz, idx};
use std::sync::LazyLock;

/// A move of the reference generator.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RMove {
    pub from: Xyz,
    pub to: Xyz,
    pub promotion: Option<Kind>,
}

static UNIT: LazyLock<Vec<Xyz>> = LazyLock::new(make_unit_steps);
static LEAPS: LazyLock<Vec<Xyz>> = LazyLock::new(make_knight_leaps);
static ROOK: LazyLock<Vec<Xyz>> = LazyLock::new(|| make_slide_dirs(Kind::Rook));
static BISHOP: LazyLock<Vec<Xyz>> = LazyLock::new(|| make_slide_dirs(Kind::Bishop));
static QUEEN: LazyLock<Vec<Xyz>> = LazyLock::new(|| make_slide_dirs(Kind::Queen));

/// The 26 unit steps (C3-3).
pub fn unit_steps() -> &'static [Xyz] {
    &UNIT
}

/// The 24 knight leaps (C3-11).
pub fn knight_leaps() -> &'static [Xyz] {
    &LEAPS
}

/// The slide directions of a sliding piece kind (empty for the others).
pub fn slide_dirs(kind: Kind) -> &'static [Xyz] {
    match kind {
        Kind::Rook => &ROOK,
        Kind::Bishop => &BISHOP,
        Kind::Queen => &QUEEN,
        _ => &[],
    }
}

/// The 26 unit steps (dx, dy, dz) ∈ {-1,0,1}³ \ 0 (C3-3).
fn make_unit_steps() -> Vec<Xyz> {
    let mut v = Vec::new();
    for dx in -1..=1 {
        for dy in -1..=1 {
            for dz in -1..=1 {
                if (dx, dy, dz) != (0, 0, 0) {
                    v.push((dx, dy, dz));
                }
            }
        }
    }
    v
}

/// The 24 knight leaps: signed permutations of (2, 1, 0) (C3-11).
fn make_knight_leaps() -> Vec<Xyz> {
    let mut v = Vec::new();
    for dx in -2i32..=2 {
        for dy in -2i32..=2 {
            for dz in -2i32..=2 {
                let mut a = [dx.abs(), dy.abs(), dz.abs()];
                a.sort();
                if a == [0, 1, 2] {
                    v.push((dx, dy, dz));
                }
            }
        }
    }
    v
}

/// The slide directions of a piece kind: rook = exactly one non-zero component (the 4
/// plane-orthogonal + 2 vertical steps, C3-9); bishop = dx and dy both non-zero (4
/// plane-diagonal + 8 cube-diagonal steps, C3-10); queen = all 26 (C3-8).
fn make_slide_dirs(kind: Kind) -> Vec<Xyz> {
    make_unit_steps()
        .into_iter()
        .filter(|&(dx, dy, dz)| match kind {
            Kind::Rook => (dx != 0) as i32 + (dy != 0) as i32 + (dz != 0) as i32 == 1,
            Kind::Bishop => dx != 0 && dy != 0,
            Kind::Queen => true,
            _ => false,
        })
        .collect()
}

fn add((a, b, c): Xyz, (d, e, f): Xyz) -> Xyz {
    (a + d, b + e, c + f)
}

fn sub((a, b, c): Xyz, (d, e, f): Xyz) -> Xyz {
    (a - d, b - e, c - f)
}

impl RMove {
    /// The canonical C3-51 text on a board of `heights` heights.
    pub fn text(&self, heights: i32) -> String {
        let mut s = cell_text(self.from, heights);
        s.push_str(&cell_text(self.to, heights));
        if let Some(k) = self.promotion {
            s.push(k.letter());
        }
        s
    }
}

impl Pos {
    /// C3-12: a step or leap from `from` to `to` with a non-zero height component is
    /// forbidden to a piece of `color` when either end is a base cube of the other side
    /// (only while the board has more than one height).
    pub fn barrier(&self, color: u8, from: Xyz, to: Xyz) -> bool {
        self.heights > 1
            && to.2 != from.2
            && (self.is_base_cube(1 - color, from) || self.is_base_cube(1 - color, to))
    }

    /// f of C3-13: +1 for White, −1 for Black.
    pub fn pawn_forward(color: u8) -> i32 {
        if color == WHITE { 1 } else { -1 }
    }

    /// v of C3-13 for a pawn of `color` on height `z`: the sign of (target − z), where the
    /// target is the opponent's base height.
    pub fn pawn_vertical(&self, color: u8, z: i32) -> i32 {
        (self.base[1 - color as usize] - z).signum()
    }

    /// The quiet step vectors of a pawn (C3-14).
    fn pawn_quiet_dirs(&self, color: u8, z: i32) -> Vec<Xyz> {
        let f = Pos::pawn_forward(color);
        let v = self.pawn_vertical(color, z);
        let mut dirs = vec![(0, f, 0)];
        if v != 0 {
            dirs.push((0, 0, v));
            dirs.push((0, f, v));
        }
        dirs
    }

    /// The capture vectors of a pawn (C3-16).
    fn pawn_capture_dirs(&self, color: u8, z: i32) -> Vec<Xyz> {
        let f = Pos::pawn_forward(color);
        let v = self.pawn_vertical(color, z);
        let mut dirs = vec![(-1, f, 0), (1, f, 0)];
        if v != 0 {
            dirs.push((-1, f, v));
            dirs.push((1, f, v));
        }
        dirs
    }

    /// The start cell of a pawn of `color` on file `x` (C3-15).
    fn pawn_start(&self, color: u8, x: i32) -> Xyz {
        if color == WHITE {
            (x, 1, self.base[0])
        } else {
            (x, 6, self.base[1])
        }
    }

    /// Whether the piece of `color` and `kind` on `from` attacks `target`: could move there
    /// under C3-7 … C3-16 if an enemy stood there (pawns by their capture directions).
    pub fn piece_attacks(&self, color: u8, kind: Kind, from: Xyz, target: Xyz) -> bool {
        let delta = sub(target, from);
        if delta == (0, 0, 0) {
            return false;
        }
        match kind {
            Kind::King => unit_steps().contains(&delta) && !self.barrier(color, from, target),
            Kind::Knight => knight_leaps().contains(&delta) && !self.barrier(color, from, target),
            Kind::Pawn => {
                self.pawn_capture_dirs(color, from.2).contains(&delta)
                    && !self.barrier(color, from, target)
            }
            Kind::Queen | Kind::Rook | Kind::Bishop => {
                // The target must lie k steps along one unit direction of the piece.
                let k = delta.0.abs().max(delta.1.abs()).max(delta.2.abs());
                for comp in [delta.0, delta.1, delta.2] {
                    if comp != 0 && comp.abs() != k {
                        return false;
                    }
                }
                let d = (delta.0 / k, delta.1 / k, delta.2 / k);
                if !slide_dirs(kind).contains(&d) {
                    return false;
                }
                let mut cur = from;
                for i in 1..=k {
                    let next = add(cur, d);
                    if self.barrier(color, cur, next) {
                        return false;
                    }
                    if i < k && self.at(next).is_some() {
                        return false;
                    }
                    cur = next;
                }
                true
            }
        }
    }

    /// Whether any piece of `by` attacks `target`.
    pub fn attacked(&self, target: Xyz, by: u8) -> bool {
        (0..self.heights as usize * 64).any(|i| match self.cells[i] {
            Some(p) if p.color == by => {
                let c = ((i % 8) as i32, ((i / 8) % 8) as i32, (i / 64) as i32);
                self.piece_attacks(by, p.kind, c, target)
            }
            _ => false,
        })
    }

    /// Whether the side to move is in check (C3-20).
    pub fn in_check(&self) -> bool {
        self.attacked(self.king(self.side), 1 - self.side)
    }

    /// The pseudo-legal moves of the side to move (legality not yet tested).
    pub fn pseudo_moves(&self) -> Vec<RMove> {
        let mut out = Vec::new();
        let color = self.side;
        for (from, p) in self.pieces() {
            if p.color != color {
                continue;
            }
            let mut push = |to: Xyz| {
                out.push(RMove {
                    from,
                    to,
                    promotion: None,
                })
            };
            match p.kind {
                Kind::King | Kind::Knight => {
                    let vecs = if p.kind == Kind::King {
                        unit_steps()
                    } else {
                        knight_leaps()
                    };
                    for &d in vecs {
                        let to = add(from, d);
                        if !self.on_board(to) || self.barrier(color, from, to) {
                            continue;
                        }
                        if self.at(to).is_none_or(|q| q.color != color) {
                            push(to);
                        }
                    }
                }
                Kind::Queen | Kind::Rook | Kind::Bishop => {
                    for &d in slide_dirs(p.kind) {
                        let mut cur = from;
                        loop {
                            let next = add(cur, d);
                            if !self.on_board(next) || self.barrier(color, cur, next) {
                                break;
                            }
                            match self.at(next) {
                                None => push(next),
                                Some(q) => {
                                    if q.color != color {
                                        push(next);
                                    }
                                    break;
                                }
                            }
                            cur = next;
                        }
                    }
                }
                Kind::Pawn => self.pawn_moves(from, &mut out),
            }
        }
        self.castling_moves(&mut out);
        out
    }

    /// Whether a quiet pawn step from `from` along `d` is possible (C3-14: `d` is one of the
    /// pawn's quiet directions there, the destination is on the board and empty, no barrier).
    fn pawn_quiet_ok(&self, color: u8, from: Xyz, d: Xyz) -> bool {
        let to = add(from, d);
        self.pawn_quiet_dirs(color, from.2).contains(&d)
            && self.on_board(to)
            && self.at(to).is_none()
            && !self.barrier(color, from, to)
    }

    fn pawn_moves(&self, from: Xyz, out: &mut Vec<RMove>) {
        let color = self.side;
        let enemy_base = |to: Xyz| self.is_base_cube(1 - color, to);
        let mut push = |to: Xyz| {
            if enemy_base(to) {
                // C3-18: promotion on entering an opponent's base cube.
                for k in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                    out.push(RMove {
                        from,
                        to,
                        promotion: Some(k),
                    });
                }
            } else {
                out.push(RMove {
                    from,
                    to,
                    promotion: None,
                });
            }
        };
        for d in self.pawn_quiet_dirs(color, from.2) {
            if !self.pawn_quiet_ok(color, from, d) {
                continue;
            }
            let mid = add(from, d);
            push(mid);
            // C3-15: from the start cell, a second quiet step in the same direction, itself
            // legal from the intermediate cell.
            if from == self.pawn_start(color, from.0) && self.pawn_quiet_ok(color, mid, d) {
                push(add(mid, d));
            }
        }
        for d in self.pawn_capture_dirs(color, from.2) {
            let to = add(from, d);
            if !self.on_board(to) || self.barrier(color, from, to) {
                continue;
            }
            match self.at(to) {
                Some(q) if q.color != color => push(to),
                None if Some(to) == self.ep && self.ep_victim().is_some() => push(to),
                _ => {}
            }
        }
    }

    /// C3-17: the cell of the pawn an en-passant capture removes (found from the en-passant
    /// cell e and the start cell s of the double-stepping side: d = e − s, pawn on e + d),
    /// if an enemy pawn stands there.
    pub fn ep_victim(&self) -> Option<Xyz> {
        let e = self.ep?;
        let mover = 1 - self.side;
        let s = self.pawn_start(mover, e.0);
        let victim = add(e, sub(e, s));
        (self.on_board(victim)
            && self.at(victim)
                == Some(Piece {
                    color: mover,
                    kind: Kind::Pawn,
                }))
        .then_some(victim)
    }

    /// C3-19: castling on the king's base height.
    fn castling_moves(&self, out: &mut Vec<RMove>) {
        let color = self.side;
        let y = if color == WHITE { 0 } else { 7 };
        let z = self.base[color as usize];
        for (right, rook_x, between, crossing, king_to) in [
            (0usize, 7, vec![5, 6], 5, 6),
            (1usize, 0, vec![1, 2, 3], 3, 2),
        ] {
            let i = right + 2 * color as usize;
            if !self.castling[i] || !self.castling_pieces_in_place(i) {
                continue;
            }
            let _ = rook_x;
            if between.iter().any(|&x| self.at((x, y, z)).is_some()) {
                continue;
            }
            let enemy = 1 - color;
            if self.attacked((4, y, z), enemy)
                || self.attacked((crossing, y, z), enemy)
                || self.attacked((king_to, y, z), enemy)
            {
                continue;
            }
            out.push(RMove {
                from: (4, y, z),
                to: (king_to, y, z),
                promotion: None,
            });
        }
    }

    /// Plays a pseudo-legal move (no legality test), then applies height removal (C3-31).
    pub fn play(&mut self, m: RMove) {
        let color = self.side;
        let piece = self.at(m.from).expect("a piece on the origin");
        let mut capture = self.at(m.to).is_some();
        // En passant: a pawn CAPTURING onto the en-passant cell (C3-17: by its capture
        // directions, which all change the file). A quiet step (same file) onto that empty
        // cell is an ordinary move and removes nothing.
        if piece.kind == Kind::Pawn
            && Some(m.to) == self.ep
            && m.to.0 != m.from.0
            && let Some(v) = self.ep_victim()
        {
            self.cells[idx(v)] = None;
            capture = true;
        }
        self.cells[idx(m.from)] = None;
        self.cells[idx(m.to)] = Some(match m.promotion {
            Some(kind) => Piece { color, kind },
            None => piece,
        });
        // Castling: the king's two-cell move along the rank brings the rook over.
        if piece.kind == Kind::King && (m.to.0 - m.from.0).abs() == 2 {
            let (rook_from, rook_to) = if m.to.0 == 6 { (7, 5) } else { (0, 3) };
            let rook = self.cells[idx((rook_from, m.from.1, m.from.2))].take();
            self.cells[idx((rook_to, m.from.1, m.from.2))] = rook;
        }
        // Castling rights: a king move loses both; a move from or to a corner loses that one.
        if piece.kind == Kind::King {
            self.castling[2 * color as usize] = false;
            self.castling[2 * color as usize + 1] = false;
        }
        for i in 0..4 {
            let (y, z) = if i < 2 {
                (0, self.base[0])
            } else {
                (7, self.base[1])
            };
            let corner = (if i % 2 == 0 { 7 } else { 0 }, y, z);
            if m.from == corner || m.to == corner {
                self.castling[i] = false;
            }
        }
        // En-passant cell after a double step (any component of size 2).
        self.ep = None;
        let delta = sub(m.to, m.from);
        if piece.kind == Kind::Pawn && delta.0.abs().max(delta.1.abs()).max(delta.2.abs()) == 2 {
            self.ep = Some(add(m.from, (delta.0 / 2, delta.1 / 2, delta.2 / 2)));
        }
        if piece.kind == Kind::Pawn || capture {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if color == BLACK {
            self.fullmove += 1;
        }
        self.side = 1 - color;
        self.apply_removal();
    }

    /// C3-31: while n ≥ 2, pieces ≤ T(n) and a removable height exists, remove the highest
    /// removable height (empty, neither Lw nor Lb).
    pub fn apply_removal(&mut self) {
        while self.heights >= 2 {
            let Some(t) = self.removal[self.heights as usize - 2] else {
                break;
            };
            if self.piece_count() > t {
                break;
            }
            let removable = (0..self.heights).rev().find(|&z| {
                z != self.base[0]
                    && z != self.base[1]
                    && (0..64).all(|i| self.cells[z as usize * 64 + i].is_none())
            });
            let Some(z) = removable else { break };
            self.remove_height(z);
        }
    }

    /// Takes height `z` out: the heights above move down by one.
    pub fn remove_height(&mut self, z: i32) {
        for zz in z..self.heights - 1 {
            for i in 0..64 {
                self.cells[zz as usize * 64 + i] = self.cells[(zz as usize + 1) * 64 + i];
            }
        }
        for i in 0..64 {
            self.cells[(self.heights as usize - 1) * 64 + i] = None;
        }
        self.heights -= 1;
        for b in &mut self.base {
            if *b > z {
                *b -= 1;
            }
        }
        self.ep = match self.ep {
            Some(e) if e.2 == z => None,
            Some((x, y, ez)) if ez > z => Some((x, y, ez - 1)),
            other => other,
        };
    }

    /// The legal moves: pseudo-legal moves after which (removal included) the mover's king
    /// is not attacked (C3-20).
    pub fn legal_moves(&self) -> Vec<RMove> {
        self.pseudo_moves()
            .into_iter()
            .filter(|&m| {
                let mut next = self.clone();
                next.play(m);
                !next.attacked(next.king(self.side), 1 - self.side)
            })
            .collect()
    }

    /// The sorted canonical texts of the legal moves.
    pub fn legal_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .legal_moves()
            .iter()
            .map(|m| m.text(self.heights))
            .collect();
        v.sort();
        v
    }

    /// Plays the legal move with canonical text `text`.
    pub fn play_text(&mut self, text: &str) -> Result<(), String> {
        let m = self
            .legal_moves()
            .into_iter()
            .find(|m| m.text(self.heights) == text)
            .ok_or_else(|| format!("{text} is not legal in {}", self.to_text()))?;
        self.play(m);
        Ok(())
    }

    /// Perft: leaves `depth` plies below.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// C3-21 for a single height: K v K, K+N v K, and kings with bishops all on one colour.
    pub fn dead_position(&self) -> bool {
        if self.heights != 1 {
            return false;
        }
        let others: Vec<(Xyz, Piece)> = self
            .pieces()
            .into_iter()
            .filter(|(_, p)| p.kind != Kind::King)
            .collect();
        match others.as_slice() {
            [] => true,
            [(_, p)] if p.kind == Kind::Knight => true,
            _ => {
                others.iter().all(|(_, p)| p.kind == Kind::Bishop) && {
                    let colour = |(x, y, _): Xyz| (x + y) % 2;
                    others
                        .iter()
                        .all(|(c, _)| colour(*c) == colour(others[0].0))
                }
            }
        }
    }
}

/// The position's own result (C3-21), in a form independent of the engine's types.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RStatus {
    Ongoing,
    /// The side to move is mated; the other side (the value) wins.
    Checkmate(u8),
    Stalemate,
    Dead,
    SeventyFive,
}

impl Pos {
    /// The result decided by the position alone.
    pub fn status(&self) -> RStatus {
        if self.legal_moves().is_empty() {
            return if self.in_check() {
                RStatus::Checkmate(1 - self.side)
            } else {
                RStatus::Stalemate
            };
        }
        if self.dead_position() {
            return RStatus::Dead;
        }
        if self.halfmove >= 150 {
            return RStatus::SeventyFive;
        }
        RStatus::Ongoing
    }
}
