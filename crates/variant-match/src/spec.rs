//! Player specs: the one grammar of who plays a seat, shared by `variants play`,
//! `variants match`, the web server's engine seats and Python.
//!
//! ```text
//! human | random | greedy
//! engine[:depth=N,movetime=MS,nodes=N,hash=MB,eval=classic|default|NET]
//! uci:PATH[,movetime=MS,depth=N,nodes=N,timeout=MS,arg=ARG,…,OPTION=VALUE,…]
//! ```
//!
//! A plain `engine` searches 100 ms a move with the game's default evaluation; `eval=classic`
//! makes it use the hand-written one, `eval=PATH` the net file at PATH (docs/engine.md). For `uci:`, `movetime`, `depth` and `nodes` go
//! into every `go` command (a plain `uci:PATH` also gets 100 ms), `timeout` is how long past
//! that limit the engine may be silent before it is given up (default 10 000 ms), each `arg`
//! is a command-line argument of the program, and every other `OPTION=VALUE` is sent as
//! `setoption name OPTION value VALUE`. The path cannot contain a comma.
//!
//! A parsed spec records which options were given (a default is filled in where it is used,
//! not in the spec), so its text ([`Display`](fmt::Display)) is what was given, in a fixed
//! order, and reads back to the same spec; a frontend changes a spec with typed edits
//! ([`EngineSpec::or_limits`], [`EngineSpec::or_eval`]), never by editing its text. Parsing
//! reads no file: a net file of `eval=` is read when an engine player is made
//! ([`EngineSpec::evaluation`]).

use crate::error::MatchError;
use std::fmt;
use std::time::Duration;
use variant_engine::Limits;
use variant_engine::nnue::{EvalChoice, Evaluation};

/// Time per move of a plain `engine` or `uci:PATH` player.
pub const DEFAULT_MOVETIME_MS: u64 = 100;

/// How long past its limit an external engine may take before it is given up, by default.
pub const DEFAULT_UCI_TIMEOUT_MS: u64 = 10_000;

/// The largest `depth=` (a larger one is read as this).
const MAX_DEPTH: u64 = 100;

/// The largest `hash=` in MiB (a larger one is read as this).
const MAX_HASH_MB: u64 = 1 << 16;

/// What [`PlayerSpec::parse`] expects, for its error message.
const GRAMMAR: &str = "expected human, random, greedy, \
    engine[:depth=N,movetime=MS,nodes=N,hash=MB,eval=E] or uci:PATH[,option=value…]";

/// Who plays a seat.
///
/// # Example
///
/// ```
/// use variant_match::PlayerSpec;
/// let spec: PlayerSpec = "engine:depth=3,hash=4".parse().unwrap();
/// assert_eq!(spec.to_string(), "engine:depth=3,hash=4");
/// assert!("engine:depth=0".parse::<PlayerSpec>().is_err());
/// assert!(matches!("human".parse(), Ok(PlayerSpec::Human)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A person (at a terminal or a web page): the library never chooses for one.
    Human,
    /// A legal move at random.
    Random,
    /// The move with the best material count one ply deep, random among equals (a win is
    /// best, a loss worst).
    Greedy,
    /// The built-in engine.
    Engine(EngineSpec),
    /// An external program speaking the engine protocol (docs/protocol.md).
    Uci(UciSpec),
}

/// The built-in engine's settings, as given: an option not given is `None` (or, for the
/// limits, no limit at all) and its default is filled in where it is used.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use variant_match::{EngineSpec, PlayerSpec};
///
/// let PlayerSpec::Engine(plain) = PlayerSpec::parse("engine").unwrap() else { panic!() };
/// assert_eq!(plain, EngineSpec::default());
/// assert_eq!(plain.search_limits().movetime, Some(Duration::from_millis(100)));
/// assert_eq!(plain.table_mb(), variant_engine::DEFAULT_ANY_HASH_MB);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSpec {
    /// The limits given (`depth=`, `movetime=`, `nodes=`); with none,
    /// [`EngineSpec::search_limits`] is [`DEFAULT_MOVETIME_MS`] a move.
    pub limits: Limits,
    /// The transposition table in MiB (`hash=`), if given.
    pub hash_mb: Option<usize>,
    /// The evaluation (`eval=classic`, `eval=default` or `eval=PATH` of a net file), if given.
    pub eval: Option<EvalChoice>,
}

