//! Hand-made positions for the rules of the page, each citing its rule id. Every expected value
//! is worked out by hand in the comments.

use crate::common;

use bishops4p::{Bishops, BishopsConfig, Phase};
use common::{config, moves, moves_from, play, pos};
use variant_core::{DrawReason, Game, MoveError, Seat, Status, WinReason};

const WHITE: Seat = Seat(0);
const GREY: Seat = Seat(1);
const BLACK: Seat = Seat(2);
const PINK: Seat = Seat(3);

/// The mate of Grey (B4-13): Grey's king a6 alone. White's rook a1→a3 checks along the a-file
/// (a4, a5 empty) and, through the king, also covers a7; Black's rook b12 covers the whole
/// b-file (b5, b6, b7); Pink's rook l7 covers rank 7 (a7, b7). Grey has no other piece, so no
/// block or capture: mated by White, with White's, Black's and Pink's pieces doing the work.
const GREY_MATE: &str = "wKg1 wRa1 gKa6 bKf12 bRb12 pKl5 pRl7";

#[test]
fn b4_13_mate_of_grey_by_white_with_three_colours() {
    let mut g = pos(GREY_MATE, "w wgbp - - 0 0 short -");
    assert!(moves(&g).contains(&"a1a3".to_string()));
    play(&mut g, &["a1a3"]);
    // B4-20: the first mate ends the short game; the mater wins; the mated player is to move.
    assert_eq!(
        g.status(),
        Status::Win {
            winner: WHITE,
            reason: WinReason::Checkmate
        }
    );
    assert_eq!(g.side_to_move(), GREY);
    assert!(g.is_in_check(GREY));
    // A finished game has no legal moves (B4-20).
    assert!(moves(&g).is_empty());
    assert_eq!(variant_core::perft::perft(&g, 1), 0);
}

/// B4-13: a White move that would mate Black (not its left neighbour) is illegal. Black's king
/// f12 behind its pawns e11 f11 g11; White's rook c1→c12 would check along rank 12 (d12, e12
/// empty) with e12 and g12 covered along the rank and no Black piece able to block or capture:
/// a mate of Black, so the move is absent, while c1c11 (no check) is there.
#[test]
fn b4_13_white_may_not_mate_black() {
    let g = pos(
        "wKg1 wRc1 gKa6 bKf12 bPe11 bPf11 bPg11 pKl7",
        "w wgbp - - 0 0 short -",
    );
    let list = moves(&g);
    assert!(!list.contains(&"c1c12".to_string()), "{list:?}");
    assert!(list.contains(&"c1c11".to_string()));
    assert!(matches!(
        g.parse_move("c1c12"),
        Err(MoveError::Illegal { .. })
    ));
    // With three players Black is White's left neighbour (B4-23): the same mate is legal and
    // wins the short game.
    let mut three = pos(
        "wKg1 wRc1 bKf12 bPe11 bPf11 bPg11 pKl7",
        "w wbp - - 0 0 short -",
    );
    play(&mut three, &["c1c12"]);
    assert_eq!(
        three.status(),
        Status::Win {
            winner: WHITE,
            reason: WinReason::Checkmate
        }
    );
}

/// B4-12: White checks Pink (rook h1→h7, i7 j7 k7 empty, king l7): Pink moves next, Grey and
/// Black lose their turn. Afterwards play goes on clockwise from Pink: White.
#[test]
fn b4_12_checked_player_moves_next() {
    let mut g = pos("wKg1 wRh1 gKa6 bKf12 pKl7", "w wgbp - - 0 0 short -");
    play(&mut g, &["h1h7"]);
    assert_eq!(g.side_to_move(), PINK);
    assert_eq!(g.checked_seats(), vec![PINK]);
    play(&mut g, &["l7l8"]);
    assert_eq!(g.side_to_move(), WHITE);
}

