//! bishops4p, for the multi-player search: the searching player's material and position against
//! its active opponents' — in the short game what they have lost beside what I have lost (each
//! opponent's pieces count in full), in the long game against their average. Terms: classical piece values on the 12×12 board,
//! pawns by the steps left to their promotion line (B4-8), pieces in the central zone (c3–j10),
//! a king in a corner block while its bishops live (immune, B4-14), checks given to the left
//! neighbour (the only king one may mate, B4-3), checks suffered, and checks among the
//! opponents (the first mate by anyone ends the short game, B4-20), and the pressure of each
//! player's pieces on the king it may mate (B4-13): mine on my left neighbour's, my right
//! neighbour's on mine, and (short game) every opponent's on its own left neighbour's.

use super::params::{self, Active, EvalTerms, Features, Score, Sink, weight_table};
use crate::{MoveFacts, SearchGame, SearchSettings};
use bishops4p::{Bishops, Move, MoveKind, Phase, Piece};
use std::cell::Cell;
use variant_core::{Game, Seat};

weight_table! {
    /// Material, by `Piece as usize`.
    VALUE "value" 6,
    /// A pawn by its steps left (0 … 10).
    PAWN_STEPS "pawn-steps" 11,
    /// A knight or bishop in the central zone.
    CENTRAL_MINOR "central-minor" 1,
    /// A queen in the central zone.
    CENTRAL_QUEEN "central-queen" 1,
    /// A king in a corner block with its bishops alive.
    KING_IN_BLOCK "king-in-block" 1,
    /// A player in check.
    IN_CHECK "in-check" 1,
    /// My left neighbour in check.
    CHECK_GIVEN "check-given" 1,
    /// Another opponent in check (short game).
    CHECK_AMONG_OTHERS "check-among-others" 1,
    /// A point of my pressure on my left neighbour's king.
    PRESSURE_MINE "pressure-mine" 1,
    /// A point of my right neighbour's pressure on my king.
    PRESSURE_AGAINST_ME "pressure-against-me" 1,
    /// A point of an opponent's pressure on its own left neighbour's king (short game).
    PRESSURE_AMONG_OTHERS "pressure-among-others" 1,
}

/// Bishops' table: crates/variant-engine/params/bishops4p.params.
pub(crate) static PARAMS: Active = Active::new(
    "bishops4p",
    2,
    SCHEMA,
    include_str!("../../params/bishops4p.params"),
);

const PAWN: i32 = 100;

/// The pieces' values for move ordering and exchanges (not the evaluation's, which are the
/// table's): fixed, so a table under test changes what is evaluated, not what is searched
/// first.
const fn value(kind: Piece) -> i32 {
    match kind {
        Piece::Pawn => PAWN,
        Piece::Knight => 300,
        Piece::Bishop => 340,
        Piece::Rook => 500,
        Piece::Queen => 950,
        Piece::King => 0,
    }
}

/// Steps a seat's pawn on (file, rank) still has to its promotion line (B4-4).
const fn pawn_steps(seat: u8, file: i32, rank: i32) -> i32 {
    match seat {
        0 => 11 - rank,
        1 => 11 - file,
        2 => rank,
        _ => file,
    }
}

/// A piece's material and position (the per-piece terms of [`survey`]) into part `seat`: its
/// value, a pawn by the steps left to its promotion line, knights, bishops and queens in the
/// central zone.
fn piece_terms(out: &mut impl Sink, seat: usize, kind: Piece, f: i32, r: i32) {
    let central = (2..10).contains(&f) && (2..10).contains(&r);
    out.add(seat, VALUE + kind as usize, 1);
    match kind {
        Piece::Pawn => {
            let steps = pawn_steps(seat as u8, f, r).clamp(0, 10);
            out.add(seat, PAWN_STEPS + steps as usize, 1);
        }
        Piece::Knight | Piece::Bishop if central => out.add(seat, CENTRAL_MINOR, 1),
        Piece::Queen if central => out.add(seat, CENTRAL_QUEEN, 1),
        _ => {}
    }
}

