//! Hashed, parallel, stoppable perft on a game whose tree is known in closed form, with only
//! four Zobrist keys for all its positions: only the second key (of the legal moves, which name
//! the heap they take from, as chess moves name their origin) keeps the transposition table
//! from mixing positions up.

use super::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use variant_core::config::unknown_key;
use variant_core::{
    ConfigError, ConfigKey, GameConfig, MoveError, MoveList, PositionError, RepetitionRules, Seat,
    Status,
};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct NoConfig;

impl GameConfig for NoConfig {
    fn keys() -> &'static [ConfigKey] {
        &[]
    }
    fn set(&mut self, key: &str, _: &str) -> Result<(), ConfigError> {
        Err(unknown_key("tokens", key, &[]))
    }
    fn get(&self, _: &str) -> Option<String> {
        None
    }
}

/// Subtraction game: a heap of tokens, each move takes 1, 2 or 3 of them (a move is
/// `heap << 2 | take`); an empty heap ends the game. Every sequence of takes with the same total reaches the same heap, so the tree is
/// full of transpositions.
#[derive(Clone, Debug, PartialEq)]
struct Tokens {
    heap: u32,
    plies: u32,
}

impl Game for Tokens {
    type Config = NoConfig;
    type Move = u32;
    type MoveList = MoveList<u32, 3>;
    const NAME: &'static str = "tokens";

    fn new(_: &NoConfig) -> Result<Self, ConfigError> {
        Ok(Tokens { heap: 60, plies: 0 })
    }
    fn config(&self) -> &NoConfig {
        &NoConfig
    }
    fn from_text(_: &NoConfig, text: &str) -> Result<Self, PositionError> {
        let heap = text
            .parse()
            .map_err(|_| PositionError::new("heap", "not a number"))?;
        Ok(Tokens { heap, plies: 0 })
    }
    fn to_text(&self) -> String {
        // The side to move is part of the position (though not of its count).
        format!("{} {}", self.heap, self.plies % 2)
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn seat_name(&self, seat: Seat) -> &'static str {
        ["first", "second"][seat.index() % 2]
    }
    fn side_to_move(&self) -> Seat {
        Seat((self.plies % 2) as u8)
    }
    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        moves.clear();
        moves.extend((1..=self.heap.min(3)).map(|take| self.heap << 2 | take));
    }
    fn play_unchecked(&mut self, mv: u32) {
        self.heap -= mv & 3;
        self.plies += 1;
    }
    fn parse_move(&self, text: &str) -> Result<u32, MoveError> {
        text.parse()
            .map_err(|_| MoveError::malformed(text, "not a number"))
    }
    fn format_move(&self, mv: u32) -> String {
        mv.to_string()
    }
    fn status(&self) -> Status {
        Status::Ongoing
    }
    /// Heaps collide whenever they agree modulo 4 (and the side to move is left out).
    fn zobrist(&self) -> u64 {
        u64::from(self.heap % 4)
    }
    fn repetition_rules(&self) -> RepetitionRules {
        RepetitionRules::default()
    }
}

/// The count by the recurrence f(h, 0) = 1, f(h, d) = Σ_{k=1..min(3,h)} f(h-k, d-1), tabulated
/// bottom-up: an independent second generator.
fn expected(heap: u32, depth: u32) -> u64 {
    let mut row = vec![1u64; heap as usize + 1];
    for _ in 0..depth {
        row = (0..=heap as usize)
            .map(|h| (1..=h.min(3)).map(|k| row[h - k]).sum())
            .collect();
    }
    row[heap as usize]
}

fn heap(n: u32) -> Tokens {
    Tokens { heap: n, plies: 0 }
}

#[test]
fn the_recurrence_is_what_plain_perft_counts() {
    // Small cases by hand: 3 tokens, 2 plies: (1,1) (1,2) (2,1) = 3 lines.
    assert_eq!(expected(3, 2), 3);
    assert_eq!(expected(60, 2), 9);
    for (h, d) in [(3, 2), (10, 5), (20, 8)] {
        assert_eq!(perft(&heap(h), d), expected(h, d), "heap {h} depth {d}");
    }
}

