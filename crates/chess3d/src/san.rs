//! Standard algebraic notation (SAN, the notation of PGN) for the one-height game, which is
//! FIDE chess (docs/rules/chess3d.md): how chess programs write and read moves. A game with
//! more than one height has no PGN form.

use crate::{Chess3d, Move, Piece};
use variant_core::{Game, MoveError};

impl Chess3d {
    /// Whether games from this position have a PGN form: a board of one height, which is FIDE
    /// chess (the position text is then a FEN).
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::{Chess3d, Chess3dConfig};
    /// use variant_core::Game;
    /// let fide = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// assert!(fide.has_pgn_form());
    /// assert!(!Chess3d::default().has_pgn_form());
    /// ```
    pub fn has_pgn_form(&self) -> bool {
        self.heights == 1
    }

    /// The move in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`, `Qxf7#`), or `None` when the position
    /// has no PGN form or the move is not legal in it.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::{Chess3d, Chess3dConfig};
    /// use variant_core::Game;
    /// let fide = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// let knight = fide.parse_move("g1f3").unwrap();
    /// assert_eq!(fide.san(knight).as_deref(), Some("Nf3"));
    /// ```
    pub fn san(&self, mv: Move) -> Option<String> {
        if !self.has_pgn_form() {
            return None;
        }
        let legal = self.legal_moves();
        if !legal.contains(&mv) {
            return None;
        }
        let (from, to) = (mv.from(), mv.to());
        let (_, piece) = self.piece_at(from)?;
        let square = |x: u8, y: u8| format!("{}{}", char::from(b'a' + x), y + 1);
        let mut san = String::new();
        if piece == Piece::King && from.x.abs_diff(to.x) == 2 {
            san.push_str(if to.x > from.x { "O-O" } else { "O-O-O" });
        } else if piece == Piece::Pawn {
            // A pawn that changes file captures, en passant included.
            if from.x != to.x {
                san.push(char::from(b'a' + from.x));
                san.push('x');
            }
            san.push_str(&square(to.x, to.y));
            if let Some(promoted) = mv.promotion() {
                san.push('=');
                san.push(promoted.letter().to_ascii_uppercase());
            }
        } else {
            san.push(piece.letter().to_ascii_uppercase());
            // Disambiguation (PGN standard 8.2.3.4): the file if it tells the movers apart,
            // else the rank, else both.
            let rivals: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| {
                    m.to() == to
                        && m.from() != from
                        && self.piece_at(m.from()).map(|(_, p)| p) == Some(piece)
                })
                .collect();
            if !rivals.is_empty() {
                let file_unique = rivals.iter().all(|m| m.from().x != from.x);
                let rank_unique = rivals.iter().all(|m| m.from().y != from.y);
                if file_unique {
                    san.push(char::from(b'a' + from.x));
                } else if rank_unique {
                    san.push(char::from(b'1' + from.y));
                } else {
                    san.push_str(&square(from.x, from.y));
                }
            }
            if self.piece_at(to).is_some() {
                san.push('x');
            }
            san.push_str(&square(to.x, to.y));
        }
        let mut after = self.clone();
        after.play_unchecked(mv);
        if after.is_in_check(after.side_to_move()) {
            san.push(if after.count_legal_moves() == 0 {
                '#'
            } else {
                '+'
            });
        }
        Some(san)
    }

    /// The legal move that `text` names in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`), read as chess
    /// programs read it (FIDE Laws of Chess, appendix C): the check sign may be missing or
    /// extra (`Qh4`, `Qh4+`, `Qh4#` are one move), annotations (`!`, `?`) are ignored,
    /// castling may be written with zeros (`0-0`), a capture's `x` and a promotion's `=` may be
    /// left out (`ed5`, `e8Q`), and a piece may name more of its origin than it needs
    /// (`Ng1f3`).
    ///
    /// # Errors
    /// The position has no PGN form (more than one height), the text names no legal move, or
    /// it names several (`Nd2` when two knights reach d2): the error says which.
    ///
    /// # Example
    ///
    /// ```
    /// use chess3d::{Chess3d, Chess3dConfig};
    /// use variant_core::Game;
    /// let fide = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    /// let knight = fide.parse_san("Nf3").unwrap();
    /// assert_eq!(fide.format_move(knight), "g1f3");
    /// assert!(fide.parse_san("Nd2").is_err()); // no knight reaches d2
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        if !self.has_pgn_form() {
            return Err(MoveError::malformed(
                text,
                "SAN names moves of FIDE chess (one height) only",
            ));
        }
        let wanted = san_key(text);
        if wanted.is_empty() {
            return Err(MoveError::malformed(text, "empty move"));
        }
        let legal = self.legal_moves();
        let found: Vec<Move> = match SanShape::read(&wanted) {
            Some(shape) => legal
                .iter()
                .copied()
                .filter(|&mv| shape.fits(self, mv))
                .collect(),
            None => Vec::new(),
        };
        let found: Vec<(Move, String)> = found
            .into_iter()
            .filter_map(|mv| self.san(mv).map(|s| (mv, s)))
            .collect();
        match found.as_slice() {
            [(mv, _)] => Ok(*mv),
            [] => Err(MoveError::illegal(
                text,
                "no legal move has this SAN here (moves are written like Nf3, exd5, O-O, \
                 e8=Q, or from and to cell like g1f3)",
            )),
            several => Err(MoveError::illegal(
                text,
                format!(
                    "ambiguous: it could be {}; say which piece moves (Nbd2, R1a3)",
                    several
                        .iter()
                        .map(|(_, s)| s.as_str())
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            )),
        }
    }
}

