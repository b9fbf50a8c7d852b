//! What the search needs from a game beyond [`Game`]: facts about moves and an evaluation.

use variant_core::{Game, Seat};

/// A game's tuning of the search: what one game needs differently from the others, in one
/// value (see [`SearchGame::settings`]).
///
/// ```
/// use variant_engine::SearchSettings;
///
/// let plain = SearchSettings::default();
/// assert!(plain.static_pruning);
/// assert!(!plain.stand_pat_before_moves && !plain.best_reply_search);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchSettings {
    /// Whether the search may prune on the static evaluation (two players: reverse futility,
    /// futility and late move pruning). `true` by default; draughts says no: its quiet moves
    /// set up shots that the evaluation does not see (measured, docs/engine.md).
    pub static_pruning: bool,
    /// Whether quiescence may stand pat outside check before generating the moves (two
    /// players): true where a position without a legal move outside check is only a
    /// stalemate, which quiescence then misses (chess3d); false (the default) where an empty
    /// move list means more (draughts: a blocked side loses; chess-T: a captured King).
    pub stand_pat_before_moves: bool,
    /// Whether a search with more than two players uses Best-Reply Search (one opponent
    /// replies between two moves of the searching player) instead of paranoid alpha-beta (all
    /// opponents move against it); `false` by default. docs/engine.md says which game uses
    /// which, and why.
    pub best_reply_search: bool,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            static_pruning: true,
            stand_pat_before_moves: false,
            best_reply_search: false,
        }
    }
}

/// Facts about one legal move, for move ordering and quiescence.
///
/// ```
/// use variant_engine::MoveFacts;
///
/// let quiet = MoveFacts::default();
/// assert!(!quiet.is_tactical());
/// let capture = MoveFacts { captured: 900, mover: 100, ..MoveFacts::default() };
/// assert!(capture.is_tactical());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MoveFacts {
    /// Value of what the move captures (0 for none), in the evaluation's units.
    pub captured: i32,
    /// Value of the moving piece (orders captures: least valuable attacker first).
    pub mover: i32,
    /// Whether the move promotes (or otherwise transforms) a piece.
    pub promotion: bool,
}

impl MoveFacts {
    /// Whether quiescence searches this move: a capture or a promotion.
    pub fn is_tactical(&self) -> bool {
        self.captured > 0 || self.promotion
    }
}

/// A game the engine can search: [`Game`] plus move facts and a static evaluation.
///
/// Implemented in this crate for every game of the facade's list, one file each in `src/eval/`
/// (docs/architecture.md, "Adding a game"; "The engine's hooks, and what they cost").
///
/// ```
/// use chess3d::{Chess3d, Chess3dConfig};
/// use variant_core::{Game, Seat};
/// use variant_engine::SearchGame;
///
/// let game = Chess3d::new(&Chess3dConfig { heights: 1, ..Chess3dConfig::default() })
///     .expect("FIDE chess");
/// // The start is symmetric: the evaluation is the same small bonus for either side to move.
/// assert_eq!(game.evaluate(Seat(0)), -game.evaluate(Seat(1)));
/// ```
pub trait SearchGame: Game {
    /// How a learned evaluation reads this game's board in this configuration
    /// ([`crate::nnue`]); `None` (the default) where the game has no learned evaluation. The
    /// layout must not change during a game (a chess3d height that goes leaves its cells
    /// empty).
    ///
    /// ```
    /// use chess3d::{Chess3d, Chess3dConfig};
    /// use variant_engine::SearchGame;
    ///
    /// let layout = Chess3d::default().nnue_layout().expect("chess3d has one");
    /// assert_eq!((layout.cells(), layout.kinds(), layout.seats()), (512, 6, 2));
    /// ```
    fn nnue_layout(&self) -> Option<crate::nnue::Layout> {
        None
    }

    /// Writes the board codes of the position into `codes` (one per cell of
    /// [`SearchGame::nnue_layout`], in its order: `0` empty, `1 + seat * kinds + kind` a piece,
    /// as [`variant_core::planes::Observation::board_codes`] numbers them). Called at every
    /// node the learned evaluation scores, so games write it from their bitboards. The default
    /// writes nothing.
    fn nnue_codes(&self, codes: &mut [u8]) {
        let _ = codes;
    }

    /// Facts about `mv`, a legal move of this position: move ordering sorts by them, and
    /// quiescence searches exactly the moves they call tactical ([`MoveFacts::is_tactical`]),
    /// so report a capture only for moves that change the balance (a game whose every move
    /// "captures" turns quiescence into a full search).
    fn move_facts(&self, mv: Self::Move) -> MoveFacts;

    /// The static evaluation from `seat`'s point of view, in centipawn-like units (a pawn or a
    /// man is about 100). For two players it must be antisymmetric:
    /// `evaluate(a) == -evaluate(b)`. Called at every leaf and quiescence node: it is most of
    /// a search's time, so keep it cheap.
    fn evaluate(&self, seat: Seat) -> i32;

    /// Whether quiescence must not stand pat here: the player to move is in check (or, in
    /// draughts, must capture), so every move is searched.
    ///
    /// Its cost: at a node where this is `true` quiescence searches **every** legal move, not
    /// only the tactical ones, and it is asked at every quiescence node. Answer `true` only
    /// where the game forces a reply; a game that answers `true` everywhere makes quiescence a
    /// full-width search without a depth limit, and a search of a few plies does not end.
    fn must_not_stand_pat(&self) -> bool;

