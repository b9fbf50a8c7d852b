//! Notation (D3-50, D3-51): position texts in the PDN-style FEN extended by heights, and move
//! texts (`c3@1-d4@2`, `c3@1:e5@1:g7@3`).

use crate::capture::{Mode, Search, Sink};
use crate::config::{Checkers3dConfig, format_heights};
use crate::geometry::{cell_of, square_of};
use crate::moves::{Move, MoveList};
use crate::position::{BLACK, Checkers3d, WHITE};
use variant_core::config::parse_int_list;
use variant_core::error::shorten;
use variant_core::grid3::Cell3;
use variant_core::{MoveError, PositionError};

/// The text of a square on a board of `heights` heights (C3-50).
pub(crate) fn square_text(square: u16, heights: u8) -> String {
    cell_of(square as u8).display(heights).to_string()
}

fn colour_name(colour: usize) -> &'static str {
    if colour == WHITE { "White" } else { "Black" }
}

impl Checkers3d {
    /// D3-51: `W:Wa1,c1,Kd4:Bb8,h6`, with `@h` on cells and `:H<n>:<white>/<black>` base
    /// heights when the board has more than one height. Cells are sorted by their text.
    pub(crate) fn write_text(&self) -> String {
        let mut out = String::from(if self.side == 0 { "W" } else { "B" });
        for (colour, letter) in [(WHITE, 'W'), (BLACK, 'B')] {
            let mut cells: Vec<(String, bool)> = Vec::new();
            for z in 0..self.heights as usize {
                let mut b = self.pieces[colour][z];
                while b != 0 {
                    let i = b.trailing_zeros();
                    b &= b - 1;
                    let square = z as u16 * 32 + i as u16;
                    cells.push((
                        square_text(square, self.heights),
                        self.kings[z] >> i & 1 == 1,
                    ));
                }
            }
            cells.sort();
            out.push(':');
            out.push(letter);
            let items: Vec<String> = cells
                .into_iter()
                .map(|(text, king)| if king { format!("K{text}") } else { text })
                .collect();
            out.push_str(&items.join(","));
        }
        if self.heights > 1 {
            out.push_str(&format!(
                ":H{}:{}/{}",
                self.heights,
                format_heights(self.base[WHITE]),
                format_heights(self.base[BLACK])
            ));
        }
        out
    }

