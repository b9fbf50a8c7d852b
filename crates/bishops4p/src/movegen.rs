//! Move generation: pseudo-legal moves of any colour, the fast legality filter of the side to
//! move (pins of its own king, a "can this move change that king's check" mask for every other
//! king), and the slow exact test (copy, make, look) for the rare cases (B4-11 … B4-15, B4-22).

use crate::geometry::{
    Bb, CASTLINGS, DIRS, EDGE_BANS, EMPTY, KNIGHT, OFF, PAWN_FORWARD, PAWN_LEFT, in_block, in_zone,
    is_outer_corner, on_promotion_line, on_start_line, pawn_barred, pawn_hits, sq, step,
    zone_distance,
};
use crate::moves::{Move, MoveKind};
use crate::position::{
    BISHOP, Bishops, KING, KNIGHT_K, NONE, PAWN, PENDING_KNIGHT, PENDING_QUEEN, Phase, QUEEN, ROOK,
    WHITE, colour_of, kind_of,
};
use arrayvec::ArrayVec;

/// An upper bound of the number of pseudo-legal moves of one colour: at most 16 pieces, none
/// with more than 44 moves (a queen on 12x12: 22 orthogonal + 22 diagonal), plus castling;
/// placements are at most 3 × 16.
pub(crate) const MAX_MOVES: usize = 768;

/// For every padded cell, the cells a piece standing there could ever move to in one move:
/// its eight lines to the board's edge and its knight jumps (pawn and king moves lie on the
/// lines). [`Bishops::has_escape`] skips the pieces whose reach misses every check line.
static REACH: [[u64; 4]; 256] = reach_table();

const fn reach_table() -> [[u64; 4]; 256] {
    const LINES: [(i32, i32); 8] = [
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, -1),
        (-1, 1),
    ];
    const JUMPS: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const fn on_board(x: i32, y: i32) -> bool {
        x >= 0 && x < 12 && y >= 0 && y < 12
    }
    const fn add(set: &mut [u64; 4], x: i32, y: i32) {
        let t = ((y + 2) * 16 + x + 2) as usize;
        set[t / 64] |= 1 << (t % 64);
    }
    let mut out = [[0u64; 4]; 256];
    let mut s = 0;
    while s < 256 {
        let (x, y) = ((s % 16) as i32 - 2, (s / 16) as i32 - 2);
        if on_board(x, y) {
            let mut i = 0;
            while i < 8 {
                let (dx, dy) = LINES[i];
                let (mut tx, mut ty) = (x + dx, y + dy);
                while on_board(tx, ty) {
                    add(&mut out[s], tx, ty);
                    tx += dx;
                    ty += dy;
                }
                let (jx, jy) = (x + JUMPS[i].0, y + JUMPS[i].1);
                if on_board(jx, jy) {
                    add(&mut out[s], jx, jy);
                }
                i += 1;
            }
        }
        s += 1;
    }
    out
}

/// Another king whose check status a move might change.
#[derive(Clone, Copy)]
struct OtherKing {
    /// Its colour and cell.
    colour: u8,
    king: u8,
    /// Cells whose change can alter whether the king is attacked: each ray up to and including
    /// its first piece, and the knight cells.
    relevant: Bb,
    /// Whether the king is attacked now.
    checked: bool,
}

/// What the fast filter needs to know about the side to move.
struct Context {
    immune: bool,
    in_check: bool,
    pinned: Bb,
    others: ArrayVec<OtherKing, 3>,
    /// The union of the others' relevance masks.
    relevant_any: Bb,
    /// Whether some other (non-left-neighbour) king is attacked now.
    checked_any: bool,
    /// Origins of an ordinary move that need [`Bishops::legal_rest`]: the own king, the
    /// pinned pieces (every piece while in check), and the cells of `relevant_any`.
    hard_from: Bb,
    /// Destinations that need it: `relevant_any`, or every cell while another king is
    /// attacked.
    hard_to: Bb,
}

