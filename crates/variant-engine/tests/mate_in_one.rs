//! `variants analyse`'s acceptance point: a position with a mate (a win) in one gets a move
//! that wins and a mate score, in every game. The positions were found by random play with a
//! brute-force test of every legal move; each test re-checks independently, through the rule
//! engine's own `Game::status`, that the engine's move ends the game with the mover winning.

use variant_core::{GameConfig, Status};
use variant_engine::{Limits, SearchGame, Searcher};

fn assert_wins_in_one<G: SearchGame>(config: &[(&str, &str)], text: &str, expected: &[&str]) {
    let config = G::Config::from_pairs(config.iter().copied()).expect("configuration");
    let game = G::from_text(&config, text).expect("position");
    let mut searcher = Searcher::new();
    let result = searcher.search(&game, &[], &Limits::depth(2), None, |_| {});
    let best = result.best.expect("a legal move");
    let mover = game.side_to_move();
    let mut after = game.clone();
    after.play_unchecked(best);
    assert!(
        matches!(after.status(), Status::Win { winner, .. } if winner == mover),
        "{} does not win: {}",
        game.format_move(best),
        after.status()
    );
    assert!(expected.contains(&game.format_move(best).as_str()));
    assert_eq!(result.score.mate_in(), Some(1), "score {}", result.score);
    assert_eq!(result.score.mate_plies(), Some(1));
}

/// C3-21 checkmate, one height (FIDE chess): ...Qd1#.
#[test]
#[cfg(feature = "chess3d")]
fn chess3d_one_height() {
    assert_wins_in_one::<chess3d::Chess3d>(
        &[("heights", "1")],
        "3n3r/1r1p1kb1/7p/pP1P3P/1P3p2/3N1b2/3K4/2B3q1 b - - 2 65",
        &["g1d1"],
    );
}

/// C3-21 checkmate with two heights (C3-12 barrier in play).
#[test]
#[cfg(feature = "chess3d")]
fn chess3d_two_heights() {
    assert_wins_in_one::<chess3d::Chess3d>(
        &[("heights", "2")],
        "8/8/3N4/1N6/7p/1p6/7p/6k1|6n1/8/8/2P5/8/1P3K2/8/8 w - - 0 144 1,2",
        &["f3@2g2@2"],
    );
}

/// C3-21 checkmate with eight heights: a capture from height 3 down onto height 2.
#[test]
#[cfg(feature = "chess3d")]
fn chess3d_eight_heights() {
    assert_wins_in_one::<chess3d::Chess3d>(
        &[("heights", "8")],
        "8/8/8/3K4/8/8/8/2R5|b7/7B/8/8/8/4p3/8/8|8/8/1rq4k/3P4/7N/2P5/8/8|8/7P/8/3p2N1/PP6/8/8/8|\
         8/8/8/8/8/5p2/8/8|8/8/pp2r3/8/7p/8/8/8|8/4p3/8/8/8/8/8/8|8/8/8/6n1/8/8/8/8 b - - 0 188 1,8",
        &["c6@3d5@2"],
    );
}

/// B4-13/B4-20: Grey mates its left neighbour Black; the short game ends.
#[test]
#[cfg(feature = "bishops4p")]
fn bishops4p_four_players() {
    assert_wins_in_one::<bishops4p::Bishops>(
        &[],
        "1,bR,2,bB,4,bR,2/1,gR,2,bP,bK,2,pN,3/1,gP,gN,pR,3,gB,4/1,gP,3,bP,3,bP,2/\
         gB,gQ,gP,8,pB/2,gP,bN,bB,2,pP,3,pK/gK,wN,2,gP,3,pP,3/8,pP,3/\
         1,gP,wP,2,gP,2,pQ,pP,pB,pN/gR,1,wR,3,wP,3,pP,1/5,wP,1,wP,1,wP,2/\
         5,wQ,wK,1,wN,1,wR,1 g wgbp w:-,g:-,b:-,p:- - 0 0 short - ",
        &["b11e11"],
    );
}

/// B4-23 three players: Black mates Pink.
#[test]
#[cfg(feature = "bishops4p")]
fn bishops4p_three_players() {
    assert_wins_in_one::<bishops4p::Bishops>(
        &[("players", "3")],
        "4,bB,bK,bQ,1,bN,pR,2/1,bN,bP,bP,bP,bP,2,bP,3/6,bP,bP,2,pP,1/1,wN,8,pP,pN/\
         1,wQ,8,pP,pB/8,pP,1,pN,pK/1,bB,8,pP,pQ/10,pP,pB/bR,9,pP,1/10,pP,wR/\
         2,wP,wP,wP,wP,wP,wP,wP,wP,2/2,wR,wN,wB,1,wK,wB,4 b wbp w:Q,g:-,b:-,p:- - 1 0 short -",
        &["g12k8"],
    );
}

/// CT-35: the Scout takes the White King (CT-12: no superiority needed).
#[test]
#[cfg(feature = "chess-t")]
fn chess_t() {
    assert_wins_in_one::<chess_t::ChessT>(
        &[],
        "1rp1kpr1/nn2cnn1/R2nn3/s2Sn2n/N1K1N2N/6NP/N1N4N/2P1C1SR b Pp 8 20",
        &["a5c4"],
    );
}

/// D3-20 (no legal move loses): White's capture leaves Black without a piece.
#[test]
#[cfg(feature = "checkers3d")]
fn checkers3d_one_height() {
    assert_wins_in_one::<checkers3d::Checkers3d>(
        &[("heights", "1")],
        "W:Wa1,e1,Kf8,h2:Bg3",
        &["h2:f4"],
    );
}
