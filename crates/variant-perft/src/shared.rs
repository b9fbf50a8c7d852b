//! A transposition table in a file that several processes map at once (Linux): the worker
//! processes of a cluster on one machine count into one table, as the threads of one process
//! do, instead of each recounting what the others have stored.
//!
//! The entries are the same lockless entries as in a private table (see `table.rs`): every
//! access is an atomic load or store of a 64-bit word, and those are atomic across processes
//! too (the mapping is `MAP_SHARED`, so all processes see the same physical pages). A reader
//! accepts an entry only when its three words XOR back to the probing position's Zobrist key,
//! check key and depth, so an entry torn by a process that died while writing it, or written by
//! a process counting another game or with another seed (whose check keys differ), never
//! changes a count: it is a miss, like any other collision the check key catches.
//!
//! The file is made under a private name, filled with zeros (which reserves its memory, so a
//! full file system is an error here rather than a `SIGBUS` during the count) and then linked
//! to its name: no process ever maps a half-made table, and of two processes that make the
//! same table at once, one links its file and the other maps the winner's.

use super::table::{BUCKET_BYTES, Bucket};
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A table file mapped into this process.
pub(super) struct SharedMap {
    map: memmap2::MmapRaw,
    len: usize,
}

impl SharedMap {
    /// Maps the table file at `path` for `bytes / BUCKET_BYTES` buckets, making it (zeroed)
    /// when there is none.
    ///
    /// Errors: the file cannot be made or mapped, or an existing file has another size (a
    /// table of another size, or not a table).
    pub(super) fn open(path: &Path, bytes: usize) -> io::Result<SharedMap> {
        let len = (bytes / BUCKET_BYTES).max(1);
        let size = len
            .checked_mul(BUCKET_BYTES)
            .ok_or_else(|| io::Error::other("table too large"))?;
        let file = match open_existing(path)? {
            Some(file) => file,
            None => create(path, size)?,
        };
        let have = file.metadata()?.len();
        if have != size as u64 {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("it holds {have} bytes, not the {size} of a table of this size"),
            ));
        }
        let map = memmap2::MmapOptions::new()
            .len(size)
            .populate()
            .map_raw(&file)?;
        Ok(SharedMap { map, len })
    }

    /// The buckets of the mapping.
    pub(super) fn buckets(&self) -> &[Bucket] {
        let ptr = self.map.as_mut_ptr().cast::<Bucket>();
        assert!(ptr.is_aligned() && self.map.len() >= self.len * BUCKET_BYTES);
        // SAFETY: the mapping is valid, readable and writable for `len` buckets for as long as
        // `self` lives (checked above: its length; page alignment exceeds a bucket's), a bucket
        // is plain atomics for which every bit pattern is valid, and the memory is only ever
        // accessed through those atomics, here and in every other process that maps the file
        // (so concurrent writers are atomic accesses, not data races). The file is never
        // truncated by this code; a process outside it that truncates the file makes the
        // kernel stop this process with SIGBUS (never a wrong count).
        #[allow(unsafe_code)]
        unsafe {
            std::slice::from_raw_parts(ptr, self.len)
        }
    }
}

/// The table file at `path`, or `None` when there is none yet.
fn open_existing(path: &Path) -> io::Result<Option<File>> {
    match OpenOptions::new().read(true).write(true).open(path) {
        Ok(file) => Ok(Some(file)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Makes the table file at `path`: zeroed under a private name, then linked to `path`. When
/// another process linked its file first, that one is opened instead.
fn create(path: &Path, size: usize) -> io::Result<File> {
    // Unique among the processes and threads making this table at once.
    static MADE: AtomicU64 = AtomicU64::new(0);
    let mut part = path.as_os_str().to_owned();
    part.push(format!(
        ".{}-{}.part",
        std::process::id(),
        MADE.fetch_add(1, Relaxed)
    ));
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&part)?;
    let linked = zero_fill(&mut file, size).and_then(|()| std::fs::hard_link(&part, path));
    // The private name goes in every case (the file lives on under `path` when linked).
    let _ = std::fs::remove_file(&part);
    drop(file);
    match linked {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    // Opened again by its name, ours or the winner's: the mapping is then listed under that
    // name (`/proc/PID/maps`), which is how a job's start tells tables in use from leftovers.
    open_existing(path)?
        .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "removed while being opened"))
}

/// Writes `size` zero bytes: the file system hands out (and counts) every page now.
fn zero_fill(file: &mut File, size: usize) -> io::Result<()> {
    let zeros = vec![0u8; 1 << 20];
    let mut left = size;
    while left > 0 {
        let n = left.min(zeros.len());
        file.write_all(&zeros[..n])?;
        left -= n;
    }
    file.flush()
}
