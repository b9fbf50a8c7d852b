//! One or more tests for every rule id C3-1 … C3-52 of `rules/chess3d.md`, on hand-made
//! positions whose expected results are counted by hand (the count is explained next to each
//! test). Every move list is taken from BOTH the fast engine and the simple reference
//! generator (`tests/reference`), which must agree with each other and with the hand count.
//!
//! Coordinates in comments: (x, y, z) 0-based = (file, rank, height) − 1, e.g. d4@4 = (3,3,3).

use crate::reference;

use chess3d::{Chess3d, Chess3dConfig};
use reference::{Pos, removal_table};
use variant_core::{DrawReason, Game, GameConfig, History, Seat, Status, WinReason};

// ---------------------------------------------------------------------------------------
// Helpers: both generators, compared on every call.
// ---------------------------------------------------------------------------------------

fn config(removal: &str) -> Chess3dConfig {
    let mut c = Chess3dConfig::default();
    c.set("removal", removal).expect("removal value");
    c
}

fn engine(text: &str, removal: &str) -> Chess3d {
    Chess3d::from_text(&config(removal), text)
        .unwrap_or_else(|e| panic!("engine refuses {text:?}: {e}"))
}

fn reference(text: &str, removal: &str) -> Pos {
    Pos::parse(text, removal_table(removal))
        .unwrap_or_else(|e| panic!("reference refuses {text:?}: {e}"))
}

fn engine_moves(game: &Chess3d) -> Vec<String> {
    let mut list = <Chess3d as Game>::MoveList::default();
    game.legal_moves_into(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| game.format_move(m)).collect();
    v.sort();
    v
}

/// The sorted legal move texts of the position; engine and reference must agree.
fn moves(text: &str, removal: &str) -> Vec<String> {
    let e = engine_moves(&engine(text, removal));
    let r = reference(text, removal).legal_texts();
    assert_eq!(
        e, r,
        "engine (left) and reference (right) disagree on {text} (removal {removal})"
    );
    e
}

/// The legal moves of the piece on `origin` (a C3-50 cell text).
fn moves_from(text: &str, removal: &str, origin: &str) -> Vec<String> {
    moves(text, removal)
        .into_iter()
        .filter(|m| m.starts_with(origin) && !m[origin.len()..].starts_with('@'))
        .collect()
}

/// The position text after playing `mv`; engine and reference must agree.
fn after(text: &str, removal: &str, mv: &str) -> String {
    let mut e = engine(text, removal);
    e.play_text(mv)
        .unwrap_or_else(|err| panic!("engine refuses {mv} in {text}: {err}"));
    let mut r = reference(text, removal);
    r.play_text(mv)
        .unwrap_or_else(|err| panic!("reference refuses {mv}: {err}"));
    assert_eq!(
        e.to_text(),
        r.to_text(),
        "after {mv} from {text}: engine (left), reference (right)"
    );
    e.to_text()
}

fn in_check(text: &str) -> bool {
    let e = {
        let game = engine(text, "off");
        game.is_in_check(game.side_to_move())
    };
    assert_eq!(
        e,
        reference(text, "off").in_check(),
        "check disagreement on {text}"
    );
    e
}

fn status(text: &str) -> Status {
    engine(text, "on").status()
}

const MATE_WHITE: Status = Status::Win {
    winner: Seat(0),
    reason: WinReason::Checkmate,
};
const MATE_BLACK: Status = Status::Win {
    winner: Seat(1),
    reason: WinReason::Checkmate,
};

/// An empty board of one height, as a FEN placement.
const E: &str = "8/8/8/8/8/8/8/8";

/// Joins per-height boards (height 1 first) into a placement field.
fn boards<S: AsRef<str>>(list: &[S]) -> String {
    list.iter()
        .map(|s| s.as_ref())
        .collect::<Vec<_>>()
        .join("|")
}

/// `n` empty boards.
fn empties(n: usize) -> Vec<&'static str> {
    vec![E; n]
}

// ---------------------------------------------------------------------------------------
// Geometry and pieces: a lone piece in an empty 8x8x8 box (C3-1, C3-3, C3-7 … C3-11).
// ---------------------------------------------------------------------------------------

/// A white piece `piece` on d4@4 = (3,3,3) in an 8x8x8 box, White king b1@1, Black king
/// a8@8; base heights 1,1 (Black's base cubes are rank 8 on height 1, which no line from
/// d4@4 reaches with a height component: the barrier plays no part). Neither king lies on a
/// line from d4@4 (b1@1: delta (−2,−3,−3); a8@8: delta (−3,4,4)) nor a knight leap away.
fn lone_piece_box(piece: char) -> String {
    let mut b: Vec<String> = empties(8).into_iter().map(String::from).collect();
    b[0] = "8/8/8/8/8/8/8/1K6".to_string();
    b[3] = format!("8/8/8/8/3{piece}4/8/8/8");
    b[7] = "k7/8/8/8/8/8/8/8".to_string();
    format!("{} w - - 0 1 1,1", boards(&b))
}

/// C3-1, C3-8: a queen on d4@4 of the empty 8x8x8 box. From (3,3,3) a direction reaches the
/// edge after 4 steps when none of its components is negative, else after 3. Directions
/// with components in {0,1} only: 2³ − 1 = 7; the other 19 have a −1. 7·4 + 19·3 = 85.
#[test]
fn c3_1_c3_8_queen_in_the_box_has_85_moves() {
    let text = lone_piece_box('Q');
    assert_eq!(moves_from(&text, "off", "d4@4").len(), 85);
}

/// C3-9: rook on d4@4: +x, +y, +z 4 each, −x, −y, −z 3 each = 21.
#[test]
fn c3_9_rook_in_the_box_has_21_moves() {
    assert_eq!(moves_from(&lone_piece_box('R'), "off", "d4@4").len(), 21);
}

/// C3-10: bishop on d4@4: plane diagonals 4 + 3 + 3 + 3 = 13, cube diagonals (1,1,1) 4 and
/// seven others 3 each = 25; total 38. C3-2: all 38 keep the colour of d4 (dark).
#[test]
fn c3_10_c3_2_bishop_in_the_box_has_38_moves_all_one_colour() {
    let m = moves_from(&lone_piece_box('B'), "off", "d4@4");
    assert_eq!(m.len(), 38);
    for mv in &m {
        let b = mv.as_bytes();
        // destination file and rank are bytes 4 and 5 of "d4@4xy@z"
        let (x, y) = ((b[4] - b'a') as i32, (b[5] - b'1') as i32);
        assert_eq!((x + y) % 2, (3 + 3) % 2, "bishop changed colour: {mv}");
    }
}

