//! variant-core's generic machinery (perft, divide, parallel perft, History, records, moves as text)
//! exercised on a game small enough to know completely: tic-tac-toe. Its game-tree counts are
//! published (255 168 games; 9, 72, 504, 3 024, 15 120, 54 720, 148 176, 200 448, 127 872
//! nodes at plies 1–9 with finished games as leaves), so these tests do not depend on any game
//! crate of the workspace.

use serde::{Deserialize, Serialize};
use variant_core::config::{bad_value, unknown_key};
use variant_core::perft::{divide, perft, perft_full};
use variant_core::{
    ConfigError, ConfigKey, DrawReason, Error, Game, GameConfig, History, MoveError, MoveList,
    PositionError, RepetitionRules, Seat, Status, WinReason, binary,
};
use variant_perft::perft_parallel;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct TttConfig {
    /// Lets the tests exercise a claimable draw: when on, the position after 8 plies can be
    /// claimed drawn.
    claim_after_eight: bool,
}

const KEYS: &[ConfigKey] = &[ConfigKey {
    name: "claim-after-eight",
    description: "a draw may be claimed after 8 plies",
    default: "off",
    allowed: "on|off",
}];

impl GameConfig for TttConfig {
    fn keys() -> &'static [ConfigKey] {
        KEYS
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        match key {
            "claim-after-eight" => {
                self.claim_after_eight = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad_value(key, value, "not a switch", "on|off")),
                };
                Ok(())
            }
            _ => Err(unknown_key("tictactoe", key, KEYS)),
        }
    }
    fn get(&self, key: &str) -> Option<String> {
        (key == "claim-after-eight")
            .then(|| variant_core::config::format_switch(self.claim_after_eight))
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Ttt {
    config: TttConfig,
    cells: [u8; 9], // 0 empty, 1 X, 2 O
    plies: u8,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Ttt {
    fn winner(&self) -> Option<u8> {
        LINES.iter().find_map(|l| {
            let v = self.cells[l[0]];
            (v != 0 && v == self.cells[l[1]] && v == self.cells[l[2]]).then_some(v)
        })
    }
}

impl Game for Ttt {
    type Config = TttConfig;
    type Move = u8;
    type MoveList = MoveList<u8, 9>;
    const NAME: &'static str = "tictactoe";

    fn new(config: &TttConfig) -> Result<Self, ConfigError> {
        Ok(Ttt {
            config: config.clone(),
            cells: [0; 9],
            plies: 0,
        })
    }
    fn config(&self) -> &TttConfig {
        &self.config
    }
    fn from_text(config: &TttConfig, text: &str) -> Result<Self, PositionError> {
        let mut g = Ttt::new(config).map_err(|e| PositionError::new("", e.to_string()))?;
        if text.chars().count() != 9 {
            return Err(PositionError::new(
                "",
                format!("{} cells, 9 needed", text.chars().count()),
            ));
        }
        for (i, c) in text.chars().enumerate() {
            g.cells[i] = match c {
                '.' => 0,
                'x' => 1,
                'o' => 2,
                other => {
                    return Err(PositionError::new(
                        format!("cell {}", i + 1),
                        format!("{other:?} is not . x o"),
                    ));
                }
            };
        }
        g.plies = g.cells.iter().filter(|&&c| c != 0).count() as u8;
        Ok(g)
    }
    fn to_text(&self) -> String {
        self.cells
            .iter()
            .map(|c| ['.', 'x', 'o'][*c as usize])
            .collect()
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn seat_name(&self, seat: Seat) -> &'static str {
        if seat.0 == 0 { "x" } else { "o" }
    }
    fn side_to_move(&self) -> Seat {
        Seat(self.plies % 2)
    }
    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        moves.clear();
        if self.winner().is_some() {
            return;
        }
        for i in 0..9u8 {
            if self.cells[i as usize] == 0 {
                moves.push(i);
            }
        }
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.cells[mv as usize] = 1 + self.plies % 2;
        self.plies += 1;
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        let n: u8 = text
            .parse()
            .map_err(|_| MoveError::malformed(text, "expected a cell 1-9"))?;
        if !(1..=9).contains(&n) {
            return Err(MoveError::malformed(text, "expected a cell 1-9"));
        }
        let mut moves = Self::MoveList::default();
        Game::legal_moves_into(self, &mut moves);
        if moves.contains(&(n - 1)) {
            Ok(n - 1)
        } else {
            Err(MoveError::illegal(text, "cell taken or game over"))
        }
    }
    fn format_move(&self, mv: u8) -> String {
        (mv + 1).to_string()
    }
    fn status(&self) -> Status {
        match self.winner() {
            Some(w) => Status::Win {
                winner: Seat(w - 1),
                reason: WinReason::Checkmate,
            },
            None if self.plies == 9 => Status::Draw {
                reason: DrawReason::Stalemate,
            },
            None => Status::Ongoing,
        }
    }
    fn zobrist(&self) -> u64 {
        self.cells.iter().fold(0u64, |h, &c| h * 3 + c as u64)
    }
    fn repetition_rules(&self) -> RepetitionRules {
        RepetitionRules {
            claim: Some(3),
            automatic: Some(5),
        }
    }
    fn claimable_draw(&self) -> Option<DrawReason> {
        (self.config.claim_after_eight && self.plies >= 8).then_some(DrawReason::MoveRule)
    }
}

fn start() -> Ttt {
    Ttt::new(&TttConfig::default()).unwrap()
}

#[test]
fn perft_matches_the_published_game_tree() {
    let expected = [
        1u64, 9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872, 0,
    ];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(perft(&start(), depth as u32), nodes, "depth {depth}");
        assert_eq!(
            perft_full(&start(), depth as u32),
            nodes,
            "full, depth {depth}"
        );
    }
    assert_eq!(perft_parallel(&start(), 6, 2), 54_720);
    assert_eq!(perft_parallel(&start(), 6, 0), 54_720);
    // More threads than root moves, and an absurd request: capped, same count.
    assert_eq!(perft_parallel(&start(), 6, 50), 54_720);
    assert_eq!(perft_parallel(&start(), 6, usize::MAX), 54_720);
}

