//! Hand-made positions, one or more per rule id of the rules page (D3-n). Every expected
//! value is counted by hand; the comment says how.

use checkers3d::{Checkers3d, Checkers3dConfig};
use variant_core::{DrawReason, Game, GameConfig, History, MoveError, Seat, Status, WinReason};

fn config(pairs: &[(&str, &str)]) -> Checkers3dConfig {
    Checkers3dConfig::from_pairs(pairs.iter().copied()).unwrap()
}

fn pos(pairs: &[(&str, &str)], text: &str) -> Checkers3d {
    Checkers3d::from_text(&config(pairs), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(g: &Checkers3d) -> Vec<String> {
    let mut list = Default::default();
    g.legal_moves_into(&mut list);
    let list: &[checkers3d::Move] = &list;
    let mut v: Vec<String> = list.iter().map(|&m| g.format_move(m)).collect();
    v.sort();
    assert_eq!(
        g.count_legal_moves(),
        v.len() as u64,
        "bulk count of {}",
        g.to_text()
    );
    v
}

#[test]
fn d3_1_d3_3_start_position_uses_dark_cells_only() {
    // D3-3: 12 men a side on ranks 1–3 and 6–8, dark cells only (D3-1), White to move.
    let g = Checkers3d::new(&config(&[("heights", "1")])).unwrap();
    assert_eq!(
        g.to_text(),
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
    );
    assert_eq!(g.side_to_move(), Seat(0));
    // D3-1: a piece on a light cell is refused.
    let e = Checkers3d::from_text(&config(&[]), "W:Wb1:Bb8").unwrap_err();
    assert!(e.to_string().contains("light cell"), "{e}");
}

#[test]
fn d3_2_d3_3_several_heights_per_side() {
    // White on heights 1 and 2, Black on 3: 24 and 12 men.
    let g = Checkers3d::new(&config(&[("heights", "3"), ("white-heights", "1,2")])).unwrap();
    let text = g.to_text();
    assert_eq!(text.matches('@').count(), 36);
    assert!(text.ends_with(":H3:1,2/3"), "{text}");
    assert_eq!(g.config().get("white-base").unwrap(), "1,2");
}

#[test]
fn d3_5_d3_7_king_flies_along_the_cube_diagonal() {
    // A white king on a1@1 of 8 heights: along (1,1,0) b2@1 … h8@1 (7 cells) and along
    // (1,1,1) b2@2 … h8@8 (7 cells); every other direction leaves the box at once. 14 moves.
    let g = pos(&[], "W:WKa1@1:Bh2@1:H8:1/8");
    let m = moves(&g);
    assert_eq!(m.len(), 14, "{m:?}");
    assert!(m.contains(&"a1@1-h8@8".to_string()));
    assert!(m.contains(&"a1@1-h8@1".to_string()));
    assert!(!m.contains(&"a1@1-b2@3".to_string()));
}

#[test]
fn d3_6_man_steps_forward_up_down_or_level() {
    // White man c3@2 of 3 heights: b4 and d4 on heights 1, 2 and 3: 6 moves. Black's man on
    // f6@2 moves the other way: e5 and g5 on heights 1, 2, 3.
    let g = pos(&[("heights", "3")], "W:Wc3@2:Bf6@2:H3:1/3");
    assert_eq!(
        moves(&g),
        [
            "c3@2-b4@1",
            "c3@2-b4@2",
            "c3@2-b4@3",
            "c3@2-d4@1",
            "c3@2-d4@2",
            "c3@2-d4@3"
        ]
    );
    let g = pos(&[("heights", "3")], "B:Wc3@2:Bf6@2:H3:1/3");
    assert_eq!(
        moves(&g),
        [
            "f6@2-e5@1",
            "f6@2-e5@2",
            "f6@2-e5@3",
            "f6@2-g5@1",
            "f6@2-g5@2",
            "f6@2-g5@3"
        ]
    );
}

#[test]
fn d3_8_man_captures_across_heights_and_backwards() {
    // White man c3@2; black d4@3 is a cube-diagonal neighbour (jump to e5@4) and black d2@2 a
    // plane neighbour behind (jump backwards to e1@2). Neither capture continues: 2 moves.
    // (Removal off: with 2 pieces left the empty height 3 would go, D3-30.)
    let g = pos(
        &[("heights", "4"), ("removal", "off")],
        "W:Wc3@2:Bd2@2,d4@3:H4:1/4",
    );
    assert_eq!(moves(&g), ["c3@2:e1@2", "c3@2:e5@4"]);
    let mut after = g.clone();
    after.play_text("c3@2:e5@4").unwrap();
    assert_eq!(after.to_text(), "B:We5@4:Bd2@2:H4:1/4");
}

#[test]
fn d3_9_king_captures_along_the_cube_diagonal() {
    // King a1@1 flies over b2@2 and c3@3, takes d4@4 and may land on e5@5, f6@6, g7@7 or h8@8:
    // 4 moves, no continuation from any of them.
    let g = pos(&[], "W:WKa1@1:Bd4@4,h2@1:H8:1/8");
    assert_eq!(
        moves(&g),
        ["a1@1:e5@5", "a1@1:f6@6", "a1@1:g7@7", "a1@1:h8@8"]
    );
}

#[test]
fn d3_10_turkish_strike_captured_pieces_block() {
    // King c3@3; black d4@4 ahead on the cube diagonal and b2@2 behind it. Taking d4@4 lands
    // on e5@5 … h8@8 (4 moves); taking b2@2 lands on a1@1 (1 move). From e5@5 the way back
    // passes d4@4, which stays on the board until the move ends and blocks (if it were lifted
    // at once the king could go on over c3@3 to take b2@2, and the majority rule would keep
    // only those 2-piece captures). So 5 one-piece captures.
    let g = pos(&[], "W:WKc3@3:Bb2@2,d4@4:H8:1/8");
    assert_eq!(
        moves(&g),
        [
            "c3@3:a1@1",
            "c3@3:e5@5",
            "c3@3:f6@6",
            "c3@3:g7@7",
            "c3@3:h8@8"
        ]
    );
}

#[test]
fn d3_10_king_must_land_where_the_capture_goes_on() {
    // One height. King a1 takes c3 and may land d4 … h8; only from d4 can it take on (e3,
    // landing f2 or g1; from d4 also b6? no: b6 is not placed). So 2 moves, both via d4.
    let g = pos(&[("heights", "1")], "W:WKa1:Bc3,e3");
    assert_eq!(moves(&g), ["a1:d4:f2", "a1:d4:g1"]);
}

#[test]
fn d3_10_d3_14_loop_back_to_the_start_is_one_move() {
    // White man c3 with black d4, f4, f2, d2 around: the man can run the square clockwise
    // (c3:e5:g3:e1:c3) or anticlockwise (c3:e1:g3:e5:c3), ending on its own start (D3-10
    // allows it) with the same 4 pieces taken. It cannot jump d4 a second time. One move
    // (D3-14), written with the path that sorts first.
    for capture in ["majority", "free"] {
        let g = pos(
            &[("heights", "1"), ("capture", capture)],
            "W:Wc3:Bd2,d4,f2,f4",
        );
        assert_eq!(moves(&g), ["c3:e1:g3:e5:c3"]);
        // Both paths and the short form name the move.
        let a = g.parse_move("c3:e5:g3:e1:c3").unwrap();
        let b = g.parse_move("c3:e1:g3:e5:c3").unwrap();
        assert_eq!(a, b);
        assert_eq!(g.parse_move("c3:c3").unwrap(), a);
        assert_eq!(a.capture_count(), 4);
    }
}

#[test]
fn d3_50_a_one_piece_capture_text_is_not_read_as_a_short_form() {
    // Found by the reference comparison. Black man e5@3 (3 heights, free capture, end
    // promotion) can take f4@2 landing on g3@1 (1 piece), or run a loop of 5 captures that
    // also ends on g3@1. `e5@3:g3@1` is the whole path of the first, so it names that move;
    // the loop keeps its full path.
    let text = "B:Wa3@1,a5@3,b4@1,b4@2,b6@1,b8@1,c1@3,c5@3,d2@1,d4@2,d4@3,e3@2,f2@3,f4@2,f4@3,f8@1,f8@2,g1@3,g5@2,g5@3,g7@2,h4@1,h6@3:Ba3@2,b6@3,c7@1,c7@2,d6@1,d6@2,d6@3,d8@2,e1@2,e5@3,e7@2,h2@3,h4@2,h8@1,h8@3:H3:1/3";
    let g = pos(
        &[("capture", "free"), ("promotion", "end"), ("removal", "on")],
        text,
    );
    let m = moves(&g);
    assert!(m.contains(&"e5@3:g3@1".to_string()), "{m:?}");
    assert!(
        m.contains(&"e5@3:c3@1:a5@1:c3@3:e5@3:g3@1".to_string()),
        "{m:?}"
    );
    assert_eq!(g.parse_move("e5@3:g3@1").unwrap().capture_count(), 1);
    assert_eq!(
        g.parse_move("e5@3:c3@1:a5@1:c3@3:e5@3:g3@1")
            .unwrap()
            .capture_count(),
        5
    );
}

#[test]
fn d3_11_capture_is_compulsory() {
    let g = pos(&[("heights", "1")], "W:Wc3,g3:Bd4");
    assert_eq!(moves(&g), ["c3:e5"]);
    let e = g.parse_move("g3-h4").unwrap_err();
    assert!(matches!(e, MoveError::Illegal { .. }), "{e}");
    assert!(e.to_string().contains("D3-11"), "{e}");
}

#[test]
fn d3_12_majority_keeps_the_longest_3d_sequence() {
    // White man c3@1 (3 heights). Black b4@1 gives c3@1:a5@1 (1 piece); black d4@2 and f6@3
    // give c3@1:e5@3:g7@3 (up a height, then along the plane: 2 pieces). No other jump
    // exists from any landing cell. Majority keeps the 2-piece capture; free keeps both.
    let text = "W:Wc3@1:Bb4@1,d4@2,f6@3:H3:1/3";
    let g = pos(&[("heights", "3")], text);
    assert_eq!(moves(&g), ["c3@1:e5@3:g7@3"]);
    let g = pos(&[("heights", "3"), ("capture", "free")], text);
    assert_eq!(moves(&g), ["c3@1:a5@1", "c3@1:e5@3:g7@3"]);
    // Majority, as text: the 1-piece capture is refused with the reason.
    let g = pos(&[("heights", "3")], text);
    let e = g.parse_move("c3@1:a5@1").unwrap_err().to_string();
    assert!(e.contains("majority"), "{e}");
}

#[test]
fn d3_12_passing_promotion_continues_as_a_king_in_3d() {
    // 4 heights, Black's base height 4. White man b6@2 jumps c7@3 onto d8@4, a Black base
    // cube. Passing: it is a king at once and flies on along (1,-1,-1) over e7@3 to take
    // f6@2, landing on g5@1 (the only empty cell beyond): 1 move, promoted. At end: as a man
    // on d8@4 it has no adjacent enemy, so the move ends there and it promotes: 1 move.
    let text = "W:Wb6@2:Bc7@3,f6@2:H4:1/4";
    // (Removal off, so that the 4 heights stay for the check of the text.)
    let g = pos(&[("heights", "4"), ("removal", "off")], text);
    assert_eq!(moves(&g), ["b6@2:d8@4:g5@1"]);
    let mv = g.parse_move("b6@2:d8@4:g5@1").unwrap();
    assert!(mv.is_promotion());
    let mut after = g.clone();
    after.play_unchecked(mv);
    assert_eq!(after.to_text(), "B:WKg5@1:B:H4:1/4");
    let g = pos(&[("heights", "4"), ("promotion", "end")], text);
    assert_eq!(moves(&g), ["b6@2:d8@4"]);
    assert!(g.parse_move("b6@2:d8@4").unwrap().is_promotion());
}

#[test]
fn d3_12_at_end_a_man_passing_the_base_stays_a_man() {
    // One height. White man b6 takes c7 landing d8 (Black's base cube). Passing: a king, it
    // must take e7 and land on f6 (the only landing cell from which it takes on: d4, landing
    // c3, b2 or a1): 3 moves, promoted. At end: a man on d8 takes e7 landing f6, where no
    // enemy is adjacent: 1 move, not promoted.
    let text = "W:Wb6:Bc7,d4,e7";
    let g = pos(&[("heights", "1")], text);
    assert_eq!(moves(&g), ["b6:d8:f6:a1", "b6:d8:f6:b2", "b6:d8:f6:c3"]);
    let g = pos(&[("heights", "1"), ("promotion", "end")], text);
    assert_eq!(moves(&g), ["b6:d8:f6"]);
    assert!(!g.parse_move("b6:d8:f6").unwrap().is_promotion());
}

#[test]
fn d3_13_d3_4_promotion_from_an_adjacent_height_only_on_base_cubes() {
    // 3 heights, Black's base height 3. White man c7@2 steps to b8 or d8 on heights 1, 2, 3
    // (6 moves); only b8@3 and d8@3 are Black base cubes and promote (2 of 6).
    // (Removal off: it would take the emptied height 2 away, D3-30.)
    let g = pos(
        &[("heights", "3"), ("removal", "off")],
        "W:Wc7@2:Bh2@1:H3:1/3",
    );
    let m = moves(&g);
    assert_eq!(m.len(), 6, "{m:?}");
    let promoting: Vec<&String> = m
        .iter()
        .filter(|t| g.parse_move(t).unwrap().is_promotion())
        .collect();
    assert_eq!(promoting, ["c7@2-b8@3", "c7@2-d8@3"]);
    let mut after = g.clone();
    after.play_text("c7@2-d8@3").unwrap();
    assert_eq!(after.to_text(), "B:WKd8@3:Bh2@1:H3:1/3");
    // A man reaching the far rank outside the base cubes stays a man and is stuck there.
    let mut after = g.clone();
    after.play_text("c7@2-d8@1").unwrap();
    assert_eq!(after.to_text(), "B:Wd8@1:Bh2@1:H3:1/3");
    after.play_text("h2@1-g1@1").unwrap();
    assert!(
        moves(&after).is_empty(),
        "the white man on d8@1 cannot move"
    );
}

#[test]
fn d3_20_no_legal_move_loses() {
    // White's only man is blocked: a1 in front of b2 and black b2 with c3 behind it.
    let g = pos(&[("heights", "1")], "W:Wa1:Bb2,c3");
    assert!(moves(&g).is_empty());
    assert_eq!(
        g.status(),
        Status::Win {
            winner: Seat(1),
            reason: WinReason::NoLegalMoves
        }
    );
    // Black has no piece at all: Black, to move, has lost.
    let g = pos(&[("heights", "1")], "B:Wa1:B");
    assert_eq!(g.status().winner(), Some(Seat(0)));
    assert_eq!(g.status().to_string(), "seat 0 wins (no legal moves)");
    // White to move without pieces, in the 8-height box.
    let g = pos(&[], "W:W:Bb6@8:H8:1/8");
    assert_eq!(g.status().winner(), Some(Seat(1)));
}

#[test]
fn d3_20_a_board_without_any_piece_is_refused() {
    // D3-3, D3-8: every game starts with men on both sides and a move removes only the
    // opponent's pieces, so an empty board is no position of the game; both sides to move,
    // one height and eight.
    for (pairs, text) in [
        (&[("heights", "1")][..], "W:W:B"),
        (&[("heights", "1")][..], "B:W:B"),
        (&[][..], "W:W:B:H8:1/8"),
        (&[][..], "B:W:B:H3:1/3"),
    ] {
        let err = Checkers3d::from_text(&config(pairs), text).unwrap_err();
        assert!(
            err.to_string().contains("no piece of either side"),
            "{text}: {err}"
        );
    }
}

#[test]
fn d3_21_thirty_king_plies_draw_and_a_man_move_resets() {
    // The kings never stand on a common line, so no capture ever comes up.
    let mut g = pos(&[("heights", "1")], "W:WKa1,h2:BKh6");
    // A man move first: the counter stays 0.
    g.play_text("h2-g3").unwrap();
    assert_eq!(g.king_move_plies(), 0);
    let cycle = ["h6-g5", "a1-b2", "g5-h6", "b2-a1"];
    let mut plies = 0;
    while plies < 29 {
        g.play_text(cycle[plies % 4]).unwrap();
        plies += 1;
        assert_eq!(g.status(), Status::Ongoing, "after {plies} king plies");
    }
    g.play_text(cycle[plies % 4]).unwrap();
    assert_eq!(g.king_move_plies(), 30);
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::AutomaticMoveRule
        }
    );
    // The counter is not part of the text (D3-51 has no field): read back it starts at 0.
    let back = Checkers3d::from_text(g.config(), &g.to_text()).unwrap();
    assert_eq!(back.king_move_plies(), 0);
    assert_eq!(back.repetition_key(), g.repetition_key());
    assert_ne!(back.zobrist(), g.zobrist());
}

