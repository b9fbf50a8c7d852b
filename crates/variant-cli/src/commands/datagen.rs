//! `variants datagen`: self-play training data for the learned evaluation — whole games on
//! several threads, written in game order to one VGDATA file (docs/engine.md).

use crate::cli::DatagenArgs;
use crate::error::Error;
use crate::output::outln;
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;
use variant_engine::datagen::{self, DatagenOptions, RECORD_FIXED};
use variant_engine::nnue;
use variant_games::Game;

/// Plays the games and writes the file.
///
/// # Errors
///
/// A bad game or configuration, a game without a learned-evaluation layout, a file that
/// cannot be written.
pub fn run(args: &DatagenArgs) -> Result<(), Error> {
    let start = crate::setup::start(&args.game)?;
    let options = DatagenOptions {
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: args.seed,
        max_plies: args.max_plies,
    };
    let layout = nnue::layout_of(&start)
        .ok_or_else(|| Error::Command(format!("{} has no learned evaluation", start.name())))?;
    let record = RECORD_FIXED + layout.cells();
    let write_error =
        |e: std::io::Error| Error::Command(format!("cannot write {}: {e}", args.out.display()));
    let mut file = std::io::BufWriter::new(std::fs::File::create(&args.out).map_err(write_error)?);
    file.write_all(&datagen::header(&layout, &start.config().to_string()))
        .map_err(write_error)?;
    let threads = if args.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        args.threads
    }
    .min(usize::try_from(args.games).unwrap_or(usize::MAX))
    .max(1);
    let bar = (!args.quiet && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(args.games);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} datagen [{bar:30}] {pos}/{len} games, {msg}, {elapsed}",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar
    });
    let started = Instant::now();
    let next = AtomicU64::new(0);
    let (tx, rx) = mpsc::channel::<(u64, Vec<u8>)>();
    let mut records = 0u64;
    let result: Result<(), Error> = std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, start, options) = (&next, &start, &options);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    let bytes = nnue::datagen_games(start, index, 1, options).unwrap_or_default();
                    if tx.send((index, bytes)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games finish out of order; each is written when the games before it are.
        let mut waiting: BTreeMap<u64, Vec<u8>> = BTreeMap::new();
        let mut written = 0u64;
        for (index, bytes) in rx {
            waiting.insert(index, bytes);
            while let Some(bytes) = waiting.remove(&written) {
                file.write_all(&bytes).map_err(write_error)?;
                records += (bytes.len() / record) as u64;
                written += 1;
            }
            // Whole games reach the file as they finish: a run stopped early (Ctrl-C, a
            // time limit) keeps them (a reader ignores a cut-off last record).
            file.flush().map_err(write_error)?;
            if let Some(bar) = &bar {
                bar.set_position(written);
                let secs = started.elapsed().as_secs_f64().max(1e-3);
                bar.set_message(format!(
                    "{records} positions, {:.0} positions/s",
                    records as f64 / secs
                ));
            }
        }
        Ok(())
    });
    result?;
    file.flush().map_err(write_error)?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let secs = started.elapsed().as_secs_f64();
    outln!(
        "{} games, {records} positions in {secs:.1} s ({:.0} positions/s) written to {}",
        args.games,
        records as f64 / secs.max(1e-3),
        args.out.display()
    );
    Ok(())
}