/// One army's score ([`survey`]) in the starting position with the weights `w`: the short
/// game's evaluation counts every player's losses from it. Kept per thread for the last table
/// it was asked for (tables live as long as the process, so their address names them).
fn army_at_start(w: &'static [i32]) -> i32 {
    thread_local! {
        static START: Cell<(usize, i32)> = const { Cell::new((0, 0)) };
    }
    let key = w.as_ptr() as usize;
    if let Some(v) = START.with(|c| {
        let (k, v) = c.get();
        (k == key).then_some(v)
    }) {
        return v;
    }
    let mut score = Score::<PARTS>::new(w);
    survey(&Bishops::default(), &mut score);
    let v = score.sums[0];
    START.with(|c| c.set((key, v)));
    v
}

/// Weight of a piece standing near an enemy king (queens count most: they mate). Fixed: the
/// table weighs the sum (`pressure-*`), so the evaluation stays linear in its weights.
fn attack_weight(kind: Piece) -> i32 {
    match kind {
        Piece::Queen => 4,
        Piece::Rook => 2,
        Piece::Bishop | Piece::Knight => 1,
        Piece::Pawn | Piece::King => 0,
    }
}

/// The parts of the evaluation's terms: each seat's score (0 … 3), the searching player's own
/// terms (4: checks and pressure), one army at the start (5, short game).
const PARTS: usize = 6;
const OWN: usize = 4;
const START_ARMY: usize = 5;

/// What the evaluation reads off the board in one pass, besides the scores.
struct Survey {
    /// `near[a]`: how close seat `a`'s pieces stand to its left neighbour's king, the one king
    /// it may mate (B4-13; a king that cannot be mated — in a corner block while its bishops
    /// live, B4-14 — counts nothing). The evaluation reads no other pair.
    near: [i32; 4],
    /// Which seats are in check.
    checked: [bool; 4],
    /// Every seat's left neighbour (colour index), `None` for a seat out of the game.
    left: [Option<usize>; 4],
}

/// Every seat's score (material and position) into parts 0 … 3, and the pressure on every
/// mateable king.
fn survey(g: &Bishops, out: &mut impl Sink) -> Survey {
    let mut mateable = [None; 4];
    let mut checked = [false; 4];
    let mut left = [None; 4];
    for s in 0..4u8 {
        let seat = Seat(s);
        let i = usize::from(s);
        if let Some((f, r)) = g.king_cell(seat) {
            if g.is_in_block(seat) && g.bishop_count(seat) > 0 {
                out.add(i, KING_IN_BLOCK, 1);
            } else {
                mateable[i] = Some((f as i32, r as i32));
            }
        }
        if g.is_in_check(seat) {
            checked[i] = true;
            out.add(i, IN_CHECK, 1);
        }
        left[i] = g.left_neighbour(seat).map(|l| l.index() & 3);
    }
    // The king each seat's pieces press on: its left neighbour's, when it can be mated.
    let target: [Option<(i32, i32)>; 4] =
        std::array::from_fn(|a| left[a].and_then(|l| mateable[l]));
    let mut near = [0i32; 4];
    g.for_each_piece(|(file, rank), seat, kind| {
        let s = seat.index() & 3;
        piece_terms(out, s, kind, file as i32, rank as i32);
        let w = attack_weight(kind);
        if w != 0
            && let Some((kf, kr)) = target[s]
        {
            let d = (file as i32 - kf).abs().max((rank as i32 - kr).abs());
            near[s] += w * (4 - d).max(0);
        }
    });
    Survey {
        near,
        checked,
        left,
    }
}

/// How the parts make the evaluation.
enum Combine {
    /// No active opponent: my score alone.
    Alone(usize),
    /// My score and terms less every opponent's score, plus the armies they lost.
    Short(usize, Opponents),
    /// My score and terms less the opponents' average (integer division).
    Long(usize, Opponents),
}

/// The active opponents: up to three seats, without an allocation at every node.
struct Opponents {
    seats: [usize; 3],
    n: usize,
}

impl Opponents {
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.seats[..self.n].iter().copied()
    }

    fn len(&self) -> usize {
        self.n
    }
}