/// C3-3: the queen's 85 = rook 21 + bishop 38 + the 8 main diagonals (not rook, not bishop):
/// (1,0,1) and (0,1,1) 4 each, the other six 3 each = 26. Checked as: queen moves that are
/// neither rook nor bishop moves number 26.
#[test]
fn c3_3_main_diagonals_belong_to_the_queen_only() {
    let q = moves_from(&lone_piece_box('Q'), "off", "d4@4");
    let r = moves_from(&lone_piece_box('R'), "off", "d4@4");
    let b = moves_from(&lone_piece_box('B'), "off", "d4@4");
    let main: Vec<_> = q
        .iter()
        .filter(|m| !r.contains(m) && !b.contains(m))
        .collect();
    assert_eq!(main.len(), 26);
}

/// C3-7, C3-3: a king on d4@4 has 26 moves; 14 keep the colour (vertical 2, plane-diagonal 4,
/// cube-diagonal 8), 12 change it (plane-orthogonal 4, main diagonal 8).
#[test]
fn c3_7_c3_3_king_has_26_steps_14_keep_colour() {
    let mut b = empties(8);
    b[3] = "8/8/8/8/3K4/8/8/8";
    b[7] = "k7/8/8/8/8/8/8/8";
    let text = format!("{} w - - 0 1 1,1", boards(&b));
    let m = moves_from(&text, "off", "d4@4");
    assert_eq!(m.len(), 26);
    let keep = m
        .iter()
        .filter(|mv| {
            let b = mv.as_bytes();
            ((b[4] - b'a') + (b[5] - b'1')).is_multiple_of(2)
        })
        .count();
    assert_eq!(keep, 14);
}

/// C3-11, C3-2: a knight on d4@4 reaches all 24 leaps ((3±2, 3±1, …) stay inside 1..5);
/// 8 of them keep the colour ((±2,0,±1) and (0,±2,±1)).
#[test]
fn c3_11_knight_has_24_leaps_8_keep_colour() {
    let m = moves_from(&lone_piece_box('N'), "off", "d4@4");
    assert_eq!(m.len(), 24);
    let keep = m
        .iter()
        .filter(|mv| {
            let b = mv.as_bytes();
            ((b[4] - b'a') + (b[5] - b'1')).is_multiple_of(2)
        })
        .count();
    assert_eq!(keep, 8);
}

/// C3-11: the knight jumps over pieces: with all 26 neighbours of d4@4 occupied (14 White
/// and 12 Black pieces; the engine allows at most 16 pieces a side) it still has its 24 leaps
/// (each leap has a component ±2, so every destination lies outside the occupied 3x3x3
/// block). Both kings stand in their own base cubes on height 1 (Lw = Lb = 1), where the
/// barrier shields them from every piece of the block (C3-12).
#[test]
fn c3_11_knight_jumps() {
    let mut b = empties(8);
    b[0] = "k7/8/8/8/8/8/8/1K6";
    // No pawns: a pawn off the heights between its base and target heights is unreachable
    // (C3-13), and the engine refuses it.
    b[2] = "8/8/8/2RRR3/2RBB3/2BBQ3/8/8";
    b[3] = "8/8/8/2QQN3/2NNN3/2bbb3/8/8";
    b[4] = "8/8/8/2rrr3/2rbq3/2qnn3/8/8";
    let text = format!("{} w - - 0 1 1,1", boards(&b));
    assert_eq!(moves_from(&text, "off", "d4@4").len(), 24);
}

// ---------------------------------------------------------------------------------------
// Set-up (C3-4, C3-5, C3-6, C3-52).
// ---------------------------------------------------------------------------------------

/// C3-5, C3-52: the default start is exactly the rules page's example text.
#[test]
fn c3_5_c3_52_default_start_text() {
    let start = Chess3d::new(&Chess3dConfig::default()).unwrap();
    assert_eq!(
        start.to_text(),
        "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|\
         8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w KQkq - 0 1 1,8"
    );
    assert_eq!(start.side_to_move(), Seat(0));
}

/// C3-4: configuration keys and defaults (heights 8, Lw 1, Lb 8, removal on); a common plane
/// Lw = Lb is allowed; the start with (3, 2, 2) has both armies on height 2.
#[test]
fn c3_4_configuration() {
    let c = Chess3dConfig::default();
    assert_eq!(c.get("heights").as_deref(), Some("8"));
    assert_eq!(c.get("white-base").as_deref(), Some("1"));
    assert_eq!(c.get("black-base").as_deref(), Some("8"));
    let c = Chess3dConfig::from_pairs([("heights", "3"), ("white-base", "2"), ("black-base", "2")])
        .unwrap();
    let g = Chess3d::new(&c).unwrap();
    assert_eq!(
        g.to_text(),
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1 2,2"
    );
    assert_eq!(g.heights(), 3);
    assert_eq!(g.base_heights(), (2, 2));
    // Out of range: a base height above the box, heights 0 or 9.
    assert!(Chess3dConfig::from_pairs([("heights", "3"), ("white-base", "4")]).is_err());
    assert!(Chess3dConfig::from_pairs([("heights", "9")]).is_err());
    assert!(Chess3dConfig::from_pairs([("heights", "0")]).is_err());
    assert!(Chess3dConfig::from_pairs([("removal", "1,2,3")]).is_err());
    assert!(Chess3dConfig::from_pairs([("colour", "red")]).is_err());
}

/// C3-4: the configuration read back from a position text reflects the text.
#[test]
fn c3_4_config_follows_the_text() {
    let text = format!(
        "{} w - - 0 1 2,1",
        boards(&["4k3/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/4K3", E])
    );
    let g = engine(&text, "on");
    assert_eq!(g.config().get("heights").as_deref(), Some("3"));
    assert_eq!(g.config().get("white-base").as_deref(), Some("2"));
    assert_eq!(g.config().get("black-base").as_deref(), Some("1"));
}

// ---------------------------------------------------------------------------------------
// The barrier (C3-6, C3-12).
// ---------------------------------------------------------------------------------------

/// C3-12 slider. H=3, Lw=1, Lb=2: White K h1@1, R a8@1; Black K e8@2, r a8@3.
/// White rook on a8@1: rank 8 b8…h8 = 7, file a7…a1 = 7; up: a8@2 is a Black base cube
/// (rank 8 on Lb), a step with a height component into it is forbidden: the ray ends there,
/// and the black rook behind it on a8@3 is not captured. 14 moves.
/// Black to move in the same placement: the black rook goes a8@3 → a8@2 (its own base
/// cube, open to the owner) → a8@1 and captures: attack is not symmetric.
#[test]
fn c3_12_barrier_ends_a_slider_ray() {
    let text = format!(
        "{} w - - 0 1 1,2",
        boards(&["R7/8/8/8/8/8/8/7K", "4k3/8/8/8/8/8/8/8", "r7/8/8/8/8/8/8/8"])
    );
    let m = moves_from(&text, "off", "a8@1");
    assert_eq!(m.len(), 14, "{m:?}");
    assert!(!m.iter().any(|x| x.starts_with("a8@1a8@")));
    let text_b = text.replace(" w ", " b ");
    assert!(moves(&text_b, "off").contains(&"a8@3a8@1".to_string()));
}