/// B4-12: a double check of two players. White's rook e1→e6 checks Grey (a6, b6–d6 empty) and
/// Pink (l6, f6–k6 empty). The first checked player clockwise after White moves: Grey. Grey
/// steps a6→a5 and Pink, still in check, moves next (Black jumped over).
#[test]
fn b4_12_double_check_ordering() {
    let mut g = pos("wKg1 wRe1 gKa6 bKf12 pKl6", "w wgbp - - 0 0 short -");
    play(&mut g, &["e1e6"]);
    assert_eq!(g.checked_seats(), vec![GREY, PINK]);
    assert_eq!(g.side_to_move(), GREY);
    play(&mut g, &["a6a5"]);
    assert_eq!(g.side_to_move(), PINK);
}

/// B4-14: a king may step onto a corner block only while its colour has a bishop; once there
/// it is immune (attacks ignored) and its bishops move as queens.
#[test]
fn b4_14_block_entry_immunity_and_queen_bishops() {
    // King c2 next to the block {a1 b1 a2 b2}: with a bishop it may enter b1 and b2.
    let with = pos("wKc2 wBh6 gKa6 bKf12 pKl7", "w wgbp - - 0 0 short -");
    let k = moves_from(&with, "c2");
    assert!(
        k.contains(&"c2b1".to_string()) && k.contains(&"c2b2".to_string()),
        "{k:?}"
    );
    // Without a bishop it may not.
    let without = pos("wKc2 wNh6 gKa6 bKf12 pKl7", "w wgbp - - 0 0 short -");
    let k = moves_from(&without, "c2");
    assert!(!k.iter().any(|m| m == "c2b1" || m == "c2b2"), "{k:?}");
    // In the block: Black's rook b12 attacks b2 along the b-file, but White is not in check,
    // and the king may even step to b1, also on that file.
    let immune = pos("wKb2 wBh6 gKa6 bKf12 bRb12 pKl7", "w wgbp - - 0 0 short -");
    assert!(!immune.is_in_check(WHITE));
    assert!(immune.is_in_block(WHITE));
    assert!(moves_from(&immune, "b2").contains(&"b2b1".to_string()));
}

/// B4-14: bishops as queens. Bishop e5 with its king on b2 (block): queen moves from e5 —
/// north e6–e12 7, south e4–e1 4, east f5–l5 7, west d5–a5 4, north-east f6–l12 7, north-west
/// d6 c7 b8 a9 4, south-east f4 g3 h2 i1 4, south-west d4 c3 (b2 is the own king) 2: 39.
/// With the king on c1 instead (not a block) only the diagonals: 7 + 4 + 4 + (d4 c3 b2 a1) 4
/// = 19.
#[test]
fn b4_14_bishops_move_as_queens() {
    let g = pos("wKb2 wBe5 gKa6 bKf12 pKl7", "w wgbp - - 0 0 short -");
    assert_eq!(moves_from(&g, "e5").len(), 39, "{:?}", moves_from(&g, "e5"));
    let g = pos("wKc1 wBe5 gKa6 bKf12 pKl7", "w wgbp - - 0 0 short -");
    assert_eq!(moves_from(&g, "e5").len(), 19);
}

/// B4-14: after the last bishop falls, the king in the block may only leave it, without
/// capture, to an unattacked empty cell; nothing else moves. Pink's queen l4 takes White's
/// bishop d4 (k4–e4 empty); White moves next. From b2 the outside cells are a3 b3 c3 c2 c1;
/// the queen on d4 covers c3 (diagonal): 4 moves, all by the king. The king is still immune.
#[test]
fn b4_14_forced_exit_after_the_last_bishop_falls() {
    let mut g = pos(
        "wKb2 wBd4 wRh5 gKa6 bKf12 pKl7 pQl4",
        "p wgbp - - 0 0 short -",
    );
    play(&mut g, &["l4d4"]);
    assert_eq!(g.side_to_move(), WHITE);
    assert_eq!(moves(&g), ["b2a3", "b2b3", "b2c1", "b2c2"]);
    assert!(!g.is_in_check(WHITE));
    // From the outer corner a1 the king may also step onto the block's other empty cells.
    let corner = pos("wKa1 wRh5 gKa6 bKf12 pKl7", "w wgbp - - 0 0 short -");
    assert_eq!(moves(&corner), ["a1a2", "a1b1", "a1b2"]);
}

