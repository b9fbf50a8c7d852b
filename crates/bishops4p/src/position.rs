//! The position: board, seats, rights and counters; making a ply on the board; attacks.

use crate::config::{BishopsConfig, Mode};
use crate::geometry::{
    Bb, CASTLINGS, DIRS, EMPTY, KNIGHT, OFF, PAWN_FORWARD, at_zone_far_line, in_block, in_zone,
    on_promotion_line, pawn_hits, rotated, sq, step,
};
use crate::moves::{Move, MoveKind};
use variant_core::Status;

/// Seat numbers (B4-3).
pub(crate) const WHITE: u8 = 0;
/// Grey's seat.
pub(crate) const GREY: u8 = 1;

/// Piece kinds (the low three bits of a cell's content; the colour is the next two bits).
pub(crate) const PAWN: u8 = 1;
/// Knight.
pub(crate) const KNIGHT_K: u8 = 2;
/// Bishop.
pub(crate) const BISHOP: u8 = 3;
/// Rook.
pub(crate) const ROOK: u8 = 4;
/// Queen.
pub(crate) const QUEEN: u8 = 5;
/// King.
pub(crate) const KING: u8 = 6;

/// Pending placement bits (B4-23).
pub(crate) const PENDING_QUEEN: u8 = 1;
/// The knight placement.
pub(crate) const PENDING_KNIGHT: u8 = 2;

/// "No cell" (index 0 is a padding cell).
pub(crate) const NONE: u8 = 0;

/// The content code of a piece.
#[inline]
pub(crate) const fn code(colour: u8, kind: u8) -> u8 {
    colour << 3 | kind
}
/// The colour of a piece code.
#[inline]
pub(crate) const fn colour_of(p: u8) -> u8 {
    p >> 3
}
/// The kind of a piece code.
#[inline]
pub(crate) const fn kind_of(p: u8) -> u8 {
    p & 7
}

/// The phase of the game (B4-51): the short game, the long game before the duel, the duel.
///
/// # Example
///
/// ```
/// use bishops4p::prelude::*;
/// use bishops4p::Phase;
///
/// // B4-22: when two players remain in the long game, the duel begins.
/// let mut game = Bishops::new(&"mode=long".parse().unwrap()).unwrap();
/// game.resign(Seat(1)).unwrap();
/// assert_eq!(game.phase(), Phase::Long);
/// game.resign(Seat(3)).unwrap();
/// assert_eq!(game.phase(), Phase::Duel);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The short game (B4-20).
    Short,
    /// The long game with three or four players (B4-21).
    Long,
    /// The long game's duel (B4-22); also the finished long game with one player left.
    Duel,
}

/// A position of "Bishops" with its configuration.
///
/// # Example
///
/// ```
/// use bishops4p::prelude::*;
///
/// // B4-3: four seats in turn order; B4-52: 26 moves for White at the start.
/// let game = Bishops::default();
/// assert_eq!(game.seat_count(), 4);
/// let names: Vec<&str> = (0..4).map(|s| game.seat_name(Seat(s))).collect();
/// assert_eq!(names, ["white", "grey", "black", "pink"]);
/// assert_eq!(game.legal_moves().len(), 26);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bishops {
    pub(crate) config: BishopsConfig,
    pub(crate) board: [u8; 256],
    pub(crate) occ: [Bb; 4],
    pub(crate) kings: [u8; 4],
    pub(crate) bishops: [u8; 4],
    pub(crate) active: u8,
    pub(crate) stm: u8,
    pub(crate) castling: u8,
    pub(crate) ep: u8,
    pub(crate) ep_colour: u8,
    pub(crate) halfmove: u32,
    pub(crate) passes: u32,
    pub(crate) phase: Phase,
    pub(crate) pending: u8,
    pub(crate) pawn_dir: [u8; 4],
    pub(crate) turned: u8,
    pub(crate) queenlike: u8,
    pub(crate) outcome: Status,
    /// The seats in check (bit per seat): [`Bishops::in_check`] of every seat, kept by every
    /// public way to reach a position (start, text, plies, resignations) so that the search's
    /// many questions about checks cost a bit test.
    pub(crate) checks: u8,
}

