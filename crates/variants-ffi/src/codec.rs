//! Moves as 64-bit values (`variants_move`), and the per-thread cache of the last listed moves
//! that makes playing a value as fast as playing a typed move.
//!
//! # What a value is
//!
//! The top four bits name the game (1 chess3d, 2 checkers3d, 3 bishops4p, 4 chess-t), so 0 is
//! never a move. The rest names the move by what it does:
//!
//! | game       | bits 0–59 |
//! |------------|-----------|
//! | chess3d    | 0–8 origin cell index, 9–17 destination, 18–20 promotion piece (0 none) |
//! | checkers3d | 0–8 origin cell index, 9–17 destination, 18 promotes, 19–50 a 32-bit fingerprint of the move (captured set included), 51–59 its rank among the legal moves with the same bits 0–50 |
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
//! copied with the position; each thread keeps, per game, the legal moves and values of the
//! last position it listed, with that position's stamp. Playing a value in a handle whose stamp
//! is the cached one (the parent copied into a child, then a listed move played there) finds
//! the move by a scan of the cached values; any other play lists the moves afresh.

use crate::boundary::Failure;
use crate::result::variants_result;
use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use variants::variant_core::Game;

/// The position stamps not handed to a thread yet: unique for the life of the process (2^64
/// changes never wrap). 0 is never a stamp.
static NEXT_STAMP: AtomicU64 = AtomicU64::new(1);

/// How many stamps a thread takes at once (one shared atomic add per block, not per move).
const STAMP_BLOCK: u64 = 1 << 16;

