//! Position text (C3-52, FEN extended by heights) and move text (C3-50, C3-51): reading with
//! precise errors, and the canonical forms.

use crate::config::Chess3dConfig;
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::{BK, BQ, Chess3d, NO_EP, WHITE, WK, WQ};
use variant_core::grid3::Cell3;
use variant_core::{Game, MoveError, PositionError};

fn err(location: impl Into<String>, message: impl Into<String>) -> PositionError {
    PositionError::new(location, message)
}

/// The cell index written in C3-50 form for a board of `heights` heights.
pub(crate) fn cell_text(cell: usize, heights: u8) -> String {
    Cell3::from_index(cell & 511).display(heights).to_string()
}

/// At most this many pieces per side (and 8 pawns); see [`crate::movegen::MAX_MOVES`].
const MAX_PIECES: u32 = 16;

/// The fields of a position text in order (C3-52), named in the "field is missing" error.
const FIELD_NAMES: [&str; 7] = [
    "placement",
    "side to move",
    "castling",
    "en-passant cell",
    "halfmove clock",
    "fullmove number",
    "base heights",
];

pub(crate) fn parse_position(config: &Chess3dConfig, text: &str) -> Result<Chess3d, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let boards = split_boards(&fields)?;
    // `split_boards` allows at most 8 boards.
    let h = boards.len() as u8;
    check_field_count(&fields, h)?;
    let (lw, lb) = match fields.get(6) {
        None => (0u8, 0u8),
        Some(f) => parse_bases(f, h)?,
    };

    let mut pos = Chess3d::empty(*config, h, lw, lb);
    let kings = place_boards(&mut pos, &boards)?;
    pos.side = parse_side(fields[1])?;
    pos.castling = parse_castling(fields[2])?;
    pos.ep = parse_ep(fields[3], h)?;
    if let Some(f) = fields.get(4) {
        pos.halfmove = parse_count("halfmove clock", f)?;
    }
    if let Some(f) = fields.get(5) {
        pos.fullmove = parse_fullmove(f)?;
    }

    validate(&pos, &kings)?;
    pos.config = Chess3dConfig {
        heights: h,
        white_base: lw + 1,
        black_base: Some(lb + 1),
        removal: config.removal,
    }
    .canonical();
    pos.hash = pos.compute_zobrist();
    Ok(pos)
}

/// The boards of the placement (first) field, one per height, bottom first; checked first
/// because the number of heights decides how many fields are needed.
fn split_boards<'a>(fields: &[&'a str]) -> Result<Vec<&'a str>, PositionError> {
    let Some(&placement) = fields.first() else {
        return Err(err("", "empty text"));
    };
    let boards: Vec<&str> = placement.split('|').collect();
    let h = boards.len();
    if h > 8 {
        return Err(err(
            "placement",
            format!("{h} boards; a board has 1 to 8 heights"),
        ));
    }
    Ok(boards)
}

/// A board of one height needs 4, 6 or 7 fields, a taller one all 7 (the base heights too);
/// never 5, as the halfmove clock comes with the fullmove number.
fn check_field_count(fields: &[&str], h: u8) -> Result<(), PositionError> {
    let needed = if h == 1 { 4 } else { 7 };
    if fields.len() < needed {
        let missing = FIELD_NAMES.get(fields.len()).copied().unwrap_or("field");
        return Err(err(
            "",
            format!(
                "{} fields, {needed} or more needed: the {missing} field is missing{}",
                fields.len(),
                if h > 1 && fields.len() == 6 {
                    " (Lw,Lb, needed with more than one height)"
                } else {
                    ""
                }
            ),
        ));
    }
    if fields.len() == 5 {
        return Err(err("", "5 fields: the fullmove number is missing"));
    }
    if fields.len() > 7 {
        return Err(err(
            "field 8",
            format!(
                "unexpected extra field {:?}",
                variant_core::error::shorten(fields[7])
            ),
        ));
    }
    Ok(())
}

