"""What runs on the Dask workers: pure functions of their arguments (a task that runs twice,
because its first worker died, gives the same answer), counting in Rust with the GIL released.

The transposition table of a job is one file per machine (``table_path``), shared by all the
worker processes there: they count into one table as the threads of ``variants perft
--threads`` do. Where no such file can be made, each worker thread keeps a private table.
"""

from __future__ import annotations

import os
import time
from typing import List, Optional

from .. import _native

#: Where the shared tables live: a memory file system, so the table is memory, not disk.
TABLE_DIR = "/dev/shm"
#: The beginning of every shared table file's name (and of the files being made).
TABLE_PREFIX = "variants-perft-"
#: A table file no process maps and older than this many seconds is a leftover of a job whose
#: client died: the next job on the machine removes it.
STALE_SECONDS = 60.0

# Table files this process could not make or map (no space, no memory file system): counted
# with a private table instead, without trying again for every task.
_unusable = set()


def table_path(name: Optional[str]) -> Optional[str]:
    """The path of the shared table file ``name`` on this machine, or ``None`` when the job
    has none or this machine has no writable memory file system."""
    if name is None or name in _unusable:
        return None
    if not (os.path.isdir(TABLE_DIR) and os.access(TABLE_DIR, os.W_OK)):
        return None
    return os.path.join(TABLE_DIR, name)


def count_positions(
    game: str,
    config: str,
    positions: List[str],
    depth: int,
    hash_mb: int,
    hash_seed: int,
    table: Optional[str] = None,
) -> List[int]:
    """Perft of each position text at ``depth``: in the shared table file ``table`` of this
    machine when it can be had, else in the table this worker thread keeps between tasks of the
    job (either way, subtrees that earlier tasks counted are not counted again; a task that
    runs again after a fault gives the same counts)."""
    path = table_path(table)
    if path is not None:
        try:
            return _native.perft_texts(
                game, positions, depth, config=config, hash=hash_mb, hash_seed=hash_seed,
                threads=1, keep=True, table=path,
            )
        except OSError:
            _unusable.add(table)
    return _native.perft_texts(
        game, positions, depth, config=config, hash=hash_mb, hash_seed=hash_seed, threads=1,
        keep=True,
    )


def release_table(table: str) -> None:
    """The end of a job on this worker: drops the handles on the job's shared table and removes
    its file (its memory goes back once no process maps it). Run on every worker."""
    _unusable.discard(table)
    path = table_path(table)
    if path is None:
        return
    _native.release_tables(path)
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def _mapped_files() -> set:
    """The files that some process of this machine maps (as far as /proc lets us see)."""
    mapped = set()
    try:
        pids = [p for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return mapped
    for pid in pids:
        try:
            with open(f"/proc/{pid}/maps") as maps:
                for line in maps:
                    if TABLE_PREFIX in line:
                        mapped.add(line.split(None, 5)[-1].strip())
        except OSError:
            continue
    return mapped


def remove_stale_tables(keep: Optional[str] = None) -> int:
    """Removes the shared table files of jobs that ended without removing theirs (a killed
    client): files no process maps, older than ``STALE_SECONDS``, other than ``keep`` (the job
    starting, which may take up its own earlier table). Returns how many were removed."""
    if table_path(keep or TABLE_PREFIX) is None:
        return 0
    mapped = _mapped_files()
    removed = 0
    now = time.time()
    for name in os.listdir(TABLE_DIR):
        path = os.path.join(TABLE_DIR, name)
        if not name.startswith(TABLE_PREFIX) or name == keep or path in mapped:
            continue
        try:
            if now - os.stat(path).st_mtime > STALE_SECONDS:
                os.remove(path)
                removed += 1
        except OSError:
            continue
    return removed


def play_game(options: str, index: int) -> str:
    """Game number ``index`` of the match ``options`` (the library's JSON), with fresh players:
    its result as JSON. Deterministic from the match's seed and the index."""
    return _native.match_game(options, index)


def datagen_games(game: str, config: str, first: int, count: int, nodes: int,
                  random_plies: int, seed: int, max_plies: int = 400) -> bytes:
    """The training records of self-play games ``first .. first + count - 1`` (game ``i``
    from ``seed + i``, scored a draw after ``max_plies``): the same bytes every time, played
    in Rust with the GIL released."""
    if max_plies == 400:
        # The default: the call of the native function's documented seven arguments.
        return _native.datagen_games(game, config, first, count, nodes, random_plies, seed)
    return _native.datagen_games(game, config, first, count, nodes, random_plies, seed,
                                 max_plies=max_plies)