thread_local! {
    /// The calling thread's block of stamps: the next one and the end.
    static STAMPS: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// A stamp no position had before.
pub(crate) fn fresh_stamp() -> u64 {
    STAMPS.with(|stamps| {
        let (next, end) = stamps.get();
        if next < end {
            stamps.set((next + 1, end));
            next
        } else {
            let start = NEXT_STAMP.fetch_add(STAMP_BLOCK, Ordering::Relaxed);
            stamps.set((start + 1, start + STAMP_BLOCK));
            start
        }
    })
}

/// The bits of a value that name the game.
const TAG_SHIFT: u32 = 60;

/// The legal moves of one position (the one with stamp `stamp`) with their values.
pub(crate) struct Listed<G: Game> {
    stamp: u64,
    moves: G::MoveList,
    codes: Vec<u64>,
}

impl<G: Codec> Default for Listed<G> {
    fn default() -> Self {
        Listed {
            stamp: 0,
            moves: G::MoveList::default(),
            codes: Vec::new(),
        }
    }
}

impl<G: Codec> Listed<G> {
    /// Makes this hold the legal moves of `game`, whose stamp is `stamp`.
    fn load(&mut self, game: &G, stamp: u64) -> Result<(), Failure> {
        self.stamp = 0;
        game.legal_moves_into(&mut self.moves);
        self.codes.clear();
        G::encode_all(&self.moves, &mut self.codes)?;
        self.stamp = stamp;
        Ok(())
    }

    /// The values of the moves, in generation order.
    pub(crate) fn codes(&self) -> &[u64] {
        &self.codes
    }

    /// The legal move with value `code`.
    pub(crate) fn find(&self, code: u64) -> Option<G::Move> {
        let index = self.codes.iter().position(|&c| c == code)?;
        self.moves.get(index).copied()
    }

    /// The value of the legal move `mv`.
    pub(crate) fn code_of(&self, mv: G::Move) -> Option<u64> {
        let index = self.moves.iter().position(|&m| m == mv)?;
        self.codes.get(index).copied()
    }
}

/// A thread's cache for one game: the move lists of the two positions it used last.
///
/// Two, because a depth-first walk alternates between a parent (whose moves are played in
/// copies of it) and its latest child (whose moves were just listed): with one list, every
/// child of a node two plies above the leaves would list its parent's moves again.
pub(crate) struct MoveCache<G: Game> {
    lists: [Listed<G>; 2],
    /// The index of the list used less recently (replaced on a miss).
    older: usize,
}

impl<G: Codec> Default for MoveCache<G> {
    fn default() -> Self {
        MoveCache {
            lists: [Listed::default(), Listed::default()],
            older: 0,
        }
    }
}

impl<G: Codec> MoveCache<G> {
    /// The legal moves of `game`, whose stamp is `stamp`: cached, or listed now.
    fn get(&mut self, game: &G, stamp: u64) -> Result<&Listed<G>, Failure> {
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
        self.lists.get(index).ok_or_else(|| {
            Failure::new(
                variants_result::VARIANTS_PANIC,
                "move cache index out of range",
            )
        })
    }
}

/// A game whose moves have 64-bit values.
pub(crate) trait Codec: Game {
    /// The game's number in the top four bits of its values.
    const TAG: u64;

    /// Appends the values of `moves`, the legal moves of one position in generation order.
    fn encode_all(moves: &[Self::Move], codes: &mut Vec<u64>) -> Result<(), Failure>;

    /// Runs `f` on this thread's cache for the game.
    fn with_cache<R>(f: impl FnOnce(&mut MoveCache<Self>) -> R) -> R;
}

/// Runs `f` on the legal moves of `game` (whose stamp is `stamp`) from the calling thread's
/// cache.
pub(crate) fn with_moves<G: Codec, R>(
    game: &G,
    stamp: u64,
    f: impl FnOnce(&Listed<G>) -> R,
) -> Result<R, Failure> {
    G::with_cache(|cache| Ok(f(cache.get(game, stamp)?)))
}

/// The legal move of `game` with value `code`, or the error that says why there is none.
pub(crate) fn legal_move<G: Codec>(game: &G, stamp: u64, code: u64) -> Result<G::Move, Failure> {
    with_moves(game, stamp, |cache| cache.find(code))?.ok_or_else(|| refused::<G>(code))
}

/// Plays the legal move of `game` with value `code` (the position's stamp is `stamp`), or
/// says why there is none (the position is then unchanged).
pub(crate) fn play_code<G: Codec>(game: &mut G, stamp: u64, code: u64) -> Result<(), Failure> {
    // The move is played straight from the cached list on the typed game (not returned
    // first, nor converted to an `AnyMove`): checkers3d moves are 36 bytes, and moving them
    // through a `Result` costs more than the lookup.
    G::with_cache(|cache| {
        let list = cache.get(game, stamp)?;
        let mv = list
            .codes
            .iter()
            .position(|&c| c == code)
            .and_then(|i| list.moves.get(i));
        match mv {
            Some(mv) => {
                game.play_unchecked(*mv);
                Ok(())
            }
            None => Err(refused::<G>(code)),
        }
    })
}

#[cold]
fn refused<G: Codec>(code: u64) -> Failure {
    let tag = code >> TAG_SHIFT;
    let why = if tag == G::TAG {
        "no legal move of this position has that value (a value from another position?)"
    } else if tag == 0 || tag > 4 {
        "not a move value of any game (values come from variants_game_moves or \
         variants_game_parse_move)"
    } else {
        "a value of another game"
    };
    Failure::new(
        variants_result::VARIANTS_ILLEGAL_MOVE,
        format!("move value {code:#018x} in {}: {why}", G::NAME),
    )
}

#[cfg(feature = "chess3d")]
impl Codec for variants::chess3d::Chess3d {
    const TAG: u64 = 1;

    fn encode_all(moves: &[Self::Move], codes: &mut Vec<u64>) -> Result<(), Failure> {
        // The packed move (origin, destination, promotion) is the move.
        codes.extend(
            moves
                .iter()
                .map(|m| Self::TAG << TAG_SHIFT | u64::from(m.to_u32())),
        );
        Ok(())
    }

    fn with_cache<R>(f: impl FnOnce(&mut MoveCache<Self>) -> R) -> R {
        thread_local! {
            static CACHE: RefCell<MoveCache<variants::chess3d::Chess3d>> =
                RefCell::new(MoveCache::default());
        }
        CACHE.with(|cache| f(&mut cache.borrow_mut()))
    }
}

#[cfg(feature = "chess-t")]
impl Codec for variants::chess_t::ChessT {
    const TAG: u64 = 4;

    fn encode_all(moves: &[Self::Move], codes: &mut Vec<u64>) -> Result<(), Failure> {
        // Origin, destination and chosen piece are the whole move.
        codes.extend(moves.iter().map(|m| {
            let choice = m.choice().map_or(0, |p| p as u64 + 1);
            Self::TAG << TAG_SHIFT
                | u64::from(m.from().index())
                | u64::from(m.to().index()) << 6
                | choice << 12
        }));
        Ok(())
    }

    fn with_cache<R>(f: impl FnOnce(&mut MoveCache<Self>) -> R) -> R {
        thread_local! {
            static CACHE: RefCell<MoveCache<variants::chess_t::ChessT>> =
                RefCell::new(MoveCache::default());
        }
        CACHE.with(|cache| f(&mut cache.borrow_mut()))
    }
}

#[cfg(feature = "bishops4p")]
impl Codec for variants::bishops4p::Bishops {
    const TAG: u64 = 3;

    fn encode_all(moves: &[Self::Move], codes: &mut Vec<u64>) -> Result<(), Failure> {
        use variants::bishops4p::MoveKind;
        // Kind, origin and destination are the whole move.
        let cell = |c: Option<(usize, usize)>| {
            c.map_or(255, |(x, y)| (x as u64 & 15) | (y as u64 & 15) << 4)
        };
        codes.extend(moves.iter().map(|m| {
            let kind = match m.kind() {
                MoveKind::Normal => 0,
                MoveKind::Double => 1,
                MoveKind::EnPassant => 2,
                MoveKind::Castle => 3,
                MoveKind::Placement => 4,
                MoveKind::Pass => 5,
            };
            Self::TAG << TAG_SHIFT | kind | cell(m.from()) << 3 | cell(m.to()) << 11
        }));
        Ok(())
    }

    fn with_cache<R>(f: impl FnOnce(&mut MoveCache<Self>) -> R) -> R {
        thread_local! {
            static CACHE: RefCell<MoveCache<variants::bishops4p::Bishops>> =
                RefCell::new(MoveCache::default());
        }
        CACHE.with(|cache| f(&mut cache.borrow_mut()))
    }
}

/// A small deterministic hasher (multiply–rotate over 64-bit words) for move fingerprints:
/// values only need to agree within one process, and the standard hasher is slower.
#[derive(Default)]
struct Fingerprint(u64);

impl Hasher for Fingerprint {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(23) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }
}

