//! The checkers3d game (work in progress).
