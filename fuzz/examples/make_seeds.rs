//! Writes the committed seed corpora of the fuzz targets into `corpus/<target>/`:
//! start positions under every fuzzed configuration, positions reached by random playouts,
//! standard positions, legal and broken move texts, valid records (binary and JSON) and
//! configurations, and a few C API call programs.
//!
//! Run from the `fuzz` directory (all games built in):
//! `cargo run --example make_seeds`. The output is deterministic.

use std::path::Path;
use variants::variant_core::{Game, History, binary};
use variants_fuzz_checks::{Bytes, Visit, dispatch, game_names, legal, playout, start};

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
    }
}
