//! The `Game` trait: the contract every game of the workspace implements.

use crate::{
    ActionError, ConfigError, DrawReason, GameConfig, IllegalMove, MoveBuffer, MoveError, MoveSink,
    PositionError, Seat, Status,
};
use std::fmt::Debug;
use std::hash::Hash;

/// How repetitions of a position end a game: after how many occurrences a player may claim a
/// draw, and after how many the game is drawn by itself. Judged by [`History`](crate::History),
/// which alone knows the earlier positions.
///
/// # Example
///
/// ```
/// use variant_core::RepetitionRules;
/// use variant_core::{Game, History};
/// use variant_core::doc_game::Nim;
///
/// // Chess's rules would be a claim at 3, the game drawn at 5; Nim needs none (a heap
/// // never grows back), and then the history never reports a repetition draw.
/// let chess = RepetitionRules { claim: Some(3), automatic: Some(5) };
/// assert_ne!(chess, Nim::default().repetition_rules());
/// assert_eq!(Nim::default().repetition_rules(), RepetitionRules::default());
/// assert_eq!(History::new(Nim::default()).claimable_draw(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RepetitionRules {
    /// Occurrences that allow a claim (chess: 3).
    pub claim: Option<u32>,
    /// Occurrences that draw the game by themselves (chess: 5, Russian draughts: 3).
    pub automatic: Option<u32>,
}

