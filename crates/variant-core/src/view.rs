//! A picture of a position for people: one or more rectangular boards of cells, each cell with
//! its piece, shading, marks and a note. Frontends draw it as text or SVG without knowing the
//! game (see [`Game::board_view`](crate::Game::board_view)).

use crate::Seat;

/// Everything needed to draw a position.
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_core::doc_game::Nim;
///
/// // The docs' Nim draws its heap as one row of counters.
/// let view = Nim::from_text(&Default::default(), "4 0").unwrap().board_view().unwrap();
/// assert_eq!(view.boards.len(), 1);
/// assert_eq!((view.boards[0].files, view.boards[0].ranks), (4, 1));
/// assert!(view.caption.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BoardView {
    /// The boards, in the order they are drawn (for the 3D games: height 1 first).
    pub boards: Vec<BoardGrid>,
    /// Lines shown under the boards (side to move, rights, clocks…).
    pub caption: Vec<String>,
    /// The seats in check (their royal pieces are marked): the side to move in chess, every
    /// seat in check in "Bishops", none in games without check.
    pub in_check: Vec<Seat>,
}

/// One rectangular board.
///
/// # Example
///
/// ```
/// use variant_core::BoardGrid;
///
/// // An 8×8 board has 64 cells, 32 of them dark; a1 is dark.
/// let board = BoardGrid::new("height 1", 8, 8);
/// assert_eq!(board.cells.len(), 64);
/// assert_eq!(board.cells.iter().filter(|c| c.dark).count(), 32);
/// assert!(board.cell(0, 0).unwrap().dark);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardGrid {
    /// The board's title (`height 3`), may be empty.
    pub title: String,
    /// Number of files (columns), named `a`, `b`, … from the left.
    pub files: u8,
    /// Number of ranks (rows), numbered from 1 at the bottom.
    pub ranks: u8,
    /// `files * ranks` cells, rank 1 first, file `a` first within a rank.
    pub cells: Vec<CellView>,
}

impl BoardGrid {
    /// An empty board of the given size; cells are dark where file + rank is even (a1 dark).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::BoardGrid;
    ///
    /// let board = BoardGrid::new("", 12, 12);
    /// assert_eq!((board.files, board.ranks, board.cells.len()), (12, 12, 144));
    /// assert!(board.cells.iter().all(|c| c.piece.is_none()));
    /// assert!(!board.cell(1, 0).unwrap().dark); // b1 is light
    /// ```
    pub fn new(title: impl Into<String>, files: u8, ranks: u8) -> Self {
        let mut cells = Vec::with_capacity(files as usize * ranks as usize);
        for r in 0..ranks {
            for f in 0..files {
                cells.push(CellView {
                    dark: (f + r) % 2 == 0,
                    ..CellView::default()
                });
            }
        }
        BoardGrid {
            title: title.into(),
            files,
            ranks,
            cells,
        }
    }

    /// The cell at 0-based file and rank, if it exists.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::{BoardGrid, PieceView, Seat};
    ///
    /// let mut board = BoardGrid::new("", 8, 8);
    /// let king = PieceView { seat: Seat(0), symbol: 'K', value: 0, royal: true };
    /// board.cell_mut(4, 0).unwrap().piece = Some(king.clone()); // e1
    /// assert_eq!(board.cell(4, 0).unwrap().piece, Some(king));
    /// assert!(board.cell_mut(8, 0).is_none()); // no file i
    /// ```
    pub fn cell_mut(&mut self, file: u8, rank: u8) -> Option<&mut CellView> {
        if file >= self.files || rank >= self.ranks {
            return None;
        }
        self.cells
            .get_mut(rank as usize * self.files as usize + file as usize)
    }

    /// The cell at 0-based file and rank, if it exists.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::BoardGrid;
    ///
    /// let board = BoardGrid::new("", 8, 8);
    /// assert!(board.cell(7, 7).unwrap().dark); // h8 is dark (7 + 7 even)
    /// assert!(board.cell(0, 8).is_none());
    /// ```
    pub fn cell(&self, file: u8, rank: u8) -> Option<&CellView> {
        if file >= self.files || rank >= self.ranks {
            return None;
        }
        self.cells
            .get(rank as usize * self.files as usize + file as usize)
    }
}

/// One cell of a board.
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_core::doc_game::Nim;
///
/// let view = Nim::from_text(&Default::default(), "1 0").unwrap().board_view().unwrap();
/// let cell = &view.boards[0].cells[0];
/// assert_eq!(cell.piece.as_ref().map(|p| p.symbol), Some('C'));
/// assert_eq!((cell.mark, cell.note.as_deref()), (None, None));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CellView {
    /// The piece on the cell.
    pub piece: Option<PieceView>,
    /// Whether the cell is dark.
    pub dark: bool,
    /// A special zone the cell belongs to (`base`, `block`, `castle`, `impregnable`…), drawn
    /// as a frame or a tint.
    pub mark: Option<&'static str>,
    /// A short note (chess-T's strength sums `7:0`).
    pub note: Option<String>,
}

/// A piece as drawn.
///
/// # Example
///
/// ```
/// use variant_core::{Game, PieceView, Seat};
/// use variant_core::doc_game::Nim;
///
/// let view = Nim::default().board_view().unwrap();
/// let cells = &view.boards[0].cells;
/// let pieces: Vec<&PieceView> = cells.iter().filter_map(|c| c.piece.as_ref()).collect();
/// assert_eq!(pieces.iter().map(|p| p.value).sum::<i32>(), 10);
/// assert!(pieces.iter().all(|p| p.seat == Seat(0)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// Its owner.
    pub seat: Seat,
    /// Its symbol in the game's notation, upper case (`K`, `Q`, `N`; draughts `M` man, `K` king).
    pub symbol: char,
    /// Its value for a simple material count (pawn or man = 1, …; kings 0).
    pub value: i32,
    /// Whether it is a royal piece: one whose mate or capture decides the game (a chess king;
    /// not a draughts king). A check is marked on the royal pieces of the seats in check.
    pub royal: bool,
}
