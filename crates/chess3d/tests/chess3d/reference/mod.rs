//! A deliberately simple second move generator for chess3d, written from the rules page
//! (`rules/chess3d.md`, rules C3-1 … C3-52) alone, never from the fast engine's code.
//!
//! Everything is plain: the position is an array of 512 cells, moves are found by loops over
//! the 26 unit steps and the 24 knight leaps, the barrier (C3-12) is tested step by step, and
//! legality is make-and-test (play the move, apply height removal, then ask whether the own
//! king is attacked). Speed is not a goal; being obviously right is.
//!
//! Used by several test files through `mod reference;`, so some items are unused in each.
#![allow(dead_code, unused_imports)]

mod movegen;
mod text;

pub use movegen::{RMove, RStatus};

/// White (seat 0) and Black (seat 1).
pub const WHITE: u8 = 0;
/// Black.
pub const BLACK: u8 = 1;

/// The kind of a piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Kind {
    /// The lower-case FEN letter.
    pub fn letter(self) -> char {
        match self {
            Kind::Pawn => 'p',
            Kind::Knight => 'n',
            Kind::Bishop => 'b',
            Kind::Rook => 'r',
            Kind::Queen => 'q',
            Kind::King => 'k',
        }
    }

    /// The kind of a FEN letter of either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_lowercase() {
            'p' => Kind::Pawn,
            'n' => Kind::Knight,
            'b' => Kind::Bishop,
            'r' => Kind::Rook,
            'q' => Kind::Queen,
            'k' => Kind::King,
            _ => return None,
        })
    }
}

/// A piece: its colour and kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    pub color: u8,
    pub kind: Kind,
}

/// A cell as signed coordinates (file x, rank y, height z), 0-based (C3-1).
pub type Xyz = (i32, i32, i32);

/// A position of the reference generator.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pos {
    /// Index `z * 64 + y * 8 + x`.
    pub cells: [Option<Piece>; 512],
    /// The number of heights n (1 … 8).
    pub heights: i32,
    /// Base heights, 0-based: `[Lw − 1, Lb − 1]`.
    pub base: [i32; 2],
    /// The side to move.
    pub side: u8,
    /// Castling rights K, Q, k, q.
    pub castling: [bool; 4],
    /// The en-passant cell.
    pub ep: Option<Xyz>,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Removal thresholds T(n) for n = 2 … 8 (C3-30); `None` = no removal at that n.
    pub removal: [Option<u32>; 7],
}

/// The removal table of a `removal` configuration value: `on` (T(n) = n + 3, C3-30), `off`,
/// or seven thresholds where `0` or `-` leaves a height count out.
pub fn removal_table(value: &str) -> [Option<u32>; 7] {
    match value {
        "on" => std::array::from_fn(|i| Some(i as u32 + 5)),
        "off" => [None; 7],
        _ => {
            let parts: Vec<&str> = value.split(',').collect();
            assert_eq!(parts.len(), 7, "removal table {value:?}");
            std::array::from_fn(|i| match parts[i].trim() {
                "-" | "0" => None,
                p => Some(p.parse().expect("threshold")),
            })
        }
    }
}

/// The cell index of in-board coordinates.
pub fn idx((x, y, z): Xyz) -> usize {
    (z * 64 + y * 8 + x) as usize
}

impl Pos {
    /// Whether the coordinates lie inside the current box.
    pub fn on_board(&self, (x, y, z): Xyz) -> bool {
        (0..8).contains(&x) && (0..8).contains(&y) && (0..self.heights).contains(&z)
    }

    /// The piece on an in-board cell.
    pub fn at(&self, c: Xyz) -> Option<Piece> {
        self.cells[idx(c)]
    }

    /// Whether `c` is one of `color`'s base cubes (C3-6: rank 1 on Lw for White, rank 8 on
    /// Lb for Black).
    pub fn is_base_cube(&self, color: u8, (_, y, z): Xyz) -> bool {
        let rank = if color == WHITE { 0 } else { 7 };
        y == rank && z == self.base[color as usize]
    }

    /// The number of pieces of both sides.
    pub fn piece_count(&self) -> u32 {
        self.cells.iter().filter(|c| c.is_some()).count() as u32
    }

    /// The cell of `color`'s king.
    pub fn king(&self, color: u8) -> Xyz {
        let i = self
            .cells
            .iter()
            .position(|c| {
                *c == Some(Piece {
                    color,
                    kind: Kind::King,
                })
            })
            .expect("every position has both kings");
        ((i % 8) as i32, ((i / 8) % 8) as i32, (i / 64) as i32)
    }

    /// Every occupied cell with its piece.
    pub fn pieces(&self) -> Vec<(Xyz, Piece)> {
        let mut out = Vec::new();
        for z in 0..self.heights {
            for y in 0..8 {
                for x in 0..8 {
                    if let Some(p) = self.at((x, y, z)) {
                        out.push(((x, y, z), p));
                    }
                }
            }
        }
        out
    }
}
