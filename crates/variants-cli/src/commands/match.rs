//! `variants match`: games between built-in players, seats rotated from game to game, each
//! game opening with random plies from the seed; W/D/L per player and, for two players, the
//! Elo difference with a 95 % interval.

use super::engine_player::{EnginePlayer, parse_limits};
use super::play::{Player, Rng, choose};
use crate::cli::GameArgs;
use crate::error::Error;
use crate::output::outln;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use variants::{AnyGame, Game, GameConfig, History, Seat, Status};

/// Plies after which an unfinished game is scored a draw (adjudication).
pub const MAX_PLIES: usize = 600;

/// Options of `variants match`.
pub struct Options {
    /// Player specs: `random`, `greedy`, `engine[:depth=N|movetime=MS|nodes=N]`.
    pub players: Vec<String>,
    /// Games to play.
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// Random plies at the start of each game.
    pub random_plies: usize,
    /// Seed of the openings and of the random players.
    pub seed: u64,
    /// One JSON object instead of a table.
    pub json: bool,
}

#[derive(Clone, Debug)]
enum Kind {
    Builtin(Player),
    Engine(variants_engine::Limits),
}

fn parse_spec(spec: &str) -> Result<Kind, Error> {
    match spec {
        "random" => Ok(Kind::Builtin(Player::Random)),
        "greedy" => Ok(Kind::Builtin(Player::Greedy)),
        s if s.starts_with("engine") => parse_limits(s).map(Kind::Engine),
        _ => Err(Error::Action(format!(
            "--player {spec:?}: expected random, greedy or engine[:depth=N|movetime=MS|nodes=N]"
        ))),
    }
}

/// W/D/L of one player.
#[derive(Clone, Copy, Default, Debug)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    points: f64,
}

/// The seats that play in this game (the three-player Bishops game leaves Grey out, B4-23).
fn playing_seats(game: &AnyGame) -> Vec<Seat> {
    let three = game.name() == "bishops4p" && game.config().get("players").as_deref() == Some("3");
    (0..game.seat_count() as u8)
        .map(Seat)
        .filter(|s| !(three && s.0 == 1))
        .collect()
}