/// An external engine's settings, as given (a default is filled in where it is used).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciSpec {
    /// The program.
    pub path: String,
    /// Its command-line arguments (`arg=…`; our own `variants` program gets `uci` when none
    /// are given).
    pub args: Vec<String>,
    /// The limits given for every `go`; with none, [`UciSpec::search_limits`] is
    /// [`DEFAULT_MOVETIME_MS`] a move.
    pub limits: Limits,
    /// How long past the limit the engine may stay silent (`timeout=`), if given.
    pub timeout: Option<Duration>,
    /// `setoption` pairs sent after the game's own options.
    pub options: Vec<(String, String)>,
}

impl PlayerSpec {
    /// Parses a spec (see the module documentation for the grammar). No file is read.
    ///
    /// # Errors
    ///
    /// [`MatchError::Spec`] saying what is wrong: an unknown kind, an unknown engine option,
    /// a value that is not a positive number, a `uci:` without a path.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_match::PlayerSpec;
    /// let e = PlayerSpec::parse("engine:speed=9").unwrap_err();
    /// assert!(e.to_string().contains("unknown option \"speed\""));
    /// let uci = PlayerSpec::parse("uci:./fairy,UCI_Elo=1500,movetime=50").unwrap();
    /// assert!(matches!(uci, PlayerSpec::Uci(u) if u.options == [("UCI_Elo".into(), "1500".into())]));
    /// ```
    pub fn parse(spec: &str) -> Result<PlayerSpec, MatchError> {
        match spec {
            "human" => Ok(PlayerSpec::Human),
            "random" => Ok(PlayerSpec::Random),
            "greedy" => Ok(PlayerSpec::Greedy),
            s if s == "engine" || s.starts_with("engine:") => parse_engine(s),
            s if s.starts_with("uci:") => parse_uci(s),
            _ => Err(MatchError::spec(spec, GRAMMAR)),
        }
    }

    /// Whether this is a person (the library cannot choose their moves).
    ///
    /// ```
    /// assert!(variant_match::PlayerSpec::Human.is_human());
    /// ```
    pub fn is_human(&self) -> bool {
        matches!(self, PlayerSpec::Human)
    }
}

impl std::str::FromStr for PlayerSpec {
    type Err = MatchError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PlayerSpec::parse(s)
    }
}

impl EngineSpec {
    /// The limits of each search: those given, or [`DEFAULT_MOVETIME_MS`] a move when none
    /// is.
    ///
    /// ```
    /// use variant_engine::Limits;
    /// use variant_match::EngineSpec;
    ///
    /// let deep = EngineSpec { limits: Limits::depth(6), ..EngineSpec::default() };
    /// assert_eq!(deep.search_limits(), Limits::depth(6)); // no time limit added
    /// ```
    pub fn search_limits(&self) -> Limits {
        limits_or_default_time(self.limits)
    }

    /// The transposition table in MiB: `hash=`, or the engine's default
    /// ([`variant_engine::DEFAULT_ANY_HASH_MB`]).
    ///
    /// ```
    /// let spec = variant_match::EngineSpec { hash_mb: Some(2), ..Default::default() };
    /// assert_eq!(spec.table_mb(), 2);
    /// ```
    pub fn table_mb(&self) -> usize {
        self.hash_mb.unwrap_or(variant_engine::DEFAULT_ANY_HASH_MB)
    }

