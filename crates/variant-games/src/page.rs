//! What a page (or any other drawing frontend) needs to know about a game beyond the board
//! view, as data: the boards, what the cells' notes and zone marks mean, the pieces with their
//! glyphs and names, each seat's colours and how far to turn the board to put a seat at the
//! bottom. The web server sends it with every state (docs/web.md, `view`), so the page never
//! tests a game's name.

use crate::AnyGame;
use serde::Serialize;
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

/// What the cells' notes mean.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Notes {
    /// A short label for a switch that shows them.
    pub label: &'static str,
    /// What a note says.
    pub text: &'static str,
}

/// What a zone mark of a cell (a frame) means.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Zone {
    /// The mark, as in `CellView::mark`.
    pub mark: &'static str,
    /// Its meaning, with the rule id.
    pub text: &'static str,
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
/// ```
pub fn describe(game: &AnyGame) -> PageFacts {
    let name = game.name();
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
            let (fill, stroke) = crate::render::seat_colours(seat, i as u8);
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
    let piece = |symbol: char, name: &'static str| {
        let (glyph, letter) = crate::render::glyph(game.name(), symbol);
        PieceInfo {
            symbol,
            glyph,
            letter,
            name,
        }
    };
    let chess = || {
        vec![
            piece('K', "king"),
            piece('Q', "queen"),
            piece('R', "rook"),
            piece('B', "bishop"),
            piece('N', "knight"),
            piece('P', "pawn"),
        ]
    };
    let (notes, zones, pieces) = match name {
        "chess3d" => (
            None,
            vec![Zone {
                mark: "base",
                text: "base cube: a cell of a set-up rank on a base height, a wall for the \
                       opponent (C3-6, C3-12)",
            }],
            chess(),
        ),
        "checkers3d" => (
            None,
            vec![Zone {
                mark: "base",
                text: "base cube: a dark cell of a set-up rank on a base height; a man is crowned on \
                       an enemy base cube (D3-4, D3-13)",
            }],
            vec![
                PieceInfo {
                    symbol: 'M',
                    glyph: "",
                    letter: None,
                    name: "man (a disc)",
                },
                PieceInfo {
                    symbol: 'K',
                    glyph: "\u{265B}",
                    letter: None,
                    name: "king (a disc with a crown)",
                },
            ],
        ),
        "bishops4p" => (
            None,
            vec![Zone {
                mark: "block",
                text: "corner block: a king here is never in check, and its bishops move as queens, \
                       while its army has a bishop (B4-14)",
            }],
            chess(),
        ),
        "chess-t" => (
            Some(Notes {
                label: "strengths",
                text: "the strength sums White:Black each cell receives (CT-10)",
            }),
            vec![
                Zone {
                    mark: "castle",
                    text: "castle: four cells of each army, its King's home (CT-20, CT-21)",
                },
                Zone {
                    mark: "impregnable",
                    text: "impregnable field: no enemy piece may move, capture or exchange there (CT-44)",
                },
            ],
            vec![
                piece('K', "King"),
                piece('C', "Connet"),
                piece('P', "Prince"),
                piece('R', "Ritter"),
                piece('S', "Scout"),
                piece('N', "Knecht"),
                piece('V', "Ver Knecht"),
            ],
        ),
        _ => (None, Vec::new(), Vec::new()),
    };
    PageFacts {
        boards,
        notes,
        zones,
        pieces,
        seats,
    }
}
