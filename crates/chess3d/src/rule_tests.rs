//! Unit tests named after the rules of `rules/chess3d.md` (hand-counted expectations, each
//! count explained next to it).

use crate::{Chess3d, Chess3dConfig, Piece};
use variant_core::grid3::Cell3;
use variant_core::{DrawReason, Game, GameConfig, RemovalTable, Seat, Status, WinReason};

const E: &str = "8/8/8/8/8/8/8/8";

/// A position from boards (height 1 first) and the remaining fields.
fn pos(boards: &[&str], rest: &str) -> Chess3d {
    pos_with(&Chess3dConfig::default(), boards, rest)
}

fn pos_with(config: &Chess3dConfig, boards: &[&str], rest: &str) -> Chess3d {
    let text = format!("{} {rest}", boards.join("|"));
    Chess3d::from_text(config, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(g: &Chess3d) -> Vec<String> {
    let mut list = <Chess3d as Game>::MoveList::default();
    g.legal_moves_into(&mut list);
    assert_eq!(
        list.len() as u64,
        g.count_legal_moves(),
        "bulk count = list length"
    );
    list.iter().map(|&m| g.format_move(m)).collect()
}

fn moves_from(g: &Chess3d, cell: &str) -> Vec<String> {
    let mut v: Vec<String> = moves(g)
        .into_iter()
        .filter(|m| m.starts_with(cell))
        .collect();
    v.sort();
    v
}

/// Three heights, Lw=1, Lb=3, White king a1@1, Black king h8@3 (both in their base cubes),
/// and `piece` (upper case White) on d4@2.
fn lone(piece: char) -> Chess3d {
    pos(
        &[
            "8/8/8/8/8/8/8/K7",
            &format!("8/8/8/8/3{piece}4/8/8/8"),
            "7k/8/8/8/8/8/8/8",
        ],
        "w - - 0 1 1,3",
    )
}

#[test]
fn c3_1_cells_and_heights() {
    let g = Chess3d::new(&Chess3dConfig::with_heights(3)).unwrap();
    assert_eq!(g.heights(), 3);
    assert_eq!(
        g.piece_at(Cell3::new(4, 0, 0)),
        Some((Seat(0), Piece::King))
    );
    assert_eq!(
        g.piece_at(Cell3::new(4, 7, 2)),
        Some((Seat(1), Piece::King))
    );
    assert_eq!(
        g.piece_at(Cell3::new(4, 7, 3)),
        None,
        "height 4 does not exist"
    );
    for h in 1..=8 {
        assert!(Chess3d::new(&Chess3dConfig::with_heights(h)).is_ok());
    }
}

#[test]
fn c3_7_king_has_26_steps() {
    // d4@2 in the middle of three heights: 8 in its plane + 9 above + 9 below.
    let g = pos(
        &[E, "8/8/8/8/3K4/8/8/8", "7k/8/8/8/8/8/8/8"],
        "w - - 0 1 1,3",
    );
    assert_eq!(moves_from(&g, "d4@2").len(), 26);
}

#[test]
fn c3_8_queen_slides_in_26_directions() {
    // d4@2: 27 in-plane cells (as in 2D) + 9 cells on each neighbouring height.
    assert_eq!(moves_from(&lone('Q'), "d4@2").len(), 27 + 18);
}

#[test]
fn c3_9_rook_slides_orthogonally_and_vertically() {
    // 14 in-plane + d4@1 and d4@3.
    let m = moves_from(&lone('R'), "d4@2");
    assert_eq!(m.len(), 16);
    assert!(m.contains(&"d4@2d4@1".to_string()) && m.contains(&"d4@2d4@3".to_string()));
}

#[test]
fn c3_10_bishop_keeps_its_colour() {
    // 13 plane diagonals + 4 cube diagonals on each neighbouring height; no main diagonals.
    let g = lone('B');
    let m = moves_from(&g, "d4@2");
    assert_eq!(m.len(), 13 + 8);
    assert!(!m.contains(&"d4@2d5@3".to_string()));
    let mut list = <Chess3d as Game>::MoveList::default();
    g.legal_moves_into(&mut list);
    for mv in list.iter().filter(|m| m.from() == Cell3::new(3, 3, 1)) {
        assert!(
            mv.to().is_dark(),
            "C3-2: d4 is dark, so is every bishop destination"
        );
    }
}

#[test]
fn c3_11_knight_has_24_leaps() {
    // d4@4 of eight heights: 8 in-plane + 4 per height at ±1 (two along the plane) +
    // 4 per height at ±2 (one along the plane) = 24.
    let mut boards = vec![
        "8/8/8/8/8/8/8/K7",
        E,
        E,
        "8/8/8/8/3N4/8/8/8",
        E,
        E,
        E,
        "7k/8/8/8/8/8/8/8",
    ];
    let g = pos(&boards, "w - - 0 1 1,8");
    assert_eq!(moves_from(&g, "d4@4").len(), 24);
    // Near the bottom only the upward leaps remain: 8 + 4 + 4.
    boards[3] = E;
    boards[1] = "8/8/8/8/3N4/8/8/8";
    let g = pos(&boards, "w - - 0 1 1,8");
    assert_eq!(moves_from(&g, "d4@2").len(), 8 + 4 + 4 + 4);
}

#[test]
fn c3_12_barrier_is_asymmetric() {
    // H=2, Lw=1, Lb=2. The White rook on e8@1 stands under the Black king in its base cube:
    // the wall stops it (no check), so Black to move is a legal position.
    let g = pos(
        &["4R3/8/8/8/8/8/8/K7", "4k3/8/8/8/8/8/8/8"],
        "b - - 0 1 1,2",
    );
    assert!(!g.is_in_check(g.side_to_move()));
    // The rook's own moves: 7 on rank 8 + 7 on the e-file, none upwards.
    let w = pos(
        &["4R3/8/8/8/8/8/8/K7", "4k3/8/8/8/8/8/8/8"],
        "w - - 0 1 1,2",
    );
    assert_eq!(moves_from(&w, "e8@1").len(), 14);
    // A Black rook in its own base cube attacks out of it: the White king on e8@1 is in check.
    let g = pos(
        &["4K3/8/8/8/8/8/8/8", "k3r3/8/8/8/8/8/8/8"],
        "w - - 0 1 1,2",
    );
    assert!(g.is_in_check(g.side_to_move()));
}

#[test]
fn c3_13_c3_14_pawn_steps_towards_its_target_height() {
    // H=3, Lw=1, Lb=3: a White pawn on e4@2 has v=+1: e5@2, e4@3, e5@3, never down.
    let g = pos(
        &["8/8/8/8/8/8/8/K7", "8/8/8/8/4P3/8/8/8", "7k/8/8/8/8/8/8/8"],
        "w - - 0 1 1,3",
    );
    assert_eq!(moves_from(&g, "e4@2"), ["e4@2e4@3", "e4@2e5@2", "e4@2e5@3"]);
    // Common plane (Lw = Lb = 1): v = 0, only e5@2 … and the pawn on height 2 is not even
    // reachable, so use height 1.
    let g = pos(&["7k/8/8/8/4P3/8/8/K7", E], "w - - 0 1 1,1");
    assert_eq!(moves_from(&g, "e4@1"), ["e4@1e5@1"]);
}

#[test]
fn c3_15_double_steps() {
    // H=3, Lw=1, Lb=3: e3@1 e2@2 e3@2 + doubles e4@1 e2@3 e4@3.
    let g = pos(
        &["8/8/8/8/8/8/4P3/K7", E, "7k/8/8/8/8/8/8/8"],
        "w - - 0 1 1,3",
    );
    assert_eq!(moves_from(&g, "e2@1").len(), 6);
    // H=2: the vertical second step would pass the target height: e3@1 e2@2 e3@2 e4@1.
    let g = pos(&["8/8/8/8/8/8/4P3/K7", "7k/8/8/8/8/8/8/8"], "w - - 0 1 1,2");
    assert_eq!(
        moves_from(&g, "e2@1"),
        ["e2@1e2@2", "e2@1e3@1", "e2@1e3@2", "e2@1e4@1"]
    );
    // The double step sets the en-passant cell at the skipped cell (C3-17, C3-52); removal off,
    // else the emptied height 2 would go (3 pieces <= T(3)) and the cell with it (C3-31).
    let off = Chess3dConfig::default().with_removal(RemovalTable::OFF);
    let boards = ["8/8/8/8/8/8/4P3/K7", E, "7k/8/8/8/8/8/8/8"];
    let mut g = pos_with(&off, &boards, "w - - 0 1 1,3");
    g.play_text("e2@1e2@3").unwrap();
    assert_eq!(g.en_passant(), Some(Cell3::new(4, 1, 1)));
    let mut g = pos(&boards, "w - - 0 1 1,3");
    g.play_text("e2@1e2@3").unwrap();
    assert_eq!(
        (g.en_passant(), g.heights()),
        (None, 2),
        "C3-31: the cell goes with its height"
    );
}

#[test]
fn c3_16_pawn_captures() {
    // White pawn e2@1 (H=2, Lb=2) captures d3@1 (plane diagonal) and f3@2 (cube diagonal);
    // e3@2 straight ahead is blocked for its quiet steps, not capturable.
    let g = pos(
        &["8/8/8/8/8/3n4/4P3/K7", "7k/8/8/8/8/4nn2/8/8"],
        "w - - 0 1 1,2",
    );
    let m = moves_from(&g, "e2@1");
    assert!(m.contains(&"e2@1d3@1".to_string()));
    assert!(m.contains(&"e2@1f3@2".to_string()));
    assert!(!m.contains(&"e2@1e3@2".to_string()));
}

#[test]
fn c3_17_three_d_en_passant() {
    // H=3, Lw=1, Lb=3: White's d2@1 went to d2@3 over d2@2. Black pawns c3@2 (plane diagonal)
    // and e3@3 (cube diagonal, v=-1) can take on d2@2, removing the pawn on d2@3.
    let mut g = pos(
        &[
            "8/8/8/8/8/8/8/4K3",
            "8/8/8/8/8/2p5/8/8",
            "4k3/8/8/8/8/4p3/3P4/8",
        ],
        "b - d2@2 0 1 1,3",
    );
    let m = moves(&g);
    assert!(m.contains(&"c3@2d2@2".to_string()));
    assert!(m.contains(&"e3@3d2@2".to_string()));
    g.play_text("c3@2d2@2").unwrap();
    assert_eq!(
        g.piece_at(Cell3::new(3, 1, 2)),
        None,
        "the pawn on d2@3 is gone"
    );
    assert_eq!(
        g.piece_at(Cell3::new(3, 1, 1)),
        Some((Seat(1), Piece::Pawn))
    );
}

#[test]
fn c3_18_promotion_only_in_the_enemy_base_cubes() {
    // H=2, Lb=2: a7@2 promotes (4 moves); a7@1 steps to a8@1 (no promotion) or a7@2, never
    // into a8@2 (barrier); a8@1 is stuck.
    let g = pos(
        &["P7/1P6/8/8/8/8/8/K7", "8/P7/8/8/8/8/8/7k"],
        "w - - 0 1 1,2",
    );
    assert_eq!(
        moves_from(&g, "a7@2"),
        ["a7@2a8@2b", "a7@2a8@2n", "a7@2a8@2q", "a7@2a8@2r"]
    );
    assert_eq!(moves_from(&g, "b7@1"), ["b7@1b7@2", "b7@1b8@1"]);
    assert!(moves_from(&g, "a8@1").is_empty());
}

#[test]
fn c3_19_castling_and_the_barrier() {
    // A Black rook on f1@2 cannot attack f1@1 (White's base cube), so O-O is legal; a Black
    // rook on f2@1 (same height) forbids it.
    let g = pos(
        &["8/8/8/8/8/8/8/4K2R", "4k3/8/8/8/8/8/8/5r2"],
        "w K - 0 1 1,2",
    );
    assert!(moves(&g).contains(&"e1@1g1@1".to_string()));
    let g = pos(
        &["8/8/8/8/8/8/5r2/4K2R", "4k3/8/8/8/8/8/8/8"],
        "w K - 0 1 1,2",
    );
    assert!(!moves(&g).contains(&"e1@1g1@1".to_string()));
    let mut g = pos(
        &["8/8/8/8/8/8/8/R3K3", "4k3/8/8/8/8/8/8/8"],
        "w Q - 0 1 1,2",
    );
    g.play_text("e1@1c1@1").unwrap();
    assert_eq!(
        g.piece_at(Cell3::new(3, 0, 0)),
        Some((Seat(0), Piece::Rook))
    );
    assert_eq!(g.castling_rights(), "-");
}

#[test]
fn c3_20_legality_after_removal_frees_a_pin() {
    // H=3, Lw=Lb=1. The White knight e5@2 is pinned by the bishop f6@3 against the king d4@1
    // (cube diagonal). A leap to height 1 or 3 empties height 2, which is removed (4 pieces
    // <= T(3) = 6): the bishop drops to f6@2, off the line, so those 8 leaps are legal; the 8
    // in-plane leaps keep height 2 and stay illegal.
    let boards = [
        "7k/8/8/8/3K4/8/8/8",
        "8/8/8/4N3/8/8/8/8",
        "8/8/5b2/8/8/8/8/8",
    ];
    let g = pos(&boards, "w - - 0 1 1,1");
    assert_eq!(moves_from(&g, "e5@2").len(), 8);
    let off = Chess3dConfig::default().with_removal(RemovalTable::OFF);
    let g = pos_with(&off, &boards, "w - - 0 1 1,1");
    assert!(
        moves_from(&g, "e5@2").is_empty(),
        "without removal the knight is pinned"
    );
}

#[test]
fn c3_21_checkmate_stalemate_dead_and_75_moves() {
    let mut g = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        g.play_text(m).unwrap();
    }
    assert_eq!(
        g.status(),
        Status::Win {
            winner: Seat(1),
            reason: WinReason::Checkmate
        }
    );
    let s = pos(&["k7/8/1Q6/8/8/8/8/7K"], "b - - 0 1");
    assert_eq!(
        s.status(),
        Status::Draw {
            reason: DrawReason::Stalemate
        }
    );
    for dead in [
        "k7/8/8/8/8/8/8/7K",
        "k7/8/8/8/8/8/8/6NK",
        "k7/8/8/8/8/8/1b6/B6K",
    ] {
        let d = pos(&[dead], "w - - 0 1");
        assert_eq!(
            d.status(),
            Status::Draw {
                reason: DrawReason::DeadPosition
            },
            "{dead}"
        );
    }
    // Bishops on both colours can mate: not dead.
    assert_eq!(
        pos(&["k7/8/8/8/8/8/b7/B6K"], "w - - 0 1").status(),
        Status::Ongoing
    );
    // With more heights no material is dead.
    assert_eq!(
        pos(&["k7/8/8/8/8/8/8/7K", E], "w - - 0 1 1,1").status(),
        Status::Ongoing
    );
    let g = pos(&["k7/8/8/8/8/8/8/1R5K"], "w - - 150 100");
    assert_eq!(
        g.status(),
        Status::Draw {
            reason: DrawReason::AutomaticMoveRule
        }
    );
}

#[test]
fn c3_22_claims_and_repetition_identity() {
    let g = pos(&["k7/8/8/8/8/8/8/1R5K"], "w - - 100 80");
    assert_eq!(g.claimable_draw(), Some(DrawReason::MoveRule));
    assert_eq!(
        pos(&["k7/8/8/8/8/8/8/1R5K"], "w - - 99 80").claimable_draw(),
        None
    );
    let r = g.repetition_rules();
    assert_eq!((r.claim, r.automatic), (Some(3), Some(5)));
    // After 1. e4 no Black pawn can take en passant: the key ignores the e3 cell.
    let mut a = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    a.play_text("e2e4").unwrap();
    let b = pos(
        &["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"],
        "b KQkq - 0 1",
    );
    assert_ne!(a.zobrist(), b.zobrist());
    assert_eq!(a.repetition_key(), b.repetition_key());
    // When the capture is legal the cell counts.
    let c = pos(&["4k3/8/8/8/3Pp3/8/8/4K3"], "b - d3 0 1");
    let d = pos(&["4k3/8/8/8/3Pp3/8/8/4K3"], "b - - 0 1");
    assert_ne!(c.repetition_key(), d.repetition_key());
    // Base heights are part of the identity.
    let x = pos(&["4k3/8/8/8/8/8/8/4K3", E], "w - - 0 1 1,1");
    let y = pos(&["4k3/8/8/8/8/8/8/4K3", E], "w - - 0 1 1,2");
    assert_ne!(x.repetition_key(), y.repetition_key());
}

#[test]
fn c3_23_resignation() {
    let mut g = Chess3d::new(&Chess3dConfig::default()).unwrap();
    assert_eq!(
        g.resign(Seat(0)),
        Ok(Some(Status::Win {
            winner: Seat(1),
            reason: WinReason::Resignation
        }))
    );
}

#[test]
fn c3_30_c3_31_c3_32_removal_cascades_to_fide() {
    // H=3, Lw=Lb=3, three pieces on height 3. After any move staying there: height 2 goes
    // (3 <= T(3) = 6), then height 1 (3 <= T(2) = 5): one height, base heights renumbered.
    let mut g = pos(&[E, E, "4k3/8/8/8/8/8/8/R3K3"], "w - - 7 1 3,3");
    g.play_text("a1@3a2@3").unwrap();
    assert_eq!(g.heights(), 1);
    assert_eq!(g.base_heights(), (1, 1));
    assert_eq!(
        g.to_text(),
        "4k3/8/8/8/8/8/R7/4K3 b - - 8 1",
        "C3-32: FIDE text, clock kept"
    );
    assert_eq!(g.config().get("heights").as_deref(), Some("1"));
    assert_eq!(g.zobrist(), g.compute_zobrist());
    // With removal off nothing happens.
    let off = Chess3dConfig::default().with_removal(RemovalTable::OFF);
    let mut g = pos_with(&off, &[E, E, "4k3/8/8/8/8/8/8/R3K3"], "w - - 7 1 3,3");
    g.play_text("a1@3a2@3").unwrap();
    assert_eq!(g.heights(), 3);
}

#[test]
fn c3_31_highest_removable_height_first_and_base_heights_stay() {
    // H=4, Lw=1, Lb=4, 12 pieces > T(4) = 7: no removal even though heights 2, 3 are empty.
    let full = pos(
        &["8/8/8/8/8/8/PPPP4/K7", E, E, "7k/pppp4/8/8/8/8/8/8"],
        "w - - 0 1 1,4",
    );
    let mut g = full.clone();
    g.play_text("a2@1a3@1").unwrap();
    assert_eq!(g.heights(), 4);
    // 4 pieces: after a move only one height goes per threshold step: height 3 first
    // (the highest empty one that is not a base height), then height 2 (4 <= T(3) = 6).
    let mut g = pos(
        &["8/8/8/8/8/8/P7/K7", E, E, "7k/p7/8/8/8/8/8/8"],
        "w - - 0 1 1,4",
    );
    g.play_text("a1@1b1@1").unwrap();
    assert_eq!(g.heights(), 2);
    assert_eq!(g.base_heights(), (1, 2));
}

#[test]
fn c3_50_c3_51_move_text() {
    let g = Chess3d::new(&Chess3dConfig::default()).unwrap();
    let m = g.parse_move("e2@1e4@1").unwrap();
    assert_eq!(g.format_move(m), "e2@1e4@1");
    assert_eq!(g.parse_move("e2@1-e4@1"), Ok(m));
    assert_eq!(g.parse_move("e2@1xe4@1"), Ok(m));
    assert!(matches!(
        g.parse_move("e2e4"),
        Err(variant_core::MoveError::Malformed { .. })
    ));
    assert!(matches!(
        g.parse_move("e2@1e5@1"),
        Err(variant_core::MoveError::Illegal { .. })
    ));
    assert!(matches!(
        g.parse_move("e7@8e5@8"),
        Err(variant_core::MoveError::Illegal { .. })
    ));
    assert!(matches!(
        g.parse_move("e2@1e4@1k"),
        Err(variant_core::MoveError::Malformed { .. })
    ));
    // C3-11: (0, 2, 1) is a knight vector.
    let b = g.parse_move("b1@1b3@2").unwrap();
    assert_eq!(b.from(), Cell3::new(1, 0, 0));
    assert_eq!(b.to(), Cell3::new(1, 2, 1));
    let f = Chess3d::new(&Chess3dConfig::with_heights(1)).unwrap();
    let m = f.parse_move("g1f3").unwrap();
    assert_eq!(f.format_move(m), "g1f3");
    assert_eq!(f.parse_move("g1@1f3@1"), Ok(m));
    let p = pos(&["k7/4P3/8/8/8/8/8/K7"], "w - - 0 1");
    let q = p.parse_move("e7e8q").unwrap();
    assert_eq!(q.promotion(), Some(Piece::Queen));
    assert!(matches!(
        p.parse_move("e7e8"),
        Err(variant_core::MoveError::Illegal { .. })
    ));
}

#[test]
fn c3_4_c3_5_c3_6_start_positions() {
    let g = Chess3d::new(
        &Chess3dConfig::with_heights(5)
            .with_white_base(2)
            .with_black_base(4),
    )
    .unwrap();
    assert_eq!(g.base_heights(), (2, 4));
    assert_eq!(
        g.piece_at(Cell3::new(4, 0, 1)),
        Some((Seat(0), Piece::King))
    );
    assert_eq!(
        g.piece_at(Cell3::new(3, 7, 3)),
        Some((Seat(1), Piece::Queen))
    );
    assert_eq!(g.side_to_move(), Seat(0));
    assert_eq!(g.piece_count(), 32);
    assert!(
        Chess3d::new(
            &Chess3dConfig::with_heights(2)
                .with_white_base(3)
                .with_black_base(1)
        )
        .is_err()
    );
    let c = Chess3dConfig::from_pairs([("heights", "4")]).unwrap();
    assert_eq!(Chess3d::new(&c).unwrap().base_heights(), (1, 4));
}

#[test]
fn c3_6_board_view_marks_the_base_cubes() {
    let g = Chess3d::new(&Chess3dConfig::with_heights(3)).unwrap();
    let view = g.board_view().unwrap();
    assert_eq!(view.boards.len(), 3);
    let e1 = view.boards[0].cell(4, 0).unwrap();
    assert_eq!(e1.mark, Some("base"));
    assert_eq!(e1.piece.as_ref().map(|p| p.symbol), Some('K'));
    assert_eq!(view.boards[1].cell(4, 0).unwrap().mark, None);
    assert_eq!(
        view.boards[2]
            .cell(3, 7)
            .unwrap()
            .piece
            .as_ref()
            .map(|p| p.seat),
        Some(Seat(1))
    );
}

/// Random playouts through sparse 3D positions where heights are removed (C3-20, C3-30,
/// C3-31): at every ply the bulk count equals the list, every move leaves the mover's king
/// safe after removal, the incremental hash equals the recomputed one, and the text reads back.
#[test]
fn c3_31_random_playouts_with_removal_keep_invariants() {
    let starts = [
        "8/8/8/8/8/8/1P6/R3K1N1|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|2bqk3/2p5/8/8/8/8/8/8 w Q - 0 1 1,4",
        "8/8/8/8/8/8/8/4K3|8/8/8/3Q4/8/8/8/8|8/8/8/8/8/8/8/8|8/8/2n5/8/8/8/8/8|8/8/8/8/8/8/8/8|4k3/p7/8/8/8/8/8/8 w - - 0 1 1,6",
        "4k3/8/8/8/8/8/8/4K3|8/8/3r4/8/8/8/8/8|8/8/8/8/4B3/8/8/8 w - - 0 1 1,1",
        "r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w KQkq - 0 1 1,1",
    ];
    let mut seed = 0x9E37_79B9u64;
    let mut removals = 0;
    for text in starts {
        for round in 0..12 {
            let mut g = Chess3d::from_text(&Chess3dConfig::default(), text).unwrap();
            for ply in 0..80 {
                let mut list = <Chess3d as Game>::MoveList::default();
                g.legal_moves_into(&mut list);
                assert_eq!(list.len() as u64, g.count_legal_moves());
                let here = format!("{text} round {round} ply {ply}: {}", g.to_text());
                for &mv in list.iter() {
                    let mut child = g.clone();
                    child.play_unchecked(mv);
                    assert!(
                        !child.king_attacked(g.side.index()),
                        "{here}: {} leaves the king in check",
                        g.format_move(mv)
                    );
                    assert_eq!(g.parse_move(&g.format_move(mv)), Ok(mv), "{here}");
                }
                if list.is_empty() {
                    assert!(g.status().is_over(), "{here}");
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let before = g.heights();
                g.play_unchecked(list[(seed >> 33) as usize % list.len()]);
                removals += (g.heights() < before) as u32;
                assert_eq!(g.zobrist(), g.compute_zobrist(), "{here}");
                let t = g.to_text();
                let back =
                    Chess3d::from_text(g.config(), &t).unwrap_or_else(|e| panic!("{t}: {e}"));
                assert_eq!(back, g, "{t}");
                assert_eq!(g.config().heights, g.heights());
            }
        }
    }
    assert!(removals > 20, "the playouts do remove heights ({removals})");
}