/// Puts the pieces of every board on `pos` (whose heights are the number of boards) and
/// counts the kings of each colour for [`validate`].
fn place_boards(pos: &mut Chess3d, boards: &[&str]) -> Result<[u32; 2], PositionError> {
    let h = pos.heights;
    let mut kings = [0u32; 2];
    for (z, board) in boards.iter().enumerate() {
        let loc = if h > 1 {
            format!("board {} of {h}", z + 1)
        } else {
            "placement".to_string()
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(err(loc, format!("{} ranks, a board has 8", ranks.len())));
        }
        for (i, rank) in ranks.iter().enumerate() {
            let y = 7 - i;
            let loc = if h > 1 {
                format!("board {} of {h}, rank {}", z + 1, y + 1)
            } else {
                format!("rank {}", y + 1)
            };
            place_rank(pos, z * 64 + y * 8, rank, loc, &mut kings)?;
        }
    }
    Ok(kings)
}

/// Puts the pieces of one rank, whose a-file cell is `first`, adding its kings to `kings`.
/// Pieces past the eighth cell are not placed; the rank's length is the error then.
fn place_rank(
    pos: &mut Chess3d,
    first: usize,
    rank: &str,
    loc: String,
    kings: &mut [u32; 2],
) -> Result<(), PositionError> {
    let mut cells = 0usize;
    for ch in rank.chars() {
        if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
            cells += d as usize;
        } else if let Some(piece) = Piece::from_letter(ch) {
            if cells < 8 {
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                pos.put(color, piece, first + cells);
                if piece == Piece::King {
                    kings[color.index()] += 1;
                }
            }
            cells += 1;
        } else {
            return Err(err(
                loc,
                format!("{ch:?} is neither a piece letter (PNBRQK pnbrqk) nor a run length 1-8"),
            ));
        }
    }
    if cells != 8 {
        return Err(err(loc, format!("{cells} cells, a rank has 8")));
    }
    Ok(())
}

fn parse_side(field: &str) -> Result<Color, PositionError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(err(
            "side to move",
            format!("{:?} is not w or b", variant_core::error::shorten(other)),
        )),
    }
}

/// The castling rights (bits [`WK`], [`WQ`], [`BK`], [`BQ`]); whether the kings and rooks
/// stand where the rights need them is for [`validate`].
fn parse_castling(field: &str) -> Result<u8, PositionError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for ch in field.chars() {
        let bit = match ch {
            'K' => WK,
            'Q' => WQ,
            'k' => BK,
            'q' => BQ,
            _ => {
                return Err(err(
                    "castling",
                    format!("{ch:?} is not a castling letter (KQkq, or - for none)"),
                ));
            }
        };
        if rights & bit != 0 {
            return Err(err("castling", format!("{ch:?} is given twice")));
        }
        rights |= bit;
    }
    Ok(rights)
}

/// The en-passant cell index, or [`NO_EP`] for `-`; whether a double step can have skipped
/// it is for [`check_ep`].
fn parse_ep(field: &str, h: u8) -> Result<u16, PositionError> {
    if field == "-" {
        return Ok(NO_EP);
    }
    let cell = Cell3::parse(field, h).map_err(|e| err("en-passant cell", e))?;
    Ok(cell.index() as u16)
}

/// A counter field read as a number, the error located at the field's `name`.
fn parse_count(name: &str, field: &str) -> Result<u32, PositionError> {
    field.parse().map_err(|_| {
        err(
            name,
            format!("{:?} is not a number", variant_core::error::shorten(field)),
        )
    })
}

fn parse_fullmove(field: &str) -> Result<u32, PositionError> {
    let n = parse_count("fullmove number", field)?;
    if n == 0 {
        return Err(err("fullmove number", "0: the fullmove number starts at 1"));
    }
    Ok(n)
}

