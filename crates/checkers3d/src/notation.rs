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
        let side = parse_side(fields.first().copied())?;
        let read = Fields::read(&fields)?;
        let heights = read.heights.unwrap_or(1);
        let (white_base, black_base) = match read.bases {
            Some(bases) => check_bases(bases, heights)?,
            None => config.bases_for(heights),
        };
        let config = config.with_geometry(heights, white_base, black_base);
        let mut pos = Checkers3d::empty(&config);
        pos.side = side;
        for colour in [WHITE, BLACK] {
            let Some((n, list)) = read.lists[colour] else {
                return Err(PositionError::new(
                    "",
                    format!(
                        "{}'s pieces are missing (a field {}…)",
                        colour_name(colour),
                        &"WB"[colour..=colour]
                    ),
                ));
            };
            pos.place_list(colour, n, list)?;
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

    /// Puts the pieces of `colour`'s list (the text of field `n` after its letter).
    fn place_list(&mut self, colour: usize, n: usize, list: &str) -> Result<(), PositionError> {
        if list.is_empty() {
            return Ok(());
        }
        for (k, item) in list.split(',').enumerate() {
            let location = format!("field {n} ({} pieces), item {}", colour_name(colour), k + 1);
            self.place_item(colour, &location, item.trim())?;
        }
        Ok(())
    }

    /// Puts one piece given as `c3@2` (a man) or `Kc3@2` (a king).
    fn place_item(
        &mut self,
        colour: usize,
        location: &str,
        item: &str,
    ) -> Result<(), PositionError> {
        let (king, cell_text) = match item.strip_prefix('K') {
            Some(rest) => (true, rest),
            None => (false, item),
        };
        let cell = Cell3::parse(cell_text, self.heights)
            .map_err(|e| PositionError::new(location, format!("{:?}: {e}", shorten(item))))?;
        let square = square_of(cell).ok_or_else(|| {
            PositionError::new(
                location,
                format!("{cell_text} is a light cell; pieces stand on dark cells (D3-1)"),
            )
        })?;
        let (z, i) = (square as usize / 32, square % 32);
        if self.occupied(z) >> i & 1 == 1 {
            return Err(PositionError::new(
                location,
                format!("{cell_text} is occupied twice"),
            ));
        }
        if !king && self.promotion_squares(colour, z) >> i & 1 == 1 {
            return Err(PositionError::new(
                location,
                format!(
                    "a {} man on {cell_text} stands on an enemy base cube and would have been promoted (D3-13)",
                    colour_name(colour)
                ),
            ));
        }
        self.pieces[colour][z] |= 1 << i;
        if king {
            self.kings[z] |= 1 << i;
        }
        Ok(())
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
        let (quiet, parts) = split_move_text(text)?;
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
        if quiet {
            read_quiet(t, &legal, from, to)
        } else {
            self.read_capture(t, &legal, &cells)
        }
    }

    /// The legal capture named by `cells` (a whole landing path, or `from:to`), the side to
    /// move having a piece on the first cell.
    fn read_capture(&self, t: &str, legal: &[Move], cells: &[u16]) -> Result<Move, MoveError> {
        if !captures_exist(legal) {
            return Err(MoveError::illegal(
                t,
                "no capture is possible in this position",
            ));
        }
        // A whole landing path names its move exactly; `from:to` alone (D3-50) is read as the
        // short form only when it is not itself a whole path (a single capture), so the
        // canonical text of a one-piece capture never clashes with a longer capture that
        // ends on the same cell.
        let (exact, goes_on) = self.follow_path(cells);
        let named: Vec<Move> = match (exact, cells) {
            (Some(mv), _) => vec![mv],
            (None, &[from, to]) => legal
                .iter()
                .copied()
                .filter(|m| u16::from(m.from) == from && u16::from(m.to) == to)
                .collect(),
            (None, _) => Vec::new(),
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
        self.pick_legal(t, legal, &named)
    }

    /// The one legal move among the captures `named` by a text: none is legal when they take
    /// fewer pieces than the majority rule asks, several when a short form fits more paths.
    fn pick_legal(&self, t: &str, legal: &[Move], named: &[Move]) -> Result<Move, MoveError> {
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

/// The side to move of field 1: 0 for White, 1 for Black.
fn parse_side(field: Option<&str>) -> Result<u8, PositionError> {
    match field {
        Some("W") => Ok(0),
        Some("B") => Ok(1),
        Some(other) => Err(PositionError::new(
            "field 1 (side to move)",
            format!("{:?} is not W or B", shorten(other)),
        )),
        None => Err(PositionError::new("", "empty text")),
    }
}

/// The fields of a D3-51 text after the side to move, each read on its own; how they fit
/// together is checked once all are read, as they may come in any order.
struct Fields<'a> {
    heights: Option<u8>,
    /// White's and Black's base heights as bitmasks (bit z = height z + 1).
    bases: Option<(u8, u8)>,
    /// For each colour, the number of its piece field and the list after its letter.
    lists: [Option<(usize, &'a str)>; 2],
}

impl<'a> Fields<'a> {
    /// Reads `fields` (the whole text split at `:`) after the first, each at most once.
    fn read(fields: &[&'a str]) -> Result<Self, PositionError> {
        let mut read = Fields {
            heights: None,
            bases: None,
            lists: [None, None],
        };
        for (n, field) in fields.iter().enumerate().skip(1) {
            read.read_field(n + 1, field)?;
        }
        Ok(read)
    }

    /// Reads field number `n`: a piece list, the heights or the base heights.
    fn read_field(&mut self, n: usize, field: &'a str) -> Result<(), PositionError> {
        let location = format!("field {n}");
        if let Some(rest) = field.strip_prefix('W') {
            if self.lists[WHITE].replace((n, rest)).is_some() {
                return Err(PositionError::new(
                    location,
                    "White's pieces are given twice",
                ));
            }
        } else if let Some(rest) = field.strip_prefix('B') {
            if self.lists[BLACK].replace((n, rest)).is_some() {
                return Err(PositionError::new(
                    location,
                    "Black's pieces are given twice",
                ));
            }
        } else if let Some(rest) = field.strip_prefix('H') {
            let h = parse_heights(&location, rest)?;
            if self.heights.replace(h).is_some() {
                return Err(PositionError::new(location, "the heights are given twice"));
            }
        } else if let Some((w, b)) = field.split_once('/') {
            let bases = (
                parse_base_list(&location, w, "White")?,
                parse_base_list(&location, b, "Black")?,
            );
            if self.bases.replace(bases).is_some() {
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
        Ok(())
    }
}

/// The number of heights of an `H<n>` field (`rest` is the text after the `H`).
fn parse_heights(location: &str, rest: &str) -> Result<u8, PositionError> {
    rest.parse()
        .ok()
        .filter(|h| (1..=8).contains(h))
        .ok_or_else(|| {
            PositionError::new(
                location,
                format!("heights {:?} is not a number 1-8", shorten(rest)),
            )
        })
}

/// One side of a base heights field (`1,2/3`) as a bitmask (bit z = height z + 1).
fn parse_base_list(location: &str, list: &str, who: &str) -> Result<u8, PositionError> {
    parse_int_list("base heights", list, 1, 8)
        .map(|l| l.iter().fold(0u8, |m, &h| m | 1 << (h - 1)))
        .map_err(|e| PositionError::new(location, format!("{who} base heights: {e}")))
}

/// The base heights given in the text, checked against the number of heights, which may
/// come in a later field.
fn check_bases((w, b): (u8, u8), heights: u8) -> Result<(u8, u8), PositionError> {
    let all = ((1u16 << heights) - 1) as u8;
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
    Ok((w, b))
}

/// Splits a move text into its cells and says whether it is a quiet move (`-`) rather than a
/// capture (`:` or `x`). Errors name the whole `text`.
fn split_move_text(text: &str) -> Result<(bool, Vec<&str>), MoveError> {
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
    Ok((quiet, parts))
}

/// The legal quiet move from `from` to `to`, for the trimmed move text `t`.
fn read_quiet(t: &str, legal: &[Move], from: u16, to: u16) -> Result<Move, MoveError> {
    if let Some(mv) = legal
        .iter()
        .find(|m| !m.is_capture() && u16::from(m.from) == from && u16::from(m.to) == to)
    {
        return Ok(*mv);
    }
    let reason = if captures_exist(legal) {
        "a capture is compulsory (D3-11)".to_string()
    } else {
        "the piece cannot move there (D3-6, D3-7)".to_string()
    };
    Err(MoveError::illegal(t, reason))
}

/// Whether the legal moves are captures (D3-11: when one is, all are).
fn captures_exist(legal: &[Move]) -> bool {
    legal.first().is_some_and(Move::is_capture)
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
