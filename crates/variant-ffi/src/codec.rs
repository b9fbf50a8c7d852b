//! Moves as 64-bit values (`variants_move`), and the per-thread cache of the last listed moves
//! that makes playing a value as fast as playing a typed move.
//!
//! # What a value is
//!
//! A value is the game's move code ([`MoveCode`], each game crate's `codec` module): the top
//! four bits name the game (1 chess3d, 2 checkers3d, 3 bishops4p, 4 chess-t), so 0 is never a
//! move. The rest names the move by what it does:
//!
//! | game       | bits 0–59 |
//! |------------|-----------|
//! | chess3d    | 0–8 origin cell index, 9–17 destination, 18–20 promotion piece (0 none) |
//! | checkers3d | 0–8 origin cell index, 9–17 destination, 18 promotes, 19–50 a 32-bit fingerprint of the captured set (0 for a quiet move), 51–59 its rank among the legal moves with the same bits 0–50 |
//! | bishops4p  | 0–2 kind, 3–10 origin (`x + 16 y`, 255 none), 11–18 destination |
//! | chess-t    | 0–5 origin cell, 6–11 destination, 12–15 chosen piece (0 none) |
//!
//! A value is checked against the legal moves of the position it is played in: it is accepted
//! exactly when one of them has that value. For the chess games the value is the move itself;
//! for checkers3d (whose moves carry a set of captured pieces too large for 64 bits) the rank
//! makes the value exact within the position, so a value taken from another position is
//! either refused or names a legal move of this position with the same origin, destination and
//! fingerprint. Either way only legal moves are ever played.
//!
//! # Why a cache
//!
//! Checking a value needs the legal moves of the position. Listing them again for every play
//! would double the cost of a search (list at the parent, list again at each child). Every
//! handle carries a *stamp*, a number that changes whenever its position changes and that is
//! copied with the position; each thread keeps the legal moves (in the typed game's own list,
//! [`ListedMoves`]) and values of the last two positions it listed, with their stamps (stamps
//! are unique across games, so one cache serves every game). Playing a value in a handle
//! whose stamp is the cached one (the parent copied into a child, then a listed move played
//! there) finds the move where the last value played from that list was found, or by a scan of
//! the cached values, and plays it from the list; any other play lists the moves afresh.

use crate::boundary::Failure;
use crate::game::variants_game;
use crate::result::variants_result;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};
use variant_games::variant_core::codec::{MoveCode, code_tag};
use variant_games::variant_core::{EncodeError, Game};
use variant_games::{AnyGame, AnyMove, ListedMoves};

/// The position stamps not handed to a thread yet: unique for the life of the process (2^64
/// changes never wrap). 0 is never a stamp.
static NEXT_STAMP: AtomicU64 = AtomicU64::new(1);

/// How many stamps a thread takes at once (one shared atomic add per block, not per move).
const STAMP_BLOCK: u64 = 1 << 16;

/// What each thread keeps: its block of stamps and its cache of listed moves, in one
/// thread-local so that playing a value reaches both with one access (in a shared library
/// each access to a thread-local is a call).
struct PerThread {
    /// The thread's block of stamps: the next one and the end.
    stamps: Cell<(u64, u64)>,
    /// The thread's cache of listed moves.
    cache: RefCell<MoveCache>,
}

impl PerThread {
    /// A stamp no position had before.
    #[inline]
    fn fresh_stamp(&self) -> u64 {
        let (next, end) = self.stamps.get();
        if next < end {
            self.stamps.set((next + 1, end));
            next
        } else {
            let start = NEXT_STAMP.fetch_add(STAMP_BLOCK, Ordering::Relaxed);
            self.stamps.set((start + 1, start + STAMP_BLOCK));
            start
        }
    }
}

thread_local! {
    static THREAD: PerThread = PerThread {
        stamps: Cell::new((0, 0)),
        cache: RefCell::new(MoveCache::default()),
    };
}

/// A stamp no position had before.
pub(crate) fn fresh_stamp() -> u64 {
    THREAD.with(PerThread::fresh_stamp)
}

/// The legal moves of one position (the one with stamp `stamp`) with their values.
#[derive(Default)]
pub(crate) struct Listed {
    stamp: u64,
    /// The moves in the typed game's own list (no copy into `AnyMove`s after generation).
    moves: ListedMoves,
    codes: Vec<u64>,
    /// Where the next value played is looked for first: one past the last one found. A walk
    /// plays a list's values in order, and a scan that stops at a different place each time
    /// mispredicts its exit (a fifth of `variants_game_play_move` in one-height draughts).
    next: usize,
}

impl Listed {
    /// Makes this hold the legal moves of `game`, whose stamp is `stamp`.
    fn load(&mut self, game: &AnyGame, stamp: u64) -> Result<(), Failure> {
        self.stamp = 0;
        self.next = 0;
        game.list_moves_and_codes(&mut self.moves, &mut self.codes)?;
        self.stamp = stamp;
        Ok(())
    }

