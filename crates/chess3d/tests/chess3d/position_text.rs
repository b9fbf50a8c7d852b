//! C3-50 … C3-52: position text round trips, and every error of reading a position.

use chess3d::{Chess3d, Chess3dConfig};
use variant_core::{Game, GameConfig, PositionError, RemovalTable};

const DEFAULT_START: &str = "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w KQkq - 0 1 1,8";
const E: &str = "8/8/8/8/8/8/8/8";

fn read(text: &str) -> Result<Chess3d, PositionError> {
    Chess3d::from_text(&Chess3dConfig::default(), text)
}

fn error(text: &str) -> String {
    match read(text) {
        Ok(g) => panic!("accepted {text:?} as {:?}", g.to_text()),
        Err(e) => e.to_string(),
    }
}

fn expect_error(text: &str, parts: &[&str]) {
    let e = error(text);
    for p in parts {
        assert!(
            e.contains(p),
            "error for {text:?} is {e:?}, expected it to contain {p:?}"
        );
    }
    assert!(e.starts_with("position text: "), "{e}");
}

/// Two heights, Lw=1, Lb=2: `board1|board2 rest`.
fn two(b1: &str, b2: &str, rest: &str) -> String {
    format!("{b1}|{b2} {rest}")
}

#[test]
fn c3_52_default_start_text() {
    let g = Chess3d::new(&Chess3dConfig::default()).unwrap();
    assert_eq!(g.to_text(), DEFAULT_START);
    let back = read(DEFAULT_START).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.zobrist(), g.zobrist());
}

#[test]
fn c3_52_round_trips_of_start_positions() {
    for (h, lw, lb) in [
        (1, 1, 1),
        (2, 1, 2),
        (3, 2, 2),
        (5, 4, 1),
        (8, 1, 8),
        (8, 3, 6),
    ] {
        let config = Chess3dConfig::with_heights(h)
            .with_white_base(lw)
            .with_black_base(lb);
        let g = Chess3d::new(&config).unwrap();
        let text = g.to_text();
        let back = Chess3d::from_text(&Chess3dConfig::default(), &text).unwrap();
        assert_eq!(back.to_text(), text);
        assert_eq!(back.heights(), h);
        assert_eq!(back.base_heights(), (lw, lb));
        assert_eq!(back.config().get("heights"), Some(h.to_string()));
        assert_eq!(back.config().get("white-base"), Some(lw.to_string()));
        assert_eq!(back.config().get("black-base"), Some(lb.to_string()));
        assert_eq!(back.zobrist(), g.zobrist());
    }
}

#[test]
fn c3_52_from_text_keeps_removal_from_config_and_geometry_from_text() {
    let config = Chess3dConfig::from_pairs([("heights", "3"), ("removal", "off")]).unwrap();
    let g = Chess3d::from_text(&config, DEFAULT_START).unwrap();
    assert_eq!(g.heights(), 8);
    assert_eq!(g.config().removal, RemovalTable::OFF);
    assert_eq!(g.config().get("heights").as_deref(), Some("8"));
}

#[test]
fn c3_52_round_trips_along_games() {
    // Walk a deterministic pseudo-random game in a few geometries; every position's text reads
    // back to the same position and hash.
    for (h, lw, lb) in [(1, 1, 1), (2, 1, 2), (4, 1, 4), (3, 2, 2)] {
        let mut g = Chess3d::new(
            &Chess3dConfig::with_heights(h)
                .with_white_base(lw)
                .with_black_base(lb),
        )
        .unwrap();
        let mut seed = 0x1234_5678u64 + h as u64;
        for _ in 0..120 {
            let mut moves = <Chess3d as Game>::MoveList::default();
            g.legal_moves_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            let text = g.format_move(mv);
            assert_eq!(g.parse_move(&text), Ok(mv), "{text}");
            g.play_unchecked(mv);
            let t = g.to_text();
            let back = Chess3d::from_text(g.config(), &t).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!(back.to_text(), t);
            assert_eq!(back.zobrist(), g.zobrist(), "{t}");
            assert_eq!(g.compute_zobrist(), g.zobrist(), "{t}");
        }
    }
}

