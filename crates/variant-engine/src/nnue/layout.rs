//! The inputs of a net: which cell and which piece, as each seat sees the board.

/// How a game's board is read by a net: its cells (`boards × ranks × files`, in the order of
/// [`Observation::board_codes`](variant_core::planes::Observation::board_codes)), its piece
/// kinds and seats, and for each seat the cell as that seat sees it (so that every seat sees
/// its own army at the bottom).
///
/// A piece of code `c > 0` (`1 + seat * kinds + kind`) on cell `i` is, for perspective `p`,
/// the feature `(rel * kinds + kind) * cells + orient(p, i)` with `rel = (seat - p) mod seats`
/// (0 for the perspective's own pieces). docs/engine.md gives the whole arithmetic.
///
/// # Example
///
/// ```
/// use variant_engine::nnue::Layout;
///
/// // FIDE chess: one board of 8 × 8, six kinds, two seats; Black sees the ranks mirrored.
/// let fide = Layout::two_seats("chess3d", [1, 8, 8], 6, false);
/// assert_eq!((fide.cells(), fide.features()), (64, 768));
/// assert_eq!(fide.family(), "1x8x8");
/// // a1 (cell 0) is a8 (cell 56) for Black; files stay.
/// assert_eq!((fide.orient(0, 0), fide.orient(1, 0)), (0, 56));
/// // White's rook on a1 (code 3: seat 0, kind 2) is Black's opponent rook on a8.
/// assert_eq!(fide.feature(1, 0, 3), (6 + 2) * 64 + 56);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    game: &'static str,
    shape: [usize; 3],
    kinds: usize,
    seats: usize,
    /// `orient[p * cells + i]`: cell `i` as seat `p` sees it.
    orient: Vec<u16>,
    cells: usize,
    /// For a layout of [`Layout::two_seats`], whether the second seat sees the files mirrored
    /// (so that the same layout can be made for a taller box, [`Layout::widened`]).
    two_seats_mirror: Option<bool>,
    /// `bases[p * (codes + 1) + code]`: the first feature of the piece of `code` for
    /// perspective `p` (`(rel * kinds + kind) * cells`), so a feature is one addition.
    bases: Vec<u32>,
}

impl Layout {
    /// A layout from its shape (`[boards, ranks, files]`) and a function giving, for a seat
    /// and a cell `[board, rank, file]`, the cell that seat sees there.
    ///
    /// # Panics
    ///
    /// When `orient` is not a permutation of the cells for some seat, or the board has more
    /// than 65 536 cells (a programming error of the game's layout, caught by its tests).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_engine::nnue::Layout;
    ///
    /// // Three cells in a row, two seats that see the row the same way.
    /// let row = Layout::new("row", [1, 1, 3], 1, 2, |_, cell| cell);
    /// assert_eq!(row.orient(1, 2), 2);
    /// ```
    pub fn new(
        game: &'static str,
        shape: [usize; 3],
        kinds: usize,
        seats: usize,
        orient: impl Fn(usize, [usize; 3]) -> [usize; 3],
    ) -> Layout {
        let [boards, ranks, files] = shape;
        let cells = boards * ranks * files;
        assert!(
            cells <= 1 << 16,
            "{game}: {cells} cells is more than a net reads"
        );
        let mut table = Vec::with_capacity(seats * cells);
        for seat in 0..seats {
            let mut seen = vec![false; cells];
            for b in 0..boards {
                for r in 0..ranks {
                    for f in 0..files {
                        let [ob, or, of] = orient(seat, [b, r, f]);
                        let i = (ob * ranks + or) * files + of;
                        assert!(
                            ob < boards && or < ranks && of < files && !seen[i],
                            "{game}: the orientation of seat {seat} is not a permutation"
                        );
                        seen[i] = true;
                        table.push(i as u16);
                    }
                }
            }
        }
        let codes = seats * kinds;
        let mut bases = vec![0u32; seats * (codes + 1)];
        for p in 0..seats {
            for code in 1..=codes {
                let (seat, kind) = ((code - 1) / kinds, (code - 1) % kinds);
                let rel = (seat + seats - p) % seats;
                bases[p * (codes + 1) + code] = ((rel * kinds + kind) * cells) as u32;
            }
        }
        Layout {
            game,
            shape,
            kinds,
            seats,
            orient: table,
            cells,
            two_seats_mirror: None,
            bases,
        }
    }

