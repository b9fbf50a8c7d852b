//! The game handle and the functions on it.

use crate::boundary::{Failure, ffi_boundary, ffi_boundary_void};
use crate::codec::fresh_stamp;
use crate::ptr::{
    TextOut, arg_mut, arg_out, arg_ref, arg_str, arg_str_or_empty, free_box, into_raw,
};
use crate::result::variants_result;
use crate::typed::build;
use std::ffi::c_char;
use variant_games::AnyGame;
use variant_games::variant_core::{Game, GameConfig, Seat};
use variant_games::variant_perft::{divide_parallel, perft};

/// A position of one of the games, with its configuration. Opaque: made by
/// `variants_game_new`, `variants_game_from_text` or `variants_game_clone`, released by
/// `variants_game_free`.
///
/// Functions taking `const variants_game *` only read it and may run on several threads at
/// once; `variants_game_play` changes it and must not run together with any other call on the
/// same handle.
#[allow(non_camel_case_types)]
#[derive(Debug)]
pub struct variants_game {
    /// The position (the facade's game chosen at run time).
    pub(crate) game: AnyGame,
    /// Changes whenever the position changes, and is copied with it: equal stamps mean equal
    /// positions (the key of the per-thread move cache, see `codec.rs`).
    pub(crate) stamp: u64,
}

impl variants_game {
    /// A handle for a new position.
    pub(crate) fn new(game: AnyGame) -> variants_game {
        variants_game {
            game,
            stamp: fresh_stamp(),
        }
    }

    /// The position for a change: the stamp is renewed (the caller changes the position).
    pub(crate) fn changing(&mut self) -> &mut AnyGame {
        self.stamp = fresh_stamp();
        &mut self.game
    }
}

/// Stores a new handle in `*out`.
pub(crate) fn hand_out(out: &mut std::mem::MaybeUninit<*mut variants_game>, game: AnyGame) {
    out.write(into_raw(variants_game::new(game)));
}

/// Creates the start position of `game` (a name from `variants_games`, e.g. `"chess3d"`)
/// under the configuration `config`: JSON (`{"heights":1}`), `key=value` pairs separated by
/// `;` (`"heights=1;removal=off"`), or NULL / `""` for the defaults.
///
/// On success `*out` receives a new handle that the caller releases with
/// `variants_game_free`; on failure `*out` is set to NULL (when `out` is not NULL).
/// Errors: `VARIANTS_NULL_ARGUMENT` (`game` or `out`), `VARIANTS_INVALID_UTF8`,
/// `VARIANTS_UNKNOWN_GAME`, `VARIANTS_BAD_CONFIG`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_new(
    game: *const c_char,
    config: *const c_char,
    out: *mut *mut variants_game,
) -> variants_result {
    ffi_boundary(|| {
        let out = arg_out(out, "out")?;
        out.write(std::ptr::null_mut());
        let name = arg_str(game, "game")?;
        // JSON, `key=value` pairs separated by `;` or newlines, or NULL / empty.
        let config = arg_str_or_empty(config, "config")?;
        hand_out(out, build(name, config, None)?);
        Ok(())
    })
}

/// Reads a position of `game` from `text` (the game's notation, as `variants_game_to_text`
/// writes it). What the text fixes (for the 3D games: heights and base heights) overrides the
/// defaults; keys given in `config` for the same things must agree with the text
/// (`VARIANTS_BAD_CONFIG` otherwise). `config` as in `variants_game_new`.
///
/// On success `*out` receives a new handle that the caller releases with
/// `variants_game_free`; on failure `*out` is set to NULL (when `out` is not NULL).
/// Errors: `VARIANTS_NULL_ARGUMENT` (`game`, `text` or `out`), `VARIANTS_INVALID_UTF8`,
/// `VARIANTS_UNKNOWN_GAME`, `VARIANTS_BAD_CONFIG`, `VARIANTS_BAD_POSITION`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_from_text(
    game: *const c_char,
    config: *const c_char,
    text: *const c_char,
    out: *mut *mut variants_game,
) -> variants_result {
    ffi_boundary(|| {
        let out = arg_out(out, "out")?;
        out.write(std::ptr::null_mut());
        let name = arg_str(game, "game")?;
        let text = arg_str(text, "text")?;
        let config = arg_str_or_empty(config, "config")?;
        hand_out(out, build(name, config, Some(text))?);
        Ok(())
    })
}

