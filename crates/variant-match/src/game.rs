//! One game between players: from an opening to the end, a claimable draw or the ply limit.

use crate::error::MatchError;
use crate::player::Player;
use crate::rng::Rng;
use serde::{Deserialize, Serialize};
use variant_games::{AnyGame, Game, History, Seat, Status};

/// How one game ended for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player won.
    Win,
    /// Nobody won.
    Draw,
    /// Another player won.
    Loss,
}

/// A game that ended, told from the record: the status, and how many plies the players made.
#[derive(Clone, Debug)]
pub struct Played {
    /// The final record (the opening's moves included).
    pub history: History<AnyGame>,
    /// The result: the game's own, a claimable draw taken, or a draw at the ply limit.
    pub status: Status,
    /// Whether the game was stopped at the ply limit.
    pub adjudicated: bool,
    /// Plies the players made (the opening not counted).
    pub plies: usize,
}

/// Plays from `history` until the game ends: `seats[i]` is played by `players[seat_player[i]]`.
/// A draw that the mover could claim (threefold repetition, a move-count rule) ends the game
/// as claimed; after `max_plies` plies of the players the game is adjudicated a draw.
///
/// # Errors
///
/// A player that fails (an external engine that dies or plays an illegal move, a human).
///
/// # Example
///
/// ```
/// use variant_games::History;
/// use variant_match::{Player, PlayerSpec, Rng, game::play};
///
/// let game = variant_games::new_game("checkers3d", "heights=1").unwrap();
/// let mut players: Vec<Player> = ["greedy", "random"]
///     .iter()
///     .map(|s| Player::new(&PlayerSpec::parse(s).unwrap(), &game).unwrap())
///     .collect();
/// let seats = game.playing_seats();
/// let played = play(History::new(game), &mut players, &seats, &[0, 1], 600, &mut Rng::new(3)).unwrap();
/// assert!(played.status.is_over());
/// ```
pub fn play(
    mut history: History<AnyGame>,
    players: &mut [Player],
    seats: &[Seat],
    seat_player: &[usize],
    max_plies: usize,
    rng: &mut Rng,
) -> Result<Played, MatchError> {
    let mut plies = 0;
    let (status, adjudicated) = loop {
        let status = history.status();
        if status.is_over() {
            break (status, false);
        }
        if let Some(reason) = history.claimable_draw() {
            break (Status::Draw { reason }, false);
        }
        if plies >= max_plies {
            break (
                Status::Draw {
                    reason: variant_games::DrawReason::Agreement,
                },
                true,
            );
        }
        let to_move = history.position().side_to_move();
        let seat_index = seats.iter().position(|&s| s == to_move).unwrap_or(0);
        let p = seat_player.get(seat_index).copied().unwrap_or(0);
        let Some(player) = players.get_mut(p) else {
            return Err(MatchError::Options(format!(
                "no player for seat {}",
                to_move.0
            )));
        };
        let Some(mv) = player.choose(&history, rng)? else {
            break (history.status(), false);
        };
        history.play_text(&mv)?;
        plies += 1;
    };
    Ok(Played {
        history,
        status,
        adjudicated,
        plies,
    })
}

/// Each player's outcome: `seats[i]` was played by `seat_player[i]`.
///
/// ```
/// use variant_games::{Seat, Status, WinReason};
/// use variant_match::{Outcome, game::outcomes};
/// let won = Status::Win { winner: Seat(1), reason: WinReason::Checkmate };
/// // Player 0 sat at seat 1.
/// assert_eq!(outcomes(won, &[Seat(0), Seat(1)], &[1, 0]), [Outcome::Win, Outcome::Loss]);
/// ```
pub fn outcomes(status: Status, seats: &[Seat], seat_player: &[usize]) -> Vec<Outcome> {
    let mut result = vec![Outcome::Draw; seat_player.len()];
    for (i, &seat) in seats.iter().enumerate() {
        if let (Status::Win { winner, .. }, Some(&p)) = (status, seat_player.get(i)) {
            result[p] = if winner == seat {
                Outcome::Win
            } else {
                Outcome::Loss
            };
        }
    }
    result
}