impl Bishops {
    /// An empty board (every cell empty, padding `OFF`), nobody active.
    pub(crate) fn empty(config: BishopsConfig) -> Bishops {
        let mut board = [OFF; 256];
        for y in 0..12 {
            for x in 0..12 {
                if let Some(c) = board.get_mut(usize::from(sq(x, y))) {
                    *c = EMPTY;
                }
            }
        }
        let phase = match config.mode {
            Mode::Short => Phase::Short,
            Mode::Long => Phase::Long,
        };
        Bishops {
            config,
            board,
            occ: [Bb::default(); 4],
            kings: [NONE; 4],
            bishops: [0; 4],
            active: 0,
            stm: WHITE,
            castling: 0,
            ep: NONE,
            ep_colour: 0,
            halfmove: 0,
            passes: 0,
            phase,
            pending: 0,
            pawn_dir: [0, 1, 2, 3],
            turned: 0,
            queenlike: 0,
            outcome: Status::Ongoing,
            checks: 0,
        }
    }

    /// The start position under `config` (B4-4, B4-23).
    pub(crate) fn start(config: BishopsConfig) -> Bishops {
        let three = config.players == 3;
        let castling_on = config.castling;
        let mut p = Bishops::empty(config);
        const BACK: [u8; 8] = [ROOK, KNIGHT_K, BISHOP, QUEEN, KING, BISHOP, KNIGHT_K, ROOK];
        for seat in 0..4u8 {
            if three && seat == GREY {
                continue;
            }
            for (i, &kind) in BACK.iter().enumerate() {
                p.put(rotated(i + 2, 0, usize::from(seat)), code(seat, kind));
                p.put(rotated(i + 2, 1, usize::from(seat)), code(seat, PAWN));
            }
            p.active |= 1 << seat;
            if castling_on {
                p.castling |= 3 << (2 * seat);
            }
        }
        if three {
            p.pending = PENDING_QUEEN | PENDING_KNIGHT;
        }
        p.refresh_queenlike();
        p.refresh_checks();
        p
    }

    /// The content of a cell.
    #[inline]
    pub(crate) fn at(&self, s: u8) -> u8 {
        self.board[usize::from(s)]
    }

    /// Puts a piece on an empty cell.
    #[inline]
    pub(crate) fn put(&mut self, s: u8, p: u8) {
        self.board[usize::from(s)] = p;
        let c = usize::from(colour_of(p) & 3);
        self.occ[c].set(s);
        match kind_of(p) {
            KING => self.kings[c] = s,
            BISHOP => self.bishops[c] += 1,
            _ => {}
        }
    }

    /// Removes the piece on a cell (which must hold one).
    #[inline]
    pub(crate) fn remove(&mut self, s: u8) -> u8 {
        let p = self.board[usize::from(s)];
        self.board[usize::from(s)] = EMPTY;
        let c = usize::from(colour_of(p) & 3);
        self.occ[c].clear(s);
        match kind_of(p) {
            KING => self.kings[c] = NONE,
            BISHOP => self.bishops[c] = self.bishops[c].saturating_sub(1),
            _ => {}
        }
        p
    }

    /// Whether a seat is active.
    #[inline]
    pub(crate) fn is_active_seat(&self, c: u8) -> bool {
        self.active >> c & 1 != 0
    }

    /// The number of active players.
    #[inline]
    pub(crate) fn active_count(&self) -> u32 {
        self.active.count_ones()
    }

    /// The next active seat clockwise after `c` (`c` itself when it is the only one).
    #[inline]
    pub(crate) fn next_active(&self, c: u8) -> u8 {
        for i in 1..=4 {
            let s = (c + i) & 3;
            if self.is_active_seat(s) {
                return s;
            }
        }
        c
    }

