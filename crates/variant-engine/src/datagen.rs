//! Training data for the learned evaluation from self-play (docs/engine.md, "Training data"):
//! the engine plays itself from a few random plies, and the quiet positions it meets are
//! written with the search's score and the game's result, in the "VGDATA" format.
//!
//! Game `i` of a run is played from the seed `seed + i`, with a fresh searcher and a node
//! budget per move (no clock), so the same game always gives the same records: a task that
//! runs again after a fault, or on another machine, writes the same bytes.

use crate::nnue::Layout;
use crate::score::MATE_BOUND;
use crate::{Limits, SearchGame, Searcher};
use std::collections::HashMap;
use variant_core::Status;

/// The first bytes of a training data file.
pub const DATA_MAGIC: &[u8; 6] = b"VGDATA";
/// The training data format this crate writes.
pub const DATA_VERSION: u16 = 1;
/// Bytes of a record before its board codes.
pub const RECORD_FIXED: usize = 10;

/// How self-play games are played.
///
/// # Example
///
/// ```
/// use variant_engine::datagen::DatagenOptions;
///
/// let options = DatagenOptions { nodes: 2_000, ..DatagenOptions::default() };
/// assert_eq!(options.random_plies, 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DatagenOptions {
    /// Nodes the engine searches per move.
    pub nodes: u64,
    /// Uniformly random plies played first (not recorded), so games differ.
    pub random_plies: u32,
    /// Game `i` is played from seed `seed + i`.
    pub seed: u64,
    /// A game still going after this many plies is scored a draw.
    pub max_plies: u32,
}

impl Default for DatagenOptions {
    fn default() -> Self {
        DatagenOptions {
            nodes: 5_000,
            random_plies: 8,
            seed: 0,
            max_plies: 400,
        }
    }
}

/// The header of a training data file for `layout` (the game's name is the layout's; `config`
/// the configuration text).
///
/// # Example
///
/// ```
/// use variant_engine::datagen::{header, DATA_MAGIC};
/// use variant_engine::nnue::Layout;
///
/// let layout = Layout::two_seats("chess3d", [1, 8, 8], 6, false);
/// let bytes = header(&layout, "heights=1");
/// assert!(bytes.starts_with(DATA_MAGIC));
/// assert_eq!(bytes.len() % 8, 0);
/// // The header's length is stored at byte 8.
/// assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize, bytes.len());
/// ```
pub fn header(layout: &Layout, config: &str) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(DATA_MAGIC);
    out.extend_from_slice(&DATA_VERSION.to_le_bytes());
    out.extend_from_slice(&[0; 4]); // the header's length, filled in below
    let game = layout.game().as_bytes();
    out.push(game.len() as u8);
    out.extend_from_slice(game);
    let config = &config.as_bytes()[..config.len().min(usize::from(u16::MAX))];
    out.extend_from_slice(&(config.len() as u16).to_le_bytes());
    out.extend_from_slice(config);
    let family = layout.family();
    out.push(family.len() as u8);
    out.extend_from_slice(family.as_bytes());
    out.extend_from_slice(&(layout.cells() as u32).to_le_bytes());
    out.extend_from_slice(&(layout.kinds() as u16).to_le_bytes());
    out.push(layout.seats() as u8);
    out.push(0);
    for &cell in layout.orient_table() {
        out.extend_from_slice(&cell.to_le_bytes());
    }
    while out.len() % 8 != 0 {
        out.push(0);
    }
    let len = out.len() as u32;
    out[8..12].copy_from_slice(&len.to_le_bytes());
    out
}

/// A small deterministic generator (variant-core's SplitMix64) for the random plies.
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: usize) -> usize {
        (variant_core::zobrist::splitmix64(&mut self.0) % n as u64) as usize
    }
}

/// A recorded position, before the game's result is known.
struct Pending {
    score: i16,
    ply: u16,
    mover: u8,
    codes: Vec<u8>,
}

/// Plays self-play game number `index` from `start` and appends its records to `out`; returns
/// the number of records. `None` when the game has no learned-evaluation layout.
///
/// # Example
///
/// ```
/// use checkers3d::{Checkers3d, Checkers3dConfig};
/// use variant_core::Game;
/// use variant_engine::datagen::{play_game, DatagenOptions, RECORD_FIXED};
///
/// let start = Checkers3d::new(&Checkers3dConfig::with_heights(1).unwrap()).unwrap();
/// let options = DatagenOptions { nodes: 300, random_plies: 4, seed: 1, max_plies: 60 };
/// let mut first = Vec::new();
/// let records = play_game(&start, 0, &options, &mut first).expect("draughts has a layout");
/// assert_eq!(first.len(), records * (RECORD_FIXED + 64));
/// // The same game again gives the same bytes.
/// let mut again = Vec::new();
/// play_game(&start, 0, &options, &mut again);
/// assert_eq!(first, again);
/// ```
pub fn play_game<G: SearchGame>(
    start: &G,
    index: u64,
    options: &DatagenOptions,
    out: &mut Vec<u8>,
) -> Option<usize> {
    let layout = start.nnue_layout()?;
    let mut rng = SplitMix(options.seed.wrapping_add(index));
    let mut searcher = Searcher::<G>::with_hash_mb(4);
    let mut pos = start.clone();
    let mut earlier: Vec<u64> = Vec::new();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let mut pending: Vec<Pending> = Vec::new();
    let mut codes = vec![0u8; layout.cells()];
    let limits = Limits::nodes(options.nodes.max(1));
    let mut ply: u32 = 0;
    let mut status = pos.status();
    while !status.is_over() && ply < options.max_plies {
        let repeated = seen.entry(pos.repetition_key()).or_insert(0);
        *repeated += 1;
        if *repeated >= 3 {
            status = Status::Draw {
                reason: variant_core::DrawReason::Repetition,
            };
            break;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = if ply < options.random_plies {
            moves[rng.below(moves.len())]
        } else {
            let result = searcher.search(&pos, &earlier, &limits, None, |_| {});
            let Some(best) = result.best else { break };
            let quiet = !pos.must_not_stand_pat() && !pos.move_facts(best).is_tactical();
            if quiet && result.score.0.abs() < MATE_BOUND {
                pos.nnue_codes(&mut codes);
                pending.push(Pending {
                    score: result.score.0.clamp(-29_999, 29_999) as i16,
                    ply: ply.min(u32::from(u16::MAX)) as u16,
                    mover: pos.side_to_move().0,
                    codes: codes.clone(),
                });
            }
            best
        };
        earlier.push(pos.zobrist());
        pos.play_unchecked(mv);
        ply += 1;
        status = pos.status();
    }
    let winner = match status {
        Status::Win { winner, .. } => Some(winner),
        _ => None,
    };
    let game = (index as u32).to_le_bytes();
    for p in &pending {
        let result: u8 = match winner {
            None => 1,
            Some(w) if w.0 == p.mover => 2,
            Some(_) => 0,
        };
        out.extend_from_slice(&game);
        out.extend_from_slice(&p.score.to_le_bytes());
        out.extend_from_slice(&p.ply.to_le_bytes());
        out.push(p.mover);
        out.push(result);
        out.extend_from_slice(&p.codes);
    }
    Some(pending.len())
}
