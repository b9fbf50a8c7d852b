//! Shared machinery of the fuzz targets: the game selector, the configurations each game is
//! fuzzed under, a byte reader that drives random playouts, and the invariants every target
//! checks on every position it reaches.
//!
//! Every check panics with a message that names the game, the position and what broke, so a
//! libFuzzer crash report is a ready bug report.

use std::sync::OnceLock;

use variant_games::GameCrate;
use variant_games::games::GameTypeVisitor;
use variant_games::registry;
use variant_games::variant_core::{Game, GameConfig};

/// The configurations (`k=v;k=v`) game `name` is fuzzed under: the configurations of its test
/// position file (`crates/<game>/data/<game>.positions`, through the registry), in file order
/// — the 2D reductions, small and full boxes, and the rule switches that change move
/// generation. The configuration byte after the game selector picks one by its place in this
/// list, so the files keep their order (the kept crash inputs name their configuration by it).
/// Only the default configuration for a name that is not a game of this build.
///
/// ```
/// # if variant_games::games::is_built("chess3d") {
/// assert!(variant_fuzz_checks::configs_of("chess3d").contains(&"heights=1"));
/// # }
/// assert_eq!(variant_fuzz_checks::configs_of("no such game"), &[""]);
/// ```
pub fn configs_of(name: &str) -> &'static [&'static str] {
    static CONFIGS: OnceLock<Vec<(&'static str, Vec<&'static str>)>> = OnceLock::new();
    let all = CONFIGS.get_or_init(|| {
        registry::games()
            .iter()
            .filter_map(|g| {
                let file = registry::test_positions(g.name)?;
                let configs: Vec<&'static str> = file.configurations().map(|e| e.config).collect();
                (!configs.is_empty()).then_some((g.name, configs))
            })
            .collect()
    });
    all.iter()
        .find(|(game, _)| *game == name)
        .map_or(&[""][..], |(_, configs)| configs.as_slice())
}

/// One of [`configs_of`]`(name)`, chosen by `index` (modulo the list's length).
///
/// ```
/// assert_eq!(variant_fuzz_checks::listed_config("no such game", 7), "");
/// ```
pub fn listed_config(name: &str, index: usize) -> &'static str {
    let list = configs_of(name);
    list[index % list.len()]
}

/// The names of the games this build fuzzes, in selector order.
pub fn game_names() -> &'static [&'static str] {
    registry::names()
}

/// Something done with one game type: the targets implement it once, generically, and
/// [`dispatch`] runs it for the game a selector byte picks.
pub trait Visit {
    /// Runs with game `G`, fuzzed under `configs`.
    fn visit<G: GameCrate>(self, configs: &'static [&'static str]);
}

/// Runs `visitor` for the game `selector` picks (modulo the number of games built in), in
/// registry order: the facade's game list decides, so a new game is fuzzed like the others.
///
/// ```
/// struct Name<'a>(&'a mut &'static str);
/// impl variant_fuzz_checks::Visit for Name<'_> {
///     fn visit<G: variant_games::GameCrate>(self, _configs: &'static [&'static str]) {
///         *self.0 = G::NAME;
///     }
/// }
/// let mut name = "";
/// variant_fuzz_checks::dispatch(0, Name(&mut name));
/// assert_eq!(name, variant_fuzz_checks::game_names()[0]);
/// ```
pub fn dispatch<V: Visit>(selector: u8, visitor: V) {
    let names = registry::names();
    if names.is_empty() {
        return;
    }
    let name = names[usize::from(selector) % names.len()];
    variant_games::games::visit_type(name, ToType(visitor));
}

/// A [`Visit`] run through the facade's [`GameTypeVisitor`]: the game type comes from its
/// name, with no position made for it.
struct ToType<V>(V);

impl<V: Visit> GameTypeVisitor for ToType<V> {
    type Output = ();
    fn visit<G: GameCrate>(self) {
        self.0.visit::<G>(configs_of(G::NAME));
    }
}