#[test]
fn d3_21_threefold_repetition_draws_by_itself() {
    let g = pos(&[("heights", "1")], "W:WKa1:BKh6");
    let mut h = History::new(g);
    for mv in [
        "a1-b2", "h6-g5", "b2-a1", "g5-h6", "a1-b2", "h6-g5", "b2-a1",
    ] {
        h.play_text(mv).unwrap();
        assert_eq!(h.status(), Status::Ongoing);
    }
    h.play_text("g5-h6").unwrap();
    assert_eq!(h.repetition_count(), 3);
    assert_eq!(
        h.status(),
        Status::Draw {
            reason: DrawReason::AutomaticRepetition
        }
    );
}

#[test]
fn d3_30_removal_cascades_after_a_multi_capture() {
    // 8 heights, bases 1 and 8. White man a1@1 climbs b2@2 → c3@3, d4@4 → e5@5,
    // f6@6 → g7@7 (3 pieces). Then 2 pieces remain (≤ T(8) = 13): heights 6, 5, 4, 3, 2 are
    // empty and hold no base cubes and go one after the other (T(7)=12 … T(3)=8 all hold);
    // height 7 (the man) and the bases 1 and 8 stay: 3 heights, the man on height 2.
    let g = pos(&[], "W:Wa1@1:Bb2@2,d4@4,f6@6,h8@8:H8:1/8");
    assert_eq!(moves(&g), ["a1@1:c3@3:e5@5:g7@7"]);
    let mut after = g.clone();
    after.play_text("a1@1:c3@3:e5@5:g7@7").unwrap();
    assert_eq!(after.to_text(), "B:Wg7@2:Bh8@3:H3:1/3");
    assert_eq!(after.config().get("heights").unwrap(), "3");
    assert_eq!(after.config().get("black-base").unwrap(), "3");
    assert_eq!(after.zobrist(), after.recompute_zobrist());
    // Off: nothing is removed.
    let g = pos(&[("removal", "off")], "W:Wa1@1:Bb2@2,d4@4,f6@6,h8@8:H8:1/8");
    let mut after = g.clone();
    after.play_text("a1@1:c3@3:e5@5:g7@7").unwrap();
    assert_eq!(after.to_text(), "B:Wg7@7:Bh8@8:H8:1/8");
}