/// What a SAN text says about its move: castling, or the piece, what it gives of its origin,
/// the destination and the promotion.
enum SanShape {
    /// `O-O` (`true`) or `O-O-O`.
    Castle(bool),
    /// Any other move.
    Piece {
        piece: Piece,
        file: Option<u8>,
        rank: Option<u8>,
        to: (u8, u8),
        promotion: Option<Piece>,
    },
}

impl SanShape {
    /// Reads a [`san_key`]; `None` when it is no SAN.
    fn read(key: &str) -> Option<SanShape> {
        match key {
            "O-O" => return Some(SanShape::Castle(true)),
            "O-O-O" => return Some(SanShape::Castle(false)),
            _ => {}
        }
        let letter = |c: char| match c {
            'K' => Some(Piece::King),
            'Q' => Some(Piece::Queen),
            'R' => Some(Piece::Rook),
            'B' => Some(Piece::Bishop),
            'N' => Some(Piece::Knight),
            _ => None,
        };
        let mut chars: Vec<char> = key.chars().collect();
        let piece = match chars.first().copied().and_then(letter) {
            Some(p) => {
                chars.remove(0);
                p
            }
            None => Piece::Pawn,
        };
        let promotion = match chars.last().copied().and_then(letter) {
            Some(p) if piece == Piece::Pawn && p != Piece::King => {
                chars.pop();
                Some(p)
            }
            _ => None,
        };
        if chars.len() < 2 || chars.len() > 4 {
            return None;
        }
        let square = |f: char, r: char| {
            (('a'..='h').contains(&f) && ('1'..='8').contains(&r))
                .then(|| (f as u8 - b'a', r as u8 - b'1'))
        };
        let n = chars.len();
        let to = square(chars[n - 2], chars[n - 1])?;
        let (mut file, mut rank) = (None, None);
        for &c in &chars[..n - 2] {
            match c {
                'a'..='h' if file.is_none() && rank.is_none() => file = Some(c as u8 - b'a'),
                '1'..='8' if rank.is_none() => rank = Some(c as u8 - b'1'),
                _ => return None,
            }
        }
        Some(SanShape::Piece {
            piece,
            file,
            rank,
            to,
            promotion,
        })
    }

    /// Whether the legal move `mv` of `pos` is one this text may name.
    fn fits(&self, pos: &Chess3d, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let Some((_, moving)) = pos.piece_at(from) else {
            return false;
        };
        match *self {
            SanShape::Castle(king_side) => {
                moving == Piece::King && from.x.abs_diff(to.x) == 2 && (to.x > from.x) == king_side
            }
            SanShape::Piece {
                piece,
                file,
                rank,
                to: (x, y),
                promotion,
            } => {
                // A pawn named without its file moves along it (`e4`); a capture says its
                // file (`exd5`).
                let pawn_file = piece != Piece::Pawn || file.is_some() || from.x == to.x;
                moving == piece
                    && (to.x, to.y) == (x, y)
                    && file.is_none_or(|f| from.x == f)
                    && rank.is_none_or(|r| from.y == r)
                    && mv.promotion() == promotion
                    && pawn_file
                    // Castling is written O-O, not as the king's step.
                    && !(moving == Piece::King && from.x.abs_diff(to.x) == 2)
            }
        }
    }
}

