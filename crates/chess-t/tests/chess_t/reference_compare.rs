//! The fast generator against the simple reference generator of `tests/reference/` (written
//! from the rules page with plain loops): on random playouts for every ruleset, with and
//! without impregnable fields, the sorted legal move texts, the position texts and both
//! strength fields (raw and as CT-10 displays it) agree at every ply.

use crate::reference;

use chess_t::Piece;
use chess_t::{Cell, ChessT, ChessTConfig};
use proptest::prelude::*;
use reference::{RefPos, Rules};
use variant_core::{Game, GameConfig, Seat, Status, WinReason};

trait TapPlay {
    fn tap_play(self, text: &str) -> Self;
}

impl TapPlay for ChessT {
    fn tap_play(mut self, text: &str) -> Self {
        self.play_text(text).unwrap();
        self
    }
}

/// Configurations: each ruleset, impregnable fields, and single switches on their own.
const CONFIGS: &[&str] = &[
    "ruleset=t1-2024",
    "ruleset=t1-2021",
    "ruleset=chess-t-2020",
    "ruleset=chess-t-2020;white-impregnable=d4;black-impregnable=h5",
    "ruleset=t1-2024;white-impregnable=c3,d4,e3;black-impregnable=d5,f6,h5",
    "ruleset=t1-2024;long-jumpers=on",
    "ruleset=t1-2024;guarded-castle=on",
    "ruleset=t1-2024;optional-prince=on",
    "ruleset=t1-2021;no-scouts=on;white-impregnable=a3;black-impregnable=b6",
];

/// Start positions: the start, and positions near promotions, castle fights and the last
/// defender rule, so that random play reaches those rules quickly.
const STARTS: &[&str] = &[
    "start",
    // Ver Knechts next to both back ranks (CT-31 on corners, b8, castle cells).
    "rspck2r/nV1nnVnn/8/3P4/8/2p5/NNv1NvNN/R1PCK1SR w Pp 0 10",
    "rspck2r/nV1nnVnn/8/3P4/8/2p5/NNv1NvNN/R1PCK1SR b Pp 0 10",
    // Scout exchanges and Prince entries (CT-12, CT-32).
    "2k1c3/8/1S1P4/8/8/6s1/8/2K2P2 w Pp 0 20",
    // A royal invader and a last defender (CT-21).
    "2Pk4/8/8/8/8/8/8/4K3 b Pp 0 30",
    // Three Connets and three Princes: promotion limits (CT-31, CT-32).
    "4k3/V1P4V/2C2P2/8/1C6/8/1pv3c1/4K3 w Pp 0 40",
    // Open middle game with long lines.
    "r2ck2r/1n1p2n1/2n1np2/pN2S1n1/1n1N2P1/2V1s3/NN1PC1N1/R3K2R w Pp 0 15",
];

fn config(text: &str) -> ChessTConfig {
    let pairs = variant_core::config::split_pairs(text).unwrap();
    ChessTConfig::from_pairs(pairs).unwrap()
}

fn start(config: &ChessTConfig, text: &str) -> ChessT {
    if text == "start" {
        return ChessT::new(config).unwrap();
    }
    let text = if config.no_scouts {
        text.replace(['s', 'S'], "1")
    } else {
        text.to_string()
    };
    ChessT::from_text(config, &text).unwrap()
}

fn fast_moves(game: &ChessT) -> Vec<String> {
    let mut list = <ChessT as Game>::MoveList::default();
    game.legal_moves_into(&mut list);
    let mut texts: Vec<String> = list.iter().map(|&m| game.format_move(m)).collect();
    texts.sort();
    texts
}

fn compare_fields(game: &ChessT, reference: &RefPos) {
    let raw = game.capture_strength();
    let shown = game.strength();
    let ref_raw = reference.raw_strength();
    let ref_shown = reference.strength();
    for cell in Cell::all() {
        let (f, r) = (cell.file() as usize, cell.rank() as usize);
        for side in 0..2u8 {
            assert_eq!(
                raw.sum(Seat(side), cell) as u32,
                ref_raw[side as usize][f][r],
                "raw sum of side {side} on {cell} in {}",
                game.to_text()
            );
            assert_eq!(
                shown.sum(Seat(side), cell) as u32,
                ref_shown[side as usize][f][r],
                "shown sum of side {side} on {cell} in {}",
                game.to_text()
            );
        }
    }
}

/// What the compared playouts went through (to check they reach the special rules).
#[derive(Default, Debug)]
struct Seen {
    choices: u32,
    exchanges: u32,
    king_captures: u32,
    castle_captures: u32,
    blockades: u32,
    ver_knechts: u32,
}

/// Plays `choices` from the start position, comparing at every ply.
fn playout(config_text: &str, start_text: &str, choices: &[u16]) {
    playout_seen(config_text, start_text, choices, &mut Seen::default());
}