#[test]
fn d3_30_quiet_move_removes_a_height_and_custom_tables() {
    // 3 heights, bases 1 and 3; the man on height 2 steps up to 3, emptying height 2.
    // 2 pieces ≤ T(3) = 8: height 2 goes.
    let g = pos(&[("heights", "3")], "W:Wc3@2:Bh6@3:H3:1/3");
    let mut after = g.clone();
    after.play_text("c3@2-d4@3").unwrap();
    assert_eq!(after.to_text(), "B:Wd4@2:Bh6@2:H2:1/2");
    // A table that leaves 3 heights out: no removal.
    let g = pos(
        &[("heights", "3"), ("removal", "7,-,9,10,11,12,13")],
        "W:Wc3@2:Bh6@3:H3:1/3",
    );
    let mut after = g.clone();
    after.play_text("c3@2-d4@3").unwrap();
    assert_eq!(after.to_text(), "B:Wd4@3:Bh6@3:H3:1/3");
}

#[test]
fn d3_50_move_notation_forms() {
    let g = Checkers3d::new(&Checkers3dConfig::default()).unwrap();
    let mv = g.parse_move("c3@1-d4@2").unwrap();
    assert_eq!(g.format_move(mv), "c3@1-d4@2");
    assert_eq!(mv.from().z, 0);
    assert_eq!(mv.to().z, 1);
    for bad in [
        "",
        "c3",
        "c3@1-",
        "c3@1-d4@2-e5@3",
        "z3@1-d4@2",
        "c3-d4",
        "c3@9-d4@1",
        "d3@1-e4@1",
    ] {
        assert!(
            matches!(g.parse_move(bad), Err(MoveError::Malformed { .. })),
            "{bad:?}"
        );
    }
    for illegal in ["c3@1-c5@1", "a1@1-c3@1", "c3@1:e5@1", "d6@8-c5@8"] {
        assert!(
            matches!(g.parse_move(illegal), Err(MoveError::Illegal { .. })),
            "{illegal:?}"
        );
    }
}

