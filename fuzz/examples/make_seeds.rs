//! Writes the committed seed corpora of the fuzz targets into `corpus/<target>/`:
//! start positions under every fuzzed configuration, positions reached by random playouts,
//! standard positions, legal and broken move texts, valid records (binary and JSON) and
//! configurations, and a few C API call programs.
//!
//! Run from the `fuzz` directory (all games built in):
//! `cargo run --example make_seeds`. The output is deterministic.

use std::path::Path;
use variant_fuzz_checks::{Bytes, Visit, dispatch, game_names, legal, playout, start};
use variant_games::variant_core::{Game, History, binary};

/// xorshift64*: deterministic choices.
struct Rng(u64);

impl Rng {
    fn byte(&mut self) -> u8 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
    }
}

fn write(target: &str, name: &str, data: &[u8]) {
    let dir = Path::new("corpus").join(target);
    std::fs::create_dir_all(&dir).expect("corpus directory can be made");
    std::fs::write(dir.join(name), data).expect("seed file can be written");
}

/// Standard positions in the notation of the rules pages (chess3d with one height: FEN).
const EXTRA_POSITIONS: &[(&str, u8, &str)] = &[
    (
        "chess3d",
        0,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("chess3d", 0, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "chess3d",
        0,
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    (
        "chess3d",
        0,
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ),
    ("chess3d", 0, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
    ("chess3d", 0, "k7/8/8/8/8/8/8/7K w - - 0 1"),
];

struct Seeds {
    index: u8,
    rng: u64,
}

impl Visit for Seeds {
    fn visit<G: Game>(self, configs: &'static [&'static str]) {
        let g = self.index;
        let mut rng = Rng(self.rng);
        // A second stream for the any_game seeds, so the other targets' seeds stay as they were.
        let mut arng = Rng(self.rng ^ 0x0A11_6A3E);
        for (c, config) in configs.iter().enumerate() {
            let c = c as u8;
            let Some(first) = start::<G>(configs, c as usize) else {
                eprintln!("{}: configuration {config:?} is refused; no seeds", G::NAME);
                continue;
            };
            // position_text: the start and positions after random playouts.
            let mut seed = vec![g, c];
            seed.extend(first.to_text().as_bytes());
            write("position_text", &format!("{}-c{c}-start", G::NAME), &seed);
            for plies in [5usize, 17, 40] {
                let choices: Vec<u8> = (0..plies).map(|_| rng.byte()).collect();
                let (line, moves) = playout(first.clone(), &mut Bytes::new(&choices), plies);
                let Some(last) = line.last() else { continue };
                let mut seed = vec![g, c];
                seed.extend(last.to_text().as_bytes());
                write(
                    "position_text",
                    &format!("{}-c{c}-ply{plies}", G::NAME),
                    &seed,
                );

                // play_moves: the same playout, then legal and broken move texts.
                let mut seed = vec![g, c, plies as u8];
                seed.extend(&choices);
                let texts: Vec<String> = legal(last).into_iter().map(|(_, t)| t).take(3).collect();
                for t in &texts {
                    seed.extend(t.as_bytes());
                    seed.push(b'\n');
                }
                seed.extend(b"zz9\n\n");
                if let Some(t) = texts.first() {
                    seed.extend(t.to_uppercase().as_bytes());
                }
                write("play_moves", &format!("{}-c{c}-ply{plies}", G::NAME), &seed);

                // any_game: the facade plays the same kind of line (mode 0, new_game), and
                // reads the reached position from its text (mode 3) and plays on from there.
                let other = arng.byte();
                let mut seed = vec![g, c, 0, plies as u8, other];
                seed.extend(&choices);
                seed.extend((0..plies * 3).map(|_| arng.byte()));
                write("any_game", &format!("{}-c{c}-ply{plies}", G::NAME), &seed);
                let mut seed = vec![g, c, 3];
                seed.extend(last.to_text().as_bytes());
                seed.extend([b'\n', 12, other]);
                seed.extend((0..48).map(|_| arng.byte()));
                write(
                    "any_game",
                    &format!("{}-c{c}-ply{plies}-text", G::NAME),
                    &seed,
                );

                // records: the playout as a binary and a JSON record, and the structure-aware
                // mode with the same playout.
                let mut history = History::new(first.clone());
                for m in &moves {
                    if history.play(*m).is_err() {
                        break;
                    }
                }
                let mut seed = vec![g, 0];
                seed.extend(binary::encode(&history));
                write(
                    "records",
                    &format!("{}-c{c}-ply{plies}-binary", G::NAME),
                    &seed,
                );
                let mut seed = vec![g, 1];
                seed.extend(history.to_json().as_bytes());
                write(
                    "records",
                    &format!("{}-c{c}-ply{plies}-json", G::NAME),
                    &seed,
                );
                let mut seed = vec![g, 4, c, plies.min(23) as u8];
                seed.extend(&choices);
                seed.extend([1, 0, 7, 0x40]);
                write(
                    "records",
                    &format!("{}-c{c}-ply{plies}-mutate", G::NAME),
                    &seed,
                );
            }
            let mut seed = vec![g, 2];
            seed.extend(config.as_bytes());
            write("records", &format!("{}-c{c}-config", G::NAME), &seed);
            // any_game: the configuration as fuzzed text (mode 2), and the start text re-read
            // through variant_games::from_text (mode 1).
            let mut seed = vec![g, c, 2];
            seed.extend(config.as_bytes());
            seed.extend([b'\n', 8, arng.byte()]);
            seed.extend((0..32).map(|_| arng.byte()));
            write("any_game", &format!("{}-c{c}-config", G::NAME), &seed);
            let mut seed = vec![g, c, 1, 6, arng.byte()];
            seed.extend((0..24).map(|_| arng.byte()));
            write("any_game", &format!("{}-c{c}-start-text", G::NAME), &seed);
        }
        for (i, (name, c, text)) in EXTRA_POSITIONS.iter().enumerate() {
            if *name == G::NAME {
                let mut seed = vec![g, *c];
                seed.extend(text.as_bytes());
                write("position_text", &format!("{}-standard{i}", G::NAME), &seed);
            }
        }
    }
}

fn main() {
    let names = game_names();
    for (i, name) in names.iter().enumerate() {
        dispatch(
            i as u8,
            Seeds {
                index: i as u8,
                rng: 0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1),
            },
        );
        eprintln!("seeds for {name}");
    }
    // records: game-independent JSON and configuration garbage.
    write(
        "records",
        "json-object-garbage",
        b"\x00\x03{\"game\": \"chess3d\", \"config\": {\"heights\": 99}, \"moves\": [\"e2e4\"]}",
    );
    write(
        "records",
        "config-json",
        b"\x00\x02{\"heights\": 2, \"removal\": [5,6,7,8,9,10,11]}",
    );
    // c_api: call programs (op, slot, arguments…; see fuzz_targets/c_api.rs).
    for g in 0..4u8 {
        // new(name g, config g) in slot 0; to_text/name/config with exact buffers; play a
        // listed move three times; status and counts; perft 2; from_text of garbage.
        let program = [
            0,
            0,
            1,
            g,
            2,
            [0u8, 5, 3, 4][g as usize], //
            4,
            0,
            2,
            2,
            2, //
            5,
            0,
            0,
            5,
            0,
            1,
            5,
            0,
            2, //
            7,
            0,
            1,
            9,
            0,
            2,
            1, //
            2,
            0,
            1,
            6,
            1,
            4,
            5,
            b'e',
            b'2',
            b'e',
            b'4',
            b'!', //
            8,
            0,
            3,
            0,
            0,
            4,
            16, //
            1,
            2,
            1,
            g,
            0,
            4,
            7,
            b'x',
            b'/',
            b'/',
            b'8',
            b' ',
            b'w',
            b'-', //
            10,
            0,
            5,
            0,
            4,
            12,
            11,
            0,
            4,
            3,
            12,
            0,
            4,
            200,
            13,
            0,
            0,
            1,
            g, //
            3,
            0,
        ];
        write("c_api", &format!("program-{g}"), &program);

        // c_moves: two handles of game g, one of the next game; list, check and play values
        // (listed, made up, 0, of the other game), name and parse them, copy within and
        // across games, clone, and stopped perfts (stop before the call, after 0.1 ms, never).
        let other = (g + 1) % 4;
        #[rustfmt::skip]
        let program = [
            0, 0, g, 1,             // new g in slot 0
            0, 1, g, 1,             // new g in slot 1
            0, 2, other, 0,         // new other in slot 2
            1, 2, 3, 1,             // list slot 2 (its values join the pool)
            1, 0, 2, 0,             // list slot 0, check every value
            2, 0, 2, 20,            // play a pool value (of slot 0's list)
            2, 0, 2, 1,             // play a value of the other game: refused
            3, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, // play a made-up value
            3, 1, 1,                // play 0: refused
            4, 0, 2, 18, 2,         // move_text of a pool value, exact buffer
            5, 0, 1, 2, 19, 1, b'x', 1, // parse a listed text with one byte changed
            5, 0, 0, 4, 4, b'e', b'2', b'e', b'4', 1, // parse arbitrary text
            6, 1, 0,                // copy slot 0 into slot 1 (same game)
            6, 2, 0,                // copy slot 0 into slot 2 (another game): refused
            7, 0, 3, 1, 0,          // perft 3, stop requested before the call
            7, 0, 3, 2, 5,          // perft 3 on two threads, stop after 0.1 ms
            7, 1, 2, 1, 1,          // perft 2, never stopped
            8, 0, 1,                // clone slot 0 into slot 1
            2, 1, 2, 22,            // play a stale value in the clone
            9, 0,                   // NULL arguments
        ];
        write("c_moves", &format!("program-{g}"), &program);
    }
    // web_api: a game of each kind (a few configurations and player mixes), then moves with
    // listed texts and real tokens, raw and half-valid bodies, the four actions.
    for g in 0..4u8 {
        for (c, players) in [(0u8, 0u8), (1, 1), (2, 3), (3, 35)] {
            #[rustfmt::skip]
            let mut program = vec![
                g, c, players,
                1, 0, 0, 0, 0,           // a listed move with the token of the seat
                1, 8, 3, 0, 0,           // another listed move, the next seat's token
                2, 0, 1, 0, 3,           // a listed move with a fuzzed token:
            ];
            program.extend(b"0123456789abcdef0123456789abcdef\n");
            #[rustfmt::skip]
            program.extend([
                1, 3, 0,                 // a raw move body:
            ]);
            program.extend(b"{\"move\": \"e2e4\", \"token\": 7, \"x\": []}\n");
            #[rustfmt::skip]
            program.extend([
                0, 0,                    // a raw create body:
            ]);
            program.extend(b"{\"game\": \"chess3d\", \"config\": {\"heights\": [1]}}\n");
            #[rustfmt::skip]
            program.extend([
                0, 1, 0, 3,              // create with a fuzzed configuration:
            ]);
            program.extend(b"heights=99;removal=maybe\n");
            #[rustfmt::skip]
            program.extend([
                0, 0, 0,                 // (its players field)
                4, 0, 0,                 // offer a draw
                5, 0, 0,                 // claim a draw
                6, 0, 0,                 // ask to undo
                6, 8, 0,                 // the other seat asks too
                3, 2, 0, 0,              // resign, naming the seat
                7, 33, 0, 1,             // resign with an unknown field
                1, 7,                    // a move in a game that does not exist:
            ]);
            program.extend(b"nosuchgame\n");
            program.extend([0, 0, 0]);
            write("web_api", &format!("g{g}-c{c}-p{players}"), &program);
        }
    }
    // any_game: names that are not games.
    for (i, name_byte) in [0x80u8, 0x81, 0x83, 0x85].into_iter().enumerate() {
        write(
            "any_game",
            &format!("fake-name-{i}"),
            &[name_byte, 0, 0, 4, 0],
        );
    }
}