/// The ray (index into `DIRS`) leading from `a` to `b`, if they share a line.
#[inline]
fn ray_index(a: u8, b: u8) -> Option<usize> {
    let dx = (b & 15) as i32 - (a & 15) as i32;
    let dy = (b >> 4) as i32 - (a >> 4) as i32;
    if dx == 0 && dy == 0 {
        return None;
    }
    match (dx.signum(), dy.signum()) {
        (0, 1) => Some(0),
        (1, 0) => Some(1),
        (0, -1) => Some(2),
        (-1, 0) => Some(3),
        (sx, sy) if dx.abs() == dy.abs() => Some(match (sx, sy) {
            (1, 1) => 4,
            (1, -1) => 5,
            (-1, -1) => 6,
            _ => 7,
        }),
        _ => None,
    }
}

/// Whether `p` may be captured by colour `c` (any other colour, never a king; B4-5).
#[inline]
fn capturable(p: u8, c: u8) -> bool {
    p != EMPTY && p != OFF && colour_of(p) != c && kind_of(p) != KING
}

impl Bishops {
    /// Whether a piece of colour `col` and kind `kind` attacks along ray `i` from any distance.
    #[inline]
    fn slides(&self, kind: u8, col: u8, i: usize) -> bool {
        if i < 4 {
            kind == ROOK || kind == QUEEN || (kind == BISHOP && self.queenlike >> col & 1 != 0)
        } else {
            kind == BISHOP || kind == QUEEN
        }
    }

    /// Whether moving a piece from `from` to `to` (arriving as `piece`) attacks the king `k` of
    /// colour `c` that was not attacked before: directly by the piece, or by a line opened
    /// through `from`.
    #[inline]
    fn gives_check(&self, k: u8, c: u8, from: u8, to: u8, piece: u8) -> bool {
        self.direct_check(k, c, from, to, piece) || self.opens_line(k, c, from, to)
    }