/// C3-12 knight. H=2, Lw=1, Lb=2: White K h1@1, N b6@1; Black K b8@2 (its base cube).
/// Knight leaps from b6@1 = (1,5,0): in the plane a8, c8, d7, d5, c4, a4 (6); (2,0,1) → d6@2;
/// (0,2,1) → b8@2 is a Black base cube: forbidden (it would also be the king); (0,−2,1) →
/// b4@2; the ±2-height leaps leave the 2-height box. 8 moves. And the black king on b8@2 is
/// NOT in check although (0,2,1) is a knight vector: the barrier limits attacks too.
#[test]
fn c3_12_barrier_stops_a_knight_and_its_check() {
    let text = format!(
        "{} w - - 0 1 1,2",
        boards(&["8/8/1N6/8/8/8/8/7K", "1k6/8/8/8/8/8/8/8"])
    );
    assert_eq!(moves_from(&text, "off", "b6@1").len(), 8);
    assert!(!in_check(&text.replace(" w ", " b ")));
    // The same knight on a6@2 (same height, plane leap (1,2,0)) does give check.
    let text2 = format!(
        "{} b - - 0 1 1,2",
        boards(&["8/8/8/8/8/8/8/7K", "1k6/8/N7/8/8/8/8/8"])
    );
    assert!(in_check(&text2));
}

/// C3-12 king. H=2, Lw=1, Lb=2: White K e7@1 = (4,6,0), Black K a8@2. On height 1 all 8
/// neighbours; on height 2 the three cells of rank 8 are Black base cubes (forbidden), the
/// six of ranks 6 and 7 are open: 14 moves.
#[test]
fn c3_12_barrier_stops_a_king() {
    let text = format!(
        "{} w - - 0 1 1,2",
        boards(&["8/4K3/8/8/8/8/8/8", "k7/8/8/8/8/8/8/8"])
    );
    assert_eq!(moves_from(&text, "off", "e7@1").len(), 14);
}

/// C3-12, C3-20: a king may stand next to the enemy king and give check without being in
/// check. Black K e8@2 (own base cube), White K e7@1. Black's step e8@2 → e7@1 leaves its own
/// base cube (open to the owner): White is in check. White's step e7@1 → e8@2 would enter a
/// Black base cube from another height: forbidden, so Black is not attacked.
/// White's escapes: height 1: d6, e6, f6 (d7, f7, d8, e8, f8 are next to the black king);
/// height 2: d6@2, e6@2, f6@2 (d7@2, e7@2, f7@2 are attacked; rank 8 is barred). 6 moves.
#[test]
fn c3_12_c3_20_adjacent_kings_one_in_check() {
    let text = format!(
        "{} w - - 0 1 1,2",
        boards(&["8/4K3/8/8/8/8/8/8", "4k3/8/8/8/8/8/8/8"])
    );
    assert!(in_check(&text));
    let m = moves(&text, "off");
    assert_eq!(m.len(), 6, "{m:?}");
}

/// C3-6, C3-12: a slider attack out of the own base cube works; into the enemy's base cube
/// from another height it does not. H=2, Lw=1, Lb=2: White K h1@1, Q d8@1; Black K e8@2.
/// Queen d8@1 = (3,7,0): rank 8 c8…a8 (3) and e8…h8 (4), file d7…d1 (7), plane diagonals
/// c7, b6, a5 (3) and e7, f6, g5, h4 (4); upwards d8@2, c8@2, e8@2 are Black base cubes
/// (barred), d7@2, c7@2, e7@2 are open (3). 24 moves. The black king on e8@2 is not in
/// check (the (1,0,1) line is barred), and with Black to move it may take the queen
/// (e8@2 → d8@1 leaves its own base cube).
#[test]
fn c3_6_c3_12_queen_under_the_enemy_base() {
    let text = format!(
        "{} w - - 0 1 1,2",
        boards(&["3Q4/8/8/8/8/8/8/7K", "4k3/8/8/8/8/8/8/8"])
    );
    assert_eq!(moves_from(&text, "off", "d8@1").len(), 24);
    let black = text.replace(" w ", " b ");
    assert!(!in_check(&black));
    assert!(moves(&black, "off").contains(&"e8@2d8@1".to_string()));
}

// ---------------------------------------------------------------------------------------
// Pawns (C3-13 … C3-18).
// ---------------------------------------------------------------------------------------

/// C3-13, C3-14: H=3, Lw=1, Lb=3: White pawns e4@1 (v=+1: e5@1, e4@2, e5@2), b4@2 (v=+1:
/// b5@2, b4@3, b5@3) and g4@3 (on its target height, v=0: g5@3 only). A black pawn on d5@3
/// (target Lw=1, v=−1, f=−1): d4@3, d5@2, d4@2. Never a step away from the target height.
#[test]
fn c3_13_c3_14_pawn_quiet_steps() {
    let text = format!(
        "{} w - - 0 1 1,3",
        boards(&[
            "8/8/8/8/4P3/8/8/K7",
            "8/8/8/8/1P6/8/8/8",
            "7k/8/8/3p4/6P1/8/8/8"
        ])
    );
    let ours = |o: &str| moves_from(&text, "off", o);
    assert_eq!(ours("e4@1"), ["e4@1e4@2", "e4@1e5@1", "e4@1e5@2"]);
    assert_eq!(ours("b4@2"), ["b4@2b4@3", "b4@2b5@2", "b4@2b5@3"]);
    assert_eq!(ours("g4@3"), ["g4@3g5@3"]);
    let black = text.replace(" w ", " b ");
    let theirs: Vec<String> = moves(&black, "off")
        .into_iter()
        .filter(|m| m.starts_with("d5@3"))
        .collect();
    assert_eq!(theirs, ["d5@3d4@2", "d5@3d4@3", "d5@3d5@2"]);
}

/// C3-13: with Lw > Lb White's pawns go down. H=3, Lw=3, Lb=1: White pawn e4@2, v=−1:
/// e5@2, e4@1, e5@1.
#[test]
fn c3_13_pawns_go_down_when_lw_above_lb() {
    let text = format!(
        "{} w - - 0 1 3,1",
        boards(&["7k/8/8/8/8/8/8/8", "8/8/8/8/4P3/8/8/8", "8/8/8/8/8/8/8/K7"])
    );
    assert_eq!(
        moves_from(&text, "off", "e4@2"),
        ["e4@2e4@1", "e4@2e5@1", "e4@2e5@2"]
    );
}

/// C3-13: common plane (Lw = Lb): on the common height v = 0, a pawn moves as in FIDE.
/// H=2, Lw=Lb=1, White pawn e4@1: e5@1 only; from its start e2@1: e3@1, e4@1.
#[test]
fn c3_13_common_plane_pawn_is_flat() {
    let text = format!("{} w - - 0 1 1,1", boards(&["7k/8/8/8/4P3/8/3P4/K7", E]));
    assert_eq!(moves_from(&text, "off", "e4@1"), ["e4@1e5@1"]);
    assert_eq!(moves_from(&text, "off", "d2@1"), ["d2@1d3@1", "d2@1d4@1"]);
}