/// The terms of the evaluation for `seat` into `out` ([`PARTS`]), and how to combine them.
fn terms(g: &Bishops, seat: Seat, out: &mut impl Sink) -> Combine {
    let Survey {
        near,
        checked,
        left: lefts,
    } = survey(g, out);
    let me = seat.index() & 3;
    let mut opponents = Opponents {
        seats: [0; 3],
        n: 0,
    };
    for s in (0..4u8).filter(|&s| usize::from(s) != me && g.is_active(Seat(s))) {
        if let Some(slot) = opponents.seats.get_mut(opponents.n) {
            *slot = usize::from(s);
            opponents.n += 1;
        }
    }
    if opponents.n == 0 {
        return Combine::Alone(me);
    }
    let short = g.phase() == Phase::Short;
    let left = lefts[me];
    for s in opponents.iter() {
        if checked[s] && left == Some(s) {
            out.add(OWN, CHECK_GIVEN, 1);
        } else if checked[s] && short {
            // The short game ends at the first mate, whoever gives it (B4-20): a check
            // between two opponents is a step towards losing.
            out.add(OWN, CHECK_AMONG_OTHERS, 1);
        }
        match lefts[s] {
            // The one opponent that may mate me (B4-13): its pieces near my king.
            Some(l) if l == me => out.add(OWN, PRESSURE_AGAINST_ME, near[s]),
            // An opponent closing in on its own left neighbour: in the short game that
            // mate ends the game and I lose with everybody else (B4-20).
            Some(_) if short => out.add(OWN, PRESSURE_AMONG_OTHERS, near[s]),
            _ => {}
        }
    }
    // My pieces near the one king I may mate (B4-13).
    if left.is_some() {
        out.add(OWN, PRESSURE_MINE, near[me]);
    }
    if short {
        // Every opponent's army counts in full: what the others have lost since the start
        // less what I have lost. Against their average, an opponent's piece worth X given
        // for mine worth Y changed my score by X/3 − Y, and the opponents, who minimise it
        // as one team in Best-Reply Search, would give a queen for a rook; the deeper the
        // search, the more such trades it found against me (docs/engine.md, seventh pass).
        Combine::Short(me, opponents)
    } else {
        Combine::Long(me, opponents)
    }
}

/// The evaluation for `seat` with the weights `w` (flat, in the table's order).
fn evaluate_with(g: &Bishops, seat: Seat, w: &'static [i32]) -> i32 {
    let mut score = Score::<PARTS>::new(w);
    let combine = terms(g, seat, &mut score);
    let s = &score.sums;
    match combine {
        Combine::Alone(me) => s[me],
        Combine::Short(me, opponents) => {
            let theirs: i32 = opponents.iter().map(|o| s[o]).sum();
            s[me] + s[OWN] - theirs + (opponents.len() as i32 - 1) * army_at_start(w)
        }
        Combine::Long(me, opponents) => {
            let theirs: i32 = opponents.iter().map(|o| s[o]).sum();
            s[me] + s[OWN] - theirs / opponents.len() as i32
        }
    }
}

/// A sink that passes on the terms of one part only, into another.
struct OnePart<'a, S> {
    inner: &'a mut S,
    from: usize,
    to: usize,
}

impl<S: Sink> Sink for OnePart<'_, S> {
    fn add(&mut self, part: usize, index: usize, count: i32) {
        if part == self.from {
            self.inner.add(self.to, index, count);
        }
    }
}

/// The long game's average of the opponents is an integer division: `weights · features`
/// differs from the evaluation by less than 1 there (docs/engine.md, "Evaluation features").
impl EvalTerms for Bishops {
    const PARAMS_GAME: &'static str = "bishops4p";

