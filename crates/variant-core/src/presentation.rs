//! How a game is shown to people beyond its board view: its pieces (glyph, name, drawn as a
//! glyph or a disc), the zones its cells are marked with (and the rules they come from), and
//! what the cells' notes mean. Each game crate implements [`Presentation`]; the SVG pictures,
//! the web page's legend and its captions read it, so no frontend chooses anything by a game's
//! name.

use crate::{Game, Seat};
use serde::Serialize;

/// How a seat's pieces are painted: a fill and an outline (CSS colours) that stand out from
/// both the light and the dark squares.
///
/// # Example
///
/// ```
/// use variant_core::presentation::{BLACK_PIECES, WHITE_PIECES};
/// assert_eq!(WHITE_PIECES.fill, "#ffffff");
/// assert_ne!(WHITE_PIECES.outline, BLACK_PIECES.outline);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeatColours {
    /// The piece's body.
    pub fill: &'static str,
    /// Its outline.
    pub outline: &'static str,
}

/// White pieces, outlined in near-black.
pub const WHITE_PIECES: SeatColours = SeatColours {
    fill: "#ffffff",
    outline: "#1a1a1a",
};

/// Black pieces, outlined in near-white.
pub const BLACK_PIECES: SeatColours = SeatColours {
    fill: "#1a1a1a",
    outline: "#f2f2f2",
};

/// Grey pieces ("Bishops"' second seat), outlined in near-black.
pub const GREY_PIECES: SeatColours = SeatColours {
    fill: "#8c8c8c",
    outline: "#1a1a1a",
};

/// Pink pieces ("Bishops"' fourth seat), outlined in dark purple.
pub const PINK_PIECES: SeatColours = SeatColours {
    fill: "#ff6fb7",
    outline: "#4a0026",
};

/// Blue pieces, the default of a third or later seat, outlined in dark blue.
pub const BLUE_PIECES: SeatColours = SeatColours {
    fill: "#3f8fd8",
    outline: "#0a2540",
};

/// How one kind of piece is drawn and named.
///
/// # Example
///
/// ```
/// use variant_core::presentation::CHESS_PIECES;
/// let king = &CHESS_PIECES[0];
/// assert_eq!((king.symbol, king.name, king.glyph), ('K', "king", "\u{265A}"));
/// assert!(king.letter.is_none() && !king.disc);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PieceLook {
    /// Its symbol in the game's notation, upper case (as in `PieceView::symbol`).
    pub symbol: char,
    /// Its name, for legends and messages.
    pub name: &'static str,
    /// The glyph it is drawn with (text presentation); for a disc, the glyph drawn on the disc
    /// (a draughts king's crown), or empty.
    pub glyph: &'static str,
    /// The letter drawn small beside a borrowed glyph (a piece without a glyph of its own is
    /// drawn with the chess glyph that moves most like it); `None` when the glyph is its own.
    pub letter: Option<char>,
    /// Drawn as a disc (draughts) rather than a glyph.
    pub disc: bool,
}

/// What a zone mark of a cell (`CellView::mark`) means.
///
/// # Example
///
/// ```
/// let zone = variant_core::presentation::Zone { mark: "base", text: "base cube (C3-6)" };
/// assert_eq!(zone.mark, "base");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Zone {
    /// The mark, as in `CellView::mark`.
    pub mark: &'static str,
    /// Its meaning, with the rule id.
    pub text: &'static str,
}

/// What the notes of the cells (`CellView::note`) mean.
///
/// # Example
///
/// ```
/// let notes = variant_core::presentation::Notes { label: "strengths", text: "sums (CT-10)" };
/// assert_eq!(notes.label, "strengths");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Notes {
    /// A short label for a switch that shows them.
    pub label: &'static str,
    /// What a note says.
    pub text: &'static str,
}

/// The six chess pieces with their glyphs (the filled set; the pawn with the text-presentation
/// selector, so no browser draws it as an emoji), for the games played with chess pieces.
pub const CHESS_PIECES: [PieceLook; 6] = [
    chess_piece('K', "king", "\u{265A}"),
    chess_piece('Q', "queen", "\u{265B}"),
    chess_piece('R', "rook", "\u{265C}"),
    chess_piece('B', "bishop", "\u{265D}"),
    chess_piece('N', "knight", "\u{265E}"),
    chess_piece('P', "pawn", "\u{265F}\u{FE0E}"),
];

const fn chess_piece(symbol: char, name: &'static str, glyph: &'static str) -> PieceLook {
    PieceLook {
        symbol,
        name,
        glyph,
        letter: None,
        disc: false,
    }
}

/// A configuration that players know by a name of its own (FIDE chess is chess3d at one
/// height), offered as a game of its own where a game is chosen and named so where one is
/// listed.
///
/// # Example
///
/// ```
/// use variant_core::presentation::Presentation;
/// # use variant_core::doc_game::Nim as MyGame;
/// assert!(MyGame::default().presets().is_empty()); // none by default
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Preset {
    /// Its name in lists and addresses (`chess`).
    pub name: &'static str,
    /// What players call it (`Chess`).
    pub label: &'static str,
    /// The configuration keys it fixes, as `key=value;key=value`.
    pub config: &'static str,
    /// One line saying what it is.
    pub description: &'static str,
}

/// How a game is shown: implemented by every game crate.
///
/// # Example
///
/// ```
/// use variant_core::presentation::Presentation;
/// # use variant_core::doc_game::Nim as MyGame;
/// let game = MyGame::default();
/// assert_eq!(game.pieces()[0].name, "counter");
/// assert_eq!(game.piece_look('C').map(|p| p.disc), Some(true));
/// assert!(game.zones().is_empty() && game.notes().is_none());
/// ```
pub trait Presentation: Game {
    /// The kinds of piece, in the order a legend lists them.
    fn pieces(&self) -> &'static [PieceLook];

    /// The zone marks the game's cells carry; none by default.
    fn zones(&self) -> &'static [Zone] {
        &[]
    }

    /// What the cells' notes mean; `None` (the default) for a game without notes.
    fn notes(&self) -> Option<Notes> {
        None
    }

    /// The configurations of the game that players know by a name of their own; none by
    /// default.
    fn presets(&self) -> &'static [Preset] {
        &[]
    }

    /// The look of the piece of `symbol` (upper case), if the game has one.
    fn piece_look(&self, symbol: char) -> Option<&'static PieceLook> {
        self.pieces().iter().find(|p| p.symbol == symbol)
    }

    /// The colours of `seat`'s pieces. By default the first seat's are white, the second's
    /// black and any other's blue; a game whose seats are named after other colours says so.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Seat;
    /// use variant_core::presentation::{BLACK_PIECES, Presentation, WHITE_PIECES};
    /// # use variant_core::doc_game::Nim as MyGame;
    /// let game = MyGame::default();
    /// assert_eq!(game.seat_colours(Seat(0)), WHITE_PIECES);
    /// assert_eq!(game.seat_colours(Seat(1)), BLACK_PIECES);
    /// ```
    fn seat_colours(&self, seat: Seat) -> SeatColours {
        match seat.0 {
            0 => WHITE_PIECES,
            1 => BLACK_PIECES,
            _ => BLUE_PIECES,
        }
    }
}