/// Copies a position: `*out` receives a new, independent handle (released with
/// `variants_game_free`), or NULL on failure.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_clone(
    game: *const variants_game,
    out: *mut *mut variants_game,
) -> variants_result {
    ffi_boundary(|| {
        let out = arg_out(out, "out")?;
        out.write(std::ptr::null_mut());
        let game = arg_ref(game, "game")?;
        out.write(into_raw(variants_game {
            game: game.game.clone(),
            stamp: game.stamp,
        }));
        Ok(())
    })
}

/// Releases a handle. NULL is accepted and ignored. The handle must not be used afterwards.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_free(game: *mut variants_game) {
    ffi_boundary_void(|| free_box(game));
}

/// Writes the name of the handle's game (e.g. `chess3d`). Buffer protocol as in
/// `variants_game_to_text`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_name(
    game: *const variants_game,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        TextOut::new(buf, len, written)?.write(game.game.name())
    })
}

/// Writes the configuration of the position as `key=value` pairs separated by `;`, every key
/// of the game with its value (e.g. `heights=1;white-base=1;black-base=1;removal=on` for
/// chess3d), in the form `variants_game_new` accepts. Buffer protocol as in `variants_game_to_text`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_config(
    game: *const variants_game,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let out = TextOut::new(buf, len, written)?;
        let pairs: Vec<String> = game
            .game
            .config()
            .to_pairs()
            .into_iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        out.write(&pairs.join(";"))
    })
}

/// Writes the position in the game's notation (for chess3d with one height: FEN), the form
/// `variants_game_from_text` reads.
///
/// Buffer protocol: `*written` receives the size of the whole text including its NUL; if that
/// exceeds `len`, the result is `VARIANTS_BUFFER_TOO_SMALL` and `buf` (when `len > 0`) holds an
/// empty string: call again with a buffer of `*written` bytes. `buf` may be NULL when `len` is
/// 0 (to ask for the size).
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_to_text(
    game: *const variants_game,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        TextOut::new(buf, len, written)?.write(&game.game.to_text())
    })
}

/// Writes the legal moves of the position in canonical notation, in generation order,
/// separated by `\n` (no trailing newline; an empty string when there is none). Buffer protocol
/// as in `variants_game_to_text`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_legal_moves(
    game: *const variants_game,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let out = TextOut::new(buf, len, written)?;
        out.write(&game.game.legal_move_texts().join("\n"))
    })
}

/// Writes the number of legal moves of the position into `*count`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_legal_move_count(
    game: *const variants_game,
    count: *mut u64,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        arg_out(count, "count")?.write(game.game.count_legal_moves());
        Ok(())
    })
}

/// Writes into `*exceeds` whether generating the legal moves of the position would take more
/// than `steps` capture steps. Only checkers3d can: finding its longest capture (the majority
/// rule, D3-12) is a longest-path search, and a few kings among dozens of men in the 3D box
/// can take minutes (docs/benchmarks.md, hostile positions). The answer costs at most about
/// `steps` steps (around 50 ns each); for the other games it is always `false`. A program
/// that accepts positions from untrusted sources asks this before listing or playing moves
/// and refuses the position when it says `true` (`variants serve` uses one million steps).
///
/// Errors: `VARIANTS_NULL_ARGUMENT`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_move_search_exceeds(
    game: *const variants_game,
    steps: u64,
    exceeds: *mut bool,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let out = arg_out(exceeds, "exceeds")?;
        out.write(game.game.move_search_exceeds(steps));
        Ok(())
    })
}

/// Plays `move` (in the game's notation; canonical forms as listed by
/// `variants_game_legal_moves` always work). On failure the position is unchanged.
///
/// Errors: `VARIANTS_NULL_ARGUMENT`, `VARIANTS_INVALID_UTF8`, `VARIANTS_BAD_MOVE` (not a move
/// in the notation), `VARIANTS_ILLEGAL_MOVE` (well formed, but not legal here; also when the
/// position has no legal move at all). Like perft, playing follows the move generator: a
/// position whose status is already decided (e.g. a dead position) still accepts its moves;
/// ask `variants_game_status` to know when a game has ended.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_play(
    game: *mut variants_game,
    r#move: *const c_char,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_mut(game, "game")?;
        let text = arg_str(r#move, "move")?;
        // Parsed before the stamp changes: a refused move leaves the handle as it was.
        let mv = game
            .game
            .parse_move(text)
            .map_err(variant_games::Error::from)?;
        game.changing().play_unchecked(mv);
        Ok(())
    })
}

