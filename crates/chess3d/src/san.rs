//! Standard algebraic notation (SAN, the notation of PGN) for the one-height game, which is
//! FIDE chess (docs/rules/chess3d.md): how chess programs write and read moves. A game with
//! more than one height has no PGN form.

use crate::{Chess3d, Move, Piece};
use variant_core::Game;

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
}
