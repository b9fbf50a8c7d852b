//! The `variant_core::Game` implementation.

use crate::config::Checkers3dConfig;
use crate::geometry::cell_of;
use crate::moves::{Move, MoveList};
use crate::position::{Checkers3d, KING_MOVE_DRAW_PLIES};
use variant_core::grid3::Cell3;
use variant_core::{
    ConfigError, DrawReason, Game, GameConfig, MoveError, PositionError, RepetitionRules, Seat,
    Status, WinReason,
};

impl Checkers3d {
    /// Consecutive plies of quiet king moves so far (D3-21; 30 draws the game). Not part of
    /// the position text: a position read from text starts at 0.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    ///
    /// // D3-21: quiet king moves count; a man move resets the count.
    /// let config = Checkers3dConfig::with_heights(1).unwrap();
    /// let mut game = Checkers3d::from_text(&config, "W:WKa1,c3:Bh8").unwrap();
    /// game.play_text("a1-b2").unwrap();
    /// assert_eq!(game.king_move_plies(), 1);
    /// game.play_text("h8-g7").unwrap(); // a man's step
    /// assert_eq!(game.king_move_plies(), 0);
    /// ```
    pub fn king_move_plies(&self) -> u8 {
        self.king_plies
    }

    /// The current number of heights (it shrinks by height removal, D3-30).
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    ///
    /// // The rules page's D3-30 example: one long capture empties heights 6 … 2, which all go in
    /// // the same move, and the game goes on with 3 heights.
    /// let config = Checkers3dConfig::default();
    /// let text = "W:Wa1@1:Bb2@2,d4@4,f6@6,h8@8:H8:1/8";
    /// let mut game = Checkers3d::from_text(&config, text).unwrap();
    /// assert_eq!(game.heights(), 8);
    /// game.play_text("a1@1:c3@3:e5@5:g7@7").unwrap();
    /// assert_eq!(game.heights(), 3);
    /// assert_eq!(game.to_text(), "B:Wg7@2:Bh8@3:H3:1/3");
    /// ```
    pub fn heights(&self) -> u8 {
        self.heights
    }

    /// Every piece on the board as (cell, colour, is a king): seat 0 is White, seat 1 Black.
    /// A read-only view for evaluations and displays.
    ///
    /// ```
    /// use checkers3d::{Checkers3d, Checkers3dConfig};
    /// use variant_core::Game;
    ///
    /// let config = Checkers3dConfig::with_heights(1).expect("one height");
    /// let game = Checkers3d::new(&config).expect("Russian draughts");
    /// assert_eq!(game.pieces().count(), 24); // D3-3: 12 men a side
    /// assert!(game.pieces().all(|(_, _, king)| !king));
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Cell3, Seat, bool)> + '_ {
        (0..2u8).flat_map(move |side| {
            (0..self.heights).flat_map(move |z| {
                let kings = self.kings[usize::from(z)];
                // The set bits only, lowest first (an evaluation calls this at every node,
                // where testing all 32 squares of every height would weigh on the whole
                // search; docs/notes/2026-12-engine-history.md, the second pass).
                let mut men = self.pieces[usize::from(side)][usize::from(z)];
                std::iter::from_fn(move || {
                    (men != 0).then(|| {
                        let s = men.trailing_zeros() as u8;
                        men &= men - 1;
                        (cell_of(z * 32 + s), Seat(side), kings >> s & 1 != 0)
                    })
                })
            })
        })
    }
}

impl Game for Checkers3d {
    type Config = Checkers3dConfig;
    type Move = Move;
    type MoveList = MoveList;

    const NAME: &'static str = "checkers3d";

    fn new(config: &Checkers3dConfig) -> Result<Self, ConfigError> {
        config.validate()?;
        Ok(Checkers3d::start(config))
    }

    fn config(&self) -> &Checkers3dConfig {
        &self.config
    }

    fn from_text(config: &Checkers3dConfig, text: &str) -> Result<Self, PositionError> {
        Checkers3d::parse_position(config, text)
    }

    fn to_text(&self) -> String {
        self.write_text()
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
        Seat(self.side)
    }

    #[inline]
    fn legal_moves_into(&self, moves: &mut MoveList) {
        self.generate(moves);
    }

    #[inline]
    fn generate_moves<S: variant_core::MoveSink<Move>>(&self, sink: &mut S) {
        self.generate_into(sink);
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.count()
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.play(mv);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.read_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        self.move_text(mv)
    }

    /// D3-20: the side to move without a legal move loses (this takes precedence).
    /// D3-21: after 30 consecutive plies of quiet king moves the game is drawn by itself
    /// (`DrawReason::AutomaticMoveRule`). Threefold repetition is judged by `History`.
    fn status(&self) -> Status {
        if !self.has_moves() {
            return Status::Win {
                winner: Seat(1 - self.side),
                reason: WinReason::NoLegalMoves,
            };
        }
        if self.king_plies >= KING_MOVE_DRAW_PLIES {
            return Status::Draw {
                reason: DrawReason::AutomaticMoveRule,
            };
        }
        Status::Ongoing
    }

    fn zobrist(&self) -> u64 {
        self.hash ^ self.counter_key()
    }

    fn recompute_zobrist(&self) -> u64 {
        self.full_hash() ^ self.counter_key()
    }

    /// Placement, side to move and geometry: the king-move counter is left out (D3-21).
    fn repetition_key(&self) -> u64 {
        self.hash
    }

    /// D3-21: threefold repetition draws by itself.
    fn repetition_rules(&self) -> RepetitionRules {
        RepetitionRules {
            claim: None,
            automatic: Some(3),
        }
    }

    fn move_search_exceeds(&self, steps: u64) -> bool {
        self.capture_search_exceeds(steps)
    }

    fn board_view(&self) -> Option<variant_core::BoardView> {
        Some(self.view())
    }
}