#[test]
fn hashed_perft_is_exact_although_zobrist_keys_collide() {
    for hash_mb in [1, 4] {
        for threads in [1, 2] {
            let options = PerftOptions {
                threads,
                hash_mb,
                ..PerftOptions::default()
            };
            for (h, d) in [(40, 13), (25, 12), (7, 9)] {
                assert_eq!(
                    perft_with(&heap(h), d, &options),
                    Ok(expected(h, d)),
                    "heap {h} depth {d}, {threads} threads, {hash_mb} MB"
                );
            }
        }
    }
}

#[test]
fn divide_with_agrees_with_divide() {
    let g = heap(12);
    let options = PerftOptions {
        threads: 2,
        hash_mb: 1,
        hash_seed: 3,
        ..PerftOptions::default()
    };
    let parts = divide_with(&g, 8, &options).unwrap();
    assert_eq!(parts, divide(&g, 8));
    assert_eq!(
        parts,
        vec![
            (12 << 2 | 1, expected(11, 7)),
            (12 << 2 | 2, expected(10, 7)),
            (12 << 2 | 3, expected(9, 7))
        ]
    );
    assert_eq!(divide_with(&g, 0, &options), Ok(Vec::new()));
}

#[test]
fn parallel_perft_splits_below_the_root_and_counts_the_same() {
    // Three root moves, two threads: the counts must not depend on how the work is split.
    for threads in [0, 2, 3, 7] {
        assert_eq!(
            perft_parallel(&heap(18), 10, threads),
            expected(18, 10),
            "{threads}"
        );
    }
    assert_eq!(perft_parallel(&heap(18), 1, 2), 3);
    assert_eq!(perft_parallel(&heap(18), 0, 2), 1);
}

#[test]
fn a_raised_stop_flag_stops_every_kind_of_count() {
    let stop = AtomicBool::new(true);
    for (threads, hash_mb) in [(1, 0), (2, 0), (2, 1)] {
        let options = PerftOptions {
            threads,
            hash_mb,
            stop: Some(&stop),
            ..PerftOptions::default()
        };
        assert_eq!(
            perft_with(&heap(60), 10, &options),
            Err(PerftError::Stopped)
        );
        assert_eq!(perft_with(&heap(60), 1, &options), Err(PerftError::Stopped));
        assert_eq!(
            divide_with(&heap(60), 5, &options),
            Err(PerftError::Stopped)
        );
    }
}

#[test]
fn a_count_stopped_from_another_thread_returns_stopped_and_the_next_count_works() {
    // 3^30 leaves without a table: hours of work, so only the stop flag can end it.
    let stop = AtomicBool::new(false);
    let started = AtomicUsize::new(0);
    let progress = |_: Progress| {
        started.fetch_add(1, Ordering::Relaxed);
    };
    let options = PerftOptions {
        threads: 2,
        stop: Some(&stop),
        progress: Some(&progress),
        ..PerftOptions::default()
    };
    let result = std::thread::scope(|s| {
        let counting = s.spawn(|| perft_with(&heap(200), 30, &options));
        // Wait until the count is under way (the first progress report), then stop it.
        while started.load(Ordering::Relaxed) == 0 {
            std::thread::yield_now();
        }
        stop.store(true, Ordering::Relaxed);
        counting.join().expect("the counting thread does not panic")
    });
    assert_eq!(result, Err(PerftError::Stopped));
    let again = PerftOptions {
        threads: 2,
        ..PerftOptions::default()
    };
    assert_eq!(perft_with(&heap(20), 8, &again), Ok(expected(20, 8)));
}