/// B4-14/B4-15: waiting. King b2 without bishops; Black's rook c12 covers c1 c2 c3 (c-file),
/// Pink's rook l3 covers a3 b3 c3 (rank 3): no exit, so White's only move is a pass (its rook
/// h5 may not move). With three passes already, this fourth consecutive pass of the four
/// active players draws (B4-15).
#[test]
fn b4_14_waiting_and_b4_15_passes() {
    let g = pos(
        "wKb2 wRh5 gKa6 bKf12 bRc12 pKl7 pRl3",
        "w wgbp - - 0 0 short -",
    );
    assert_eq!(moves(&g), ["pass"]);
    let mut g = pos(
        "wKb2 wRh5 gKa6 bKf12 bRc12 pKl7 pRl3",
        "w wgbp - - 0 3 short -",
    );
    play(&mut g, &["pass"]);
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::Passes
        }
    );
    assert_eq!(g.consecutive_passes(), 4);
}

/// B4-15: a player in check whose every escape would mate a player other than its left
/// neighbour passes. White's king g1 is checked by Grey's rook a1 along rank 1 (b1–f1 empty);
/// f2 g2 h2 are White's own pawns, f1 is on the rook's rank and h1 is covered by Pink's bishop
/// l5 (k4 j3 i2 empty). The only escape is the block Qh5→d1 (g4 f3 e2 empty); but the queen on
/// d1 then checks Black's king d12 up the empty d-file, and Black (rooks c12 e12, pawns c11
/// e11, d11 on the file) can neither step, block nor capture: a mate of Black, who is not
/// White's left neighbour (B4-13). So White has no legal move and passes; it is not mated,
/// since the non-recursive escape exists.
#[test]
fn b4_15_pass_when_escapes_mate_others() {
    let g = pos(
        "wKg1 wPf2 wPg2 wPh2 wQh5 gKa6 gRa1 bKd12 bRc12 bRe12 bPc11 bPe11 pKl7 pBl5",
        "w wgbp - - 0 0 short -",
    );
    assert!(g.is_in_check(WHITE));
    assert_eq!(moves(&g), ["pass"]);
    assert_eq!(g.status(), Status::Ongoing);
    // After the pass Grey (not in check) moves, the next player clockwise.
    let mut g = g;
    play(&mut g, &["pass"]);
    assert_eq!(g.side_to_move(), GREY);
}

/// B4-7: the edge pawns may not capture outwards on their first move, but still attack.
#[test]
fn b4_7_edge_pawn_ban_with_attack() {
    // Grey knights on b3 and k3, White pawns c2 and j2: c2xb3 and j2xk3 are barred; a pawn on
    // d2 may take a knight on c3 as usual.
    let g = pos(
        "wKg1 wPc2 wPj2 wPd2 gKa6 gNb3 gNk3 gNc3 bKf12 pKl7",
        "w wgbp - - 0 0 short -",
    );
    let list = moves(&g);
    assert!(!list.contains(&"c2b3".to_string()));
    assert!(!list.contains(&"j2k3".to_string()));
    assert!(list.contains(&"d2c3".to_string()));
    // The c2 pawn still attacks b3: Grey's king there is in check.
    let g = pos("wKg1 wPc2 gKb3 bKf12 pKl7", "g wgbp - - 0 0 short -");
    assert!(g.is_in_check(GREY));
}

/// B4-6: pawns never enter the extreme files but attack them: White's pawn b5 checks Grey's
/// king a6, and may not capture a Grey knight there.
#[test]
fn b4_6_pawn_checks_on_an_extreme_file() {
    let g = pos("wKg1 wPb5 gKa6 bKf12 pKl7", "g wgbp - - 0 0 short -");
    assert!(g.is_in_check(GREY));
    let g = pos("wKg1 wPb5 gKa8 gNa6 bKf12 pKl7", "w wgbp - - 0 0 short -");
    assert!(!moves(&g).contains(&"b5a6".to_string()));
    assert_eq!(moves_from(&g, "b5"), ["b5b6"]);
}

