//! Qubic through the command line: listed by `games`, played by a person to four in a line from
//! moves on standard input, saved and read back, and searched by `analyse`.

use crate::common;
use std::ffi::OsStr;

/// x's a1@1 b1@1 c1@1 d1@1 against o's a2@1 b2@1 c2@1: four in a line along the files of rank 1,
/// height 1.
const X_WINS: [&str; 7] = ["a1@1", "a2@1", "b1@1", "b2@1", "c1@1", "c2@1", "d1@1"];

#[test]
fn games_lists_qubic() {
    let games = common::games();
    assert!(games.iter().any(|g| g == "qubic"), "{games:?}");
}

#[test]
fn qubic_is_played_to_a_win_and_saved() {
    let dir = std::env::temp_dir().join(format!("variant-cli-qubic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let record = dir.join("qubic.json");
    let moves = format!("{}\n", X_WINS.join("\n"));
    let args = ["play", "qubic", "--quiet", "--save"].map(OsStr::new);
    let mut all = args.to_vec();
    all.push(record.as_os_str());
    let o = common::run(&all, Some(moves.as_bytes()));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("game over: x wins (four in a line)"), "{out}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).expect("the record is written"))
            .expect("the record is JSON");
    assert_eq!(saved["game"], "qubic");
    assert_eq!(saved["moves"], serde_json::json!(X_WINS));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyse_finds_the_win_in_one() {
    // x to move with a1@1 b1@1 c1@1 against o's a2@1 b2@1 c2@1: d1@1 completes the line.
    let position = "4/4/OOO1/XXX1|4/4/4/4|4/4/4/4|4/4/4/4 x";
    let args = ["analyse", "qubic", "--position", position, "--depth", "2"].map(OsStr::new);
    let o = common::run(&args, None);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let best = out.lines().find_map(|l| l.strip_prefix("bestmove "));
    assert!(
        best.is_some_and(|b| b.starts_with("d1@1 score mate 1")),
        "{out}"
    );
}
