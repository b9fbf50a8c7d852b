//! The web API of `variants serve` in-process (`variant_web::web_testing`): request bodies
//! from the input, sent to the server's own router — POST /api/games (with or without a start
//! position), moves, resign, draw, claim, undo, abort — as raw bytes or as JSON objects with
//! fuzzed fields and real ids and tokens; and the game's record as the page downloads it
//! (GET /api/games/{id}/record, JSON, PGN or a fuzzed format).
//!
//! Checked on every answer:
//! - never a 5xx (a panic in a handler is caught by the server and answered 500, so a 500 is
//!   how a panic shows here; an internal error is a 500 too);
//! - a refusal is a 4xx whose body is `{"error": text}`, the text one line, non-empty and
//!   under 600 bytes (the project's rule for messages);
//! - a refused request changes nothing: the game's state (GET) is the same before and after;
//! - every state the server answers names a position that reads again
//!   (`variant_games::from_text(game, config, position)`), and its `moves` are the legal moves there;
//! - a JSON record loads (`variant_games::history_from_json`) and ends at the game's position;
//!   a PGN record starts with its `[Event` tag and ends with the game's result.
//!
//! Input: game byte, configuration byte, players byte, then up to 12 requests (as many as the
//! input holds), each an op byte (create, move, an action or the record), a body-shape byte and
//! the body (up to the next newline for raw and text fields). `-max_len`: 512 bytes
//! (`fuzz/fuzz_targets/web_api.options`; [`MAX_LEN`]), room for twelve requests with bodies
//! (the seeds are at most 210 bytes).
//!
//! One server answers many executions ([`INPUTS_PER_SERVER`]): starting one (a runtime, the
//! in-memory SQLite database and its schema, the database thread) costs far more than an
//! execution's requests. Each execution creates its own game, whose id is 16 random hex
//! digits, and asks only about that game (or about ids made from the input, which name no
//! game), so what earlier executions left in the database changes no answer it checks; the
//! server is replaced after a few hundred executions so that the games they left do not pile
//! up in memory.

use crate::Bytes;
use serde_json::{Value, json};
use std::cell::RefCell;
use variant_games::variant_core::Game;
use variant_web::web_testing::Server;

/// The target's `-max_len` (`fuzz/fuzz_targets/web_api.options` says the same).
pub const MAX_LEN: usize = 512;

/// Executions one in-process server answers before a fresh one (an empty database) replaces
/// it.
pub const INPUTS_PER_SERVER: u32 = 256;

thread_local! {
    /// The server of this thread and the executions it has answered.
    static SERVER: RefCell<Option<(Server, u32)>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's server, starting a fresh one first when there is none or the
/// last one has answered [`INPUTS_PER_SERVER`] executions.
fn with_server(f: impl FnOnce(&Server)) {
    SERVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot
            .as_ref()
            .is_none_or(|(_, used)| *used >= INPUTS_PER_SERVER)
        {
            // The old server (its runtime and database thread) ends before the next starts.
            *slot = None;
            match Server::new() {
                Ok(server) => *slot = Some((server, 0)),
                Err(e) => panic!("the in-process server cannot start: {e}"),
            }
        }
        if let Some((server, used)) = slot.as_mut() {
            *used += 1;
            f(server);
        }
    });
}

const PLAYERS: &[&str] = &[
    "human",
    "engine",
    "engine:movetime=1",
    "engine:movetime=0",
    "robot",
];

/// A created game: its id and the token of every human seat.
struct Created {
    id: String,
    tokens: Vec<(String, String)>,
}

/// Checks one answer; returns its JSON when it is a success.
fn answer(what: &str, status: u16, body: &str) -> Option<Value> {
    assert!(
        status < 500,
        "{what}: the server answered {status} (a 500 is a caught panic or an internal error): {body}"
    );
    let parsed: Value = serde_json::from_str(body)
        .unwrap_or_else(|e| panic!("{what}: answer {status} is not JSON ({e}): {body:?}"));
    if status >= 400 {
        let Some(message) = parsed.get("error").and_then(Value::as_str) else {
            panic!("{what}: refusal {status} without an error text: {body}");
        };
        assert!(
            !message.is_empty() && !message.contains('\n') && message.len() < 600,
            "{what}: the error is not one short line ({} bytes): {message:?}",
            message.len()
        );
        return None;
    }
    Some(parsed)
}