    /// The evaluation to search with: `eval=`'s, a net file read and checked now, or the
    /// game's default without `eval=`.
    ///
    /// # Errors
    ///
    /// [`MatchError::Spec`] naming the spec when the net file cannot be read or is no net.
    ///
    /// ```
    /// use variant_engine::nnue::{EvalChoice, Evaluation};
    /// use variant_match::EngineSpec;
    ///
    /// assert_eq!(EngineSpec::default().evaluation().unwrap(), Evaluation::Default);
    /// let missing = EngineSpec::default().or_eval(EvalChoice::parse("no/such.vnet"));
    /// let e = missing.evaluation().unwrap_err().to_string();
    /// assert!(e.starts_with("player \"engine:eval=no/such.vnet\": eval=no/such.vnet: cannot read"), "{e}");
    /// ```
    pub fn evaluation(&self) -> Result<Evaluation, MatchError> {
        let Some(choice) = &self.eval else {
            return Ok(Evaluation::Default);
        };
        choice.load().map_err(|e| {
            let spec = PlayerSpec::Engine(self.clone()).to_string();
            MatchError::spec(&spec, format!("eval={choice}: {e}"))
        })
    }

    /// The spec with `limits` if it was given none (a frontend's own default time).
    ///
    /// ```
    /// use variant_engine::Limits;
    /// use variant_match::{EngineSpec, PlayerSpec};
    ///
    /// let PlayerSpec::Engine(plain) = PlayerSpec::parse("engine").unwrap() else { panic!() };
    /// assert_eq!(plain.or_limits(Limits::nodes(500)).limits, Limits::nodes(500));
    /// let deep = EngineSpec { limits: Limits::depth(3), ..EngineSpec::default() };
    /// assert_eq!(deep.or_limits(Limits::nodes(500)).limits, Limits::depth(3));
    /// ```
    pub fn or_limits(mut self, limits: Limits) -> EngineSpec {
        if self.limits == Limits::default() {
            self.limits = limits;
        }
        self
    }

    /// The spec with `eval` as its evaluation if it was given none.
    ///
    /// ```
    /// use variant_engine::nnue::EvalChoice;
    /// let spec = variant_match::EngineSpec::default().or_eval(EvalChoice::Classic);
    /// assert_eq!(spec.eval, Some(EvalChoice::Classic));
    /// ```
    pub fn or_eval(mut self, eval: EvalChoice) -> EngineSpec {
        self.eval.get_or_insert(eval);
        self
    }
}

impl UciSpec {
    /// The limits sent with every `go`: those given, or [`DEFAULT_MOVETIME_MS`] a move when
    /// none is.
    ///
    /// ```
    /// use std::time::Duration;
    /// use variant_match::PlayerSpec;
    ///
    /// let PlayerSpec::Uci(uci) = PlayerSpec::parse("uci:./e").unwrap() else { panic!() };
    /// assert_eq!(uci.search_limits().movetime, Some(Duration::from_millis(100)));
    /// ```
    pub fn search_limits(&self) -> Limits {
        limits_or_default_time(self.limits)
    }

    /// How long past its limit the engine may stay silent: `timeout=`, or
    /// [`DEFAULT_UCI_TIMEOUT_MS`].
    ///
    /// ```
    /// use std::time::Duration;
    /// use variant_match::PlayerSpec;
    ///
    /// let PlayerSpec::Uci(uci) = PlayerSpec::parse("uci:./e,timeout=50").unwrap() else { panic!() };
    /// assert_eq!(uci.timeout_or_default(), Duration::from_millis(50));
    /// ```
    pub fn timeout_or_default(&self) -> Duration {
        self.timeout
            .unwrap_or(Duration::from_millis(DEFAULT_UCI_TIMEOUT_MS))
    }
}

fn limits_or_default_time(limits: Limits) -> Limits {
    if limits == Limits::default() {
        Limits::movetime(Duration::from_millis(DEFAULT_MOVETIME_MS))
    } else {
        limits
    }
}

