//! checkers3d moves as 64-bit codes ([`MoveCode`]): the game's number 2 in bits 60–63; bits
//! 0–8 the origin cell index, 9–17 the destination, 18 whether the move promotes, 19–50 a
//! 32-bit fingerprint of the captured set (0 for a quiet move), 51–59 its rank among
//! the earlier moves of the list with the same bits 0–50.
//!
//! A draughts move carries a set of captured pieces too large for 64 bits, so a code is
//! exact only within the position it was listed in (the rank makes it so); in another
//! position it is either refused or names a legal move with the same origin, destination and
//! fingerprint.

use crate::Checkers3d;
use crate::moves::Move;
use variant_core::EncodeError;
use variant_core::codec::{CODE_TAG_SHIFT, MoveCode};

/// checkers3d's number in the top bits of its codes.
const TAG: u64 = 2;
/// Where the rank starts.
const RANK_SHIFT: u32 = 51;
/// How many moves alike the rank tells apart.
const RANKS: u64 = 1 << 9;

/// The multiplier of the fingerprint's mixing step (the golden ratio's 64-bit
/// fraction, an odd constant with well-mixed bits).
const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// A 32-bit fingerprint of the captured set: 0 for a move that captures nothing, whose
/// origin, destination and promotion already fix it (no two quiet moves of a position share
/// both cells), else the set's fold (`Move::captured_fold`, the one the move's hash uses)
/// mixed by one multiplication. Codes only need to agree within one process, and listing
/// codes is on the C library's hot path (one-height draughts is mostly quiet moves).
#[inline]
fn fingerprint(mv: &Move) -> u64 {
    if mv.captured == [0; 8] {
        return 0;
    }
    let h = mv.captured_fold().wrapping_mul(MIX);
    (h ^ h >> 29) & 0xffff_ffff
}

/// # Example
///
/// ```
/// use checkers3d::prelude::*;
/// use variant_core::codec::MoveCode;
/// // D3-9: one height is Russian draughts, 7 opening moves, each with its own code.
/// let config: Checkers3dConfig = "heights=1".parse().unwrap();
/// let game = Checkers3d::new(&config).unwrap();
/// let moves = game.legal_moves();
/// let mut codes = Vec::new();
/// game.move_codes(&moves, &mut codes).unwrap();
/// assert_eq!(codes.len(), 7);
/// assert!(codes.iter().all(|&c| c >> 60 == 2)); // checkers3d's number
/// for (&mv, &code) in moves.iter().zip(&codes) {
///     assert_eq!(game.decode_move(code).unwrap(), mv);
/// }
/// ```
impl MoveCode for Checkers3d {
    const CODE_TAG: u64 = TAG;

    #[inline]
    fn move_code(&self, mv: Move, earlier: &[u64]) -> Result<u64, EncodeError> {
        let base = base_code(mv);
        // The rank among earlier moves with the same bits makes the code exact.
        ranked(base, earlier)
    }

    /// The same codes as [`MoveCode::move_code`] move by move, in two passes: every
    /// fingerprint first (independent of each other, so the processor overlaps their
    /// multiply chains, where one move's rank would wait for the code before it), then the
    /// ranks, which a list without captures skips (all 0). Listing the codes is on the C
    /// library's hot path (docs/benchmarks.md, the C API section).
    #[inline]
    fn move_codes(&self, moves: &[Move], codes: &mut Vec<u64>) -> Result<(), EncodeError> {
        let first = codes.len();
        let mut captures = false;
        codes.extend(moves.iter().map(|&mv| {
            captures |= mv.captured != [0; 8];
            base_code(mv)
        }));
        if !captures {
            // Every rank is 0: moves that capture nothing differ in origin, destination or
            // promotion (the generator lists each move once, D3-14), all of which the bits
            // 0–18 hold. One-height draughts lists mostly such moves.
            return Ok(());
        }
        for i in first..codes.len() {
            let (before, rest) = codes.split_at_mut(i);
            let Some(code) = rest.first_mut() else { break };
            match ranked(*code, before.get(first..).unwrap_or_default()) {
                Ok(ranked) => *code = ranked,
                Err(e) => {
                    codes.truncate(i);
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}

/// Bits 0–59 of a move's code but the rank, with the game's tag: origin, destination,
/// promotion and the fingerprint of the whole move.
#[inline]
fn base_code(mv: Move) -> u64 {
    // Origin, destination and promotion have bits of their own; the fingerprint stands for
    // the captured set.
    let print = fingerprint(&mv);
    TAG << CODE_TAG_SHIFT
        | cell_index(mv.from)
        | cell_index(mv.to) << 9
        | u64::from(mv.is_promotion()) << 18
        | print << 19
}

/// The cell index (`Cell3::index`, `x + 8 y + 64 z`) of a square, in two operations: square
/// `32 z + 4 y + q` is the dark cell `x = 2 q + (y & 1)` of its row, so its index is twice
/// the square plus bit 2 of the square (the row's parity). The same as
/// `cell_of(square).index()`, which goes through the three coordinates (a fifth of the
/// coding of a list; the unit test below compares the two on every square).
#[inline]
fn cell_index(square: u8) -> u64 {
    let s = u64::from(square);
    2 * s + (s >> 2 & 1)
}

/// `base` with its rank among the `earlier` codes of the list that share its bits 0–50.
#[inline]
fn ranked(base: u64, earlier: &[u64]) -> Result<u64, EncodeError> {
    let same = earlier
        .iter()
        .filter(|&&c| c & ((1 << RANK_SHIFT) - 1) == base)
        .count() as u64;
    if same >= RANKS {
        return Err(EncodeError::Unencodable {
            what: format!(
                "checkers3d: more than {RANKS} legal moves share one origin, destination \
                 and fingerprint; they cannot be given codes"
            ),
        });
    }
    Ok(base | same << RANK_SHIFT)
}

#[cfg(test)]
mod tests {
    use super::cell_index;
    use crate::geometry::cell_of;

    #[test]
    fn the_cell_index_of_every_square_is_that_of_its_cell() {
        // a1, b2 (the second row starts on file b), h8, and a1 of the second height.
        assert_eq!([0, 4, 31, 32].map(cell_index), [0, 9, 63, 64]);
        for square in 0..=u8::MAX {
            assert_eq!(
                cell_index(square),
                cell_of(square).index() as u64,
                "square {square}"
            );
        }
    }
}
