//! Move generation: quiet moves of men by whole-height shifts (D3-6), flying kings along
//! precomputed neighbour rays (D3-7), and the capture search (D3-8 … D3-12) with duplicate
//! paths merged (D3-14).

// Directions and heights are indices into several tables at once; index loops read best.
#![allow(clippy::needless_range_loop)]

use crate::config::{CaptureRule, PromotionRule};
use crate::geometry::{NEIGHBOR, OPPOSITE, PLANE_LAND, PLANE_OVER, plane_step};

use crate::capture::{Mode, Search, Sink};
use crate::moves::{Move, MoveList};
use crate::position::{Checkers3d, WHITE};
use variant_core::{MoveBuffer, MoveSink};

/// Collects legal capture moves: applies the majority rule (D3-12) and merges duplicates
/// (D3-14).
struct ListSink<'a> {
    list: &'a mut MoveList,
    majority: bool,
    max: u32,
}

impl Sink for ListSink<'_> {
    #[inline]
    fn complete(&mut self, from: u8, to: u8, captured: &[u32; 8], n: u32, promoted: bool) {
        if self.majority {
            if n < self.max {
                return;
            }
            if n > self.max {
                self.list.clear();
                self.max = n;
            }
        }
        let mv = Move {
            from,
            to,
            promoted,
            captured: *captured,
        };
        // One capture has one path; only longer sequences can repeat a move (D3-14).
        if n >= 2 && self.list.contains(&mv) {
            return;
        }
        self.list.push(mv);
    }
}

/// Counts legal capture moves without listing them: the majority rule and the merging of
/// duplicates (D3-12, D3-14) as in [`ListSink`]; only sequences of two or more captures are
/// remembered, to recognise repeats (unless the search guarantees there are none).
struct CountSink {
    majority: bool,
    max: u32,
    count: u64,
    seen: MoveList,
}

impl Sink for CountSink {
    #[inline]
    fn complete(&mut self, from: u8, to: u8, captured: &[u32; 8], n: u32, promoted: bool) {
        if self.majority {
            if n < self.max {
                return;
            }
            if n > self.max {
                self.max = n;
                self.count = 0;
                self.seen.clear();
            }
        }
        if n >= 2 {
            let mv = Move {
                from,
                to,
                promoted,
                captured: *captured,
            };
            if self.seen.contains(&mv) {
                return;
            }
            self.seen.push(mv);
        }
        self.count += 1;
    }
}

/// Counts capture steps and stops the search once its budget is spent (see
/// [`Checkers3d::capture_search_exceeds`]); the moves themselves are not kept.
struct BudgetSink {
    left: u64,
}

impl Sink for BudgetSink {
    #[inline]
    fn complete(&mut self, _: u8, _: u8, _: &[u32; 8], _: u32, _: bool) {}

    #[inline]
    fn allow(&mut self, _over: u16, _land: u16) -> bool {
        self.left = self.left.saturating_sub(1);
        self.left > 0
    }

    #[inline]
    fn done(&self) -> bool {
        self.left == 0
    }
}

/// The squares of `men` that can jump an enemy of `enemy` onto an empty cell of `empty` in one
/// of the four plane directions (the heights of the three sets are the caller's business).
#[inline(always)]
pub(crate) fn jumpers(men: u32, enemy: u32, empty: u32) -> u32 {
    use crate::geometry::{north_east, north_west, south_east, south_west};
    men & (south_west(enemy & south_west(empty))
        | south_east(enemy & south_east(empty))
        | north_west(enemy & north_west(empty))
        | north_east(enemy & north_east(empty)))
}

/// One height: `sources[d]` is the set of cells from which a man can jump in plane direction
/// `d` (an enemy on the next cell, an empty cell beyond).
#[inline(always)]
pub(crate) fn jump_sources(enemy: u32, empty: u32) -> [u32; 4] {
    let mut out = [0; 4];
    for (d, o) in out.iter_mut().enumerate() {
        let back = OPPOSITE[d];
        *o = plane_step(back, enemy & plane_step(back, empty));
    }
    out
}