/// The deepest perft `variants_game_perft` and `variants_game_perft_ex` count: a deeper count
/// could never finish (chess passes 2^64 leaves near depth 14) and is refused with
/// `VARIANTS_INVALID_ARGUMENT`.
pub const VARIANTS_PERFT_MAX_DEPTH: u32 = 64;

// The header needs a literal; it is the library's limit.
const _: () = assert!(VARIANTS_PERFT_MAX_DEPTH == variant_games::variant_core::perft::MAX_DEPTH);

/// Refuses a perft depth over [`VARIANTS_PERFT_MAX_DEPTH`]: such a count could never finish,
/// and its recursion could overflow the stack.
pub(crate) fn check_perft_depth(depth: u32) -> Result<(), Failure> {
    let max = VARIANTS_PERFT_MAX_DEPTH;
    if depth > max {
        return Err(Failure::new(
            variants_result::VARIANTS_INVALID_ARGUMENT,
            format!("perft depth {depth} is over the limit of {max} plies"),
        ));
    }
    Ok(())
}

/// Counts the leaves of the legal-move tree `depth` plies deep (perft with bulk counting; depth
/// 0 counts 1) into `*nodes`. `threads` = 1 counts on the calling thread; any other value
/// splits the work at the root over that many threads (0 = one per core). The call blocks until
/// done; large depths take long (they grow about 30-fold per ply in chess).
///
/// # Errors
///
/// `VARIANTS_NULL_ARGUMENT` (`game` or `nodes`), `VARIANTS_INVALID_ARGUMENT` for a depth over
/// 64 (`VARIANTS_PERFT_MAX_DEPTH`).
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_perft(
    game: *const variants_game,
    depth: u32,
    threads: u32,
    nodes: *mut u64,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let nodes = arg_out(nodes, "nodes")?;
        check_perft_depth(depth)?;
        // The facade's perft of the game (at the typed game's speed): the figure C callers
        // compare their own walks with.
        let count = if threads == 1 || depth <= 1 {
            perft(&game.game, depth)
        } else {
            let threads = usize::try_from(threads).unwrap_or(0);
            divide_parallel(&game.game, depth, threads, |_, _| {})
                .iter()
                .map(|(_, n)| n)
                .sum()
        };
        nodes.write(count);
        Ok(())
    })
}

/// Writes the seat to move into `*seat`: 0 = White (the first player), then in turn order
/// (1 = Black in the two-player games; "Bishops": 0 White, 1 Grey, 2 Black, 3 Pink).
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_side_to_move(
    game: *const variants_game,
    seat: *mut u32,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        arg_out(seat, "seat")?.write(u32::from(game.game.side_to_move().0));
        Ok(())
    })
}

/// Writes the number of seats (players) of the game into `*count`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_seat_count(
    game: *const variants_game,
    count: *mut u32,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let seats = u32::try_from(game.game.seat_count()).unwrap_or(u32::MAX);
        arg_out(count, "count")?.write(seats);
        Ok(())
    })
}

/// Writes the name of seat `seat` (e.g. `White`). `VARIANTS_INVALID_ARGUMENT` when the game
/// has no such seat. Buffer protocol as in `variants_game_to_text`.
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_seat_name(
    game: *const variants_game,
    seat: u32,
    buf: *mut c_char,
    len: usize,
    written: *mut usize,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        let out = TextOut::new(buf, len, written)?;
        let seats = game.game.seat_count();
        let index = u8::try_from(seat)
            .ok()
            .filter(|&s| usize::from(s) < seats)
            .ok_or_else(|| {
                Failure::new(
                    variants_result::VARIANTS_INVALID_ARGUMENT,
                    format!(
                        "seat {seat}: {} has seats 0 to {}",
                        game.game.name(),
                        seats.saturating_sub(1)
                    ),
                )
            })?;
        out.write(game.game.seat_name(Seat(index)))
    })
}

/// Writes the Zobrist hash of the position into `*hash` (equal positions hash equally).
#[unsafe(no_mangle)]
pub extern "C" fn variants_game_hash(
    game: *const variants_game,
    hash: *mut u64,
) -> variants_result {
    ffi_boundary(|| {
        let game = arg_ref(game, "game")?;
        arg_out(hash, "hash")?.write(game.game.zobrist());
        Ok(())
    })
}