#[test]
fn progress_reaches_the_full_count_and_every_root_move() {
    let most_nodes = AtomicU64::new(0);
    let most_done = AtomicUsize::new(0);
    let total = AtomicUsize::new(0);
    let progress = |p: Progress| {
        most_nodes.fetch_max(p.nodes, Ordering::Relaxed);
        most_done.fetch_max(p.root_moves_done, Ordering::Relaxed);
        total.store(p.root_moves, Ordering::Relaxed);
    };
    for (threads, hash_mb) in [(1, 0), (2, 0), (2, 1), (1, 1)] {
        most_nodes.store(0, Ordering::Relaxed);
        most_done.store(0, Ordering::Relaxed);
        let options = PerftOptions {
            threads,
            hash_mb,
            progress: Some(&progress),
            ..PerftOptions::default()
        };
        // Deep enough for the periodic reports (more than 2^22 leaves) and table hits.
        let nodes = expected(40, 16);
        assert!(nodes > 1 << 22);
        assert_eq!(perft_with(&heap(40), 16, &options), Ok(nodes));
        assert_eq!(
            most_nodes.load(Ordering::Relaxed),
            nodes,
            "{threads} {hash_mb}"
        );
        assert_eq!(most_done.load(Ordering::Relaxed), 3);
        assert_eq!(total.load(Ordering::Relaxed), 3);
    }
}

#[test]
fn a_table_too_large_is_refused_before_counting() {
    for mb in [MAX_HASH_MB + 1, usize::MAX] {
        let options = PerftOptions {
            hash_mb: mb,
            ..PerftOptions::default()
        };
        assert_eq!(
            perft_with(&heap(5), 3, &options),
            Err(PerftError::HashTooLarge { mb })
        );
    }
    let message = PerftError::HashTooLarge { mb: 7 }.to_string();
    assert!(message.contains("7 MB"), "{message}");
}

#[test]
fn a_depth_over_the_limit_is_refused_before_counting() {
    // Over MAX_DEPTH the recursion could overflow the stack (never a crash): the
    // counting functions with options answer an error, whatever else is asked.
    let over = MAX_DEPTH + 1;
    for options in [
        PerftOptions::default(),
        PerftOptions {
            threads: 2,
            hash_mb: 1,
            ..PerftOptions::default()
        },
    ] {
        for depth in [over, u32::MAX] {
            let refused = Err(PerftError::DepthTooLarge { depth });
            assert_eq!(perft_with(&heap(5), depth, &options), refused);
            assert_eq!(divide_with(&heap(5), depth, &options).map(|_| 0), refused);
        }
    }
    // The limit itself is accepted (a heap of 3 runs out long before: 4 lines of 3 tokens
    // end at depth 1, 2 or 3; none is 64 plies deep, so the count is 0).
    assert_eq!(
        perft_with(&heap(3), MAX_DEPTH, &PerftOptions::default()),
        Ok(0)
    );
    let message = PerftError::DepthTooLarge { depth: over }.to_string();
    assert!(message.contains(&format!("{over}")), "{message}");
}

#[test]
#[should_panic(expected = "over the limit")]
fn plain_perft_panics_over_the_limit() {
    perft(&heap(5), MAX_DEPTH + 1);
}

#[test]
#[should_panic(expected = "perft depth 65 is over the limit of 64 plies")]
fn parallel_perft_panics_over_the_limit() {
    perft_parallel(&heap(5), MAX_DEPTH + 1, 2);
}

#[test]
#[should_panic(expected = "perft depth 65 is over the limit of 64 plies")]
fn parallel_divide_panics_over_the_limit() {
    divide_parallel(&heap(5), MAX_DEPTH + 1, 2, |_, _| {});
}

#[test]
fn split_merges_transpositions_and_its_pieces_add_up() {
    // After d plies a heap of 60 has lost between d and 3d tokens, every total reached by many
    // orders of takes: 2d + 1 distinct positions, the paths to each the number of ways to write
    // the total as d takes of 1 to 3 (all ways together: 3^d).
    for d in 0..=6 {
        let pieces = split(&heap(60), d).unwrap();
        assert_eq!(pieces.len(), 2 * d as usize + 1, "depth {d}");
        assert_eq!(pieces.iter().map(|p| p.paths).sum::<u64>(), 3u64.pow(d));
        let mut heaps: Vec<u32> = pieces.iter().map(|p| p.game.heap).collect();
        heaps.sort_unstable();
        heaps.dedup();
        assert_eq!(
            heaps.len(),
            pieces.len(),
            "a heap left unmerged at depth {d}"
        );
        for rest in [0, 1, 4] {
            let total: u64 = pieces
                .iter()
                .map(|p| p.paths * expected(p.game.heap, rest))
                .sum();
            assert_eq!(total, expected(60, d + rest), "split {d} + {rest}");
        }
    }
    // Two takes reach a heap of 56 in three ways: 1+3, 2+2, 3+1.
    let two = split(&heap(60), 2).unwrap();
    assert_eq!(two.iter().find(|p| p.game.heap == 56).unwrap().paths, 3);
}

