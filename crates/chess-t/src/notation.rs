//! The position text of CT-51 and the start position (CT-3, CT-45), with the set-up checks.

use crate::cell::Bits;
use crate::config::ChessTConfig;
use crate::piece::Piece;
use crate::position::ChessT;
use variant_core::{GameConfig, PositionError};

/// The start position of CT-3 in the notation of CT-51.
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
///
/// assert_eq!(ChessT::default().to_text(), chess_t::START_TEXT); // CT-3
/// ```
pub const START_TEXT: &str = "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1";
/// The start position without Scouts (CT-45).
///
/// # Example
///
/// ```
/// use chess_t::prelude::*;
///
/// // CT-45: with `no-scouts` the Scouts' cells b1, g1, b8, g8 start empty.
/// let config: ChessTConfig = "no-scouts=on".parse().unwrap();
/// assert_eq!(ChessT::new(&config).unwrap().to_text(), chess_t::START_TEXT_NO_SCOUTS);
/// ```
pub const START_TEXT_NO_SCOUTS: &str = "r1pckp1r/nnnnnnnn/8/8/8/8/NNNNNNNN/R1PCKP1R w Pp 0 1";

impl ChessT {
    /// The position text (CT-51).
    pub(crate) fn text(&self) -> String {
        let mut out = String::with_capacity(80);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.at(rank * 8 + file) {
                    None => empty += 1,
                    Some((side, kind)) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let c = Piece::from_index(kind).letter();
                        out.push(if side == 0 { c } else { c.to_ascii_lowercase() });
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.stm == 0 { " w " } else { " b " });
        match self.rights {
            0 => out.push('-'),
            r => {
                if r & 1 != 0 {
                    out.push('P');
                }
                if r & 2 != 0 {
                    out.push('p');
                }
            }
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }

    /// Reads a position text under `config` (CT-51) and applies CT-44's removals.
    pub(crate) fn parse_position(
        config: &ChessTConfig,
        text: &str,
    ) -> Result<ChessT, PositionError> {
        config
            .validate()
            .map_err(|e| PositionError::new("configuration", e.to_string()))?;
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 5 {
            return Err(PositionError::new(
                "",
                format!(
                    "{} fields; expected 5: placement, side to move, Prince→Connet rights, \
                     plies since the last capture, move number (e.g. {START_TEXT:?})",
                    fields.len()
                ),
            ));
        }
        let mut pos = ChessT::empty(*config);
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(PositionError::new(
                "placement",
                format!("{} ranks separated by '/', expected 8", ranks.len()),
            ));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let where_ = format!("placement, rank {}", rank + 1);
            let mut file = 0usize;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if !(1..=8).contains(&d) {
                        return Err(PositionError::new(
                            where_,
                            format!("{c:?} is not a count 1 … 8 of empty cells"),
                        ));
                    }
                    file += d as usize;
                } else if let Some(kind) = Piece::from_letter(c) {
                    if file < 8 {
                        let side = if c.is_ascii_uppercase() { 0 } else { 1 };
                        pos.put(side, kind as usize, rank * 8 + file);
                    }
                    file += 1;
                } else {
                    return Err(PositionError::new(
                        where_,
                        format!(
                            "{c:?} is not a piece letter (K C P R N V S, Black in lower case) or a digit"
                        ),
                    ));
                }
                if file > 8 {
                    return Err(PositionError::new(where_, "more than 8 cells"));
                }
            }
            if file != 8 {
                return Err(PositionError::new(
                    where_,
                    format!("{file} cells, expected 8"),
                ));
            }
        }
        pos.stm = match fields[1] {
            "w" => 0,
            "b" => 1,
            other => {
                return Err(PositionError::new(
                    "side to move",
                    format!("{:?}; expected w or b", variant_core::error::shorten(other)),
                ));
            }
        };
        pos.rights = match fields[2] {
            "-" => 0,
            "P" => 1,
            "p" => 2,
            "Pp" => 3,
            other => {
                return Err(PositionError::new(
                    "Prince→Connet rights",
                    format!(
                        "{:?}; expected P, p, Pp or -",
                        variant_core::error::shorten(other)
                    ),
                ));
            }
        };
        pos.halfmove = fields[3].parse().map_err(|_| {
            PositionError::new(
                "plies since the last capture",
                format!(
                    "{:?} is not a count",
                    variant_core::error::shorten(fields[3])
                ),
            )
        })?;
        pos.fullmove = match fields[4].parse::<u32>() {
            Ok(n) if n >= 1 => n,
            _ => {
                return Err(PositionError::new(
                    "move number",
                    format!(
                        "{:?} is not a number 1 or more",
                        variant_core::error::shorten(fields[4])
                    ),
                ));
            }
        };
        pos.check_army()?;
        pos.remove_on_enemy_impregnable();
        pos.check_kings()?;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The start position under `config` (CT-3, CT-45), after CT-44's removals.
    pub(crate) fn start(config: &ChessTConfig) -> Result<ChessT, variant_core::ConfigError> {
        config.validate()?;
        let text = if config.no_scouts {
            START_TEXT_NO_SCOUTS
        } else {
            START_TEXT
        };
        ChessT::parse_position(config, text)
            .map_err(|e| variant_core::ConfigError::Inconsistent(e.to_string()))
    }

    /// Armies that no game can reach are refused: pieces are never added to the start army of
    /// 16, a side has one King, promotions stop at 3 Princes and 3 Connets (CT-31, CT-32).
    fn check_army(&self) -> Result<(), PositionError> {
        for side in 0..2 {
            let name = if side == 0 { "White" } else { "Black" };
            let total = self.occ[side].count_ones();
            if total > 16 {
                return Err(PositionError::new(
                    "placement",
                    format!("{name} has {total} pieces; an army has at most 16"),
                ));
            }
            for (kind, max) in [(Piece::King, 1), (Piece::Prince, 3), (Piece::Connet, 3)] {
                let n = self.count(side, kind);
                if n > max {
                    return Err(PositionError::new(
                        "placement",
                        format!(
                            "{name} has {n} {}s; at most {max} (CT-3, CT-31)",
                            kind.name()
                        ),
                    ));
                }
            }
            if self.config.no_scouts && self.pieces[side][Piece::Scout as usize] != 0 {
                return Err(PositionError::new(
                    "placement",
                    format!("{name} has a Scout, but no-scouts is on (CT-45)"),
                ));
            }
        }
        Ok(())
    }

    fn check_kings(&self) -> Result<(), PositionError> {
        let k = Piece::King as usize;
        if self.pieces[0][k] == 0 && self.pieces[1][k] == 0 {
            return Err(PositionError::new("placement", "neither side has a King"));
        }
        Ok(())
    }

    /// CT-44: a piece standing on an enemy impregnable field is removed.
    pub(crate) fn remove_on_enemy_impregnable(&mut self) {
        for side in 0..2 {
            let doomed = self.occ[side] & self.config.impregnable(1 - side);
            for sq in Bits(doomed) {
                self.take(sq);
            }
        }
    }
}
