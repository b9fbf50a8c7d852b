//! Position text (B4-51) and move text (B4-50).

use crate::config::{BishopsConfig, Mode};
use crate::geometry::{
    CASTLINGS, EMPTY, PAWN_FORWARD, behind_start_line, cell_name, file_of, on_promotion_line,
    parse_cell, parse_cell_prefix, pawn_barred, rank_of, sq, step,
};
use crate::moves::{Move, MoveKind};
use crate::position::{
    BISHOP, Bishops, GREY, KING, KNIGHT_K, NONE, PAWN, PENDING_KNIGHT, PENDING_QUEEN, Phase, QUEEN,
    ROOK, WHITE, code, colour_of, kind_of,
};
use variant_core::error::shorten;
use variant_core::{MoveError, PositionError};

/// Colour letters in seat order.
pub(crate) const COLOUR_LETTERS: [char; 4] = ['w', 'g', 'b', 'p'];
const PIECE_LETTERS: [char; 7] = ['?', 'P', 'N', 'B', 'R', 'Q', 'K'];
/// Piece names for messages, by kind.
const PIECE_NAMES: [&str; 7] = ["piece", "pawn", "knight", "bishop", "rook", "queen", "king"];

fn err(location: impl Into<String>, message: impl Into<String>) -> PositionError {
    PositionError::new(location, message)
}

fn colour_index(ch: char) -> Option<u8> {
    COLOUR_LETTERS
        .iter()
        .position(|&c| c == ch)
        .map(|i| i as u8)
}

fn piece_index(ch: char) -> Option<u8> {
    PIECE_LETTERS
        .iter()
        .skip(1)
        .position(|&c| c == ch)
        .map(|i| i as u8 + 1)
}

impl Bishops {
    /// The position text (B4-51).
    pub(crate) fn format_position(&self) -> String {
        let mut rows = Vec::with_capacity(12);
        for y in (0..12).rev() {
            let mut tokens: Vec<String> = Vec::new();
            let mut run = 0;
            for x in 0..12 {
                let p = self.at(sq(x, y));
                if p == EMPTY {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    tokens.push(run.to_string());
                    run = 0;
                }
                let colour = COLOUR_LETTERS[usize::from(colour_of(p) & 3)];
                let piece = PIECE_LETTERS[usize::from(kind_of(p)).min(6)];
                tokens.push(format!("{colour}{piece}"));
            }
            if run > 0 {
                tokens.push(run.to_string());
            }
            rows.push(tokens.join(","));
        }
        let active: String = (0..4u8)
            .filter(|&c| self.is_active_seat(c))
            .map(|c| COLOUR_LETTERS[usize::from(c)])
            .collect();
        let castling: Vec<String> = (0..4u8)
            .map(|c| {
                let mut s = format!("{}:", COLOUR_LETTERS[usize::from(c)]);
                if self.castling >> (2 * c) & 1 != 0 {
                    s.push('K');
                }
                if self.castling >> (2 * c + 1) & 1 != 0 {
                    s.push('Q');
                }
                if self.castling >> (2 * c) & 3 == 0 {
                    s.push('-');
                }
                s
            })
            .collect();
        let ep = if self.ep == NONE {
            "-".to_string()
        } else {
            format!(
                "{}{}",
                cell_name(self.ep),
                COLOUR_LETTERS[usize::from(self.ep_colour & 3)]
            )
        };
        let phase = match self.phase {
            Phase::Short => "short",
            Phase::Long => "long",
            Phase::Duel => "duel",
        };
        let mut pending = String::new();
        if self.pending & PENDING_QUEEN != 0 {
            pending.push('Q');
        }
        if self.pending & PENDING_KNIGHT != 0 {
            pending.push('N');
        }
        if pending.is_empty() {
            pending.push('-');
        }
        format!(
            "{} {} {} {} {} {} {} {} {}",
            rows.join("/"),
            COLOUR_LETTERS[usize::from(self.stm & 3)],
            active,
            castling.join(","),
            ep,
            self.halfmove,
            self.passes,
            phase,
            pending
        )
    }

