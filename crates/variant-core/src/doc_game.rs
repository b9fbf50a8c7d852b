//! A game small enough to show the generic API in examples without depending on a game crate:
//! Nim with one heap. Players take 1, 2 or 3 counters in turn; whoever takes the last counter
//! wins. Not part of the public API (hidden from the docs); the real games live in their own
//! crates.

use crate::actions::{ActionSpace, LegalActions};
use crate::codec::{CODE_TAG_SHIFT, MoveCode};
use crate::config::{parse_int, unknown_key};
use crate::error::EncodeError;
use crate::planes::Observation;
use crate::{BoardGrid, BoardView, PieceView};
use crate::{
    ConfigError, ConfigKey, Game, GameConfig, MoveError, MoveList, PositionError, RepetitionRules,
    Seat, Status, WinReason,
};
use serde::{Deserialize, Serialize};

/// Nim's configuration: the number of counters at the start (key `counters`, default 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NimConfig {
    /// Counters at the start, 1..=100.
    pub counters: u32,
}

impl Default for NimConfig {
    fn default() -> Self {
        NimConfig { counters: 10 }
    }
}

const KEYS: &[ConfigKey] = &[ConfigKey {
    name: "counters",
    description: "counters on the heap at the start",
    default: "10",
    allowed: "1..=100",
}];

impl GameConfig for NimConfig {
    fn keys() -> &'static [ConfigKey] {
        KEYS
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        match key {
            "counters" => self.counters = parse_int(key, value, 1, 100)?,
            _ => return Err(unknown_key("nim", key, KEYS)),
        }
        Ok(())
    }
    fn get(&self, key: &str) -> Option<String> {
        (key == "counters").then(|| self.counters.to_string())
    }
}

crate::impl_config_text!(NimConfig);

/// A Nim position: counters left and the seat to move. Its text is `<counters> <seat>`, e.g.
/// `10 0`; a move is the number of counters taken (`1`, `2` or `3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    config: NimConfig,
    left: u32,
    to_move: u8,
}

impl Game for Nim {
    type Config = NimConfig;
    type Move = u8;
    type MoveList = MoveList<u8, 3>;
    const NAME: &'static str = "nim";

    fn new(config: &NimConfig) -> Result<Self, ConfigError> {
        config.validate()?;
        Ok(Nim {
            config: *config,
            left: config.counters,
            to_move: 0,
        })
    }
    fn config(&self) -> &NimConfig {
        &self.config
    }
    fn from_text(config: &NimConfig, text: &str) -> Result<Self, PositionError> {
        let mut fields = text.split_whitespace();
        let left = fields
            .next()
            .and_then(|f| f.parse::<u32>().ok())
            .filter(|&n| n <= 100)
            .ok_or_else(|| PositionError::new("field 1", "expected the counters left, 0..=100"))?;
        let to_move = match fields.next() {
            Some("0") => 0,
            Some("1") => 1,
            _ => {
                return Err(PositionError::new(
                    "field 2",
                    "expected the seat to move, 0 or 1",
                ));
            }
        };
        if fields.next().is_some() {
            return Err(PositionError::new("field 3", "unexpected text"));
        }
        Ok(Nim {
            config: *config,
            left,
            to_move,
        })
    }
    fn to_text(&self) -> String {
        format!("{} {}", self.left, self.to_move)
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn seat_name(&self, seat: Seat) -> &'static str {
        if seat.0 == 0 { "first" } else { "second" }
    }
    fn side_to_move(&self) -> Seat {
        Seat(self.to_move)
    }
    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        moves.clear();
        for take in 1..=3u8 {
            if u32::from(take) <= self.left {
                moves.push(take);
            }
        }
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.left = self.left.saturating_sub(u32::from(mv));
        self.to_move ^= 1;
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        let take: u8 = text
            .trim()
            .parse()
            .map_err(|_| MoveError::malformed(text, "expected 1, 2 or 3"))?;
        if self.legal_moves().contains(&take) {
            Ok(take)
        } else {
            Err(MoveError::illegal(text, "not that many counters to take"))
        }
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn status(&self) -> Status {
        if self.left == 0 {
            // The player who took the last counter is the one who just moved.
            Status::Win {
                winner: Seat(self.to_move ^ 1),
                reason: WinReason::NoLegalMoves,
            }
        } else {
            Status::Ongoing
        }
    }
    fn zobrist(&self) -> u64 {
        (u64::from(self.left) << 1 | u64::from(self.to_move)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn repetition_rules(&self) -> RepetitionRules {
        RepetitionRules::default()
    }
    fn board_view(&self) -> Option<BoardView> {
        // The heap as one row of counters, drawn as the first seat's pieces.
        let files = u8::try_from(self.left.max(1)).ok()?;
        let mut board = BoardGrid::new("heap", files, 1);
        for file in 0..u8::try_from(self.left).ok()? {
            if let Some(cell) = board.cell_mut(file, 0) {
                cell.piece = Some(PieceView {
                    seat: Seat(0),
                    symbol: 'C',
                    value: 1,
                    royal: false,
                });
            }
        }
        Some(BoardView {
            boards: vec![board],
            caption: Vec::new(),
            in_check: Vec::new(),
        })
    }
}

/// A move's code is the tag 15 (no real game has it) and the number taken.
impl MoveCode for Nim {
    const CODE_TAG: u64 = 15;
    fn move_code(&self, mv: u8, _earlier: &[u64]) -> Result<u64, EncodeError> {
        Ok(15 << CODE_TAG_SHIFT | u64::from(mv))
    }
}

/// Action `n - 1` takes `n` counters.
impl ActionSpace for Nim {
    fn action_count(&self, _slots: usize) -> usize {
        3
    }
    fn legal_actions(&self, _slots: usize) -> Result<LegalActions<u8>, EncodeError> {
        Ok(LegalActions {
            actions: self
                .legal_moves()
                .iter()
                .map(|&mv| (usize::from(mv) - 1, mv))
                .collect(),
            dropped: 0,
        })
    }
}

/// The one kind of piece is the counter.
impl Observation for Nim {
    fn piece_kinds(&self) -> &'static [char] {
        &['C']
    }
}

crate::impl_game_values!(Nim);

/// Nim as a game crate would give it, with its data files inline.
impl crate::GameCrate for Nim {
    const DESCRIPTION: &'static str = "Nim, the documentation's example game";
    // From 10 counters every position within three plies has the three moves 1, 2, 3 (at
    // least 10 - 3 * 3 = 1 counter is left): 3, 9, 27.
    const PERFT_DATA: &'static str = "game nim\nid start\nposition startpos\nsource counted by hand\nperft 1 3\nperft 2 9\nperft 3 27\n";
    const TEST_POSITIONS: &'static str = "game nim\nid two-left\nposition 2 0\nwin 2\n\
                                          rule whoever takes the last counter wins\n";
}

/// Counters drawn as discs.
impl crate::presentation::Presentation for Nim {
    fn pieces(&self) -> &'static [crate::presentation::PieceLook] {
        &[crate::presentation::PieceLook {
            symbol: 'C',
            name: "counter",
            glyph: "",
            letter: None,
            disc: true,
        }]
    }
}