    fn features(&self, seat: Seat) -> Vec<f32> {
        let mut f = Features::<PARTS>::new(params::names(Self::PARAMS_GAME).len());
        let combine = terms(self, seat, &mut f);
        let mut c = [0.0f32; PARTS];
        match combine {
            Combine::Alone(me) => c[me] = 1.0,
            Combine::Short(me, opponents) => {
                let mut start = OnePart {
                    inner: &mut f,
                    from: 0,
                    to: START_ARMY,
                };
                survey(&Bishops::default(), &mut start);
                for o in opponents.iter() {
                    c[o] = -1.0;
                }
                c[me] = 1.0;
                c[OWN] = 1.0;
                c[START_ARMY] = opponents.len() as f32 - 1.0;
            }
            Combine::Long(me, opponents) => {
                for o in opponents.iter() {
                    c[o] = -1.0 / opponents.len() as f32;
                }
                c[me] = 1.0;
                c[OWN] = 1.0;
            }
        }
        f.combine(c)
    }
}

impl SearchGame for Bishops {
    fn move_facts(&self, mv: Move) -> MoveFacts {
        let (mover, target) = self.move_pieces(mv);
        let captured = match (mv.kind(), target) {
            (MoveKind::Placement | MoveKind::Castle | MoveKind::Pass, _) => 0,
            (MoveKind::EnPassant, _) => PAWN,
            (_, Some((_, kind))) => value(kind),
            (_, None) => 0,
        };
        let mut promotion = false;
        if let Some((seat, Piece::Pawn)) = mover
            && let Some((f, r)) = mv.to()
        {
            promotion = pawn_steps(seat.0, f as i32, r as i32) == 0;
        }
        MoveFacts {
            captured,
            mover: mover.map_or(0, |(_, k)| value(k)),
            promotion,
        }
    }

    fn evaluate(&self, seat: Seat) -> i32 {
        evaluate_with(self, seat, PARAMS.get())
    }

    /// A pass (B4-15's, whether or not the rules allow it here): Best-Reply Search's
    /// quiescence lets an opponent stand aside for the next one.
    fn stand_aside(&self) -> Option<Self> {
        self.passed()
    }

    /// A rough exchange (short game): a move into a cell that another colour attacks loses the
    /// moving piece. The search asks only for captures by a piece worth more than its victim,
    /// so it orders a queen's capture of a guarded pawn after the quiet moves and leaves it
    /// out of quiescence — and out of the free move of an opponent that does not reply.
    fn exchange_value(&self, mv: Move) -> Option<i32> {
        if self.phase() != Phase::Short {
            return None;
        }
        let facts = self.move_facts(mv);
        Some(
            facts.captured
                - if self.lands_attacked(mv) {
                    facts.mover
                } else {
                    0
                },
        )
    }

    fn nnue_layout(&self) -> Option<crate::nnue::Layout> {
        // Seat p's army is White's turned p quarter turns clockwise (B4-4): turning the board
        // back as often shows every seat its army at the bottom, as the page does.
        Some(crate::nnue::Layout::new("bishops4p", [1, 12, 12], 6, 4, |seat, [b, r, f]| {
            let (mut x, mut y) = (f, r);
            for _ in 0..seat {
                (x, y) = (11 - y, x);
            }
            [b, y, x]
        }))
    }

    fn nnue_codes(&self, codes: &mut [u8]) {
        codes.fill(0);
        self.for_each_piece(|(file, rank), seat, piece| {
            // Kinds in the picture's order: K, Q, R, B, N, P.
            let kind = match piece {
                Piece::King => 0,
                Piece::Queen => 1,
                Piece::Rook => 2,
                Piece::Bishop => 3,
                Piece::Knight => 4,
                Piece::Pawn => 5,
            };
            if let Some(c) = codes.get_mut(rank * 12 + file) {
                *c = (1 + seat.index() * 6 + kind) as u8;
            }
        });
    }

    fn must_not_stand_pat(&self) -> bool {
        self.is_in_check(self.side_to_move())
    }

    /// The short game (B4-20) uses Best-Reply Search, the long game (B4-21) paranoid search:
    /// in matches against `greedy` players BRS plays the short game better and the long one
    /// worse, with more games drawn by the 50-move claim (the scores:
    /// docs/notes/2026-12-engine-history.md, Best-Reply Search).
    fn settings(&self) -> SearchSettings {
        SearchSettings {
            best_reply_search: self.phase() == Phase::Short,
            ..SearchSettings::default()
        }
    }