/// B4-21: an elimination removes the army at once and can open a check. The Grey mate of
/// `GREY_MATE`, with a Grey bishop d5 blocking White's queen c5 from Pink's king l5 along
/// rank 5 (e5–k5 empty). The bishop cannot help Grey (it reaches none of a3 a4 a5), so
/// a1a3 still mates. In the long game Grey's army leaves; the queen now checks Pink, the first
/// checked player after White: Pink moves next (Black jumped over).
#[test]
fn b4_21_elimination_removes_the_army_and_opens_a_check() {
    let mut g = pos(
        "wKg1 wRa1 wQc5 gKa6 gBd5 bKf12 bRb12 pKl5 pRl7",
        "w wgbp - - 0 0 long -",
    );
    play(&mut g, &["a1a3"]);
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(g.active_seats(), vec![WHITE, BLACK, PINK]);
    assert_eq!(g.eliminated_seats(), vec![GREY]);
    assert_eq!(
        g.piece_at("d5".parse().unwrap()),
        None,
        "Grey's bishop d5 removed"
    );
    assert_eq!(g.side_to_move(), PINK);
    assert!(g.is_in_check(PINK));
    // B4-3: left neighbours recomputed: White's is now Black.
    assert_eq!(g.left_neighbour(WHITE), Some(BLACK));
}

/// B4-22: the duel. Three players (White, Black, Pink), long game; White mates Black
/// (c1→c12 along rank 12 as in `b4_13_white_may_not_mate_black`, Black being White's left
/// neighbour here). White and Pink remain: adjacent, Pink's next seat is White, so Pink's pawns
/// turn south. At once: White's pawn e10 (zone's far line northwards is rank 10) and Pink's
/// pawn k3 (far line southwards is rank 3) become queens. Castling is off.
#[test]
fn b4_22_duel_reorientation_and_instant_promotion() {
    let mut g = pos(
        "wKg1 wRc1 wPe10 bKf12 bPe11 bPf11 bPg11 pKl7 pPk3 pPh8",
        "w wbp - - 0 0 long -",
    );
    play(&mut g, &["c1c12"]);
    assert_eq!(g.phase(), Phase::Duel);
    assert_eq!(g.active_seats(), vec![WHITE, PINK]);
    assert_eq!(
        g.piece_at("e10".parse().unwrap()),
        Some((WHITE, bishops4p::Piece::Queen))
    );
    assert_eq!(
        g.piece_at("k3".parse().unwrap()),
        Some((PINK, bishops4p::Piece::Queen))
    );
    assert_eq!(
        g.piece_at("h8".parse().unwrap()),
        Some((PINK, bishops4p::Piece::Pawn))
    );
    assert_eq!(g.side_to_move(), PINK);
    // Directions in a duel without migration (every piece in the zone): Pink's pawn h8 steps
    // south (h8h7), White's pawn e5 north (e5e6).
    let d = pos("wKd4 wPe5 pKi9 pPh8", "p wp - - 0 0 duel -");
    assert_eq!(moves_from(&d, "h8"), ["h8h7"]);
    let d = pos("wKd4 wPe5 pKi9 pPh8", "w wp - - 0 0 duel -");
    assert_eq!(moves_from(&d, "e5"), ["e5e6"]);
    // A turned pawn reaching its far line becomes a queen at once: Pink's h4 → h3.
    let mut d = pos("wKd7 wPe5 pKi9 pPh4", "p wp - - 0 0 duel -");
    play(&mut d, &["h4h3"]);
    assert_eq!(
        d.piece_at("h3".parse().unwrap()),
        Some((PINK, bishops4p::Piece::Queen))
    );
}