    /// The previous active seat (the right neighbour).
    pub(crate) fn prev_active(&self, c: u8) -> u8 {
        for i in 1..=4 {
            let s = (c + 4 - i) & 3;
            if self.is_active_seat(s) {
                return s;
            }
        }
        c
    }

    /// The first seat of `set` clockwise after `c` (`c` itself last).
    #[inline]
    pub(crate) fn first_after(set: u8, c: u8) -> Option<u8> {
        (1..=4).map(|i| (c + i) & 3).find(|&s| set >> s & 1 != 0)
    }

    /// Whether `c`'s king stands on a corner block where it is immune (B4-14; not in the duel).
    #[inline]
    pub(crate) fn king_immune(&self, c: u8) -> bool {
        let k = self.kings[usize::from(c & 3)];
        self.phase != Phase::Duel && k != NONE && in_block(k)
    }

    /// Recomputes which colours' bishops move as queens (B4-14).
    #[inline]
    pub(crate) fn refresh_queenlike(&mut self) {
        let mut q = 0;
        for c in 0..4u8 {
            if self.king_immune(c) {
                q |= 1 << c;
            }
        }
        self.queenlike = q;
    }

    /// Whether cell `s` is attacked by a piece of a colour other than `c`, treating `ignore`
    /// as empty (B4-11; pawns by their capture cells whatever B4-6/B4-7 say).
    #[inline]
    pub(crate) fn attacked(&self, s: u8, c: u8, ignore: u8) -> bool {
        self.attacked_by(s, c, |t| if t == ignore { EMPTY } else { self.at(t) })
    }

    /// [`Bishops::attacked`] after a piece moved from `from` to `to` (arriving as `piece`).
    #[inline]
    pub(crate) fn attacked_after(&self, s: u8, c: u8, from: u8, to: u8, piece: u8) -> bool {
        self.attacked_by(s, c, |t| {
            if t == to {
                piece
            } else if t == from {
                EMPTY
            } else {
                self.at(t)
            }
        })
    }

    /// The attack test over a board seen through `get`.
    #[inline(always)]
    fn attacked_by(&self, s: u8, c: u8, get: impl Fn(u8) -> u8) -> bool {
        for &k in &KNIGHT {
            let p = get(step(s, k));
            if p != EMPTY && p != OFF && kind_of(p) == KNIGHT_K && colour_of(p) != c {
                return true;
            }
        }
        for (i, &d) in DIRS.iter().enumerate() {
            let mut t = step(s, d);
            let mut first = true;
            loop {
                let p = get(t);
                if p == EMPTY {
                    t = step(t, d);
                    first = false;
                    continue;
                }
                if p == OFF {
                    break;
                }
                let col = colour_of(p);
                if col != c {
                    let kind = kind_of(p);
                    if i < 4 {
                        if kind == ROOK
                            || kind == QUEEN
                            || (kind == BISHOP && self.queenlike >> col & 1 != 0)
                        {
                            return true;
                        }
                    } else if kind == BISHOP || kind == QUEEN {
                        return true;
                    }
                    if first
                        && (kind == KING
                            || (kind == PAWN
                                && i >= 4
                                && pawn_hits(i, usize::from(self.pawn_dir[usize::from(col & 3)]))))
                    {
                        return true;
                    }
                }
                break;
            }
        }
        false
    }

    /// Whether `c` is in check: active, king not immune, king attacked.
    #[inline]
    pub(crate) fn in_check(&self, c: u8) -> bool {
        let k = self.kings[usize::from(c & 3)];
        self.is_active_seat(c) && k != NONE && !self.king_immune(c) && self.attacked(k, c, NONE)
    }

    /// Recomputes the cached set of seats in check (`checks`) from the board.
    #[inline]
    pub(crate) fn refresh_checks(&mut self) {
        self.checks = self.checked_set(4);
    }