    /// Every move that ends the game or puts a player out checks the mover's left neighbour
    /// (B4-13, B4-20, B4-21, B4-22), so only those are tried: at the horizon this replaced
    /// playing every move (docs/engine.md).
    fn find_game_ending<R>(
        &self,
        moves: &[Move],
        try_move: impl FnMut(Move) -> Option<R>,
    ) -> Option<R> {
        let test = self.left_neighbour_checks();
        moves
            .iter()
            .copied()
            .filter(|&mv| test.gives_check(mv))
            .find_map(try_move)
    }

    fn is_out(&self, seat: Seat) -> bool {
        // `eliminated_seats` without its list (asked at every node): not active, and not
        // Grey of the three-player game, who never took part (B4-23).
        seat.0 < 4 && !self.is_active(seat) && !(seat == Seat(1) && self.config().players == 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's rows are indexed by `kind as usize`: the kinds in that order.
    #[test]
    fn kinds_in_discriminant_order() {
        let kinds = [
            Piece::Pawn,
            Piece::Knight,
            Piece::Bishop,
            Piece::Rook,
            Piece::Queen,
            Piece::King,
        ];
        for (i, &kind) in kinds.iter().enumerate() {
            assert_eq!(kind as usize, i);
        }
    }

    /// One piece's score with the default table.
    fn piece_score(seat: usize, kind: Piece, f: i32, r: i32) -> i32 {
        let mut score = Score::<PARTS>::new(PARAMS.get());
        piece_terms(&mut score, seat, kind, f, r);
        score.sums[seat]
    }

    /// Spot checks against the rules: a White pawn on its start rank 2 (B4-4) has ten steps
    /// to rank 12 (B4-8) and earns nothing; one step from promotion it earns 9² / 2 = 40; a knight
    /// in the central zone c3–j10 earns 15, in a corner nothing.
    #[test]
    fn piece_scores_spot_checks() {
        assert_eq!(piece_score(0, Piece::Pawn, 4, 1), 100);
        assert_eq!(piece_score(0, Piece::Pawn, 4, 10), 100 + 40);
        assert_eq!(piece_score(2, Piece::Knight, 5, 5), 315);
        assert_eq!(piece_score(3, Piece::Knight, 0, 0), 300);
    }

    /// Kings a6 (Grey), f12 (Black), l6 (Pink), g1 (White), with or without White's rook c1
    /// and Grey's rook a9 — neither rook near a king it could press on (B4-13), none giving
    /// check, a rook's score its value (500) wherever it stands.
    fn with_rooks(white: bool, grey: bool, mode: &str) -> Bishops {
        let rank9 = if grey { "gR,11" } else { "12" };
        let rank1 = if white { "2,wR,3,wK,5" } else { "6,wK,5" };
        let text = format!(
            "5,bK,6/12/12/{rank9}/12/12/gK,10,pK/12/12/12/12/{rank1} w wgbp \
             w:-,g:-,b:-,p:- - 0 0 {mode} -"
        );
        Bishops::from_text(&bishops4p::BishopsConfig::default(), &text).expect("a legal position")
    }

    /// Short game: an opponent's rook counts as much as mine, so a rook for a rook leaves my
    /// score unchanged; the long game keeps the opponents' average (a third of their rook).
    #[test]
    fn every_opponents_army_counts_in_full_in_the_short_game() {
        let white = Seat(0);
        let eval = |w, g, mode| with_rooks(w, g, mode).evaluate(white);
        let both = eval(true, true, "short");
        assert_eq!(eval(false, true, "short"), both - 500);
        assert_eq!(eval(true, false, "short"), both + 500);
        assert_eq!(eval(false, false, "short"), both);
        let both = eval(true, true, "long");
        assert_eq!(eval(false, true, "long"), both - 500);
        assert_eq!(eval(true, false, "long"), both + 500 / 3);
    }

    /// The four armies of the start are alike (B4-4), so the short game's start scores 0 for
    /// every seat: nobody has lost anything.
    #[test]
    fn the_start_scores_zero() {
        let start = Bishops::default();
        for s in 0..4 {
            assert_eq!(start.evaluate(Seat(s)), 0, "seat {s}");
        }
    }
}
