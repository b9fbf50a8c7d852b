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

use crate::error::MatchError;
use std::fmt;
use std::time::Duration;
use variant_engine::Limits;
use variant_engine::nnue::Evaluation;

/// Time per move of a plain `engine` or `uci:PATH` player.
pub const DEFAULT_MOVETIME_MS: u64 = 100;

/// How long past its limit an external engine may take before it is given up, by default.
pub const DEFAULT_UCI_TIMEOUT_MS: u64 = 10_000;

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

/// The built-in engine's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The limits of each search.
    pub limits: Limits,
    /// The transposition table in MiB.
    pub hash_mb: usize,
    /// The evaluation (`eval=classic`, `eval=default` or `eval=PATH` of a net file).
    pub eval: Evaluation,
    /// How `eval=` was written (shown in reports; empty for the default).
    pub eval_text: String,
}

/// An external engine's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciSpec {
    /// The program.
    pub path: String,
    /// Its command-line arguments (`arg=…`; our own `variants` program gets `uci` when none
    /// are given).
    pub args: Vec<String>,
    /// The limits sent with every `go`.
    pub limits: Limits,
    /// How long past the limit the engine may stay silent.
    pub timeout: Duration,
    /// `setoption` pairs sent after the game's own options.
    pub options: Vec<(String, String)>,
}

impl PlayerSpec {
    /// Parses a spec (see the module documentation for the grammar).
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
            _ => Err(MatchError::spec(
                spec,
                "expected human, random, greedy, engine[:depth=N,movetime=MS,nodes=N,hash=MB,eval=E] \
                 or uci:PATH[,option=value…]",
            )),
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
        "depth" => limits.depth = Some(n.min(100) as u32),
        "movetime" => limits.movetime = Some(Duration::from_millis(n)),
        "nodes" => limits.nodes = Some(n),
        _ => return false,
    }
    true
}

fn default_time(mut limits: Limits) -> Limits {
    if limits == Limits::default() {
        limits.movetime = Some(Duration::from_millis(DEFAULT_MOVETIME_MS));
    }
    limits
}

fn parse_engine(spec: &str) -> Result<PlayerSpec, MatchError> {
    let rest = spec.strip_prefix("engine").unwrap_or("");
    let rest = rest.strip_prefix(':').unwrap_or(rest);
    let mut engine = EngineSpec {
        limits: Limits::default(),
        hash_mb: variant_engine::DEFAULT_ANY_HASH_MB,
        eval: Evaluation::Default,
        eval_text: String::new(),
    };
    for (key, value) in options(spec, rest)? {
        if key == "eval" {
            engine.eval = Evaluation::parse(value)
                .map_err(|e| MatchError::spec(spec, format!("eval={value}: {e}")))?;
            engine.eval_text = if value == "default" {
                String::new()
            } else {
                value.to_string()
            };
            continue;
        }
        let n = match key {
            "depth" | "movetime" | "nodes" | "hash" => positive(spec, key, value)?,
            _ => {
                return Err(MatchError::spec(
                    spec,
                    format!("unknown option {key:?} (depth, movetime, nodes, hash, eval)"),
                ));
            }
        };
        if key == "hash" {
            engine.hash_mb = n.min(1 << 16) as usize;
        } else {
            set_limit(&mut engine.limits, key, n);
        }
    }
    engine.limits = default_time(engine.limits);
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
        timeout: Duration::from_millis(DEFAULT_UCI_TIMEOUT_MS),
        options: Vec::new(),
    };
    for (key, value) in options(spec, rest)? {
        match key {
            "depth" | "movetime" | "nodes" => {
                let n = positive(spec, key, value)?;
                set_limit(&mut uci.limits, key, n);
            }
            "timeout" => uci.timeout = Duration::from_millis(positive(spec, key, value)?),
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
    uci.limits = default_time(uci.limits);
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

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => f.write_str("human"),
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::Engine(e) => {
                let mut parts = limit_parts(&e.limits);
                if e.hash_mb != variant_engine::DEFAULT_ANY_HASH_MB {
                    parts.push(format!("hash={}", e.hash_mb));
                }
                if !e.eval_text.is_empty() {
                    parts.push(format!("eval={}", e.eval_text));
                }
                write!(f, "engine:{}", parts.join(","))
            }
            PlayerSpec::Uci(u) => {
                let mut parts = vec![u.path.clone()];
                parts.extend(u.args.iter().map(|a| format!("arg={a}")));
                parts.extend(limit_parts(&u.limits));
                if u.timeout != Duration::from_millis(DEFAULT_UCI_TIMEOUT_MS) {
                    parts.push(format!("timeout={}", u.timeout.as_millis()));
                }
                parts.extend(u.options.iter().map(|(k, v)| format!("{k}={v}")));
                write!(f, "uci:{}", parts.join(","))
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
            e("engine").limits.movetime,
            Some(Duration::from_millis(100))
        );
        let all = e("engine:depth=4,movetime=50,nodes=1000,hash=8");
        assert_eq!(all.limits.depth, Some(4));
        assert_eq!(all.limits.movetime, Some(Duration::from_millis(50)));
        assert_eq!(all.limits.nodes, Some(1000));
        assert_eq!(all.hash_mb, 8);
        // A depth alone is not topped up with a time limit.
        assert_eq!(e("engine:depth=2").limits.movetime, None);
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
                assert_eq!(u.timeout, Duration::from_millis(500));
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
            "engine:movetime=100",
            "engine:depth=3,nodes=9,hash=2",
            "uci:e,arg=uci,movetime=100,timeout=20,Hash=1",
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
}