    /// Whether `piece`, arriving on `to` from `from`, attacks the king `k` of colour `c` itself
    /// (the cells between seen with `from` empty).
    #[inline]
    fn direct_check(&self, k: u8, c: u8, from: u8, to: u8, piece: u8) -> bool {
        let get = |t: u8| if t == from { EMPTY } else { self.at(t) };
        let col = colour_of(piece);
        if col != c {
            let kind = kind_of(piece);
            if kind == KNIGHT_K {
                if KNIGHT.iter().any(|&d| step(k, d) == to) {
                    return true;
                }
            } else if let Some(i) = ray_index(k, to) {
                let d = DIRS[i];
                let first = step(k, d) == to;
                if first
                    && (kind == KING
                        || (kind == PAWN
                            && i >= 4
                            && pawn_hits(i, usize::from(self.pawn_dir[usize::from(col & 3)]))))
                {
                    return true;
                }
                if self.slides(kind, col, i) {
                    let mut t = step(k, d);
                    while t != to && get(t) == EMPTY {
                        t = step(t, d);
                    }
                    if t == to {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether emptying `from` (and filling `to`) uncovers a line attack on the king `k` of
    /// colour `c` through `from`.
    #[inline]
    fn opens_line(&self, k: u8, c: u8, from: u8, to: u8) -> bool {
        let get = |t: u8| if t == from { EMPTY } else { self.at(t) };
        if let Some(i) = ray_index(k, from) {
            let d = DIRS[i];
            let mut t = step(k, d);
            loop {
                if t == to {
                    return false;
                }
                let p = get(t);
                if p == EMPTY {
                    t = step(t, d);
                    continue;
                }
                if p == OFF {
                    return false;
                }
                if colour_of(p) != c && self.slides(kind_of(p), colour_of(p), i) {
                    // Only a line through `from` is new: the piece found must lie beyond it.
                    return ray_index(from, t) == Some(i);
                }
                return false;
            }
        }
        false
    }

    /// Scans around another colour's king: its relevance mask and whether it is attacked.
    fn scan_other(&self, k: u8, c: u8) -> OtherKing {
        let mut relevant = Bb::default();
        let mut checked = false;
        for &d in &KNIGHT {
            let t = step(k, d);
            let p = self.at(t);
            if p != OFF {
                relevant.set(t);
                if p != EMPTY && kind_of(p) == KNIGHT_K && colour_of(p) != c {
                    checked = true;
                }
            }
        }
        for (i, &d) in DIRS.iter().enumerate() {
            let mut t = step(k, d);
            let mut first = true;
            loop {
                let p = self.at(t);
                if p == OFF {
                    break;
                }
                relevant.set(t);
                if p != EMPTY {
                    let col = colour_of(p);
                    if col != c {
                        let kind = kind_of(p);
                        if self.slides(kind, col, i)
                            || (first
                                && (kind == KING
                                    || (kind == PAWN
                                        && i >= 4
                                        && pawn_hits(
                                            i,
                                            usize::from(self.pawn_dir[usize::from(col & 3)]),
                                        ))))
                        {
                            checked = true;
                        }
                    }
                    break;
                }
                first = false;
                t = step(t, d);
            }
        }
        OtherKing {
            colour: c,
            king: k,
            relevant,
            checked,
        }
    }

    /// The side to move's own-king facts: pinned pieces and whether it is in check.
    fn context(&self) -> Context {
        let x = self.stm;
        let k = self.kings[usize::from(x & 3)];
        let immune = k == NONE || self.king_immune(x);
        let mut pinned = Bb::default();
        let mut in_check = false;
        if !immune {
            for &d in &KNIGHT {
                let p = self.at(step(k, d));
                if p != EMPTY && p != OFF && kind_of(p) == KNIGHT_K && colour_of(p) != x {
                    in_check = true;
                }
            }
            // One walk per ray finds both checks (first piece an attacker) and pins (own
            // piece, then an attacker behind it).
            for (i, &d) in DIRS.iter().enumerate() {
                let mut t = step(k, d);
                let mut own = NONE;
                let mut first = true;
                loop {
                    let p = self.at(t);
                    if p == OFF {
                        break;
                    }
                    if p != EMPTY {
                        let col = colour_of(p);
                        if col == x {
                            if own != NONE {
                                break;
                            }
                            own = t;
                        } else {
                            let kind = kind_of(p);
                            if self.slides(kind, col, i) {
                                if own != NONE {
                                    pinned.set(own);
                                } else {
                                    in_check = true;
                                }
                            } else if own == NONE
                                && first
                                && (kind == KING
                                    || (kind == PAWN
                                        && i >= 4
                                        && pawn_hits(
                                            i,
                                            usize::from(self.pawn_dir[usize::from(col & 3)]),
                                        )))
                            {
                                in_check = true;
                            }
                            break;
                        }
                    }
                    first = false;
                    t = step(t, d);
                }
            }
        }
        let mut others = ArrayVec::new();
        let left = self.next_active(x);
        for c in 0..4u8 {
            // The left neighbour may be checked and even mated: no test needed (B4-13).
            if c == x || c == left || !self.is_active_seat(c) || self.king_immune(c) {
                continue;
            }
            let kc = self.kings[usize::from(c)];
            if kc != NONE {
                others.push(self.scan_other(kc, c));
            }
        }
        let mut relevant_any = Bb::default();
        let mut checked_any = false;
        for o in &others {
            for (w, r) in relevant_any.0.iter_mut().zip(o.relevant.0) {
                *w |= r;
            }
            checked_any |= o.checked;
        }
        let mut hard_from = relevant_any;
        hard_from.set(k);
        if !immune {
            let own = if in_check { Bb([!0; 4]) } else { pinned };
            for (w, o) in hard_from.0.iter_mut().zip(own.0) {
                *w |= o;
            }
        }
        let hard_to = if checked_any {
            Bb([!0; 4])
        } else {
            relevant_any
        };
        Context {
            immune,
            in_check,
            pinned,
            others,
            relevant_any,
            checked_any,
            hard_from,
            hard_to,
        }
    }

    /// Every pseudo-legal move of colour `c` (placements while White has some pending, the
    /// forced exits of a king on a block without bishops, castling when `castle`).
    pub(crate) fn pseudo_moves(&self, c: u8, castle: bool, emit: &mut impl FnMut(Move)) {
        self.pseudo_moves_from(c, castle, Bb([!0; 4]), emit);
    }

    /// [`Bishops::pseudo_moves`] of the pieces on `origins` only (placements and the forced
    /// exit of B4-14 are given whole).
    #[inline]
    fn pseudo_moves_from(&self, c: u8, castle: bool, origins: Bb, emit: &mut impl FnMut(Move)) {
        let duel = self.phase == Phase::Duel;
        if c == WHITE && self.pending != 0 {
            self.placements(emit);
            return;
        }
        let k = self.kings[usize::from(c & 3)];
        if !duel && k != NONE && in_block(k) && self.bishops[usize::from(c & 3)] == 0 {
            // B4-14: the forced exit (no capture; from the outer corner also within the block).
            for &d in &DIRS {
                let t = step(k, d);
                if self.at(t) == EMPTY && (!in_block(t) || is_outer_corner(k)) {
                    emit(Move::new(k, t, MoveKind::Normal));
                }
            }
            return;
        }
        let queenlike = self.queenlike >> c & 1 != 0;
        self.occ[usize::from(c & 3)].and(origins).for_each(|s| {
            let p = self.at(s);
            match kind_of(p) {
                PAWN => self.pawn_moves(s, c, emit),
                KNIGHT_K => {
                    for &d in &KNIGHT {
                        let t = step(s, d);
                        let q = self.at(t);
                        if q == EMPTY || capturable(q, c) {
                            emit(Move::new(s, t, MoveKind::Normal));
                        }
                    }
                }
                BISHOP => self.slider_moves(s, c, if queenlike { 0 } else { 4 }, 8, emit),
                ROOK => self.slider_moves(s, c, 0, 4, emit),
                QUEEN => self.slider_moves(s, c, 0, 8, emit),
                KING => {
                    let may_enter = duel || self.bishops[usize::from(c & 3)] > 0;
                    for &d in &DIRS {
                        let t = step(s, d);
                        let q = self.at(t);
                        if (q == EMPTY || capturable(q, c)) && (may_enter || !in_block(t)) {
                            emit(Move::new(s, t, MoveKind::Normal));
                        }
                    }
                    if castle && !duel {
                        self.castling_moves(s, c, emit);
                    }
                }
                _ => {}
            }
        });
    }

    fn slider_moves(&self, s: u8, c: u8, lo: usize, hi: usize, emit: &mut impl FnMut(Move)) {
        for &d in DIRS.get(lo..hi).unwrap_or(&[]) {
            let mut t = step(s, d);
            loop {
                let q = self.at(t);
                if q == EMPTY {
                    emit(Move::new(s, t, MoveKind::Normal));
                } else {
                    if capturable(q, c) {
                        emit(Move::new(s, t, MoveKind::Normal));
                    }
                    break;
                }
                t = step(t, d);
            }
        }
    }

    fn pawn_moves(&self, s: u8, c: u8, emit: &mut impl FnMut(Move)) {
        let dir = usize::from(self.pawn_dir[usize::from(c & 3)] & 3);
        let f = PAWN_FORWARD[dir];
        let one = step(s, f);
        if self.at(one) == EMPTY && !pawn_barred(one, dir) {
            emit(Move::new(s, one, MoveKind::Normal));
            let two = step(one, f);
            if on_start_line(s, dir) && self.at(two) == EMPTY && !pawn_barred(two, dir) {
                emit(Move::new(s, two, MoveKind::Double));
            }
        }
        let left = PAWN_LEFT[dir];
        let unturned = self.turned >> c & 1 == 0;
        for side in [left, left.wrapping_neg()] {
            let t = step(one, side);
            let q = self.at(t);
            if q == OFF || pawn_barred(t, dir) {
                continue;
            }
            if unturned && EDGE_BANS[usize::from(c & 3)].contains(&(s, t)) {
                continue;
            }
            if capturable(q, c) {
                emit(Move::new(s, t, MoveKind::Normal));
            } else if q == EMPTY && self.ep != NONE && t == self.ep && self.ep_colour != c {
                emit(Move::new(s, t, MoveKind::EnPassant));
            }
        }
    }

    fn castling_moves(&self, k: u8, c: u8, emit: &mut impl FnMut(Move)) {
        for (side, castle) in CASTLINGS[usize::from(c & 3)].iter().enumerate() {
            if self.castling >> (2 * c + side as u8) & 1 == 0 || k != castle.king_from {
                continue;
            }
            let rook = self.at(castle.rook_from);
            if rook == EMPTY || rook == OFF || colour_of(rook) != c || kind_of(rook) != ROOK {
                continue;
            }
            let empty = castle
                .empty
                .iter()
                .take(castle.empty_len)
                .all(|&e| self.at(e) == EMPTY);
            if !empty
                || self.attacked(k, c, NONE)
                || castle.safe.iter().any(|&e| self.attacked(e, c, NONE))
            {
                continue;
            }
            emit(Move::new(k, castle.king_to, MoveKind::Castle));
        }
    }

    /// White's placements (B4-23): a pending queen or knight onto an empty cell of a3–b10.
    fn placements(&self, emit: &mut impl FnMut(Move)) {
        for (bit, kind) in [(PENDING_QUEEN, QUEEN), (PENDING_KNIGHT, KNIGHT_K)] {
            if self.pending & bit == 0 {
                continue;
            }
            self.occ[usize::from(WHITE)].for_each(|s| {
                if kind_of(self.at(s)) != kind {
                    return;
                }
                for y in 2..10 {
                    for x in 0..2 {
                        let t = sq(x, y);
                        if self.at(t) == EMPTY {
                            emit(Move::new(s, t, MoveKind::Placement));
                        }
                    }
                }
            });
        }
    }

    /// Whether colour `c` has a move leaving its own king safe (the non-recursive "legal move"
    /// of B4-13/B4-15/B4-21), with en passant only when `ep_allowed`.
    pub(crate) fn has_escape(&self, c: u8, ep_allowed: bool) -> bool {
        // Quick yes: a king step to a safe cell (not while placements are pending, nor for a
        // king on a block, whose moves are restricted).
        let k = self.kings[usize::from(c & 3)];
        let placing = c == WHITE && self.pending != 0;
        if k != NONE && !placing && !self.king_immune(c) {
            let may_enter = self.phase == Phase::Duel || self.bishops[usize::from(c & 3)] > 0;
            for &d in &DIRS {
                let t = step(k, d);
                let q = self.at(t);
                if (q == EMPTY || capturable(q, c))
                    && (may_enter || !in_block(t) || self.phase == Phase::Duel)
                {
                    let immune_there = self.phase != Phase::Duel && in_block(t);
                    if immune_there || !self.attacked(t, c, k) {
                        return true;
                    }
                }
            }
        }
        // Only a king move, an en-passant capture or a move onto every check line (block or
        // capture of the checker) can help.
        let lines = if k != NONE && !placing {
            self.check_lines(k, c)
        } else {
            Bb([!0; 4])
        };
        let mut probe = self.clone();
        probe.stm = c;
        if !ep_allowed {
            probe.ep = NONE;
        }
        let mut list: ArrayVec<Move, MAX_MOVES> = ArrayVec::new();
        // Only pieces whose reach meets a check line can help (and the king; every pawn
        // when an en-passant capture might, since it takes a checker off the lines).
        let origins = if ep_allowed && self.ep != NONE {
            Bb([!0; 4])
        } else {
            let mut origins = Bb::default();
            origins.set(k);
            self.occ[usize::from(c & 3)].for_each(|s| {
                let reach = REACH[usize::from(s)];
                if (0..4).any(|w| reach[w] & lines.0[w] != 0) {
                    origins.set(s);
                }
            });
            origins
        };
        probe.pseudo_moves_from(c, false, origins, &mut |m| list.push(m));
        list.iter()
            .filter(|m| m.kind == MoveKind::EnPassant || m.from == k || lines.has(m.to))
            .any(|&m| probe.keeps_king_safe(c, m))
    }

    /// The cells that lie on every line along which `c`'s king on `k` is attacked (the cells
    /// between king and attacker, and the attacker's cell), intersected over all attackers.
    fn check_lines(&self, k: u8, c: u8) -> Bb {
        let mut mask = Bb([!0; 4]);
        for &d in &KNIGHT {
            let t = step(k, d);
            let p = self.at(t);
            if p != EMPTY && p != OFF && kind_of(p) == KNIGHT_K && colour_of(p) != c {
                let mut only = Bb::default();
                only.set(t);
                mask = mask.and(only);
            }
        }
        for (i, &d) in DIRS.iter().enumerate() {
            let mut line = Bb::default();
            let mut t = step(k, d);
            let mut first = true;
            loop {
                let p = self.at(t);
                if p == OFF {
                    break;
                }
                line.set(t);
                if p != EMPTY {
                    let col = colour_of(p);
                    let kind = kind_of(p);
                    if col != c
                        && (self.slides(kind, col, i)
                            || (first
                                && (kind == KING
                                    || (kind == PAWN
                                        && i >= 4
                                        && pawn_hits(
                                            i,
                                            usize::from(self.pawn_dir[usize::from(col & 3)]),
                                        )))))
                    {
                        mask = mask.and(line);
                    }
                    break;
                }
                first = false;
                t = step(t, d);
            }
        }
        mask
    }

    /// Whether colour `c`'s move `m` leaves its own king safe (B4-11, B4-14), looking through
    /// the board instead of copying it for the common moves.
    fn keeps_king_safe(&self, c: u8, m: Move) -> bool {
        let k = self.kings[usize::from(c & 3)];
        match m.kind {
            MoveKind::Normal | MoveKind::Double if k != NONE => {
                let duel = self.phase == Phase::Duel;
                if m.from == k {
                    (!duel && in_block(m.to)) || !self.attacked(m.to, c, k)
                } else {
                    self.king_immune(c) || !self.attacked_after(k, c, m.from, m.to, self.at(m.from))
                }
            }
            _ => {
                let mut next = self.clone();
                next.apply_board(m);
                next.king_safe(c)
            }
        }
    }

    /// The exact legality of a pseudo-legal move of the side to move outside the duel:
    /// own king safe (B4-11, B4-14), and no player other than the left neighbour mated (B4-13).
    fn legal_slow(&self, mv: Move) -> bool {
        let x = self.stm;
        let mut next = self.clone();
        next.apply_board(mv);
        if !next.king_safe(x) {
            return false;
        }
        let checked = next.checked_set(x);
        let others = checked & !(1 << self.next_active(x));
        if others == 0 {
            return true;
        }
        let first = Bishops::first_after(checked, x);
        (0..4u8)
            .filter(|&q| others >> q & 1 != 0)
            .all(|q| next.has_escape(q, first == Some(q)))
    }

    /// White's legal placements (B4-23: each obeys B4-11 … B4-13 like a move), tested through
    /// the board instead of on a copy. Per lifted piece, two questions are answered once:
    /// does the lift expose White's king, and does it expose another king (not the left
    /// neighbour, which may be mated)? A drop only adds a White piece, so it can block an
    /// exposed line or attack a king itself, nothing else; only the drops that leave another
    /// player in check go to [`Bishops::legal_slow`], which decides whether that player is
    /// mated (B4-13). A placement moves no king, so immunity and queen-like bishops (B4-14)
    /// stay as they are.
    fn legal_placements(&self, emit: &mut impl FnMut(Move)) {
        let x = self.stm;
        let k = self.kings[usize::from(x & 3)];
        let own_guard = k != NONE && !self.king_immune(x);
        let left = self.next_active(x);
        let mut watched: ArrayVec<(u8, u8), 3> = ArrayVec::new();
        for c in 0..4u8 {
            if c == x || c == left || !self.is_active_seat(c) || self.king_immune(c) {
                continue;
            }
            let kc = self.kings[usize::from(c)];
            if kc != NONE {
                watched.push((c, kc));
            }
        }
        for (bit, kind) in [(PENDING_QUEEN, QUEEN), (PENDING_KNIGHT, KNIGHT_K)] {
            if self.pending & bit == 0 {
                continue;
            }
            self.occ[usize::from(WHITE)].for_each(|from| {
                let piece = self.at(from);
                if kind_of(piece) != kind {
                    return;
                }
                let own_exposed = own_guard && self.attacked(k, x, from);
                let mut exposed = [false; 3];
                for (e, &(c, kc)) in exposed.iter_mut().zip(&watched) {
                    *e = self.attacked(kc, c, from);
                }
                for y in 2..10 {
                    for file in 0..2 {
                        let to = sq(file, y);
                        if self.at(to) != EMPTY {
                            continue;
                        }
                        if own_exposed && self.attacked_after(k, x, from, to, piece) {
                            continue;
                        }
                        let checks = watched.iter().zip(exposed).any(|(&(c, kc), e)| {
                            if e {
                                self.attacked_after(kc, c, from, to, piece)
                            } else {
                                self.direct_check(kc, c, from, to, piece)
                            }
                        });
                        let m = Move::new(from, to, MoveKind::Placement);
                        if !checks || self.legal_slow(m) {
                            emit(m);
                        }
                    }
                }
            });
        }
    }

    /// The fast legality filter (see [`Context`]). The commonest case, an ordinary move of a
    /// piece that is not the king, not pinned and touches no cell that matters to another
    /// king, is answered inline; the rest by [`Bishops::legal_rest`].
    #[inline(always)]
    fn legal_fast(&self, ctx: &Context, mv: Move) -> bool {
        if matches!(mv.kind, MoveKind::Normal | MoveKind::Double)
            && !ctx.hard_from.has(mv.from)
            && !ctx.hard_to.has(mv.to)
        {
            return true;
        }
        self.legal_rest(ctx, mv)
    }

    /// The legality filter for the moves [`Bishops::legal_fast`] does not settle inline;
    /// falls back to [`Bishops::legal_slow`].
    #[inline(never)]
    fn legal_rest(&self, ctx: &Context, mv: Move) -> bool {
        match mv.kind {
            MoveKind::Normal | MoveKind::Double => {
                let p = self.at(mv.from);
                if kind_of(p) == KING {
                    let to_immune = in_block(mv.to);
                    if !to_immune && self.attacked(mv.to, self.stm, mv.from) {
                        return false;
                    }
                    if in_block(mv.from) != to_immune {
                        return self.legal_slow(mv);
                    }
                } else if !ctx.immune && (ctx.in_check || ctx.pinned.has(mv.from)) {
                    return self.legal_slow(mv);
                }
                if !ctx.checked_any
                    && !ctx.relevant_any.has(mv.from)
                    && !ctx.relevant_any.has(mv.to)
                {
                    return true;
                }
                let mut arriving = p;
                if kind_of(p) == PAWN {
                    let dir = usize::from(self.pawn_dir[usize::from(self.stm & 3)] & 3);
                    if on_promotion_line(mv.to, dir) {
                        arriving = (p & !7) | QUEEN;
                    }
                }
                for o in &ctx.others {
                    let hit = if o.checked {
                        self.attacked_after(o.king, o.colour, mv.from, mv.to, arriving)
                    } else {
                        (o.relevant.has(mv.from) || o.relevant.has(mv.to))
                            && self.gives_check(o.king, o.colour, mv.from, mv.to, arriving)
                    };
                    if hit {
                        // Another king is in check after the move: is it mated? (B4-13)
                        return self.legal_slow(mv);
                    }
                }
                true
            }
            _ => self.legal_slow(mv),
        }
    }

    /// Every legal move of the side to move (a `pass` when there is none, B4-15), or nothing
    /// when the game is over (B4-20).
    pub(crate) fn generate(&self, emit: &mut impl FnMut(Move)) {
        if self.outcome.is_over() {
            return;
        }
        if self.phase == Phase::Duel {
            self.duel_moves(emit);
            return;
        }
        let x = self.stm;
        let mut any = false;
        if x == WHITE && self.pending != 0 {
            self.legal_placements(&mut |m| {
                any = true;
                emit(m);
            });
        } else {
            let ctx = self.context();
            self.pseudo_moves(x, true, &mut |m| {
                if self.legal_fast(&ctx, m) {
                    any = true;
                    emit(m);
                }
            });
        }
        if !any {
            emit(Move::PASS);
        }
    }

    /// The duel's legal moves (B4-22): ordinary chess legality, pieces in the zone never leave
    /// it, and while some piece is outside the zone no check and the migration order.
    fn duel_moves(&self, emit: &mut impl FnMut(Move)) {
        let x = self.stm;
        let opp = self.next_active(x);
        let migration = self.migration_active();
        let outside = self.has_piece_outside_zone(x);
        let mut list: ArrayVec<(Move, u8), MAX_MOVES> = ArrayVec::new();
        self.pseudo_moves(x, false, &mut |m| {
            let p = self.at(m.from);
            let piece = kind_of(p) != PAWN;
            if piece && in_zone(m.from) && !in_zone(m.to) {
                return;
            }
            let mut next = self.clone();
            next.apply_board(m);
            if !next.king_safe(x) || (migration && opp != x && next.in_check(opp)) {
                return;
            }
            let tier = if piece && !in_zone(m.from) {
                if zone_distance(m.to) < zone_distance(m.from) {
                    1
                } else {
                    2
                }
            } else {
                3
            };
            list.push((m, tier));
        });
        let best = if migration && outside {
            list.iter().map(|&(_, t)| t).min().unwrap_or(3)
        } else {
            3
        };
        for &(m, t) in &list {
            if t <= best {
                emit(m);
            }
        }
    }
}