/// C3-16: captures. H=3, Lw=1, Lb=3. White pawn e4@1 (v=+1), black knights on d5@1 (plane
/// diagonal), f5@2 (cube diagonal (1,1,1)), e5@2 (blocks the main-diagonal step: no capture
/// that way), d4@2 (main diagonal (−1,0,1): not a pawn direction). Moves: e5@1, e4@2 (quiet),
/// e4@1xd5@1, e4@1xf5@2 = 4.
#[test]
fn c3_16_pawn_captures() {
    let text = format!(
        "{} w - - 0 1 1,3",
        boards(&[
            "8/8/8/3n4/4P3/8/8/K7",
            "8/8/8/4nn2/3n4/8/8/8",
            "7k/8/8/8/8/8/8/8"
        ])
    );
    assert_eq!(
        moves_from(&text, "off", "e4@1"),
        ["e4@1d5@1", "e4@1e4@2", "e4@1e5@1", "e4@1f5@2"]
    );
}

/// C3-15: double steps from the start cell. H=3, Lw=1, Lb=3, pawn e2@1 (v=+1): singles e3@1,
/// e2@2, e3@2; doubles e4@1, e2@3 (second vertical step from e2@2 still goes towards height 3),
/// e4@3. 6 moves. With Lb=2 (H=3) the intermediate e2@2 is on the target height (v=0 there):
/// no vertical or main-diagonal double, 4 moves. A pawn off its start cell has no double step.
#[test]
fn c3_15_double_steps() {
    let t1 = format!(
        "{} w - - 0 1 1,3",
        boards(&["8/8/8/8/8/8/4P3/K7", E, "7k/8/8/8/8/8/8/8"])
    );
    assert_eq!(
        moves_from(&t1, "off", "e2@1"),
        [
            "e2@1e2@2", "e2@1e2@3", "e2@1e3@1", "e2@1e3@2", "e2@1e4@1", "e2@1e4@3"
        ]
    );
    let t2 = format!(
        "{} w - - 0 1 1,2",
        boards(&["8/8/8/8/8/8/4P3/K7", "7k/8/8/8/8/8/8/8", E])
    );
    assert_eq!(
        moves_from(&t2, "off", "e2@1"),
        ["e2@1e2@2", "e2@1e3@1", "e2@1e3@2", "e2@1e4@1"]
    );
    // A pawn on e2@2 is not on its start cell (rank 2 on Lw): singles only.
    let t3 = format!(
        "{} w - - 0 1 1,3",
        boards(&["8/8/8/8/8/8/8/K7", "8/8/8/8/8/8/4P3/8", "7k/8/8/8/8/8/8/8"])
    );
    assert_eq!(
        moves_from(&t3, "off", "e2@2"),
        ["e2@2e2@3", "e2@2e3@2", "e2@2e3@3"]
    );
    // Blocked intermediate cell: no double step through it.
    let t4 = format!(
        "{} w - - 0 1 1,3",
        boards(&["8/8/8/8/8/4n3/4P3/K7", E, "7k/8/8/8/8/8/8/8"])
    );
    assert_eq!(
        moves_from(&t4, "off", "e2@1"),
        ["e2@1e2@2", "e2@1e2@3", "e2@1e3@2", "e2@1e4@3"]
    );
}

/// C3-15, C3-17: en passant after a vertical double step. H=3, Lw=1, Lb=3: Black pawn d7@3
/// (its start cell) plays d7@3d7@1; the skipped cell d7@2 is written as the en-passant cell.
/// The white pawn on c6@2 captures onto d7@2 by (1,1,0) and removes the pawn on d7@1
/// (s = d7@3, e = d7@2, d = e − s = (0,0,−1), pawn on e + d). The plain capture c6@2 → d7@1
/// ((1,1,−1)) is not a white pawn direction (v=+1).
#[test]
fn c3_15_c3_17_en_passant_after_vertical_double_step() {
    let start = format!(
        "{} b - - 0 1 1,3",
        boards(&[
            "8/8/8/8/8/8/8/7K",
            "8/8/2P5/8/8/8/8/8",
            "7k/3p4/8/8/8/8/8/8"
        ])
    );
    let mid = after(&start, "off", "d7@3d7@1");
    assert_eq!(
        mid,
        format!(
            "{} w - d7@2 0 2 1,3",
            boards(&[
                "8/3p4/8/8/8/8/8/7K",
                "8/8/2P5/8/8/8/8/8",
                "7k/8/8/8/8/8/8/8"
            ])
        )
    );
    // c6@2 (v=+1): quiet c7@2, c6@3, c7@3; captures b7@2, d7@2 (e.p.), b7@3, d7@3 (empty).
    let pawn = moves_from(&mid, "off", "c6@2");
    assert_eq!(pawn, ["c6@2c6@3", "c6@2c7@2", "c6@2c7@3", "c6@2d7@2"]);
    let end = after(&mid, "off", "c6@2d7@2");
    assert_eq!(
        end,
        format!(
            "{} b - - 0 2 1,3",
            boards(&["8/8/8/8/8/8/8/7K", "8/3P4/8/8/8/8/8/8", "7k/8/8/8/8/8/8/8"])
        )
    );
}

/// C3-14, C3-17: a quiet step onto the en-passant cell is an ordinary quiet move (the cell
/// is empty) and removes nothing. H=2, Lw=1, Lb=2: White K h1@1, P e5@1; Black K h8@2,
/// p e7@2. Black plays e7@2e5@2 (e.p. cell e6@2). The white pawn (v=+1) has the quiet steps
/// e6@1 and e6@2 (main diagonal (0,1,1), empty cell); e5@2 is occupied; its capture cells
/// d6@1, f6@1, d6@2, f6@2 are empty. After e5@1e6@2 the black pawn on e5@2 is still there.
#[test]
fn c3_14_c3_17_quiet_step_onto_the_en_passant_cell() {
    let start = format!(
        "{} b - - 0 1 1,2",
        boards(&["8/8/8/4P3/8/8/8/7K", "7k/4p3/8/8/8/8/8/8"])
    );
    let mid = after(&start, "off", "e7@2e5@2");
    assert!(mid.contains(" w - e6@2 0 2 "), "{mid}");
    assert_eq!(moves_from(&mid, "off", "e5@1"), ["e5@1e6@1", "e5@1e6@2"]);
    assert_eq!(
        after(&mid, "off", "e5@1e6@2"),
        format!(
            "{} b - - 0 2 1,2",
            boards(&["8/8/8/8/8/8/8/7K", "7k/8/4P3/4p3/8/8/8/8"])
        )
    );
}

