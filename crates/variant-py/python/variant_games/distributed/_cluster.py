"""Finding the Dask client to run on: the one given, the default one, or a new local cluster."""

from __future__ import annotations

import contextlib
import logging
import os
from typing import Iterator, Optional


#: Dask settings for processes whose tasks are long calls into Rust, as ours are. Dask's
#: defaults keep each process busy while it waits (a worker samples its threads' Python stacks
#: every 10 ms, which in a Rust count shows nothing; every process checks its event loop every
#: 20 ms and its memory and system load several times a second): CPU that grows with the wall
#: time of a job, not with its work. Applied to the local clusters this module starts; for a
#: cluster of your own, set them in its processes' Dask configuration or environment
#: (``DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False`` and so on, see docs/distributed.md).
QUIET_CONFIG = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}

#: The module every worker process of a local cluster preloads (see there: Ctrl-C).
WORKER_SETUP = "variant_games.distributed._worker_setup"


def quiet_environment() -> dict:
    """``QUIET_CONFIG`` as the environment variables Dask reads when a process starts."""
    env = {}
    for key, value in QUIET_CONFIG.items():
        name = "DASK_" + "__".join(part.upper().replace("-", "_") for part in key.split("."))
        env[name] = str(value)
    return env


def _require():
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ImportError(
            "variant_games.distributed needs Dask: pip install \"variant-games[dask]\" "
            "(the packages dask and distributed)"
        ) from None
    return distributed


@contextlib.contextmanager
def _log_level_kept() -> Iterator[None]:
    """Puts back the level of Dask's logger when the block ends."""
    logger = logging.getLogger("distributed")
    level = logger.level
    try:
        yield
    finally:
        logger.setLevel(level)


@contextlib.contextmanager
def client_for(client=None, scheduler: Optional[str] = None, workers: Optional[int] = None) -> Iterator:
    """Yields a client: ``client`` when given, else one connected to ``scheduler`` (an address
    or a scheduler file), else the current default client, else a new ``LocalCluster`` with
    ``workers`` single-threaded worker processes (one per core when not given), closed after.
    """
    distributed = _require()
    if client is not None:
        yield client
        return
    if scheduler is not None:
        if os.path.isfile(scheduler):
            made = distributed.Client(scheduler_file=scheduler)
        else:
            made = distributed.Client(scheduler)
        try:
            yield made
        finally:
            made.close()
        return
    try:
        yield distributed.default_client()
        return
    except ValueError:
        pass
    n = workers or os.cpu_count() or 1
    # One single-threaded worker process per core: each task counts on one core with the GIL
    # released, and a task's table is not shared between threads of one process anyway.
    import dask

    with dask.config.set(QUIET_CONFIG), _log_level_kept(), distributed.LocalCluster(
        n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0",
        preload=[WORKER_SETUP],
    ) as cluster, distributed.Client(cluster) as made:
        try:
            yield made
        except KeyboardInterrupt:
            # Ctrl-C: the cluster is closed now, its tasks cut short (a worker whose task
            # does not end in time is killed). What Dask logs about that is no news to the
            # user who pressed it; the level comes back once the cluster is closed.
            logging.getLogger("distributed").setLevel(logging.CRITICAL)
            raise


def worker_threads(client) -> int:
    """The number of task slots (threads) of the cluster's workers, at least 1."""
    workers = client.scheduler_info().get("workers", {})
    return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))


def worker_count(client) -> int:
    """The number of workers connected now."""
    return len(client.scheduler_info().get("workers", {}))
