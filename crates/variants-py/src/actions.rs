//! The fixed action encodings of the PettingZoo environments: every legal move of a position
//! maps to one integer below the encoding's size, the same for every position of a
//! configuration. Moves are read from their canonical text (the rules pages' notation), so
//! the encoding depends on nothing but the notation.
//!
//! - chess3d (C3-51): `(from * cells + to) * 5 + promotion`, cells numbered
//!   `(height - 1) * 64 + rank * 8 + file`, promotion 0 none, 1 `q`, 2 `r`, 3 `b`, 4 `n`.
//! - checkers3d (D3-50): `(from * cells + to) * slots + slot` over the 32 dark cells of each
//!   height (`(height - 1) * 32 + rank * 4 + file / 2`); `to` is the last landing cell, and
//!   `slot` orders the legal moves that share origin and destination (captures of different
//!   pieces, D3-14) by their canonical text.
//! - bishops4p (B4-50): `from * 144 + to` for moves (cells `rank * 12 + file`), plus
//!   `144 * 144` for White's placements (`from` the cell lifted from), and `2 * 144 * 144`
//!   for the pass.
//! - chess-t (CT-50): `(from * 64 + to) * 5 + choice`, choice 0 none, 1 `r`, 2 `p`, 3 `c`,
//!   4 `s`.

use std::collections::BTreeMap;

/// An action encoding for one configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// chess3d with this many heights.
    Chess3d { heights: usize },
    /// checkers3d with this many heights and slots per (origin, destination).
    Checkers3d { heights: usize, slots: usize },
    /// "Bishops".
    Bishops,
    /// chess-T.
    ChessT,
}

/// A cell as (file, rank, height), all from 0.
type Cell = (usize, usize, usize);

/// Reads a cell at the start of `text` (`e2`, `e2@3`, `l12`); returns it and the rest.
fn cell(text: &str) -> Option<(Cell, &str)> {
    let bytes = text.as_bytes();
    let file = usize::from(bytes.first()?.checked_sub(b'a')?);
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let rank: usize = text[1..1 + digits].parse().ok()?;
    let mut rest = &text[1 + digits..];
    let mut height: usize = 1;
    if let Some(after) = rest.strip_prefix('@') {
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            // `Qf1@b7`: the `@` of a placement, not of a height.
            return Some(((file, rank.checked_sub(1)?, 0), rest));
        }
        height = after[..digits].parse().ok()?;
        rest = &after[digits..];
    }
    Some(((file, rank.checked_sub(1)?, height.checked_sub(1)?), rest))
}

impl Encoding {
    /// The encoding of game `name` whose configuration gives `value(key)`.
    pub fn of(
        name: &str,
        value: impl Fn(&str) -> Option<String>,
        slots: usize,
    ) -> Result<Encoding, String> {
        let heights = || -> Result<usize, String> {
            value("heights")
                .ok_or_else(|| format!("{name}: the configuration has no heights"))?
                .parse()
                .map_err(|_| format!("{name}: heights is not a number"))
        };
        match name {
            "chess3d" => Ok(Encoding::Chess3d {
                heights: heights()?,
            }),
            "checkers3d" => Ok(Encoding::Checkers3d {
                heights: heights()?,
                slots: slots.max(1),
            }),
            "bishops4p" => Ok(Encoding::Bishops),
            "chess-t" => Ok(Encoding::ChessT),
            _ => Err(format!("no action encoding for the game {name:?}")),
        }
    }

    /// The number of actions.
    pub fn size(self) -> usize {
        match self {
            Encoding::Chess3d { heights } => (64 * heights).pow(2) * 5,
            Encoding::Checkers3d { heights, slots } => (32 * heights).pow(2) * slots,
            Encoding::Bishops => 2 * 144 * 144 + 1,
            Encoding::ChessT => 64 * 64 * 5,
        }
    }