/// Whether `text` has the shape of a SAN move (a piece letter, a cell, castling), so that a
/// text that is not a move from cell to cell is read as SAN rather than refused as such.
pub(crate) fn looks_like_san(text: &str) -> bool {
    let key = san_key(text);
    if key == "O-O" || key == "O-O-O" {
        return true;
    }
    let mut chars = key.chars().peekable();
    if chars.peek().is_some_and(|c| "KQRBN".contains(*c)) {
        chars.next();
    }
    let rest: String = chars.collect();
    // The destination cell ends the move, or comes before a promotion letter.
    let body = rest.trim_end_matches(['Q', 'R', 'B', 'N']);
    body.len() >= 2
        && body.len() <= 4
        && body.chars().all(|c| matches!(c, 'a'..='h' | '1'..='8'))
        && body
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|c| c.is_ascii_lowercase())
        && body.chars().last().is_some_and(|c| c.is_ascii_digit())
}

/// A SAN text reduced to what names the move: trimmed, without the check or mate sign, the
/// annotations, the capture sign and the promotion's `=`; castling written with letters.
fn san_key(text: &str) -> String {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    match t {
        "0-0" | "O-O" | "o-o" => return "O-O".to_string(),
        "0-0-0" | "O-O-O" | "o-o-o" => return "O-O-O".to_string(),
        _ => {}
    }
    let mut key: Vec<char> = t.chars().filter(|&c| c != 'x' && c != '=').collect();
    // A promotion letter in lower case after the destination's rank (`e8q`).
    if let [.., rank, last] = key.as_mut_slice()
        && rank.is_ascii_digit()
        && "qrbn".contains(*last)
    {
        *last = last.to_ascii_uppercase();
    }
    key.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use crate::{Chess3d, Chess3dConfig};
    use variant_core::Game;

    fn fide(fen: &str) -> Chess3d {
        Chess3d::from_text(&Chess3dConfig::with_heights(1), fen).unwrap()
    }

    fn san(fen: &str, uci: &str) -> String {
        let pos = fide(fen);
        pos.san(pos.parse_move(uci).unwrap()).unwrap()
    }

    // Expected texts written by hand from the PGN standard (sections 8.2.3.3 to 8.2.3.5).
    #[test]
    fn pieces_pawns_and_captures() {
        let start = crate::FIDE_START;
        assert_eq!(san(start, "e2e4"), "e4");
        assert_eq!(san(start, "g1f3"), "Nf3");
        let open = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(san(open, "e4d5"), "exd5");
        assert_eq!(san(open, "f1b5"), "Bb5+");
    }

    #[test]
    fn castling_promotion_en_passant_and_mate() {
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san(castle, "e1g1"), "O-O");
        assert_eq!(san(castle, "e1c1"), "O-O-O");
        let promote = "8/4P3/8/8/8/8/k7/7K w - - 0 1";
        assert_eq!(san(promote, "e7e8q"), "e8=Q");
        assert_eq!(san(promote, "e7e8n"), "e8=N");
        let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_eq!(san(ep, "e5d6"), "exd6");
        // Fool's mate: 1. f3 e5 2. g4 Qh4#.
        let fool = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
        assert_eq!(san(fool, "d8h4"), "Qh4#");
    }

    #[test]
    fn disambiguation_by_file_rank_and_square() {
        // Knights on b1 and f1 both reach d2: the file tells them apart.
        assert_eq!(san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
        // Rooks on a1 and a5 both reach a3: the rank.
        assert_eq!(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
        // Queens on h4, e4 and h1 all reach e1: Qh4 needs file and rank.
        assert_eq!(san("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1"), "Qh4e1");
    }

    #[test]
    fn three_d_games_and_illegal_moves_have_none() {
        let three_d = Chess3d::default();
        let mv = three_d.legal_moves()[0];
        assert_eq!(three_d.san(mv), None);
        let pos = fide(crate::FIDE_START);
        let after_e4 = {
            let mut p = pos.clone();
            p.play_unchecked(p.parse_move("e2e4").unwrap());
            p
        };
        // A move of Black's (legal after 1. e4) is not legal for White now.
        let black = after_e4.parse_move("e7e5").unwrap();
        assert_eq!(pos.san(black), None);
    }

    /// The move `text` names in SAN, as its from-and-to text (C3-51).
    fn read(fen: &str, text: &str) -> String {
        let pos = fide(fen);
        let mv = pos
            .parse_san(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.format_move(mv)
    }

    // The cases of the FIDE Laws of Chess, appendix C (C.9 to C.13: piece letters, captures,
    // pawn captures by file, promotion, castling, check), each answer worked out on the board.
    #[test]
    fn san_is_read_as_the_laws_write_it() {
        let start = crate::FIDE_START;
        assert_eq!(read(start, "Nf3"), "g1f3");
        assert_eq!(read(start, "e4"), "e2e4");
        assert_eq!(read(start, "e3"), "e2e3");
        let open = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(read(open, "exd5"), "e4d5");
        assert_eq!(read(open, "Bb5+"), "f1b5");
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(read(castle, "O-O"), "e1g1");
        assert_eq!(read(castle, "O-O-O"), "e1c1");
        let promote = "8/4P3/8/8/8/8/k7/7K w - - 0 1";
        assert_eq!(read(promote, "e8=Q"), "e7e8q");
        assert_eq!(read(promote, "e8=N"), "e7e8n");
        let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_eq!(read(ep, "exd6"), "e5d6");
        let fool = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
        assert_eq!(read(fool, "Qh4#"), "d8h4");
    }

    // What chess programs also accept (python-chess's `parse_san`): a missing or extra check
    // sign, annotations, zeros for castling, no `x` or `=`, a lower-case promotion letter, an
    // origin named in full.
    #[test]
    fn san_is_read_with_the_usual_tolerance() {
        let fool = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
        for text in ["Qh4", "Qh4+", "Qh4#", "Qxh4", "Qh4#!", "Qd8h4"] {
            assert_eq!(read(fool, text), "d8h4", "{text}");
        }
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(read(castle, "0-0"), "e1g1");
        assert_eq!(read(castle, "0-0-0"), "e1c1");
        let open = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(read(open, "ed5"), "e4d5");
        let promote = "8/4P3/8/8/8/8/k7/7K w - - 0 1";
        assert_eq!(read(promote, "e8Q"), "e7e8q");
        assert_eq!(read(promote, "e8q"), "e7e8q");
        assert_eq!(read(crate::FIDE_START, "Ng1f3"), "g1f3");
    }

    #[test]
    fn ambiguous_and_unknown_san_are_clear_errors() {
        // Knights on b1 and f1 both reach d2.
        let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        let e = fide(knights).parse_san("Nd2").unwrap_err().to_string();
        assert!(
            e.contains("ambiguous") && e.contains("Nbd2") && e.contains("Nfd2"),
            "{e}"
        );
        assert_eq!(read(knights, "Nbd2"), "b1d2");
        assert_eq!(read(knights, "Nfd2"), "f1d2");
        // Rooks on a1 and a5 both reach a3.
        assert_eq!(read("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "R1a3"), "a1a3");
        // Three queens reach e1.
        let queens = "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
        assert!(fide(queens).parse_san("Qe1").is_err());
        assert_eq!(read(queens, "Qh4e1"), "h4e1");
        let start = fide(crate::FIDE_START);
        for text in ["Nf6", "Ke2", "e5", "O-O", "Qd4", "", "Zz9"] {
            assert!(start.parse_san(text).is_err(), "{text}");
        }
        assert!(Chess3d::default().parse_san("e4").is_err());
    }

    #[test]
    fn the_games_move_reader_takes_san_in_fide_chess_only() {
        let start = fide(crate::FIDE_START);
        assert_eq!(start.parse_move("Nf3"), start.parse_move("g1f3"));
        assert_eq!(start.parse_move("e4"), start.parse_move("e2e4"));
        // A move from and to a cell keeps its own error (C3-51).
        let e = start.parse_move("e2e5").unwrap_err().to_string();
        assert!(e.contains("illegal"), "{e}");
        // With heights, SAN is no move text.
        let three_d = Chess3d::default();
        assert!(three_d.parse_move("Nf3").is_err());
    }
}
