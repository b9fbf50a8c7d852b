//! The table each game's evaluation reads: the embedded default, parsed once, or one a user
//! installed, process-wide.

use super::{ParamsError, Table, parse};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{OnceLock, PoisonError, RwLock};
use variant_core::{Game, Seat};

/// Bumped by every [`install`] and [`reset`]: a thread's cached tables are current while it
/// has not changed.
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// At most this many games read tables (the slots' `index`).
const SLOTS: usize = 8;

/// A thread's copy of one slot's table: the generation it was read at, and the table.
type Cached = Cell<(u64, Option<&'static [i32]>)>;

thread_local! {
    /// Per slot, the generation it was read at and the table: an evaluation reads its weights
    /// with one atomic load and no lock, no reference count.
    static CACHE: [Cached; SLOTS] = const { [const { Cell::new((0, None)) }; SLOTS] };
}

/// One game's active weights.
pub(crate) struct Active {
    /// The game's name, as the header of its file gives it.
    pub(crate) game: &'static str,
    /// The slot's place in the per-thread cache (unique, below `SLOTS`).
    index: usize,
    /// Names and lengths of the weights, in the file's order.
    pub(crate) schema: &'static [(&'static str, usize)],
    /// The embedded default table.
    pub(crate) default_text: &'static str,
    default: OnceLock<&'static [i32]>,
    /// An installed table, `None` for the default. Tables are leaked: every evaluation reads
    /// them without a lock or a reference count, so they must outlive every search that may
    /// still read them; one table of a few hundred integers per `install` (a command line
    /// option, a protocol command) is all that is ever kept.
    installed: RwLock<Option<&'static [i32]>>,
}

impl Active {
    pub(crate) const fn new(
        game: &'static str,
        index: usize,
        schema: &'static [(&'static str, usize)],
        default_text: &'static str,
    ) -> Active {
        Active {
            game,
            index,
            schema,
            default_text,
            default: OnceLock::new(),
            installed: RwLock::new(None),
        }
    }

    /// The weights every evaluation of the game reads now, flat in the schema's order.
    #[inline]
    pub(crate) fn get(&'static self) -> &'static [i32] {
        let generation = GENERATION.load(Ordering::Acquire);
        let cached = CACHE.with(|c| c.get(self.index).map(Cell::get));
        if let Some((g, Some(w))) = cached
            && g == generation
        {
            return w;
        }
        let w = self.read();
        CACHE.with(|c| {
            if let Some(c) = c.get(self.index) {
                c.set((generation, Some(w)));
            }
        });
        w
    }

    /// The table without the cache.
    fn read(&'static self) -> &'static [i32] {
        let installed = *self
            .installed
            .read()
            .unwrap_or_else(PoisonError::into_inner);
        installed.unwrap_or_else(|| {
            self.default.get_or_init(|| {
                // The embedded table is checked by the tests of every game (`params::tests`).
                #[allow(clippy::expect_used)]
                let table = parse(self.default_text).expect("the embedded parameter table");
                Box::leak(table.flat().into_boxed_slice())
            })
        })
    }

    fn set(&self, weights: Option<&'static [i32]>) {
        *self
            .installed
            .write()
            .unwrap_or_else(PoisonError::into_inner) = weights;
        GENERATION.fetch_add(1, Ordering::AcqRel);
    }
}

/// The games whose evaluations read a table.
fn slots() -> &'static [&'static Active] {
    static SLOT_LIST: &[&Active] = &[
        #[cfg(feature = "chess-t")]
        &super::super::chess_t::PARAMS,
        #[cfg(feature = "checkers3d")]
        &super::super::checkers3d::PARAMS,
        #[cfg(feature = "bishops4p")]
        &super::super::bishops4p::PARAMS,
        #[cfg(feature = "qubic")]
        &super::super::qubic::PARAMS,
    ];
    SLOT_LIST
}

pub(super) fn slot(game: &str) -> Option<&'static Active> {
    slots().iter().copied().find(|s| s.game == game)
}

pub(super) fn schema(game: &str) -> Option<&'static [(&'static str, usize)]> {
    slot(game).map(|s| s.schema)
}

/// The games whose evaluations read a parameter table, by their names in its header.
///
/// ```
/// assert!(variant_engine::eval::params::games().contains(&"chess-t"));
/// ```
pub fn games() -> Vec<&'static str> {
    slots().iter().map(|s| s.game).collect()
}

/// Makes `table` the one every evaluation of its game reads from now on, in the whole process
/// (every searcher, every thread): docs/engine.md, "Where the weights live".
///
/// # Errors
///
/// A [`ParamsError`] for a table of a game whose evaluation reads none (a [`parse`]d table
/// never is).
///
/// ```
/// use variant_engine::eval::params;
/// let table = params::parse(params::default_text("chess-t").unwrap()).unwrap();
/// params::install(&table).unwrap(); // the default's values: every search as before
/// assert_eq!(params::weights("chess-t"), Some(table.flat()));
/// ```
pub fn install(table: &Table) -> Result<(), ParamsError> {
    let slot = slot(table.game()).ok_or_else(|| {
        ParamsError::at(
            0,
            format!("no evaluation reads a table for `{}`", table.game()),
        )
    })?;
    slot.set(Some(Box::leak(table.flat().into_boxed_slice())));
    Ok(())
}

/// Puts `game`'s embedded default table back (nothing for a game without a table).
pub fn reset(game: &str) {
    if let Some(slot) = slot(game) {
        slot.set(None);
    }
}

/// The weights `game`'s evaluation reads now, in the order of [`names`](super::names);
/// `None` for a game whose evaluation reads no table.
pub fn weights(game: &str) -> Option<Vec<i32>> {
    slot(game).map(|s| s.get().to_vec())
}

/// A game whose hand-written evaluation is `weights · features` (give or take the rounding
/// its docs name): the terms of a position as coefficients, one per weight of the game's
/// table, for fitting the weights to game results.
///
/// # Example
///
/// ```
/// use chess_t::ChessT;
/// use variant_core::Seat;
/// use variant_engine::SearchGame;
/// use variant_engine::eval::params::{self, EvalTerms};
///
/// let start = ChessT::default();
/// let w = params::weights("chess-t").unwrap();
/// let f = start.features(Seat(0));
/// let dot: f32 = w.iter().zip(&f).map(|(&w, &f)| w as f32 * f).sum();
/// assert_eq!(dot as i32, start.evaluate(Seat(0)));
/// ```
pub trait EvalTerms: Game {
    /// The game's name in its parameter file.
    const PARAMS_GAME: &'static str;

    /// The coefficient of each weight of the game's table ([`names`](super::names)) in the
    /// evaluation of this position for `seat`.
    fn features(&self, seat: Seat) -> Vec<f32>;
}