    /// Reads a D3-51 text. Heights and base heights come from the text (`:H<n>` absent means
    /// one height; the base field absent means the configuration's base heights, or the
    /// defaults {1} and {H} when those do not fit); everything else from `config`.
    pub(crate) fn parse_position(
        config: &Checkers3dConfig,
        text: &str,
    ) -> Result<Self, PositionError> {
        let fields: Vec<&str> = text.trim().split(':').map(str::trim).collect();
        let side = match fields.first().copied() {
            Some("W") => 0,
            Some("B") => 1,
            Some(other) => {
                return Err(PositionError::new(
                    "field 1 (side to move)",
                    format!("{:?} is not W or B", shorten(other)),
                ));
            }
            None => return Err(PositionError::new("", "empty text")),
        };
        let mut heights: Option<u8> = None;
        let mut bases: Option<(u8, u8)> = None;
        let mut lists: [Option<(usize, &str)>; 2] = [None, None];
        for (n, field) in fields.iter().enumerate().skip(1) {
            let location = format!("field {}", n + 1);
            if let Some(rest) = field.strip_prefix('W') {
                if lists[WHITE].replace((n + 1, rest)).is_some() {
                    return Err(PositionError::new(
                        location,
                        "White's pieces are given twice",
                    ));
                }
            } else if let Some(rest) = field.strip_prefix('B') {
                if lists[BLACK].replace((n + 1, rest)).is_some() {
                    return Err(PositionError::new(
                        location,
                        "Black's pieces are given twice",
                    ));
                }
            } else if let Some(rest) = field.strip_prefix('H') {
                let h: u8 = rest
                    .parse()
                    .ok()
                    .filter(|h| (1..=8).contains(h))
                    .ok_or_else(|| {
                        PositionError::new(
                            &location,
                            format!("heights {:?} is not a number 1-8", shorten(rest)),
                        )
                    })?;
                if heights.replace(h).is_some() {
                    return Err(PositionError::new(location, "the heights are given twice"));
                }
            } else if let Some((w, b)) = field.split_once('/') {
                let parse = |list: &str, who: &str| -> Result<u8, PositionError> {
                    parse_int_list("base heights", list, 1, 8)
                        .map(|l| l.iter().fold(0u8, |m, &h| m | 1 << (h - 1)))
                        .map_err(|e| {
                            PositionError::new(&location, format!("{who} base heights: {e}"))
                        })
                };
                if bases
                    .replace((parse(w, "White")?, parse(b, "Black")?))
                    .is_some()
                {
                    return Err(PositionError::new(
                        location,
                        "the base heights are given twice",
                    ));
                }
            } else {
                return Err(PositionError::new(
                    location,
                    format!(
                        "{:?} is not a piece list (W…/B…), heights (H<n>) or base heights (w/b)",
                        shorten(field)
                    ),
                ));
            }
        }
        let heights = heights.unwrap_or(1);
        let all = ((1u16 << heights) - 1) as u8;
        let (white_base, black_base) = match bases {
            Some((w, b)) => {
                for (mask, who) in [(w, "White"), (b, "Black")] {
                    if mask & !all != 0 {
                        return Err(PositionError::new(
                            "base heights",
                            format!(
                                "{who} base heights {} go above H{heights}",
                                format_heights(mask)
                            ),
                        ));
                    }
                }
                (w, b)
            }
            None => config.bases_for(heights),
        };
        let config = config.with_geometry(heights, white_base, black_base);
        let mut pos = Checkers3d::empty(&config);
        pos.side = side;
        for colour in [WHITE, BLACK] {
            let Some((n, list)) = lists[colour] else {
                return Err(PositionError::new(
                    "",
                    format!(
                        "{}'s pieces are missing (a field {}…)",
                        colour_name(colour),
                        &"WB"[colour..=colour]
                    ),
                ));
            };
            if list.is_empty() {
                continue;
            }
            for (k, item) in list.split(',').enumerate() {
                let location =
                    format!("field {n} ({} pieces), item {}", colour_name(colour), k + 1);
                let item = item.trim();
                let (king, cell_text) = match item.strip_prefix('K') {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let cell = Cell3::parse(cell_text, heights).map_err(|e| {
                    PositionError::new(&location, format!("{:?}: {e}", shorten(item)))
                })?;
                let square = square_of(cell).ok_or_else(|| {
                    PositionError::new(
                        &location,
                        format!("{cell_text} is a light cell; pieces stand on dark cells (D3-1)"),
                    )
                })?;
                let (z, i) = (square as usize / 32, square % 32);
                if pos.occupied(z) >> i & 1 == 1 {
                    return Err(PositionError::new(
                        location,
                        format!("{cell_text} is occupied twice"),
                    ));
                }
                if !king && pos.promotion_squares(colour, z) >> i & 1 == 1 {
                    return Err(PositionError::new(
                        location,
                        format!(
                            "a {} man on {cell_text} stands on an enemy base cube and would have been promoted (D3-13)",
                            colour_name(colour)
                        ),
                    ));
                }
                pos.pieces[colour][z] |= 1 << i;
                if king {
                    pos.kings[z] |= 1 << i;
                }
            }
        }
        if pos.piece_count() == 0 {
            // Every game starts with men on both sides and a move removes only the opponent's
            // pieces, so some piece always remains (D3-3, D3-8): a side without pieces has
            // lost (D3-20), but a board without any piece is no position of the game.
            return Err(PositionError::new(
                "fields 2-3 (pieces)",
                "no piece of either side: no game reaches an empty board (D3-3, D3-20)",
            ));
        }
        pos.hash = pos.full_hash();
        Ok(pos)
    }

    /// Whether the piece on `square` is a king.
    fn is_king(&self, square: u8) -> bool {
        self.kings[square as usize / 32] >> (square % 32) & 1 == 1
    }

    /// The landing path of `mv` whose text sorts first (D3-14): a search that takes only the
    /// move's captured pieces and tries landing cells in text order, so the first path found
    /// is the one wanted.
    fn first_path(&self, mv: Move) -> Option<Vec<u16>> {
        let mut sink = FirstPath {
            target: mv,
            path: Vec::new(),
            found: None,
        };
        Search::new(self, &mut sink, Mode::Memo).run(mv.from, self.is_king(mv.from));
        sink.found
    }

    /// Follows a landing path (origin first) through the capture rules: the complete move it
    /// makes, or whether it is the beginning of a longer capture (D3-10).
    fn follow_path(&self, cells: &[u16]) -> (Option<Move>, bool) {
        let mut sink = FollowPath {
            cells,
            depth: 0,
            found: None,
            goes_on: false,
        };
        let from = cells[0] as u8;
        Search::new(self, &mut sink, Mode::Plain).run(from, self.is_king(from));
        (sink.found, sink.goes_on)
    }

    fn path_text(&self, path: &[u16]) -> String {
        path.iter()
            .map(|&s| square_text(s, self.heights))
            .collect::<Vec<_>>()
            .join(":")
    }

    /// D3-50: `from-to` for a quiet move; for a capture the landing path whose text sorts
    /// first (D3-14).
    pub(crate) fn move_text(&self, mv: Move) -> String {
        let from = square_text(u16::from(mv.from), self.heights);
        let to = square_text(u16::from(mv.to), self.heights);
        if !mv.is_capture() {
            return format!("{from}-{to}");
        }
        self.first_path(mv)
            .map(|p| self.path_text(&p))
            .unwrap_or_else(|| format!("{from}:{to}"))
    }

    fn parse_cells(&self, text: &str, parts: &[&str]) -> Result<Vec<u16>, MoveError> {
        let mut cells = Vec::with_capacity(parts.len());
        for (k, part) in parts.iter().enumerate() {
            let cell = Cell3::parse(part.trim(), self.heights)
                .map_err(|e| MoveError::malformed(text, format!("cell {}: {e}", k + 1)))?;
            let square = square_of(cell).ok_or_else(|| {
                MoveError::malformed(
                    text,
                    format!(
                        "cell {} ({}) is a light cell; pieces use dark cells only (D3-1)",
                        k + 1,
                        part.trim()
                    ),
                )
            })?;
            cells.push(u16::from(square));
        }
        Ok(cells)
    }

    /// Reads a move text and returns the legal move it names.
    pub(crate) fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(MoveError::malformed(text, "empty move text"));
        }
        let quiet = t.contains('-');
        let parts: Vec<&str> = if quiet {
            t.split('-').collect()
        } else if t.contains(':') || t.contains('x') {
            t.split([':', 'x']).collect()
        } else {
            return Err(MoveError::malformed(
                text,
                "expected from-to (quiet move) or from:to:… (capture), e.g. c3-d4 or c3:e5",
            ));
        };
        if quiet && parts.len() != 2 {
            return Err(MoveError::malformed(
                text,
                "a quiet move is two cells joined by '-'",
            ));
        }
        if parts.len() < 2 {
            return Err(MoveError::malformed(
                text,
                "a capture lists at least two cells",
            ));
        }
        let cells = self.parse_cells(text, &parts)?;
        let mut legal = MoveList::default();
        self.generate(&mut legal);
        let (Some(&from), Some(&to)) = (cells.first(), cells.last()) else {
            return Err(MoveError::malformed(
                text,
                "a move names at least two cells",
            ));
        };
        let us = self.side as usize;
        let (fz, fi) = (from as usize / 32, from % 32);
        if self.pieces[us][fz] >> fi & 1 == 0 {
            return Err(MoveError::illegal(
                t,
                format!(
                    "there is no {} piece on {}",
                    colour_name(us),
                    square_text(from, self.heights)
                ),
            ));
        }
        let captures_exist = legal.first().is_some_and(Move::is_capture);
        if quiet {
            if let Some(mv) = legal
                .iter()
                .find(|m| !m.is_capture() && u16::from(m.from) == from && u16::from(m.to) == to)
            {
                return Ok(*mv);
            }
            let reason = if captures_exist {
                "a capture is compulsory (D3-11)".to_string()
            } else {
                "the piece cannot move there (D3-6, D3-7)".to_string()
            };
            return Err(MoveError::illegal(t, reason));
        }
        if !captures_exist {
            return Err(MoveError::illegal(
                t,
                "no capture is possible in this position",
            ));
        }
        // A whole landing path names its move exactly; `from:to` alone (D3-50) is read as the
        // short form only when it is not itself a whole path (a single capture), so the
        // canonical text of a one-piece capture never clashes with a longer capture that
        // ends on the same cell.
        let (exact, goes_on) = self.follow_path(&cells);
        let named: Vec<Move> = match exact {
            Some(mv) => vec![mv],
            None if cells.len() == 2 => legal
                .iter()
                .copied()
                .filter(|m| u16::from(m.from) == from && u16::from(m.to) == to)
                .collect(),
            None => Vec::new(),
        };
        if named.is_empty() {
            return Err(MoveError::illegal(
                t,
                if goes_on {
                    "the capture must go on while it can (D3-10)"
                } else {
                    "no capture sequence of this piece follows this path (D3-8, D3-9, D3-10)"
                },
            ));
        }
        let legal_named: Vec<Move> = named
            .iter()
            .copied()
            .filter(|m| legal.contains(m))
            .collect();
        match legal_named.as_slice() {
            [one] => Ok(*one),
            [] => {
                let most = legal.iter().map(Move::capture_count).max().unwrap_or(0);
                Err(MoveError::illegal(
                    t,
                    format!(
                        "it takes {} piece(s); the majority rule (D3-12) requires {most}",
                        named.first().map_or(0, Move::capture_count)
                    ),
                ))
            }
            [..] => Err(MoveError::illegal(
                t,
                format!(
                    "ambiguous, it names {} moves: {}; give the whole landing path",
                    legal_named.len(),
                    legal_named
                        .iter()
                        .map(|&m| self.move_text(m))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        }
    }
}

/// Looks for the first path, in text order, of one capture move (notation, D3-14).
struct FirstPath {
    target: Move,
    /// The origin and the landing cells so far.
    path: Vec<u16>,
    found: Option<Vec<u16>>,
}

impl Sink for FirstPath {
    fn push(&mut self, square: u16) {
        self.path.push(square);
    }
    fn pop(&mut self) {
        self.path.pop();
    }
    fn complete(&mut self, _: u8, to: u8, captured: &[u32; 8], _: u32, promoted: bool) {
        if to == self.target.to
            && *captured == self.target.captured
            && promoted == self.target.promoted
        {
            self.found = Some(self.path.clone());
        }
    }
    fn required(&self) -> Option<&[u32; 8]> {
        Some(&self.target.captured)
    }
    fn allow(&mut self, over: u16, _: u16) -> bool {
        self.target.captured[(over as usize / 32) & 7] >> (over % 32) & 1 == 1
    }
    fn sorted(&self) -> bool {
        true
    }
    fn done(&self) -> bool {
        self.found.is_some()
    }
}

/// Follows one landing path given as text (origin first).
struct FollowPath<'a> {
    cells: &'a [u16],
    /// Cells of the path entered so far.
    depth: usize,
    found: Option<Move>,
    /// Set when the whole path was followed and the capture could go on from its end.
    goes_on: bool,
}

impl Sink for FollowPath<'_> {
    fn push(&mut self, _: u16) {
        self.depth += 1;
    }
    fn pop(&mut self) {
        self.depth -= 1;
    }
    fn complete(&mut self, from: u8, to: u8, captured: &[u32; 8], _: u32, promoted: bool) {
        if self.depth == self.cells.len() {
            self.found = Some(Move {
                from,
                to,
                promoted,
                captured: *captured,
            });
        }
    }
    fn allow(&mut self, _: u16, land: u16) -> bool {
        if self.depth == self.cells.len() {
            self.goes_on = true;
        }
        self.cells.get(self.depth) == Some(&land)
    }
}
