"""A one-line progress bar on stderr: tasks done, nodes so far, nodes per second, time left."""

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
    """Redrawn at most a few times a second; ``enabled=False`` draws nothing."""

    def __init__(self, total: int, enabled: bool = True, stream=None, label: str = "tasks",
                 show_nodes: bool = True):
        self.show_nodes = show_nodes
        self.total = total
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.label = label
        self.start = time.monotonic()
        self.last = 0.0
        self.done = 0
        self.nodes = 0
        self.shown = False

    def update(self, done: int, nodes: int, force: bool = False) -> None:
        self.done, self.nodes = done, nodes
        now = time.monotonic()
        if not self.enabled or (not force and now - self.last < 0.25):
            return
        self.last = now
        elapsed = max(now - self.start, 1e-9)
        rate = nodes / elapsed
        left = (self.total - done) * elapsed / done if done else float("nan")
        width = 24
        filled = int(width * done / self.total) if self.total else width
        eta = _clock(left) if done else "?"
        counted = f"  {_short(nodes)} nodes  {_short(rate)} nodes/s" if self.show_nodes else ""
        line = (
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} {self.label}"
            f"{counted}  {eta} left "
        )
        self.stream.write(line)
        self.stream.flush()
        self.shown = True

    def finish(self) -> None:
        if self.enabled and self.shown:
            self.update(self.done, self.nodes, force=True)
            self.stream.write("\n")
            self.stream.flush()
