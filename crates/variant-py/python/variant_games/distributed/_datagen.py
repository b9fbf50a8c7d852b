"""Self-play training data on a Dask cluster: ranges of games as tasks, shards, checkpoint, merge.

Game ``i`` of a run is played from ``seed + i`` (``_native.datagen_games``), so a range of games
is a pure task: run twice (its worker died), it gives the same bytes. Each finished task's
records go to a shard file (a VGDATA file of its own: the run's header, then the range's
records); with a checkpoint the shards live beside it (``CHECKPOINT.shards/``) and the
checkpoint gets a line for each, once the shard is synced, so a resumed run takes every range
it finds there and plays only the games not in one. At the end the shards are merged in game
order into the output file, whose header is ``_native.datagen_header(game, config)``.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import time
import uuid
from typing import List, Optional, Tuple

import numpy as np

from .. import _native, nnue
from . import _cluster, _tasks
from ._checkpoint import DatagenCheckpoint
from ._progress import Progress

#: The defaults of ``variants datagen``: nodes searched a move, random plies opening a game.
NODES = 5_000
RANDOM_PLIES = 8
#: ``variants datagen``'s default: plies after which a game is scored a draw.
MAX_PLIES = 400
#: Games a task plays, by default: a few seconds of play each at the usual node counts, so a
#: worker that dies loses little, and the scheduler handles thousands of tasks, not millions.
GAMES_PER_TASK = 4
#: Tasks kept in flight per worker thread: enough to keep every worker busy, few enough that
#: Ctrl-C leaves little unfinished work and the finished shards do not wait in memory.
IN_FLIGHT_PER_THREAD = 3


@dataclasses.dataclass
class DatagenRun:
    """What a distributed datagen did."""

    game: str
    config: str
    games: int
    nodes: int
    random_plies: int
    max_plies: int
    seed: int
    out: str
    records: int
    bytes: int
    tasks: int
    tasks_from_checkpoint: int
    games_from_checkpoint: int
    records_from_checkpoint: int
    seconds: float
    workers: int

    def as_json(self) -> dict:
        """The CLI's JSON object."""
        out = dataclasses.asdict(self)
        out["seconds"] = round(self.seconds, 3)
        played = self.records - self.records_from_checkpoint
        out["records_per_second"] = round(played / self.seconds, 1) if self.seconds else 0.0
        return out


