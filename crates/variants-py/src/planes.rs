//! Boards as numbers: piece codes for `Game.board()` and the one-hot observation planes of the
//! PettingZoo environments, both read from the game's picture (`BoardView`), so every game
//! is served the same way.

use variants::AnyGame;
use variants::variant_core::{BoardView, Game};

/// The piece kinds of a game, in code order.
#[derive(Clone, Copy, Debug)]
pub struct Kinds(&'static [char]);

impl Kinds {
    /// The kinds of the game called `name` (its piece letters, upper case).
    pub fn of(name: &str) -> Kinds {
        Kinds(match name {
            "checkers3d" => &['M', 'K'],
            // CT-4: King, Connet, Prince, Ritter, Knecht, Ver Knecht, Scout.
            "chess-t" => &['K', 'C', 'P', 'R', 'N', 'V', 'S'],
            // chess3d (C3-2) and "Bishops" (B4-2) have the FIDE pieces.
            _ => &['K', 'Q', 'R', 'B', 'N', 'P'],
        })
    }

    /// The letters.
    pub fn symbols(self) -> &'static [char] {
        self.0
    }

    /// The index of a letter.
    fn index(self, symbol: char) -> Option<usize> {
        self.0.iter().position(|&c| c == symbol)
    }
}

/// The picture of a game, or a message when the game draws none.
fn view(game: &AnyGame) -> Result<BoardView, String> {
    let view = game
        .board_view()
        .ok_or_else(|| format!("{} draws no board", game.name()))?;
    let Some(first) = view.boards.first() else {
        return Err(format!("{}: the picture has no board", game.name()));
    };
    if view
        .boards
        .iter()
        .any(|b| b.files != first.files || b.ranks != first.ranks)
    {
        return Err(format!(
            "{}: the boards of the picture differ in size",
            game.name()
        ));
    }
    Ok(view)
}

/// The code of each cell (`0` empty, `1 + seat * kinds + kind`), with the shape
/// `[boards, ranks, files]`.
pub fn board_codes(game: &AnyGame, kinds: Kinds) -> Result<([usize; 3], Vec<i8>), String> {
    let view = view(game)?;
    let (files, ranks) = (view.boards[0].files, view.boards[0].ranks);
    let shape = [view.boards.len(), ranks as usize, files as usize];
    let mut codes = Vec::with_capacity(shape.iter().product());
    let per_seat = kinds.symbols().len();
    for board in &view.boards {
        for cell in &board.cells {
            let code = match &cell.piece {
                None => 0,
                Some(piece) => {
                    let kind = kinds.index(piece.symbol).ok_or_else(|| {
                        format!("{}: unknown piece letter {:?}", game.name(), piece.symbol)
                    })?;
                    1 + piece.seat.index() * per_seat + kind
                }
            };
            codes.push(i8::try_from(code).map_err(|_| "piece code out of range".to_string())?);
        }
    }
    Ok((shape, codes))
}

/// The observation planes of `game` seen by seat `observer`, channels last:
/// shape `[boards, ranks, files, seats * kinds + seats]`. Channel `seat * kinds + kind` is 1
/// where that seat has a piece of that kind; the last `seats` channels are one-hot the
/// observer (all ones in the observer's channel), so one network can play every seat.
pub fn observation(
    game: &AnyGame,
    kinds: Kinds,
    observer: usize,
) -> Result<([usize; 4], Vec<u8>), String> {
    let ([boards, ranks, files], codes) = board_codes(game, kinds)?;
    let seats = game.seat_count();
    let per_seat = kinds.symbols().len();
    let channels = seats * per_seat + seats;
    let mut planes = vec![0u8; codes.len() * channels];
    for (cell, &code) in codes.iter().enumerate() {
        let base = cell * channels;
        if code > 0 {
            planes[base + code as usize - 1] = 1;
        }
        planes[base + seats * per_seat + observer] = 1;
    }
    Ok(([boards, ranks, files, channels], planes))
}
