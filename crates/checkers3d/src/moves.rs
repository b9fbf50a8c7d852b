//! Moves (D3-14) and the list they are generated into.

use crate::geometry::cell_of;
use variant_core::SpillList;
use variant_core::grid3::Cell3;

/// A move, identified as D3-14 says: origin, destination, the *set* of captured pieces and
/// whether the man ends promoted.
///
/// Why a captured bitset and no path: two capture paths that take the same pieces from the
/// same origin to the same destination are one move (D3-14), so the identity must not depend
/// on the path; a 256-bit set (one `u32` per height) compares and hashes in a few
/// instructions and keeps the move `Copy` and 36 bytes long whatever the number of captures.
/// The canonical text (the landing path that sorts first) is found again by
/// [`Game::format_move`](variant_core::Game::format_move), which searches the capture paths
/// of the position; notation is far from the hot path of move generation.
///
/// So there is no `Display`: the text is a path found in the position, and its cells are
/// written with or without `@height` by the position's number of heights.
///
/// # Example
///
/// ```
/// use checkers3d::prelude::*;
///
/// // D3-14: the same pieces taken from the same start to the same end are one move, whatever
/// // the path; the move's text is the path that sorts first.
/// let game: Checkers3d = "W:Wc3@1:Bb4@1,d4@2,f6@3:H3:1/3".parse().unwrap();
/// let mv = game.parse_move("c3@1:e5@3:g7@3").unwrap();
/// assert_eq!(mv.capture_count(), 2);
/// assert_eq!(game.format_move(mv), "c3@1:e5@3:g7@3");
/// assert!(game.is_legal(mv));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) promoted: bool,
    /// Captured squares, bit `square % 32` of word `square / 32` (heights as before the move).
    pub(crate) captured: [u32; 8],
}

/// Two 64-bit words: origin, destination and promotion, then the captured set folded (each
/// height's word rotated to its own place). Equal moves hash alike, as `Eq` requires; the
/// derived hash wrote 43 separate bytes (the 256-bit set byte by byte), which made hashing a
/// move a fifth of an engine's time in this game (history table). A fold may collide; users
/// of the hash (history slots, the codec's fingerprint, which adds a rank) tolerate that.
impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(
            u64::from(self.from) | u64::from(self.to) << 8 | u64::from(self.promoted) << 16,
        );
        state.write_u64(self.captured_fold());
    }
}

impl Move {
    /// The captured set folded into one word (each height's word rotated to its own place):
    /// 0 exactly when nothing is captured. The one fold of the set, shared by the hash above
    /// and the codec's fingerprint.
    #[inline]
    pub(crate) fn captured_fold(&self) -> u64 {
        self.captured.iter().enumerate().fold(0u64, |acc, (z, &w)| {
            acc ^ u64::from(w).rotate_left(z as u32 * 8)
        })
    }
}

impl Move {
    /// The origin cell.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    /// // D3-9, D3-10: White's king on d4 takes c5 or e5, landing anywhere beyond.
    /// let game: Checkers3d = "W:WKd4@1:Bc5@1,e5@1:H8:1/8".parse().unwrap();
    /// let moves = game.legal_moves();
    /// assert_eq!(moves.len(), 5);
    /// assert!(moves.iter().all(|m| m.from().index() == 27)); // d4: rank 4 * 8 + file 3
    /// ```
    pub fn from(&self) -> Cell3 {
        cell_of(self.from)
    }

    /// The destination cell.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    /// // D3-9, D3-10: White's king on d4 takes c5 or e5, landing anywhere beyond.
    /// let game: Checkers3d = "W:WKd4@1:Bc5@1,e5@1:H8:1/8".parse().unwrap();
    /// let moves = game.legal_moves();
    /// assert_eq!(moves.len(), 5);
    /// let mut to: Vec<usize> = moves.iter().map(|m| m.to().index()).collect();
    /// to.sort();
    /// assert_eq!(to, [41, 45, 48, 54, 63]); // b6, f6, a7, g7, h8
    /// ```
    pub fn to(&self) -> Cell3 {
        cell_of(self.to)
    }

    /// Whether the moving man ends the move as a king.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    /// // D3-9, D3-10: White's king on d4 takes c5 or e5, landing anywhere beyond.
    /// let game: Checkers3d = "W:WKd4@1:Bc5@1,e5@1:H8:1/8".parse().unwrap();
    /// let moves = game.legal_moves();
    /// assert_eq!(moves.len(), 5);
    /// assert!(moves.iter().all(|m| !m.is_promotion())); // already a king
    /// ```
    pub fn is_promotion(&self) -> bool {
        self.promoted
    }

    /// Whether the move captures.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    /// // D3-9, D3-10: White's king on d4 takes c5 or e5, landing anywhere beyond.
    /// let game: Checkers3d = "W:WKd4@1:Bc5@1,e5@1:H8:1/8".parse().unwrap();
    /// let moves = game.legal_moves();
    /// assert_eq!(moves.len(), 5);
    /// assert!(moves.iter().all(|m| m.is_capture())); // D3-11: capturing is compulsory
    /// ```
    pub fn is_capture(&self) -> bool {
        self.captured.iter().any(|&w| w != 0)
    }

    /// The number of pieces captured.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    /// // D3-9, D3-10: White's king on d4 takes c5 or e5, landing anywhere beyond.
    /// let game: Checkers3d = "W:WKd4@1:Bc5@1,e5@1:H8:1/8".parse().unwrap();
    /// let moves = game.legal_moves();
    /// assert_eq!(moves.len(), 5);
    /// assert!(moves.iter().all(|m| m.capture_count() == 1));
    /// ```
    pub fn capture_count(&self) -> u32 {
        self.captured.iter().map(|w| w.count_ones()).sum()
    }

    /// The cells of the captured pieces, in square order.
    ///
    /// # Example
    ///
    /// ```
    /// use checkers3d::prelude::*;
    /// // D3-9, D3-10: White's king on d4 takes c5 or e5, landing anywhere beyond.
    /// let game: Checkers3d = "W:WKd4@1:Bc5@1,e5@1:H8:1/8".parse().unwrap();
    /// let moves = game.legal_moves();
    /// assert_eq!(moves.len(), 5);
    /// let taken: Vec<usize> = moves[0].captured_cells().map(|c| c.index()).collect();
    /// assert!(taken == [34] || taken == [36]); // c5 or e5
    /// ```
    pub fn captured_cells(&self) -> impl Iterator<Item = Cell3> + '_ {
        (0..256u16)
            .filter(|&s| self.captured[s as usize / 32] >> (s % 32) & 1 == 1)
            .map(|s| cell_of(s as u8))
    }
}

/// How many moves the list holds before it moves to the heap.
const INLINE: usize = 64;

/// The list legal moves are generated into: on the stack for up to 64 moves (every position
/// of one-height draughts and almost every 3D position), on the heap beyond. The number of
/// distinct capture moves of a 3D position has no small proven bound, so a fixed capacity
/// could not be guaranteed; the spilling list is the shared [`SpillList`].
///
/// # Example
///
/// ```
/// use checkers3d::prelude::*;
/// let moves: checkers3d::MoveList = Checkers3d::default().legal_moves();
/// assert!(matches!(moves, checkers3d::variant_core::SpillList::Inline(_)));
/// ```
pub type MoveList = SpillList<Move, INLINE>;