#[test]
fn divide_sums_to_perft_and_corners_are_alike() {
    let d = divide(&start(), 4);
    assert_eq!(d.len(), 9);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 3_024);
    // Symmetry of the board: the four corners (cells 0, 2, 6, 8) have equal subtrees.
    let corner = |c: u8| d.iter().find(|(m, _)| *m == c).unwrap().1;
    assert_eq!(corner(0), corner(2));
    assert_eq!(corner(0), corner(8));
    assert_eq!(corner(6), corner(8));
}

#[test]
fn history_plays_undoes_and_ends() {
    let mut h = History::new(start());
    for m in ["5", "1", "9", "3"] {
        h.play_text(m).unwrap();
    }
    assert_eq!(Game::to_text(h.position()), "o.o.x...x");
    h.undo().unwrap();
    assert_eq!(Game::to_text(h.position()), "o...x...x");
    h.play_text("2").unwrap(); // o: 1, 2 (and x 5, 9)
    assert!(matches!(
        h.play_text("2"),
        Err(Error::Move(MoveError::Illegal { .. }))
    ));
    h.play_text("7").unwrap(); // x
    h.play_text("3").unwrap(); // o completes 1-2-3
    assert_eq!(
        h.status(),
        Status::Win {
            winner: Seat(1),
            reason: WinReason::Checkmate
        }
    );
    assert!(h.play_text("4").is_err(), "no move after the end");
    while h.undo().is_ok() {}
    assert_eq!(h.position(), &start());
    assert!(h.undo().is_err());
}

#[test]
fn resignation_agreement_and_claims() {
    let mut h = History::new(start());
    h.play_text("5").unwrap();
    assert_eq!(
        h.resign(Seat(1)).unwrap(),
        Status::Win {
            winner: Seat(0),
            reason: WinReason::Resignation
        }
    );
    assert!(h.agree_draw().is_err());
    h.undo().unwrap();
    assert_eq!(h.status(), Status::Ongoing);
    h.agree_draw().unwrap();
    assert_eq!(
        h.status(),
        Status::Draw {
            reason: DrawReason::Agreement
        }
    );
    h.undo().unwrap();
    assert!(h.claim_draw().is_err());

    let config = TttConfig::from_pairs([("claim-after-eight", "on")]).unwrap();
    let mut h = History::new(Ttt::new(&config).unwrap());
    for m in ["1", "2", "3", "5", "4", "6", "8", "7"] {
        h.play_text(m).unwrap();
    }
    assert_eq!(h.claimable_draw(), Some(DrawReason::MoveRule));
    assert_eq!(h.claim_draw().unwrap(), DrawReason::MoveRule);
    assert_eq!(
        h.status(),
        Status::Draw {
            reason: DrawReason::MoveRule
        }
    );
}