/// Reads fuzz input a byte at a time; past the end it yields zeros, so every input is usable.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next byte as an index below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { self.byte() as usize % n }
    }

    /// The bytes up to the next newline (or the end), consumed together with the newline.
    pub fn until_newline(&mut self) -> &'a [u8] {
        let data = self.data;
        match data.iter().position(|&b| b == b'\n') {
            Some(at) => {
                self.data = &data[at + 1..];
                &data[..at]
            }
            None => {
                self.data = &[];
                data
            }
        }
    }

    /// Whether every byte has been read: the targets that run a program of calls stop there, so
    /// that the work of an execution is bounded by its input (past the end every byte is 0,
    /// which would repeat the same call).
    ///
    /// ```
    /// let mut bytes = variant_fuzz_checks::Bytes::new(&[7]);
    /// assert!(!bytes.is_empty());
    /// assert_eq!(bytes.byte(), 7);
    /// assert!(bytes.is_empty());
    /// assert_eq!(bytes.byte(), 0);
    /// ```
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Everything not read yet.
    pub fn rest(self) -> &'a [u8] {
        self.data
    }
}

/// The configuration `text` of game `G` (`None` when it is not valid: a configuration list
/// entry the game rejects is skipped, not a failure).
pub fn config_of<G: Game>(text: &str) -> Option<G::Config> {
    let pairs = registry::parse_config(text).ok()?;
    G::Config::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))).ok()
}

/// The start position under configuration number `index` of `configs`.
pub fn start<G: Game>(configs: &[&str], index: usize) -> Option<G> {
    let text = configs.get(index % configs.len().max(1))?;
    G::new(&config_of::<G>(text)?).ok()
}

/// The legal moves of `game` (no texts: the cheap form for choosing a move).
pub fn moves_of<G: Game>(game: &G) -> Vec<G::Move> {
    let mut list = G::MoveList::default();
    game.legal_moves_into(&mut list);
    list.iter().copied().collect()
}

/// The legal moves of `game` with their canonical texts.
pub fn legal<G: Game>(game: &G) -> Vec<(G::Move, String)> {
    let mut list = G::MoveList::default();
    game.legal_moves_into(&mut list);
    list.iter().map(|&m| (m, game.format_move(m))).collect()
}

/// The invariants of a position reached by legal play from a start position (or read from a
/// text that the game accepted):
///
/// - its text re-parses, to the same text, the same repetition key and the same number of
///   legal moves
///   (a text that does not re-parse means a legal move reached a forbidden state, e.g. the
///   mover's king left in check, which the text validation rejects);
/// - the incremental hash equals the hash computed from scratch;
/// - `count_legal_moves` equals the length of the list; canonical texts are distinct and each
///   parses back to its move;
/// - no legal moves ⇒ the status says the game is over.
pub fn check_position<G: Game>(game: &G) -> Vec<(G::Move, String)> {
    check_position_parsing(game, usize::MAX)
}

/// How many of a position's move texts the playout targets parse back
/// ([`check_position_sampled`]).
pub const PARSED_BACK: usize = 12;

/// [`check_position`] with at most [`PARSED_BACK`] of the canonical texts parsed back (all
/// are still made and checked distinct): every one when there are no more, else an even
/// spread over the list from a place set by the position's hash. Parsing a text generates the
/// position's moves, so parsing all of them costs as many generations as there are moves (a
/// hundred and more in the 3D boxes) — most of an execution of the playout targets. Another
/// position parses others, and `position_text` (whose texts reach every position) parses them
/// all.
pub fn check_position_sampled<G: Game>(game: &G) -> Vec<(G::Move, String)> {
    check_position_parsing(game, PARSED_BACK)
}

