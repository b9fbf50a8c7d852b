//! [`PerftTable`]: a transposition table kept from count to count, private to the process or
//! in a file that several processes map.

use crate::table::Storage;
use crate::{MAX_DEPTH, MAX_HASH_MB, PerftError, PerftOptions, run_in};
use variant_core::Game;

/// A transposition table that outlives one count: counts made with it one after another
/// ([`perft_each_in`]) reuse each other's subtrees. A process that counts many pieces of one
/// big perft in turn (a worker of a cluster) keeps one and loses no transposition between
/// the pieces it counts.
///
/// ```
/// use variant_core::Game;
/// use variant_perft::{PerftOptions, PerftTable, perft, perft_each_in};
///
/// fn check<G: Game>(a: &G, b: &G) {
///     let mut table = PerftTable::new(4, 0).unwrap();
///     let options = PerftOptions::default();
///     assert_eq!(perft_each_in(&[a.clone()], 4, &mut table, &options).unwrap()[0], perft(a, 4));
///     assert_eq!(perft_each_in(&[b.clone()], 4, &mut table, &options).unwrap()[0], perft(b, 4));
/// }
/// // Run here on the docs' one-heap Nim; any game will do.
/// use variant_core::doc_game::Nim;
/// check(&Nim::default(), &Nim::from_text(&Default::default(), "7 1").unwrap());
/// ```
pub struct PerftTable {
    storage: Storage,
    mb: usize,
    seed: u64,
}

impl PerftTable {
    /// A table of `mb` megabytes (at least 1) whose buckets and check keys are varied by
    /// `seed` (see [`PerftOptions::hash_seed`]).
    ///
    /// # Errors
    ///
    /// [`PerftError::HashTooLarge`] when the memory cannot be had (or `mb` is over
    /// [`MAX_HASH_MB`]).
    ///
    /// # Example
    ///
    /// ```
    /// use variant_perft::{MAX_HASH_MB, PerftError, PerftTable};
    ///
    /// assert!(PerftTable::new(1, 7).is_ok());
    /// let huge = PerftTable::new(MAX_HASH_MB + 1, 0);
    /// assert!(matches!(huge, Err(PerftError::HashTooLarge { .. })));
    /// ```
    pub fn new(mb: usize, seed: u64) -> Result<PerftTable, PerftError> {
        let mb = mb.max(1);
        Ok(PerftTable {
            storage: allocate(mb)?,
            mb,
            seed,
        })
    }

    /// A table in the file at `path`, shared with every process (and every [`PerftTable`] of
    /// this one) that opens the same file: they count into one table, as the threads of one
    /// count do, so a subtree that one of them stored is found by all (the worker processes of
    /// a cluster on one machine). The file is made, zeroed, when there is none; an existing one
    /// of the same size is used as it is, with what it holds. It takes `mb` megabytes of the
    /// file system it is on (use a memory file system such as `/dev/shm`) for as long as it
    /// exists, whatever the processes mapping it do: remove it when the job is done.
    ///
    /// Give one file to positions of one game and configuration counted with one seed. A
    /// mistake there costs speed, never a count: an entry written for another game or seed is
    /// rejected by its check key like any collision, and an entry torn by a process killed
    /// while writing it is rejected by its XOR-ed words (see the [crate docs](crate)).
    ///
    /// ```
    /// use variant_core::Game;
    /// use variant_perft::{PerftOptions, PerftTable, perft, perft_each_in};
    ///
    /// fn check<G: Game>(game: &G, path: &std::path::Path) {
    ///     // Two handles on one file, as two processes would have: the second finds the
    ///     // first's subtrees.
    ///     let mut first = PerftTable::shared(path, 4, 0).unwrap();
    ///     let mut second = PerftTable::shared(path, 4, 0).unwrap();
    ///     let options = PerftOptions::default();
    ///     let one = perft_each_in(&[game.clone()], 4, &mut first, &options).unwrap();
    ///     let two = perft_each_in(&[game.clone()], 4, &mut second, &options).unwrap();
    ///     assert_eq!((one[0], two[0]), (perft(game, 4), perft(game, 4)));
    ///     std::fs::remove_file(path).unwrap();
    /// }
    /// ```
    ///
    /// # Errors
    ///
    /// [`PerftError::TableFile`] when the file cannot be made (no such directory, no space:
    /// the memory is reserved when the file is made), mapped, or has another size than a
    /// table of `mb` megabytes, and on systems other than Linux; [`PerftError::HashTooLarge`]
    /// over [`MAX_HASH_MB`].
    pub fn shared(path: &std::path::Path, mb: usize, seed: u64) -> Result<PerftTable, PerftError> {
        let mb = mb.max(1);
        let bytes = (mb <= MAX_HASH_MB)
            .then(|| mb.checked_mul(1 << 20))
            .flatten()
            .ok_or(PerftError::HashTooLarge { mb })?;
        let error = |reason: String| PerftError::TableFile {
            path: path.display().to_string(),
            reason,
        };
        #[cfg(target_os = "linux")]
        let storage = Storage::Shared(
            crate::shared::SharedMap::open(path, bytes).map_err(|e| error(e.to_string()))?,
        );
        #[cfg(not(target_os = "linux"))]
        let storage = return Err(error(format!(
            "shared tables need Linux ({bytes} bytes asked)"
        )));
        Ok(PerftTable { storage, mb, seed })
    }