/// One height (D3-40): the number of jumps of `men` when every one of them is a whole move,
/// i.e. no capture goes on from any landing cell (D3-10) and no man is crowned on a cell of
/// `crown` (the promotion cells under passing promotion, where it would go on as a king,
/// D3-12); `None` otherwise. `sources` are the [`jump_sources`] of the position. Moves are
/// then told apart by origin and direction, so none repeats (D3-14), and all take one piece,
/// so the majority rule keeps them all.
///
/// Why it is exact from word operations alone: a man that has jumped in direction `d` could
/// only be held up by the piece it took or by its empty origin, and both lie behind it, in the
/// one direction a continuation never takes (the taken piece cannot be jumped twice); so the
/// continuation test looks at the three other directions with the board as it stands.
#[inline(always)]
pub(crate) fn single_jumps(men: u32, sources: &[u32; 4], crown: u32) -> Option<u32> {
    let all = sources[0] | sources[1] | sources[2] | sources[3];
    let mut n = 0;
    for d in 0..4 {
        let movers = men & sources[d];
        if movers == 0 {
            continue;
        }
        let lands = plane_step(d, plane_step(d, movers));
        // Direction d's opposite is never a continuation (see above); every other is.
        if lands & (crown | (all & !sources[OPPOSITE[d]])) != 0 {
            return None;
        }
        n += movers.count_ones();
    }
    Some(n)
}

impl Checkers3d {
    /// Men of the side to move that have at least one jump (D3-8), by height: a fast
    /// bitboard pre-test so that positions without captures never start a search.
    #[inline]
    fn men_that_can_capture(&self) -> [u32; 8] {
        let us = self.side as usize;
        let h = self.heights as usize;
        let mut out = [0u32; 8];
        for z in 0..h {
            let men = self.pieces[us][z] & !self.kings[z];
            if men == 0 {
                continue;
            }
            let empty = |z: usize| !self.occupied(z);
            let enemy = &self.pieces[1 - us];
            // The jumped piece is one height away and the landing two (cube diagonals), or
            // both on the same height (plane diagonals).
            let mut can = jumpers(men, enemy[z], empty(z));
            if z + 2 < h {
                can |= jumpers(men, enemy[z + 1], empty(z + 2));
            }
            if z >= 2 {
                can |= jumpers(men, enemy[z - 1], empty(z - 2));
            }
            out[z] = can;
        }
        out
    }

    /// Every legal capture move (D3-8 … D3-14) into `list` (cleared first); `men` are the
    /// men that have a jump, all kings are searched.
    fn captures(&self, men: &[u32; 8], list: &mut MoveList) {
        list.clear();
        let mut sink = ListSink {
            list,
            majority: self.config.capture == CaptureRule::Majority,
            max: 0,
        };
        self.search_captures(men, &mut sink);
    }

    /// Runs the capture search of every man in `men` and every king of the side to move.
    #[inline]
    fn search_captures<S: Sink>(&self, men: &[u32; 8], sink: &mut S) {
        let us = self.side as usize;
        let mut search = Search::new(self, sink, Mode::Plain);
        for z in 0..self.heights as usize {
            let mut b = men[z];
            while b != 0 {
                let i = b.trailing_zeros();
                b &= b - 1;
                search.run((z as u32 * 32 + i) as u8, false);
            }
            let mut k = self.pieces[us][z] & self.kings[z];
            while k != 0 {
                let i = k.trailing_zeros();
                k &= k - 1;
                search.run((z as u32 * 32 + i) as u8, true);
            }
        }
    }