/// A state the server answered names a position that reads again, with the same moves.
fn check_state(state: &Value) {
    let (Some(game), Some(position)) = (
        state.get("game").and_then(Value::as_str),
        state.get("position").and_then(Value::as_str),
    ) else {
        return;
    };
    let config = state.get("config").and_then(Value::as_str).unwrap_or("");
    let reread = variant_games::from_text(game, config, position).unwrap_or_else(|e| {
        panic!(
            "{game}: the server's position does not read again under {config:?}: {e}\n  {position}"
        )
    });
    let ongoing = state
        .get("status")
        .and_then(|s| s.get("result"))
        .and_then(Value::as_str)
        == Some("ongoing");
    if let Some(moves) = state.get("moves").and_then(Value::as_array)
        && ongoing
    {
        assert_eq!(
            moves.len(),
            reread.legal_move_texts().len(),
            "{game}: the state lists another number of moves than the position has at {position}"
        );
    }
}

/// The current state of a game (it must be answered).
fn state(server: &Server, id: &str) -> Value {
    let (status, body) = server.request("GET", &format!("/api/games/{id}"), b"");
    match answer("GET state", status, &body) {
        Some(v) => v,
        None => panic!("the state of a created game was refused: {status} {body}"),
    }
}

/// The record of game `id` as the page downloads it, in `format`: a refusal is a clean 4xx;
/// a JSON record loads and ends at the game's position (`state`, when the game exists); a PGN
/// record has its tags and ends with the game's result.
fn check_record(server: &Server, id: &str, format: &str, state: Option<&Value>) {
    let path = format!("/api/games/{id}/record?format={format}");
    let (status, body) = server.request("GET", &path, b"");
    if status != 200 {
        let refused = answer(&format!("GET {path}"), status, &body);
        assert!(refused.is_none(), "GET {path}: {status} is not a success");
        return;
    }
    let position = state
        .and_then(|s| s.get("position"))
        .and_then(Value::as_str);
    if format == "pgn" {
        assert!(
            body.starts_with("[Event "),
            "GET {path}: a PGN record without its Event tag: {body:?}"
        );
        let result = body.split_whitespace().last().unwrap_or("");
        assert!(
            ["1-0", "0-1", "1/2-1/2", "*"].contains(&result),
            "GET {path}: a PGN record that does not end with a result: {body:?}"
        );
        assert!(
            body.contains(&format!("[Result \"{result}\"]")),
            "GET {path}: the PGN record's Result tag is not the result it ends with: {body:?}"
        );
        return;
    }
    match variant_games::history_from_json(&body) {
        Ok(history) => {
            if let Some(position) = position {
                assert_eq!(
                    history.position().to_text(),
                    position,
                    "GET {path}: the record does not end at the game's position"
                );
            }
        }
        Err(e) => panic!(
            "GET {path}: the game's JSON record does not load: {e}
{body}"
        ),
    }
}

/// A text field: a real value, a fuzzed line, or nothing.
fn field(bytes: &mut Bytes<'_>, real: Option<&str>) -> Value {
    match bytes.byte() % 5 {
        0 | 1 => real.map_or(Value::Null, |r| json!(r)),
        2 => Value::Null,
        3 => json!(String::from_utf8_lossy(bytes.until_newline())),
        _ => json!(bytes.byte()),
    }
}

/// One execution of the target on fuzz input `data` (panics on a broken invariant).
pub fn run(data: &[u8]) {
    with_server(|server| execute(server, data));
}