    /// The size in megabytes and the seed the table was made with.
    ///
    /// # Example
    ///
    /// ```
    /// use variant_perft::PerftTable;
    ///
    /// assert_eq!(PerftTable::new(2, 9).unwrap().shape(), (2, 9));
    /// ```
    pub fn shape(&self) -> (usize, u64) {
        (self.mb, self.seed)
    }
}

impl std::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerftTable")
            .field("mb", &self.mb)
            .field("seed", &self.seed)
            .finish()
    }
}

/// [`perft_each`](crate::perft_each) in a table that outlives the call: what earlier calls
/// stored in `table` is reused (they must have counted positions of the same game and
/// configuration). The table's own size and seed replace `options.hash_mb` and
/// `options.hash_seed`.
///
/// # Errors
///
/// As [`perft_with`](crate::perft_with): [`PerftError::Stopped`], [`PerftError::DepthTooLarge`].
///
/// # Example
///
/// ```
/// use variant_core::Game;
/// use variant_perft::{PerftOptions, PerftTable, perft_each_in};
/// use variant_core::doc_game::Nim;
///
/// // Two heaps counted one after the other in one table: 10 counters (76 leaves at depth 4,
/// // see `perft`), and 2 counters, where only 1 then 1 makes two plies (taking 2 ends the game).
/// let mut table = PerftTable::new(1, 0).unwrap();
/// let options = PerftOptions::default();
/// let small = Nim::from_text(&Default::default(), "2 0").unwrap();
/// assert_eq!(perft_each_in(&[Nim::default()], 4, &mut table, &options).unwrap(), [76]);
/// assert_eq!(perft_each_in(&[small], 2, &mut table, &options).unwrap(), [1]);
/// ```
pub fn perft_each_in<G: Game>(
    games: &[G],
    depth: u32,
    table: &mut PerftTable,
    options: &PerftOptions,
) -> Result<Vec<u64>, PerftError> {
    if depth > MAX_DEPTH {
        return Err(PerftError::DepthTooLarge { depth });
    }
    let options = PerftOptions {
        hash_mb: table.mb,
        hash_seed: table.seed,
        ..*options
    };
    run_in(&options, Some(&mut table.storage), |search| {
        games
            .iter()
            .map(|game| Ok(search.perft(game, depth)?))
            .collect()
    })
}

/// Zeroed memory for a table of `mb` megabytes.
pub(crate) fn allocate(mb: usize) -> Result<Storage, PerftError> {
    let too_large = PerftError::HashTooLarge { mb };
    let bytes = (mb <= MAX_HASH_MB)
        .then(|| mb.checked_mul(1 << 20))
        .flatten()
        .ok_or(too_large.clone())?;
    Storage::new(bytes).map_err(|_| too_large)
}