/// `key=value` options after the first `:`, split at commas.
fn options<'a>(spec: &str, rest: &'a str) -> Result<Vec<(&'a str, &'a str)>, MatchError> {
    rest.split(',')
        .filter(|o| !o.is_empty())
        .map(|o| {
            o.split_once('=')
                .ok_or_else(|| MatchError::spec(spec, format!("{o:?} is not OPTION=VALUE")))
        })
        .collect()
}

fn positive(spec: &str, key: &str, value: &str) -> Result<u64, MatchError> {
    value
        .parse()
        .ok()
        .filter(|&n: &u64| n > 0)
        .ok_or_else(|| MatchError::spec(spec, format!("{key}={value:?} is not a positive number")))
}

/// Sets a search limit; false for a key that is not one.
fn set_limit(limits: &mut Limits, key: &str, n: u64) -> bool {
    match key {
        "depth" => limits.depth = Some(n.min(MAX_DEPTH) as u32),
        "movetime" => limits.movetime = Some(Duration::from_millis(n)),
        "nodes" => limits.nodes = Some(n),
        _ => return false,
    }
    true
}

fn parse_engine(spec: &str) -> Result<PlayerSpec, MatchError> {
    let rest = spec.strip_prefix("engine").unwrap_or("");
    let rest = rest.strip_prefix(':').unwrap_or(rest);
    let mut engine = EngineSpec::default();
    for (key, value) in options(spec, rest)? {
        match key {
            "eval" => engine.eval = Some(EvalChoice::parse(value)),
            "hash" => {
                engine.hash_mb = Some(positive(spec, key, value)?.min(MAX_HASH_MB) as usize);
            }
            "depth" | "movetime" | "nodes" => {
                set_limit(&mut engine.limits, key, positive(spec, key, value)?);
            }
            _ => {
                return Err(MatchError::spec(
                    spec,
                    format!("unknown option {key:?} (depth, movetime, nodes, hash, eval)"),
                ));
            }
        }
    }
    Ok(PlayerSpec::Engine(engine))
}

fn parse_uci(spec: &str) -> Result<PlayerSpec, MatchError> {
    let rest = spec.strip_prefix("uci:").unwrap_or("");
    let (path, rest) = rest.split_once(',').unwrap_or((rest, ""));
    if path.trim().is_empty() {
        return Err(MatchError::spec(spec, "expected uci:PATH[,option=value…]"));
    }
    let mut uci = UciSpec {
        path: path.to_string(),
        args: Vec::new(),
        limits: Limits::default(),
        timeout: None,
        options: Vec::new(),
    };
    for (key, value) in options(spec, rest)? {
        match key {
            "depth" | "movetime" | "nodes" => {
                let n = positive(spec, key, value)?;
                set_limit(&mut uci.limits, key, n);
            }
            "timeout" => uci.timeout = Some(Duration::from_millis(positive(spec, key, value)?)),
            "arg" => uci.args.push(value.to_string()),
            _ if key.trim().is_empty()
                || key.contains(['\n', '\r'])
                || value.contains(['\n', '\r']) =>
            {
                return Err(MatchError::spec(
                    spec,
                    format!("bad option {key:?}={value:?}"),
                ));
            }
            _ => uci.options.push((key.to_string(), value.to_string())),
        }
    }
    Ok(PlayerSpec::Uci(uci))
}

fn limit_parts(limits: &Limits) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(d) = limits.depth {
        parts.push(format!("depth={d}"));
    }
    if let Some(t) = limits.movetime {
        parts.push(format!("movetime={}", t.as_millis()));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("nodes={n}"));
    }
    parts
}

/// `kind` alone, or `kind:` and the parts joined by commas.
fn write_parts(f: &mut fmt::Formatter<'_>, kind: &str, parts: &[String]) -> fmt::Result {
    if parts.is_empty() {
        f.write_str(kind)
    } else {
        write!(f, "{kind}:{}", parts.join(","))
    }
}