#[test]
fn records_round_trip_in_json_and_binary() {
    let mut h = History::new(start());
    for m in ["5", "1", "9"] {
        h.play_text(m).unwrap();
    }
    h.resign(Seat(1)).unwrap();
    let json = h.to_json();
    let back = History::<Ttt>::from_json(&json).unwrap();
    assert_eq!(back.position(), h.position());
    assert_eq!(back.status(), h.status());
    let bytes = binary::encode(&h);
    assert_eq!(bytes[0], binary::FORMAT_VERSION);
    // Game name (1 + 9 bytes), config (1), start (1), 3 moves, ending: a few bytes a move.
    assert!(bytes.len() < 40, "{} bytes", bytes.len());
    let back = binary::decode::<Ttt>(&bytes).unwrap();
    assert_eq!(back.position(), h.position());
    assert_eq!(back.action_texts(), vec!["5", "1", "9"]);
    assert_eq!(back.status(), h.status());
    // A record from a non-standard start keeps its start text.
    let h = History::new(Ttt::from_text(&TttConfig::default(), "x...o....").unwrap());
    let r = h.to_record();
    assert_eq!(r.start.as_deref(), Some("x...o...."));
    assert_eq!(
        binary::decode::<Ttt>(&binary::encode(&h))
            .unwrap()
            .position(),
        h.position()
    );
}

#[test]
fn bad_records_are_errors() {
    assert!(binary::decode::<Ttt>(&[]).is_err());
    assert!(binary::decode::<Ttt>(&[99, 1, 2]).is_err());
    assert!(binary::decode::<Ttt>(&[binary::FORMAT_VERSION, 255, 255, 255, 255, 255]).is_err());
    let mut h = History::new(start());
    h.play_text("5").unwrap();
    let mut bytes = binary::encode(&h);
    bytes.push(0);
    assert!(binary::decode::<Ttt>(&bytes).is_err(), "trailing bytes");
    let bad = r#"{"game":"tictactoe","config":{"claim_after_eight":false},"moves":["5","5"]}"#;
    let err = History::<Ttt>::from_json(bad).unwrap_err().to_string();
    assert!(err.contains("move 1 (ply 2)"), "{err}");
    let other = r#"{"game":"chess","config":{"claim_after_eight":false},"moves":[]}"#;
    assert!(
        History::<Ttt>::from_json(other)
            .unwrap_err()
            .to_string()
            .contains("record of chess")
    );
    assert!(History::<Ttt>::from_json("{").is_err());
}

#[test]
fn moves_as_text() {
    // Tic-tac-toe by hand: 9 first moves, 8 replies each.
    let mut g = start();
    assert_eq!(g.name(), "tictactoe");
    assert_eq!(g.legal_moves().len(), 9);
    g.play_text("5").unwrap();
    assert!(g.play_text("5").is_err());
    assert!(g.play_text("").is_err());
    assert_eq!(g.to_text(), "....x....");
    assert_eq!(perft(&g, 2), 8 * 7);
    let d = variant_perft::divide_parallel(&g, 2, 2, |_, _| {});
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 56);
    let mut h = History::new(g.clone());
    let one = h.play_text("1").unwrap();
    assert_eq!(g.format_move(one), "1");
    h.undo().unwrap();
    assert_eq!(h.position().to_text(), "....x....");
}

#[test]
fn position_errors_say_where() {
    let e = Ttt::from_text(&TttConfig::default(), "..q......").unwrap_err();
    assert_eq!(e.to_string(), "position text: cell 3: 'q' is not . x o");
    let e = Ttt::from_text(&TttConfig::default(), "..").unwrap_err();
    assert_eq!(e.to_string(), "position text: 2 cells, 9 needed");
}

#[test]
fn repetition_counts_by_key() {
    // Tic-tac-toe never repeats; count the start position occurring once.
    let h = History::new(start());
    assert_eq!(h.repetition_count(), 1);
    assert_eq!(h.claimable_draw(), None);
}