/// Plays game number `index`; returns each player's points (1 for a win, a draw shared).
fn play_one(
    start: &AnyGame,
    kinds: &[Kind],
    engines: &mut [Option<EnginePlayer>],
    index: usize,
    options: &Options,
) -> Result<Vec<(usize, Option<bool>)>, Error> {
    let seats = playing_seats(start);
    let n = kinds.len();
    let mut rng = Rng::new(options.seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    // Games in pairs share their opening, so each opening is played from both sides.
    let mut opening_rng =
        Rng::new(options.seed ^ (index as u64 / 2 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03));
    let seat_player = |seat_index: usize| (seat_index + index) % n;
    let mut history = History::new(start.clone());
    let mut hashes = vec![start.zobrist()];
    for e in engines.iter_mut().flatten() {
        e.new_game();
    }
    for _ in 0..options.random_plies {
        let moves = history.position().legal_move_texts();
        if moves.is_empty() || history.status().is_over() {
            break;
        }
        history.play_text(&moves[opening_rng.below(moves.len())])?;
        hashes.push(history.position().zobrist());
    }
    let mut plies = 0;
    let status = loop {
        let status = history.status();
        if status.is_over() {
            break status;
        }
        if let Some(reason) = history.claimable_draw() {
            break Status::Draw { reason };
        }
        if plies >= MAX_PLIES {
            break Status::Draw {
                reason: variants::variant_core::DrawReason::Agreement,
            };
        }
        let to_move = history.position().side_to_move();
        let seat_index = seats.iter().position(|&s| s == to_move).unwrap_or(0);
        let p = seat_player(seat_index);
        let mv = match (&kinds[p], engines[p].as_mut()) {
            (Kind::Engine(_), Some(engine)) => {
                engine.choose(history.position(), &hashes[..hashes.len() - 1])?
            }
            (Kind::Builtin(player), _) => choose(history.position(), *player, &mut rng),
            (Kind::Engine(_), None) => None,
        };
        let Some(mv) = mv else {
            break history.status();
        };
        history.play_text(&mv)?;
        hashes.push(history.position().zobrist());
        plies += 1;
    };
    Ok(seats
        .iter()
        .enumerate()
        .map(|(i, &seat)| {
            let result = match status {
                Status::Win { winner, .. } => Some(winner == seat),
                _ => None,
            };
            (seat_player(i), result)
        })
        .collect())
}

/// Elo difference for a score share `p` over per-game scores, with the half-width of the
/// 95 % interval (normal approximation; a share of 0 or 1 is moved half a game inwards).
fn elo(scores: &[f64]) -> (f64, f64) {
    let n = scores.len().max(1) as f64;
    let p = scores.iter().sum::<f64>() / n;
    let clamp = |x: f64| x.clamp(0.5 / n, 1.0 - 0.5 / n);
    // With every game alike (all won) the sample variance is 0: use that of the moved share.
    let var = scores.iter().map(|s| (s - p).powi(2)).sum::<f64>() / n;
    let var = if var > 0.0 {
        var
    } else {
        clamp(p) * (1.0 - clamp(p))
    };
    let se = (var / n).sqrt();
    let to_elo = |x: f64| -400.0 * (1.0 / clamp(x) - 1.0).log10();
    let e = to_elo(p);
    let half = (to_elo(p + 1.96 * se) - to_elo(p - 1.96 * se)) / 2.0;
    (e, half)
}

/// Runs the match.
///
/// # Errors
///
/// Bad game, configuration or player specs, fewer than two players, or no games.
pub fn run(args: &GameArgs, options: &Options) -> Result<(), Error> {
    let start = variants::new_game(&args.game, &crate::setup::config_text(args)?)?;
    let seats = playing_seats(&start);
    if options.players.len() != seats.len() {
        return Err(Error::Action(format!(
            "{} needs {} --player specs (one per seat), got {}",
            args.game,
            seats.len(),
            options.players.len()
        )));
    }
    if options.games == 0 {
        return Err(Error::Action("--games must be at least 1".to_string()));
    }
    let kinds: Vec<Kind> = options
        .players
        .iter()
        .map(|s| parse_spec(s))
        .collect::<Result<_, _>>()?;
    let n = kinds.len();
    let tallies = Mutex::new((vec![Tally::default(); n], Vec::<f64>::new()));
    let next = AtomicUsize::new(0);
    let first_error = Mutex::new(None);
    let bar = indicatif::ProgressBar::new(options.games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    std::thread::scope(|scope| {
        for _ in 0..options.concurrency.clamp(1, options.games) {
            scope.spawn(|| {
                let mut engines: Vec<Option<EnginePlayer>> = Vec::new();
                for k in &kinds {
                    engines.push(match k {
                        Kind::Engine(limits) => match EnginePlayer::new(&start, *limits) {
                            Ok(e) => Some(e),
                            Err(e) => {
                                *first_error.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                                return;
                            }
                        },
                        Kind::Builtin(_) => None,
                    });
                }
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= options.games {
                        return;
                    }
                    match play_one(&start, &kinds, &mut engines, index, options) {
                        Ok(results) => {
                            let mut t = tallies.lock().unwrap_or_else(|p| p.into_inner());
                            let draw_share = 1.0 / results.len() as f64;
                            for &(p, r) in &results {
                                let tally = &mut t.0[p];
                                match r {
                                    Some(true) => {
                                        tally.wins += 1;
                                        tally.points += 1.0;
                                    }
                                    Some(false) => tally.losses += 1,
                                    None => {
                                        tally.draws += 1;
                                        tally.points += draw_share;
                                    }
                                }
                            }
                            // Player 0's score in this game (for the Elo interval).
                            if let Some(&(_, r)) = results.iter().find(|(p, _)| *p == 0) {
                                t.1.push(match r {
                                    Some(true) => 1.0,
                                    Some(false) => 0.0,
                                    None => draw_share,
                                });
                            }
                        }
                        Err(e) => {
                            *first_error.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                            return;
                        }
                    }
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let (tallies, scores0) = tallies.into_inner().unwrap_or_else(|p| p.into_inner());
    let games = options.games as f64;
    let elo = (n == 2).then(|| elo(&scores0));
    if options.json {
        let players: Vec<serde_json::Value> = options
            .players
            .iter()
            .zip(&tallies)
            .map(|(spec, t)| {
                serde_json::json!({
                    "spec": spec, "wins": t.wins, "draws": t.draws, "losses": t.losses,
                    "score": t.points / games,
                })
            })
            .collect();
        let mut value = serde_json::json!({ "games": options.games, "players": players });
        if let Some((e, err)) = elo {
            value["elo"] = serde_json::json!((e * 10.0).round() / 10.0);
            value["elo_error"] = serde_json::json!((err * 10.0).round() / 10.0);
        }
        outln!("{value}");
    } else {
        outln!("{} games of {}", options.games, args.game);
        outln!(
            "{:<28} {:>5} {:>5} {:>5} {:>7}",
            "player",
            "wins",
            "draws",
            "losses",
            "score"
        );
        for (spec, t) in options.players.iter().zip(&tallies) {
            outln!(
                "{:<28} {:>5} {:>5} {:>5} {:>6.1}%",
                spec,
                t.wins,
                t.draws,
                t.losses,
                100.0 * t.points / games
            );
        }
        if let Some((e, err)) = elo {
            outln!(
                "Elo difference ({} − {}): {e:+.0} ± {err:.0} (95 %)",
                options.players[0],
                options.players[1]
            );
        }
    }
    Ok(())
}