    /// The layout of a two-seat game whose second seat sits across the board: it sees the
    /// boards (heights) and ranks reversed, and also the files where `mirror_files` (draughts,
    /// whose boards are turned half round; chess keeps its files so the kings face each other).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_engine::nnue::Layout;
    ///
    /// let draughts = Layout::two_seats("checkers3d", [1, 8, 8], 2, true);
    /// assert_eq!(draughts.orient(1, 0), 63); // a1 is h8 for Black
    /// ```
    pub fn two_seats(
        game: &'static str,
        shape: [usize; 3],
        kinds: usize,
        mirror_files: bool,
    ) -> Layout {
        let [boards, ranks, files] = shape;
        let mut layout = Layout::new(game, shape, kinds, 2, |seat, [b, r, f]| {
            if seat == 0 {
                [b, r, f]
            } else if mirror_files {
                [boards - 1 - b, ranks - 1 - r, files - 1 - f]
            } else {
                [boards - 1 - b, ranks - 1 - r, f]
            }
        });
        layout.two_seats_mirror = Some(mirror_files);
        layout
    }

    /// The same layout for a box of `boards` boards, at least as many as this one's: a 3D
    /// position whose box lost heights (chess3d C3-30, checkers3d's removed heights) read by a
    /// net of the taller box, its boards from the bottom and the missing ones empty. `None`
    /// for fewer boards or a layout not made by [`Layout::two_seats`].
    ///
    /// ```
    /// use variant_engine::nnue::Layout;
    ///
    /// let seven = Layout::two_seats("checkers3d", [7, 8, 8], 2, true);
    /// let eight = seven.widened(8).unwrap();
    /// assert_eq!(eight, Layout::two_seats("checkers3d", [8, 8, 8], 2, true));
    /// assert!(eight.widened(7).is_none());
    /// ```
    pub fn widened(&self, boards: usize) -> Option<Layout> {
        let [own, ranks, files] = self.shape;
        let mirror = self.two_seats_mirror?;
        (boards >= own)
            .then(|| Layout::two_seats(self.game, [boards, ranks, files], self.kinds, mirror))
    }

    /// The game's name.
    pub fn game(&self) -> &'static str {
        self.game
    }

    /// `[boards, ranks, files]`.
    pub fn shape(&self) -> [usize; 3] {
        self.shape
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The number of piece kinds.
    pub fn kinds(&self) -> usize {
        self.kinds
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The board's shape as a net file names it: `"BxRxF"`.
    pub fn family(&self) -> String {
        let [b, r, f] = self.shape;
        format!("{b}x{r}x{f}")
    }

    /// The number of input features: seats × kinds × cells.
    pub fn features(&self) -> usize {
        self.seats * self.kinds * self.cells()
    }

    /// Cell `cell` as seat `seat` sees it.
    #[inline]
    pub fn orient(&self, seat: usize, cell: usize) -> usize {
        usize::from(self.orient[seat * self.cells + cell])
    }

    /// The orientation tables, seat 0's first (as the training data's header stores them).
    pub fn orient_table(&self) -> &[u16] {
        &self.orient
    }

    /// The feature of the piece of code `code` (> 0) on `cell`, for `perspective`.
    #[inline]
    pub fn feature(&self, perspective: usize, cell: usize, code: u8) -> usize {
        let codes = self.seats * self.kinds;
        self.bases[perspective * (codes + 1) + usize::from(code)] as usize
            + self.orient(perspective, cell)
    }

    /// Whether `code` is a piece code of this layout (or 0, an empty cell).
    pub fn valid_code(&self, code: u8) -> bool {
        usize::from(code) <= self.seats * self.kinds
    }
}
