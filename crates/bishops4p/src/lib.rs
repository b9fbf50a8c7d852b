//! The bishops4p game (work in progress).
