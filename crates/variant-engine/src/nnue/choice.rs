//! Which evaluation an engine uses: a game's default (its embedded net where one covers the
//! configuration, else the hand-written evaluation), the hand-written one, or a net file.

use super::{Layout, NetError, Network, embedded};
use std::path::Path;
use std::sync::Arc;

/// The evaluation an engine searches with.
///
/// # Example
///
/// ```
/// use variant_engine::nnue::Evaluation;
///
/// assert_eq!(Evaluation::parse("classic").unwrap(), Evaluation::Classic);
/// assert_eq!(Evaluation::parse("default").unwrap(), Evaluation::Default);
/// let err = Evaluation::parse("no/such/file.vnet").unwrap_err();
/// assert!(err.to_string().starts_with("cannot read the net file no/such/file.vnet"));
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
    /// `default`, `classic`, or the path of a net file (read and checked now).
    ///
    /// # Errors
    ///
    /// A [`NetError`] for a file that cannot be read or is not a usable net.
    pub fn parse(text: &str) -> Result<Evaluation, NetError> {
        match text {
            "default" | "" => Ok(Evaluation::Default),
            "classic" => Ok(Evaluation::Classic),
            path => Ok(Evaluation::Net(Arc::new(Network::load(Path::new(path))?))),
        }
    }

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