fn parse_bases(field: &str, h: u8) -> Result<(u8, u8), PositionError> {
    let loc = "base heights";
    let shown = variant_core::error::shorten(field);
    let Some((a, b)) = field.split_once(',') else {
        return Err(err(
            loc,
            format!("{shown:?} is not of the form Lw,Lb (e.g. 1,{h})"),
        ));
    };
    let parse = |t: &str, who: &str| -> Result<u8, PositionError> {
        let n: u8 = t.parse().map_err(|_| {
            err(
                loc,
                format!(
                    "{shown:?}: {who} base height {:?} is not a number",
                    variant_core::error::shorten(t)
                ),
            )
        })?;
        if n < 1 || n > h {
            return Err(err(
                loc,
                format!(
                    "{shown:?}: {who} base height {n} is not a height of a board of {h} (1..={h})"
                ),
            ));
        }
        Ok(n - 1)
    };
    Ok((parse(a, "White's")?, parse(b, "Black's")?))
}

/// The checks a position text's pieces and rights must pass beyond their syntax, in the order
/// their errors are reported.
fn validate(pos: &Chess3d, kings: &[u32; 2]) -> Result<(), PositionError> {
    check_material(pos, kings)?;
    check_pawn_cells(pos)?;
    check_castling_pieces(pos)?;
    if pos.ep != NO_EP {
        check_ep(pos)?;
    }
    check_last_mover_not_in_check(pos)
}

/// One king per side, at most [`MAX_PIECES`] pieces and 8 pawns.
fn check_material(pos: &Chess3d, kings: &[u32; 2]) -> Result<(), PositionError> {
    for color in [Color::White, Color::Black] {
        let c = color.index();
        let name = color.name();
        match kings[c] {
            0 => return Err(err("placement", format!("no {name} king"))),
            1 => {}
            n => return Err(err("placement", format!("{n} {name} kings, one needed"))),
        }
        let mut pieces = 0;
        let mut pawns = 0;
        for layer in &pos.bb {
            pieces += layer[WHITE + c].count_ones();
            pawns += (layer[WHITE + c] & layer[0]).count_ones();
        }
        if pieces > MAX_PIECES {
            return Err(err(
                "placement",
                format!("{name} has {pieces} pieces, at most 16"),
            ));
        }
        if pawns > 8 {
            return Err(err(
                "placement",
                format!("{name} has {pawns} pawns, at most 8"),
            ));
        }
    }
    Ok(())
}

