//! `variant_games.Game`: a position of one of the games, with moves as canonical text.

use crate::config;
use crate::errors::{VariantsError, to_py};
use crate::pieces;
use crate::search::{self, SearchResult};
use crate::status::Status;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyInt, PyTuple};
use variant_games::AnyGame;
use variant_games::registry;
use variant_games::variant_core::planes::Observation;
use variant_games::variant_core::{Game as _, GameConfig as _, Seat, diagram};
use variant_games::variant_perft::{divide_parallel, perft_with};

/// A game position: the start of a game picked by name and configuration, or a position read
/// from text. Moves are canonical text (`e2e4`, `c3-d4`, `pass`).
#[pyclass(module = "variant_games", name = "Game")]
pub struct Game {
    pub(crate) inner: AnyGame,
}

impl Game {
    /// Wraps a library game.
    pub fn wrap(inner: AnyGame) -> Game {
        Game { inner }
    }

    /// The seat called `name` (`white`, `black`, `grey`, `pink`), or its number.
    pub fn seat_named(&self, seat: &Bound<'_, PyAny>) -> PyResult<Seat> {
        let seats = self.inner.seat_count();
        if seat.downcast::<PyInt>().is_ok() {
            let index = config::int_arg("seat", seat, 0, seats as i64 - 1)?;
            return Ok(Seat(u8::try_from(index).unwrap_or(u8::MAX)));
        }
        let name: String = seat.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "a seat is a name (str) or a number (int), not {}",
                config::type_name(seat)
            ))
        })?;
        (0..seats as u8)
            .map(Seat)
            .find(|&s| self.inner.seat_name(s) == name)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "unknown seat {name:?}; seats: {}",
                    self.seat_names().join(", ")
                ))
            })
    }

    /// The names of the seats that play under this configuration ("Bishops" with three
    /// players has no Grey).
    pub fn seat_names(&self) -> Vec<String> {
        // The seats playing at the start of this configuration, so a seat that leaves during
        // the game keeps its name here.
        let start =
            variant_games::AnyGame::new(self.inner.config()).unwrap_or_else(|_| self.inner.clone());
        start
            .playing_seats()
            .into_iter()
            .map(|s| self.inner.seat_name(s).to_string())
            .collect()
    }

    /// The names of every seat, in seat order (for drawing).
    fn all_seat_names(&self) -> Vec<&'static str> {
        self.inner.seat_names()
    }

    /// The configuration as `k=v;k=v` text.
    pub fn config_text(&self) -> String {
        self.inner
            .config()
            .to_pairs()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(";")
    }

    /// The status of the position.
    pub fn status_value(&self) -> Status {
        Status::new(self.inner.status(), |s| self.inner.seat_name(s))
    }
}

/// A perft depth: `0..=MAX_DEPTH` (deeper counts could never finish, and their recursion could
/// overflow the interpreter's stack).
fn perft_depth_arg(depth: &Bound<'_, PyAny>) -> PyResult<u32> {
    let max = variant_games::variant_core::perft::MAX_DEPTH;
    let depth = config::int_arg("depth", depth, 0, i64::from(max))?;
    Ok(u32::try_from(depth).unwrap_or(max))
}

/// A thread count: 0 (every core) or more; 1 when not given.
fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(threads) = threads else {
        return Ok(1);
    };
    let threads = config::int_arg("threads", threads, 0, 4096)?;
    Ok(usize::try_from(threads).unwrap_or(1))
}

#[pymethods]
impl Game {
    /// The start position of game `name` under a configuration given as text, dict or keyword
    /// arguments (`variant_games.Game("chess3d", heights=1)`).
    #[new]
    #[pyo3(signature = (name, config=None, **keys))]
    fn py_new(
        name: &str,
        config: Option<&Bound<'_, PyAny>>,
        keys: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let pairs = config::pairs(config, keys)?;
        registry::new_game(name, &pairs)
            .map(Game::wrap)
            .map_err(to_py)
    }

    /// A position of game `name` read from `text` in the game's notation (FEN for chess3d with
    /// one height). What the text fixes (heights, base heights) overrides the configuration.
    #[staticmethod]
    #[pyo3(signature = (name, text, config=None, **keys))]
    fn from_text(
        name: &str,
        text: &str,
        config: Option<&Bound<'_, PyAny>>,
        keys: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let pairs = config::pairs(config, keys)?;
        registry::from_text(name, &pairs, text)
            .map(Game::wrap)
            .map_err(to_py)
    }