    /// Whether a counter rule has ended the game as a draw (move-count rules); checked at every
    /// node, so it must be cheap. Stalemate, mates and wins are found from the empty move list
    /// and [`Game::status`].
    fn counter_draw(&self) -> bool {
        false
    }

    /// The position after the player to move passes, for null-move pruning; `None` (the
    /// default) where the game has no pass or where zugzwang makes passing a bad guess (the
    /// search asks only outside check, with two players). docs/engine.md says which game
    /// gives one.
    fn null_move(&self) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }

    /// The position after the player to move stands aside (passes) so that the next player
    /// moves, for Best-Reply Search's quiescence with three or four players: an opponent that
    /// has no capture worth making must not end the quiescence, the opponents after it may
    /// still take what the searching player left hanging. `None` (the default) where the game
    /// offers no such pass; "Bishops" gives one ([`bishops4p::Bishops::passed`]), whether or
    /// not its rules would allow the pass in play (B4-15 allows it only without another move).
    ///
    /// ```
    /// use bishops4p::{Bishops, BishopsConfig};
    /// use variant_core::{Game, Seat};
    /// use variant_engine::SearchGame;
    ///
    /// let start = Bishops::new(&BishopsConfig::default()).unwrap();
    /// let aside = start.stand_aside().unwrap();
    /// assert_eq!(aside.side_to_move(), Seat(1)); // Grey moves after White (B4-12)
    /// ```
    fn stand_aside(&self) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }

    /// Whether the player to move is under a threat that static pruning must not ignore,
    /// beyond [`SearchGame::must_not_stand_pat`]: in chess-T a check is only a warning, and
    /// the King in check may be captured next move. The search asks only where it would
    /// prune (two players). The default is `false`.
    fn in_danger(&self) -> bool {
        false
    }

    /// The game's tuning of the search in this position (it may depend on the configuration,
    /// e.g. chess3d's number of heights or "Bishops"' short or long game). The default,
    /// [`SearchSettings::default`], suits a two-player game with no special needs.
    fn settings(&self) -> SearchSettings {
        SearchSettings::default()
    }

    /// The moves quiescence searches in a two-player game where
    /// [`SearchSettings::stand_pat_before_moves`] holds and the player to move may stand pat: at
    /// least every capture and promotion, in the order of [`Game::legal_moves_into`].
    /// Quiescence still keeps only the moves [`MoveFacts::is_tactical`] calls tactical, and an
    /// empty list there means "nothing to try" (not mate or stalemate), so a game may leave its
    /// quiet moves out and save listing them. The default lists every legal move.
    ///
    /// ```
    /// use chess3d::{Chess3d, Chess3dConfig};
    /// use variant_core::Game;
    /// use variant_engine::SearchGame;
    ///
    /// let game = Chess3d::new(&Chess3dConfig::with_heights(1)).expect("FIDE chess");
    /// let mut list = <Chess3d as Game>::MoveList::default();
    /// game.tactical_moves_into(&mut list);
    /// assert!(list.is_empty()); // no capture or promotion at the start
    /// ```
    fn tactical_moves_into(&self, moves: &mut Self::MoveList) {
        self.legal_moves_into(moves);
    }

    /// The static exchange value of `mv` for the mover (the captures and recaptures on its
    /// target cell, least valuable piece first; for a quiet move, what the moved piece loses
    /// there), or `None` where the game does not compute it (the default). The search orders
    /// captures that lose material after the quiet moves, leaves them out of quiescence, and
    /// skips quiet moves and captures that lose too much near the horizon (SEE pruning).
    fn exchange_value(&self, mv: Self::Move) -> Option<i32> {
        let _ = mv;
        None
    }

    /// Calls `try_move` with the moves of `moves` (legal moves of this position) that may end
    /// the game at once or put a player out, in order, and returns its first `Some`. The search
    /// uses it to find quiet game-ending moves at its horizon with three or four players; a
    /// game that knows a cheap necessary condition (in "Bishops" every such move checks the
    /// mover's left neighbour, B4-13) skips the other moves. The default tries every move.
    ///
    /// ```
    /// use bishops4p::{Bishops, BishopsConfig};
    /// use variant_core::Game;
    /// use variant_engine::SearchGame;
    ///
    /// // From the start no move checks anybody, so no move is even tried.
    /// let start = Bishops::new(&BishopsConfig::default()).expect("the start");
    /// let mut tried = 0;
    /// let found: Option<()> = start.find_game_ending(&start.legal_moves(), |_| {
    ///     tried += 1;
    ///     None
    /// });
    /// assert_eq!((found, tried), (None, 0));
    /// ```
    fn find_game_ending<R>(
        &self,
        moves: &[Self::Move],
        try_move: impl FnMut(Self::Move) -> Option<R>,
    ) -> Option<R> {
        moves.iter().copied().find_map(try_move)
    }

    /// Whether `seat` is out of the game (mated or resigned in a game that goes on without
    /// it). The search scores this for the searching player as a loss.
    fn is_out(&self, seat: Seat) -> bool {
        let _ = seat;
        false
    }
}