/// [`check_position`], parsing back at most `parsed` of the move texts.
fn check_position_parsing<G: Game>(game: &G, parsed: usize) -> Vec<(G::Move, String)> {
    let text = game.to_text();
    let reparsed = match G::from_text(game.config(), &text) {
        Ok(g) => g,
        Err(e) => panic!(
            "{}: the text of a reached position does not re-parse: {e}\n  text: {text}",
            G::NAME
        ),
    };
    assert_eq!(reparsed.to_text(), text, "{}: text round trip", G::NAME);
    assert_eq!(
        game.zobrist(),
        game.recompute_zobrist(),
        "{}: incremental hash differs from recomputed hash at {text}",
        G::NAME
    );
    // The text need not carry every counter the full hash covers (the draughts text has no
    // king-move counter), but it must identify the position for repetitions.
    assert_eq!(
        reparsed.repetition_key(),
        game.repetition_key(),
        "{}: repetition key of the re-parsed text differs at {text}",
        G::NAME
    );
    let moves = legal(game);
    assert_eq!(
        game.count_legal_moves(),
        moves.len() as u64,
        "{}: count_legal_moves disagrees with legal_moves at {text}",
        G::NAME
    );
    assert_eq!(
        reparsed.count_legal_moves(),
        moves.len() as u64,
        "{}: the re-parsed position has another number of legal moves at {text}",
        G::NAME
    );
    let mut texts: Vec<&str> = moves.iter().map(|(_, t)| t.as_str()).collect();
    texts.sort_unstable();
    texts.dedup();
    assert_eq!(
        texts.len(),
        moves.len(),
        "{}: two legal moves share a canonical text at {text}",
        G::NAME
    );
    let step = moves.len().div_ceil(parsed.max(1)).max(1);
    let offset = usize::try_from(game.zobrist() % step as u64).unwrap_or(0);
    for (m, t) in moves.iter().skip(offset).step_by(step) {
        match game.parse_move(t) {
            Ok(parsed) => assert_eq!(
                parsed,
                *m,
                "{}: canonical text {t} parses to another move at {text}",
                G::NAME
            ),
            Err(e) => panic!(
                "{}: canonical text {t} of a legal move does not parse at {text}: {e}",
                G::NAME
            ),
        }
    }
    // Bishops and chess-T end only when nobody can move on (CT-/B4- status rules): a finished
    // game there has no legal moves. Chess and draughts may end with moves left (dead
    // position, move-count rules).
    if matches!(G::NAME, "bishops4p" | "chess-t") && game.status().is_over() {
        assert!(
            moves.is_empty(),
            "{}: status {} but {} legal moves at {text}",
            G::NAME,
            game.status(),
            moves.len()
        );
    }
    if moves.is_empty() {
        assert!(
            game.status().is_over(),
            "{}: no legal moves but status {} at {text}",
            G::NAME,
            game.status()
        );
    }
    moves
}

/// A playout re-reads the text of every `TEXT_EVERY`-th position (and `check_position` checks
/// its last in full); the hash is checked at every position. Writing and reading a text costs
/// more than generating the moves, and a playout that ends at any position is another input,
/// so every reachable position is still re-read by some input — the corpus, not one input,
/// covers the line.
pub const TEXT_EVERY: usize = 4;

/// The incremental hash of `game` equals the hash computed from scratch.
pub fn check_hash<G: Game>(game: &G) {
    assert_eq!(
        game.zobrist(),
        game.recompute_zobrist(),
        "{}: incremental hash differs from recomputed hash at {}",
        G::NAME,
        game.to_text()
    );
}

/// The cheap invariants, for positions along a playout: the text re-parses to the same
/// text, and the incremental hash equals the recomputed one. (`check_position` adds the
/// costly ones: every legal move's text parsed back.)
pub fn check_light<G: Game>(game: &G) {
    let text = game.to_text();
    match G::from_text(game.config(), &text) {
        Ok(again) => assert_eq!(again.to_text(), text, "{}: text round trip", G::NAME),
        Err(e) => panic!(
            "{}: the text of a reached position does not re-parse: {e}\n  text: {text}",
            G::NAME
        ),
    }
    assert_eq!(
        game.zobrist(),
        game.recompute_zobrist(),
        "{}: incremental hash differs from recomputed hash at {text}",
        G::NAME
    );
}

/// Plays up to `plies` moves chosen by `bytes` from `game` — one byte a move, so no more moves
/// than the input has bytes left: the playout is as long as the input says — checking the
/// positions on the way (the hash of each, `check_light` every [`TEXT_EVERY`] plies from the
/// start, and `check_position_sampled` for the last); returns every position visited (the
/// start first) and the moves between them.
pub fn playout<G: Game>(game: G, bytes: &mut Bytes<'_>, plies: usize) -> (Vec<G>, Vec<G::Move>) {
    let mut line = vec![game];
    let mut played = Vec::new();
    for ply in 0..plies {
        let Some(current) = line.last() else { break };
        if bytes.is_empty() {
            break;
        }
        if ply % TEXT_EVERY == 0 {
            check_light(current);
        } else {
            check_hash(current);
        }
        // Only the move list: the texts of every move are checked once, at the end
        // (`check_position`), not at every ply.
        let moves = moves_of(current);
        if moves.is_empty() || current.status().is_over() {
            break;
        }
        let m = moves[bytes.below(moves.len())];
        let mut next = current.clone();
        next.play_unchecked(m);
        line.push(next);
        played.push(m);
    }
    if let Some(last) = line.last() {
        check_position_sampled(last);
    }
    (line, played)
}

pub mod targets;
