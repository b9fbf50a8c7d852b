"""Deep perft, engine matches and self-play training data on a Dask cluster: ``pip install
"variant-games[dask]"``.

The same calls work on a laptop (a ``LocalCluster`` with a worker per core is started when no
client is given and none is the default) and on a cluster of many machines (pass a
``distributed.Client`` connected to its scheduler). See docs/distributed.md.

>>> import variant_games.distributed as vd
>>> vd.perft("chess3d", 5, config="heights=1", progress=False)   # FIDE chess
4865609

Perft: the tree is expanded to a split depth in Rust, identical positions there are merged into
one task piece (counted once, multiplied by the paths that reach it), and the pieces are counted
by Dask tasks of a few seconds, each with the Rust perft and a transposition table, the GIL
released. A worker that dies loses nothing: its tasks run again elsewhere. With
``checkpoint=PATH`` every finished task is appended to a file, and a run given the same file
counts only what is missing.

Datagen: ranges of self-play games as tasks (game ``i`` played from ``seed + i``, so a task that
runs twice gives the same records), each finished range a shard file, the shards merged in game
order into one VGDATA file (``variant_games.nnue``) at the end; with a checkpoint a resumed run
plays only the games not in a finished range.
"""

from __future__ import annotations

from typing import Dict, Optional

from ._checkpoint import CheckpointError
from ._cluster import CONNECT_TIMEOUT, connect_timeout_arg
from ._datagen import GAMES_PER_TASK, MAX_PLIES, NODES, RANDOM_PLIES, DatagenRun
from ._datagen import run as _run_datagen
from ._match import run as _run_match
from ._perft import HASH_MB, TASK_SECONDS, PerftRun
from ._perft import run as _run

__all__ = ["CheckpointError", "DatagenRun", "PerftRun", "datagen", "divide", "match", "perft",
           "perft_run"]


def perft(
    game,
    depth: int,
    *,
    config=None,
    position: Optional[str] = None,
    client=None,
    checkpoint: Optional[str] = None,
    progress: bool = True,
    hash: int = HASH_MB,
    hash_seed: int = 0,
    split: Optional[int] = None,
    task_seconds: float = TASK_SECONDS,
) -> int:
    """The perft count of ``game`` (a name, or a ``variant_games.Game``) at ``depth``, on a cluster.

    - ``config``: the configuration (text, dict) for a game name; ``position``: a position text
      (the start position when None).
    - ``client``: a ``distributed.Client``; when None, the default client, or else a new
      ``LocalCluster`` (a worker process per core) for this call.
    - ``checkpoint``: a file to append each finished task to; given again, the run counts only
      what it does not hold (an interrupted run resumes).
    - ``progress``: a progress bar on stderr (tasks, nodes, nodes/s, time left).
    - ``hash``, ``hash_seed``: the job's transposition table, in megabytes, and its seed: one
      table per machine, a file in ``/dev/shm`` shared by the worker processes there (one
      per worker thread where no such file can be made), removed when the job ends.
    - ``split``, ``task_seconds``: the split depth (chosen from a timed small count when None)
      and the seconds a task should last.

    Raises ``ValueError`` (or ``variant_games.VariantsError``) for a bad game, configuration,
    position or depth, ``CheckpointError`` for a checkpoint of another job, and whatever Dask
    raises when the cluster fails.
    """
    return perft_run(game, depth, config=config, position=position, client=client,
                     checkpoint=checkpoint, progress=progress, hash=hash, hash_seed=hash_seed,
                     split=split, task_seconds=task_seconds).nodes


def divide(
    game,
    depth: int,
    *,
    config=None,
    position: Optional[str] = None,
    client=None,
    checkpoint: Optional[str] = None,
    progress: bool = True,
    hash: int = HASH_MB,
    hash_seed: int = 0,
    split: Optional[int] = None,
    task_seconds: float = TASK_SECONDS,
) -> Dict[str, int]:
    """Perft split at the root, on a cluster: each legal move to its count at ``depth - 1``.
    Arguments as ``perft`` (``depth`` at least 1); positions reached through several root moves
    are counted once.

    >>> import variant_games.distributed as vd
    >>> vd.divide("chess3d", 3, config="heights=1", progress=False)["e2e4"]
    600
    """
    run = perft_run(game, depth, config=config, position=position, client=client,
                    checkpoint=checkpoint, progress=progress, hash=hash, hash_seed=hash_seed,
                    split=split, task_seconds=task_seconds, divide=True)
    assert run.divide is not None
    return run.divide


