//! Helpers shared by the integration tests: building position texts from piece lists,
//! rotating positions by one seat, listing legal moves as text.
#![allow(dead_code, clippy::needless_range_loop)]

use bishops4p::{Bishops, BishopsConfig};
use variant_core::{Game, GameConfig};

/// The start position text of the rules page (B4-51).
pub const START: &str = "2,bR,bN,bB,bK,bQ,bB,bN,bR,2/2,bP,bP,bP,bP,bP,bP,bP,bP,2/gR,gP,8,pP,pR/gN,gP,8,pP,pN/gB,gP,8,pP,pB/gQ,gP,8,pP,pK/gK,gP,8,pP,pQ/gB,gP,8,pP,pB/gN,gP,8,pP,pN/gR,gP,8,pP,pR/2,wP,wP,wP,wP,wP,wP,wP,wP,2/2,wR,wN,wB,wQ,wK,wB,wN,wR,2 w wgbp w:KQ,g:KQ,b:KQ,p:KQ - 0 0 short -";

fn cell(name: &str) -> (usize, usize) {
    let b = name.as_bytes();
    (
        (b[0] - b'a') as usize,
        name[1..].parse::<usize>().unwrap() - 1,
    )
}

/// A placement field from tokens like `wKg1 gKa6` (colour, piece, cell).
pub fn placement(pieces: &str) -> String {
    let mut grid: [[Option<String>; 12]; 12] = Default::default();
    for t in pieces.split_whitespace() {
        let (x, y) = cell(&t[2..]);
        assert!(grid[y][x].is_none(), "two pieces on {t}");
        grid[y][x] = Some(t[..2].to_string());
    }
    grid_to_placement(&grid)
}

fn grid_to_placement(grid: &[[Option<String>; 12]; 12]) -> String {
    let mut rows = vec![];
    for y in (0..12).rev() {
        let mut toks = vec![];
        let mut run = 0;
        for x in 0..12 {
            match &grid[y][x] {
                None => run += 1,
                Some(p) => {
                    if run > 0 {
                        toks.push(run.to_string());
                    }
                    run = 0;
                    toks.push(p.clone());
                }
            }
        }
        if run > 0 {
            toks.push(run.to_string());
        }
        rows.push(toks.join(","));
    }
    rows.join("/")
}

/// A position from pieces and the remaining eight fields.
pub fn pos(pieces: &str, rest: &str) -> Bishops {
    let text = format!("{} {rest}", placement(pieces));
    Bishops::from_text(&BishopsConfig::default(), &text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A game under configuration pairs.
pub fn config(pairs: &[(&str, &str)]) -> BishopsConfig {
    BishopsConfig::from_pairs(pairs.iter().copied()).unwrap()
}

/// Legal moves as sorted canonical text.
pub fn moves(g: &Bishops) -> Vec<String> {
    let mut list = <Bishops as Game>::MoveList::default();
    g.legal_moves_into(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| g.format_move(m)).collect();
    v.sort();
    v
}

/// Legal moves starting at a cell.
pub fn moves_from(g: &Bishops, from: &str) -> Vec<String> {
    moves(g)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && m[from.len()..].starts_with(|c: char| c.is_ascii_lowercase())
        })
        .collect()
}

/// Plays moves given as text.
pub fn play(g: &mut Bishops, list: &[&str]) {
    for m in list {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{m}: {e}\n{}", g.to_text()));
    }
}

const LETTERS: [char; 4] = ['w', 'g', 'b', 'p'];

fn rotate_cell_name(name: &str) -> String {
    // One seat clockwise: (x, y) → (y, 11 − x) (B4-4: each army is the previous one turned).
    let (x, y) = cell(name);
    let (nx, ny) = (y, 11 - x);
    format!("{}{}", (b'a' + nx as u8) as char, ny + 1)
}

fn next_letter(c: char) -> char {
    LETTERS[(LETTERS.iter().position(|&l| l == c).unwrap() + 1) % 4]
}

/// A position text turned by one seat: every piece one seat on (White's become Grey's, …),
/// every cell rotated, side to move, active colours, castling and en passant likewise.
pub fn rotate_text(text: &str) -> String {
    let f: Vec<&str> = text.split(' ').collect();
    let mut grid: [[Option<String>; 12]; 12] = Default::default();
    for (i, row) in f[0].split('/').enumerate() {
        let y = 11 - i;
        let mut x = 0;
        for t in row.split(',') {
            if let Ok(n) = t.parse::<usize>() {
                x += n;
            } else {
                let mut ch = t.chars();
                let c = next_letter(ch.next().unwrap());
                let k = ch.next().unwrap();
                let (nx, ny) = (y, 11 - x);
                grid[ny][nx] = Some(format!("{c}{k}"));
                x += 1;
            }
        }
    }
    let stm = next_letter(f[1].chars().next().unwrap()).to_string();
    let mut active: Vec<char> = f[2].chars().map(next_letter).collect();
    active.sort_by_key(|c| LETTERS.iter().position(|l| l == c));
    let castling = if f[3] == "-" {
        "-".to_string()
    } else {
        let mut parts: Vec<String> = f[3]
            .split(',')
            .map(|p| {
                let (w, r) = p.split_once(':').unwrap();
                format!("{}:{r}", next_letter(w.chars().next().unwrap()))
            })
            .collect();
        parts.sort_by_key(|p| LETTERS.iter().position(|&l| p.starts_with(l)));
        parts.join(",")
    };
    let ep = if f[4] == "-" {
        "-".to_string()
    } else {
        let colour = f[4].chars().last().unwrap();
        format!(
            "{}{}",
            rotate_cell_name(&f[4][..f[4].len() - 1]),
            next_letter(colour)
        )
    };
    format!(
        "{} {} {} {} {} {} {} {} {}",
        grid_to_placement(&grid),
        stm,
        active.iter().collect::<String>(),
        castling,
        ep,
        f[5],
        f[6],
        f[7],
        f[8]
    )
}