#[test]
fn split_ends_paths_at_positions_without_moves_and_refuses_deep_splits() {
    // A heap of 2: after one ply heaps 1 and 0; the empty heap has no moves, so after two
    // plies only the heap of 0 reached from 1 remains (1 path: 1 then 1).
    let pieces = split(&heap(2), 2).unwrap();
    assert_eq!(pieces.len(), 1);
    assert_eq!((pieces[0].game.heap, pieces[0].paths), (0, 1));
    assert!(matches!(
        split(&heap(2), MAX_DEPTH + 1),
        Err(PerftError::DepthTooLarge { .. })
    ));
}

#[test]
fn perft_each_shares_one_table_and_counts_each_position_exactly() {
    // Heaps 40..=50, whose trees overlap almost entirely: with one small table shared by all
    // (and colliding Zobrist keys) each count is still the recurrence's.
    let heaps: Vec<Tokens> = (40..=50).map(heap).collect();
    for threads in [1, 2] {
        let options = PerftOptions {
            threads,
            hash_mb: 1,
            ..PerftOptions::default()
        };
        let counts = perft_each(&heaps, 9, &options).unwrap();
        let want: Vec<u64> = (40..=50).map(|h| expected(h, 9)).collect();
        assert_eq!(counts, want, "{threads} threads");
    }
    let refused = perft_each(&heaps, MAX_DEPTH + 1, &PerftOptions::default());
    assert_eq!(
        refused,
        Err(PerftError::DepthTooLarge {
            depth: MAX_DEPTH + 1
        })
    );
}

#[test]
fn a_kept_table_serves_later_counts_exactly() {
    // The same table through counts of overlapping heaps, in two orders, and with two threads:
    // entries stored by earlier calls are reused, never wrong (colliding Zobrist keys).
    let mut table = PerftTable::new(1, 3).unwrap();
    assert_eq!(table.shape(), (1, 3));
    for threads in [1, 2] {
        let options = PerftOptions {
            threads,
            ..PerftOptions::default()
        };
        for h in (30..=45).chain((30..=45).rev()) {
            let counts = perft_each_in(&[heap(h), heap(h - 1)], 8, &mut table, &options).unwrap();
            assert_eq!(counts, vec![expected(h, 8), expected(h - 1, 8)], "heap {h}");
        }
    }
    assert!(matches!(
        perft_each_in(
            &[heap(3)],
            MAX_DEPTH + 1,
            &mut table,
            &PerftOptions::default()
        ),
        Err(PerftError::DepthTooLarge { .. })
    ));
    assert!(matches!(
        PerftTable::new(MAX_HASH_MB + 1, 0),
        Err(PerftError::HashTooLarge { .. })
    ));
}

/// A fresh path for a shared table file in the system's temporary directory.
#[cfg(target_os = "linux")]
fn table_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "variant-core-test-{}-{name}.table",
        std::process::id()
    ))
}

