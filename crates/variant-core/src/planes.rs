//! Boards as numbers for learning: [`Observation`], piece codes per cell and one-hot planes,
//! read from the game's picture ([`BoardView`]) so every game is served the same way. A game
//! only says which piece letters it has, in code order.

use crate::error::EncodeError;
use crate::{BoardView, Game, Seat};

/// The piece codes of a position: `0` for an empty cell, `1 + seat * kinds + kind` for a
/// piece, in the order of the picture's boards, then ranks from 1, then files from `a`.
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_core::planes::Observation;
/// use variant_core::doc_game::Nim;
///
/// // Three counters in a row, each the first seat's kind 0: code 1 + 0 * 1 + 0.
/// let game = Nim::from_text(&Default::default(), "3 0").unwrap();
/// let codes = game.board_codes().unwrap();
/// assert_eq!(codes.shape, [1, 1, 3]);
/// assert_eq!(codes.codes, [1, 1, 1]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardCodes {
    /// `[boards, ranks, files]`.
    pub shape: [usize; 3],
    /// One code per cell.
    pub codes: Vec<i8>,
}

/// One-hot observation planes, channels last.
///
/// # Example
///
/// ```
/// use variant_core::{Game, Seat};
/// use variant_core::planes::Observation;
/// use variant_core::doc_game::Nim;
///
/// // Channels: 2 seats × 1 kind, then 2 observer channels = 4; two cells.
/// let game = Nim::from_text(&Default::default(), "2 0").unwrap();
/// let planes = game.observation(Seat(0)).unwrap();
/// assert_eq!(planes.shape, [1, 1, 2, 4]);
/// assert_eq!(planes.data, [1, 0, 1, 0, 1, 0, 1, 0]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planes {
    /// `[boards, ranks, files, channels]`, channels `seats * kinds + seats`.
    pub shape: [usize; 4],
    /// `0` or `1` per cell and channel.
    pub data: Vec<u8>,
}

/// A game whose positions can be given to a learner as numbers.
///
/// # Example
///
/// ```
/// use variant_core::planes::Observation;
/// use variant_core::Seat;
/// # use variant_core::doc_game::Nim as MyGame;
/// let game = MyGame::default();
/// assert_eq!(game.piece_kinds(), &['C']);
/// let codes = game.board_codes().unwrap();
/// assert_eq!(codes.shape, [1, 1, 10]); // ten counters in a row
/// assert!(codes.codes.iter().all(|&c| c == 1)); // the first seat's kind 0, "C"
/// let planes = game.observation(Seat(1)).unwrap();
/// // Channels: two seats × one kind, then one per seat for the observer.
/// assert_eq!(planes.shape, [1, 1, 10, 4]);
/// assert_eq!(&planes.data[..4], &[1, 0, 0, 1]);
/// ```
pub trait Observation: Game {
    /// The piece letters of the game (upper case, as in the picture), in code order.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::planes::Observation;
    /// use variant_core::doc_game::Nim;
    ///
    /// assert_eq!(Nim::default().piece_kinds(), ['C']); // the counter is Nim's only piece
    /// ```
    fn piece_kinds(&self) -> &'static [char];

    /// The piece code of every cell of the picture.
    ///
    /// # Errors
    ///
    /// [`EncodeError::Unencodable`] when the game draws no board, its boards differ in size,
    /// or a piece's letter is not among [`Observation::piece_kinds`].
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::planes::Observation;
    /// use variant_core::doc_game::Nim;
    ///
    /// let codes = Nim::default().board_codes().unwrap();
    /// assert_eq!(codes.codes.len(), codes.shape.iter().product::<usize>());
    /// assert_eq!(codes.codes.len(), 10); // the default heap of 10 counters
    /// ```
    fn board_codes(&self) -> Result<BoardCodes, EncodeError> {
        let view = picture(self)?;
        let kinds = self.piece_kinds();
        let (files, ranks) = view
            .boards
            .first()
            .map_or((0, 0), |b| (usize::from(b.files), usize::from(b.ranks)));
        let shape = [view.boards.len(), ranks, files];
        let mut codes = Vec::with_capacity(shape.iter().product());
        for board in &view.boards {
            for cell in &board.cells {
                let code = match &cell.piece {
                    None => 0,
                    Some(piece) => {
                        let kind =
                            kinds
                                .iter()
                                .position(|&c| c == piece.symbol)
                                .ok_or_else(|| {
                                    unencodable(format!(
                                        "{}: unknown piece letter {:?}",
                                        self.name(),
                                        piece.symbol
                                    ))
                                })?;
                        1 + piece.seat.index() * kinds.len() + kind
                    }
                };
                codes.push(i8::try_from(code).map_err(|_| unencodable("piece code out of range"))?);
            }
        }
        Ok(BoardCodes { shape, codes })
    }

    /// The observation planes seen by seat `observer`, channels last: channel
    /// `seat * kinds + kind` is 1 where that seat has a piece of that kind; the last `seats`
    /// channels are one-hot the observer (all ones in the observer's channel), so one network
    /// can play every seat.
    ///
    /// # Errors
    ///
    /// As [`Observation::board_codes`], and for an observer the game does not have.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_core::Seat;
    /// use variant_core::planes::Observation;
    /// use variant_core::doc_game::Nim;
    ///
    /// let game = Nim::default();
    /// let second = game.observation(Seat(1)).unwrap();
    /// assert_eq!(&second.data[..4], &[1, 0, 0, 1]); // a counter, observer = the second seat
    /// assert!(game.observation(Seat(2)).is_err()); // Nim has two seats
    /// ```
    fn observation(&self, observer: Seat) -> Result<Planes, EncodeError> {
        let BoardCodes {
            shape: [boards, ranks, files],
            codes,
        } = self.board_codes()?;
        let seats = self.seat_count();
        if observer.index() >= seats {
            return Err(unencodable(format!(
                "{}: no seat {} ({seats} seats)",
                self.name(),
                observer.index()
            )));
        }
        let per_seat = self.piece_kinds().len();
        let channels = seats * per_seat + seats;
        let mut data = vec![0u8; codes.len() * channels];
        for (planes, &code) in data.chunks_exact_mut(channels).zip(&codes) {
            if let Ok(code) = usize::try_from(code)
                && code > 0
                && let Some(one) = planes.get_mut(code - 1)
            {
                *one = 1;
            }
            if let Some(one) = planes.get_mut(seats * per_seat + observer.index()) {
                *one = 1;
            }
        }
        Ok(Planes {
            shape: [boards, ranks, files, channels],
            data,
        })
    }
}

fn unencodable(what: impl Into<String>) -> EncodeError {
    EncodeError::Unencodable { what: what.into() }
}

/// The picture of a game, checked: at least one board, all of one size.
fn picture<G: Game>(game: &G) -> Result<BoardView, EncodeError> {
    let view = game
        .board_view()
        .ok_or_else(|| unencodable(format!("{} draws no board", game.name())))?;
    let Some(first) = view.boards.first() else {
        return Err(unencodable(format!(
            "{}: the picture has no board",
            game.name()
        )));
    };
    if view
        .boards
        .iter()
        .any(|b| b.files != first.files || b.ranks != first.ranks)
    {
        return Err(unencodable(format!(
            "{}: the boards of the picture differ in size",
            game.name()
        )));
    }
    Ok(view)
}
