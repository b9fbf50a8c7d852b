"""A one-line progress bar on stderr: tasks done, nodes so far, nodes per second, time left
(or games done, records so far, records per second: the unit is the caller's)."""

from __future__ import annotations

import sys
import time


def _short(n: float) -> str:
    for unit, size in (("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= size:
            return f"{n / size:.2f}{unit}"
    return f"{n:.0f}"


def _clock(seconds: float) -> str:
    seconds = int(max(seconds, 0))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Progress:
    """Redrawn at most a few times a second; ``enabled=False`` draws nothing.

    ``done`` and ``nodes`` are what earlier runs did (the tasks a resumed perft takes from its
    checkpoint): counted in the totals shown, not in the rate and the time left, which are
    this run's work over this run's time."""

    def __init__(self, total: int, enabled: bool = True, stream=None, label: str = "tasks",
                 show_nodes: bool = True, done: int = 0, nodes: int = 0, unit: str = "nodes"):
        self.show_nodes = show_nodes
        self.unit = unit
        self.total = total
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.label = label
        self.start = time.monotonic()
        self.last = 0.0
        self.done_before, self.nodes_before = done, nodes
        self.done = done
        self.nodes = nodes
        self.shown = False
        self.shown_length = 0

    def end_at(self, total: int) -> None:
        """The run stops short of the total it was given (an SPRT decided): ``total`` is all
        it does, and the bar ends full there."""
        self.total = total

    def update(self, done: int, nodes: int, force: bool = False) -> None:
        self.done, self.nodes = done, nodes
        now = time.monotonic()
        if not self.enabled or (not force and now - self.last < 0.25):
            return
        self.last = now
        elapsed = max(now - self.start, 1e-9)
        rate = (nodes - self.nodes_before) / elapsed
        width = 24
        filled = int(width * done / self.total) if self.total else width
        eta = self._left(done, elapsed)
        counted = (f"  {_short(nodes)} {self.unit}  {_short(rate)} {self.unit}/s"
                   if self.show_nodes else "")
        line = (
            f"[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} {self.label}"
            f"{counted}  {eta} left "
        )
        # Spaces over the end of a longer line drawn before (a total cut short, a rate that
        # lost a digit), which the carriage return alone leaves on the screen.
        self.stream.write("\r" + line.ljust(self.shown_length))
        self.stream.flush()
        self.shown, self.shown_length = True, len(line)

    def _left(self, done: int, elapsed: float) -> str:
        """The time left at this run's pace (unknown until this run has finished a task)."""
        if done >= self.total:
            return _clock(0)
        done_here = done - self.done_before
        if done_here <= 0:
            return "?"
        return _clock((self.total - done) * elapsed / done_here)

    def finish(self) -> None:
        if self.enabled and self.shown:
            self.update(self.done, self.nodes, force=True)
            self.stream.write("\n")
            self.stream.flush()
