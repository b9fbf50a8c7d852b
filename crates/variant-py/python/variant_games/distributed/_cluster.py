"""Finding the Dask client to run on: the one given, the default one, or a new local cluster."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import sys
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

#: Seconds to wait for a scheduler (``--scheduler``) to answer, by default. A running
#: scheduler answers in milliseconds even across a data centre; Dask's own default, 30 s of
#: silence before an error, is mostly spent on an address where nothing runs.
CONNECT_TIMEOUT = 5.0

#: The module every worker process of a local cluster preloads (see there: Ctrl-C).
WORKER_SETUP = "variant_games.distributed._worker_setup"


def quiet_environment() -> dict:
    """``QUIET_CONFIG`` as the environment variables Dask reads when a process starts."""
    env = {}
    for key, value in QUIET_CONFIG.items():
        name = "DASK_" + "__".join(part.upper().replace("-", "_") for part in key.split("."))
        env[name] = str(value)
    return env


def connect_timeout_arg(seconds) -> float:
    """``seconds`` checked as a connect timeout: a positive number."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise ValueError(f"connect timeout {seconds!r}: must be a positive number of seconds")
    return float(seconds)


def scheduler_address(scheduler: str) -> str:
    """The address of ``scheduler``: an address itself (``tcp://HOST:PORT``, ``HOST:PORT``), or
    the path of a scheduler file (``dask scheduler --scheduler-file PATH``), which holds it.
    A name that is neither an existing file nor an address is a missing scheduler file (it
    was not taken for an address: Dask's complaint about its port said nothing of the file)."""
    if not os.path.isfile(scheduler):
        if "://" in scheduler or re.fullmatch(r"[^/\s]+:[0-9]+", scheduler):
            return scheduler
        raise FileNotFoundError(f"no such scheduler file: {scheduler}")
    try:
        with open(scheduler, encoding="utf-8") as f:
            address = json.load(f)["address"]
    except (ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{scheduler}: not a Dask scheduler file ({e})") from None
    if not isinstance(address, str):
        raise ValueError(f"{scheduler}: not a Dask scheduler file (its address is {address!r})")
    return address


def connect(distributed, scheduler: str, timeout: float = CONNECT_TIMEOUT,
            verbose: bool = False):
    """A client connected to ``scheduler`` (see ``scheduler_address``) within ``timeout``
    seconds. Dask keeps trying to reach a scheduler for the whole timeout, silently (its own
    default is 30 s): the address and the timeout are said first when ``verbose``, and a
    scheduler that does not answer is an error that names both."""
    address = scheduler_address(scheduler)
    timeout = connect_timeout_arg(timeout)
    if verbose:
        print(f"connecting to {address} (timeout {timeout:g} s)", file=sys.stderr, flush=True)
    try:
        return distributed.Client(address, timeout=timeout)
    except OSError:
        raise ConnectionError(
            f"no Dask scheduler answered at {address} within {timeout:g} s: is it running, "
            f"and reachable from here? (a slower network or scheduler needs a longer "
            f"--connect-timeout SECONDS; connect_timeout= in Python)"
        ) from None


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
def client_for(client=None, scheduler: Optional[str] = None, workers: Optional[int] = None,
               connect_timeout: float = CONNECT_TIMEOUT, verbose: bool = False) -> Iterator:
    """Yields a client: ``client`` when given, else one connected to ``scheduler`` (an address
    or a scheduler file; see ``connect``), else the current default client, else a new
    ``LocalCluster`` with ``workers`` single-threaded worker processes (one per core when not
    given), closed after.
    """
    distributed = _require()
    if client is not None:
        yield client
        return
    if scheduler is not None:
        made = connect(distributed, scheduler, connect_timeout, verbose)
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