/// Pawns only on cells they can reach (C3-13 … C3-15, C3-18).
fn check_pawn_cells(pos: &Chess3d) -> Result<(), PositionError> {
    let h = pos.heights;
    let lo = pos.base[0].min(pos.base[1]) as usize;
    let hi = pos.base[0].max(pos.base[1]) as usize;
    for z in 0..h as usize {
        for c in 0..2 {
            let mut pawns = pos.bb[z][0] & pos.bb[z][WHITE + c];
            while pawns != 0 {
                let sq = pawns.trailing_zeros() as usize;
                pawns &= pawns - 1;
                let cell = z * 64 + sq;
                let y = sq / 8;
                let name = Color::from_index(c).name();
                let (own_back, last) = if c == 0 { (0, 7) } else { (7, 0) };
                let loc = format!("cell {}", cell_text(cell, h));
                if y == own_back {
                    return Err(err(loc, format!("a {name} pawn on its own back rank")));
                }
                if y == last && z == pos.pawn_target(c) {
                    return Err(err(
                        loc,
                        format!(
                            "a {name} pawn in the opponent's base cubes (it would have promoted)"
                        ),
                    ));
                }
                if z < lo || z > hi {
                    return Err(err(
                        loc,
                        format!(
                            "a {name} pawn outside heights {}..{} (pawns never move away from their target height, C3-13)",
                            lo + 1,
                            hi + 1
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Castling rights need the king and rook on their cells (C3-19, C3-52).
fn check_castling_pieces(pos: &Chess3d) -> Result<(), PositionError> {
    let h = pos.heights;
    for (bit, letter, color, king_sq, rook_sq) in [
        (WK, 'K', 0usize, 4usize, 7usize),
        (WQ, 'Q', 0, 4, 0),
        (BK, 'k', 1, 60, 63),
        (BQ, 'q', 1, 60, 56),
    ] {
        if pos.castling & bit == 0 {
            continue;
        }
        let z = pos.base[color] as usize;
        let name = Color::from_index(color).name();
        for (sq, kind) in [(king_sq, Piece::King), (rook_sq, Piece::Rook)] {
            let cell = z * 64 + sq;
            if pos.piece_on(cell) != Some((Color::from_index(color), kind)) {
                return Err(err(
                    "castling",
                    format!(
                        "{letter:?} needs the {name} {} on {}",
                        kind.name(),
                        cell_text(cell, h)
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The side that just moved cannot have left its king in check.
fn check_last_mover_not_in_check(pos: &Chess3d) -> Result<(), PositionError> {
    let us = pos.side.index();
    if pos.king_attacked(1 - us) {
        return Err(err(
            "side to move",
            format!(
                "{} is in check but {} is to move",
                pos.side.other().name(),
                pos.side.name()
            ),
        ));
    }
    Ok(())
}

/// C3-17: the en-passant cell must be the skipped cell of a double step the other side just
/// made: e = s + d with s the start cell of the column and d a quiet-step direction of C3-14
/// whose second step is also a quiet step; e and s empty, e + d holding that side's pawn.
fn check_ep(pos: &Chess3d) -> Result<(), PositionError> {
    let h = pos.heights;
    let e = pos.ep as usize;
    let t = 1 - pos.side.index();
    let name = Color::from_index(t).name();
    let loc = "en-passant cell";
    let fail = |why: String| Err(err(loc, format!("{}: impossible, {why}", cell_text(e, h))));
    let (ex, ey, ez) = ((e & 7) as i32, (e >> 3 & 7) as i32, (e >> 6) as i32);
    let (sy, f) = if t == 0 { (1, 1) } else { (6, -1) };
    let sz = pos.base[t] as i32;
    let target = pos.pawn_target(t) as i32;
    let v = (target - sz).signum();
    let (dy, dz) = (ey - sy, ez - sz);
    let dir_ok = (dy == 0 || dy == f) && (dz == 0 || dz == v) && (dy, dz) != (0, 0);
    if !dir_ok {
        return fail(format!(
            "it is not one quiet step of a {name} pawn from its start cell {}",
            cell_text((sz * 64 + sy * 8 + ex) as usize, h)
        ));
    }
    if dz != 0 && ez == target {
        return fail(format!(
            "a {name} pawn cannot step further in height from it"
        ));
    }
    let (vy, vz) = (ey + dy, ez + dz);
    if !(0..8).contains(&vy) || !(0..h as i32).contains(&vz) {
        return fail("the double step would leave the board".to_string());
    }
    let s = (sz * 64 + sy * 8 + ex) as usize;
    let victim = (vz * 64 + vy * 8 + ex) as usize;
    if pos.piece_on(e).is_some() {
        return fail("it is occupied".to_string());
    }
    if pos.piece_on(s).is_some() {
        return fail(format!("the start cell {} is occupied", cell_text(s, h)));
    }
    if pos.piece_on(victim) != Some((Color::from_index(t), Piece::Pawn)) {
        return fail(format!("no {name} pawn on {}", cell_text(victim, h)));
    }
    Ok(())
}

pub(crate) fn format_position(pos: &Chess3d) -> String {
    let h = pos.heights;
    let mut out = String::with_capacity(80 * h as usize);
    for z in 0..h as usize {
        if z > 0 {
            out.push('|');
        }
        for y in (0..8).rev() {
            let mut empty = 0;
            for x in 0..8 {
                match pos.piece_on(z * 64 + y * 8 + x) {
                    None => empty += 1,
                    Some((color, piece)) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let l = piece.letter();
                        out.push(if color == Color::White {
                            l.to_ascii_uppercase()
                        } else {
                            l
                        });
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if y > 0 {
                out.push('/');
            }
        }
    }
    out.push(' ');
    out.push(if pos.side == Color::White { 'w' } else { 'b' });
    out.push(' ');
    if pos.castling == 0 {
        out.push('-');
    }
    for (bit, ch) in [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')] {
        if pos.castling & bit != 0 {
            out.push(ch);
        }
    }
    out.push(' ');
    if pos.ep == NO_EP {
        out.push('-');
    } else {
        out.push_str(&cell_text(pos.ep as usize, h));
    }
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    if h > 1 {
        out.push_str(&format!(" {},{}", pos.base[0] + 1, pos.base[1] + 1));
    }
    out
}

pub(crate) fn format_move(pos: &Chess3d, mv: Move) -> String {
    let h = pos.heights;
    let mut s = cell_text(mv.origin_index(), h);
    s.push_str(&cell_text(mv.to_index(), h));
    if let Some(p) = mv.promotion() {
        s.push(p.letter());
    }
    s
}

pub(crate) fn parse_move(pos: &Chess3d, text: &str) -> Result<Move, MoveError> {
    let h = pos.heights;
    let t = text.trim();
    let (from, used) = Cell3::parse_prefix(t, h)
        .map_err(|e| MoveError::malformed(text, format!("origin cell: {e}")))?;
    let mut rest = t.get(used..).unwrap_or("");
    if let Some(r) = rest.strip_prefix(['-', 'x']) {
        rest = r;
    }
    let (to, used) = Cell3::parse_prefix(rest, h)
        .map_err(|e| MoveError::malformed(text, format!("destination cell: {e}")))?;
    let rest = rest.get(used..).unwrap_or("");
    let promo = match rest {
        "" => None,
        p if p.len() == 1 => match Piece::from_letter(p.chars().next().unwrap_or(' ')) {
            Some(k @ (Piece::Queen | Piece::Rook | Piece::Bishop | Piece::Knight)) => Some(k),
            _ => {
                return Err(MoveError::malformed(
                    text,
                    format!("{p:?} is not a promotion letter q, r, b or n"),
                ));
            }
        },
        other => {
            return Err(MoveError::malformed(
                text,
                format!(
                    "unexpected {:?} after the destination cell",
                    variant_core::error::shorten(other)
                ),
            ));
        }
    };
    let mut moves = <Chess3d as Game>::MoveList::default();
    pos.legal_moves_into(&mut moves);
    if let Some(&mv) = moves
        .iter()
        .find(|m| m.from() == from && m.to() == to && m.promotion() == promo)
    {
        return Ok(mv);
    }
    let side = pos.side.name();
    let fc = cell_text(from.index(), h);
    let tc = cell_text(to.index(), h);
    let reason = match pos.piece_on(from.index()) {
        None => format!("there is no piece on {fc}"),
        Some((c, _)) if c != pos.side => {
            format!("the piece on {fc} is not {side}'s, and {side} is to move")
        }
        Some((_, piece)) => {
            let same: Vec<&Move> = moves
                .iter()
                .filter(|m| m.from() == from && m.to() == to)
                .collect();
            if !same.is_empty() && promo.is_none() {
                format!("the pawn move {fc}{tc} promotes: add q, r, b or n")
            } else if !same.is_empty() {
                format!("{fc}{tc} is not a promotion")
            } else if pos.is_game_over_by_moves(&moves) {
                "there are no legal moves in this position".to_string()
            } else {
                format!("the {side} {} on {fc} cannot move to {tc}", piece.name())
            }
        }
    };
    Err(MoveError::illegal(text, reason))
}

impl Chess3d {
    fn is_game_over_by_moves(&self, moves: &[Move]) -> bool {
        moves.is_empty()
    }
}
