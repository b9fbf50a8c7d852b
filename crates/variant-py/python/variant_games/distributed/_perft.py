"""Perft on a Dask cluster: plan (split and merge), submit, add up, checkpoint.

The plan: the root is expanded to a split depth in Rust (``Game.split``), identical positions
merged into one piece with the number of paths that reach it, and the pieces cut into tasks of
consecutive pieces (siblings, which share subtrees, land in one task and its transposition
table). Each task counts its pieces at the remaining depth on a worker (``_tasks``); the total
is the sum of paths times count. The split depth is chosen from a short timed count on the
client, so that there are a few tasks per worker thread and each lasts seconds.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import time
import uuid
from typing import Dict, List, Optional, Tuple

from .. import _native
from . import _cluster, _tasks
from ._checkpoint import Checkpoint
from ._progress import Progress

#: Seconds of counting one task should take (with many tasks per worker the cluster balances
#: itself: the last tasks, which leave other workers idle, are short; and a worker that dies
#: loses only its tasks in progress).
TASK_SECONDS = 1.0
#: Tasks per worker thread at least, whatever the estimate (which can be off by a factor of a
#: few): enough that no worker is left with a long tail.
MIN_TASKS_PER_SLOT = 16
#: The longest the client spends timing small counts to choose the split.
PROBE_SECONDS = 0.25
#: Pieces per task at least (siblings share a table) and pieces in all at most.
MIN_PIECES_PER_TASK = 4
MAX_PIECES = 2_000_000
#: Transposition table of a job, in megabytes: one per machine, shared by its worker processes
#: (or, where no shared file can be made, one per worker thread), kept from task to task.
HASH_MB = 512


@dataclasses.dataclass
class PerftRun:
    """What a distributed perft did: the count and how it was obtained."""

    game: str
    config: Dict[str, str]
    position: str
    depth: int
    nodes: int
    divide: Optional[Dict[str, int]]
    seconds: float
    split: int
    pieces: int
    paths: int
    tasks: int
    tasks_from_checkpoint: int
    workers: int

    def as_json(self) -> dict:
        """The CLI's JSON object."""
        out = {
            "game": self.game,
            "config": self.config,
            "position": self.position,
            "depth": self.depth,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "tasks": self.tasks,
            "tasks_from_checkpoint": self.tasks_from_checkpoint,
            "workers": self.workers,
            "split_depth": self.split,
            "positions_at_split": self.paths,
            "positions_after_merge": self.pieces,
        }
        if self.divide is not None:
            out["divide"] = self.divide
        return out


def root_game(game, config=None, position=None):
    """The root position: a ``variant_games.Game`` as given, or game name + configuration (+ text)."""
    if isinstance(game, _native.Game):
        if config is not None or position is not None:
            raise TypeError("config and position go with a game name, not with a Game")
        return game
    if not isinstance(game, str):
        raise TypeError(f"game must be a game name (str) or a variant_games.Game, not {type(game).__name__}")
    if position is None:
        return _native.Game(game, config)
    if not isinstance(position, str):
        raise TypeError(f"position must be a position text (str), not {type(position).__name__}")
    return _native.Game.from_text(game, position, config)


def _config_text(root) -> str:
    return ";".join(f"{k}={v}" for k, v in sorted(root.config.items()))


def _depth_arg(depth, least: int) -> int:
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth must be an int, not {type(depth).__name__}")
    if depth < least or depth > 64:
        raise ValueError(f"depth {depth}: must be in {least}..=64")
    return depth


def estimate_seconds(root, depth: int, hash_mb: int) -> float:
    """Seconds one core needs for ``root.perft(depth)`` with a table, extrapolated from timed
    counts at growing depths (at most about ``PROBE_SECONDS`` of counting). The counts are timed
    in this thread's CPU time, which a busy machine does not stretch as it stretches the wall
    time (a wall-clock probe on a loaded machine once cut the same job into 58 tasks, then 16)."""
    previous, seconds = None, 0.0
    for d in range(1, depth + 1):
        start = time.thread_time()
        root.perft(d, hash=min(hash_mb, 16))
        seconds = max(time.thread_time() - start, 1e-6)
        if d == depth:
            return seconds
        if previous is not None and seconds >= 0.002:
            growth = max(seconds / previous, 2.0)
            # Stop before the probe that would pass the budget (the next one takes about
            # `growth` times this one): the client's CPU is part of the job's cost.
            if seconds * growth >= PROBE_SECONDS:
                return seconds * growth ** (depth - d)
        previous = seconds
    return seconds


