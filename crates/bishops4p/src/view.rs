//! The picture of a position for frontends ([`Game::board_view`](variant_core::Game::board_view)):
//! the 12x12 board with the four corner blocks marked (B4-2), the pieces of the four seats, and
//! a caption with the turn, the seats still playing, checks and the game's phase.

use crate::geometry::{in_block, sq};
use crate::{Bishops, Cell, Phase, Piece, SEAT_NAMES};
use variant_core::{BoardGrid, BoardView, Game, PieceView, Seat};

impl Bishops {
    /// The board and caption of [`Game::board_view`].
    pub(crate) fn view(&self) -> BoardView {
        let mut grid = BoardGrid::new("", 12, 12);
        for rank in 0..12u8 {
            for file in 0..12u8 {
                let Some(cell) = grid.cell_mut(file, rank) else {
                    continue;
                };
                if in_block(sq(usize::from(file), usize::from(rank))) {
                    cell.mark = Some("block");
                }
                if let Some((seat, kind)) = Cell::new(file, rank).and_then(|c| self.piece_at(c)) {
                    let (symbol, value) = match kind {
                        Piece::Pawn => ('P', 1),
                        Piece::Knight => ('N', 3),
                        Piece::Bishop => ('B', 3),
                        Piece::Rook => ('R', 5),
                        Piece::Queen => ('Q', 9),
                        Piece::King => ('K', 0),
                    };
                    cell.piece = Some(PieceView {
                        seat,
                        symbol,
                        value,
                        royal: symbol == 'K',
                    });
                }
            }
        }
        let names = |seats: Vec<Seat>| -> String {
            let list: Vec<&str> = seats
                .iter()
                .filter_map(|s| SEAT_NAMES.get(s.index()).copied())
                .collect();
            if list.is_empty() {
                "none".to_string()
            } else {
                list.join(" ")
            }
        };
        let mover = self.side_to_move();
        let mut caption = vec![format!(
            "{} to move{}",
            self.seat_name(mover),
            if self.is_in_check(mover) {
                ", in check"
            } else {
                ""
            }
        )];
        caption.push(format!(
            "playing: {}; in check: {}",
            names(self.active_seats()),
            names(self.checked_seats())
        ));
        let eliminated = self.eliminated_seats();
        if !eliminated.is_empty() {
            caption.push(format!("out of the game: {}", names(eliminated)));
        }
        let phase = match self.phase() {
            Phase::Short => "short game (the first mate wins)",
            Phase::Long => "long game",
            Phase::Duel => "long game, duel",
        };
        let text = self.to_text();
        let fields: Vec<&str> = text.split(' ').collect();
        let field = |i: usize| fields.get(i).copied().unwrap_or("-");
        caption.push(format!(
            "{phase}; castling {}, en passant {}",
            field(3),
            field(4)
        ));
        caption.push(format!(
            "{} plies without capture or pawn move, {} passes in a row",
            self.halfmove_clock(),
            self.consecutive_passes()
        ));
        let (queen, knight) = self.pending_placements();
        let pending: Vec<&str> = [(queen, "the queen"), (knight, "a knight")]
            .iter()
            .filter(|(left, _)| *left)
            .map(|(_, what)| *what)
            .collect();
        if !pending.is_empty() {
            caption.push(format!(
                "White still places {} (B4-23)",
                pending.join(" and ")
            ));
        }
        caption.push("the corner blocks (B4-2) are marked".to_string());
        BoardView {
            boards: vec![grid],
            caption,
            in_check: self.checked_seats(),
        }
    }
}

/// Chess pieces in the four seats' colours, white, grey, black and pink (B4-3); the corner
/// blocks are the one zone (B4-14).
impl variant_core::presentation::Presentation for Bishops {
    fn seat_colours(&self, seat: variant_core::Seat) -> variant_core::presentation::SeatColours {
        use variant_core::presentation::{BLACK_PIECES, GREY_PIECES, PINK_PIECES, WHITE_PIECES};
        [WHITE_PIECES, GREY_PIECES, BLACK_PIECES, PINK_PIECES]
            .get(usize::from(seat.0))
            .copied()
            .unwrap_or(WHITE_PIECES)
    }

    fn pieces(&self) -> &'static [variant_core::presentation::PieceLook] {
        &variant_core::presentation::CHESS_PIECES
    }

    fn zones(&self) -> &'static [variant_core::presentation::Zone] {
        &[variant_core::presentation::Zone {
            mark: "block",
            text: "corner block: a king here is never in check, and its bishops move as queens, \
                   while its army has a bishop (B4-14)",
        }]
    }
}
