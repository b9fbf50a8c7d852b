//! bishops4p, for the multi-player search: the searching player's material and position against
//! its active opponents' — in the short game what they have lost beside what I have lost (each
//! opponent's pieces count in full), in the long game against their average. Terms: classical piece values on the 12×12 board,
//! pawns by the steps left to their promotion line (B4-8), pieces in the central zone (c3–j10),
//! a king in a corner block while its bishops live (immune, B4-14), checks given to the left
//! neighbour (the only king one may mate, B4-3), checks suffered, and checks among the
//! opponents (the first mate by anyone ends the short game, B4-20), and the pressure of each
//! player's pieces on the king it may mate (B4-13): mine on my left neighbour's, my right
//! neighbour's on mine, and (short game) every opponent's on its own left neighbour's.

use crate::{MoveFacts, SearchGame, SearchSettings};
use bishops4p::{Bishops, Move, MoveKind, Phase, Piece};
use variant_core::{Game, Seat};

const PAWN: i32 = 100;
/// Per point of `Survey::near` of my pieces around my left neighbour's king.
const PRESSURE_MINE: i32 = 3;
/// Per point of my right neighbour's pieces around my king.
const PRESSURE_AGAINST_ME: i32 = 3;
/// Per point of an opponent's pieces around its own left neighbour's king (short game).
const PRESSURE_AMONG_OTHERS: i32 = 2;

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

/// A piece's material and position (the per-piece terms of [`survey`]): its value, a pawn by
/// the steps left to its promotion line, knights, bishops and queens in the central zone.
const fn piece_score(seat: u8, kind: Piece, f: i32, r: i32) -> i32 {
    let central = 2 <= f && f < 10 && 2 <= r && r < 10;
    value(kind)
        + match kind {
            Piece::Pawn => {
                let mut steps = pawn_steps(seat, f, r);
                if steps < 0 {
                    steps = 0;
                }
                let left = if steps > 10 { 0 } else { 10 - steps };
                left * left / 2
            }
            Piece::Knight | Piece::Bishop if central => 15,
            Piece::Queen if central => 5,
            _ => 0,
        }
}

/// The piece kinds in the order of their discriminants (`kind as usize`).
const KINDS: [Piece; 6] = [
    Piece::Pawn,
    Piece::Knight,
    Piece::Bishop,
    Piece::Rook,
    Piece::Queen,
    Piece::King,
];

/// [`piece_score`] by seat, kind and cell (rank * 12 + file), computed at compile time: the
/// evaluation reads one number per piece.
static PIECE_SCORES: [[[i32; 144]; 6]; 4] = piece_scores();

const fn piece_scores() -> [[[i32; 144]; 6]; 4] {
    let mut t = [[[0; 144]; 6]; 4];
    let mut seat = 0;
    while seat < 4 {
        let mut k = 0;
        while k < 6 {
            let mut cell = 0;
            while cell < 144 {
                let (f, r) = ((cell % 12) as i32, (cell / 12) as i32);
                t[seat][k][cell] = piece_score(seat as u8, KINDS[k], f, r);
                cell += 1;
            }
            k += 1;
        }
        seat += 1;
    }
    t
}

/// One army's score ([`survey`]) in the starting position: the short game's evaluation counts
/// every player's losses from it.
fn army_at_start() -> i32 {
    static START: std::sync::OnceLock<i32> = std::sync::OnceLock::new();
    *START.get_or_init(|| survey(&Bishops::default()).score[0])
}

/// Weight of a piece standing near an enemy king (queens count most: they mate).
fn attack_weight(kind: Piece) -> i32 {
    match kind {
        Piece::Queen => 4,
        Piece::Rook => 2,
        Piece::Bishop | Piece::Knight => 1,
        Piece::Pawn | Piece::King => 0,
    }
}

/// What the evaluation reads off the board in one pass.
struct Survey {
    /// Every seat's material and position.
    score: [i32; 4],
    /// `near[a]`: how close seat `a`'s pieces stand to its left neighbour's king, the one king
    /// it may mate (B4-13; a king that cannot be mated — in a corner block while its bishops
    /// live, B4-14 — counts nothing). The evaluation reads no other pair.
    near: [i32; 4],
    /// Which seats are in check.
    checked: [bool; 4],
    /// Every seat's left neighbour (colour index), `None` for a seat out of the game.
    left: [Option<usize>; 4],
}