    /// The game's name (`chess3d`, `checkers3d`, `bishops4p`, `chess-t`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The configuration as a dict of key to value text.
    #[getter]
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (k, v) in self.inner.config().to_pairs() {
            dict.set_item(k, v)?;
        }
        Ok(dict)
    }

    /// The position in the game's notation.
    #[getter]
    fn text(&self) -> String {
        self.inner.to_text()
    }

    /// The seat to move, by name.
    #[getter]
    fn to_move(&self) -> &'static str {
        self.inner.seat_name(self.inner.side_to_move())
    }

    /// The names of the seats that play, in turn order.
    #[getter]
    fn seats(&self) -> Vec<String> {
        self.seat_names()
    }

    /// The state decided by the position alone (mate, stalemate, move-count rules…);
    /// repetitions and claims need a `History`.
    #[getter]
    fn status(&self) -> Status {
        self.status_value()
    }

    /// The Zobrist hash of the position (an int below 2**64).
    #[getter]
    fn hash(&self) -> u64 {
        self.inner.zobrist()
    }

    /// The legal moves in canonical text, sorted.
    fn legal_moves(&self) -> Vec<String> {
        let mut moves = self.inner.legal_move_texts();
        moves.sort_unstable();
        moves
    }

    /// Whether listing the moves would take more than `steps` capture steps: only
    /// checkers3d's longest-capture search (D3-12) can, with a few kings among dozens of men
    /// in the 3D box (minutes); always False for the other games. Ask it before listing the
    /// moves of a position from an untrusted source; it costs at most about `steps` steps.
    fn move_search_exceeds(&self, steps: u64) -> bool {
        self.inner.move_search_exceeds(steps)
    }

    /// Whether `move` is a legal move here (in any accepted spelling).
    fn is_legal(&self, r#move: &str) -> bool {
        self.inner.parse_move(r#move).is_ok()
    }

    /// The canonical text of a move given in any accepted spelling (`e2-e4` → `e2e4`).
    fn canonical(&self, r#move: &str) -> PyResult<String> {
        let mv = self.inner.parse_move(r#move).map_err(|e| to_py(e.into()))?;
        Ok(self.inner.format_move(mv))
    }

    /// Plays a move given as text. On error the position is unchanged and
    /// `IllegalMoveError` says why.
    fn play(&mut self, r#move: &str) -> PyResult<()> {
        // A parsed move is legal, so playing it cannot fail half-way.
        let mv = self.inner.parse_move(r#move).map_err(|e| to_py(e.into()))?;
        self.inner.play_unchecked(mv);
        Ok(())
    }

    /// An independent copy.
    fn copy(&self) -> Game {
        Game::wrap(self.inner.clone())
    }

    fn __copy__(&self) -> Game {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.copy()
    }

    /// Perft: the number of move paths of length `depth` (leaves counted in bulk). `threads`
    /// above 1 counts on that many threads (0: every core); `hash` gives a transposition table
    /// of that many megabytes (0 or None: none), `hash_seed` varies its collision pattern (a
    /// second run of a deep count with another seed checks the first). The GIL is released
    /// while counting.
    ///
    /// >>> variant_games.Game("chess3d", heights=1).perft(4, hash=16)
    /// 197281
    #[pyo3(signature = (depth, threads=None, hash=None, hash_seed=None))]
    fn perft(
        &self,
        py: Python<'_>,
        depth: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
        hash: Option<&Bound<'_, PyAny>>,
        hash_seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let depth = perft_depth_arg(depth)?;
        let options = pieces::options(threads, hash, hash_seed)?;
        let game = &self.inner;
        py.allow_threads(|| perft_with(game, depth, &options))
            .map_err(pieces::perft_error)
    }

    /// The distinct positions `depth` plies below this one, as a list of `(text, paths)`:
    /// `paths` move paths from here reach the position `text`. Transpositions are merged the
    /// way perft's transposition table merges them (equal Zobrist key and equal set of legal
    /// moves, clocks aside), so `perft(depth + d)` is the sum of `paths * perft(d)` over the
    /// list, each distinct position counted once. Positions without moves above `depth` end
    /// their paths and give no entry. `merge=False` lists every path's end instead,
    /// transpositions repeated (to measure what merging saves). The GIL is released.
    ///
    /// >>> pieces = variant_games.Game("chess3d", heights=1).split(2)
    /// >>> len(pieces), sum(n for _, n in pieces)
    /// (400, 400)
    #[pyo3(signature = (depth, merge=true))]
    fn split(
        &self,
        py: Python<'_>,
        depth: &Bound<'_, PyAny>,
        merge: bool,
    ) -> PyResult<Vec<(String, u64)>> {
        pieces::split(py, &self.inner, depth, merge)
    }

    /// Perft split at the root: a dict of each legal move to its count at `depth - 1`.
    #[pyo3(signature = (depth, threads=None))]
    fn divide<'py>(
        &self,
        py: Python<'py>,
        depth: &Bound<'py, PyAny>,
        threads: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let depth = perft_depth_arg(depth)?;
        if depth == 0 {
            return Err(PyValueError::new_err("divide: depth must be 1 or more"));
        }
        let threads = threads_arg(threads)?;
        let game = &self.inner;
        let mut counts: Vec<(String, u64)> = py.allow_threads(|| {
            divide_parallel(game, depth, threads, |_, _| {})
                .into_iter()
                .map(|(mv, n)| (game.format_move(mv), n))
                .collect()
        });
        counts.sort();
        let dict = PyDict::new(py);
        for (mv, n) in counts {
            dict.set_item(mv, n)?;
        }
        Ok(dict)
    }

    /// Searches the position with the engine and returns the best move, its score and the
    /// principal variation. Limits: `depth` in plies, `movetime` in seconds, `nodes`; the
    /// search stops at the first reached (one second when none is given). The GIL is released
    /// while it runs. Repetitions before this position are not known to the search.
    #[pyo3(signature = (depth=None, movetime=None, nodes=None))]
    fn search(
        &self,
        py: Python<'_>,
        depth: Option<&Bound<'_, PyAny>>,
        movetime: Option<f64>,
        nodes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<SearchResult> {
        let depth = depth
            .map(|d| config::int_arg("depth", d, 1, 100))
            .transpose()?
            .map(|d| d as u32);
        let nodes = nodes
            .map(|n| config::int_arg("nodes", n, 1, i64::MAX))
            .transpose()?
            .map(|n| n as u64);
        let limits = search::limits(depth, movetime, nodes).map_err(PyValueError::new_err)?;
        let game = &self.inner;
        py.allow_threads(|| search::search(game, &limits))
            .map_err(to_py)
    }

    /// The board as a NumPy `int8` array of piece codes, shape `(boards, ranks, files)`:
    /// one board per height for the 3D games (height 1 first), rank 1 first, file a first.
    /// 0 is an empty cell; a piece of seat `s` and kind index `k` (see `piece_kinds`) is
    /// `1 + s * len(piece_kinds) + k`.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let board = self
            .inner
            .board_codes()
            .map_err(|e| VariantsError::new_err(e.to_string()))?;
        let (shape, codes) = (board.shape, board.codes);
        let data = PyByteArray::new(py, &codes.iter().map(|&c| c as u8).collect::<Vec<_>>());
        let array = py
            .import("numpy")?
            .call_method1("frombuffer", (data, "int8"))?;
        array.call_method1("reshape", (PyTuple::new(py, shape)?,))
    }

    /// The piece letters of the game in code order (`board()` codes).
    #[getter]
    fn piece_kinds(&self) -> Vec<String> {
        self.inner
            .piece_kinds()
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    /// The position as an SVG picture (boards in a row, one per height, and the caption).
    fn svg(&self) -> PyResult<String> {
        let view = self.inner.board_view().ok_or_else(|| {
            VariantsError::new_err(format!("{} draws no board", self.inner.name()))
        })?;
        Ok(variant_games::svg::to_svg(&self.inner, &view, false))
    }

    /// Jupyter shows a game as its picture.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg()
    }

    /// The position as text boards for a terminal (rank 1 at the bottom, then the caption).
    fn diagram(&self) -> PyResult<String> {
        let view = self.inner.board_view().ok_or_else(|| {
            VariantsError::new_err(format!("{} draws no board", self.inner.name()))
        })?;
        Ok(diagram::to_text(&view, &self.all_seat_names(), false))
    }

    fn __str__(&self) -> String {
        self.inner.to_text()
    }

    fn __repr__(&self) -> String {
        format!(
            "variant_games.Game.from_text({:?}, {:?}, {:?})",
            self.inner.name(),
            self.inner.to_text(),
            self.config_text()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.downcast::<Game>() else {
            return false;
        };
        let other = other.borrow();
        // Equal when game, configuration and position text agree.
        self.inner.name() == other.inner.name()
            && self.inner.config().to_pairs() == other.inner.config().to_pairs()
            && self.inner.to_text() == other.inner.to_text()
    }

    /// Pickling: rebuilt from name, position text and configuration.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, String, String))> {
        let from_text = py.get_type::<Game>().getattr("from_text")?;
        Ok((
            from_text,
            (
                self.inner.name().to_string(),
                self.inner.to_text(),
                self.config_text(),
            ),
        ))
    }
}
