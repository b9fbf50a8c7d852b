"""The learned evaluation's files and its integer arithmetic, in numpy (docs/engine.md).

Two formats, both little-endian (version 1 of each):

- **VGDATA**, training data: a header (game, configuration, board layout, and each seat's
  orientation table) then fixed-size records — the self-play game's number, the search's
  score from the mover's view, the ply, the mover, the game's result for the mover, and the
  board codes. ``DataFile`` reads one without copying it into memory (a ``numpy.memmap``),
  ``merge`` concatenates the shards of one run.
- **VNET**, a quantised network: one feature transformer shared by the seats' perspectives,
  clamped to ``0..=QA``, then one linear output over the perspectives ordered from the seat
  whose view is asked. ``Net`` reads and writes it; ``evaluate`` is the exact integer
  evaluation, the reference the engine's Rust inference must equal bit for bit.

>>> import numpy as np
>>> layout = Layout(cells=2, kinds=1, seats=2, family="1x1x2",
...                 orient=np.array([[0, 1], [1, 0]]))
>>> net = Net.random(layout, hidden=2, seed=1, game="toy")
>>> int(evaluate(net, np.array([1, 2]), 0, 2, 1, layout.orient)) == int(
...     evaluate(net, np.array([2, 1]), 1, 2, 1, layout.orient[::-1]))
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import struct
from typing import Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

#: The quantisation of the nets this package writes: accumulators in ``0..=QA`` stand for
#: ``0..=1``, output weights are multiples of ``1 / QB``, and ``SCALE`` turns the float
#: model's output into centipawn-like units.
QA = 255
QB = 64
SCALE = 400

DATA_MAGIC = b"VGDATA"
DATA_VERSION = 1
NET_MAGIC = b"VNET"
NET_VERSION = 1
FEATURE_SET = 1
#: Bytes of a record before its board codes: game u32, score i16, ply u16, mover u8, result u8.
RECORD_FIXED = 10

_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3
_MASK64 = (1 << 64) - 1

PathLike = Union[str, "os.PathLike[str]"]


def record_dtype(cells: int) -> np.dtype:
    """The numpy dtype of one VGDATA record of a board of ``cells`` cells (packed, 10 + N bytes).

    >>> record_dtype(64).itemsize
    74
    """
    return np.dtype([("game", "<u4"), ("score", "<i2"), ("ply", "<u2"), ("mover", "u1"),
                     ("result", "u1"), ("codes", "u1", (int(cells),))])


def fnv1a64(data: bytes, h: int = _FNV_OFFSET) -> int:
    """FNV-1a 64 of ``data`` (the VNET checksum), continuing from ``h``.

    >>> hex(fnv1a64(b"a"))
    '0xaf63dc4c8601ec8c'
    """
    # A byte at a time is the definition; Python ints keep it simple (a 1 MB net takes
    # about a tenth of a second, once per read or write).
    for b in data:
        h = ((h ^ b) * _FNV_PRIME) & _MASK64
    return h


def _family_cells(family: str) -> Optional[int]:
    """The cell count of a "BxRxF" family, or None when the text is not one."""
    parts = family.split("x")
    if len(parts) != 3 or not all(p.isdigit() and p for p in parts):
        return None
    b, r, f = (int(p) for p in parts)
    return b * r * f


@dataclasses.dataclass
class Layout:
    """A game's board layout as the features see it: ``cells`` (N), piece ``kinds`` (K),
    ``seats`` (S), the ``family`` text "BxRxF" and ``orient``, an S x N array whose row ``p``
    is the permutation of the cells that seat ``p`` sees (its own army at the bottom).

    >>> Layout(cells=2, kinds=1, seats=2, family="1x1x2", orient=[[0, 1], [1, 0]]).features
    4
    """

    cells: int
    kinds: int
    seats: int
    family: str
    orient: np.ndarray

    def __post_init__(self) -> None:
        self.orient = np.asarray(self.orient, dtype=np.int64)
        if self.cells < 1 or self.kinds < 1 or self.seats < 1:
            raise ValueError(f"layout: cells {self.cells}, kinds {self.kinds} and seats "
                             f"{self.seats} must all be at least 1")
        if self.orient.shape != (self.seats, self.cells):
            raise ValueError(f"layout: orient has shape {self.orient.shape}, expected "
                             f"{(self.seats, self.cells)} (seats x cells)")
        for p in range(self.seats):
            if not np.array_equal(np.sort(self.orient[p]), np.arange(self.cells)):
                raise ValueError(f"layout: orient[{p}] is not a permutation of 0..{self.cells}")

    @property
    def features(self) -> int:
        """F = S * K * N, the number of input features."""
        return self.seats * self.kinds * self.cells

    @classmethod
    def of(cls, obj) -> "Layout":
        """The layout of a ``DataFile``, a ``Layout``, or the dict of
        ``_native.nnue_layout(game, config)``."""
        if isinstance(obj, Layout):
            return obj
        if isinstance(obj, dict):
            return cls(cells=int(obj["cells"]), kinds=int(obj["kinds"]),
                       seats=int(obj["seats"]), family=str(obj["family"]),
                       orient=np.asarray(obj["orient"]))
        layout = getattr(obj, "layout", None)
        if isinstance(layout, Layout):
            return layout
        raise TypeError(f"expected a DataFile, a Layout or a layout dict, not "
                        f"{type(obj).__name__}")


# ---------------------------------------------------------------------------------------------
# VGDATA


def build_header(game: str, config: str, layout) -> bytes:
    """The VGDATA header of ``game`` with configuration text ``config`` and ``layout`` (a
    ``Layout`` or the dict of ``nnue_layout``): the bytes ``_native.datagen_header`` returns.

    >>> h = build_header("toy", "", Layout(2, 1, 2, "1x1x2", [[0, 1], [1, 0]]))
    >>> h[:6], len(h) % 8
    (b'VGDATA', 0)
    """
    layout = Layout.of(layout)
    g, c, fam = game.encode(), config.encode(), layout.family.encode()
    if len(g) > 255 or len(fam) > 255 or len(c) > 65535:
        raise ValueError("header: game or family longer than 255 bytes, or config longer "
                         "than 65535")
    body = (struct.pack("<B", len(g)) + g + struct.pack("<H", len(c)) + c
            + struct.pack("<B", len(fam)) + fam
            + struct.pack("<IHBB", layout.cells, layout.kinds, layout.seats, 0)
            + layout.orient.astype("<u2").tobytes())
    fixed = len(DATA_MAGIC) + 2 + 4
    header_len = -(-(fixed + len(body)) // 8) * 8
    out = DATA_MAGIC + struct.pack("<HI", DATA_VERSION, header_len) + body
    return out + b"\0" * (header_len - len(out))


class _Reader:
    """Reads little-endian fields off a byte string, saying which field a short read cut and
    at which byte (the errors of ``DataFile`` and ``Net``)."""

    def __init__(self, data: bytes, name: str, what: str) -> None:
        self.data, self.name, self.what, self.pos = data, name, what, 0

    def take(self, n: int, field: str) -> bytes:
        if self.pos + n > len(self.data):
            raise ValueError(f"{self.name}: truncated {self.what}: {field} needs bytes "
                             f"{self.pos}..{self.pos + n}, the {self.what} has "
                             f"{len(self.data)}")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def int(self, fmt: str, field: str) -> int:
        return struct.unpack("<" + fmt, self.take(struct.calcsize(fmt), field))[0]

    def text(self, length_fmt: str, field: str) -> str:
        at = self.pos
        raw = self.take(self.int(length_fmt, f"{field} length"), field)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{self.name}: {field} at byte {at} is not UTF-8: {raw!r}") from None


def _parse_data_header(data: bytes, name: str, file_size: int):
    """The fields of a VGDATA header; ``data`` holds at least its first bytes."""
    r = _Reader(data, name, "header")
    magic = r.take(len(DATA_MAGIC), "magic")
    if magic != DATA_MAGIC:
        raise ValueError(f"{name}: not a VGDATA file: bytes 0..6 are {magic!r}, expected "
                         f"{DATA_MAGIC!r}")
    version = r.int("H", "version")
    if version != DATA_VERSION:
        raise ValueError(f"{name}: VGDATA version {version} at byte 6; this reader knows "
                         f"version {DATA_VERSION}")
    header_len = r.int("I", "header_len")
    if header_len % 8 != 0:
        raise ValueError(f"{name}: header_len {header_len} at byte 8 is not a multiple of 8")
    if header_len > file_size:
        raise ValueError(f"{name}: truncated header: header_len (byte 8) says {header_len} "
                         f"bytes, the file has {file_size}")
    r.data = data[:header_len]
    game = r.text("B", "game")
    config = r.text("H", "config")
    family = r.text("B", "family")
    at = r.pos
    cells = r.int("I", "cells")
    kinds = r.int("H", "kinds")
    seats = r.int("B", "seats")
    reserved = r.int("B", "reserved")
    if _family_cells(family) is None:
        raise ValueError(f"{name}: family {family!r} is not BxRxF (e.g. '8x8x8')")
    if _family_cells(family) != cells:
        raise ValueError(f"{name}: cells {cells} at byte {at} do not match family {family!r}")
    if cells < 1 or kinds < 1 or seats < 1:
        raise ValueError(f"{name}: cells {cells}, kinds {kinds}, seats {seats} (from byte "
                         f"{at}) must all be at least 1")
    if reserved != 0:
        raise ValueError(f"{name}: reserved byte {r.pos - 1} is {reserved}, expected 0")
    at = r.pos
    orient = np.frombuffer(r.take(2 * seats * cells, f"orient ({seats} x {cells} u16)"),
                           dtype="<u2").reshape(seats, cells).astype(np.int64)
    for p in range(seats):
        if not np.array_equal(np.sort(orient[p]), np.arange(cells)):
            raise ValueError(f"{name}: orient[{p}] (from byte {at + 2 * p * cells}) is not a "
                             f"permutation of 0..{cells}")
    padding = data[r.pos:header_len]
    if any(padding):
        raise ValueError(f"{name}: padding bytes {r.pos}..{header_len} are not zero")
    layout = Layout(cells=cells, kinds=kinds, seats=seats, family=family, orient=orient)
    return version, header_len, game, config, layout


class DataFile:
    """A VGDATA file, its records a read-only ``numpy.memmap`` (nothing is copied into memory).

    Attributes: ``path``, ``version``, ``header_len``, ``game``, ``config``, ``family``,
    ``cells``, ``kinds``, ``seats``, ``orient`` (S x N), ``layout`` (a ``Layout``), ``records``
    (the structured array: ``game``, ``score``, ``ply``, ``mover``, ``result``, ``codes``) and
    ``trailing``, the bytes of a cut-off last record, which are ignored. ``len(f)`` is the
    number of whole records. A file that is not VGDATA version 1 raises ``ValueError`` saying
    what is wrong at which byte.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "toy.vgdata")
    >>> layout = Layout(2, 1, 2, "1x1x2", [[0, 1], [1, 0]])
    >>> rec = np.zeros(3, record_dtype(2)); rec["game"] = [0, 0, 1]; rec["codes"] = [1, 2]
    >>> with open(path, "wb") as f:
    ...     _ = f.write(build_header("toy", "", layout) + rec.tobytes() + b"\\1\\2")
    >>> data = DataFile(path)
    >>> len(data), data.trailing, data.game, data.records["game"].tolist()
    (3, 2, 'toy', [0, 0, 1])
    """

    def __init__(self, path: PathLike) -> None:
        self.path = os.fspath(path)
        name = self.path
        size = os.path.getsize(self.path)
        with open(self.path, "rb") as f:
            head = f.read(12)
            if len(head) >= 12:
                header_len = struct.unpack_from("<I", head, 8)[0]
                # A wild header_len is reported by the parser, not read into memory.
                if header_len <= size:
                    head += f.read(header_len - 12)
        (self.version, self.header_len, self.game, self.config,
         self.layout) = _parse_data_header(head, name, size)
        self.header = head[:self.header_len]
        self.record_size = RECORD_FIXED + self.cells
        count, self.trailing = divmod(size - self.header_len, self.record_size)
        self.dtype = record_dtype(self.cells)
        if count == 0:
            # mmap cannot map zero bytes.
            self.records = np.zeros(0, dtype=self.dtype)
        else:
            self.records = np.memmap(self.path, dtype=self.dtype, mode="r",
                                     offset=self.header_len, shape=(count,))

    family = property(lambda self: self.layout.family)
    cells = property(lambda self: self.layout.cells)
    kinds = property(lambda self: self.layout.kinds)
    seats = property(lambda self: self.layout.seats)
    orient = property(lambda self: self.layout.orient)

    def __len__(self) -> int:
        return len(self.records)

    def __repr__(self) -> str:
        return (f"DataFile({self.path!r}: {self.game} {self.config!r} {self.family}, "
                f"{len(self)} records)")

    def record_bytes(self, chunk: int = 1 << 22) -> Iterable[bytes]:
        """The bytes of the whole records, in chunks (for the SHA-256 a net records)."""
        end = self.header_len + len(self) * self.record_size
        with open(self.path, "rb") as f:
            f.seek(self.header_len)
            pos = self.header_len
            while pos < end:
                block = f.read(min(chunk, end - pos))
                if not block:
                    raise ValueError(f"{self.path}: shrank while being read")
                pos += len(block)
                yield block


def data_digest(files: Sequence) -> bytes:
    """SHA-256 of the record bytes of ``files`` (paths or ``DataFile``s), in order: the
    ``data_digest`` a net keeps of the data it was trained on."""
    h = hashlib.sha256()
    for f in files:
        f = f if isinstance(f, DataFile) else DataFile(f)
        for block in f.record_bytes():
            h.update(block)
    return h.digest()


def merge(shards: Sequence[PathLike], out: PathLike) -> int:
    """Concatenates the records of ``shards`` (VGDATA files with the same header) into a new
    VGDATA file ``out``, in the order given; returns the number of records. A cut-off last
    record of a shard is left out. ``out`` is written to a temporary name and renamed, so it
    is never seen half written.

    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); head = build_header("toy", "", Layout(2, 1, 2, "1x1x2",
    ...                                             [[0, 1], [1, 0]]))
    >>> for i in range(2):
    ...     with open(os.path.join(d, f"{i}.vgdata"), "wb") as f:
    ...         _ = f.write(head + np.full(1, i, record_dtype(2)).tobytes())
    >>> merge([os.path.join(d, "0.vgdata"), os.path.join(d, "1.vgdata")],
    ...       os.path.join(d, "all.vgdata"))
    2
    """
    files = [s if isinstance(s, DataFile) else DataFile(s) for s in shards]
    if not files:
        raise ValueError("merge: no shards given")
    first = files[0]
    for f in files[1:]:
        if f.header != first.header:
            raise ValueError(f"merge: {f.path} has another header than {first.path} (game "
                             f"{f.game!r} {f.config!r} {f.family} against {first.game!r} "
                             f"{first.config!r} {first.family}): not shards of one run")
    out = os.fspath(out)
    tmp = f"{out}.tmp{os.getpid()}"
    total = 0
    try:
        with open(tmp, "wb") as w:
            w.write(first.header)
            for f in files:
                for block in f.record_bytes():
                    w.write(block)
                total += len(f)
            w.flush()
            os.fsync(w.fileno())
        os.replace(tmp, out)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
    return total


# ---------------------------------------------------------------------------------------------
# Features


def features(codes, movers, layout) -> Tuple[np.ndarray, np.ndarray]:
    """The active features of positions, per perspective ordered from the mover.

    ``codes``: M x N board codes (or one position's N); ``movers``: the seat to move of each
    (or one int); ``layout``: a ``DataFile``, a ``Layout`` or an ``nnue_layout`` dict.
    Returns ``(index, offsets)`` in the layout of ``torch.nn.EmbeddingBag(...,
    include_last_offset=True)``: bag ``b = m * S + j`` is perspective ``(movers[m] + j) % S``
    of position ``m``, its features ``index[offsets[b]:offsets[b + 1]]`` (in cell order).

    >>> lay = Layout(2, 1, 2, "1x1x2", [[0, 1], [1, 0]])
    >>> index, offsets = features([1, 2], 0, lay)   # seat 0's piece on cell 0, seat 1's on 1
    >>> [index[offsets[b]:offsets[b + 1]].tolist() for b in range(2)]
    [[0, 3], [3, 0]]
    """
    lay = Layout.of(layout)
    n, k, s = lay.cells, lay.kinds, lay.seats
    codes = np.asarray(codes)
    if codes.ndim == 1:
        codes = codes[None, :]
    if codes.ndim != 2 or codes.shape[1] != n:
        raise ValueError(f"features: codes of shape {codes.shape}, expected (M, {n})")
    m = codes.shape[0]
    movers = np.broadcast_to(np.asarray(movers, dtype=np.int64), (m,))
    if m and (movers.min() < 0 or movers.max() >= s):
        raise ValueError(f"features: a mover outside 0..{s}")
    if m and codes.max(initial=0) > s * k:
        raise ValueError(f"features: a board code above {s * k} (seats x kinds)")
    rows, cells = np.nonzero(codes)
    c = codes[rows, cells].astype(np.int64) - 1
    seat, kind = c // k, c % k
    per = np.bincount(rows, minlength=m)
    start = np.concatenate(([0], np.cumsum(per)))
    local = np.arange(len(rows)) - start[rows]
    index = np.empty(s * len(rows), dtype=np.int64)
    for j in range(s):
        p = (movers[rows] + j) % s
        rel = (seat - p) % s
        # Each position's block is its S perspectives one after the other.
        index[s * start[rows] + j * per[rows] + local] = (rel * k + kind) * n + lay.orient[p, cells]
    offsets = (s * start[:-1, None] + np.arange(s)[None, :] * per[:, None]).reshape(-1)
    offsets = np.concatenate((offsets, [s * len(rows)])).astype(np.int64)
    return index, offsets


# ---------------------------------------------------------------------------------------------
# VNET


@dataclasses.dataclass
class Net:
    """A quantised network (VNET format 1). ``ft_weight`` is F x H (int16, feature-major),
    ``ft_bias`` H (int16), ``out_weight`` S x H (int16, perspective j = 0 first), ``out_bias``
    an int (i32). ``Net.read(path)`` / ``Net.from_bytes(data)`` validate the file (magic,
    version, feature set, truncation, sizes, checksum) with ``ValueError``s that say what is
    wrong; ``write`` / ``to_bytes`` give the file.

    >>> net = Net.random(Layout(2, 1, 2, "1x1x2", [[0, 1], [1, 0]]), hidden=3, seed=0)
    >>> Net.from_bytes(net.to_bytes()) == net
    True
    """

    game: str
    family: str
    config: str
    cells: int
    kinds: int
    seats: int
    hidden: int
    ft_weight: np.ndarray
    ft_bias: np.ndarray
    out_weight: np.ndarray
    out_bias: int
    qa: int = QA
    qb: int = QB
    scale: int = SCALE
    data_digest: bytes = b"\0" * 32

    def __post_init__(self) -> None:
        f, h, s = self.features, self.hidden, self.seats
        for name, shape in (("ft_weight", (f, h)), ("ft_bias", (h,)), ("out_weight", (s, h))):
            arr = np.asarray(getattr(self, name))
            if arr.shape != shape:
                raise ValueError(f"net: {name} has shape {arr.shape}, expected {shape}")
            if arr.size and (arr.min() < -32768 or arr.max() > 32767):
                raise ValueError(f"net: {name} has values outside the i16 range")
            setattr(self, name, arr.astype(np.int16))
        if not -(1 << 31) <= int(self.out_bias) < 1 << 31:
            raise ValueError(f"net: out_bias {self.out_bias} outside the i32 range")
        self.out_bias = int(self.out_bias)
        if len(self.data_digest) != 32:
            raise ValueError("net: data_digest must be 32 bytes (a SHA-256)")
        self.data_digest = bytes(self.data_digest)
        if _family_cells(self.family) != self.cells:
            raise ValueError(f"net: family {self.family!r} does not have {self.cells} cells")

    @property
    def features(self) -> int:
        """F = seats * kinds * cells."""
        return self.seats * self.kinds * self.cells

    def __eq__(self, other) -> bool:
        if not isinstance(other, Net):
            return NotImplemented
        return all(
            np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
            for a, b in zip(dataclasses.astuple(self), dataclasses.astuple(other)))

    def fits(self, game: str, layout) -> bool:
        """Whether the net fits ``game`` with ``layout``: game, cells, kinds and seats agree."""
        lay = Layout.of(layout)
        return (self.game, self.cells, self.kinds, self.seats) == (
            game, lay.cells, lay.kinds, lay.seats)

    def to_bytes(self) -> bytes:
        """The VNET file."""
        parts = [NET_MAGIC, struct.pack("<HH", NET_VERSION, FEATURE_SET)]
        for text, fmt in ((self.game, "B"), (self.family, "B"), (self.config, "H")):
            raw = text.encode()
            if len(raw) >= 1 << (8 * struct.calcsize(fmt)):
                raise ValueError(f"net: {text[:20]!r}… is too long for its field")
            parts += [struct.pack("<" + fmt, len(raw)), raw]
        parts += [struct.pack("<IHBHHHH", self.cells, self.kinds, self.seats, self.hidden,
                              self.qa, self.qb, self.scale), self.data_digest,
                  self.ft_weight.astype("<i2").tobytes(), self.ft_bias.astype("<i2").tobytes(),
                  self.out_weight.astype("<i2").tobytes(), struct.pack("<i", self.out_bias)]
        body = b"".join(parts)
        return body + struct.pack("<Q", fnv1a64(body))

    def write(self, path: PathLike) -> None:
        """Writes the VNET file (to a temporary name, then renamed)."""
        path = os.fspath(path)
        tmp = f"{path}.tmp{os.getpid()}"
        with open(tmp, "wb") as f:
            f.write(self.to_bytes())
        os.replace(tmp, path)

    @classmethod
    def read(cls, path: PathLike) -> "Net":
        """Reads and validates a VNET file."""
        with open(path, "rb") as f:
            return cls.from_bytes(f.read(), os.fspath(path))

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "net") -> "Net":
        """Parses and validates VNET bytes; ``name`` goes into the error messages."""
        r = _Reader(bytes(data), name, "net")
        magic = r.take(4, "magic")
        if magic != NET_MAGIC:
            raise ValueError(f"{name}: not a VNET file: bytes 0..4 are {magic!r}, expected "
                             f"{NET_MAGIC!r}")
        version = r.int("H", "version")
        if version != NET_VERSION:
            raise ValueError(f"{name}: VNET version {version} at byte 4; this reader knows "
                             f"version {NET_VERSION}")
        feature_set = r.int("H", "feature_set")
        if feature_set != FEATURE_SET:
            raise ValueError(f"{name}: feature set {feature_set} at byte 6; this reader knows "
                             f"feature set {FEATURE_SET}")
        game = r.text("B", "game")
        family = r.text("B", "family")
        config = r.text("H", "config")
        at = r.pos
        cells, kinds, seats, hidden, qa, qb, scale = (
            r.int(fmt, field) for fmt, field in (
                ("I", "cells"), ("H", "kinds"), ("B", "seats"), ("H", "hidden"), ("H", "qa"),
                ("H", "qb"), ("H", "scale")))
        if _family_cells(family) != cells:
            raise ValueError(f"{name}: cells {cells} at byte {at} do not match family "
                             f"{family!r} (BxRxF)")
        if min(cells, kinds, seats, hidden, qa, qb, scale) < 1:
            raise ValueError(f"{name}: cells {cells}, kinds {kinds}, seats {seats}, hidden "
                             f"{hidden}, qa {qa}, qb {qb}, scale {scale} (from byte {at}) must "
                             f"all be at least 1")
        digest = r.take(32, "data_digest")
        f = seats * kinds * cells
        expected = r.pos + 2 * (f * hidden + hidden + seats * hidden) + 4 + 8
        if len(data) != expected:
            what = "truncated" if len(data) < expected else "bytes after the checksum"
            raise ValueError(f"{name}: {len(data)} bytes, but its sizes (F = {f} features x "
                             f"H = {hidden} hidden, {seats} seats) make a net of {expected}: "
                             f"{what}")
        stored = struct.unpack_from("<Q", data, len(data) - 8)[0]
        computed = fnv1a64(memoryview(data)[:len(data) - 8])
        if stored != computed:
            raise ValueError(f"{name}: checksum mismatch (stored {stored:#018x}, computed "
                             f"{computed:#018x}): the file is corrupt")
        ft_weight = np.frombuffer(r.take(2 * f * hidden, "ft_weight"), "<i2").reshape(f, hidden)
        ft_bias = np.frombuffer(r.take(2 * hidden, "ft_bias"), "<i2")
        out_weight = np.frombuffer(r.take(2 * seats * hidden, "out_weight"),
                                   "<i2").reshape(seats, hidden)
        out_bias = r.int("i", "out_bias")
        return cls(game=game, family=family, config=config, cells=cells, kinds=kinds,
                   seats=seats, hidden=hidden, ft_weight=ft_weight, ft_bias=ft_bias,
                   out_weight=out_weight, out_bias=out_bias, qa=qa, qb=qb, scale=scale,
                   data_digest=digest)

    @classmethod
    def random(cls, layout, hidden: int, seed: int = 0, game: str = "", config: str = "",
               data_digest: bytes = b"\0" * 32) -> "Net":
        """A net of random integers (numpy's PCG64 from ``seed``), for exactness fixtures: the
        accumulators land on both sides of the clamp, and the output bias is large enough that
        negative evaluations test the floor division.

        >>> Net.random(Layout(2, 1, 2, "1x1x2", [[0, 1], [1, 0]]), hidden=4, seed=3).hidden
        4
        """
        lay = Layout.of(layout)
        rng = np.random.default_rng(seed)
        f = lay.features
        return cls(
            game=game, family=lay.family, config=config, cells=lay.cells, kinds=lay.kinds,
            seats=lay.seats, hidden=hidden,
            ft_weight=rng.integers(-40, 41, size=(f, hidden)),
            ft_bias=rng.integers(-QA // 2, QA + QA // 2, size=hidden),
            out_weight=rng.integers(-127, 128, size=(lay.seats, hidden)),
            out_bias=int(rng.integers(-(1 << 16), 1 << 16)),
            data_digest=data_digest)


# ---------------------------------------------------------------------------------------------
# Evaluation


def accumulators(net: Net, codes, mover, orient, chunk: int = 512) -> np.ndarray:
    """The clamped accumulators ``a`` of positions: M x S x H (int64), perspective j of
    position m being seat ``(mover[m] + j) % S``."""
    codes = np.asarray(codes)
    one = codes.ndim == 1
    codes = codes[None, :] if one else codes
    layout = Layout(net.cells, net.kinds, net.seats, net.family, orient)
    m, s, h = codes.shape[0], net.seats, net.hidden
    mover = np.broadcast_to(np.asarray(mover, dtype=np.int64), (m,))
    weight = net.ft_weight.astype(np.int64)
    out = np.empty((m, s, h), dtype=np.int64)
    # In chunks: the gathered weight rows are (pieces x S x H) int64.
    for lo in range(0, m, chunk):
        index, offsets = features(codes[lo:lo + chunk], mover[lo:lo + chunk], layout)
        rows = np.concatenate((np.zeros((1, h), np.int64), np.cumsum(weight[index], axis=0)))
        acc = rows[offsets[1:]] - rows[offsets[:-1]] + net.ft_bias.astype(np.int64)
        out[lo:lo + chunk] = np.clip(acc, 0, net.qa).reshape(-1, s, h)
    return out


def evaluate(net: Net, codes, mover, seats: int, kinds: int, orient) -> Union[np.int64, np.ndarray]:
    """The exact integer evaluation from ``mover``'s point of view (numpy int64), the reference
    the engine's inference must equal::

        acc_p = ft_bias + sum of ft_weight[f] over p's features f     (fits i32)
        a_p   = clamp(acc_p, 0, QA)
        out   = out_bias + sum_j out_weight[j] . a_{(mover + j) % S}   (i64)
        eval  = floor(out * SCALE / (QA * QB))                          (floor division)

    ``codes``: one position's N board codes (a scalar result) or M x N (an array of M);
    ``mover``: an int or M ints; ``seats``, ``kinds``, ``orient``: the game's layout (S x N
    orientation tables), which must agree with the net.

    >>> lay = Layout(2, 1, 2, "1x1x2", [[0, 1], [1, 0]])
    >>> net = Net("toy", "1x1x2", "", 2, 1, 2, 1, ft_weight=[[255], [0], [0], [0]],
    ...           ft_bias=[0], out_weight=[[64], [-64]], out_bias=0)
    >>> int(evaluate(net, [1, 0], 0, 2, 1, lay.orient))  # own piece: a = 255 against 0
    400
    >>> int(evaluate(net, [1, 0], 1, 2, 1, lay.orient))  # the same board, seat 1 to move
    -400
    """
    orient = np.asarray(orient, dtype=np.int64)
    if (seats, kinds) != (net.seats, net.kinds) or orient.shape != (net.seats, net.cells):
        raise ValueError(f"evaluate: layout of {seats} seats, {kinds} kinds, orient "
                         f"{orient.shape}; the net has {net.seats} seats, {net.kinds} kinds, "
                         f"{net.cells} cells")
    codes = np.asarray(codes)
    a = accumulators(net, codes, mover, orient)
    out = np.int64(net.out_bias) + np.einsum("msh,sh->m", a, net.out_weight.astype(np.int64))
    result = (out * np.int64(net.scale)) // np.int64(net.qa * net.qb)
    return result[0] if codes.ndim == 1 else result


def evaluate_file(net: Net, data: DataFile, chunk: int = 4096) -> np.ndarray:
    """``evaluate`` of every record of ``data`` from its mover's view (int64 array)."""
    out = np.empty(len(data), dtype=np.int64)
    for lo in range(0, len(data), chunk):
        rec = data.records[lo:lo + chunk]
        out[lo:lo + chunk] = evaluate(net, np.asarray(rec["codes"]), np.asarray(rec["mover"]),
                                      data.seats, data.kinds, data.orient)
    return out


__all__ = ["DataFile", "Layout", "Net", "QA", "QB", "SCALE", "accumulators", "build_header",
           "data_digest", "evaluate", "evaluate_file", "features", "fnv1a64", "merge",
           "record_dtype"]