/// The options given, in a fixed order (limits, `hash`, `eval`; for `uci:` the path, `arg`s,
/// limits, `timeout`, then the program's own options in their order): the text reads back to
/// the same spec.
impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => f.write_str("human"),
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::Engine(e) => {
                let mut parts = limit_parts(&e.limits);
                parts.extend(e.hash_mb.map(|mb| format!("hash={mb}")));
                parts.extend(e.eval.as_ref().map(|eval| format!("eval={eval}")));
                write_parts(f, "engine", &parts)
            }
            PlayerSpec::Uci(u) => {
                let mut parts = vec![u.path.clone()];
                parts.extend(u.args.iter().map(|a| format!("arg={a}")));
                parts.extend(limit_parts(&u.limits));
                parts.extend(u.timeout.map(|t| format!("timeout={}", t.as_millis())));
                parts.extend(u.options.iter().map(|(k, v)| format!("{k}={v}")));
                write_parts(f, "uci", &parts)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grammar() {
        let e = |s: &str| match PlayerSpec::parse(s).unwrap() {
            PlayerSpec::Engine(e) => e,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            e("engine").search_limits().movetime,
            Some(Duration::from_millis(100))
        );
        // Nothing given is recorded as given.
        assert_eq!(e("engine"), EngineSpec::default());
        assert_eq!(e("engine:").limits, Limits::default());
        let all = e("engine:depth=4,movetime=50,nodes=1000,hash=8");
        assert_eq!(all.limits.depth, Some(4));
        assert_eq!(all.limits.movetime, Some(Duration::from_millis(50)));
        assert_eq!(all.limits.nodes, Some(1000));
        assert_eq!(all.hash_mb, Some(8));
        assert_eq!(all.table_mb(), 8);
        assert_eq!(e("engine:hash=99999999").table_mb(), 65536);
        assert_eq!(e("engine:depth=999").search_limits(), Limits::depth(100));
        assert_eq!(e("engine:eval=classic").eval, Some(EvalChoice::Classic));
        assert_eq!(
            e("engine:eval=nets/a.vnet").eval,
            Some(EvalChoice::File("nets/a.vnet".into()))
        );
        // A depth alone is not topped up with a time limit.
        assert_eq!(e("engine:depth=2").search_limits().movetime, None);
        for bad in [
            "engine:depth=x",
            "engine:depth=-1",
            "engine:depth",
            "engine:colour=red",
            "enginex",
            "uci:",
            "uci:,movetime=5",
            "uci:x,movetime=0",
            "uci:x,=3",
            "wizard",
            "",
        ] {
            assert!(PlayerSpec::parse(bad).is_err(), "{bad}");
        }
        match PlayerSpec::parse("uci:bin/e,arg=uci,Threads=2,timeout=500,depth=3").unwrap() {
            PlayerSpec::Uci(u) => {
                assert_eq!(u.path, "bin/e");
                assert_eq!(u.args, ["uci"]);
                assert_eq!(u.options, [("Threads".to_string(), "2".to_string())]);
                assert_eq!(u.timeout, Some(Duration::from_millis(500)));
                assert_eq!(u.timeout_or_default(), Duration::from_millis(500));
                assert_eq!(u.limits, Limits::depth(3));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn display_reads_back() {
        for s in [
            "human",
            "random",
            "greedy",
            "engine",
            "engine:movetime=100",
            "engine:depth=3,nodes=9,hash=2",
            "engine:hash=16,eval=default",
            "engine:eval=classic",
            "engine:depth=1,eval=nets/a.vnet",
            "uci:e",
            "uci:e,arg=uci,movetime=100,timeout=20,Hash=1",
            "uci:e,timeout=10000,a=b=c",
        ] {
            let spec = PlayerSpec::parse(s).unwrap();
            assert_eq!(spec.to_string(), s);
            assert_eq!(PlayerSpec::parse(&spec.to_string()).unwrap(), spec);
        }
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let msg = PlayerSpec::parse("engine:depth=x").unwrap_err().to_string();
        assert!(
            msg.contains("depth=\"x\" is not a positive number"),
            "{msg}"
        );
        let msg = PlayerSpec::parse("wizard").unwrap_err().to_string();
        assert!(msg.contains("expected human, random, greedy"), "{msg}");
    }

    #[test]
    fn display_writes_the_options_in_one_order() {
        let shown = |s: &str| PlayerSpec::parse(s).unwrap().to_string();
        assert_eq!(shown("engine:"), "engine");
        assert_eq!(
            shown("engine:eval=classic,hash=4,nodes=5,depth=2"),
            "engine:depth=2,nodes=5,hash=4,eval=classic"
        );
        assert_eq!(shown("engine:eval="), "engine:eval=default");
        assert_eq!(shown("engine:depth=3,depth=5"), "engine:depth=5");
        assert_eq!(
            shown("uci:e,X=1,timeout=7,arg=a,nodes=2,,arg=b"),
            "uci:e,arg=a,arg=b,nodes=2,timeout=7,X=1"
        );
    }

    #[test]
    fn edits_fill_only_what_was_not_given() {
        let engine = |s: &str| match PlayerSpec::parse(s).unwrap() {
            PlayerSpec::Engine(e) => e,
            other => panic!("{other:?}"),
        };
        let second = Limits::movetime(Duration::from_secs(1));
        assert_eq!(engine("engine").or_limits(second).limits, second);
        assert_eq!(
            engine("engine:nodes=7").or_limits(second).limits,
            Limits::nodes(7)
        );
        let classic = |s: &str| engine(s).or_eval(EvalChoice::Classic).eval;
        assert_eq!(classic("engine"), Some(EvalChoice::Classic));
        assert_eq!(classic("engine:eval=default"), Some(EvalChoice::Default));
        assert_eq!(
            classic("engine:eval=x.vnet"),
            Some(EvalChoice::File("x.vnet".into()))
        );
    }

    #[test]
    fn a_net_file_is_read_when_the_evaluation_is_asked_for() {
        // Parsing reads no file, so a missing one parses; asking for the evaluation says why
        // it cannot be had.
        let spec = PlayerSpec::parse("engine:eval=no/such/net.vnet").unwrap();
        let PlayerSpec::Engine(engine) = spec else {
            panic!("{spec:?}")
        };
        let msg = engine.evaluation().unwrap_err().to_string();
        assert!(
            msg.starts_with("player \"engine:eval=no/such/net.vnet\": eval=no/such/net.vnet: cannot read the net file"),
            "{msg}"
        );
        assert_eq!(
            EngineSpec::default()
                .or_eval(EvalChoice::Classic)
                .evaluation()
                .unwrap(),
            Evaluation::Classic
        );
    }

    mod round_trip {
        use super::*;
        use proptest::prelude::*;

        /// A word for a path, an argument or an option: no comma (the separator), no line
        /// break (refused in options).
        fn word() -> impl Strategy<Value = String> {
            "[A-Za-z0-9_./=:-]{1,12}"
        }

        fn limits() -> impl Strategy<Value = Limits> {
            (
                proptest::option::of(1u32..=100),
                proptest::option::of(1u64..1 << 40),
                proptest::option::of(1u64..1 << 30),
            )
                .prop_map(|(depth, nodes, ms)| Limits {
                    depth,
                    nodes,
                    movetime: ms.map(Duration::from_millis),
                })
        }

        fn eval() -> impl Strategy<Value = EvalChoice> {
            prop_oneof![
                Just(EvalChoice::Default),
                Just(EvalChoice::Classic),
                "[a-z0-9_/-]{1,8}\\.vnet".prop_map(|p| EvalChoice::File(p.into())),
            ]
        }

        fn engine() -> impl Strategy<Value = PlayerSpec> {
            (
                limits(),
                proptest::option::of(1usize..=65536),
                proptest::option::of(eval()),
            )
                .prop_map(|(limits, hash_mb, eval)| {
                    PlayerSpec::Engine(EngineSpec {
                        limits,
                        hash_mb,
                        eval,
                    })
                })
        }

        /// An option of the program's own: any key but the spec's.
        fn program_option() -> impl Strategy<Value = (String, String)> {
            ("[A-Za-z_][A-Za-z0-9_ ]{0,10}", "[A-Za-z0-9_ .=-]{0,8}")
                .prop_filter("a key of the spec itself", |(k, _)| {
                    !["depth", "movetime", "nodes", "timeout", "arg"].contains(&k.as_str())
                })
                .prop_map(|(k, v)| (k, v))
        }

        fn uci() -> impl Strategy<Value = PlayerSpec> {
            (
                word(),
                proptest::collection::vec("[A-Za-z0-9_./=-]{0,8}", 0..3),
                limits(),
                proptest::option::of(1u64..1 << 30),
                proptest::collection::vec(program_option(), 0..3),
            )
                .prop_map(|(path, args, limits, timeout, options)| {
                    PlayerSpec::Uci(UciSpec {
                        path,
                        args,
                        limits,
                        timeout: timeout.map(Duration::from_millis),
                        options,
                    })
                })
        }

        fn spec() -> impl Strategy<Value = PlayerSpec> {
            prop_oneof![
                Just(PlayerSpec::Human),
                Just(PlayerSpec::Random),
                Just(PlayerSpec::Greedy),
                engine(),
                uci(),
            ]
        }

        /// Text in the grammar's shape, mostly valid: a kind, then options (the spec's own
        /// keys, unknown keys, values that are no number, bare words).
        fn text() -> impl Strategy<Value = String> {
            let key = prop_oneof![
                3 => Just("depth".to_string()),
                3 => Just("movetime".to_string()),
                3 => Just("nodes".to_string()),
                3 => Just("hash".to_string()),
                3 => Just("eval".to_string()),
                3 => Just("timeout".to_string()),
                3 => Just("arg".to_string()),
                1 => "[A-Za-z]{1,6}",
            ];
            let value = prop_oneof![
                6 => (0u64..200).prop_map(|n| n.to_string()),
                1 => Just("classic".to_string()),
                1 => Just("default".to_string()),
                1 => Just(String::new()),
                1 => "[a-z0-9.=/-]{1,6}",
            ];
            let option = prop_oneof![
                9 => (key, value).prop_map(|(k, v)| format!("{k}={v}")),
                1 => "[a-z]{0,3}",
            ];
            let kind = prop_oneof![
                4 => Just("engine:".to_string()),
                4 => "uci:[a-z./]{0,5},",
                1 => Just("human".to_string()),
            ];
            (kind, proptest::collection::vec(option, 0..4))
                .prop_map(|(kind, options)| format!("{kind}{}", options.join(",")))
        }

        proptest! {
            /// Every spec's text reads back to the same spec.
            #[test]
            fn parse_reads_display_back(spec in spec()) {
                let text = spec.to_string();
                prop_assert_eq!(PlayerSpec::parse(&text).ok(), Some(spec), "{}", text);
            }

            /// Every text that parses is shown in a form that parses to the same spec and is
            /// shown the same again.
            #[test]
            fn display_of_a_parsed_text_is_stable(text in text()) {
                if let Ok(spec) = PlayerSpec::parse(&text) {
                    let shown = spec.to_string();
                    let again = PlayerSpec::parse(&shown);
                    prop_assert_eq!(again.as_ref().ok(), Some(&spec), "{} -> {}", text, shown);
                    prop_assert_eq!(again.map(|s| s.to_string()).ok(), Some(shown));
                }
            }
        }
    }
}
