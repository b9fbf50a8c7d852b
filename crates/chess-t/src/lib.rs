//! The chess-t game (work in progress).