/// C3-17: classic en passant on one height (FIDE) and the en-passant cell written after
/// every double step even when no capture is possible (C3-52).
#[test]
fn c3_17_en_passant_fide_and_text() {
    let t = after("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "on", "e2e4");
    assert_eq!(t, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    let t = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1";
    assert!(moves(t, "on").contains(&"d4e3".to_string()));
    assert_eq!(after(t, "on", "d4e3"), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
}

/// C3-18: promotion only on entering the opponent's base cube. H=2, Lw=1, Lb=2.
/// Pawn a7@1 (v=+1): a8@1 (rank 8 on height 1 is not a base cube: no promotion), a7@2;
/// the main-diagonal step to a8@2 enters a Black base cube from another height: barred. 2 moves.
/// Pawn c7@2 (on the base height): c8@2 with q, r, b, n = 4 moves.
/// Pawn g8@1 (last rank, other height): its only step g8@2 is a base cube from another
/// height: 0 moves.
#[test]
fn c3_18_promotion_only_from_the_base_height() {
    let text = format!(
        "{} w - - 0 1 1,2",
        boards(&["6P1/P7/8/8/8/8/8/K7", "8/2P5/8/8/8/8/8/7k"])
    );
    assert_eq!(moves_from(&text, "off", "a7@1"), ["a7@1a7@2", "a7@1a8@1"]);
    assert_eq!(
        moves_from(&text, "off", "c7@2"),
        ["c7@2c8@2b", "c7@2c8@2n", "c7@2c8@2q", "c7@2c8@2r"]
    );
    assert!(moves_from(&text, "off", "g8@1").is_empty());
    let promoted = after(&text, "off", "c7@2c8@2n");
    assert!(
        promoted.starts_with("6P1/P7/8/8/8/8/8/K7|2N5/8/"),
        "{promoted}"
    );
}

/// C3-18 with three heights: a pawn on the last rank off the base height steps up towards
/// it but never into the base cube. H=3, Lw=1, Lb=3: pawn a8@1 → a8@2 (1 move); from a8@2
/// none.
#[test]
fn c3_18_last_rank_pawn_climbs_but_never_enters() {
    let t = format!(
        "{} w - - 0 1 1,3",
        boards(&["P7/8/8/8/8/8/8/7K", E, "8/8/8/8/8/8/8/k7"])
    );
    assert_eq!(moves_from(&t, "off", "a8@1"), ["a8@1a8@2"]);
    let t = format!(
        "{} w - - 0 1 1,3",
        boards(&["8/8/8/8/8/8/8/7K", "P7/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/k7"])
    );
    assert!(moves_from(&t, "off", "a8@2").is_empty());
}

// ---------------------------------------------------------------------------------------
// Castling (C3-19).
// ---------------------------------------------------------------------------------------

/// C3-19: H=2, Lw=1, Lb=2. White K e1@1, R a1@1, R h1@1 (KQ); Black K e8@2, R f1@2 above
/// f1@1, Q d2@2 above the queen side. Black's lines down into White's base cubes (rank 1 on
/// height 1) are barred, so no cell of the king's path is attacked: both castlings are legal.
/// Adding a black rook on f8@1 (same height, file f) attacks f1@1: king side refused.
#[test]
fn c3_19_castling_and_the_barrier() {
    let text = format!(
        "{} w KQ - 0 1 1,2",
        boards(&["8/8/8/8/8/8/8/R3K2R", "4k3/8/8/8/8/8/3q4/5r2"])
    );
    assert!(!in_check(&text));
    let m = moves_from(&text, "off", "e1@1");
    assert!(m.contains(&"e1@1g1@1".to_string()), "{m:?}");
    assert!(m.contains(&"e1@1c1@1".to_string()), "{m:?}");
    let castled = after(&text, "off", "e1@1g1@1");
    assert!(castled.starts_with("8/8/8/8/8/8/8/R4RK1|"), "{castled}");
    assert!(castled.contains(" b - - 1 1 1,2"), "{castled}");

    let attacked = format!(
        "{} w KQ - 0 1 1,2",
        boards(&["5r2/8/8/8/8/8/8/R3K2R", "4k3/8/8/8/8/8/3q4/5r2"])
    );
    let m = moves_from(&attacked, "off", "e1@1");
    assert!(!m.contains(&"e1@1g1@1".to_string()), "{m:?}");
    assert!(m.contains(&"e1@1c1@1".to_string()), "{m:?}");
}

/// C3-19: castling rights are lost by a king move, a rook move, and a capture on the corner.
#[test]
fn c3_19_castling_rights_lost() {
    let text = format!(
        "{} w KQkq - 0 1 1,2",
        boards(&["8/8/8/8/8/8/8/R3K2R", "r3k2r/8/8/8/8/8/8/8"])
    );
    assert!(after(&text, "off", "e1@1e2@1").contains(" b kq - "));
    assert!(after(&text, "off", "h1@1h2@1").contains(" b Qkq - "));
    // A capture on the corner (FIDE, one height) loses the captured side's right too.
    let fide = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert!(after(fide, "on", "a1a8").contains(" b Kk - "));
}

/// C3-52: a castling letter without its king and rook is an error.
#[test]
fn c3_52_castling_letters_need_their_pieces() {
    let cfg = config("on");
    let bad = format!(
        "{} w K - 0 1 1,2",
        boards(&["8/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/8"])
    );
    assert!(Chess3d::from_text(&cfg, &bad).is_err());
    // rook on h1 of height 2 is not on the base height 1
    let bad2 = format!(
        "{} w K - 0 1 1,2",
        boards(&["8/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/7R"])
    );
    assert!(Chess3d::from_text(&cfg, &bad2).is_err());
}

// ---------------------------------------------------------------------------------------
// Check, legality and removal (C3-20, C3-30, C3-31, C3-32).
// ---------------------------------------------------------------------------------------

/// C3-20, C3-31: a move is illegal when the removal it triggers brings an enemy piece into
/// line. H=3, Lw=Lb=1: White K a4@1 = (0,3,0), N h1@2; Black K h8@1, Q b5@3 = (1,4,2)
/// (delta to the king (−1,−1,−2): no line). 4 pieces ≤ T(3) = 6. The knight's leaps from
/// h1@2: g3@2, f2@2 (stay on height 2), f1@1, f1@3, h3@1, h3@3 (leave it). Leaving empties
/// height 2, which is removed: the queen drops to b5@2, next to the king on the cube
/// diagonal — check. So only g3@2 and f2@2 are legal (with removal off all 6 are).
/// King moves: a3@1, a5@1, b4@1, a3@2, b3@2 (b3@1, b5@1, a4@2, a5@2, b4@2, b5@2 are
/// attacked by the queen). 7 legal moves (11 with removal off).
#[test]
fn c3_20_c3_31_removal_brings_a_queen_into_line() {
    let text = format!(
        "{} w - - 0 1 1,1",
        boards(&["7k/8/8/8/K7/8/8/8", "8/8/8/8/8/8/8/7N", "8/8/8/1q6/8/8/8/8"])
    );
    assert_eq!(moves_from(&text, "on", "h1@2"), ["h1@2f2@2", "h1@2g3@2"]);
    assert_eq!(moves(&text, "on").len(), 7);
    assert_eq!(moves(&text, "off").len(), 11);
}

/// C3-20, C3-31: a pinned piece leaves its pin line because the removal breaks the line.
/// H=3, Lw=Lb=1: White K a4@1 = (0,3,0), B b5@2 = (1,4,1); Black K h8@1, Q c6@3 = (2,5,2),
/// pinning the bishop on the cube diagonal (1,1,1). 4 pieces ≤ T(3) = 6.
/// Bishop moves within height 2 (plane diagonals c6@2, d7@2, e8@2, a6@2, c4@2, d3@2, e2@2,
/// f1@2, a4@2 — 9) keep the height and the pin: illegal. The seven cube-diagonal steps
/// (xc6@3, c6@1, a6@3, a6@1, c4@3, c4@1, a4@3) empty height 2, which is removed: the queen
/// comes to c6@2 = (2,5,1), delta to the king (−2,−2,−1): no line. All 7 legal.
/// With removal off only the capture c6@3 is legal.
#[test]
fn c3_20_c3_31_removal_breaks_a_pin() {
    let text = format!(
        "{} w - - 0 1 1,1",
        boards(&[
            "7k/8/8/8/K7/8/8/8",
            "8/8/8/1B6/8/8/8/8",
            "8/8/2q5/8/8/8/8/8"
        ])
    );
    assert_eq!(moves_from(&text, "on", "b5@2").len(), 7);
    assert_eq!(moves_from(&text, "off", "b5@2"), ["b5@2c6@3"]);
    let t = after(&text, "on", "b5@2c4@1");
    assert_eq!(
        t,
        format!(
            "{} b - - 1 1 1,1",
            boards(&["7k/8/8/8/K1B5/8/8/8", "8/8/2q5/8/8/8/8/8"])
        )
    );
}

/// C3-30, C3-31: removal after a capture. H=3, Lw=1, Lb=3: White K e1@1, R h5@2; Black K
/// e8@3, n h5@3. Rook takes h5@3: height 2 is empty, 3 pieces ≤ T(3) = 6, it is removed and
/// height 3 becomes height 2 (Lb 3 → 2). At n = 2 nothing else is removable.
#[test]
fn c3_30_c3_31_removal_after_a_capture() {
    let text = format!(
        "{} w - - 0 1 1,3",
        boards(&[
            "8/8/8/8/8/8/8/4K3",
            "8/8/8/7R/8/8/8/8",
            "4k3/8/8/7n/8/8/8/8"
        ])
    );
    assert_eq!(
        after(&text, "on", "h5@2h5@3"),
        format!(
            "{} b - - 0 1 1,2",
            boards(&["8/8/8/8/8/8/8/4K3", "4k3/8/8/7R/8/8/8/8"])
        )
    );
    // Removal off: nothing goes.
    assert_eq!(
        after(&text, "off", "h5@2h5@3"),
        format!(
            "{} b - - 0 1 1,3",
            boards(&["8/8/8/8/8/8/8/4K3", E, "4k3/8/8/7R/8/8/8/8"])
        )
    );
}

/// C3-31: removal after a quiet move, and the halfmove clock is not reset by it (7 → 8).
#[test]
fn c3_31_removal_after_a_quiet_move() {
    let text = format!(
        "{} w - - 7 1 1,3",
        boards(&[
            "8/8/8/8/8/8/8/4K3",
            "8/8/8/7R/8/8/8/8",
            "4k3/8/8/7n/8/8/8/8"
        ])
    );
    assert_eq!(
        after(&text, "on", "h5@2h5@1"),
        format!(
            "{} b - - 8 1 1,2",
            boards(&["8/8/8/7R/8/8/8/4K3", "4k3/8/8/7n/8/8/8/8"])
        )
    );
}

/// C3-31: a text is taken as it is (empty heights stay until a move); the cascade follows a
/// custom table. H=4, Lw=Lb=1: White K e1@1, R a5@4; Black K e8@1; heights 2 and 3 empty.
/// Table "0,10,10,10,10,10,10" (no removal at n = 2). Rook a5@4 → a5@1: heights 2, 3, 4 are
/// empty; n=4: 3 ≤ 10, remove height 4; n=3: remove height 3; n=2: no threshold, stop.
/// With the default table the cascade continues to one height (3 ≤ T(2) = 5): FIDE text.
#[test]
fn c3_31_cascade_with_custom_table() {
    let text = format!(
        "{} w - - 0 1 1,1",
        boards(&["4k3/8/8/8/8/8/8/4K3", E, E, "8/8/8/R7/8/8/8/8"])
    );
    let g = engine(&text, "0,10,10,10,10,10,10");
    assert_eq!(
        g.heights(),
        4,
        "a position read from text is taken as it is"
    );
    assert_eq!(
        after(&text, "0,10,10,10,10,10,10", "a5@4a5@1"),
        format!("{} b - - 1 1 1,1", boards(&["4k3/8/8/R7/8/8/8/4K3", E]))
    );
    assert_eq!(
        after(&text, "on", "a5@4a5@1"),
        "4k3/8/8/R7/8/8/8/4K3 b - - 1 1"
    );
    // A move that keeps height 4 occupied removes heights 3 and 2 (highest empty first).
    assert_eq!(
        after(&text, "on", "a5@4a6@4"),
        format!(
            "{} b - - 1 1 1,1",
            boards(&["4k3/8/8/8/8/8/8/4K3", "8/8/R7/8/8/8/8/8"])
        )
    );
}

/// C3-31: base heights are never removed, and are renumbered; the en-passant cell on a
/// removed height is dropped. H=3, Lw=1, Lb=3: White K e1@1; Black K e8@3, p d7@3; height 2
/// empty. Black's vertical double step d7@3 → d7@1 (e.p. cell d7@2): height 2 is empty,
/// 3 pieces ≤ 6: removed, the e.p. cell with it; Lb 3 → 2.
#[test]
fn c3_31_en_passant_cell_dropped_with_its_height() {
    let text = format!(
        "{} b - - 0 1 1,3",
        boards(&["8/8/8/8/8/8/8/4K3", E, "4k3/3p4/8/8/8/8/8/8"])
    );
    assert_eq!(
        after(&text, "on", "d7@3d7@1"),
        format!(
            "{} w - - 0 2 1,2",
            boards(&["8/3p4/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/8"])
        )
    );
}

/// C3-31: the en-passant cell is renumbered when heights below it go. H=4, Lw=1, Lb=4: White
/// K e1@1; Black K e8@4, p d7@4. d7@4 → d5@4 (e.p. d6@4); heights 3 and 2 are empty and go
/// (n=4: 3 ≤ 7; n=3: 3 ≤ 6); at n=2 none is removable. Lb 4 → 2, e.p. d6@4 → d6@2.
#[test]
fn c3_31_en_passant_cell_renumbered() {
    let text = format!(
        "{} b - - 0 1 1,4",
        boards(&["8/8/8/8/8/8/8/4K3", E, E, "4k3/3p4/8/8/8/8/8/8"])
    );
    assert_eq!(
        after(&text, "on", "d7@4d5@4"),
        format!(
            "{} w - d6@2 0 2 1,2",
            boards(&["8/8/8/8/8/8/8/4K3", "4k3/8/8/3p4/8/8/8/8"])
        )
    );
}

/// C3-32: after removal to one height the game is FIDE chess. From the cascade above
/// (`4k3/8/8/R7/8/8/8/4K3 b`), the black king has d8, f8, d7, e7, f7: 5 moves, texts plain UCI.
#[test]
fn c3_32_one_height_after_removal_is_fide() {
    let text = format!(
        "{} w - - 0 1 1,1",
        boards(&["4k3/8/8/8/8/8/8/4K3", E, E, "8/8/8/R7/8/8/8/8"])
    );
    let t = after(&text, "on", "a5@4a5@1");
    assert_eq!(moves(&t, "on"), ["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]);
    assert_eq!(engine(&t, "on").heights(), 1);
}

// ---------------------------------------------------------------------------------------
// Results (C3-21, C3-22, C3-23).
// ---------------------------------------------------------------------------------------

/// C3-21: with more than one height a lone king mates a lone king. H=2, Lw=1, Lb=2: White K
/// a1@1 (its own base cube), Black K a1@2 to move. White's step a1@1 → a1@2 leaves its own
/// base cube: check. Black's escapes: b1@2, a2@2, b2@2, a2@1, b2@1 are all next to the white
/// king (b1@1 and a1@1 are White base cubes, barred from height 2): mate. The same material
/// with one height is a dead position (K v K), which is why dead positions exist only then.
#[test]
fn c3_21_lone_king_mates_with_two_heights() {
    let text = format!(
        "{} b - - 0 1 1,2",
        boards(&["8/8/8/8/8/8/8/K7", "8/8/8/8/8/8/8/k7"])
    );
    assert!(in_check(&text));
    assert!(moves(&text, "on").is_empty());
    assert_eq!(status(&text), MATE_WHITE);
    // Kings alone on two heights are not dead.
    let kk = format!(
        "{} w - - 0 1 1,2",
        boards(&["8/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/8"])
    );
    assert_eq!(status(&kk), Status::Ongoing);
}

/// C3-21: dead positions at one height: K v K, K+N v K, kings with bishops all on one colour;
/// bishops on both colours are not dead.
#[test]
fn c3_21_dead_positions_one_height() {
    let dead = Status::Draw {
        reason: DrawReason::DeadPosition,
    };
    assert_eq!(status("8/8/8/4k3/8/8/8/4K3 w - - 0 1"), dead);
    assert_eq!(status("8/8/8/4k3/8/8/8/4KN2 w - - 0 1"), dead);
    // c1, g5 and b8 are all dark (file index + rank index even).
    assert_eq!(status("1b6/8/8/4k1B1/8/8/8/2B1K3 w - - 0 1"), dead);
    // c1 dark, f1 light: not dead.
    assert_eq!(status("8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1"), Status::Ongoing);
    assert_eq!(status("8/8/8/4k3/8/8/8/4KNN1 w - - 0 1"), Status::Ongoing);
}

/// C3-21: stalemate (FIDE): Black K h8, White Q f7, K g6, Black to move: g8, g7, h7 attacked,
/// no check.
#[test]
fn c3_21_stalemate() {
    let t = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    assert!(moves(t, "on").is_empty());
    assert_eq!(
        status(t),
        Status::Draw {
            reason: DrawReason::Stalemate
        }
    );
}

/// C3-21: checkmate (FIDE fool's mate), and a 3D back-rank mate: H=2, Lw=1, Lb=2, Black K
/// h8@2 (base cube), pawns g7@2, h7@2; White R a8@2 checks along rank 8 of height 2 (a step
/// without height component: no barrier). g8@2 is on the rook's line; leaving its own base
/// cube downwards is open to the black king, but g8@1, h8@1, g7@1, h7@1 are covered by White
/// rooks on g1@1 and h1@1 (files g and h of height 1). No block: pawns move away from rank 8.
#[test]
fn c3_21_checkmate() {
    let fool = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert!(moves(fool, "on").is_empty());
    assert_eq!(status(fool), MATE_BLACK);
    let text = format!(
        "{} b - - 0 1 1,2",
        boards(&["8/8/8/8/8/8/8/K5RR", "R6k/6pp/8/8/8/8/8/8"])
    );
    assert!(in_check(&text));
    assert!(moves(&text, "off").is_empty());
    assert_eq!(engine(&text, "off").status(), MATE_WHITE);
}

/// C3-21: the 75-move rule: 150 plies without capture or pawn move end the game, unless the
/// last ply mates.
#[test]
fn c3_21_seventy_five_move_rule() {
    let auto = Status::Draw {
        reason: DrawReason::AutomaticMoveRule,
    };
    assert_eq!(
        status("4k3/8/8/8/8/8/8/R3K3 w - - 149 100"),
        Status::Ongoing
    );
    assert_eq!(status("4k3/8/8/8/8/8/8/R3K3 w - - 150 100"), auto);
    let t = after("4k3/8/8/8/8/8/8/R3K3 w - - 149 100", "on", "a1a2");
    assert!(t.ends_with(" 150 100"));
    assert_eq!(status(&t), auto);
    // Mate on the 150th ply: mate wins.
    assert_eq!(status("R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 100"), MATE_WHITE);
}

/// C3-22: the 50-move claim: from 100 plies without capture or pawn move.
#[test]
fn c3_22_fifty_move_claim() {
    assert_eq!(
        engine("4k3/8/8/8/8/8/8/R3K3 w - - 99 60", "on").claimable_draw(),
        None
    );
    assert_eq!(
        engine("4k3/8/8/8/8/8/8/R3K3 w - - 100 60", "on").claimable_draw(),
        Some(DrawReason::MoveRule)
    );
}

/// C3-22, C3-21: threefold claim and fivefold automatic through `History`, on the default
/// 3D start: the knights go out and back (b1@1 → c3@1 → b1@1, b8@8 → c6@8 → b8@8).
#[test]
fn c3_22_threefold_claim_and_fivefold_automatic() {
    let mut h = History::new(Chess3d::new(&Chess3dConfig::default()).unwrap());
    let cycle = ["b1@1c3@1", "b8@8c6@8", "c3@1b1@1", "c6@8b8@8"];
    for round in 1..=4 {
        assert_eq!(h.repetition_count(), round);
        if round < 3 {
            assert_eq!(h.claimable_draw(), None);
        } else {
            assert_eq!(h.claimable_draw(), Some(DrawReason::Repetition));
        }
        assert_eq!(h.status(), Status::Ongoing);
        for m in cycle {
            h.play_text(m).unwrap();
        }
    }
    assert_eq!(h.repetition_count(), 5);
    assert_eq!(
        h.status(),
        Status::Draw {
            reason: DrawReason::AutomaticRepetition
        }
    );
    assert!(
        h.play_text("b1@1c3@1").is_err(),
        "no move after the automatic draw"
    );
    // A claim at the third occurrence ends the game.
    let mut h = History::new(Chess3d::new(&Chess3dConfig::default()).unwrap());
    for _ in 0..2 {
        for m in cycle {
            h.play_text(m).unwrap();
        }
    }
    assert_eq!(h.claim_draw().unwrap(), DrawReason::Repetition);
    assert_eq!(
        h.status(),
        Status::Draw {
            reason: DrawReason::Repetition
        }
    );
}

/// C3-22: position identity for repetition includes the en-passant cell only when an
/// en-passant capture is legal, and includes the base heights.
#[test]
fn c3_22_repetition_identity() {
    let key = |t: &str| engine(t, "on").repetition_key();
    // No black pawn can take on e3: the e.p. cell does not count.
    assert_eq!(
        key("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"),
        key("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1")
    );
    // d4 can take on e3: it counts.
    assert_ne!(
        key("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"),
        key("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")
    );
    // b5 could take on c6 only by exposing its king on a5 to the rook on h5 (both pawns leave
    // rank 5): the capture is illegal, so the e.p. cell does not count.
    let pinned = "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1";
    assert!(!moves(pinned, "on").contains(&"b5c6".to_string()));
    assert_eq!(key(pinned), key("8/8/8/KPp4r/8/8/8/4k3 w - - 0 1"));
    // Same placement, other base heights.
    let p = boards(&["8/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/8"]);
    assert_ne!(
        key(&format!("{p} w - - 0 1 1,2")),
        key(&format!("{p} w - - 0 1 1,1"))
    );
    // Side to move and castling rights count.
    assert_ne!(
        key("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        key("4k3/8/8/8/8/8/8/4K3 b - - 0 1")
    );
    assert_ne!(
        key("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"),
        key("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    );
    // The clocks do not.
    assert_eq!(
        key("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        key("4k3/8/8/8/8/8/8/4K3 w - - 9 30")
    );
}

/// C3-23: resignation and draw by agreement end the game through `History`.
#[test]
fn c3_23_resignation_and_agreement() {
    let start = Chess3d::new(&Chess3dConfig::default()).unwrap();
    let mut h = History::new(start.clone());
    assert_eq!(
        h.resign(Seat(0)).unwrap(),
        Status::Win {
            winner: Seat(1),
            reason: WinReason::Resignation
        }
    );
    let mut h = History::new(start);
    h.play_text("e2@1e4@1").unwrap();
    h.agree_draw().unwrap();
    assert_eq!(
        h.status(),
        Status::Draw {
            reason: DrawReason::Agreement
        }
    );
    assert!(h.play_text("e7@8e5@8").is_err());
}

// ---------------------------------------------------------------------------------------
// FIDE equivalence (C3-40) and notation (C3-50 … C3-52).
// ---------------------------------------------------------------------------------------

fn fide(text: &str) -> Chess3d {
    engine(text, "on")
}

// The C3-40 perft tables (FIDE start, Kiwipete, the other standard positions) are in
// data/chess3d.perft, checked by tests/chess3d/fide.rs and
// crates/variant-games/tests/games/perft_data.rs.

/// C3-50, C3-51: cells carry `@height` only with more than one height; moves are the two
/// cells and a promotion letter; castling is the king's two-cell move; `-` and `x` accepted.
#[test]
fn c3_50_c3_51_notation() {
    let g3 = Chess3d::new(&Chess3dConfig::default()).unwrap();
    let m = g3.parse_move("e2@1e4@1").unwrap();
    assert_eq!(g3.format_move(m), "e2@1e4@1");
    assert_eq!(g3.parse_move("e2@1-e4@1").unwrap(), m);
    assert_eq!(g3.parse_move("e2@1xe4@1").unwrap(), m);
    // The rules page's example b1@1c3@2 has delta (1,2,1), not a knight vector (C3-11): it
    // is only a notation example. Real 3D knight moves: (0,2,1) and (2,0,1).
    assert!(g3.parse_move("b1@1c3@2").is_err());
    let n = g3.parse_move("b1@1b3@2").unwrap();
    assert_eq!(g3.format_move(n), "b1@1b3@2");
    assert!(g3.parse_move("b1@1d1@2").is_ok());
    assert!(
        g3.parse_move("e2e4").is_err(),
        "a cell needs its height on 8 heights"
    );
    let g1 = Chess3d::new(&Chess3dConfig::from_pairs([("heights", "1")]).unwrap()).unwrap();
    let m1 = g1.parse_move("e2e4").unwrap();
    assert_eq!(g1.format_move(m1), "e2e4");
    let promo = fide("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let q = promo.parse_move("e7e8q").unwrap();
    assert_eq!(promo.format_move(q), "e7e8q");
    let castle = fide("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(
        castle.format_move(castle.parse_move("e1g1").unwrap()),
        "e1g1"
    );
}

/// C3-51: malformed move texts and illegal ones are told apart.
#[test]
fn c3_51_move_errors() {
    use variant_core::MoveError;
    let g = Chess3d::new(&Chess3dConfig::default()).unwrap();
    assert!(matches!(
        g.parse_move("e2@1e5@1"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        g.parse_move("e9@1e4@1"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        g.parse_move("hello"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(g.parse_move(""), Err(MoveError::Malformed { .. })));
    assert!(g.parse_move("e2@1e4@9").is_err());
}

/// C3-52: one height is exactly FEN (six fields, `1,1` accepted but never written); more
/// heights need the seventh field; the text is read back to itself.
#[test]
fn c3_52_position_text() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(fide(fen).to_text(), fen);
    assert_eq!(fide(&format!("{fen} 1,1")).to_text(), fen);
    let cfg = config("on");
    let two = boards(&["8/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/8"]);
    assert!(
        Chess3d::from_text(&cfg, &format!("{two} w - - 0 1")).is_err(),
        "no base heights"
    );
    assert!(
        Chess3d::from_text(&cfg, &format!("{two} w - - 0 1 1,3")).is_err(),
        "base out of range"
    );
    assert!(Chess3d::from_text(&cfg, &format!("{two} w - - 0 1 1,2")).is_ok());
    let g = engine(&format!("{two} w - - 0 1 2,1"), "on");
    assert_eq!(g.base_heights(), (2, 1));
    assert_eq!(g.heights(), 2);
}

/// C3-1: from one to eight heights; nine boards or none are errors.
#[test]
fn c3_1_heights_range() {
    let cfg = config("on");
    let nine = [E; 9].join("|");
    assert!(Chess3d::from_text(&cfg, &format!("{nine} w - - 0 1 1,1")).is_err());
    for h in 1..=8u8 {
        let c =
            Chess3dConfig::from_pairs([("heights", h.to_string().as_str()), ("black-base", "1")])
                .unwrap();
        let g = Chess3d::new(&c).unwrap();
        assert_eq!(g.heights(), h);
    }
}
