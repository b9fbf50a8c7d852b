//! The engine's integer forward pass equals the Python exporter's reference exactly: for each
//! game of the registry with a learned-evaluation layout, `tests/data/nnue/<game>.vgdata`
//! holds 1 000 self-play positions (written by `variants datagen`), `<game>.vnet` a net and
//! `<game>.expected` the evaluation of each position from its mover's view as computed by
//! `variant_games.nnue.evaluate` (numpy, int64) — made by
//! `python -m variant_games.train fixture` (docs/engine.md says how to remake them).

use std::path::PathBuf;
use variant_engine::nnue::{self, Network};
use variant_games::registry;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/nnue")
        .join(name)
}

/// The records of a VGDATA file (docs/engine.md): `(mover, codes)` each, after checking its
/// header names `game` and carries `orient`.
fn records(bytes: &[u8], game: &str, orient: &[u16]) -> Vec<(usize, Vec<u8>)> {
    assert_eq!(&bytes[..6], b"VGDATA", "{game}: not a VGDATA file");
    assert_eq!(
        u16::from_le_bytes([bytes[6], bytes[7]]),
        1,
        "{game}: version"
    );
    let header_len = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let mut at = 12;
    let len = usize::from(bytes[at]);
    assert_eq!(&bytes[at + 1..at + 1 + len], game.as_bytes());
    at += 1 + len;
    let len = usize::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]));
    at += 2 + len;
    let len = usize::from(bytes[at]);
    at += 1 + len;
    let cells = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    at += 4 + 2 + 1 + 1;
    let stored: Vec<u16> = bytes[at..at + 2 * orient.len()]
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(
        stored, orient,
        "{game}: the file's orientation tables are the layout's"
    );
    let size = 10 + cells;
    bytes[header_len..]
        .chunks_exact(size)
        .map(|r| (usize::from(r[8]), r[10..].to_vec()))
        .collect()
}

#[test]
fn the_forward_pass_equals_the_exporters_on_stored_positions() {
    let mut checked = 0;
    for info in registry::games() {
        let Ok(vgdata) = std::fs::read(data(&format!("{}.vgdata", info.name))) else {
            // Only a game with a learned evaluation needs a fixture.
            let start = variant_games::new_game(info.name, "").unwrap();
            assert!(
                nnue::layout_of(&start).is_none(),
                "{}: a learned-evaluation layout but no fixture in tests/data/nnue",
                info.name
            );
            continue;
        };
        let net = Network::load(&data(&format!("{}.vnet", info.name))).unwrap();
        let game = variant_games::new_game(info.name, &net.header().config).unwrap();
        let layout = nnue::layout_of(&game).unwrap();
        let positions = records(&vgdata, info.name, layout.orient_table());
        let expected: Vec<i32> = std::fs::read_to_string(data(&format!("{}.expected", info.name)))
            .unwrap()
            .lines()
            .map(|l| l.trim().parse().unwrap())
            .collect();
        assert_eq!(positions.len(), 1000, "{}: positions stored", info.name);
        assert_eq!(
            positions.len(),
            expected.len(),
            "{}: one value a position",
            info.name
        );
        for (i, ((mover, codes), want)) in positions.iter().zip(&expected).enumerate() {
            let got = net.evaluate_codes(&layout, codes, *mover).unwrap();
            assert_eq!(got, *want, "{} position {i} (mover {mover})", info.name);
        }
        checked += 1;
    }
    assert!(checked > 0, "no game has a fixture");
}
