//! The [`Game`] implementation: the contract the facade, CLI and C API use.

use crate::config::ChessTConfig;
use crate::movegen::{Count, List};
use crate::moves::{Move, parse_syntax};
use crate::piece::Piece;
use crate::position::ChessT;
use crate::tables::{CASTLE, CASTLES};
use crate::{Cell, NAME};
use variant_core::{
    ConfigError, DrawReason, Game, MoveError, MoveList, PositionError, RepetitionRules, Seat,
    Status, WinReason,
};

/// An upper bound of the legal moves of any position: at most 16 pieces, none with more than
/// 24 destinations (a long-jumping Connet), plus the extra choices of promotions (at most 4 per
/// destination of a Ver Knecht) and of CT-43.
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
///
/// assert!(ChessT::default().legal_moves().len() <= chess_t::MAX_MOVES);
/// ```
pub const MAX_MOVES: usize = 512;

/// Plies without a capture or exchange after which a draw may be claimed (CT-36: 40 moves of
/// each side).
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
///
/// // CT-36: a claim after 40 moves of each side without a capture.
/// let text = "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 80 41";
/// let game = ChessT::from_text(&ChessTConfig::default(), text).unwrap();
/// assert_eq!(game.halfmove_clock(), chess_t::DRAW_PLIES);
/// assert!(game.claimable_draw().is_some());
/// assert!(ChessT::default().claimable_draw().is_none());
/// ```
pub const DRAW_PLIES: u32 = 80;

impl Game for ChessT {
    type Config = ChessTConfig;
    type Move = Move;
    type MoveList = MoveList<Move, MAX_MOVES>;

    const NAME: &'static str = NAME;

    fn new(config: &ChessTConfig) -> Result<Self, ConfigError> {
        ChessT::start(config)
    }

    fn config(&self) -> &ChessTConfig {
        &self.config
    }

    fn from_text(config: &ChessTConfig, text: &str) -> Result<Self, PositionError> {
        ChessT::parse_position(config, text)
    }

    fn to_text(&self) -> String {
        self.text()
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        match seat.0 {
            0 => "white",
            1 => "black",
            _ => "none",
        }
    }

    #[inline]
    fn side_to_move(&self) -> Seat {
        Seat(self.stm)
    }

    #[inline]
    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        moves.clear();
        self.generate(&mut List(moves));
    }

    #[inline]
    fn generate_moves<S: variant_core::MoveSink<Move>>(&self, sink: &mut S) {
        self.generate(&mut List(sink));
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        let mut count = Count(0);
        self.generate(&mut count);
        count.0
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.make(mv);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let parsed = parse_syntax(text).map_err(|reason| MoveError::malformed(text, reason))?;
        let mut moves = Self::MoveList::default();
        self.legal_moves_into(&mut moves);
        let wanted = Move::new(parsed.from, parsed.to, parsed.choice);
        if moves.contains(&wanted) {
            return Ok(wanted);
        }
        let same_cells: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.from() == parsed.from && m.to() == parsed.to)
            .collect();
        let canonical = wanted.to_string();
        if !same_cells.is_empty() {
            let names: Vec<String> = same_cells.iter().map(|m| m.to_string()).collect();
            let reason = match parsed.choice {
                None => format!("choose the piece: {}", names.join(", ")),
                Some(_) => format!("the legal forms are {}", names.join(", ")),
            };
            return Err(MoveError::illegal(&canonical, reason));
        }
        Err(MoveError::illegal(
            &canonical,
            self.why_illegal(parsed.from, parsed.to),
        ))
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn status(&self) -> Status {
        if let Some((winner, reason)) = self.decided() {
            return Status::Win {
                winner: Seat(winner as u8),
                reason,
            };
        }
        if self.count_legal_moves() == 0 {
            // CT-35: blockade.
            return Status::Win {
                winner: Seat(1 - self.stm),
                reason: WinReason::NoLegalMoves,
            };
        }
        Status::Ongoing
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn recompute_zobrist(&self) -> u64 {
        self.compute_hash()
    }

    /// The board with castle and impregnable cells marked and every cell's displayed strength
    /// sums (CT-10) as its note, `white:black` in half-units.
    fn board_view(&self) -> Option<variant_core::BoardView> {
        Some(self.view())
    }

    /// Placement, side to move and both Prince→Connet rights (CT-36); the hash holds exactly
    /// these.
    fn repetition_key(&self) -> u64 {
        self.hash
    }

    fn repetition_rules(&self) -> RepetitionRules {
        RepetitionRules {
            claim: Some(3),
            automatic: None,
        }
    }

    fn claimable_draw(&self) -> Option<DrawReason> {
        (self.halfmove >= DRAW_PLIES).then_some(DrawReason::MoveRule)
    }
}