/// B4-22: migration. White's king g1 is outside the zone (distance 2): White must move it, and
/// closer when possible: f2 g2 h2 (distance 1), not f1 h1 (distance 2); the queen e5 may not
/// move. Black's king f9 is inside.
#[test]
fn b4_22_migration_restricts_moves() {
    let g = pos("wKg1 wQe5 bKf9", "w wb - - 0 0 duel -");
    assert_eq!(moves(&g), ["g1f2", "g1g2", "g1h2"]);
    // Without migration (all in the zone) pieces in the zone never leave it: the queen e5 has
    // e6–e10 5, e4 e3 2, f5–j5 5, d5 c5 2, f6–j10 5, d6 c7 2, f4 g3 2, d4 c3 2 = 25 moves, the
    // king i4 its 8 neighbours (all in the zone): 33.
    let g = pos("wKi4 wQe5 bKc9", "w wb - - 0 0 duel -");
    let list = moves(&g);
    assert_eq!(list.len(), 33, "{list:?}");
    assert!(!list.contains(&"e5e1".to_string()));
    // While migrating (Black's rook a12 is outside the zone) no move may give check: the queen
    // may not go to d5 (d6–d8 empty up to Black's king d9); e6 gives no check.
    let g = pos("wKi4 wQe5 bKd9 bRa12", "w wb - - 0 0 duel -");
    assert!(!moves(&g).contains(&"e5d5".to_string()));
    assert!(moves(&g).contains(&"e5e6".to_string()));
}

/// B4-22: dead positions and stalemate in the duel are draws.
#[test]
fn b4_22_duel_draws() {
    let g = pos("wKd4 wNe5 bKi9", "w wb - - 0 0 duel -");
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::DeadPosition
        }
    );
    // Stalemate: Black's king c3 in the zone's corner may not leave the zone (b-file and rank 2
    // are outside).
    // Its zone neighbours c4 d4 d3: the queen e4 covers c4 (rank 4), d4, d3 (diagonal),
    // and the queen does not attack c3 (not on a line: dx −2, dy −1). Stalemate.
    let g = pos("wKh8 wQe4 bKc3", "b wb - - 0 0 duel -");
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::Stalemate
        }
    );
}

/// B4-23: White's two placements. 16 cells a3–b10: queen 16 + two knights × 16 = 48. After
/// the queen is placed on b7, Black and Pink move, and White has the knights: 2 × 15 = 30.
#[test]
fn b4_23_three_player_placements() {
    let mut g = Bishops::new(&config(&[("players", "3")])).unwrap();
    assert_eq!(g.pending_placements(), (true, true));
    assert_eq!(moves(&g).len(), 48);
    assert!(
        matches!(g.parse_move("N@b4"), Err(MoveError::Illegal { .. })),
        "two knights: ambiguous"
    );
    play(&mut g, &["Q@b7"]);
    assert_eq!(g.side_to_move(), BLACK);
    assert_eq!(
        g.piece_at("b7".parse().unwrap()),
        Some((WHITE, bishops4p::Piece::Queen))
    );
    play(&mut g, &["e11e10", "k6j6"]);
    assert_eq!(g.side_to_move(), WHITE);
    let list = moves(&g);
    assert_eq!(list.len(), 30, "{list:?}");
    assert!(
        list.iter()
            .all(|m| m.starts_with("Nd1@") || m.starts_with("Ni1@"))
    );
    play(&mut g, &["Ni1@a4"]);
    assert_eq!(g.pending_placements(), (false, false));
    // Then White moves normally: e.g. its other knight.
    play(&mut g, &["e10e9", "j6i6"]);
    assert!(moves(&g).contains(&"d1c3".to_string()));
}

