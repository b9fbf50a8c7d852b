//! `variants match`: games between players (the `variant_match` library), with a progress
//! bar, printed as a table or one JSON object.

use crate::cli::MatchArgs;
use crate::error::Error;
use crate::output::outln;
use variant_match::{MatchOptions, MatchReport, PlayerSpec, run_match};

/// Runs the match.
///
/// # Errors
///
/// Bad game, configuration, player specs, openings or SPRT; an unreadable openings file; a
/// player that fails.
pub fn run(args: &MatchArgs) -> Result<(), Error> {
    if args.params.eval_params.is_some() {
        use variant_games::Game;
        let game = crate::setup::start(&args.game)?;
        super::install_params(&args.params, Some(game.name()))?;
    }
    let mut m = MatchOptions {
        game: args.game.game.clone(),
        config: crate::setup::config_text(&args.game)?,
        players: players(args),
        games: args.games,
        concurrency: args.concurrency,
        random_plies: args
            .random_plies
            .unwrap_or(if args.openings.is_some() { 0 } else { 4 }),
        max_plies: args.max_plies,
        sprt: args.sprt.clone(),
        seed: args.seed,
        ..MatchOptions::default()
    };
    if let Some(path) = &args.openings {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::Command(format!("cannot read {}: {e}", path.display())))?;
        m.openings = Some(text);
    }
    let bar = indicatif::ProgressBar::new(m.games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let report = run_match(&m, &|p| {
        bar.set_position(p.finished as u64);
        if let Some(s) = &p.report.sprt {
            bar.set_message(format!("llr {:.2} ({:.2}, {:.2})", s.llr, s.lower, s.upper));
        }
    });
    bar.finish_and_clear();
    let report = report.map_err(|e| Error::Command(e.to_string()))?;
    if args.json {
        let value = serde_json::to_value(&report).map_err(|e| Error::Command(e.to_string()))?;
        outln!("{value}");
    } else {
        print_table(&args.game.game, &report);
    }
    Ok(())
}

/// The `--player` specs, each `engine` without `eval=` given the evaluation of `--eval-file`
/// or `--eval` (the library's typed edit of the spec, written back as its text).
fn players(args: &MatchArgs) -> Vec<String> {
    let Some(eval) = args.eval.choice() else {
        return args.player.clone();
    };
    args.player
        .iter()
        .map(|text| match PlayerSpec::parse(text) {
            Ok(PlayerSpec::Engine(engine)) if engine.eval.is_none() => {
                PlayerSpec::Engine(engine.or_eval(eval.clone())).to_string()
            }
            // Other players, engines with their own `eval=`, and specs that do not parse
            // (the match reports them in its order of checks) are passed on as given.
            _ => text.clone(),
        })
        .collect()
}

fn print_table(game: &str, report: &MatchReport) {
    outln!("{} games of {game}", report.games);
    outln!(
        "{:<28} {:>5} {:>5} {:>5} {:>7}",
        "player",
        "wins",
        "draws",
        "losses",
        "score"
    );
    for p in &report.players {
        outln!(
            "{:<28} {:>5} {:>5} {:>5} {:>6.1}%",
            p.spec,
            p.wins,
            p.draws,
            p.losses,
            100.0 * p.score
        );
    }
    if let (Some(e), Some(err)) = (report.elo, report.elo_error) {
        outln!(
            "Elo difference ({} − {}): {e:+.0} ± {err:.0} (95 %)",
            report.players[0].spec,
            report.players[1].spec
        );
    }
    if let Some(s) = &report.sprt {
        let result = match s.result {
            Some(h) => format!("{h:?} accepted"),
            None => "no decision".to_string(),
        };
        outln!(
            "SPRT: llr {:.2} (bounds {:.2}, {:.2}): {result}",
            s.llr,
            s.lower,
            s.upper
        );
    }
}