    /// The action of each move (canonical texts, sorted); moves beyond the slots of their
    /// (origin, destination) pair are left out and counted in the second value.
    pub fn encode(self, moves: &[String]) -> Result<(Vec<(usize, usize)>, usize), String> {
        let mut out = Vec::with_capacity(moves.len());
        let mut dropped = 0;
        if let Encoding::Checkers3d { heights, slots } = self {
            // Group by (origin, destination); within a group the canonical texts are sorted.
            let mut groups: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
            for (i, mv) in moves.iter().enumerate() {
                let (from, to) = draughts_cells(mv, heights)?;
                groups.entry((from, to)).or_default().push(i);
            }
            let cells = 32 * heights;
            for ((from, to), mut members) in groups {
                members.sort_by(|&a, &b| moves[a].cmp(&moves[b]));
                for (slot, i) in members.into_iter().enumerate() {
                    if slot < slots {
                        out.push(((from * cells + to) * slots + slot, i));
                    } else {
                        dropped += 1;
                    }
                }
            }
            out.sort_unstable();
            return Ok((out, dropped));
        }
        for (i, mv) in moves.iter().enumerate() {
            out.push((self.encode_one(mv)?, i));
        }
        out.sort_unstable();
        Ok((out, dropped))
    }

    /// The action of one move of a chess-like game.
    fn encode_one(self, mv: &str) -> Result<usize, String> {
        let bad = || format!("move {mv:?}: not in the notation of the action encoding");
        match self {
            Encoding::Chess3d { heights } => {
                let (from, rest) = cell(mv).ok_or_else(bad)?;
                let (to, rest) = cell(rest.trim_start_matches(['-', 'x'])).ok_or_else(bad)?;
                let promo = match rest {
                    "" => 0,
                    "q" => 1,
                    "r" => 2,
                    "b" => 3,
                    "n" => 4,
                    _ => return Err(bad()),
                };
                let index = |(f, r, h): Cell| -> Result<usize, String> {
                    (f < 8 && r < 8 && h < heights)
                        .then(|| h * 64 + r * 8 + f)
                        .ok_or_else(bad)
                };
                let cells = 64 * heights;
                Ok((index(from)? * cells + index(to)?) * 5 + promo)
            }
            Encoding::ChessT => {
                let (from, rest) = cell(mv).ok_or_else(bad)?;
                let (to, rest) = cell(rest).ok_or_else(bad)?;
                let choice = match rest {
                    "" => 0,
                    "r" => 1,
                    "p" => 2,
                    "c" => 3,
                    "s" => 4,
                    _ => return Err(bad()),
                };
                let index = |(f, r, h): Cell| -> Result<usize, String> {
                    (f < 8 && r < 8 && h == 0)
                        .then(|| r * 8 + f)
                        .ok_or_else(bad)
                };
                Ok((index(from)? * 64 + index(to)?) * 5 + choice)
            }
            Encoding::Bishops => {
                if mv == "pass" {
                    return Ok(2 * 144 * 144);
                }
                let index = |(f, r, h): Cell| -> Result<usize, String> {
                    (f < 12 && r < 12 && h == 0)
                        .then(|| r * 12 + f)
                        .ok_or_else(bad)
                };
                if mv.starts_with(|c: char| c.is_ascii_uppercase()) {
                    // A placement `Qf1@b7`: piece letter, the cell lifted from, `@`, target.
                    let (from, rest) = cell(&mv[1..]).ok_or_else(bad)?;
                    let (to, rest) =
                        cell(rest.strip_prefix('@').ok_or_else(bad)?).ok_or_else(bad)?;
                    if !rest.is_empty() {
                        return Err(bad());
                    }
                    return Ok(144 * 144 + index(from)? * 144 + index(to)?);
                }
                let (from, rest) = cell(mv).ok_or_else(bad)?;
                let (to, rest) = cell(rest).ok_or_else(bad)?;
                if !rest.is_empty() {
                    return Err(bad());
                }
                Ok(index(from)? * 144 + index(to)?)
            }
            Encoding::Checkers3d { .. } => Err(bad()),
        }
    }
}

/// The origin and last landing cell of a draughts move (`c3@1-d4@2`, `c3@1:e5@1:g7@3`), as
/// dark-cell indices.
fn draughts_cells(mv: &str, heights: usize) -> Result<(usize, usize), String> {
    let bad = || format!("move {mv:?}: not in the notation of the action encoding");
    let index = |text: &str| -> Result<usize, String> {
        let ((f, r, h), rest) = cell(text).ok_or_else(bad)?;
        if !rest.is_empty() || f >= 8 || r >= 8 || h >= heights || (f + r) % 2 != 0 {
            return Err(bad());
        }
        Ok(h * 32 + r * 4 + f / 2)
    };
    let mut parts = mv.split(['-', ':']);
    let from = index(parts.next().ok_or_else(bad)?)?;
    let to = index(parts.next_back().ok_or_else(bad)?)?;
    Ok((from, to))
}