#[cfg(feature = "checkers3d")]
impl Codec for variants::checkers3d::Checkers3d {
    const TAG: u64 = 2;

    fn encode_all(moves: &[Self::Move], codes: &mut Vec<u64>) -> Result<(), Failure> {
        const RANK_SHIFT: u32 = 51;
        const RANKS: u64 = 1 << 9;
        let first = codes.len();
        for m in moves {
            // The fingerprint covers the whole move (origin, destination, promotion and the
            // captured set) through its derived Hash.
            let mut hasher = Fingerprint::default();
            m.hash(&mut hasher);
            let print = hasher.finish() & 0xffff_ffff;
            let base = Self::TAG << TAG_SHIFT
                | m.from().index() as u64
                | (m.to().index() as u64) << 9
                | u64::from(m.is_promotion()) << 18
                | print << 19;
            // The rank among earlier moves with the same bits makes the value exact.
            let same = codes[first..]
                .iter()
                .filter(|&&c| c & ((1 << RANK_SHIFT) - 1) == base)
                .count() as u64;
            if same >= RANKS {
                return Err(Failure::new(
                    variants_result::VARIANTS_INVALID_ARGUMENT,
                    format!(
                        "checkers3d: more than {RANKS} legal moves share one origin, \
                         destination and fingerprint; they cannot be given values"
                    ),
                ));
            }
            codes.push(base | same << RANK_SHIFT);
        }
        Ok(())
    }

    fn with_cache<R>(f: impl FnOnce(&mut MoveCache<Self>) -> R) -> R {
        thread_local! {
            static CACHE: RefCell<MoveCache<variants::checkers3d::Checkers3d>> =
                RefCell::new(MoveCache::default());
        }
        CACHE.with(|cache| f(&mut cache.borrow_mut()))
    }
}