impl ChessT {
    /// Whether `seat`'s King is "in check" (CT-13, a warning only): the opponent, were it to
    /// move now, would have a legal move capturing it or exchanging it.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_t::prelude::*;
    /// // CT-13: no King is in check at the start.
    /// let game = ChessT::default();
    /// assert!(!game.is_in_check(Seat(0)) && !game.is_in_check(Seat(1)));
    /// ```
    pub fn is_in_check(&self, seat: Seat) -> bool {
        let side = seat.index() & 1;
        let king = self.pieces[side][Piece::King as usize];
        if king == 0 {
            return false;
        }
        let mut other = self.clone();
        other.stm = 1 - side as u8;
        let mut moves = MoveList::<Move, MAX_MOVES>::default();
        other.legal_moves_into(&mut moves);
        moves.iter().any(|m| (1u64 << m.to_sq()) & king != 0)
    }

    /// Why no legal move goes from `from` to `to` (for error messages).
    fn why_illegal(&self, from: Cell, to: Cell) -> String {
        if let Some((winner, reason)) = self.decided() {
            return format!(
                "the game is over: {} won ({reason})",
                self.seat_name(Seat(winner as u8))
            );
        }
        let Some((seat, piece)) = self.piece_at(from) else {
            return format!("there is no piece on {from}");
        };
        if seat.0 != self.stm {
            return format!(
                "the {piece} on {from} is {}'s; {} is to move",
                self.seat_name(seat),
                self.seat_name(Seat(self.stm))
            );
        }
        let s = seat.index();
        let e = 1 - s;
        let target = self.piece_at(to);
        if let Some((ts, tp)) = target
            && ts == seat
        {
            return format!("{to} holds {}'s own {tp}", self.seat_name(seat));
        }
        if self.config.impregnable(e) & to.bit() != 0 {
            return format!("{to} is an impregnable field of the opponent (CT-44)");
        }
        let occ = self.occ[0] | self.occ[1];
        let reach = if piece == Piece::Scout {
            crate::tables::LEAP[from.index() as usize]
        } else {
            crate::projection::projection(
                piece as usize,
                s,
                from.index() as usize,
                occ,
                self.config.impregnable(e),
                self.config.long_jumpers,
            )
        };
        if reach & to.bit() == 0 {
            return format!("the {piece} on {from} cannot reach {to} (CT-4)");
        }
        if piece == Piece::Scout {
            if CASTLES & to.bit() != 0 {
                return "a Scout never moves onto a castle cell; it may only exchange an enemy piece there (CT-12)".to_string();
            }
            return "not a legal move".to_string();
        }
        if !piece.is_royal() && CASTLES & to.bit() != 0 {
            return format!("{to} is a castle cell; only royal pieces may enter (CT-20)");
        }
        if target.is_some() {
            let field = self.capture_strength();
            let (w, b) = field.get(to);
            let (mine, theirs) = if s == 0 { (w, b) } else { (b, w) };
            if mine <= theirs {
                return format!(
                    "a capture needs strict superiority (CT-11): on {to} {} has {mine}, {} has {theirs} (half-units)",
                    self.seat_name(seat),
                    self.seat_name(Seat(e as u8))
                );
            }
        }
        let home = self.royal(s) & CASTLE[s];
        if from.bit() & home != 0
            && to.bit() & CASTLE[s] == 0
            && home.count_ones() == 1
            && self.royal(e) & CASTLE[s] != 0
        {
            return format!(
                "the {piece} on {from} is the castle's last royal defender under royal attack (CT-21)"
            );
        }
        if self.config.guarded_castle && piece.is_royal() && to.bit() & CASTLE[e] != 0 {
            return format!(
                "{to} is an enemy castle cell the enemy holds with superiority and a royal piece (CT-42)"
            );
        }
        if piece == Piece::VerKnecht {
            return "no promotion is available there (CT-31: edition, or 3 Princes / 3 Connets)"
                .to_string();
        }
        "not a legal move".to_string()
    }
}