/// B4-9: en passant is open to the next player to move only, with any pawn whose capture reaches
/// the skipped cell: Grey's pawn c4 (moving east, capturing to d5/d3) takes d3 after d2d4.
#[test]
fn b4_9_en_passant_by_the_next_player_only() {
    let mut g = pos(
        "wKg1 wPd2 gKa6 gPc4 bKf12 bPe5 pKl7",
        "w wgbp - - 0 0 short -",
    );
    play(&mut g, &["d2d4"]);
    assert!(moves(&g).contains(&"c4d3".to_string()));
    let mut taken = g.clone();
    play(&mut taken, &["c4d3"]);
    assert_eq!(
        taken.piece_at("d4".parse().unwrap()),
        None,
        "the d4 pawn is captured"
    );
    // If Grey does not take, the right is gone for good.
    play(&mut g, &["a6a7"]);
    assert!(!g.to_text().contains("d3w"));
    // With en passant off there is no such capture.
    let text = format!(
        "{} w wgbp - - 0 0 short -",
        common::placement("wKg1 wPd2 gKa6 gPc4 bKf12 pKl7")
    );
    let mut off = Bishops::from_text(&config(&[("en-passant", "off")]), &text).unwrap();
    play(&mut off, &["d2d4"]);
    assert!(!moves(&off).contains(&"c4d3".to_string()));
}

/// B4-10: castling short and long; the rook lands next to the king; not through an attacked
/// cell.
#[test]
fn b4_10_castling() {
    let mut g = pos(
        "wKg1 wRc1 wRj1 gKa6 bKf12 pKl7",
        "w wgbp w:KQ - 0 0 short -",
    );
    let k = moves_from(&g, "g1");
    assert!(
        k.contains(&"g1i1".to_string()) && k.contains(&"g1e1".to_string()),
        "{k:?}"
    );
    play(&mut g, &["g1i1"]);
    assert_eq!(
        g.piece_at("i1".parse().unwrap()),
        Some((WHITE, bishops4p::Piece::King))
    );
    assert_eq!(
        g.piece_at("h1".parse().unwrap()),
        Some((WHITE, bishops4p::Piece::Rook))
    );
    // A Black rook on h12 covers h1 (h-file): no short castling; long is still there.
    let g = pos(
        "wKg1 wRc1 wRj1 gKa6 bKf12 bRh12 pKl7",
        "w wgbp w:KQ - 0 0 short -",
    );
    let k = moves_from(&g, "g1");
    assert!(
        !k.contains(&"g1i1".to_string()) && k.contains(&"g1e1".to_string()),
        "{k:?}"
    );
    // Castling off by configuration.
    let g = Bishops::new(&config(&[("castling", "off")])).unwrap();
    assert!(g.to_text().contains("w:-,g:-,b:-,p:-"));
}

/// B4-8: promotion to a queen on the 12th rank.
#[test]
fn b4_8_promotion() {
    let mut g = pos("wKg1 wPe11 gKa6 bKh12 pKl7", "w wgbp - - 0 0 short -");
    play(&mut g, &["e11e12"]);
    assert_eq!(
        g.piece_at("e12".parse().unwrap()),
        Some((WHITE, bishops4p::Piece::Queen))
    );
}

/// B4-11: a move leaving the own king attacked is illegal: White's rook e2 is pinned by Black's
/// rook e12 against the king e1 and may only move along the e-file.
#[test]
fn b4_11_pins() {
    let g = pos("wKe1 wRe2 gKa6 bKf12 bRe12 pKl7", "w wgbp - - 0 0 short -");
    let r = moves_from(&g, "e2");
    assert!(r.iter().all(|m| m.starts_with("e2e")), "{r:?}");
    assert_eq!(r.len(), 10, "e3–e12: {r:?}");
}

/// B4-20: resignation. Short game: the right neighbour of the resigner wins. Long game: the
/// army leaves and play goes on.
#[test]
fn b4_20_b4_21_resignation() {
    let mut g = Bishops::new(&BishopsConfig::default()).unwrap();
    assert_eq!(
        g.resign(BLACK),
        Ok(Some(Status::Win {
            winner: GREY,
            reason: WinReason::Resignation
        }))
    );
    let mut g = Bishops::new(&config(&[("mode", "long")])).unwrap();
    assert_eq!(g.resign(WHITE), Ok(None));
    assert_eq!(g.active_seats(), vec![GREY, BLACK, PINK]);
    assert_eq!(g.side_to_move(), GREY);
    assert!(g.resign(WHITE).is_err());
    assert_eq!(g.resign(GREY), Ok(None));
    assert_eq!(g.phase(), Phase::Duel);
    assert_eq!(g.resign(BLACK), Ok(None));
    assert_eq!(
        g.status(),
        Status::Win {
            winner: PINK,
            reason: WinReason::LastPlayerStanding
        }
    );
}