#[test]
fn c3_52_one_height_accepts_short_fen_and_1_1() {
    let a = read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(
        a.to_text(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let b = read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1,1").unwrap();
    assert_eq!(b.to_text(), a.to_text());
    expect_error(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1,2",
        &["base heights", "2"],
    );
}

#[test]
fn errors_in_the_placement() {
    expect_error("", &["empty"]);
    let nine = [E; 9].join("|");
    expect_error(&format!("{nine} w - - 0 1 1,1"), &["placement", "9 boards"]);
    expect_error("8/8/8/8/8/8/8 w - - 0 1", &["placement", "7 ranks"]);
    // The example of the task: board 3 of 8, rank 5 has 9 cells.
    let mut boards: Vec<String> = vec!["4k3/8/8/8/8/8/8/8".into(); 1];
    boards.push(E.into());
    boards.push("8/8/8/8p/8/8/8/8".into());
    for _ in 3..7 {
        boards.push(E.into());
    }
    boards.push("8/8/8/8/8/8/8/4K3".into());
    let text = format!("{} w - - 0 1 1,8", boards.join("|"));
    let e = error(&text);
    assert_eq!(
        e,
        "position text: board 3 of 8, rank 5: 9 cells, a rank has 8"
    );
    expect_error(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        &["rank 1", "7 cells"],
    );
    expect_error(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        &["rank 1", "'X'"],
    );
    expect_error(
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["rank 6"],
    );
    expect_error(
        "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["rank 6", "'0'"],
    );
}

#[test]
fn errors_in_the_fields() {
    expect_error("4k3/8/8/8/8/8/8/4K3 x - - 0 1", &["side to move", "\"x\""]);
    expect_error("4k3/8/8/8/8/8/8/4K3 w KX - 0 1", &["castling", "'X'"]);
    expect_error("r3k3/8/8/8/8/8/8/4K3 b qq - 0 1", &["castling", "twice"]);
    expect_error("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", &["en-passant cell"]);
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - x 1", &["halfmove clock"]);
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 y", &["fullmove number"]);
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 0", &["fullmove number", "0"]);
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0", &["fullmove"]);
    expect_error("4k3/8/8/8/8/8/8/4K3 w -", &["3 fields", "en-passant"]);
    expect_error(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 1,1 extra",
        &["field 8", "extra"],
    );
}

#[test]
fn errors_in_the_base_heights_field() {
    let b1 = "4k3/8/8/8/8/8/8/8";
    let b2 = "8/8/8/8/8/8/8/4K3";
    expect_error(&two(b1, b2, "w - - 0 1"), &["base heights", "Lw,Lb"]);
    expect_error(&two(b1, b2, "w - - 0 1 12"), &["base heights", "Lw,Lb"]);
    expect_error(&two(b1, b2, "w - - 0 1 1,3"), &["base heights", "3"]);
    expect_error(&two(b1, b2, "w - - 0 1 0,2"), &["base heights", "0"]);
    expect_error(&two(b1, b2, "w - - 0 1 a,2"), &["base heights", "\"a\""]);
    assert!(read(&two(b1, b2, "w - - 0 1 2,1")).is_ok());
}

#[test]
fn errors_about_kings_and_material() {
    expect_error("8/8/8/8/8/8/8/4K3 w - - 0 1", &["no black king"]);
    expect_error("4k3/8/8/8/8/8/8/8 w - - 0 1", &["no white king"]);
    expect_error("4k2k/8/8/8/8/8/8/4K3 w - - 0 1", &["2 black kings"]);
    expect_error(
        &two("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/8/8/8/K7", "w - - 0 1 1,2"),
        &["2 white kings"],
    );
    expect_error(
        "4k3/8/8/8/8/Q7/PPPPPPPP/QQQQKQQQ w - - 0 1",
        &["white has 17 pieces"],
    );
    expect_error(
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        &["white has 9 pawns"],
    );
}

#[test]
fn errors_about_pawns_on_unreachable_cells() {
    // C3-13/14: pawns never go back in rank or away from their target height.
    expect_error(
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        &["cell a1", "own back rank"],
    );
    expect_error(
        "p3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &["cell a8", "own back rank"],
    );
    expect_error("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", &["cell a8", "promoted"]);
    // Two heights, Lw = Lb = 1: a pawn on height 2 is outside the heights 1..1.
    expect_error(
        &two("4k3/8/8/8/8/8/8/4K3", "8/8/8/8/P7/8/8/8", "w - - 0 1 1,1"),
        &["cell a4@2", "outside heights 1..1"],
    );
    // Lw=1, Lb=2: White pawn on rank 8 of height 1 is fine (it can still rise), on rank 8 of
    // height 2 it would have promoted.
    assert!(
        read(&two(
            "P7/8/8/8/8/8/8/4K3",
            "4k3/8/8/8/8/8/8/8",
            "w - - 0 1 1,2"
        ))
        .is_ok()
    );
    expect_error(
        &two("8/8/8/8/8/8/8/4K3", "P3k3/8/8/8/8/8/8/8", "w - - 0 1 1,2"),
        &["cell a8@2", "promoted"],
    );
}

#[test]
fn errors_about_castling_rights() {
    expect_error(
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        &["castling", "'K'", "rook on h1"],
    );
    assert!(read("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").is_ok());
    expect_error(
        "4k3/8/8/8/8/8/8/R2K4 w Q - 0 1",
        &["castling", "'Q'", "king on e1"],
    );
    expect_error(
        "r3k3/8/8/8/8/8/8/4K3 w k - 0 1",
        &["castling", "'k'", "rook on h8"],
    );
    // With heights, the cells are on the base heights.
    expect_error(
        &two("8/8/8/8/8/8/8/4K2R", "4k3/8/8/8/8/8/8/8", "w Kk - 0 1 1,2"),
        &["castling", "'k'", "rook on h8@2"],
    );
}

#[test]
fn errors_about_en_passant_cells() {
    assert!(read("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1").is_ok());
    expect_error(
        "4k3/8/8/8/3Pp3/8/8/4K3 b - d6 0 1",
        &["en-passant cell", "d6", "impossible"],
    );
    expect_error(
        "4k3/8/8/8/4p3/8/8/4K3 b - d3 0 1",
        &["en-passant cell", "no white pawn on d4"],
    );
    expect_error(
        "4k3/8/8/8/3Pp3/3N4/8/4K3 b - d3 0 1",
        &["en-passant cell", "occupied"],
    );
    expect_error(
        "4k3/8/8/8/3Pp3/8/3N4/4K3 b - d3 0 1",
        &["en-passant cell", "start cell d2"],
    );
    // 3D (C3-17): Lw=1, Lb=2, White pawn d2@1 stepped vertically twice is impossible with two
    // heights (its target is height 2), but the main-diagonal step d2@1→d3@2 is one step only.
    let b1 = "4k3/8/8/8/8/8/8/4K3";
    let b2 = "8/8/8/8/8/8/3P4/8";
    expect_error(
        &two(b1, b2, "b - d2@2 0 1 1,2"),
        &["en-passant cell", "impossible"],
    );
}

#[test]
fn c3_17_three_d_en_passant_cell_is_accepted() {
    // Three heights, Lw=1, Lb=3: a White pawn on d2@3 got there by the double vertical step
    // d2@1 → d2@3 over d2@2.
    let text = format!(
        "{}|{}|{} b - d2@2 0 1 1,3",
        "8/8/8/8/8/8/8/4K3", E, "4k3/8/8/8/8/8/3P4/8"
    );
    let g = read(&text).unwrap();
    assert_eq!(g.to_text(), text);
}

#[test]
fn error_when_the_side_not_to_move_is_in_check() {
    assert!(read("4k3/8/8/8/8/8/8/4KR2 w - - 0 1").is_ok());
    expect_error(
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        &["side to move", "black is in check"],
    );
    // 3D: a White rook on e5@1 attacks e5@2 vertically (H=2, Lw=1, Lb=2).
    expect_error(
        &two("8/8/8/4R3/8/8/8/K7", "8/8/8/4k3/8/8/8/8", "w - - 0 1 1,2"),
        &["black is in check"],
    );
    // C3-12: the same rook does not attack a king standing in Black's base cubes (rank 8 of
    // Lb) from another height.
    assert!(
        read(&two(
            "4R3/8/8/8/8/8/8/K7",
            "4k3/8/8/8/8/8/8/8",
            "w - - 0 1 1,2"
        ))
        .is_ok()
    );
}

#[test]
fn garbage_never_panics() {
    let samples = [
        "|",
        "||||||||",
        "/",
        "////////",
        "8/8/8/8/8/8/8/8|",
        "k",
        "K k",
        "🙂",
        "8/8/8/8/8/8/8/8 w",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3@9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999 1",
        "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w - - 0 1 1,2",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 1,,1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ,",
    ];
    for s in samples {
        let _ = read(s);
    }
    // Every prefix and every single-byte corruption of a valid 3D text.
    let text = DEFAULT_START;
    for i in 0..text.len() {
        if text.is_char_boundary(i) {
            let _ = read(&text[..i]);
        }
    }
    let bytes = text.as_bytes();
    for i in (0..bytes.len()).step_by(7) {
        for c in [b'9', b'K', b'|', b' ', b'/', b'p', b'0', b'@'] {
            let mut b = bytes.to_vec();
            b[i] = c;
            if let Ok(s) = String::from_utf8(b)
                && let Ok(g) = read(&s)
            {
                // Anything accepted must also generate and print without panicking.
                let _ = g.count_legal_moves();
                let _ = g.to_text();
                let _ = g.status();
            }
        }
    }
}
