//! The 76 lines of four of the box (Q-3) as cell sets, and for each cell the lines through it,
//! computed at compile time.
//!
//! A line is four cells `s, s + d, s + 2d, s + 3d` for a step `d` in {-1, 0, 1}³ (not all 0)
//! that stays inside the box. Each line is found once: from the end where the step's first
//! non-zero coordinate is positive, at the cell whose predecessor `s - d` lies outside.

use crate::cell::SIDE;

/// The number of lines of four (Q-3): 48 along the axes, 24 diagonals of the planes, 4
/// diagonals of the box.
pub(crate) const LINE_COUNT: usize = 76;

/// The most lines through one cell: a corner, or one of the eight inner cells, lies on three
/// axis lines, three plane diagonals and one space diagonal.
const MOST_THROUGH_A_CELL: usize = 7;

/// Every line of four (Q-3) as a set of cells (bit `i` is the cell of index `i`, see
/// [`Cell::index`](crate::Cell::index)), in a fixed order.
///
/// # Example
///
/// ```
/// use qubic::{Cell, LINES};
///
/// // Q-3: 76 lines of four cells each, all different.
/// assert_eq!(LINES.len(), 76);
/// assert!(LINES.iter().all(|line| line.count_ones() == 4));
/// // The space diagonal a1@1 b2@2 c3@3 d4@4 is one of them.
/// let diagonal = ["a1@1", "b2@2", "c3@3", "d4@4"]
///     .iter()
///     .map(|t| 1u64 << Cell::parse(t).unwrap().index())
///     .sum::<u64>();
/// assert!(LINES.contains(&diagonal));
/// ```
pub static LINES: [u64; LINE_COUNT] = lines();

/// The lines through one cell.
#[derive(Clone, Copy)]
pub(crate) struct Through {
    lines: [u64; MOST_THROUGH_A_CELL],
    count: u8,
}

impl Through {
    /// The lines through the cell, as cell sets.
    #[inline]
    pub(crate) fn lines(&self) -> &[u64] {
        self.lines
            .get(..usize::from(self.count))
            .unwrap_or_default()
    }
}

/// For each cell (by index) the lines through it.
pub(crate) static THROUGH: [Through; 64] = through(&LINES);

/// Whether file, rank and height are inside the box.
const fn inside(x: i32, y: i32, z: i32) -> bool {
    let side = SIDE as i32;
    x >= 0 && x < side && y >= 0 && y < side && z >= 0 && z < side
}

const fn lines() -> [u64; LINE_COUNT] {
    let side = SIDE as i32;
    let mut out = [0u64; LINE_COUNT];
    let mut found = 0;
    let mut d = 0;
    while d < 27 {
        let (dx, dy, dz) = (d % 3 - 1, d / 3 % 3 - 1, d / 9 - 1);
        // One of each pair of opposite steps: the first non-zero coordinate positive.
        let canonical = if dx != 0 {
            dx > 0
        } else if dy != 0 {
            dy > 0
        } else {
            dz > 0
        };
        let mut start = 0;
        while canonical && start < 64 {
            let (x, y, z) = (start % side, start / side % side, start / (side * side));
            if !inside(x - dx, y - dy, z - dz) && inside(x + 3 * dx, y + 3 * dy, z + 3 * dz) {
                let mut mask = 0u64;
                let mut k = 0;
                while k < 4 {
                    let (cx, cy, cz) = (x + k * dx, y + k * dy, z + k * dz);
                    mask |= 1 << (cz * side * side + cy * side + cx);
                    k += 1;
                }
                // More than 76 lines would index past the array: a compile error.
                out[found] = mask;
                found += 1;
            }
            start += 1;
        }
        d += 1;
    }
    // Fewer would leave an empty set, which every position "completes".
    assert!(found == LINE_COUNT, "the box must have 76 lines of four");
    out
}

const fn through(lines: &[u64; LINE_COUNT]) -> [Through; 64] {
    let mut out = [Through {
        lines: [0; MOST_THROUGH_A_CELL],
        count: 0,
    }; 64];
    let mut line = 0;
    while line < LINE_COUNT {
        let mut cell = 0;
        while cell < 64 {
            if lines[line] >> cell & 1 == 1 {
                let at = out[cell].count as usize;
                // More than seven lines through a cell would index past the array.
                out[cell].lines[at] = lines[line];
                out[cell].count += 1;
            }
            cell += 1;
        }
        line += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_listed_under_each_of_its_cells() {
        for (cell, through) in THROUGH.iter().enumerate() {
            let expected: Vec<u64> = LINES
                .iter()
                .copied()
                .filter(|l| l >> cell & 1 == 1)
                .collect();
            assert_eq!(through.lines(), expected.as_slice(), "cell {cell}");
        }
        // Each line has four cells: 76 × 4 memberships in all.
        let memberships: usize = THROUGH.iter().map(|t| t.lines().len()).sum();
        assert_eq!(memberships, 76 * 4);
    }

    #[test]
    fn corners_and_inner_cells_lie_on_seven_lines_the_others_on_four() {
        // Q-3 by hand: a corner has 3 axis lines, 3 plane diagonals (one in each of its three
        // faces) and 1 space diagonal; so has each of the 8 inner cells. Every other cell (an
        // edge or face cell) lies on 3 axis lines and 1 plane diagonal.
        for (i, through) in THROUGH.iter().enumerate() {
            let [x, y, z] = [i % 4, i / 4 % 4, i / 16].map(|v| v == 0 || v == 3);
            let all_outer = x && y && z;
            let all_inner = !x && !y && !z;
            let expected = if all_outer || all_inner { 7 } else { 4 };
            assert_eq!(through.lines().len(), expected, "cell {i}");
        }
    }
}
