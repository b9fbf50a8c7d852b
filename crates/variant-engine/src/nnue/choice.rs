//! Which evaluation an engine uses: a game's default (its embedded net where one covers the
//! configuration, else the hand-written evaluation), the hand-written one, or a net file; as a
//! user names it ([`EvalChoice`], no file read) and as the engine searches with it
//! ([`Evaluation`], a net file read and checked).

use super::{Layout, NetError, Network, embedded};
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// An evaluation as a user names it: `default`, `classic` or the path of a net file, before
/// any file is read. It is what `eval=` of a player spec, `--eval`/`--eval-file` of the
/// command line and the protocol's `EvalFile` option hold; [`EvalChoice::load`] makes the
/// [`Evaluation`] an engine searches with.
///
/// # Example
///
/// ```
/// use variant_engine::nnue::{EvalChoice, Evaluation};
///
/// assert_eq!(EvalChoice::parse("classic"), EvalChoice::Classic);
/// assert_eq!(EvalChoice::parse("nets/x.vnet").to_string(), "nets/x.vnet");
/// assert_eq!(EvalChoice::Classic.load().unwrap(), Evaluation::Classic);
/// let err = EvalChoice::parse("no/such/file.vnet").load().unwrap_err();
/// assert!(err.to_string().starts_with("cannot read the net file no/such/file.vnet"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum EvalChoice {
    /// `default`: the game's default net for the configuration's board where the engine
    /// embeds one, else the hand-written evaluation.
    #[default]
    Default,
    /// `classic`: the hand-written evaluation.
    Classic,
    /// A net file.
    File(PathBuf),
}

impl EvalChoice {
    /// The one reading of an evaluation's name: `default` (or nothing), `classic`, and any
    /// other text the path of a net file. Reads no file, so it cannot fail; a frontend that
    /// must not read files named by its users refuses [`EvalChoice::File`] before loading.
    ///
    /// ```
    /// use variant_engine::nnue::EvalChoice;
    /// assert_eq!(EvalChoice::parse(""), EvalChoice::Default);
    /// assert_eq!(EvalChoice::parse("default"), EvalChoice::Default);
    /// assert_eq!(EvalChoice::parse("a.vnet"), EvalChoice::File("a.vnet".into()));
    /// ```
    pub fn parse(text: &str) -> EvalChoice {
        match text {
            "default" | "" => EvalChoice::Default,
            "classic" => EvalChoice::Classic,
            path => EvalChoice::File(PathBuf::from(path)),
        }
    }

    /// The evaluation named, a net file read and checked now.
    ///
    /// # Errors
    ///
    /// A [`NetError`] for a file that cannot be read or is not a usable net.
    ///
    /// ```
    /// use variant_engine::nnue::{EvalChoice, Evaluation};
    /// assert_eq!(EvalChoice::Default.load().unwrap(), Evaluation::Default);
    /// assert!(EvalChoice::parse("Cargo.toml").load().is_err()); // not a net
    /// ```
    pub fn load(&self) -> Result<Evaluation, NetError> {
        match self {
            EvalChoice::Default => Ok(Evaluation::Default),
            EvalChoice::Classic => Ok(Evaluation::Classic),
            EvalChoice::File(path) => Ok(Evaluation::Net(Arc::new(Network::load(path)?))),
        }
    }
}

/// The name as [`EvalChoice::parse`] reads it back (a path as text).
impl fmt::Display for EvalChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalChoice::Default => f.write_str("default"),
            EvalChoice::Classic => f.write_str("classic"),
            EvalChoice::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// The evaluation an engine searches with (made from an [`EvalChoice`]).
///
/// # Example
///
/// ```
/// use variant_engine::nnue::{EvalChoice, Evaluation};
///
/// let engine_default = Evaluation::default();
/// assert_eq!(engine_default, Evaluation::Default);
/// assert_eq!(EvalChoice::Classic.load().unwrap().describe(), "classic");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Evaluation {
    /// The game's default net for the configuration's board where the engine embeds one,
    /// else the hand-written evaluation.
    #[default]
    Default,
    /// The hand-written evaluation (docs/engine.md, "Evaluations").
    Classic,
    /// This net (for the games whose board it reads; the others use their default).
    Net(Arc<Network>),
}

impl Evaluation {
    /// The net to search a game of `layout` with, `None` for the hand-written evaluation.
    pub fn net_for(&self, layout: Option<&Layout>) -> Option<Arc<Network>> {
        let layout = layout?;
        match self {
            Evaluation::Classic => None,
            Evaluation::Net(net) if net.layout_for(layout).is_ok() => Some(Arc::clone(net)),
            Evaluation::Net(_) | Evaluation::Default => embedded::default_net(layout),
        }
    }

    /// What a user is told: `classic`, `default`, or the net's game, board and training
    /// configuration.
    ///
    /// ```
    /// assert_eq!(variant_engine::nnue::Evaluation::Classic.describe(), "classic");
    /// ```
    pub fn describe(&self) -> String {
        match self {
            Evaluation::Default => "default".into(),
            Evaluation::Classic => "classic".into(),
            Evaluation::Net(net) => {
                let h = net.header();
                format!(
                    "net for {} {} (trained on {:?})",
                    h.game, h.family, h.config
                )
            }
        }
    }
}