    /// The values of the moves, in generation order.
    pub(crate) fn codes(&self) -> &[u64] {
        &self.codes
    }

    /// The legal move with value `code`.
    #[inline]
    pub(crate) fn find(&self, code: u64) -> Option<AnyMove> {
        let index = self.codes.iter().position(|&c| c == code)?;
        self.moves.get(index)
    }

    /// The index of the value `code` in the list: the expected place first (see `next`),
    /// then a scan; the expected place moves on past it.
    #[inline]
    fn index_for_play(&mut self, code: u64) -> Option<usize> {
        let index = if self.codes.get(self.next) == Some(&code) {
            self.next
        } else {
            self.codes.iter().position(|&c| c == code)?
        };
        self.next = index + 1;
        Some(index)
    }

    /// The value of the legal move `mv`.
    pub(crate) fn code_of(&self, mv: AnyMove) -> Option<u64> {
        let index = self.moves.position(mv)?;
        self.codes.get(index).copied()
    }
}

/// A thread's cache: the move lists of the two positions it used last.
///
/// Two, because a depth-first walk alternates between a parent (whose moves are played in
/// copies of it) and its latest child (whose moves were just listed): with one list, every
/// child of a node two plies above the leaves would list its parent's moves again.
#[derive(Default)]
pub(crate) struct MoveCache {
    lists: [Listed; 2],
    /// The index of the list used less recently (replaced on a miss).
    older: usize,
}

impl MoveCache {
    /// The legal moves of `game`, whose stamp is `stamp`: cached, or listed now.
    #[inline]
    fn get(&mut self, game: &AnyGame, stamp: u64) -> Result<&mut Listed, Failure> {
        let index = if let Some(hit) = self.lists.iter().position(|l| l.stamp == stamp) {
            hit
        } else {
            let slot = self.older;
            if let Some(list) = self.lists.get_mut(slot) {
                list.load(game, stamp)?;
            }
            slot
        };
        self.older = 1 - index;
        self.lists.get_mut(index).ok_or_else(|| {
            Failure::new(
                variants_result::VARIANTS_PANIC,
                "move cache index out of range",
            )
        })
    }
}

/// Runs `f` on the legal moves of `game` (whose stamp is `stamp`) from the calling thread's
/// cache.
pub(crate) fn with_moves<R>(
    game: &AnyGame,
    stamp: u64,
    f: impl FnOnce(&Listed) -> R,
) -> Result<R, Failure> {
    THREAD.with(|thread| Ok(f(thread.cache.borrow_mut().get(game, stamp)?)))
}

/// The legal move of `game` with value `code`, or the error that says why there is none.
pub(crate) fn legal_move(game: &AnyGame, stamp: u64, code: u64) -> Result<AnyMove, Failure> {
    with_moves(game, stamp, |cache| cache.find(code))?.ok_or_else(|| refused(game, code))
}

/// Plays the legal move with value `code` in the handle's position and gives the handle a new
/// stamp, or says why there is none (the position and its stamp are then unchanged).
#[inline]
pub(crate) fn play_code(handle: &mut variants_game, code: u64) -> Result<(), Failure> {
    // The move is played straight from the cached list (not returned first): checkers3d
    // moves are 36 bytes, and moving them through an `Option` or a `Result` cost one-height
    // draughts a fifth of its speed (docs/benchmarks.md, the C API section).
    let played = THREAD.with(|thread| {
        let mut cache = thread.cache.borrow_mut();
        let list = cache.get(&handle.game, handle.stamp)?;
        let played = match list.index_for_play(code) {
            Some(i) => handle.game.play_listed(&list.moves, i),
            None => false,
        };
        if played {
            handle.stamp = thread.fresh_stamp();
        }
        Ok::<_, Failure>(played)
    })?;
    if played {
        Ok(())
    } else {
        Err(refused(&handle.game, code))
    }
}

/// Why no legal move of `game` has the value `code`.
#[cold]
fn refused(game: &AnyGame, code: u64) -> Failure {
    let why = if code_tag(code) == game.code_tag() {
        "no legal move of this position has that value (a value from another position?)".into()
    } else if let Some(other) = variant_games::registry::game_of_code(code) {
        format!("a value of {other}")
    } else {
        "not a move value of any game (values come from variants_game_moves or \
         variants_game_parse_move)"
            .into()
    };
    Failure::new(
        variants_result::VARIANTS_ILLEGAL_MOVE,
        format!("move value {code:#018x} in {}: {why}", game.name()),
    )
}

/// The failure for a move list that cannot be given values.
impl From<EncodeError> for Failure {
    fn from(e: EncodeError) -> Self {
        variant_games::Error::from(e).into()
    }
}