def task_count(roots, depth: int, hash_mb: int, slots: int, task_seconds: float) -> int:
    """How many tasks to cut the count of ``roots`` at ``depth`` into: a few per worker thread,
    each about ``task_seconds`` long by the client's estimate."""
    if depth <= 1 or not roots:
        return 1
    seconds = estimate_seconds(roots[0], depth, hash_mb) * len(roots)
    return max(slots * MIN_TASKS_PER_SLOT, math.ceil(seconds / task_seconds))


def choose_split(roots, depth: int, tasks: int) -> int:
    """The split depth for counting ``roots`` at ``depth`` in ``tasks`` tasks: deepened until
    there are at least ``MIN_PIECES_PER_TASK`` positions a task, leaving at least two plies to
    each task (the table works on subtrees of depth 2 and more)."""
    split, pieces = 0, len(roots)
    while split < depth - 2 and pieces < tasks * MIN_PIECES_PER_TASK:
        nxt = sum(len(r.split(split + 1)) for r in roots)
        if nxt > MAX_PIECES:
            break
        split, pieces = split + 1, nxt
    return split


def run(
    game,
    depth,
    *,
    config=None,
    position=None,
    client=None,
    checkpoint=None,
    progress=True,
    divide=False,
    hash_mb: int = HASH_MB,
    hash_seed: int = 0,
    split=None,
    task_seconds: float = TASK_SECONDS,
    scheduler=None,
    workers=None,
    merge: bool = True,
    connect_timeout: float = _cluster.CONNECT_TIMEOUT,
) -> PerftRun:
    """The distributed perft behind ``perft`` and ``divide`` (see there)."""
    start = time.monotonic()
    root = root_game(game, config, position)
    depth = _depth_arg(depth, 1 if divide else 0)
    if divide:
        moves = root.legal_moves()
        roots = []
        for mv in moves:
            child = root.copy()
            child.play(mv)
            roots.append(child)
        root_depth = depth - 1
    else:
        moves, roots, root_depth = [None], [root], depth
    name, config_text, root_text = root.name, _config_text(root), root.text
    with _cluster.client_for(client, scheduler, workers, connect_timeout,
                             verbose=bool(progress)) as cl:
        job = {"game": name, "config": config_text, "position": root_text, "depth": depth,
               "divide": bool(divide)}
        saved = Checkpoint(checkpoint, job) if checkpoint is not None else None
        try:
            if saved is not None and "split" in saved.job:
                split_depth, batch = int(saved.job["split"]), int(saved.job["batch"])
            else:
                tasks = task_count(roots, root_depth, hash_mb, _cluster.worker_threads(cl),
                                   task_seconds)
                if split is not None:
                    # Counted from the root; divide's roots are one ply down already.
                    split_depth = _depth_arg(split, 1 if divide else 0) - (1 if divide else 0)
                    if split_depth > root_depth:
                        raise ValueError(f"split {split}: deeper than the count ({depth})")
                else:
                    split_depth = choose_split(roots, root_depth, tasks)
            per_root = [r.split(split_depth, merge) for r in roots]
            if saved is None or "batch" not in saved.job:
                batch = max(1, math.ceil(sum(len(p) for p in per_root) / tasks))
            if saved is not None and saved.new:
                # Kept in the checkpoint: a resumed run splits the same way.
                saved.job.update(split=split_depth, batch=batch)
                saved.write_job()
            table = table_name(job, hash_mb, hash_seed) if hash_mb > 0 else None
            if table is not None:
                _on_workers(cl, _tasks.remove_stale_tables, table)
            try:
                return _count(cl, name, config_text, root_text, depth, moves, per_root,
                              root_depth, split_depth, batch, saved, progress, hash_mb,
                              hash_seed, table, start, divide, merge)
            finally:
                if table is not None:
                    _on_workers(cl, _tasks.release_table, table)
        finally:
            if saved is not None:
                saved.close()


