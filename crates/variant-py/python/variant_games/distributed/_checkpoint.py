"""The checkpoint files of the distributed commands: one JSON object a line, appended and synced.

The first line describes the job; every other line is one finished piece of work. A perft
checkpoint (``Checkpoint``) holds the job (game, configuration, root position, depth, split
depth, task size) and one line per counted position: ``{"position": TEXT, "depth": D,
"count": N}``. A datagen checkpoint (``DatagenCheckpoint``) holds the job (game,
configuration, games, nodes, random plies, plies at most, seed) and one line per finished
range of games, whose records are in a shard file beside it. A task's lines are appended
together when the task finishes, then the file is flushed and ``fsync``-ed, so after a crash
(or Ctrl-C, or a lost client) the file holds whole tasks only, except perhaps a torn last
line, which is ignored when the file is read again and cut off the file before the resumed
run appends to it.
"""

from __future__ import annotations

import json
import os
from typing import Dict, Iterable, List, Optional, Tuple

FORMAT = "variant_games.distributed perft checkpoint 1"
DATAGEN_FORMAT = "variant_games.distributed datagen checkpoint 1"


class CheckpointError(ValueError):
    """A checkpoint file that cannot be read, or that belongs to another job."""


class _JsonLines:
    """A checkpoint of one job: its job line, its records, the file to append to. Subclasses
    say what the format is called (``FORMAT``), which job keys must agree (``JOB_KEYS``), which
    the first run's settings keep (``KEPT_KEYS``), and how a record line is read
    (``_record``)."""

    FORMAT = ""
    JOB_KEYS: Tuple[str, ...] = ()
    KEPT_KEYS: Tuple[str, ...] = ()

    def __init__(self, path: str, job: dict) -> None:
        self.path = path
        self.job = dict(job)
        self._start()
        #: Whether the file is new: its job line is written by ``write_job``.
        self.new = not (os.path.exists(path) and os.path.getsize(path) > 0)
        if not self.new:
            self._cut_torn_line(self._read())
        self._file = open(path, "a", encoding="utf-8")

    def _start(self) -> None:
        """Sets up the records read from the file (none yet)."""

    def _record(self, record, number: int) -> None:
        """Takes in the record of line ``number``; raises ``ValueError``, ``KeyError`` or
        ``TypeError`` for a line that is not one."""
        raise NotImplementedError

    def write_job(self) -> None:
        """Writes the job line of a new file (once the split is chosen)."""
        if self.new:
            self._write_lines([json.dumps({"format": self.FORMAT, "job": self.job},
                                          sort_keys=True)])
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
        if not isinstance(head, dict) or head.get("format") != self.FORMAT:
            raise CheckpointError(f"{self.path}:1: not a {self.FORMAT!r} file")
        saved = head.get("job")
        for key in self.JOB_KEYS:
            if not isinstance(saved, dict) or saved.get(key) != self.job.get(key):
                theirs = saved.get(key) if isinstance(saved, dict) else None
                raise CheckpointError(
                    f"{self.path}: the checkpoint is of another job ({key} {theirs!r}, "
                    f"this run {self.job.get(key)!r})"
                )
        # The settings of the first run are kept, so that the work is cut the same way.
        self.job.update({k: saved[k] for k in self.KEPT_KEYS if k in saved})
        for number, line in enumerate(complete[1:], start=2):
            if not line.strip():
                continue
            try:
                self._record(json.loads(line), number)
            except (ValueError, KeyError, TypeError) as e:
                if isinstance(e, CheckpointError):
                    raise
                raise CheckpointError(f"{self.path}:{number}: not a record: {e}") from None
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

    def _write_lines(self, lines) -> None:
        if not lines:
            return
        self._file.write("".join(line + "\n" for line in lines))
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Checkpoint(_JsonLines):
    """An open perft checkpoint: the counts it already holds and the file to append to."""

    FORMAT = FORMAT
    JOB_KEYS = ("game", "config", "position", "depth", "divide")
    # The split and the task size of the first run are kept, so that the positions match.
    KEPT_KEYS = ("split", "batch")

    def _start(self) -> None:
        self.counts: Dict[Tuple[str, int], int] = {}

    def _record(self, record, number: int) -> None:
        try:
            key = (str(record["position"]), int(record["depth"]))
            count = int(record["count"])
        except (ValueError, KeyError, TypeError) as e:
            raise CheckpointError(f"{self.path}:{number}: not a count record: {e}") from None
        if count < 0:
            raise CheckpointError(f"{self.path}:{number}: negative count {count}")
        self.counts[key] = count

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

    def __enter__(self) -> "Checkpoint":
        return self


class DatagenCheckpoint(_JsonLines):
    """An open datagen checkpoint: the ranges of games whose records are in shard files, and
    the file to append to. A line is ``{"first": I, "count": N, "records": R, "shard": NAME,
    "bytes": B}``: games ``I .. I+N-1`` gave ``R`` records, in the shard file ``NAME`` (of
    ``B`` bytes, header included) in the directory ``shard_dir``. A line is appended only
    after its shard file is complete and synced, so a line never names a shard that is not
    whole; a shard without a line (a crash between the two) is made again."""

    FORMAT = DATAGEN_FORMAT
    JOB_KEYS = ("game", "config", "games", "nodes", "random_plies", "max_plies", "seed")

    def _start(self) -> None:
        self.ranges: Dict[int, dict] = {}

    @property
    def shard_dir(self) -> str:
        """Where the shard files of this checkpoint live: ``CHECKPOINT.shards``."""
        return self.path + ".shards"

    def _record(self, record, number: int) -> None:
        if not isinstance(record, dict):
            raise TypeError("a range record is a JSON object")
        entry = {"first": int(record["first"]), "count": int(record["count"]),
                 "records": int(record["records"]), "shard": str(record["shard"]),
                 "bytes": int(record["bytes"])}
        if entry["first"] < 0 or entry["count"] < 1 or entry["records"] < 0 or \
                os.sep in entry["shard"] or entry["shard"] in ("", ".", ".."):
            raise CheckpointError(f"{self.path}:{number}: not a range record: {record!r}")
        self.ranges[entry["first"]] = entry

    def done(self) -> List[dict]:
        """The finished ranges whose shard file is there, whole, in game order."""
        out = []
        for entry in sorted(self.ranges.values(), key=lambda e: e["first"]):
            path = os.path.join(self.shard_dir, entry["shard"])
            if os.path.isfile(path) and os.path.getsize(path) == entry["bytes"]:
                out.append(entry)
        return out

    def add(self, entry: dict) -> None:
        """Appends a finished range (its shard written and synced first) and syncs it."""
        self.ranges[entry["first"]] = dict(entry)
        self._write_lines([json.dumps(entry, sort_keys=True)])

    def __enter__(self) -> "DatagenCheckpoint":
        return self