    /// Whether `c`'s king is safe (immune or unattacked): the own-king test of B4-11.
    #[inline]
    pub(crate) fn king_safe(&self, c: u8) -> bool {
        let k = self.kings[usize::from(c & 3)];
        k == NONE || self.king_immune(c) || !self.attacked(k, c, NONE)
    }

    /// The active players other than `x` that are in check, as a seat mask.
    pub(crate) fn checked_set(&self, x: u8) -> u8 {
        let mut set = 0;
        for c in 0..4u8 {
            if c != x && self.in_check(c) {
                set |= 1 << c;
            }
        }
        set
    }

    /// Moves the pieces of a ply and updates rights and counters (not the turn).
    pub(crate) fn apply_board(&mut self, mv: Move) {
        let Move { from, to, kind } = mv;
        let old_ep = self.ep;
        self.ep = NONE;
        match kind {
            MoveKind::Pass => {
                self.halfmove = self.halfmove.saturating_add(1);
                self.passes = self.passes.saturating_add(1);
                return;
            }
            MoveKind::Placement => {
                let p = self.remove(from);
                self.put(to, p);
                self.pending &= !(if kind_of(p) == QUEEN {
                    PENDING_QUEEN
                } else {
                    PENDING_KNIGHT
                });
                self.halfmove = self.halfmove.saturating_add(1);
            }
            MoveKind::Castle => {
                let c = usize::from(colour_of(self.at(from)) & 3);
                let side = usize::from(CASTLINGS[c][0].king_to != to);
                let castle = CASTLINGS[c][side];
                let king = self.remove(from);
                let rook = self.remove(castle.rook_from);
                self.put(to, king);
                self.put(castle.rook_to, rook);
                self.castling &= !(3 << (2 * c));
                self.halfmove = self.halfmove.saturating_add(1);
            }
            MoveKind::Normal | MoveKind::Double | MoveKind::EnPassant => {
                let mut p = self.remove(from);
                let c = colour_of(p) & 3;
                let mut reset = kind_of(p) == PAWN;
                if kind == MoveKind::EnPassant {
                    let victim_dir = self.pawn_dir[usize::from(self.ep_colour & 3)];
                    let victim = step(old_ep, PAWN_FORWARD[usize::from(victim_dir & 3)]);
                    if self.at(victim) != EMPTY && self.at(victim) != OFF {
                        self.remove(victim);
                    }
                }
                if self.at(to) != EMPTY {
                    self.remove(to);
                    reset = true;
                }
                if kind_of(p) == PAWN {
                    let dir = usize::from(self.pawn_dir[usize::from(c)]);
                    let promote = if self.phase == Phase::Duel {
                        at_zone_far_line(to, dir)
                    } else {
                        on_promotion_line(to, dir)
                    };
                    if promote {
                        p = code(c, QUEEN);
                    }
                    if kind == MoveKind::Double && self.config.en_passant {
                        self.ep = step(from, PAWN_FORWARD[dir]);
                        self.ep_colour = c;
                    }
                }
                self.put(to, p);
                if self.castling != 0 {
                    for (seat, sides) in CASTLINGS.iter().enumerate() {
                        for (side, castle) in sides.iter().enumerate() {
                            if from == castle.king_from
                                || from == castle.rook_from
                                || to == castle.rook_from
                            {
                                self.castling &= !(1 << (2 * seat + side));
                            }
                        }
                    }
                }
                if reset {
                    self.halfmove = 0;
                } else {
                    self.halfmove = self.halfmove.saturating_add(1);
                }
            }
        }
        self.passes = 0;
        if kind != MoveKind::Placement && self.phase != Phase::Duel {
            self.refresh_queenlike();
        }
    }