/// B4-20: 50 moves per active player (200 plies with four) may be claimed; repetition 3.
#[test]
fn b4_20_move_count_and_repetition_rules() {
    let g = pos("wKg1 gKa6 bKf12 pKl7 wRc3", "w wgbp - - 199 0 short -");
    assert_eq!(g.claimable_draw(), None);
    let g = pos("wKg1 gKa6 bKf12 pKl7 wRc3", "w wgbp - - 200 0 short -");
    assert_eq!(g.claimable_draw(), Some(DrawReason::MoveRule));
    assert_eq!(g.repetition_rules().claim, Some(3));
    // Duel: 100 plies.
    let g = pos("wKd4 wRe5 bKi9", "w wb - - 100 0 duel -");
    assert_eq!(g.claimable_draw(), Some(DrawReason::MoveRule));
}

/// B4-5: pieces cross and stand on corner blocks; kings are never captured.
#[test]
fn b4_5_blocks_are_ordinary_cells_for_pieces() {
    let g = pos("wKg1 wRa5 gKc8 bKf12 pKl7", "w wgbp - - 0 0 short -");
    let r = moves_from(&g, "a5");
    assert!(
        r.contains(&"a5a1".to_string()) && r.contains(&"a5a12".to_string()),
        "{r:?}"
    );
    // Kings are never captured: with Grey's king on a8 there is no a5a8.
    let g = pos("wKg1 wRa5 gKa8 bKf12 pKl7", "w wgbp - - 0 0 short -");
    assert!(!moves_from(&g, "a5").contains(&"a5a8".to_string()));
}

/// B4-3: seats, names and neighbours.
#[test]
fn b4_3_seats() {
    let g = Bishops::new(&BishopsConfig::default()).unwrap();
    let names: Vec<&str> = (0..4).map(|s| g.seat_name(Seat(s))).collect();
    assert_eq!(names, ["white", "grey", "black", "pink"]);
    assert_eq!(g.seat_count(), 4);
    assert_eq!(g.left_neighbour(PINK), Some(WHITE));
    let three = Bishops::new(&config(&[("players", "3")])).unwrap();
    assert_eq!(three.seat_count(), 4);
    assert!(!three.is_active(GREY));
    assert_eq!(three.left_neighbour(WHITE), Some(BLACK));
    assert!(three.eliminated_seats().is_empty());
}

/// B4-22: blocks have no effect in the duel: a king there is not immune.
#[test]
fn b4_22_blocks_have_no_effect_in_the_duel() {
    let g = pos("wKb2 wBe5 bKi9 bRb12", "w wb - - 0 0 duel -");
    assert!(g.is_in_check(WHITE));
    assert!(!g.is_in_block(WHITE));
}

/// B4-1: the board is 12×12, files a–l, ranks 1–12, every cell usable (a rook from a1 reaches
/// l1 and a12; the queen on the long diagonal reaches l12).
#[test]
fn b4_1_the_board() {
    let g = pos("wKg2 wRa1 wQb2 gKa6 bKf12 pKl7", "w wgbp - - 0 0 short -");
    let r = moves_from(&g, "a1");
    // a1 → b1 … l1 (11) and a2 … a5 (a6 is Grey's king): 15.
    assert_eq!(r.len(), 15, "{r:?}");
    assert!(r.contains(&"a1l1".to_string()));
    assert!(moves_from(&g, "b2").contains(&"b2l12".to_string()));
    assert_eq!(g.piece_at("l12".parse().unwrap()), None);
    assert_eq!(bishops4p::Cell::new(12, 0), None);
    assert!(matches!(
        g.parse_move("a1m1"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        g.parse_move("a1a13"),
        Err(MoveError::Malformed { .. })
    ));
}