    /// Whether generating this position's moves takes the capture search more than `steps`
    /// capture steps (one step is one piece jumped, D3-8/D3-9, on one path).
    ///
    /// Finding the longest capture (the majority rule, D3-12) is a longest-path search: in a
    /// crowded box, a few kings among dozens of enemy men can have billions of capture paths,
    /// and the move generation then takes minutes (docs/benchmarks.md, "hostile positions").
    /// A program that accepts positions from untrusted sources (the `variants serve` web page
    /// does) can ask this first and refuse such a position; it costs at most about `steps`
    /// steps of the search itself (around 50 ns each). Positions reached from the start of
    /// the default game never come near: each side has 12 men.
    ///
    /// ```
    /// use checkers3d::Checkers3d;
    /// use checkers3d::hostile::hostile_positions;
    /// use variant_core::Game;
    ///
    /// // The start has no capture at all.
    /// let start = Checkers3d::default();
    /// assert!(!start.capture_search_exceeds(1));
    /// // A white king on d4@1 must take one of two black men (D3-11), flying on to any
    /// // empty cell beyond (D3-9): over c5@1 to b6@1 or a7@1, over e5@1 to f6@1, g7@1 or
    /// // h8@1. No capture goes on from there (D3-10), so the search takes five steps.
    /// let king = Checkers3d::from_text(start.config(), "W:WKd4@1:Bc5@1,e5@1:H8:1/8")
    ///     .expect("a legal position");
    /// assert_eq!(king.legal_moves().len(), 5);
    /// assert!(king.capture_search_exceeds(4));
    /// assert!(!king.capture_search_exceeds(5));
    /// // Seed 12, position 50 of the hostile generator: a king takes 37 men in one move, and
    /// // the search runs past a million steps.
    /// let hostile = &hostile_positions(12, 51)[50];
    /// assert!(hostile.capture_search_exceeds(1_000_000));
    /// ```
    pub fn capture_search_exceeds(&self, steps: u64) -> bool {
        let Some(men) = self.may_capture() else {
            return false;
        };
        // One more than `steps`: the search stops when the count reaches zero, which is the
        // (steps + 1)-th step.
        let mut sink = BudgetSink {
            left: steps.saturating_add(1),
        };
        self.search_captures(&men, &mut sink);
        sink.left == 0
    }

    /// The forward plane directions of the side to move's men (D3-6): 0/1 for White, 2/3 for
    /// Black.
    #[inline]
    fn forward(&self) -> [usize; 2] {
        if self.side as usize == WHITE {
            [0, 1]
        } else {
            [2, 3]
        }
    }

    /// Every quiet move (no capture exists) into `list`.
    pub(crate) fn quiet_moves<S: MoveSink<Move>>(&self, list: &mut S) {
        let us = self.side as usize;
        let h = self.heights as usize;
        let fwd = self.forward();
        // Men (D3-6): one step forward, on the same height or one up or down.
        let men_heights = if h == 1 {
            // One height: the plane steps only, without the height loop.
            let men = self.pieces[us][0] & !self.kings[0];
            let empty = !self.occupied(0);
            let promo = self.promotion_squares(us, 0);
            for pd in fwd {
                let mut t = plane_step(pd, men) & empty;
                while t != 0 {
                    let i = t.trailing_zeros();
                    t &= t - 1;
                    list.push(Move {
                        from: NEIGHBOR[i as usize & 31][OPPOSITE[pd]] as u8,
                        to: i as u8,
                        promoted: promo >> i & 1 == 1,
                        captured: [0; 8],
                    });
                }
            }
            0
        } else {
            h
        };
        for z in 0..men_heights {
            let men = self.pieces[us][z] & !self.kings[z];
            if men == 0 {
                continue;
            }
            for pd in fwd {
                let targets = plane_step(pd, men);
                for dz in [0i32, 1, -1] {
                    let tz = z as i32 + dz;
                    if tz < 0 || tz >= h as i32 {
                        continue;
                    }
                    let tz = tz as usize;
                    let mut t = targets & !self.occupied(tz);
                    // The direction index of this step, to walk back to the origin.
                    let d = match dz {
                        0 => pd,
                        1 => 4 + pd,
                        _ => 8 + pd,
                    };
                    let promo = self.promotion_squares(us, tz);
                    while t != 0 {
                        let i = t.trailing_zeros();
                        t &= t - 1;
                        let to = tz as u16 * 32 + i as u16;
                        let from = NEIGHBOR[to as usize & 255][OPPOSITE[d]];
                        list.push(Move {
                            from: from as u8,
                            to: to as u8,
                            promoted: promo >> i & 1 == 1,
                            captured: [0; 8],
                        });
                    }
                }
            }
        }
        // Kings (D3-7): any distance along the 12 directions over empty cells.
        let limit = h as u16 * 32;
        for z in 0..h {
            let mut k = self.pieces[us][z] & self.kings[z];
            while k != 0 {
                let i = k.trailing_zeros();
                k &= k - 1;
                let from = z as u16 * 32 + i as u16;
                for d in 0..12 {
                    let mut c = NEIGHBOR[from as usize][d];
                    while c < limit && self.occupied(c as usize / 32) >> (c % 32) & 1 == 0 {
                        list.push(Move {
                            from: from as u8,
                            to: c as u8,
                            promoted: false,
                            captured: [0; 8],
                        });
                        c = NEIGHBOR[c as usize & 255][d];
                    }
                }
            }
        }
    }

