//! The chess3d game (work in progress).