    /// Removes a player's whole army and marks it inactive (B4-21).
    pub(crate) fn remove_army(&mut self, c: u8) {
        let cells = self.occ[usize::from(c & 3)];
        cells.for_each(|s| {
            self.board[usize::from(s)] = EMPTY;
        });
        self.occ[usize::from(c & 3)] = Bb::default();
        self.kings[usize::from(c & 3)] = NONE;
        self.bishops[usize::from(c & 3)] = 0;
        self.castling &= !(3 << (2 * (c & 3)));
        self.active &= !(1 << c);
        if self.ep != NONE && self.ep_colour == c {
            self.ep = NONE;
        }
        self.refresh_queenlike();
    }

    /// Starts the duel (B4-22): castling off, blocks and queen-bishops gone, pawns of an
    /// adjacent pair turned, pawns on or beyond the zone's far line promoted.
    pub(crate) fn start_duel(&mut self) {
        self.phase = Phase::Duel;
        self.castling = 0;
        // The duel is ordinary chess (B4-22): placements (B4-23) belong to the three-player
        // game, so any still pending lapse here, and the pieces stay on their start cells.
        // Every way out of the three-player game leads here (one leaver leaves two players),
        // whether White left or Black left before White's second turn (found by the
        // fuzz target `records`); the duel's text never carries placements (B4-51).
        self.pending = 0;
        self.set_duel_directions();
        self.promote_far_pawns();
        self.refresh_queenlike();
    }

    /// Pawn directions of the duel from the two active seats (B4-22).
    pub(crate) fn set_duel_directions(&mut self) {
        self.pawn_dir = [0, 1, 2, 3];
        self.turned = 0;
        if self.active_count() != 2 {
            return;
        }
        for x in 0..4u8 {
            let y = (x + 1) & 3;
            if self.is_active_seat(x) && self.is_active_seat(y) {
                // X's next seat clockwise is Y: X's pawns march opposite to Y's.
                self.pawn_dir[usize::from(x)] = (y + 2) & 3;
                self.turned = 1 << x;
            }
        }
    }

    /// Turns every pawn on or beyond its zone's far line into a queen (B4-22).
    pub(crate) fn promote_far_pawns(&mut self) {
        for c in 0..4u8 {
            let dir = usize::from(self.pawn_dir[usize::from(c)]);
            let cells = self.occ[usize::from(c)];
            cells.for_each(|s| {
                if kind_of(self.at(s)) == PAWN && at_zone_far_line(s, dir) {
                    self.remove(s);
                    self.put(s, code(c, QUEEN));
                }
            });
        }
    }

    /// Whether some non-pawn piece of an active player stands outside the central zone
    /// (the duel's migration, B4-22).
    pub(crate) fn migration_active(&self) -> bool {
        (0..4u8).any(|c| self.has_piece_outside_zone(c))
    }

    /// Whether `c` has a non-pawn piece outside the central zone.
    pub(crate) fn has_piece_outside_zone(&self, c: u8) -> bool {
        let mut found = false;
        self.occ[usize::from(c & 3)].for_each(|s| {
            if kind_of(self.at(s)) != PAWN && !in_zone(s) {
                found = true;
            }
        });
        found
    }

    /// A dead position of the duel as FIDE's usual cases: no pawn, rook or queen, and at most
    /// one minor piece, or only bishops all on cells of one colour (B4-22).
    pub(crate) fn dead_position(&self) -> bool {
        let mut minors = 0;
        let mut knights = 0;
        let mut bishop_colours = 0u8;
        for c in 0..4u8 {
            let mut heavy = false;
            self.occ[usize::from(c)].for_each(|s| match kind_of(self.at(s)) {
                PAWN | ROOK | QUEEN => heavy = true,
                KNIGHT_K => {
                    minors += 1;
                    knights += 1;
                }
                BISHOP => {
                    minors += 1;
                    let (x, y) = (crate::geometry::file_of(s), crate::geometry::rank_of(s));
                    bishop_colours |= 1 << ((x + y) % 2);
                }
                _ => {}
            });
            if heavy {
                return false;
            }
        }
        minors <= 1 || (knights == 0 && bishop_colours.count_ones() == 1)
    }
}