    /// The number of quiet moves (no capture exists), counted without listing them.
    fn count_quiet(&self) -> u64 {
        let us = self.side as usize;
        let h = self.heights as usize;
        let fwd = self.forward();
        let mut empty = [0u32; 8];
        for (z, e) in empty.iter_mut().enumerate().take(h) {
            *e = !self.occupied(z);
        }
        let mut n = 0u64;
        for z in 0..h {
            let men = self.pieces[us][z] & !self.kings[z];
            if men == 0 {
                continue;
            }
            // Each plane direction maps men one-to-one onto targets; the three height
            // choices of a cube step (D3-6) use the same targets on neighbouring heights.
            let mut reach = 0u64;
            for pd in fwd {
                let t = plane_step(pd, men);
                reach += u64::from((t & empty[z]).count_ones());
                if z + 1 < h {
                    reach += u64::from((t & empty[z + 1]).count_ones());
                }
                if z > 0 {
                    reach += u64::from((t & empty[z - 1]).count_ones());
                }
            }
            n += reach;
        }
        let limit = h as u16 * 32;
        for z in 0..h {
            let mut k = self.pieces[us][z] & self.kings[z];
            while k != 0 {
                let i = k.trailing_zeros();
                k &= k - 1;
                let from = z * 32 + i as usize;
                for d in 0..12 {
                    let mut c = NEIGHBOR[from & 255][d];
                    while c < limit && empty[c as usize / 32] >> (c % 32) & 1 == 1 {
                        n += 1;
                        c = NEIGHBOR[c as usize & 255][d];
                    }
                }
            }
        }
        n
    }

    /// Every legal move: the captures if there are any (D3-11), else the quiet moves.
    pub(crate) fn generate(&self, list: &mut MoveList) {
        list.clear();
        if self.heights == 1 && self.generate_plane(list) {
            return;
        }
        list.clear();
        if let Some(men) = self.may_capture() {
            let plane = self.men_captures(men[0], |mv| {
                if mv.from == u8::MAX {
                    list.clear();
                } else {
                    list.push(mv);
                }
            });
            if !plane {
                self.captures(&men, list);
            }
            if !list.is_empty() {
                return;
            }
        }
        self.quiet_moves(list);
    }

    /// Every legal move into `sink`, in the order of [`Checkers3d::generate`]. Quiet moves go
    /// straight to the sink; when a capture may exist the moves are gathered in a list first,
    /// because the majority rule (D3-12) drops shorter sequences found earlier and duplicate
    /// paths are merged (D3-14) — a listener could not take a move back.
    pub(crate) fn generate_into<S: MoveSink<Move>>(&self, sink: &mut S) {
        if self.may_capture().is_none() {
            self.quiet_moves(sink);
            return;
        }
        let mut list = MoveList::default();
        self.generate(&mut list);
        for &mv in list.iter() {
            sink.push(mv);
        }
    }