fn playout_seen(config_text: &str, start_text: &str, choices: &[u16], seen: &mut Seen) {
    let config = config(config_text);
    let mut game = start(&config, start_text);
    let mut reference = RefPos::parse(&game.to_text(), Rules::from_config(&config));
    for &choice in choices {
        assert_eq!(
            game.to_text(),
            reference.text(),
            "position texts ({config_text})"
        );
        compare_fields(&game, &reference);
        let fast = fast_moves(&game);
        let slow = reference.legal_moves();
        assert_eq!(
            fast,
            slow,
            "legal moves of {} ({config_text})",
            game.to_text()
        );
        assert_eq!(game.count_legal_moves(), fast.len() as u64);
        if fast.is_empty() {
            match game.status() {
                Status::Win {
                    reason: WinReason::KingCaptured,
                    ..
                } => seen.king_captures += 1,
                Status::Win {
                    reason: WinReason::CastleCaptured,
                    ..
                } => seen.castle_captures += 1,
                Status::Win {
                    reason: WinReason::NoLegalMoves,
                    ..
                } => seen.blockades += 1,
                other => panic!("no moves but {other:?}"),
            }
            break;
        }
        // Prefer captures now and then, so that random games reach the capture rules.
        let captures: Vec<&String> = fast
            .iter()
            .filter(|m| {
                let to = Cell::parse(&m[2..4]).unwrap();
                game.piece_at(to).is_some()
            })
            .collect();
        let text = if choice % 3 == 0 && !captures.is_empty() {
            captures[(choice as usize / 3) % captures.len()].clone()
        } else {
            fast[choice as usize % fast.len()].clone()
        };
        let from = Cell::parse(&text[0..2]).unwrap();
        let to = Cell::parse(&text[2..4]).unwrap();
        let piece = game.piece_at(from).map(|(_, p)| p);
        if text.len() == 5 {
            seen.choices += 1;
        }
        if piece == Some(Piece::Scout)
            && game.piece_at(to).is_some()
            && matches!(to.rank(), 0 | 7)
            && (2..=5).contains(&to.file())
        {
            seen.exchanges += 1;
        }
        if piece == Some(Piece::Knecht)
            && game.clone().tap_play(&text).piece_at(to).map(|(_, p)| p) == Some(Piece::VerKnecht)
        {
            seen.ver_knechts += 1;
        }
        let before = game.zobrist();
        game.play_text(&text).unwrap();
        reference.play(&text);
        assert_ne!(before, game.zobrist());
        assert_eq!(
            game.zobrist(),
            ChessT::from_text(&config, &game.to_text())
                .unwrap()
                .zobrist()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn fast_generator_equals_reference(
        config_index in 0..CONFIGS.len(),
        start_index in 0..STARTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 1..120),
    ) {
        playout(CONFIGS[config_index], STARTS[start_index], &choices);
    }
}

/// Fixed playouts from every start under every configuration; together they reach every
/// special rule (so the comparison above is not only about quiet moves).
#[test]
fn every_config_and_start_agrees_on_fixed_playouts() {
    let mut seen = Seen::default();
    for seed in 0..4u16 {
        let choices: Vec<u16> = (0..150u16)
            .map(|i| i.wrapping_mul(7919).wrapping_add(seed.wrapping_mul(40_961)) ^ 0x5a5a)
            .collect();
        for c in CONFIGS {
            for s in STARTS {
                playout_seen(c, s, &choices, &mut seen);
            }
        }
    }
    eprintln!("{seen:?}");
    assert!(
        seen.choices > 0 && seen.exchanges > 0 && seen.ver_knechts > 0,
        "{seen:?}"
    );
    assert!(
        seen.king_captures > 0 && seen.castle_captures > 0,
        "{seen:?}"
    );
}

/// The reference generator reproduces the CT-52 counts at shallow depths on its own, and
/// agrees with the fast one below every root move.
#[test]
fn ct_52_reference_generator_counts() {
    for (config_text, counts) in [
        ("ruleset=t1-2024", [23u64, 529, 15_121]),
        ("ruleset=t1-2021", [23, 529, 15_121]),
        ("ruleset=chess-t-2020", [30, 900, 30_721]),
        (
            "ruleset=chess-t-2020;white-impregnable=d4;black-impregnable=h5",
            [30, 900, 30_637],
        ),
    ] {
        let config = config(config_text);
        let game = ChessT::new(&config).unwrap();
        let reference = RefPos::parse(&game.to_text(), Rules::from_config(&config));
        for (depth, expected) in (1..=3).zip(counts) {
            assert_eq!(
                reference.perft(depth),
                expected,
                "{config_text} depth {depth}"
            );
        }
    }
}

#[test]
fn special_positions_agree_to_depth_3() {
    for c in CONFIGS {
        let config = config(c);
        for s in STARTS.iter().skip(1) {
            let game = start(&config, s);
            let reference = RefPos::parse(&game.to_text(), Rules::from_config(&config));
            assert_eq!(
                variant_core::perft::perft(&game, 3),
                reference.perft(3),
                "{c} {s}"
            );
        }
    }
}