/// One execution on `server`.
fn execute(server: &Server, data: &[u8]) {
    let mut bytes = Bytes::new(data);
    // Every game of the registry, so a game added there is fuzzed without an edit here.
    let names = variant_games::registry::names();
    let Some(&name) = names.get(bytes.below(names.len())) else {
        return;
    };
    let config = crate::listed_config(name, bytes.below(crate::configs_of(name).len()));
    let players_byte = bytes.byte();
    let mut players = serde_json::Map::new();
    if players_byte % 4 == 3 {
        // One seat with a fuzzed or engine player.
        let seat = ["white", "black", "grey", "pink", "red"][usize::from(players_byte / 4) % 5];
        players.insert(
            seat.into(),
            json!(PLAYERS[usize::from(players_byte / 32) % PLAYERS.len()]),
        );
    }
    let create = json!({"game": name, "config": config, "players": players,
                        "one_token": players_byte % 8 == 1});
    let (status, body) = server.request("POST", "/api/games", create.to_string().as_bytes());
    let created = answer("create", status, &body).and_then(|v| {
        let id = v.get("id")?.as_str()?.to_string();
        let tokens = v
            .get("tokens")?
            .as_object()?
            .iter()
            .filter_map(|(seat, t)| Some((seat.clone(), t.as_str()?.to_string())))
            .collect();
        Some(Created { id, tokens })
    });
    for _ in 0..12 {
        if bytes.is_empty() {
            break;
        }
        let op = bytes.byte();
        let shape = bytes.byte();
        let id = match &created {
            Some(c) if shape % 8 != 7 => c.id.clone(),
            _ => String::from_utf8_lossy(bytes.until_newline())
                .chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect(),
        };
        let token = created.as_ref().and_then(|c| {
            c.tokens
                .get(usize::from(shape / 8) % c.tokens.len().max(1))
                .map(|(_, t)| t.clone())
        });
        let seat = created.as_ref().and_then(|c| {
            c.tokens
                .get(usize::from(shape / 16) % c.tokens.len().max(1))
                .map(|(s, _)| s.clone())
        });
        let before = created.as_ref().map(|c| state(server, &c.id));
        if op % 9 == 8 {
            let format = match shape % 4 {
                0 | 1 => "json".to_string(),
                2 => "pgn".to_string(),
                _ => String::from_utf8_lossy(bytes.until_newline())
                    .chars()
                    .filter(char::is_ascii_alphanumeric)
                    .collect(),
            };
            check_record(server, &id, &format, before.as_ref());
            continue;
        }
        let (path, body): (String, Vec<u8>) = match op % 9 {
            0 => {
                // Create, with a raw or a half-valid body.
                let body = if shape.is_multiple_of(2) {
                    bytes.until_newline().to_vec()
                } else {
                    // A start position: the game's current one (real), or fuzzed text.
                    let position = before
                        .as_ref()
                        .and_then(|s| s.get("position"))
                        .and_then(Value::as_str)
                        .map(str::to_string);
                    json!({"game": field(&mut bytes, Some(name)),
                           "config": field(&mut bytes, Some(config)),
                           "players": {"white": field(&mut bytes, Some("human"))},
                           "position": field(&mut bytes, position.as_deref())})
                    .to_string()
                    .into_bytes()
                };
                ("/api/games".into(), body)
            }
            1 | 2 => {
                // A move: one of the listed moves, or fuzzed text, or a raw body.
                let listed: Vec<String> = before
                    .as_ref()
                    .and_then(|s| s.get("moves"))
                    .and_then(Value::as_array)
                    .map(|m| {
                        m.iter()
                            .filter_map(|x| x.as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default();
                let pick = listed.get(bytes.below(listed.len().max(1))).cloned();
                let body = if shape % 4 == 3 {
                    bytes.until_newline().to_vec()
                } else {
                    json!({"move": field(&mut bytes, pick.as_deref()),
                           "token": field(&mut bytes, token.as_deref())})
                    .to_string()
                    .into_bytes()
                };
                (format!("/api/games/{id}/moves"), body)
            }
            action => {
                let verb = ["resign", "draw", "claim", "undo", "abort"][usize::from(action) - 3];
                let body = if shape % 4 == 3 {
                    bytes.until_newline().to_vec()
                } else {
                    let mut object = json!({"token": field(&mut bytes, token.as_deref())});
                    if shape % 4 == 2 {
                        object["seat"] = field(&mut bytes, seat.as_deref());
                    }
                    if shape % 16 == 1 {
                        object["unknown"] = json!(1);
                    }
                    object.to_string().into_bytes()
                };
                (format!("/api/games/{id}/{verb}"), body)
            }
        };
        let (status, text) = server.request("POST", &path, &body);
        let what = format!("POST {path} {}", String::from_utf8_lossy(&body));
        match answer(&what, status, &text) {
            Some(reply) => check_state(&reply),
            None => {
                if let (Some(c), Some(before)) = (&created, &before) {
                    assert_eq!(
                        &state(server, &c.id),
                        before,
                        "{what}: refused with {status}, yet the game changed"
                    );
                }
            }
        }
    }
    if let Some(c) = &created {
        check_state(&state(server, &c.id));
    }
}