    /// [`Checkers3d::generate`] for the commonest case of one height (the 2D game, D3-40):
    /// the side to move has men only. Returns `false`, with `list` in any state, when the
    /// general generator is needed (a king to move, a man crowned during a capture in
    /// passing, many long duplicate captures).
    #[inline]
    fn generate_plane(&self, list: &mut MoveList) -> bool {
        let us = self.side as usize;
        let own = self.pieces[us][0];
        if own & self.kings[0] != 0 {
            return false;
        }
        let enemy = self.pieces[1 - us][0];
        let empty = !(own | enemy);
        let jumping = jumpers(own, enemy, empty);
        let promo = self.promotion_squares(us, 0);
        if jumping != 0 {
            // D3-11: a capture exists, so only captures are legal.
            let crown = if self.config.promotion == PromotionRule::Passing {
                promo
            } else {
                0
            };
            let sources = jump_sources(enemy, empty);
            if single_jumps(own, &sources, crown).is_some() {
                for d in 0..4 {
                    let mut movers = own & sources[d];
                    while movers != 0 {
                        let i = movers.trailing_zeros() as usize & 31;
                        movers &= movers - 1;
                        let land = PLANE_LAND[d][i];
                        let mut captured = [0; 8];
                        captured[0] = PLANE_OVER[d][i];
                        list.push(Move {
                            from: i as u8,
                            to: land.trailing_zeros() as u8,
                            promoted: land & promo != 0,
                            captured,
                        });
                    }
                }
                return true;
            }
            return self.men_captures(jumping, |mv| {
                if mv.from == u8::MAX {
                    list.clear();
                } else {
                    list.push(mv);
                }
            });
        }
        for pd in self.forward() {
            let mut t = plane_step(pd, own) & empty;
            while t != 0 {
                let i = t.trailing_zeros();
                t &= t - 1;
                list.push(Move {
                    from: NEIGHBOR[i as usize & 31][OPPOSITE[pd]] as u8,
                    to: i as u8,
                    promoted: promo >> i & 1 == 1,
                    captured: [0; 8],
                });
            }
        }
        true
    }

    /// The number of legal moves.
    pub(crate) fn count(&self) -> u64 {
        if self.heights == 1 {
            // One height (the 2D game, D3-40): the common leaf — men only, no jump — counted
            // with a handful of word operations.
            let us = self.side as usize;
            let own = self.pieces[us][0];
            let enemy = self.pieces[1 - us][0];
            let men = own & !self.kings[0];
            let empty = !(own | enemy);
            if own & self.kings[0] == 0 {
                let sources = jump_sources(enemy, empty);
                let jumping = men & (sources[0] | sources[1] | sources[2] | sources[3]);
                if jumping == 0 {
                    let [a, b] = self.forward();
                    return u64::from(
                        (plane_step(a, men) & empty).count_ones()
                            + (plane_step(b, men) & empty).count_ones(),
                    );
                }
                let crown = if self.config.promotion == PromotionRule::Passing {
                    self.promotion_squares(us, 0)
                } else {
                    0
                };
                if let Some(n) = single_jumps(men, &sources, crown) {
                    return u64::from(n);
                }
                let mut n = 0;
                let plane = self.men_captures(jumping, |mv| {
                    n = if mv.from == u8::MAX { 0 } else { n + 1 };
                });
                if plane {
                    return n;
                }
            }
        }
        if let Some(men) = self.may_capture() {
            let mut n = 0;
            let plane = self.men_captures(men[0], |mv| {
                n = if mv.from == u8::MAX { 0 } else { n + 1 };
            });
            if plane && n > 0 {
                return n;
            }
            let mut sink = CountSink {
                majority: self.config.capture == CaptureRule::Majority,
                max: 0,
                count: 0,
                seen: MoveList::default(),
            };
            self.search_captures(&men, &mut sink);
            if sink.count > 0 {
                return sink.count;
            }
        }
        self.count_quiet()
    }

    /// The men that have a jump, when a capture may exist: some man has a jump, or the side
    /// has a king (kings are searched directly).
    #[inline]
    fn may_capture(&self) -> Option<[u32; 8]> {
        let us = self.side as usize;
        let h = self.heights as usize;
        let men = self.men_that_can_capture();
        let any =
            men.iter().any(|&m| m != 0) || (0..h).any(|z| self.pieces[us][z] & self.kings[z] != 0);
        any.then_some(men)
    }

    /// Whether the side to move has any legal move (D3-20).
    pub(crate) fn has_moves(&self) -> bool {
        self.count() > 0
    }
}
