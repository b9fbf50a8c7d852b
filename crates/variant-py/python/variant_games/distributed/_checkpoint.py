"""The checkpoint file of a distributed perft: one JSON object a line, appended and synced.

The first line describes the job (game, configuration, root position, depth, split depth, task
size); every other line is one counted position: ``{"position": TEXT, "depth": D, "count": N}``.
A task's positions are appended together when the task finishes, then the file is flushed and
``fsync``-ed, so after a crash (or Ctrl-C, or a lost client) the file holds whole tasks only,
except perhaps a torn last line, which is ignored when the file is read again and cut off the
file before the resumed run appends to it.
"""

from __future__ import annotations

import json
import os
from typing import Dict, Iterable, Optional, Tuple

FORMAT = "variant_games.distributed perft checkpoint 1"


class CheckpointError(ValueError):
    """A checkpoint file that cannot be read, or that belongs to another job."""


class Checkpoint:
    """An open checkpoint: the counts it already holds and the file to append to."""

    def __init__(self, path: str, job: dict) -> None:
        self.path = path
        self.job = dict(job)
        self.counts: Dict[Tuple[str, int], int] = {}
        #: Whether the file is new: its job line is written by ``write_job``.
        self.new = not (os.path.exists(path) and os.path.getsize(path) > 0)
        if not self.new:
            self._cut_torn_line(self._read())
        self._file = open(path, "a", encoding="utf-8")

    def write_job(self) -> None:
        """Writes the job line of a new file (once the split is chosen)."""
        if self.new:
            self._write_lines([json.dumps({"format": FORMAT, "job": self.job}, sort_keys=True)])
            self.new = False

    def _read(self) -> int:
        """Reads the job line and the records; returns the length in bytes of the complete
        lines (the file's length unless its last line was torn)."""
        with open(self.path, "rb") as f:
            data = f.read()
        # A last line without its newline was torn by a crash mid-write: not a record.
        end = data.rfind(b"\n") + 1
        complete = data[:end].decode("utf-8", errors="replace").split("\n")[:-1]
        if not complete:
            raise CheckpointError(f"{self.path}: no job line (the file is not a checkpoint)")
        try:
            head = json.loads(complete[0])
        except ValueError as e:
            raise CheckpointError(f"{self.path}:1: not a checkpoint job line: {e}") from None
        if not isinstance(head, dict) or head.get("format") != FORMAT:
            raise CheckpointError(f"{self.path}:1: not a {FORMAT!r} file")
        saved = head.get("job")
        for key in ("game", "config", "position", "depth", "divide"):
            if not isinstance(saved, dict) or saved.get(key) != self.job.get(key):
                theirs = saved.get(key) if isinstance(saved, dict) else None
                raise CheckpointError(
                    f"{self.path}: the checkpoint is of another job ({key} {theirs!r}, "
                    f"this run {self.job.get(key)!r})"
                )
        # The split and the task size of the first run are kept, so that the positions match.
        self.job.update({k: saved[k] for k in ("split", "batch") if k in saved})
        for number, line in enumerate(complete[1:], start=2):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                key = (str(record["position"]), int(record["depth"]))
                count = int(record["count"])
            except (ValueError, KeyError, TypeError) as e:
                raise CheckpointError(f"{self.path}:{number}: not a count record: {e}") from None
            if count < 0:
                raise CheckpointError(f"{self.path}:{number}: negative count {count}")
            self.counts[key] = count
        return end

    def _cut_torn_line(self, end: int) -> None:
        """Cuts the file back to the end of its last complete line. Appending goes after
        whatever the file holds: this run's first record would continue a torn line, and the
        line made of the two would fail the next read of the file."""
        if end == os.path.getsize(self.path):
            return
        with open(self.path, "r+b") as f:
            f.truncate(end)
            f.flush()
            os.fsync(f.fileno())

    def get(self, position: str, depth: int) -> Optional[int]:
        """The saved count of ``position`` at ``depth``, or None."""
        return self.counts.get((position, depth))

    def add(self, records: Iterable[Tuple[str, int, int]]) -> None:
        """Appends ``(position, depth, count)`` records and syncs them to disk."""
        lines = []
        for position, depth, count in records:
            self.counts[(position, depth)] = count
            lines.append(json.dumps({"position": position, "depth": depth, "count": count}))
        self._write_lines(lines)

    def _write_lines(self, lines) -> None:
        if not lines:
            return
        self._file.write("".join(line + "\n" for line in lines))
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> "Checkpoint":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