    /// Reads a position text (B4-51); what it fixes overrides `config`. One reader per field
    /// below, in field order; the checks that tie fields together come after the fields they
    /// tie.
    pub(crate) fn parse_position(
        config: &BishopsConfig,
        text: &str,
    ) -> Result<Bishops, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 9 {
            return Err(err(
                "",
                format!(
                    "expected 9 fields (placement, side to move, active colours, castling, en passant, \
                     halfmove clock, passes, phase, placements), found {}",
                    fields.len()
                ),
            ));
        }
        let field = |i: usize| fields.get(i).copied().unwrap_or("");
        let mut config = config.clone();
        let phase = read_phase(field(7))?;
        config.mode = if phase == Phase::Short {
            Mode::Short
        } else {
            Mode::Long
        };
        let mut p = Bishops::empty(config.clone());
        p.phase = phase;
        p.read_placement(field(0))?;
        let stm = p.read_turn(field(1), field(2))?;
        p.check_pieces()?;
        p.read_castling(field(3))?;
        p.read_en_passant(field(4), stm)?;
        p.halfmove = read_count(field(5), "halfmove clock (field 6)")?;
        p.passes = read_count(field(6), "passes (field 7)")?;
        p.read_pending(field(8))?;
        if p.is_active_seat(GREY) {
            p.config.players = 4;
        } else if phase == Phase::Short || p.pending != 0 {
            p.config.players = 3;
        }
        p.config.mode = config.mode;
        p.refresh_queenlike();
        p.refresh_checks();
        // Kings of other players may only be checked; a mated side to move ends the short game.
        p.outcome = p.outcome_from_scratch().map_err(|m| err("", m))?;
        Ok(p)
    }

    /// Field 1, the placement: twelve ranks from rank 12 down, each a comma list of empty-run
    /// counts and pieces (`wK`).
    fn read_placement(&mut self, field: &str) -> Result<(), PositionError> {
        let rows: Vec<&str> = field.split('/').collect();
        if rows.len() != 12 {
            return Err(err(
                "placement",
                format!("expected 12 ranks separated by '/', found {}", rows.len()),
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let y = 11 - i;
            let location = format!("placement, rank {}", y + 1);
            let mut x = 0usize;
            for token in row.split(',') {
                if let Ok(n) = token.parse::<usize>() {
                    if n == 0 || n > 12 - x {
                        return Err(err(
                            location,
                            format!("empty run {token:?} does not fit the 12 cells"),
                        ));
                    }
                    x += n;
                    continue;
                }
                let mut chars = token.chars();
                let (Some(c), Some(k), None) = (chars.next(), chars.next(), chars.next()) else {
                    return Err(err(
                        location,
                        format!(
                            "{:?} is neither an empty-run count nor a piece like wK",
                            shorten(token)
                        ),
                    ));
                };
                let (Some(colour), Some(kind)) = (colour_index(c), piece_index(k)) else {
                    return Err(err(
                        location,
                        format!(
                            "{token:?}: colour must be one of w g b p and piece one of P N B R Q K"
                        ),
                    ));
                };
                if x >= 12 {
                    return Err(err(location, "more than 12 cells"));
                }
                if kind == KING && self.kings[usize::from(colour)] != NONE {
                    return Err(err(
                        location,
                        format!("a second {} king", crate::SEAT_NAMES[usize::from(colour)]),
                    ));
                }
                self.put(sq(x, y), code(colour, kind));
                x += 1;
            }
            if x != 12 {
                return Err(err(location, format!("{x} cells, expected 12")));
            }
        }

        Ok(())
    }

    /// Fields 2 and 3, the side to move and the active colours, checked against the phase
    /// (field 8, read first). Returns the side to move.
    fn read_turn(&mut self, side: &str, active_field: &str) -> Result<u8, PositionError> {
        let phase = self.phase;
        let stm = match side {
            s if s.len() == 1 => s.chars().next().and_then(colour_index),
            _ => None,
        }
        .ok_or_else(|| {
            err(
                "side to move (field 2)",
                format!("{:?} is not one of w g b p", shorten(side)),
            )
        })?;
        let mut active = 0u8;
        let mut last: Option<u8> = None;
        for ch in active_field.chars() {
            let c = colour_index(ch).ok_or_else(|| {
                err(
                    "active colours (field 3)",
                    format!("{ch:?} is not one of w g b p"),
                )
            })?;
            if last.is_some_and(|l| l >= c) {
                return Err(err(
                    "active colours (field 3)",
                    "colours must be listed once each, in turn order w g b p",
                ));
            }
            last = Some(c);
            active |= 1 << c;
        }
        if active == 0 {
            return Err(err("active colours (field 3)", "no active colour"));
        }
        self.active = active;
        self.stm = stm;
        if !self.is_active_seat(stm) {
            return Err(err(
                "side to move (field 2)",
                "the side to move is not an active colour",
            ));
        }
        let count = active.count_ones();
        match phase {
            Phase::Short if count < 3 => {
                return Err(err(
                    "active colours (field 3)",
                    "the short game has four players, or three without grey",
                ));
            }
            Phase::Short if count == 3 && active != 0b1101 => {
                return Err(err(
                    "active colours (field 3)",
                    "the three-player game is played without grey (wbp)",
                ));
            }
            Phase::Long if count < 3 => {
                return Err(err(
                    "phase (field 8)",
                    "with two players or fewer the long game is in its duel",
                ));
            }
            Phase::Duel if count > 2 => {
                return Err(err("phase (field 8)", "the duel has two players"));
            }
            _ => {}
        }
        Ok(stm)
    }

    /// The pieces against the colours: every active colour has its king, no inactive one has
    /// pieces, and no pawn stands where it never can.
    fn check_pieces(&mut self) -> Result<(), PositionError> {
        let phase = self.phase;
        for c in 0..4u8 {
            let has_pieces = !self.occ[usize::from(c)].is_empty();
            let name = crate::SEAT_NAMES[usize::from(c)];
            if self.is_active_seat(c) && self.kings[usize::from(c)] == NONE {
                return Err(err(
                    "placement",
                    format!("{name} is active but has no king"),
                ));
            }
            if !self.is_active_seat(c) && has_pieces {
                return Err(err(
                    "placement",
                    format!("{name} is not active but has pieces on the board"),
                ));
            }
        }
        if phase == Phase::Duel {
            self.set_duel_directions();
        }
        // Pawns off their lines: on an extreme line or the promotion line (the zone's far line
        // in the duel) of their direction, or behind their start line (B4-6, B4-8, B4-22).
        for c in 0..4u8 {
            let dir = usize::from(self.pawn_dir[usize::from(c)]);
            let mut bad = None;
            self.occ[usize::from(c)].for_each(|s| {
                if kind_of(self.at(s)) == PAWN {
                    let beyond = if phase == Phase::Duel {
                        crate::geometry::at_zone_far_line(s, dir)
                    } else {
                        on_promotion_line(s, dir)
                    };
                    if pawn_barred(s, dir) || beyond {
                        bad = Some((s, ""));
                    } else if behind_start_line(s, dir) {
                        bad = Some((s, " (behind its start line: pawns only move forward, B4-6)"));
                    }
                }
            });
            if let Some((s, why)) = bad {
                return Err(err(
                    "placement",
                    format!(
                        "a {} pawn cannot stand on {}{why}",
                        crate::SEAT_NAMES[usize::from(c)],
                        cell_name(s)
                    ),
                ));
            }
        }

        Ok(())
    }

    /// Field 4, the castling rights (`w:KQ,b:-`, or `-`).
    fn read_castling(&mut self, field: &str) -> Result<(), PositionError> {
        let phase = self.phase;
        let location = "castling (field 4)";
        if field != "-" {
            let mut seen = 0u8;
            for part in field.split(',') {
                let (who, rights) = part.split_once(':').ok_or_else(|| {
                    err(
                        location,
                        format!("{:?} is not colour:rights like w:KQ", shorten(part)),
                    )
                })?;
                let mut chars = who.chars();
                let c = match (chars.next().and_then(colour_index), chars.next()) {
                    (Some(c), None) => c,
                    _ => {
                        return Err(err(
                            location,
                            format!("{:?} is not one of w g b p", shorten(who)),
                        ));
                    }
                };
                if seen >> c & 1 != 0 {
                    return Err(err(location, format!("{who} is given twice")));
                }
                seen |= 1 << c;
                if rights == "-" {
                    continue;
                }
                if rights.is_empty() || rights.len() > 2 {
                    return Err(err(
                        location,
                        format!("{:?}: rights are K, Q, KQ or -", shorten(part)),
                    ));
                }
                for (side, letter) in [(0usize, 'K'), (1, 'Q')] {
                    if !rights.contains(letter) {
                        continue;
                    }
                    let castle = CASTLINGS[usize::from(c)][side];
                    let king_ok = self.at(castle.king_from) == code(c, KING);
                    let rook_ok = self.at(castle.rook_from) == code(c, ROOK);
                    if !king_ok || !rook_ok || !self.is_active_seat(c) || phase == Phase::Duel {
                        return Err(err(
                            location,
                            format!(
                                "{part}: {letter} needs an active king on {} and rook on {} (and no duel)",
                                cell_name(castle.king_from),
                                cell_name(castle.rook_from)
                            ),
                        ));
                    }
                    self.castling |= 1 << (2 * usize::from(c) + side);
                }
                if rights.chars().any(|ch| ch != 'K' && ch != 'Q')
                    || rights == "QK"
                    || rights == "KK"
                    || rights == "QQ"
                {
                    return Err(err(
                        location,
                        format!("{:?}: rights are K, Q, KQ or -", shorten(part)),
                    ));
                }
            }
        }
        if self.castling != 0 {
            self.config.castling = true;
        }

        Ok(())
    }

    /// Field 5, the en-passant cell with the colour that made the double step (`c3w`), or `-`.
    fn read_en_passant(&mut self, field: &str, stm: u8) -> Result<(), PositionError> {
        let location = "en passant (field 5)";
        if field != "-" {
            let text = field;
            let (cell, used) = parse_cell_prefix(text).ok_or_else(|| {
                err(
                    location,
                    format!("{:?} is not a cell plus a colour like c3w", shorten(text)),
                )
            })?;
            let c = match text.get(used..) {
                Some(rest) if rest.len() == 1 => rest.chars().next().and_then(colour_index),
                _ => None,
            }
            .ok_or_else(|| {
                err(
                    location,
                    format!("{:?} is not a cell plus a colour like c3w", shorten(text)),
                )
            })?;
            let f = PAWN_FORWARD[usize::from(self.pawn_dir[usize::from(c)])];
            let victim = step(cell, f);
            let back = step(cell, f.wrapping_neg());
            if !self.is_active_seat(c)
                || c == stm
                || self.at(cell) != EMPTY
                || self.at(back) != EMPTY
                || self.at(victim) != code(c, PAWN)
            {
                return Err(err(
                    location,
                    format!(
                        "{text}: needs an empty {} and a {} pawn that just made a double step past it",
                        cell_name(cell),
                        crate::SEAT_NAMES[usize::from(c)]
                    ),
                ));
            }
            self.ep = cell;
            self.ep_colour = c;
            self.config.en_passant = true;
        }

        Ok(())
    }

    /// Field 9, White's pending placements in the three-player game (`QN`, `Q`, `N` or `-`).
    fn read_pending(&mut self, field: &str) -> Result<(), PositionError> {
        let phase = self.phase;
        let location = "placements (field 9)";
        self.pending = match field {
            "-" => 0,
            "QN" => PENDING_QUEEN | PENDING_KNIGHT,
            "Q" => PENDING_QUEEN,
            "N" => PENDING_KNIGHT,
            other => {
                return Err(err(
                    location,
                    format!("{:?} is not QN, Q, N or -", shorten(other)),
                ));
            }
        };
        if self.pending != 0
            && (self.is_active_seat(GREY) || !self.is_active_seat(WHITE) || phase == Phase::Duel)
        {
            return Err(err(
                location,
                "placements belong to White in the three-player game (no grey, no duel)",
            ));
        }
        if self.pending != 0 {
            self.check_unplaced_army().map_err(|m| err(location, m))?;
        }
        Ok(())
    }

    /// With placements pending White has made no move yet (its first two turns are placements,
    /// or passes while it has none, B4-23): every White piece stands on its start cell (B4-4),
    /// except a queen or a knight already placed in Grey's area a3–b10. `Err` says which piece
    /// breaks that: such a text describes a position no game reaches.
    fn check_unplaced_army(&self) -> Result<(), String> {
        const BACK: [u8; 8] = [ROOK, KNIGHT_K, BISHOP, QUEEN, KING, BISHOP, KNIGHT_K, ROOK];
        let queen_placed = self.pending & PENDING_QUEEN == 0;
        let knight_placed = self.pending & PENDING_KNIGHT == 0;
        let mut knights_home = 0;
        let mut knights_placed = 0;
        let mut problem = None;
        self.occ[usize::from(WHITE)].for_each(|s| {
            let kind = kind_of(self.at(s));
            let (x, y) = (file_of(s), rank_of(s));
            let home = (2..10).contains(&x)
                && match y {
                    0 => BACK.get(x - 2) == Some(&kind),
                    1 => kind == PAWN,
                    _ => false,
                };
            let in_grey_area = x < 2 && (2..10).contains(&y);
            let ok = match kind {
                QUEEN if home => !queen_placed,
                QUEEN => in_grey_area && queen_placed,
                KNIGHT_K if home => {
                    knights_home += 1;
                    true
                }
                KNIGHT_K => {
                    knights_placed += 1;
                    in_grey_area && knight_placed
                }
                _ => home,
            };
            if !ok && problem.is_none() {
                problem = Some(format!(
                    "White still holds a placement, so it has not moved yet (B4-23), but a white {} stands on {}",
                    PIECE_NAMES[usize::from(kind)],
                    cell_name(s)
                ));
            }
        });
        if let Some(p) = problem {
            return Err(p);
        }
        if knight_placed && (knights_placed > 1 || knights_home > 1) {
            return Err(
                "White placed one knight (B4-23), so at most one stands on d1/i1 and one in a3–b10"
                    .to_string(),
            );
        }
        Ok(())
    }

    /// The canonical text of a move (B4-50).
    pub(crate) fn format_move_text(&self, mv: Move) -> String {
        match mv.kind {
            MoveKind::Pass => "pass".to_string(),
            MoveKind::Placement => {
                let letter = PIECE_LETTERS[usize::from(kind_of(self.at(mv.from))).min(6)];
                format!("{letter}{}@{}", cell_name(mv.from), cell_name(mv.to))
            }
            _ => format!("{}{}", cell_name(mv.from), cell_name(mv.to)),
        }
    }

    /// Reads a move text and returns the legal move it names (B4-50).
    pub(crate) fn parse_move_text(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        let mut legal = Vec::new();
        self.generate(&mut |m| legal.push(m));
        let over = || MoveError::illegal(t, format!("the game is over ({})", self.outcome));
        if t == "pass" {
            if self.outcome.is_over() {
                return Err(over());
            }
            return legal
                .iter()
                .copied()
                .find(|m| m.kind == MoveKind::Pass)
                .ok_or_else(|| {
                    MoveError::illegal(
                        t,
                        "a pass is only legal when there is no other legal move (B4-15)",
                    )
                });
        }
        if let Some((piece, target)) = t.split_once('@') {
            return self.parse_placement(t, piece, target, &legal);
        }
        let (from, used) = parse_cell_prefix(t).ok_or_else(|| {
            MoveError::malformed(
                t,
                "expected a move like c2c4 (cells a1 … l12), a placement like Qf1@b7, or pass",
            )
        })?;
        let mut rest = t.get(used..).unwrap_or("");
        if let Some(r) = rest.strip_prefix('-').or_else(|| rest.strip_prefix('x')) {
            rest = r;
        }
        let to = parse_cell(rest).ok_or_else(|| {
            MoveError::malformed(
                t,
                format!(
                    "{:?} is not a target cell (a1 … l12)",
                    variant_core::error::shorten(rest)
                ),
            )
        })?;
        if self.outcome.is_over() {
            return Err(over());
        }
        if let Some(&m) = legal
            .iter()
            .find(|m| m.from == from && m.to == to && m.kind != MoveKind::Placement)
        {
            return Ok(m);
        }
        let p = self.at(from);
        let mover = crate::SEAT_NAMES[usize::from(self.stm & 3)];
        let reason = if p == EMPTY {
            format!("there is no piece on {}", cell_name(from))
        } else if colour_of(p) != self.stm {
            format!(
                "the piece on {} is {}'s, and {mover} is to move",
                cell_name(from),
                crate::SEAT_NAMES[usize::from(colour_of(p) & 3)]
            )
        } else if legal.iter().any(|m| m.kind == MoveKind::Placement) {
            "White must make a placement (B4-23)".to_string()
        } else {
            format!(
                "the piece on {} cannot move to {} here",
                cell_name(from),
                cell_name(to)
            )
        };
        Err(MoveError::illegal(t, reason))
    }

    fn parse_placement(
        &self,
        t: &str,
        piece: &str,
        target: &str,
        legal: &[Move],
    ) -> Result<Move, MoveError> {
        let mut chars = piece.chars();
        let kind = match chars.next() {
            Some('Q') => QUEEN,
            Some('N') => KNIGHT_K,
            _ => {
                return Err(MoveError::malformed(
                    t,
                    "a placement starts with Q or N (B4-50)",
                ));
            }
        };
        let from_text = chars.as_str();
        let from = if from_text.is_empty() {
            None
        } else {
            Some(parse_cell(from_text).ok_or_else(|| {
                MoveError::malformed(
                    t,
                    format!(
                        "{:?} is not a cell",
                        variant_core::error::shorten(from_text)
                    ),
                )
            })?)
        };
        let to = parse_cell(target).ok_or_else(|| {
            MoveError::malformed(
                t,
                format!("{:?} is not a cell", variant_core::error::shorten(target)),
            )
        })?;
        if self.outcome.is_over() {
            return Err(MoveError::illegal(
                t,
                format!("the game is over ({})", self.outcome),
            ));
        }
        let matches: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                m.kind == MoveKind::Placement
                    && m.to == to
                    && kind_of(self.at(m.from)) == kind
                    && from.is_none_or(|f| f == m.from)
            })
            .collect();
        match matches.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::illegal(
                t,
                if legal.iter().any(|m| m.kind == MoveKind::Placement) {
                    "no such placement here (targets are the empty cells a3–b10, B4-23)"
                } else {
                    "no placement is pending for the side to move (B4-23)"
                },
            )),
            several => Err(MoveError::illegal(
                t,
                format!(
                    "ambiguous: {}",
                    several
                        .iter()
                        .map(|m| self.format_move_text(*m))
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            )),
        }
    }
}

/// Field 8, the phase: `short`, `long` or `duel`.
fn read_phase(field: &str) -> Result<Phase, PositionError> {
    Ok(match field {
        "short" => Phase::Short,
        "long" => Phase::Long,
        "duel" => Phase::Duel,
        other => {
            return Err(err(
                "phase (field 8)",
                format!("{:?} is not short, long or duel", shorten(other)),
            ));
        }
    })
}

/// Fields 6 and 7: a count.
fn read_count(field: &str, location: &'static str) -> Result<u32, PositionError> {
    field
        .parse()
        .map_err(|_| err(location, format!("{:?} is not a count", shorten(field))))
}
