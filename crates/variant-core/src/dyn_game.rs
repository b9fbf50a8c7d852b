//! The object-safe face of every game: string moves, chosen at run time by name.

use crate::{DrawReason, Ending, Error, Game, GameConfig, History, Seat, Status, perft};

/// A game position behind a trait object, with moves as canonical text. Blanket-implemented
/// for every [`Game`]; the facade's registry builds one from a game name and a configuration.
///
/// Method names differ from [`Game`]'s so that both traits can be in scope together.
pub trait DynGame: Send + Sync + std::fmt::Debug {
    /// The game's registry name.
    fn game_name(&self) -> &'static str;
    /// The configuration as `(key, value)` pairs.
    fn config_pairs(&self) -> Vec<(&'static str, String)>;
    /// One configuration value as text.
    fn config_value(&self, key: &str) -> Option<String>;
    /// The position in the game's notation.
    fn position_text(&self) -> String;
    /// How many seats the game has.
    fn seats(&self) -> usize;
    /// The name of a seat.
    fn seat_label(&self, seat: Seat) -> &'static str;
    /// The seat to move.
    fn to_move(&self) -> Seat;
    /// The legal moves in canonical notation, in generation order.
    fn legal_move_texts(&self) -> Vec<String>;
    /// The number of legal moves.
    fn legal_move_count(&self) -> u64;
    /// Plays a move given as text.
    fn play(&mut self, mv: &str) -> Result<(), Error>;
    /// The canonical form of a move text (parsed against this position).
    fn normalize_move(&self, mv: &str) -> Result<String, Error>;
    /// The state decided by the position alone.
    fn position_status(&self) -> Status;
    /// The Zobrist hash.
    fn hash(&self) -> u64;
    /// Perft with bulk counting, one thread.
    fn perft(&self, depth: u32) -> u64;
    /// Perft on `threads` threads (0 = all cores), with each root move's count;
    /// `progress(done, total)` is called as root moves finish.
    fn divide(
        &self,
        depth: u32,
        threads: usize,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<(String, u64)>;
    /// [`divide`](DynGame::divide) with [`perft::PerftOptions`] (threads, transposition table,
    /// stop flag, progress); see [`perft::divide_with`].
    ///
    /// # Errors
    ///
    /// [`perft::PerftError::Stopped`] when stopped, [`perft::PerftError::HashTooLarge`] when the
    /// table cannot be allocated.
    fn divide_with(
        &self,
        depth: u32,
        options: &perft::PerftOptions,
    ) -> Result<Vec<(String, u64)>, perft::PerftError>;
    /// [`perft`](DynGame::perft) with [`perft::PerftOptions`]; see [`perft::perft_with`].
    ///
    /// # Errors
    ///
    /// As [`divide_with`](DynGame::divide_with).
    fn perft_with(
        &self,
        depth: u32,
        options: &perft::PerftOptions,
    ) -> Result<u64, perft::PerftError>;
    /// A picture of the position (see [`Game::board_view`]).
    fn board_view(&self) -> Option<crate::BoardView>;
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// A game record starting at this position.
    fn new_history(&self) -> Box<dyn DynHistory>;
}

impl<G: Game> DynGame for G {
    fn game_name(&self) -> &'static str {
        G::NAME
    }
    fn config_pairs(&self) -> Vec<(&'static str, String)> {
        self.config().to_pairs()
    }
    fn config_value(&self, key: &str) -> Option<String> {
        self.config().get(key)
    }
    fn position_text(&self) -> String {
        Game::to_text(self)
    }
    fn seats(&self) -> usize {
        Game::seat_count(self)
    }
    fn seat_label(&self, seat: Seat) -> &'static str {
        Game::seat_name(self, seat)
    }
    fn to_move(&self) -> Seat {
        Game::side_to_move(self)
    }
    fn legal_move_texts(&self) -> Vec<String> {
        let mut list = G::MoveList::default();
        Game::legal_moves_into(self, &mut list);
        list.iter().map(|&m| self.format_move(m)).collect()
    }
    fn legal_move_count(&self) -> u64 {
        Game::count_legal_moves(self)
    }
    fn play(&mut self, mv: &str) -> Result<(), Error> {
        self.play_text(mv).map(|_| ()).map_err(Error::from)
    }
    fn normalize_move(&self, mv: &str) -> Result<String, Error> {
        let m = self.parse_move(mv)?;
        Ok(self.format_move(m))
    }
    fn position_status(&self) -> Status {
        Game::status(self)
    }
    fn hash(&self) -> u64 {
        Game::zobrist(self)
    }
    fn perft(&self, depth: u32) -> u64 {
        perft::perft(self, depth)
    }
    fn divide(
        &self,
        depth: u32,
        threads: usize,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<(String, u64)> {
        perft::divide_parallel(self, depth, threads, progress)
            .into_iter()
            .map(|(m, n)| (self.format_move(m), n))
            .collect()
    }
    fn divide_with(
        &self,
        depth: u32,
        options: &perft::PerftOptions,
    ) -> Result<Vec<(String, u64)>, perft::PerftError> {
        Ok(perft::divide_with(self, depth, options)?
            .into_iter()
            .map(|(m, n)| (self.format_move(m), n))
            .collect())
    }
    fn perft_with(
        &self,
        depth: u32,
        options: &perft::PerftOptions,
    ) -> Result<u64, perft::PerftError> {
        perft::perft_with(self, depth, options)
    }
    fn board_view(&self) -> Option<crate::BoardView> {
        Game::board_view(self)
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn new_history(&self) -> Box<dyn DynHistory> {
        Box::new(History::new(self.clone()))
    }
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A game record behind a trait object (see [`History`]).
pub trait DynHistory: Send + Sync + std::fmt::Debug {
    /// The current position.
    fn position(&self) -> &dyn DynGame;
    /// The canonical text of every action so far.
    fn action_texts(&self) -> Vec<String>;
    /// The state of the game, repetitions and game-level endings included.
    fn status(&self) -> Status;
    /// How often the current position has occurred.
    fn repetition_count(&self) -> u32;
    /// The draw that can be claimed now, if any.
    fn claimable_draw(&self) -> Option<DrawReason>;
    /// Plays a move given as text; returns its canonical text.
    fn play(&mut self, mv: &str) -> Result<String, Error>;
    /// Takes back the last action or ending.
    fn undo(&mut self) -> Result<(), Error>;
    /// Claims a draw.
    fn claim_draw(&mut self) -> Result<DrawReason, Error>;
    /// Agrees a draw.
    fn agree_draw(&mut self) -> Result<(), Error>;
    /// The seat resigns.
    fn resign(&mut self, seat: Seat) -> Result<Status, Error>;
    /// The game-level ending, if any.
    fn ending(&self) -> Option<Ending>;
    /// The record as JSON.
    fn to_json(&self) -> String;
    /// The record in the compact binary format.
    fn to_binary(&self) -> Vec<u8>;
}

impl<G: Game> DynHistory for History<G> {
    fn position(&self) -> &dyn DynGame {
        History::<G>::position(self) as &dyn DynGame
    }
    fn action_texts(&self) -> Vec<String> {
        History::action_texts(self)
    }
    fn status(&self) -> Status {
        History::status(self)
    }
    fn repetition_count(&self) -> u32 {
        History::repetition_count(self)
    }
    fn claimable_draw(&self) -> Option<DrawReason> {
        History::claimable_draw(self)
    }
    fn play(&mut self, mv: &str) -> Result<String, Error> {
        let before = History::position(self).clone();
        let m = self.play_text(mv)?;
        Ok(before.format_move(m))
    }
    fn undo(&mut self) -> Result<(), Error> {
        History::undo(self)
    }
    fn claim_draw(&mut self) -> Result<DrawReason, Error> {
        History::claim_draw(self)
    }
    fn agree_draw(&mut self) -> Result<(), Error> {
        History::agree_draw(self)
    }
    fn resign(&mut self, seat: Seat) -> Result<Status, Error> {
        History::resign(self, seat)
    }
    fn ending(&self) -> Option<Ending> {
        History::ending(self)
    }
    fn to_json(&self) -> String {
        History::to_json(self)
    }
    fn to_binary(&self) -> Vec<u8> {
        crate::binary::encode(self)
    }
}
