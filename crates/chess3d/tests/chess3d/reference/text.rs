//! The reference's own reading and writing of position texts (C3-52) and cells (C3-50).

use super::{BLACK, Kind, Piece, Pos, WHITE, Xyz, idx};

/// A cell in C3-50 form for a board of `heights` heights.
pub fn cell_text((x, y, z): Xyz, heights: i32) -> String {
    let mut s = format!("{}{}", (b'a' + x as u8) as char, y + 1);
    if heights > 1 {
        s.push_str(&format!("@{}", z + 1));
    }
    s
}

/// Parses a cell in C3-50 form.
pub fn parse_cell(text: &str, heights: i32) -> Result<Xyz, String> {
    let b = text.as_bytes();
    if b.len() < 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return Err(format!("bad cell {text:?}"));
    }
    let (x, y) = ((b[0] - b'a') as i32, (b[1] - b'1') as i32);
    let z = match &text[2..] {
        "" if heights == 1 => 0,
        rest => {
            let h: i32 = rest
                .strip_prefix('@')
                .and_then(|h| h.parse().ok())
                .ok_or_else(|| format!("bad height in {text:?}"))?;
            if !(1..=heights).contains(&h) {
                return Err(format!("height {h} out of range"));
            }
            h - 1
        }
    };
    Ok((x, y, z))
}

impl Pos {
    /// Reads a C3-52 position text; `removal` is the configuration's table (the text does
    /// not carry it).
    pub fn parse(text: &str, removal: [Option<u32>; 7]) -> Result<Pos, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 7 {
            return Err(format!("{} fields", fields.len()));
        }
        let boards: Vec<&str> = fields[0].split('|').collect();
        let heights = boards.len() as i32;
        if !(1..=8).contains(&heights) {
            return Err(format!("{heights} boards"));
        }
        let mut cells = [None; 512];
        for (z, board) in boards.iter().enumerate() {
            let ranks: Vec<&str> = board.split('/').collect();
            if ranks.len() != 8 {
                return Err(format!("board {} has {} ranks", z + 1, ranks.len()));
            }
            for (r, rank) in ranks.iter().enumerate() {
                let y = 7 - r as i32;
                let mut x = 0;
                for c in rank.chars() {
                    if let Some(d) = c.to_digit(10) {
                        if !(1..=8).contains(&d) {
                            return Err(format!("bad digit {c}"));
                        }
                        x += d as i32;
                    } else {
                        let kind = Kind::from_letter(c).ok_or_else(|| format!("bad piece {c}"))?;
                        let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
                        if x >= 8 {
                            return Err("rank too long".to_string());
                        }
                        cells[idx((x, y, z as i32))] = Some(Piece { color, kind });
                        x += 1;
                    }
                }
                if x != 8 {
                    return Err(format!("rank of {x} cells"));
                }
            }
        }
        let side = match fields[1] {
            "w" => WHITE,
            "b" => BLACK,
            s => return Err(format!("side {s:?}")),
        };
        let base = match fields.get(6) {
            Some(f) => {
                let (a, b) = f.split_once(',').ok_or("base heights")?;
                let a: i32 = a.parse().map_err(|_| "base height")?;
                let b: i32 = b.parse().map_err(|_| "base height")?;
                if !(1..=heights).contains(&a) || !(1..=heights).contains(&b) {
                    return Err("base height out of range".to_string());
                }
                [a - 1, b - 1]
            }
            None if heights == 1 => [0, 0],
            None => return Err("base heights missing".to_string()),
        };
        let mut castling = [false; 4];
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let i = "KQkq".find(c).ok_or_else(|| format!("castling {c}"))?;
                castling[i] = true;
            }
        }
        let ep = match fields[3] {
            "-" => None,
            e => Some(parse_cell(e, heights)?),
        };
        let halfmove = fields[4].parse().map_err(|_| "halfmove")?;
        let fullmove = fields[5].parse().map_err(|_| "fullmove")?;
        let pos = Pos {
            cells,
            heights,
            base,
            side,
            castling,
            ep,
            halfmove,
            fullmove,
            removal,
        };
        for color in [WHITE, BLACK] {
            let kings = pos
                .cells
                .iter()
                .filter(|c| {
                    **c == Some(Piece {
                        color,
                        kind: Kind::King,
                    })
                })
                .count();
            if kings != 1 {
                return Err(format!("{kings} kings of colour {color}"));
            }
        }
        for (i, &right) in castling.iter().enumerate() {
            if right && !pos.castling_pieces_in_place(i) {
                return Err(format!("castling right {i} without king and rook"));
            }
        }
        Ok(pos)
    }

    /// Whether the king and rook of castling right `i` (K, Q, k, q) stand on their cells.
    pub fn castling_pieces_in_place(&self, i: usize) -> bool {
        let color = if i < 2 { WHITE } else { BLACK };
        let y = if color == WHITE { 0 } else { 7 };
        let z = self.base[color as usize];
        let rook_x = if i.is_multiple_of(2) { 7 } else { 0 };
        self.at((4, y, z))
            == Some(Piece {
                color,
                kind: Kind::King,
            })
            && self.at((rook_x, y, z))
                == Some(Piece {
                    color,
                    kind: Kind::Rook,
                })
    }

    /// The canonical C3-52 text.
    pub fn to_text(&self) -> String {
        let mut boards = Vec::new();
        for z in 0..self.heights {
            let mut ranks = Vec::new();
            for y in (0..8).rev() {
                let mut s = String::new();
                let mut empty = 0;
                for x in 0..8 {
                    match self.at((x, y, z)) {
                        None => empty += 1,
                        Some(p) => {
                            if empty > 0 {
                                s.push_str(&empty.to_string());
                                empty = 0;
                            }
                            let c = p.kind.letter();
                            s.push(if p.color == WHITE {
                                c.to_ascii_uppercase()
                            } else {
                                c
                            });
                        }
                    }
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                }
                ranks.push(s);
            }
            boards.push(ranks.join("/"));
        }
        let castling: String = "KQkq"
            .chars()
            .zip(self.castling)
            .filter(|(_, on)| *on)
            .map(|(c, _)| c)
            .collect();
        let mut text = format!(
            "{} {} {} {} {} {}",
            boards.join("|"),
            if self.side == WHITE { "w" } else { "b" },
            if castling.is_empty() {
                "-".to_string()
            } else {
                castling
            },
            self.ep
                .map_or("-".to_string(), |e| cell_text(e, self.heights)),
            self.halfmove,
            self.fullmove
        );
        if self.heights > 1 {
            text.push_str(&format!(" {},{}", self.base[0] + 1, self.base[1] + 1));
        }
        text
    }

    /// The start position of C3-5 with `heights` heights and 1-based base heights.
    pub fn start(heights: i32, lw: i32, lb: i32, removal: [Option<u32>; 7]) -> Pos {
        let empty = "8/8/8/8/8/8/8/8";
        let boards: Vec<String> = (1..=heights)
            .map(|z| {
                let mut ranks = ["8"; 8];
                if z == lb {
                    ranks[0] = "rnbqkbnr";
                    ranks[1] = "pppppppp";
                }
                if z == lw {
                    ranks[6] = "PPPPPPPP";
                    ranks[7] = "RNBQKBNR";
                }
                let b = ranks.join("/");
                if b == empty { empty.to_string() } else { b }
            })
            .collect();
        let mut text = format!("{} w KQkq - 0 1", boards.join("|"));
        if heights > 1 {
            text.push_str(&format!(" {lw},{lb}"));
        }
        Pos::parse(&text, removal).expect("start position")
    }
}