def _int_arg(name: str, value, least: int, most: int = (1 << 63) - 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not least <= value <= most:
        raise ValueError(f"{name} {value}: must be in {least}..={most}")
    return value


def ranges_todo(games: int, done: List[Tuple[int, int]], per_task: int) -> List[Tuple[int, int]]:
    """The ranges ``(first, count)`` of ``0..games`` not covered by the ``done`` ranges, each
    gap cut into tasks of at most ``per_task`` games.

    >>> ranges_todo(10, [(4, 4)], 3)
    [(0, 3), (3, 1), (8, 2)]
    """
    todo, at = [], 0
    for first, count in sorted(done) + [(games, 0)]:
        gap_end = min(first, games)
        while at < gap_end:
            n = min(per_task, gap_end - at)
            todo.append((at, n))
            at += n
        at = max(at, first + count)
    return todo


def _shard_name(first: int, count: int) -> str:
    return f"games-{first:010d}-{count}.vgdata"


def _check_records(data: bytes, cells: int, first: int, count: int) -> int:
    """The number of records in a task's bytes, after checking they are whole records of the
    games asked for (a task must not hand back another range's games)."""
    size = nnue.RECORD_FIXED + cells
    if len(data) % size:
        raise ValueError(f"games {first}..{first + count - 1}: {len(data)} bytes of records "
                         f"is not a multiple of the record size {size}")
    rec = np.frombuffer(data, dtype=nnue.record_dtype(cells))
    if len(rec) and (rec["game"].min() < first or rec["game"].max() >= first + count):
        raise ValueError(f"games {first}..{first + count - 1}: the task returned records of "
                         f"games {int(rec['game'].min())}..{int(rec['game'].max())}")
    return len(rec)


def _write_shard(path: str, header: bytes, data: bytes) -> int:
    """Writes a shard (header + records) whole: a temporary name, synced, then renamed."""
    tmp = path + ".part"
    with open(tmp, "wb") as f:
        f.write(header)
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return len(header) + len(data)


def run(game: str, games: int, *, out: str, config=None, nodes: int = NODES,
        random_plies: int = RANDOM_PLIES, max_plies: int = MAX_PLIES, seed: int = 0,
        games_per_task: int = GAMES_PER_TASK, checkpoint: Optional[str] = None,
        client=None, scheduler=None, workers=None, progress=True,
        connect_timeout: float = _cluster.CONNECT_TIMEOUT) -> DatagenRun:
    """The distributed datagen behind ``variant_games.distributed.datagen`` (see there)."""
    start = time.monotonic()
    if not isinstance(game, str):
        raise TypeError(f"game must be a game name (str), not {type(game).__name__}")
    games = _int_arg("games", games, 1, 1 << 32)
    nodes = _int_arg("nodes", nodes, 1, 1 << 40)
    random_plies = _int_arg("random_plies", random_plies, 0, 1000)
    max_plies = _int_arg("max_plies", max_plies, 1, 100_000)
    seed = _int_arg("seed", seed, 0)
    games_per_task = _int_arg("games_per_task", games_per_task, 1, 1 << 20)
    config_text = config if isinstance(config, str) or config is None else ";".join(
        f"{k}={v}" for k, v in sorted(dict(config).items()))
    config_text = config_text or ""
    # Checks the game and the configuration before any cluster work; the header's game and
    # configuration are the normalised ones.
    header = bytes(_native.datagen_header(game, config_text))
    _, _, name, normalised, layout = nnue._parse_data_header(header, "datagen_header",
                                                             len(header))
    out = os.fspath(out)
    job = {"game": name, "config": normalised, "games": games, "nodes": nodes,
           "random_plies": random_plies, "max_plies": max_plies, "seed": seed}
    saved = DatagenCheckpoint(checkpoint, job) if checkpoint is not None else None
    shard_dir = saved.shard_dir if saved is not None else f"{out}.shards-{uuid.uuid4().hex[:8]}"
    try:
        os.makedirs(shard_dir, exist_ok=True)
        if saved is not None:
            saved.write_job()
        done = {e["first"]: e for e in saved.done()} if saved is not None else {}
        for e in done.values():
            # A shard of another header (a checkpoint directory reused by hand) is not ours.
            with open(os.path.join(shard_dir, e["shard"]), "rb") as f:
                if f.read(len(header)) != header:
                    raise ValueError(f"{shard_dir}/{e['shard']}: not a shard of this job")
        todo = ranges_todo(games, [(e["first"], e["count"]) for e in done.values()],
                           games_per_task)
        with _cluster.client_for(client, scheduler, workers, connect_timeout,
                                 verbose=bool(progress)) as cl:
            played = _play(cl, name, normalised, header, layout, todo, done, shard_dir, saved,
                           nodes, random_plies, max_plies, seed, games, progress)
            worker_count = _cluster.worker_count(cl)
        entries = sorted(list(done.values()) + played, key=lambda e: e["first"])
        covered = sum(e["count"] for e in entries)
        if covered != games:
            raise RuntimeError(f"the shards cover {covered} games of {games}")
        records = nnue.merge([os.path.join(shard_dir, e["shard"]) for e in entries], out)
        size = os.path.getsize(out)
        if saved is None:
            shutil.rmtree(shard_dir, ignore_errors=True)
        return DatagenRun(
            game=name, config=normalised, games=games, nodes=nodes, random_plies=random_plies,
            max_plies=max_plies, seed=seed, out=out, records=records, bytes=size,
            tasks=len(todo) + len(done), tasks_from_checkpoint=len(done),
            games_from_checkpoint=sum(e["count"] for e in done.values()),
            records_from_checkpoint=sum(e["records"] for e in done.values()),
            seconds=time.monotonic() - start, workers=worker_count)
    except BaseException:
        # Without a checkpoint the shards are of no use to a later run.
        if saved is None:
            shutil.rmtree(shard_dir, ignore_errors=True)
        raise
    finally:
        if saved is not None:
            saved.close()


def _play(cl, name, config, header, layout, todo, done, shard_dir, saved, nodes,
          random_plies, max_plies, seed, games, progress) -> List[dict]:
    """Runs the ``todo`` ranges as tasks, a bounded number in flight; writes each finished
    range's shard (and checkpoint line); returns the new ranges."""
    import distributed

    games_done = sum(e["count"] for e in done.values())
    records = sum(e["records"] for e in done.values())
    bar = Progress(games, enabled=bool(progress), label="games", unit="records",
                   done=games_done, nodes=records)
    bar.update(games_done, records, force=True)
    run_id = uuid.uuid4().hex[:12]
    limit = max(2, _cluster.worker_threads(cl) * IN_FLIGHT_PER_THREAD)
    pending = distributed.as_completed(loop=cl.loop)
    ranges, futures, played = {}, [], []
    queue = list(todo)

    def submit():
        first, count = queue.pop(0)
        future = cl.submit(_tasks.datagen_games, name, config, first, count, nodes,
                           random_plies, seed, max_plies,
                           key=f"variants-datagen-{run_id}-{first}",
                           pure=False, retries=2)
        ranges[future.key] = (first, count)
        futures.append(future)
        pending.add(future)

    while queue and len(futures) < limit:
        submit()
    try:
        for future in pending:
            first, count = ranges[future.key]
            data = bytes(future.result())
            future.release()
            n = _check_records(data, layout.cells, first, count)
            shard = _shard_name(first, count)
            size = _write_shard(os.path.join(shard_dir, shard), header, data)
            entry = {"first": first, "count": count, "records": n, "shard": shard,
                     "bytes": size}
            if saved is not None:
                saved.add(entry)
            played.append(entry)
            games_done += count
            records += n
            bar.update(games_done, records)
            if queue:
                submit()
    except BaseException:
        # Ctrl-C or a lost cluster: what finished is in the checkpoint; stop the rest.
        cl.cancel(futures)
        bar.finish()
        raise
    bar.finish()
    return played