#[test]
fn d3_51_position_text_fields() {
    let text = "B:WKa1@2,c3@1:Bb8@3:H3:1,2/3";
    let g = pos(&[], text);
    assert_eq!(g.to_text(), text);
    assert_eq!(g.config().get("heights").unwrap(), "3");
    assert_eq!(g.config().get("white-base").unwrap(), "1,2");
    assert_eq!(g.config().get("black-base").unwrap(), "3");
    // Any order of cells is read; the writer sorts them.
    let g = pos(&[("heights", "1")], "W:Wc3,a1,Kd4:Bh6,b8");
    assert_eq!(g.to_text(), "W:Wa1,c3,Kd4:Bb8,h6");
    for bad in [
        "",
        "X:Wa1:Bb8",
        "W:Wa1",
        "W:Wa1:Bb8:H9",
        "W:Wa1@1:Bb8@2:H2:1/3",
        "W:Wa1,a1:Bb8",
        "W:Wa1:Bb8:Wc3",
        "W:Wh8@2:Ba1@1:H2:1/2",
        "W:Wa1@3:Bb8@1:H2",
        "W:Wa1:Bb8:junk",
    ] {
        assert!(
            Checkers3d::from_text(&Checkers3dConfig::default(), bad).is_err(),
            "{bad:?}"
        );
    }
}