/// A game position together with its configuration: a small, `Clone`, always valid value.
///
/// Moves are small `Copy` values; legal moves are generated into a fixed-capacity list
/// without heap allocation; [`Game::play_unchecked`] is copy-make's fast path and
/// [`Game::try_play`] its checked form.
///
/// # Example
///
/// ```
/// use variant_core::{Game, GameConfig, Seat, Status};
/// use variant_core::doc_game::{Nim, NimConfig};
///
/// // The docs' Nim: take 1, 2 or 3 counters; whoever takes the last one wins. From 4 counters
/// // the first seat loses whatever it takes (4 is a multiple of 4).
/// let mut game = Nim::new(&NimConfig::from_text("counters=4").unwrap()).unwrap();
/// assert_eq!(game.legal_moves().len(), 3);
/// let first = game.parse_move("1").unwrap();
/// game.try_play(first).unwrap();
/// game.play_text("3").unwrap();
/// assert_eq!(game.status().winner(), Some(Seat(1)));
/// assert!(matches!(game.status(), Status::Win { .. }));
/// ```
pub trait Game: Clone + Debug + Send + Sync + Sized + 'static {
    /// The configuration (rule switches, geometry).
    type Config: GameConfig;
    /// A move.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The list legal moves are generated into.
    type MoveList: MoveBuffer<Self::Move>;

    /// The game's registry name (`chess3d`, `checkers3d`, `bishops4p`, `chess-t`).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Game;
    /// use variant_core::doc_game::Nim;
    ///
    /// assert_eq!(Nim::NAME, "nim");
    /// assert_eq!(Nim::default().name(), Nim::NAME);
    /// ```
    const NAME: &'static str;

    /// The game's name (`chess3d`, …): [`Game::NAME`] for the typed games; a game chosen at
    /// run time answers with the name of the game it holds.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Game;
    /// # use variant_core::doc_game::Nim as MyGame;
    /// assert_eq!(MyGame::default().name(), MyGame::NAME);
    /// ```
    fn name(&self) -> &'static str {
        Self::NAME
    }

    /// The start position under `config`.
    ///
    /// # Errors
    ///
    /// [`ConfigError`] for a configuration whose values do not fit together.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let config = MyConfig::from_text("counters=5").unwrap();
    /// let game = MyGame::new(&config).unwrap();
    /// assert_eq!(game.to_text(), "5 0");
    /// ```
    fn new(config: &Self::Config) -> Result<Self, ConfigError>;

    /// The configuration this position is played under. When the position was read from text
    /// it carries what the text fixes (for the 3D games the heights and base heights).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let game = MyGame::default();
    /// assert_eq!(game.config(), &MyConfig::default());
    /// ```
    fn config(&self) -> &Self::Config;

    /// Reads a position in the game's notation. What the text carries overrides `config`;
    /// everything else comes from `config`.
    ///
    /// # Errors
    ///
    /// [`PositionError`] saying where the text is wrong, or why the position is impossible.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let game = MyGame::from_text(&MyConfig::default(), "4 1").unwrap();
    /// assert_eq!(game.side_to_move(), Seat(1));
    /// assert!(MyGame::from_text(&MyConfig::default(), "four").is_err());
    /// ```
    fn from_text(config: &Self::Config, text: &str) -> Result<Self, PositionError>;

    /// The position in the game's notation.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// assert_eq!(MyGame::default().to_text(), "10 0");
    /// ```
    fn to_text(&self) -> String;

    /// How many seats the game has (2, or 4 for "Bishops").
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// assert_eq!(MyGame::default().seat_count(), 2);
    /// ```
    fn seat_count(&self) -> usize;

    /// The name of a seat (`white`, `black`, `grey`, `pink`).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// assert_eq!(MyGame::default().seat_name(Seat(0)), "first");
    /// ```
    fn seat_name(&self, seat: Seat) -> &'static str;

    /// The seat to move.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let mut game = MyGame::default();
    /// game.play_unchecked(1);
    /// assert_eq!(game.side_to_move(), Seat(1));
    /// ```
    fn side_to_move(&self) -> Seat;

    /// The legal moves of this position, in generation order, as a fixed-capacity list (no
    /// heap allocation).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Game;
    /// # use variant_core::doc_game::Nim as MyGame;
    /// let start = MyGame::default();
    /// let moves = start.legal_moves();
    /// assert_eq!(moves.len(), 3); // take 1, 2 or 3 of the 10 counters
    /// ```
    fn legal_moves(&self) -> Self::MoveList {
        let mut moves = Self::MoveList::default();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Writes every legal move into `moves` (which it clears first): the form for hot loops,
    /// which reuse one list.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Game;
    /// # use variant_core::doc_game::Nim as MyGame;
    /// let start = MyGame::default();
    /// let mut moves = <MyGame as Game>::MoveList::default();
    /// start.legal_moves_into(&mut moves);
    /// assert_eq!(moves.len(), 3);
    /// ```
    fn legal_moves_into(&self, moves: &mut Self::MoveList);

    /// Hands every legal move, in generation order, to `sink`: a list, a
    /// [`MoveCounter`](crate::MoveCounter) or a listener of the caller's. The default pushes
    /// each move of [`Game::legal_moves`]; the games of the workspace override it with their
    /// own generator, so no list is built in between.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, MoveCounter};
    /// # use variant_core::doc_game::Nim as MyGame;
    /// let start = MyGame::default();
    /// let mut seen = Vec::new();
    /// start.generate_moves(&mut seen);
    /// assert_eq!(&seen[..], &start.legal_moves()[..]);
    /// let mut counter = MoveCounter::default();
    /// start.generate_moves(&mut counter);
    /// assert_eq!(counter.0, 3);
    /// ```
    fn generate_moves<S: MoveSink<Self::Move>>(&self, sink: &mut S)
    where
        Self: Sized,
    {
        for &mv in self.legal_moves().iter() {
            sink.push(mv);
        }
    }

    /// Whether `mv` is a legal move of this position. The default generates the legal moves;
    /// games may answer faster, but must answer exactly the same.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Game;
    /// # use variant_core::doc_game::Nim as MyGame;
    /// let start = MyGame::default();
    /// let first = start.legal_moves()[0];
    /// assert!(start.is_legal(first));
    /// ```
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The number of legal moves (perft's bulk count). Games may count without listing.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// assert_eq!(MyGame::default().count_legal_moves(), 3);
    /// ```
    fn count_legal_moves(&self) -> u64 {
        let mut moves = Self::MoveList::default();
        self.legal_moves_into(&mut moves);
        moves.len() as u64
    }

    /// The leaves `depth` plies below this position, counted as [`perft`](crate::perft::perft)
    /// counts them (the last ply in bulk with [`Game::count_legal_moves`]); `perft` checks the
    /// depth and calls this. Call `perft` rather than this.
    ///
    /// Provided: the generic count ([`perft_generic`](crate::perft::perft_generic)). A game
    /// that holds other games (the facade's `AnyGame`) overrides it to run the count of the
    /// game it holds, so that the loop over the last plies, where nearly all of a perft's time
    /// goes, is the typed game's own and pays no dispatch per node (one-height draughts through
    /// `AnyGame` ran at about four fifths of the typed game's speed in a crate built without
    /// LTO). An override must return the same number. The threaded and hashed counts of
    /// `variant-perft` call it at the nodes one ply above the leaves.
    ///
    /// # Panics
    ///
    /// When `depth` is over [`MAX_DEPTH`](crate::perft::MAX_DEPTH).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Game;
    /// # use variant_core::doc_game::Nim as MyGame;
    /// // Ten counters: take 1, 2 or 3, then again 1, 2 or 3 from the 9, 8 or 7 left.
    /// assert_eq!(MyGame::default().perft_count(2), 3 * 3);
    /// ```
    fn perft_count(&self, depth: u32) -> u64 {
        crate::perft::perft_generic(self, depth)
    }

    /// Plays a move known to be legal in this position. Playing any other move leaves the
    /// position unspecified (but never unsafe).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let mut game = MyGame::default();
    /// let mv = game.legal_moves()[2];
    /// game.play_unchecked(mv); // a generated move: no check needed
    /// assert_eq!(game.to_text(), "7 1");
    /// ```
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal here; otherwise leaves the position unchanged.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] when `mv` is not a legal move of this position.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let mut game = MyGame::from_text(&MyConfig::default(), "2 0").unwrap();
    /// assert!(game.try_play(3).is_err()); // only two counters left
    /// assert_eq!(game.to_text(), "2 0"); // unchanged
    /// game.try_play(2).unwrap();
    /// assert!(game.status().is_over());
    /// ```
    fn try_play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove {
                mv: self.format_move(mv),
                reason: "not a legal move in this position".to_string(),
            })
        }
    }

    /// Reads a move in the game's notation and returns the legal move it names.
    ///
    /// # Errors
    ///
    /// [`MoveError::Malformed`] for a text that is not a move, [`MoveError::Illegal`] for a move
    /// that is not legal here.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let game = MyGame::default();
    /// assert_eq!(game.parse_move("2").unwrap(), 2);
    /// assert!(game.parse_move("9").is_err());
    /// ```
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The canonical text of a move of this position.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let game = MyGame::default();
    /// assert_eq!(game.format_move(3), "3");
    /// ```
    fn format_move(&self, mv: Self::Move) -> String;

    /// Parses and plays a move.
    ///
    /// # Errors
    ///
    /// [`MoveError`] as [`Game::parse_move`]; the position is then unchanged.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let mut game = MyGame::default();
    /// assert_eq!(game.play_text("3").unwrap(), 3);
    /// assert_eq!(game.to_text(), "7 1");
    /// ```
    fn play_text(&mut self, text: &str) -> Result<Self::Move, MoveError> {
        let mv = self.parse_move(text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// The result decided by the position alone (mate, stalemate, dead position, move-count
    /// rules that end the game by themselves). Repetitions, claims, resignations and agreements
    /// are judged by [`History`](crate::History).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// assert_eq!(MyGame::default().status(), Status::Ongoing);
    /// let over = MyGame::from_text(&MyConfig::default(), "0 1").unwrap();
    /// assert!(over.status().is_over());
    /// ```
    fn status(&self) -> Status;

    /// The Zobrist hash of the whole position.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let a = MyGame::default();
    /// let mut b = MyGame::default();
    /// b.play_unchecked(1);
    /// assert_ne!(a.zobrist(), b.zobrist());
    /// ```
    fn zobrist(&self) -> u64;

    /// The Zobrist hash computed from scratch from the position's contents. Games that update
    /// their hash incrementally override this, and tests check that both agree after every
    /// move.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let game = MyGame::default();
    /// assert_eq!(game.recompute_zobrist(), game.zobrist());
    /// ```
    fn recompute_zobrist(&self) -> u64 {
        self.zobrist()
    }

    /// The key of the position in hashed perft's transposition table (the crate
    /// `variant-perft`, counting with a table). By default the Zobrist hash. A game may leave
    /// out state that changes only the legal moves *of this position* and nothing below them:
    /// the table checks every entry with a second key made from the position's legal moves, so
    /// such state is still told apart where it matters, and transpositions that differ only in
    /// it share an entry (chess3d leaves out the en-passant cell, which a double step sets
    /// whether or not a capture is possible).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let game = MyGame::default();
    /// assert_eq!(game.perft_key(), game.zobrist());
    /// ```
    fn perft_key(&self) -> u64 {
        self.zobrist()
    }

    /// The hash that identifies positions for repetition (by default the Zobrist hash; games
    /// whose repetition identity differs from the full position override it).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let game = MyGame::default();
    /// assert_eq!(game.repetition_key(), game.zobrist());
    /// ```
    fn repetition_key(&self) -> u64 {
        self.zobrist()
    }

    /// How repetitions end the game.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// let rules = MyGame::default().repetition_rules();
    /// assert_eq!(rules.claim, None); // Nim never repeats
    /// ```
    fn repetition_rules(&self) -> RepetitionRules;

    /// A draw that the side to move may claim in this position by a move-count rule
    /// (50-move rule and the like), if any. Repetition claims are judged by the history.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// assert_eq!(MyGame::default().claimable_draw(), None);
    /// ```
    fn claimable_draw(&self) -> Option<DrawReason> {
        None
    }

    /// The seats still playing, in seat order: every seat by default; a game whose seats can
    /// be out (a player mated in a game for more than two, or a seat the configuration leaves
    /// empty) lists the others.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, Seat};
    /// # use variant_core::doc_game::Nim as MyGame;
    /// assert_eq!(MyGame::default().playing_seats(), [Seat(0), Seat(1)]);
    /// ```
    fn playing_seats(&self) -> Vec<Seat> {
        (0..self.seat_count())
            .filter_map(|i| u8::try_from(i).ok())
            .map(Seat)
            .collect()
    }

    /// A picture of the position for people (boards, pieces, marks, notes). Games that do not
    /// draw themselves return `None` and frontends show the position text instead.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{Game, GameConfig, Seat, Status};
    /// # use variant_core::doc_game::{Nim as MyGame, NimConfig as MyConfig};
    /// // Nim draws its heap as one row of counters.
    /// let view = MyGame::default().board_view().unwrap();
    /// assert_eq!((view.boards[0].files, view.boards[0].ranks), (10, 1));
    /// ```
    fn board_view(&self) -> Option<crate::BoardView> {
        None
    }

    /// Whether generating the legal moves would take more than `steps` steps of a search that
    /// can grow without a useful bound (a longest-capture search in draughts: a few kings
    /// among dozens of men can take minutes). Programs that take positions from untrusted
    /// sources ask this first. By default `false`: the game's generator is bounded.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Game;
    /// # use variant_core::doc_game::Nim as MyGame;
    /// assert!(!MyGame::default().move_search_exceeds(0));
    /// ```
    fn move_search_exceeds(&self, steps: u64) -> bool {
        let _ = steps;
        false
    }

    /// What a resignation by `seat` does. By default (two players) the other seat wins and the
    /// game ends: `Ok(Some(status))`. A multi-player game may instead change the position and go
    /// on (`Ok(None)`), e.g. by removing the resigning army.
    ///
    /// # Errors
    ///
    /// [`ActionError`] for a seat the game does not have, a seat no longer playing, a game
    /// already over, or a game without a resignation rule.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{ActionError, Game, Seat, Status, WinReason};
    /// # use variant_core::doc_game::Nim as MyGame;
    /// let mut game = MyGame::default();
    /// let status = game.resign(Seat(0)).unwrap();
    /// assert_eq!(status, Some(Status::Win { winner: Seat(1), reason: WinReason::Resignation }));
    /// assert!(matches!(game.resign(Seat(5)), Err(ActionError::NoSuchSeat { .. })));
    /// ```
    fn resign(&mut self, seat: Seat) -> Result<Option<Status>, ActionError> {
        if seat.index() >= self.seat_count() {
            return Err(ActionError::NoSuchSeat {
                seat: seat.0,
                seats: self.seat_count(),
            });
        }
        if self.seat_count() != 2 {
            return Err(ActionError::ResignationUndefined);
        }
        Ok(Some(Status::Win {
            winner: Seat(1 - seat.0),
            reason: crate::WinReason::Resignation,
        }))
    }
}
