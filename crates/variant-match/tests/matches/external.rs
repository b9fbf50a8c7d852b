//! External engines that misbehave give errors, never hangs: one that is silent, one that
//! dies, one that answers an illegal move. The engines are small `sh` scripts.

use variant_games::History;
use variant_match::{Player, PlayerSpec, Rng};

fn player(spec: &str) -> Result<Player, String> {
    let game = variant_games::new_game("chess3d", "heights=1").unwrap();
    let spec = PlayerSpec::parse(spec).map_err(|e| e.to_string())?;
    Player::new(&spec, &game).map_err(|e| e.to_string())
}

#[test]
fn a_silent_engine_times_out() {
    let e = player("uci:sh,arg=-c,arg=sleep 30,timeout=200").unwrap_err();
    assert!(e.contains("no \"uciok\" within 200 ms"), "{e}");
}

#[test]
fn a_dying_engine_is_an_error() {
    let e = player("uci:sh,arg=-c,arg=exit 3").unwrap_err();
    // Whether it is gone before `uci` is written or after, the message says it exited.
    assert!(e.contains("(the engine exited: exit status: 3)"), "{e}");
}

const LIAR: &str = "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; \
                    go*) echo bestmove e2e5;; quit) exit;; esac; done";

#[test]
fn an_illegal_answer_is_an_error() {
    let mut p = player(&format!("uci:sh,arg=-c,arg={LIAR}")).expect("starts");
    p.new_game().expect("readyok");
    let game = variant_games::new_game("chess3d", "heights=1").unwrap();
    let e = p
        .choose(&History::new(game), &mut Rng::new(1))
        .unwrap_err()
        .to_string();
    assert!(e.contains("played \"e2e5\", not a legal move"), "{e}");
}

#[test]
fn an_error_about_an_option_is_reported() {
    let script = "while read l; do case \"$l\" in uci) echo uciok;; \
                  setoption*) echo info string error: no such option;; isready) echo readyok;; \
                  quit) exit;; esac; done";
    let e = player(&format!("uci:sh,arg=-c,arg={script}")).unwrap_err();
    assert!(e.contains("reports an error: no such option"), "{e}");
}
