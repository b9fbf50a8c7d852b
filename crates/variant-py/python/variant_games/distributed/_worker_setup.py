"""Preloaded into the worker processes of the local clusters this package starts: Dask runs
``dask_setup`` in each worker process as it starts (the replacement of a dead worker too)."""

from __future__ import annotations

import logging
import signal
import threading


def dask_setup(worker) -> None:
    """Ctrl-C is the command's to handle, not the workers'. A terminal sends it to the whole
    foreground process group, and the worker processes of a local cluster are in the group of
    the user's command: interrupted, each would die with a traceback across the user's screen,
    and log the tasks it was running as cancelled. Here a SIGINT only makes the worker quiet:
    the command cancels its tasks and closes the cluster, which stops this process."""
    del worker
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _quiet)


def _quiet(signum, frame) -> None:
    """The user pressed Ctrl-C: what Dask logs while this worker is stopped (its tasks
    cancelled, its process killed when a task does not end in time) is no news to them."""
    del signum, frame
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
