//! The integration tests of `variant-engine` in one test binary, so that the crate and its
//! dependencies are linked once: one module per topic (`cargo test -p variant-engine --test engine
//! <module>` runs one).

// A module that needs one game is compiled when that game is (`cargo xtask one-game`).
#[cfg(feature = "bishops4p")]
mod bishops4p_threats;
#[cfg(feature = "chess-t")]
mod chess_t_threats;
mod mate_in_one;
mod nnue;
mod nnue_exact;
#[cfg(feature = "chess3d")]
mod node_budget;
#[cfg(feature = "chess3d")]
mod pv_length;