def table_name(job: dict, hash_mb: int, hash_seed: int) -> str:
    """The file name of the job's shared table on each machine: a digest of the job (game,
    configuration, position, depth) and of the table's size and seed, so two jobs never share
    a table and a rerun of the same job (after its client was killed) finds its own."""
    fields = {k: job[k] for k in ("game", "config", "position", "depth", "divide")}
    key = json.dumps([fields, hash_mb, hash_seed], sort_keys=True)
    return f"{_tasks.TABLE_PREFIX}{hashlib.sha256(key.encode()).hexdigest()[:24]}.table"


def _on_workers(cl, fn, *args) -> None:
    """Runs the housekeeping ``fn`` on every worker. A failure there (a worker leaving) must not
    cost the count, so it is only reported on stderr; what it leaves behind is removed by a
    later job (``_tasks.remove_stale_tables``)."""
    import sys

    try:
        # A worker that fails (one just restarted after a fault) does not keep the others
        # from doing it: any worker of a machine removes the machine's table.
        results = cl.run(fn, *args, on_error="return")
        failed = {w: r for w, r in results.items() if isinstance(r, BaseException)}
    except Exception as error:  # noqa: BLE001 - any failure of the cleanup is only reported
        failed = {"all workers": error}
    for worker, error in failed.items():
        print(f"variant_games.distributed: {fn.__name__} on {worker} failed: {error}",
              file=sys.stderr)


def _count(cl, name, config_text, root_text, depth, moves, per_root, root_depth, split_depth,
           batch, saved, progress, hash_mb, hash_seed, table, start, divide, merge) -> PerftRun:
    remaining = root_depth - split_depth
    # The pieces of every root; merged, also across roots by position text.
    per_root: List[List[Tuple[str, int]]]
    if merge:
        paths: Dict[str, int] = {}
        for pieces in per_root:
            for text, n in pieces:
                paths[text] = paths.get(text, 0) + n
        entries = list(paths.items())
    else:
        entries = [piece for pieces in per_root for piece in pieces]
    tasks = [list(range(i, min(i + batch, len(entries)))) for i in range(0, len(entries), batch)]
    counts: Dict[str, int] = {}
    todo, from_checkpoint = [], 0
    for task in tasks:
        known = {i: saved.get(entries[i][0], remaining) for i in task} if saved is not None else {}
        missing = [i for i in task if known.get(i) is None]
        counts.update({entries[i][0]: c for i, c in known.items() if c is not None})
        if missing:
            todo.append(missing)
        else:
            from_checkpoint += 1
    nodes = sum(n * counts[t] for t, n in entries if t in counts)
    done = from_checkpoint
    bar = Progress(len(tasks), enabled=bool(progress), done=done, nodes=nodes)
    bar.update(done, nodes, force=True)
    run_id = uuid.uuid4().hex[:12]
    futures = [
        cl.submit(_tasks.count_positions, name, config_text, [entries[i][0] for i in task],
                  remaining, hash_mb, hash_seed, table, key=f"variants-perft-{run_id}-{k}",
                  pure=False, retries=2)
        for k, task in enumerate(todo)
    ]
    index = {f.key: task for f, task in zip(futures, todo)}
    import distributed

    try:
        for future in distributed.as_completed(futures, loop=cl.loop):
            task = index[future.key]
            results = future.result()
            future.release()
            if saved is not None:
                saved.add((entries[i][0], remaining, c) for i, c in zip(task, results))
            for i, c in zip(task, results):
                counts[entries[i][0]] = c
                nodes += entries[i][1] * c
            done += 1
            bar.update(done, nodes)
    except BaseException:
        # Ctrl-C or a lost cluster: what finished is in the checkpoint; stop the rest.
        cl.cancel(futures)
        bar.finish()
        raise
    bar.finish()
    totals = [sum(n * counts[t] for t, n in pieces) for pieces in per_root]
    return PerftRun(
        game=name,
        config=dict(pair.split("=", 1) for pair in config_text.split(";") if pair),
        position=root_text,
        depth=depth,
        nodes=sum(totals),
        divide=dict(sorted(zip(moves, totals))) if divide else None,
        seconds=time.monotonic() - start,
        split=split_depth + (1 if divide else 0),
        pieces=len({t for t, _ in entries}) if merge else len(entries),
        paths=sum(n for _, n in entries),
        tasks=len(tasks),
        tasks_from_checkpoint=from_checkpoint,
        workers=_cluster.worker_count(cl),
    )
