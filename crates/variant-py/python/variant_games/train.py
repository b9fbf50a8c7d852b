"""Training the learned evaluation from self-play data, and exactness fixtures for the engine.

``pip install "variant-games[train]"`` (PyTorch; the CPU is enough: the nets are small).

Train a net on VGDATA files (``variants datagen`` or ``python -m variant_games.distributed
datagen``) and export it quantised as a VNET file the engine reads::

    python -m variant_games.train chess3d --data h1.vgdata --out h1.vnet \\
        --hidden 64 --epochs 10 --lambda 0.5 --threads 2

The float model is the integer net's twin: a feature transformer shared by the seats'
perspectives (``torch.nn.EmbeddingBag(F, H, mode="sum")`` plus a bias), ``clamp(0, 1)``, and
one linear layer over the S perspectives' H activations, ordered from the side to move. Its
output ``y`` is ``y * SCALE`` centipawns; the loss is ``(sigmoid(y * SCALE / 400) - target)^2``
with ``target = lambda * sigmoid(score / 400) + (1 - lambda) * result``. A part of the self-play
games (``--val-fraction``, whole games, so that no position of a held-out game is trained on)
is held out and its loss reported after every epoch.

Write an exactness fixture — the first ``--count`` records of a data file and, for each, the
integer evaluation from the mover's view by ``variant_games.nnue.evaluate`` (the reference the
Rust inference must equal)::

    python -m variant_games.train fixture --net h1.vnet --data h1.vgdata --count 1000 --out fx
    python -m variant_games.train fixture --random-net --hidden 8 --seed 1 \\
        --data h1.vgdata --count 1000 --out fx          # also writes fx.vnet

The fixture needs numpy only; training needs PyTorch.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import List, Optional, Sequence

import numpy as np

from . import nnue

#: The most hidden units the engine's net reader takes.
MAX_HIDDEN = 4096

TORCH_MISSING = ("training needs PyTorch: pip install \"variant-games[train]\" (or pip install "
                 "torch; the CPU build is enough)")


def _torch():
    try:
        import torch
    except ImportError:
        raise ImportError(TORCH_MISSING) from None
    return torch


# ---------------------------------------------------------------------------------------------
# Data


class Positions:
    """The records of one or more VGDATA files of one game and configuration, addressed by a
    global index (file after file), with a held-out split by whole games."""

    def __init__(self, paths: Sequence[str], game: Optional[str] = None) -> None:
        if not paths:
            raise ValueError("no data files given (--data FILE ...)")
        self.files = [nnue.DataFile(p) for p in paths]
        first = self.files[0]
        for f in self.files:
            if game is not None and f.game != game:
                raise ValueError(f"{f.path}: data of {f.game!r}, not {game!r}")
            if (f.game, f.config, f.family, f.kinds, f.seats) != (
                    first.game, first.config, first.family, first.kinds, first.seats) or \
                    not np.array_equal(f.orient, first.orient):
                raise ValueError(f"{f.path}: {f.game} {f.config!r} {f.family} is not the game "
                                 f"and configuration of {first.path} ({first.game} "
                                 f"{first.config!r} {first.family})")
        self.layout = first.layout
        self.game, self.config = first.game, first.config
        self.sizes = np.array([len(f) for f in self.files], dtype=np.int64)
        self.starts = np.concatenate(([0], np.cumsum(self.sizes)))
        if self.starts[-1] == 0:
            raise ValueError("the data files hold no record")

    def __len__(self) -> int:
        return int(self.starts[-1])

    def split(self, fraction: float, seed: int):
        """(train, validation) global indices: the held-out part is ``fraction`` of the games
        (each file's game numbers are its own), or of the records when there is one game."""
        keys = np.concatenate([
            np.asarray(f.records["game"], dtype=np.int64) * len(self.files) + i
            for i, f in enumerate(self.files)])
        games = np.unique(keys)
        rng = np.random.default_rng(seed)
        if fraction <= 0:
            return np.arange(len(self)), np.arange(0)
        if len(games) >= 2:
            held = rng.permutation(games)[:max(1, int(round(fraction * len(games))))]
            val = np.isin(keys, held)
        else:
            val = np.zeros(len(self), dtype=bool)
            val[rng.permutation(len(self))[:max(1, int(round(fraction * len(self))))]] = True
        return np.flatnonzero(~val), np.flatnonzero(val)

    def batch(self, index: np.ndarray):
        """codes (B x N), movers, scores, results (0..2) of the records at global ``index``."""
        index = np.sort(index)  # in file order: the memmap reads forward
        which = np.searchsorted(self.starts, index, side="right") - 1
        parts = []
        for i in np.unique(which):
            rows = index[which == i] - self.starts[i]
            parts.append(self.files[i].records[rows])
        rec = np.concatenate(parts) if len(parts) > 1 else parts[0]
        return rec["codes"], rec["mover"], rec["score"], rec["result"]

    def digest(self) -> bytes:
        return nnue.data_digest(self.files)


# ---------------------------------------------------------------------------------------------
# Model


def make_model(features: int, seats: int, hidden: int, seed: int):
    """The float model (a ``torch.nn.Module``): ``forward(index, offsets, batch) -> y``."""
    torch = _torch()

    class Model(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.seats, self.hidden = seats, hidden
            # One transformer for every perspective: the features are relative to the
            # perspective's seat already.
            self.ft = torch.nn.EmbeddingBag(features, hidden, mode="sum",
                                            include_last_offset=True)
            self.ft_bias = torch.nn.Parameter(torch.full((hidden,), 0.5))
            self.out = torch.nn.Linear(seats * hidden, 1)
            with torch.no_grad():
                # A position has a few dozen pieces: sums of that many weights stay mostly
                # inside the clamp's 0..1 around the bias.
                self.ft.weight.uniform_(-0.05, 0.05)
                self.out.weight.uniform_(-0.5 / math.sqrt(seats * hidden),
                                         0.5 / math.sqrt(seats * hidden))
                self.out.bias.zero_()

        def forward(self, index, offsets, batch: int):
            acc = self.ft(index, offsets) + self.ft_bias
            a = acc.clamp(0.0, 1.0).reshape(batch, self.seats * self.hidden)
            return self.out(a).squeeze(-1)

        def clip_to_quantisable(self) -> None:
            """Keeps every weight inside what its integer field holds once quantised."""
            with torch.no_grad():
                self.ft.weight.clamp_(-32767 / nnue.QA, 32767 / nnue.QA)
                self.ft_bias.clamp_(-32767 / nnue.QA, 32767 / nnue.QA)
                self.out.weight.clamp_(-32767 / nnue.QB, 32767 / nnue.QB)
                limit = (2 ** 31 - 1) / (nnue.QA * nnue.QB)
                self.out.bias.clamp_(-limit, limit)

    torch.manual_seed(seed)
    return Model()


def quantise(model, layout: nnue.Layout, game: str, config: str, digest: bytes) -> nnue.Net:
    """The VNET net of a float model: ``round(W * QA)``, ``round(b * QA)``, ``round(w * QB)``
    (i16, clamped), ``round(b2 * QA * QB)`` (i32)."""

    def q(t, scale, lo, hi):
        return np.clip(np.rint(t.detach().cpu().double().numpy() * scale), lo, hi).astype(
            np.int64)

    hidden = model.hidden
    return nnue.Net(
        game=game, family=layout.family, config=config, cells=layout.cells,
        kinds=layout.kinds, seats=layout.seats, hidden=hidden,
        ft_weight=q(model.ft.weight, nnue.QA, -32768, 32767),
        ft_bias=q(model.ft_bias, nnue.QA, -32768, 32767),
        out_weight=q(model.out.weight.reshape(layout.seats, hidden), nnue.QB, -32768, 32767),
        out_bias=int(q(model.out.bias, nnue.QA * nnue.QB, -(1 << 31), (1 << 31) - 1)[0]),
        qa=nnue.QA, qb=nnue.QB, scale=nnue.SCALE, data_digest=digest)


def float_eval(model, codes, movers, layout: nnue.Layout) -> np.ndarray:
    """The float model's evaluation in centipawns (``y * SCALE``) of positions."""
    torch = _torch()
    index, offsets = nnue.features(codes, movers, layout)
    with torch.no_grad():
        y = model(torch.from_numpy(index), torch.from_numpy(offsets), len(np.atleast_2d(codes)))
    return y.double().numpy() * nnue.SCALE


def _targets(torch, scores, results, lam: float):
    score = torch.from_numpy(np.asarray(scores, dtype=np.float32))
    result = torch.from_numpy(np.asarray(results, dtype=np.float32)) / 2.0
    return lam * torch.sigmoid(score / 400.0) + (1.0 - lam) * result


def _loss(torch, y, target):
    return ((torch.sigmoid(y * (nnue.SCALE / 400.0)) - target) ** 2).mean()


def train(data: Sequence[str], out: str, game: Optional[str] = None, hidden: int = 64,
          epochs: int = 10, lam: float = 0.5, lr: float = 1e-3, batch: int = 1024,
          threads: Optional[int] = None, max_minutes: Optional[float] = None, seed: int = 0,
          val_fraction: float = 0.1, log=None) -> dict:
    """Trains a net on the VGDATA files ``data`` and writes it quantised to ``out`` (VNET);
    returns a summary (positions, epochs run, losses, seconds, positions per second, the
    quantised net's disagreement with the float model on the held-out positions).

    ``game`` (when given) must be the data's game. Stops after ``epochs`` or ``max_minutes``,
    whichever comes first (mid-epoch: what was trained is exported)."""
    torch = _torch()
    log = log if log is not None else (lambda line: print(line, file=sys.stderr, flush=True))
    start = time.monotonic()
    deadline = start + 60.0 * max_minutes if max_minutes else math.inf
    # The engine reads nets of at most 4096 hidden units (a bound on what a file can make it
    # allocate): a larger net would train for nothing.
    if hidden < 1 or hidden > MAX_HIDDEN:
        raise ValueError(f"--hidden {hidden}: must be in 1..={MAX_HIDDEN} (the engine's limit)")
    if batch < 1:
        raise ValueError(f"--batch {batch}: must be 1 or more")
    if not 0.0 <= lam <= 1.0:
        raise ValueError(f"--lambda {lam}: must be in 0..=1")
    # One thread by default: the steps of these small nets are short, and threads that share
    # a busy machine's cores with other work slowed a step several times over (measured).
    torch.set_num_threads(threads or 1)
    pos = Positions(data, game)
    layout = pos.layout
    train_idx, val_idx = pos.split(val_fraction, seed)
    log(f"{pos.game} {pos.config or '(default)'} {layout.family}: {len(pos)} positions in "
        f"{len(pos.files)} file(s), {len(train_idx)} to train, {len(val_idx)} held out; "
        f"{layout.features} features x {hidden} hidden x {layout.seats} perspectives")
    model = make_model(layout.features, layout.seats, hidden, seed)
    optimiser = torch.optim.Adam(model.parameters(), lr=lr)
    rng = np.random.default_rng(seed)

    def prepare(index):
        """The numpy half of a step: records gathered, features made (in a helper thread,
        while PyTorch runs the step before: both release the GIL for most of their work)."""
        codes, movers, scores, results = pos.batch(index)
        fi, fo = nnue.features(codes, movers, layout)
        return torch.from_numpy(fi), torch.from_numpy(fo), _targets(torch, scores, results,
                                                                     lam), len(index)

    def step(prepared, learn: bool) -> float:
        fi, fo, target, n = prepared
        y = model(fi, fo, n)
        loss = _loss(torch, y, target)
        if learn:
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            model.clip_to_quantisable()
        return float(loss.detach()) * n

    def batches(order, size):
        """The prepared batches of ``order``, each made while the one before is trained."""
        with ThreadPoolExecutor(1) as helper:
            ahead = helper.submit(prepare, order[:size]) if len(order) else None
            for i in range(0, len(order), size):
                current = ahead.result()
                ahead = helper.submit(prepare, order[i + size:i + 2 * size]) \
                    if i + size < len(order) else None
                yield current

    def validate() -> float:
        if not len(val_idx):
            return float("nan")
        with torch.no_grad():
            total = sum(step(b, False) for b in batches(val_idx, 16384))
        return total / len(val_idx)

    trained, epochs_run, train_loss, val_loss, stopped = 0, 0, float("nan"), validate(), False
    log(f"epoch 0: validation loss {val_loss:.6f}")
    train_seconds = 0.0
    for epoch in range(1, epochs + 1):
        t0 = time.monotonic()
        order = rng.permutation(train_idx)
        total, seen = 0.0, 0
        for prepared in batches(order, batch):
            if time.monotonic() > deadline:
                stopped = True
                break
            total += step(prepared, True)
            seen += prepared[3]
        train_seconds += time.monotonic() - t0
        trained += seen
        if seen:
            epochs_run = epoch if not stopped else epoch - 1 + seen / max(1, len(order))
            train_loss = total / seen
            val_loss = validate()
            log(f"epoch {epoch}: train loss {train_loss:.6f}, validation loss {val_loss:.6f}, "
                f"{seen / max(time.monotonic() - t0, 1e-9):,.0f} positions/s"
                + (" (stopped at --max-minutes)" if stopped else ""))
        if stopped:
            break
    digest = pos.digest()
    net = quantise(model, layout, pos.game, pos.config, digest)
    net.write(out)
    # The integer net against the float model on held-out positions: the quantisation error.
    check = val_idx[:4096] if len(val_idx) else train_idx[:4096]
    codes, movers, _, _ = pos.batch(check)
    diff = np.abs(nnue.evaluate(net, codes, movers, layout.seats, layout.kinds, layout.orient)
                  - float_eval(model, codes, movers, layout))
    seconds = time.monotonic() - start
    summary = {
        "out": out, "game": pos.game, "config": pos.config, "hidden": hidden,
        "positions": len(pos), "trained": int(trained), "epochs": round(epochs_run, 3),
        "train_loss": train_loss, "validation_loss": val_loss,
        "positions_per_second": trained / train_seconds if train_seconds else 0.0,
        "quantisation_error_mean": float(diff.mean()) if len(diff) else 0.0,
        "quantisation_error_max": float(diff.max()) if len(diff) else 0.0,
        "data_sha256": digest.hex(), "seconds": seconds,
    }
    log(f"wrote {out}: {layout.features} x {hidden} net, data SHA-256 {digest.hex()[:16]}…; "
        f"quantised against float on {len(check)} positions: mean |diff| "
        f"{summary['quantisation_error_mean']:.2f} cp, max {summary['quantisation_error_max']:.1f}")
    log(f"{seconds:.1f} s in all ({trained} positions trained, "
        f"{summary['positions_per_second']:,.0f} positions/s)")
    return summary


# ---------------------------------------------------------------------------------------------
# Fixture


def fixture(data: str, out: str, count: int = 1000, net: Optional[str] = None,
            random_net: bool = False, hidden: int = 8, seed: int = 0,
            sample: bool = False) -> dict:
    """Writes ``OUT.vgdata`` (the data file's header and ``count`` of its records: the first
    ones, or with ``sample`` a seeded sample in file order) and ``OUT.expected`` (one integer a
    line: ``nnue.evaluate`` of each record from its mover's view). With ``random_net`` a random
    net (``Net.random(hidden, seed)``) is used and written to ``OUT.vnet``; else ``net``."""
    source = nnue.DataFile(data)
    if random_net == (net is not None):
        raise ValueError("give either --net NET or --random-net")
    if random_net:
        the_net = nnue.Net.random(source.layout, hidden, seed=seed, game=source.game,
                                  config=source.config,
                                  data_digest=hashlib.sha256(b"random net").digest())
        the_net.write(out + ".vnet")
    else:
        the_net = nnue.Net.read(net)
        if not the_net.fits(source.game, source.layout):
            raise ValueError(f"{net}: a net of {the_net.game} ({the_net.cells} cells, "
                             f"{the_net.kinds} kinds, {the_net.seats} seats) does not fit "
                             f"{data} ({source.game}, {source.cells} cells, {source.kinds} "
                             f"kinds, {source.seats} seats)")
    if count < 1:
        raise ValueError(f"--count {count}: must be 1 or more")
    n = min(count, len(source))
    if sample:
        rows = np.sort(np.random.default_rng(seed).choice(len(source), n, replace=False))
    else:
        rows = np.arange(n)
    rec = np.asarray(source.records[rows])
    tmp = out + ".vgdata.tmp"
    with open(tmp, "wb") as f:
        f.write(source.header)
        f.write(rec.tobytes())
    os.replace(tmp, out + ".vgdata")
    values = nnue.evaluate(the_net, rec["codes"], rec["mover"], source.seats, source.kinds,
                           source.orient) if n else np.zeros(0, np.int64)
    with open(out + ".expected", "w", encoding="ascii") as f:
        f.write("".join(f"{int(v)}\n" for v in values))
    return {"records": int(n), "vgdata": out + ".vgdata", "expected": out + ".expected",
            "vnet": out + ".vnet" if random_net else net,
            "min": int(values.min()) if n else 0, "max": int(values.max()) if n else 0}


# ---------------------------------------------------------------------------------------------
# Command line


def _train_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m variant_games.train",
        description="Train a learned evaluation on VGDATA files and export it as a VNET net "
                    "(or: python -m variant_games.train fixture --help).")
    p.add_argument("game", help="the game the data is of (checked against the files)")
    p.add_argument("--data", nargs="+", required=True, metavar="FILE", help="VGDATA files")
    p.add_argument("--out", required=True, metavar="NET", help="the VNET file to write")
    p.add_argument("--hidden", type=int, default=64, help="accumulator size H (default 64)")
    p.add_argument("--epochs", type=int, default=10, help="passes over the data (default 10)")
    p.add_argument("--lambda", dest="lam", type=float, default=0.5,
                   help="weight of the search score against the game result (default 0.5)")
    p.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate (1e-3)")
    p.add_argument("--batch", type=int, default=1024, help="positions a step (1024)")
    p.add_argument("--threads", type=int, default=1,
                   help="PyTorch threads (default 1; more pay with larger --hidden/--batch)")
    p.add_argument("--max-minutes", type=float, help="stop training after this long")
    p.add_argument("--seed", type=int, default=0, help="initial weights, split, order (0)")
    p.add_argument("--val-fraction", type=float, default=0.1,
                   help="share of the games held out for validation (0.1)")
    return p


def _fixture_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m variant_games.train fixture",
        description="Write an exactness fixture: STEM.vgdata (records) and STEM.expected (the "
                    "reference integer evaluation of each from its mover's view).")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--net", metavar="NET", help="a VNET file")
    which.add_argument("--random-net", action="store_true",
                       help="a random net of --hidden from --seed, written to STEM.vnet")
    p.add_argument("--data", required=True, metavar="FILE", help="a VGDATA file")
    p.add_argument("--count", type=int, default=1000, help="records (default 1000)")
    p.add_argument("--out", required=True, metavar="STEM", help="the files' common stem")
    p.add_argument("--hidden", type=int, default=8, help="hidden size of --random-net (8)")
    p.add_argument("--seed", type=int, default=0, help="seed of --random-net and --sample")
    p.add_argument("--sample", action="store_true",
                   help="a seeded sample of the records, not the first --count")
    return p


def main(argv: Optional[List[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] == "fixture":
            args = _fixture_parser().parse_args(argv[1:])
            done = fixture(args.data, args.out, count=args.count, net=args.net,
                           random_net=args.random_net, hidden=args.hidden, seed=args.seed,
                           sample=args.sample)
            print(f"wrote {done['vgdata']} ({done['records']} records) and {done['expected']} "
                  f"(evaluations {done['min']}..{done['max']})"
                  + (f"; the net {done['vnet']}" if args.random_net else ""))
            return 0
        args = _train_parser().parse_args(argv)
        if args.threads is not None and args.threads < 1:
            raise ValueError(f"--threads {args.threads}: must be 1 or more")
        _torch()
        train(args.data, args.out, game=args.game, hidden=args.hidden, epochs=args.epochs,
              lam=args.lam, lr=args.lr, batch=args.batch, threads=args.threads,
              max_minutes=args.max_minutes, seed=args.seed, val_fraction=args.val_fraction)
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except (ValueError, ImportError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
