//! The learned evaluation: small nets in the manner of NNUE, one per game and board layout,
//! trained by the project's own pipeline from self-play (docs/engine.md, "The learned
//! evaluation").
//!
//! A net reads the board codes of a position ([`Layout`]): for every seat, the pieces as that
//! seat sees them. Its first layer's sums are kept per ply by the search in an
//! [`Accumulator`] and brought up to date from the cells a move changed; the output is
//! computed in integers, exactly as the Python exporter's reference computes it.
//!
//! # Example
//!
//! ```
//! use variant_engine::nnue::{Accumulator, Layout, Network};
//!
//! let layout = Layout::two_seats("chess3d", [1, 8, 8], 6, false);
//! let net = Network::random(&layout, "heights=1", 16, 5);
//! let mut codes = vec![0u8; 64];
//! codes[4] = 1; // White's king on e1
//! codes[60] = 7; // Black's king on e8
//! let acc = Accumulator::new(&net, &layout, &codes);
//! // The two kings mirror each other, so each side sees the same board.
//! assert_eq!(acc.evaluate(&net, 0), acc.evaluate(&net, 1));
//! ```

mod accumulator;
mod choice;
mod embedded;
pub(crate) mod frames;
mod layout;
mod net;

pub use accumulator::Accumulator;
pub use choice::{EvalChoice, Evaluation};
pub use embedded::default_net;
pub use layout::Layout;
pub use net::{
    FEATURE_SET, MAX_HIDDEN, MAX_WEIGHTS, NET_MAGIC, NET_VERSION, NetError, NetHeader, Network,
    fnv1a64,
};

mod any;
pub use any::{codes_of, datagen_games, layout_of};