/// Every seat's score (material and position) and the pressure on every mateable king.
fn survey(g: &Bishops) -> Survey {
    let mut score = [0i32; 4];
    let mut mateable = [None; 4];
    let mut checked = [false; 4];
    let mut left = [None; 4];
    for s in 0..4u8 {
        let seat = Seat(s);
        let i = usize::from(s);
        if let Some((f, r)) = g.king_cell(seat) {
            if g.is_in_block(seat) && g.bishop_count(seat) > 0 {
                score[i] += 40;
            } else {
                mateable[i] = Some((f as i32, r as i32));
            }
        }
        if g.is_in_check(seat) {
            checked[i] = true;
            score[i] -= 30;
        }
        left[i] = g.left_neighbour(seat).map(|l| l.index() & 3);
    }
    // The king each seat's pieces press on: its left neighbour's, when it can be mated.
    let target: [Option<(i32, i32)>; 4] =
        std::array::from_fn(|a| left[a].and_then(|l| mateable[l]));
    let mut near = [0i32; 4];
    g.for_each_piece(|(file, rank), seat, kind| {
        let s = seat.index() & 3;
        score[s] += PIECE_SCORES[s][kind as usize][(rank * 12 + file) % 144];
        let w = attack_weight(kind);
        if w != 0
            && let Some((kf, kr)) = target[s]
        {
            let d = (file as i32 - kf).abs().max((rank as i32 - kr).abs());
            near[s] += w * (4 - d).max(0);
        }
    });
    Survey {
        score,
        near,
        checked,
        left,
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
        let Survey {
            score,
            near,
            checked,
            left: lefts,
        } = survey(self);
        let me = seat.index() & 3;
        let mut opponents = [0usize; 3];
        let mut n = 0;
        for s in (0..4u8).filter(|&s| usize::from(s) != me && self.is_active(Seat(s))) {
            opponents[n] = usize::from(s);
            n += 1;
        }
        let opponents = &opponents[..n];
        if opponents.is_empty() {
            return score[me];
        }
        let short = self.phase() == Phase::Short;
        let mut mine = score[me];
        let left = lefts[me];
        for &s in opponents {
            if checked[s] && left == Some(s) {
                mine += 25;
            } else if checked[s] && short {
                // The short game ends at the first mate, whoever gives it (B4-20): a check
                // between two opponents is a step towards losing.
                mine -= 40;
            }
            match lefts[s] {
                // The one opponent that may mate me (B4-13): its pieces near my king.
                Some(l) if l == me => mine -= PRESSURE_AGAINST_ME * near[s],
                // An opponent closing in on its own left neighbour: in the short game that
                // mate ends the game and I lose with everybody else (B4-20).
                Some(_) if short => mine -= PRESSURE_AMONG_OTHERS * near[s],
                _ => {}
            }
        }
        // My pieces near the one king I may mate (B4-13).
        if left.is_some() {
            mine += PRESSURE_MINE * near[me];
        }
        let theirs: i32 = opponents.iter().map(|&s| score[s]).sum();
        if short {
            // Every opponent's army counts in full: what the others have lost since the start
            // less what I have lost. Against their average, an opponent's piece worth X given
            // for mine worth Y changed my score by X/3 − Y, and the opponents, who minimise it
            // as one team in Best-Reply Search, would give a queen for a rook; the deeper the
            // search, the more such trades it found against me (docs/engine.md, seventh pass).
            return mine - theirs + (opponents.len() as i32 - 1) * army_at_start();
        }
        mine - theirs / opponents.len() as i32
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

    /// The table is indexed by `kind as usize`: `KINDS` must list the kinds in that order.
    #[test]
    fn kinds_in_discriminant_order() {
        for (i, &kind) in KINDS.iter().enumerate() {
            assert_eq!(kind as usize, i);
        }
    }

    /// Spot checks against the rules: a White pawn on its start rank 2 (B4-4) has ten steps
    /// to rank 12 (B4-8) and earns nothing; one step from promotion it earns 9² / 2 = 40; a knight
    /// in the central zone c3–j10 earns 15, in a corner nothing.
    #[test]
    fn piece_scores_spot_checks() {
        assert_eq!(PIECE_SCORES[0][Piece::Pawn as usize][12 + 4], 100);
        assert_eq!(PIECE_SCORES[0][Piece::Pawn as usize][10 * 12 + 4], 100 + 40);
        assert_eq!(PIECE_SCORES[2][Piece::Knight as usize][5 * 12 + 5], 315);
        assert_eq!(PIECE_SCORES[3][Piece::Knight as usize][0], 300);
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
