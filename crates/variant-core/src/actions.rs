//! Moves as action indices for learning: [`ActionSpace`], a fixed numbering of every move a
//! configuration can have, the same for every position of that configuration (what a policy
//! network's output layer indexes).
//!
//! Each game crate's `actions` module documents its numbering; the rules pages give it a rule
//! id (C3-51, D3-50, B4-50, CT-50).

use crate::Game;
use crate::error::EncodeError;

/// The legal moves of a position with their actions.
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_core::actions::ActionSpace;
/// // The docs' one-heap Nim: action `n - 1` takes `n` counters.
/// use variant_core::doc_game::Nim;
///
/// let game = Nim::from_text(&Default::default(), "2 0").unwrap();
/// let legal = game.legal_actions(1).unwrap();
/// assert_eq!(legal.actions, [(0, 1), (1, 2)]); // only 1 or 2 can be taken from 2
/// assert_eq!(legal.dropped, 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalActions<M> {
    /// `(action, move)` for every legal move that has an action, sorted by action.
    pub actions: Vec<(usize, M)>,
    /// How many legal moves have no action (draughts captures beyond the slots of their
    /// origin and destination).
    pub dropped: usize,
}

/// A game whose moves are numbered for learning.
///
/// `slots` is how many moves with the same origin and destination are told apart (games
/// whose moves are not named by origin and destination alone, as draughts captures of
/// different pieces); games that need no slots ignore it. It is at least 1.
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_core::actions::ActionSpace;
/// # use variant_core::doc_game::Nim as MyGame;
/// let game = MyGame::default();
/// let legal = game.legal_actions(1).unwrap();
/// assert_eq!(legal.actions.len(), game.legal_moves().len());
/// assert!(legal.actions.iter().all(|&(a, _)| a < game.action_count(1)));
/// assert!(legal.actions.windows(2).all(|w| w[0].0 < w[1].0));
/// ```
pub trait ActionSpace: Game {
    /// The number of actions of this position's configuration.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::actions::ActionSpace;
    /// use variant_core::doc_game::Nim;
    ///
    /// // Nim's three actions: take 1, 2 or 3.
    /// assert_eq!(Nim::default().action_count(1), 3);
    /// ```
    fn action_count(&self, slots: usize) -> usize;

    /// The actions of the legal moves, sorted by action, and how many legal moves have none.
    ///
    /// # Errors
    ///
    /// [`EncodeError::Unencodable`] when a legal move's text is not in the notation the
    /// numbering reads (a bug of the game, reported rather than hidden).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Game;
    /// use variant_core::actions::ActionSpace;
    /// use variant_core::doc_game::Nim;
    ///
    /// let game = Nim::default();
    /// let legal = game.legal_actions(1).unwrap();
    /// let actions: Vec<usize> = legal.actions.iter().map(|&(a, _)| a).collect();
    /// assert_eq!(actions, [0, 1, 2]);
    /// assert!(legal.actions.iter().all(|&(_, mv)| game.is_legal(mv)));
    /// ```
    fn legal_actions(&self, slots: usize) -> Result<LegalActions<Self::Move>, EncodeError>;
}

/// A cell at the start of a move text in the notation the games share: a file letter (`a` is
/// file 0), a rank number from 1, and for the parallelepiped games `@` and a height from 1
/// (height 0 when absent, or when the `@` is not followed by a digit, as in the placement
/// `Qf1@b7`). Returns `(file, rank, height)` from 0 and the rest of the text.
///
/// # Example
///
/// ```
/// use variant_core::actions::text_cell;
/// assert_eq!(text_cell("e2@3e4@3"), Some(((4, 1, 2), "e4@3")));
/// assert_eq!(text_cell("l12"), Some(((11, 11, 0), "")));
/// assert_eq!(text_cell("f1@b7"), Some(((5, 0, 0), "@b7")));
/// assert_eq!(text_cell("z"), None);
/// ```
pub fn text_cell(text: &str) -> Option<((usize, usize, usize), &str)> {
    let bytes = text.as_bytes();
    let file = usize::from(bytes.first()?.checked_sub(b'a')?);
    let digits = bytes
        .get(1..)?
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 {
        return None;
    }
    let rank: usize = text.get(1..1 + digits)?.parse().ok()?;
    let mut rest = text.get(1 + digits..)?;
    let mut height: usize = 1;
    if let Some(after) = rest.strip_prefix('@') {
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            // `Qf1@b7`: the `@` of a placement, not of a height.
            return Some(((file, rank.checked_sub(1)?, 0), rest));
        }
        height = after.get(..digits)?.parse().ok()?;
        rest = after.get(digits..)?;
    }
    Some(((file, rank.checked_sub(1)?, height.checked_sub(1)?), rest))
}

/// The error for a move text the numbering cannot read.
///
/// # Example
///
/// ```
/// let e = variant_core::actions::unreadable("zz");
/// assert!(e.to_string().contains("zz"));
/// ```
pub fn unreadable(text: &str) -> EncodeError {
    EncodeError::Unencodable {
        what: format!("move {text:?}: not in the notation of the action encoding"),
    }
}

/// The legal actions of a game whose every move has one action computed from its canonical
/// text (`action_of`), sorted by action, none dropped: the shape of every encoding without
/// slots.
///
/// # Errors
///
/// The first error of `action_of` (a move text outside the encoding).
///
/// ```
/// use variant_core::actions::one_action_per_move;
/// use variant_core::doc_game::{Nim, NimConfig};
/// use variant_core::Game;
/// // Nim's moves are the counters taken, 1 to 3: here the action is that number.
/// let game = Nim::new(&NimConfig::default()).unwrap();
/// let legal = one_action_per_move(&game, |text| text.parse().map_err(|_| {
///     variant_core::actions::unreadable(text)
/// }))
/// .unwrap();
/// let actions: Vec<usize> = legal.actions.iter().map(|&(a, _)| a).collect();
/// assert_eq!(actions, [1, 2, 3]);
/// assert_eq!(legal.dropped, 0);
/// ```
pub fn one_action_per_move<G: Game>(
    game: &G,
    action_of: impl Fn(&str) -> Result<usize, EncodeError>,
) -> Result<LegalActions<G::Move>, EncodeError> {
    let mut actions = game
        .legal_moves()
        .iter()
        .map(|&mv| Ok((action_of(&game.format_move(mv))?, mv)))
        .collect::<Result<Vec<_>, EncodeError>>()?;
    actions.sort_unstable_by_key(|&(action, _)| action);
    Ok(LegalActions {
        actions,
        dropped: 0,
    })
}
