//! bishops4p, for the multi-player search: the searching player's material and position against
//! the average of its active opponents. Terms: classical piece values on the 12×12 board,
//! pawns by the steps left to their promotion line (B4-8), pieces in the central zone (c3–j10),
//! a king in a corner block while its bishops live (immune, B4-14), checks given to the left
//! neighbour (the only king one may mate, B4-3), checks suffered, and checks among the
//! opponents (the first mate by anyone ends the short game, B4-20).

use crate::{MoveFacts, SearchGame};
use bishops4p::{Bishops, Move, MoveKind, Phase, PieceKind};
use variant_core::{Game, Seat};

const PAWN: i32 = 100;

fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => PAWN,
        PieceKind::Knight => 300,
        PieceKind::Bishop => 340,
        PieceKind::Rook => 500,
        PieceKind::Queen => 950,
        PieceKind::King => 0,
    }
}

/// Steps a seat's pawn on (file, rank) still has to its promotion line (B4-4).
fn pawn_steps(seat: u8, file: i32, rank: i32) -> i32 {
    match seat {
        0 => 11 - rank,
        1 => 11 - file,
        2 => rank,
        _ => file,
    }
}

fn in_block(file: i32, rank: i32) -> bool {
    !(2..=9).contains(&file) && !(2..=9).contains(&rank)
}

/// Every seat's score (material and position).
fn seat_scores(g: &Bishops) -> [i32; 4] {
    let mut score = [0i32; 4];
    let mut bishops = [0; 4];
    let mut kings = [None; 4];
    for rank in 0..12 {
        for file in 0..12 {
            let Some((seat, kind)) = g.piece_at(file, rank) else {
                continue;
            };
            let s = seat.index() & 3;
            let (f, r) = (file as i32, rank as i32);
            let central = (2..10).contains(&f) && (2..10).contains(&r);
            score[s] += value(kind);
            score[s] += match kind {
                PieceKind::Pawn => {
                    let steps = pawn_steps(s as u8, f, r).clamp(0, 11);
                    (10 - steps).max(0) * (10 - steps).max(0) / 2
                }
                PieceKind::Knight | PieceKind::Bishop if central => 15,
                PieceKind::Queen if central => 5,
                _ => 0,
            };
            if kind == PieceKind::Bishop {
                bishops[s] += 1;
            }
            if kind == PieceKind::King {
                kings[s] = Some((f, r));
            }
        }
    }
    for s in 0..4u8 {
        let seat = Seat(s);
        if let Some((f, r)) = kings[usize::from(s)]
            && in_block(f, r)
            && bishops[usize::from(s)] > 0
        {
            score[usize::from(s)] += 40;
        }
        if g.is_in_check(seat) {
            score[usize::from(s)] -= 30;
        }
    }
    score
}

impl SearchGame for Bishops {
    fn move_facts(&self, mv: Move) -> MoveFacts {
        let at = |c: Option<(usize, usize)>| c.and_then(|(f, r)| self.piece_at(f, r));
        let mover = at(mv.from());
        let captured = match (mv.kind(), at(mv.to())) {
            (MoveKind::Placement | MoveKind::Castle | MoveKind::Pass, _) => 0,
            (MoveKind::EnPassant, _) => PAWN,
            (_, Some((_, kind))) => value(kind),
            (_, None) => 0,
        };
        let mut promotion = false;
        if let (Some((seat, PieceKind::Pawn)), Some((f, r))) = (mover, mv.to()) {
            promotion = pawn_steps(seat.0, f as i32, r as i32) == 0;
        }
        MoveFacts {
            captured,
            mover: mover.map_or(0, |(_, k)| value(k)),
            promotion,
        }
    }

    fn evaluate(&self, seat: Seat) -> i32 {
        let scores = seat_scores(self);
        let me = seat.index() & 3;
        let opponents: Vec<usize> = self
            .active_seats()
            .into_iter()
            .map(|s| s.index() & 3)
            .filter(|&s| s != me)
            .collect();
        if opponents.is_empty() {
            return scores[me];
        }
        let mut mine = scores[me];
        let left = self.left_neighbour(seat);
        for &s in &opponents {
            let checked = self.is_in_check(Seat(s as u8));
            if checked && left == Some(Seat(s as u8)) {
                mine += 25;
            } else if checked {
                // The short game ends at the first mate, whoever gives it (B4-20): a check
                // between two opponents is a step towards losing.
                mine -= 40;
            }
        }
        let theirs: i32 = opponents.iter().map(|&s| scores[s]).sum();
        mine - theirs / opponents.len() as i32
    }

    fn must_not_stand_pat(&self) -> bool {
        self.is_in_check(self.side_to_move())
    }

    /// The short game (B4-20) uses Best-Reply Search, the long game (B4-21) paranoid search:
    /// measured with `variants match`, BRS gained in the short game (68.5 % → 75.5 % against
    /// three `greedy`, 88 % → 92.7 % with three players) and lost in the long one
    /// (74.5 % → 58 %, more games drawn by the 50-move claim).
    fn best_reply_search(&self) -> bool {
        self.phase() == Phase::Short
    }

    fn is_out(&self, seat: Seat) -> bool {
        self.eliminated_seats().contains(&seat)
    }
}
