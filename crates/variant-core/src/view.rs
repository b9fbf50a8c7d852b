//! A picture of a position for people: one or more rectangular boards of cells, each cell with
//! its piece, shading, marks and a note. Frontends draw it as text or SVG without knowing the
//! game (see [`Game::board_view`](crate::Game::board_view)).

use crate::Seat;

/// Everything needed to draw a position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BoardView {
    /// The boards, in the order they are drawn (for the 3D games: height 1 first).
    pub boards: Vec<BoardGrid>,
    /// Lines shown under the boards (side to move, rights, clocks…).
    pub caption: Vec<String>,
}

/// One rectangular board.
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
    pub fn cell_mut(&mut self, file: u8, rank: u8) -> Option<&mut CellView> {
        if file >= self.files || rank >= self.ranks {
            return None;
        }
        self.cells
            .get_mut(rank as usize * self.files as usize + file as usize)
    }

    /// The cell at 0-based file and rank, if it exists.
    pub fn cell(&self, file: u8, rank: u8) -> Option<&CellView> {
        if file >= self.files || rank >= self.ranks {
            return None;
        }
        self.cells
            .get(rank as usize * self.files as usize + file as usize)
    }
}

/// One cell of a board.
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// Its owner.
    pub seat: Seat,
    /// Its symbol in the game's notation, upper case (`K`, `Q`, `N`; draughts `M` man, `K` king).
    pub symbol: char,
    /// Its value for a simple material count (pawn or man = 1, …; kings 0).
    pub value: i32,
}
