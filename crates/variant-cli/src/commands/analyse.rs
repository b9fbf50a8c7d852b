//! `variants analyse`: the engine's best move, score and principal variation for a position,
//! a line per completed depth and a summary (or one JSON object with `--json`).

use crate::cli::AnalyseArgs;
use crate::error::Error;
use crate::output::outln;
use std::time::Duration;
use variant_engine::{Limits, Score, TextResult, TextSearcher};
use variant_games::Game;

/// `{"cp": N}` or `{"mate": N}` (UCI's two kinds of score).
pub fn score_json(score: Score) -> serde_json::Value {
    match score.mate_in() {
        Some(m) => serde_json::json!({ "mate": m }),
        None => serde_json::json!({ "cp": score.value() }),
    }
}

fn line(r: &TextResult) -> String {
    format!(
        "depth {} score {} nodes {} nps {} time {} pv {}",
        r.depth,
        r.score,
        r.nodes,
        r.nps,
        r.elapsed.as_millis(),
        r.pv.join(" ")
    )
}

/// Runs the analysis.
///
/// # Errors
///
/// A bad game, configuration or position, no limit given, a net file that cannot be read or
/// does not fit the game, or a finished game.
pub fn run(args: &AnalyseArgs) -> Result<(), Error> {
    let evaluation = super::evaluation(&args.eval)?;
    if args.depth.is_none() && args.movetime.is_none() && args.nodes.is_none() {
        return Err(Error::Command(
            "analyse needs a limit: --depth N, --movetime MS or --nodes N".to_string(),
        ));
    }
    // The registry checks game, configuration and position and gives the usual errors.
    let game = crate::setup::game(&args.position)?;
    super::install_params(&args.params, Some(game.name()))?;
    let pairs = crate::setup::config_pairs(&args.position.game)?;
    let mut searcher = TextSearcher::new(game.name(), &pairs)?;
    if let variant_engine::nnue::Evaluation::Net(net) = &evaluation
        && let Some(layout) = variant_engine::nnue::layout_of(&game)
    {
        // A net for another game or board is an error here, not a silent fallback.
        net.layout_for(&layout)
            .map_err(|e| Error::Command(e.to_string()))?;
    }
    searcher.set_evaluation(evaluation);
    let limits = Limits {
        depth: args.depth.map(|d| d.clamp(1, 100)),
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
    };
    let text = game.to_text();
    let json = args.json;
    let r = searcher.search(Some(&text), &[], &limits, None, &mut |p| {
        if !json {
            outln!("{}", line(p));
        }
    })?;
    let Some(best) = &r.best else {
        return Err(Error::Command(format!(
            "the game is over ({}): there is no move to analyse",
            game.status()
        )));
    };
    if json {
        let value = serde_json::json!({
            "best": best,
            "score": score_json(r.score),
            "depth": r.depth,
            "nodes": r.nodes,
            "nps": r.nps,
            "time_ms": r.elapsed.as_millis() as u64,
            "pv": r.pv,
        });
        outln!("{value}");
    } else {
        outln!(
            "bestmove {best} score {} depth {} nodes {} nps {}",
            r.score,
            r.depth,
            r.nodes,
            r.nps
        );
    }
    Ok(())
}