#[cfg(target_os = "linux")]
#[test]
fn two_handles_on_one_table_file_count_exactly_at_once_and_share_their_entries() {
    // Two mappings of one file, counting overlapping heaps at the same time from two threads:
    // to the kernel the same as two processes.
    let path = table_path("two-handles");
    let _ = std::fs::remove_file(&path);
    let mut first = PerftTable::shared(&path, 1, 5).unwrap();
    let mut second = PerftTable::shared(&path, 1, 5).unwrap();
    assert_eq!(second.shape(), (1, 5));
    // Both mappings, the maker's too, are listed under the table's own name (what tells a
    // table in use from a leftover), not under the name it was made under.
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
    let listed = maps.lines().filter(|l| l.ends_with(path.to_str().unwrap()));
    assert_eq!(listed.count(), 2, "{maps}");
    let options = PerftOptions::default();
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| {
            let heaps: Vec<Tokens> = (40..=50).map(heap).collect();
            perft_each_in(&heaps, 10, &mut first, &options).unwrap()
        });
        let b = s.spawn(|| {
            let heaps: Vec<Tokens> = (40..=50).rev().map(heap).collect();
            perft_each_in(&heaps, 10, &mut second, &options).unwrap()
        });
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_eq!(a, (40..=50).map(|h| expected(h, 10)).collect::<Vec<_>>());
    assert_eq!(
        b,
        (40..=50).rev().map(|h| expected(h, 10)).collect::<Vec<_>>()
    );
    // The entries are in the file, where every process that maps it sees them.
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len(), 1 << 20);
    assert!(bytes.iter().any(|&b| b != 0));
    drop((first, second));
    std::fs::remove_file(&path).unwrap();
}

/// The words of every entry of a table file, rewritten by `edit(words of one entry)`.
#[cfg(target_os = "linux")]
fn edit_entries(path: &std::path::Path, edit: impl Fn(&mut [u64; 3])) {
    let mut bytes = std::fs::read(path).unwrap();
    for bucket in bytes.chunks_exact_mut(64) {
        for entry in 0..2 {
            let at = |w: usize| (entry * 3 + w) * 8;
            let mut words = [0u64; 3];
            for (w, word) in words.iter_mut().enumerate() {
                *word = u64::from_le_bytes(bucket[at(w)..at(w) + 8].try_into().unwrap());
            }
            if words[2] != 0 {
                edit(&mut words);
            }
            for (w, word) in words.iter().enumerate() {
                bucket[at(w)..at(w) + 8].copy_from_slice(&word.to_le_bytes());
            }
        }
    }
    std::fs::write(path, bytes).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn torn_or_foreign_entries_in_a_table_file_never_change_a_count() {
    let path = table_path("torn");
    let _ = std::fs::remove_file(&path);
    let count = |seed| {
        let mut table = PerftTable::shared(&path, 1, seed).unwrap();
        perft_each_in(&[heap(45)], 10, &mut table, &PerftOptions::default()).unwrap()[0]
    };
    let want = expected(45, 10);
    assert_eq!(count(0), want);
    // Torn entries: a later write's data word (count + 1, same depth) landed, its key words
    // did not, as when a process dies between the stores.
    edit_entries(&path, |w| w[2] += 1 << 8);
    assert_eq!(count(0), want);
    // The same wrong counts written whole (key words XOR-ed with the new data) are hits, and
    // change the count: so the file's entries are read, and the check above is the one that
    // rejected the torn ones.
    edit_entries(&path, |w| {
        w[0] ^= w[2] ^ (w[2] + (1 << 8));
        w[1] ^= w[2] ^ (w[2] + (1 << 8));
        w[2] += 1 << 8;
    });
    assert_ne!(count(0), want);
    // Foreign entries: written with another seed (check keys and buckets of their own).
    assert_eq!(count(9), want);
    std::fs::remove_file(&path).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn a_table_file_of_another_size_or_in_no_directory_is_refused() {
    let path = table_path("size");
    std::fs::write(&path, b"not a table").unwrap();
    let error = PerftTable::shared(&path, 1, 0).unwrap_err();
    assert!(
        matches!(&error, PerftError::TableFile { reason, .. } if reason.contains("11 bytes")),
        "{error}"
    );
    std::fs::remove_file(&path).unwrap();
    let nowhere = table_path("no-such-directory").join("table");
    assert!(matches!(
        PerftTable::shared(&nowhere, 1, 0),
        Err(PerftError::TableFile { .. })
    ));
    assert!(matches!(
        PerftTable::shared(&path, MAX_HASH_MB + 1, 0),
        Err(PerftError::HashTooLarge { .. })
    ));
}
