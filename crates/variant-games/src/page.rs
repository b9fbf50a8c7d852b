//! What a page (or any other drawing frontend) needs to know about a game beyond the board
//! view, as data: the boards, what the cells' notes and zone marks mean, the pieces with their
//! glyphs and names, each seat's colours and how far to turn the board to put a seat at the
//! bottom. The web server sends it with every state (docs/web.md, `view`), so the page never
//! tests a game's name.

use crate::AnyGame;
use serde::Serialize;
pub use variant_core::presentation::{Notes, Zone};
use variant_core::presentation::{Presentation, Preset};
use variant_core::{Game, Seat};

/// One board as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardShape {
    /// The title (`height 3`), may be empty.
    pub title: String,
    /// The height it stands for (1-based), `None` for a game of one board.
    pub height: Option<u8>,
    /// Files (columns).
    pub files: u8,
    /// Ranks (rows).
    pub ranks: u8,
}

/// A piece of the game, for a legend.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceInfo {
    /// Its symbol in the game's notation (upper case).
    pub symbol: char,
    /// The glyph it is drawn with (`variants show --svg`, the page).
    pub glyph: &'static str,
    /// The letter drawn beside a borrowed glyph, `None` when the glyph is the piece's own.
    pub letter: Option<char>,
    /// Its name.
    pub name: &'static str,
    /// Drawn as a disc in its seat's colours (draughts), with the glyph, if any, on it.
    pub disc: bool,
}

/// A seat's colours as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatLook {
    /// The seat's name.
    pub seat: &'static str,
    /// The fill of its pieces (CSS colour).
    pub fill: &'static str,
    /// The outline of its pieces.
    pub stroke: &'static str,
    /// The clockwise turn of the board, in degrees, that puts this seat's home edge at the
    /// bottom (0 for the seat that starts on rank 1).
    pub turn: u16,
}

/// Everything [`describe`] says about a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PageFacts {
    /// The boards in drawing order.
    pub boards: Vec<BoardShape>,
    /// What the notes of the cells mean; `None` when the game has none.
    pub notes: Option<Notes>,
    /// The zone marks the game uses.
    pub zones: Vec<Zone>,
    /// The pieces.
    pub pieces: Vec<PieceInfo>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatLook>,
    /// The configurations players know by a name of their own (Chess: chess3d at one height),
    /// offered as games of their own and named so in lists.
    pub presets: Vec<Preset>,
}

/// What a page needs to draw `game` (in its present position: the 3D games lose heights).
///
/// # Example
///
/// ```
/// let chess = variant_games::new_game("chess3d", "heights=2").unwrap();
/// let facts = variant_games::page::describe(&chess);
/// assert_eq!(facts.boards.len(), 2);
/// assert_eq!(facts.boards[1].height, Some(2));
/// assert!(facts.notes.is_none());
/// assert_eq!(facts.seats[1].turn, 180); // Black at the bottom: a half turn
/// let four = variant_games::new_game("bishops4p", "").unwrap();
/// let turns: Vec<u16> = variant_games::page::describe(&four).seats.iter().map(|s| s.turn).collect();
/// assert_eq!(turns, [0, 270, 180, 90]); // B4-1: White south, Grey west, Black north, Pink east
/// let draughts = variant_games::new_game("checkers3d", "").unwrap();
/// assert!(variant_games::page::describe(&draughts).pieces.iter().all(|p| p.disc));
/// ```
pub fn describe(game: &AnyGame) -> PageFacts {
    let boards = game
        .board_view()
        .map(|view| {
            view.boards
                .iter()
                .map(|b| BoardShape {
                    title: b.title.clone(),
                    height: b
                        .title
                        .strip_prefix("height ")
                        .and_then(|n| n.trim().parse().ok()),
                    files: b.files,
                    ranks: b.ranks,
                })
                .collect()
        })
        .unwrap_or_default();
    let seat_count = game.seat_count();
    let seats = (0..seat_count)
        .map(|i| {
            let seat = game.seat_name(Seat(i as u8));
            let colours = game.seat_colours(Seat(i as u8));
            let (fill, stroke) = (colours.fill, colours.outline);
            // Two seats face each other; four sit a quarter turn apart, clockwise in seat
            // order (B4-1), so seat i's edge comes to the bottom after 360 - 90 i degrees.
            let turn = match seat_count {
                2 => (i as u16) * 180,
                n => (360 - (i as u16) * (360 / n as u16)) % 360,
            };
            SeatLook {
                seat,
                fill,
                stroke,
                turn,
            }
        })
        .collect();
    let pieces = game
        .pieces()
        .iter()
        .map(|p| PieceInfo {
            symbol: p.symbol,
            glyph: p.glyph,
            letter: p.letter,
            name: p.name,
            disc: p.disc,
        })
        .collect();
    let notes = game.notes();
    let zones = game.zones().to_vec();
    PageFacts {
        boards,
        notes,
        zones,
        pieces,
        seats,
        presets: game.presets().to_vec(),
    }
}