def perft_run(game, depth: int, *, config=None, position=None, client=None, checkpoint=None,
              progress=True, hash: int = HASH_MB, hash_seed: int = 0, split=None,
              task_seconds: float = TASK_SECONDS, divide: bool = False, scheduler=None,
              workers=None, merge: bool = True,
              connect_timeout: float = CONNECT_TIMEOUT) -> PerftRun:
    """``perft`` (or ``divide``) with the whole record of the run: nodes, seconds, split depth,
    positions before and after merging, tasks, tasks taken from the checkpoint, workers.
    ``scheduler`` (an address, ``tcp://HOST:PORT``, or a scheduler file) and ``workers`` (of a
    new local cluster) are what the command line passes when no client is given: a client is
    connected to ``scheduler`` for the run, within ``connect_timeout`` seconds (5 by default;
    ``ConnectionError`` naming the address when it does not answer in time,
    ``FileNotFoundError`` for a scheduler file that does not exist). ``merge=False`` counts
    every path's position at the split separately (to measure what merging transpositions
    saves)."""
    if isinstance(hash, bool) or not isinstance(hash, int) or not 0 <= hash <= 1 << 20:
        raise ValueError(f"hash {hash!r}: must be an int of megabytes in 0..=1048576")
    if isinstance(hash_seed, bool) or not isinstance(hash_seed, int) or not 0 <= hash_seed < 1 << 63:
        raise ValueError(f"hash_seed {hash_seed!r}: must be an int in 0..2**63")
    if not isinstance(task_seconds, (int, float)) or not task_seconds > 0:
        raise ValueError(f"task_seconds {task_seconds!r}: must be a positive number")
    connect_timeout = connect_timeout_arg(connect_timeout)
    return _run(game, depth, config=config, position=position, client=client,
                checkpoint=checkpoint, progress=progress, divide=divide, hash_mb=hash,
                hash_seed=hash_seed, split=split, task_seconds=float(task_seconds),
                scheduler=scheduler, workers=workers, merge=merge,
                connect_timeout=connect_timeout)


def match(
    game: str,
    players,
    games: int,
    *,
    config=None,
    client=None,
    sprt=None,
    openings=None,
    seed: Optional[int] = None,
    random_plies: int = 4,
    max_plies: Optional[int] = None,
    progress: bool = True,
) -> dict:
    """A match on a cluster: each game is a task (game number ``i`` is the same game as the
    ``i``-th of ``variant_games.match`` with the same arguments), and the results are added up by the
    match library: the report of ``variant_games.match`` (``games``, ``players`` with ``spec``,
    ``wins``, ``draws``, ``losses``, ``score``; ``elo``, ``elo_error``; ``sprt`` with ``llr``,
    ``lower``, ``upper``, ``result``), plus ``seconds`` and ``workers``.

    With ``sprt=(elo0, elo1)`` no game is submitted once the test decides (games under way are
    finished and counted); ``games`` is then the limit. ``client`` as for ``perft``; a progress
    bar on stderr unless ``progress=False``.

    >>> import variant_games.distributed as vd
    >>> r = vd.match("chess3d", ["greedy", "random"], 4, config="heights=1", progress=False)
    >>> r["games"]
    4
    """
    return _run_match(game, players, games, config=config, client=client, sprt=sprt,
                      openings=openings, seed=seed, random_plies=random_plies,
                      max_plies=max_plies, progress=progress)


def datagen(
    game: str,
    games: int,
    *,
    out: str,
    config=None,
    nodes: int = NODES,
    random_plies: int = RANDOM_PLIES,
    max_plies: int = MAX_PLIES,
    seed: int = 0,
    games_per_task: int = GAMES_PER_TASK,
    checkpoint: Optional[str] = None,
    client=None,
    progress: bool = True,
    scheduler=None,
    workers=None,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> DatagenRun:
    """Self-play training data on a cluster, written to the VGDATA file ``out``: ``games``
    games of ``game`` (with ``config``), each after ``random_plies`` random plies (8 by
    default), every move searched to ``nodes`` nodes (5000), a draw after ``max_plies`` plies
    (400); game ``i`` is played from ``seed + i``, exactly as ``variants datagen`` plays it, so
    the file is the same whatever the cluster and its faults.

    Tasks of ``games_per_task`` games each; every finished task's records go to a shard file.
    ``checkpoint``: a file that records the finished ranges (their shards in
    ``CHECKPOINT.shards/``, kept after the merge); given again, the run plays only the games
    that no finished range holds. ``client``, ``scheduler``, ``workers``, ``connect_timeout`` and
    ``progress`` as for ``perft_run`` (the bar counts games and records). Returns a
    ``DatagenRun`` (records, bytes, tasks, tasks and games from the checkpoint, seconds,
    workers).

    >>> import os, tempfile
    >>> import variant_games.distributed as vd
    >>> from variant_games.nnue import DataFile
    >>> out = os.path.join(tempfile.mkdtemp(), "h1.vgdata")
    >>> run = vd.datagen("checkers3d", 2, config="heights=1", nodes=50, random_plies=2,
    ...                  out=out, progress=False)
    >>> run.records == len(DataFile(out)) > 0
    True
    """
    return _run_datagen(game, games, out=out, config=config, nodes=nodes,
                        random_plies=random_plies, max_plies=max_plies, seed=seed,
                        games_per_task=games_per_task, checkpoint=checkpoint, client=client,
                        scheduler=scheduler, workers=workers, progress=progress,
                        connect_timeout=connect_timeout_arg(connect_timeout))
