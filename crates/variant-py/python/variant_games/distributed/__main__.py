"""``python -m variant_games.distributed perft GAME --depth N …``, ``match GAME --player SPEC
--player SPEC …`` and ``datagen GAME --games N --nodes K --random-plies P --out FILE …``: the
cluster commands. Without ``--scheduler`` a ``LocalCluster`` with a worker
per core (or ``--workers N``) is started for the run.

Examples::

    python -m variant_games.distributed perft chess3d --config heights=1 --depth 7
    python -m variant_games.distributed perft bishops4p --depth 7 --scheduler tcp://127.0.0.1:8786 \\
        --checkpoint b7.ckpt --json
    python -m variant_games.distributed match chess3d --config heights=1 \\
        --player engine:movetime=10 --player random --games 1000 --sprt 0,50
    python -m variant_games.distributed datagen chess3d --config heights=1 --games 1000 \\
        --nodes 2000 --random-plies 8 --out h1.vgdata --checkpoint h1.ckpt
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import List, Optional

from .. import VariantsError
from . import _cluster, _datagen, _perft
from ._checkpoint import CheckpointError


def _config(pairs: List[str]) -> str:
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"--config {pair!r}: expected KEY=VALUE")
    return ";".join(pairs)


def _connect_timeout_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--connect-timeout", type=float, default=_cluster.CONNECT_TIMEOUT, metavar="SECONDS",
        help=f"how long to wait for --scheduler to answer (default {_cluster.CONNECT_TIMEOUT:g})")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m variant_games.distributed",
        description="Deep perft, engine matches and self-play training data on a Dask cluster "
                    "(docs/distributed.md).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("perft", help="count perft on the cluster")
    p.add_argument("game", help="the game's name (see variant_games.games())")
    p.add_argument("--depth", "-d", type=int, required=True, help="plies to count")
    p.add_argument("--config", action="append", default=[], metavar="K=V",
                   help="a configuration key (repeatable), e.g. heights=1")
    p.add_argument("--position", metavar="TEXT", help="a position text (default: the start)")
    p.add_argument("--divide", action="store_true", help="also the count of each root move")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a Dask scheduler's address or scheduler file (default: a local cluster)")
    p.add_argument("--workers", type=int, metavar="N",
                   help="worker processes of the local cluster (default: one per core)")
    _connect_timeout_option(p)
    p.add_argument("--checkpoint", metavar="FILE",
                   help="append finished tasks here; resume from it when it exists")
    p.add_argument("--hash", type=int, default=_perft.HASH_MB, metavar="MB",
                   help=f"the transposition table of each machine (default {_perft.HASH_MB})")
    p.add_argument("--hash-seed", type=int, default=0, metavar="N", help="the tables' seed")
    p.add_argument("--split", type=int, metavar="PLIES",
                   help="the split depth (default: chosen for tasks of about a second)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")

    m = commands.add_parser("match", help="play a match on the cluster, each game a task")
    m.add_argument("game", help="the game's name (see variant_games.games())")
    m.add_argument("--player", action="append", default=[], required=True, metavar="SPEC",
                   help="a player, one per seat (repeatable): random, greedy, engine, "
                        "engine:depth=N, engine:movetime=MS, engine:nodes=N, uci:PATH")
    m.add_argument("--games", type=int, default=10, help="games to play (the limit with --sprt)")
    m.add_argument("--sprt", metavar="ELO0,ELO1", help="stop once this SPRT decides")
    m.add_argument("--config", action="append", default=[], metavar="K=V",
                   help="a configuration key (repeatable)")
    m.add_argument("--seed", type=int, default=None, help="seed of openings and random players")
    m.add_argument("--random-plies", type=int, default=4, help="random plies opening each game")
    m.add_argument("--openings", metavar="FILE", help="an openings file, a line per opening")
    m.add_argument("--max-plies", type=int, help="plies after which a game is a draw")
    m.add_argument("--scheduler", metavar="ADDRESS",
                   help="a Dask scheduler's address or scheduler file (default: a local cluster)")
    m.add_argument("--workers", type=int, metavar="N",
                   help="worker processes of the local cluster (default: one per core)")
    _connect_timeout_option(m)
    m.add_argument("--json", action="store_true", help="print the report as JSON")
    m.add_argument("--quiet", "-q", action="store_true", help="no progress bar")

    g = commands.add_parser("datagen", help="self-play training data (VGDATA) on the cluster")
    g.add_argument("game", help="the game's name (see variant_games.games())")
    g.add_argument("--config", action="append", default=[], metavar="K=V",
                   help="a configuration key (repeatable), e.g. heights=1")
    g.add_argument("--games", type=int, required=True, help="self-play games to play")
    g.add_argument("--nodes", type=int, default=_datagen.NODES,
                   help=f"nodes searched for each move (default {_datagen.NODES})")
    g.add_argument("--random-plies", type=int, default=_datagen.RANDOM_PLIES, metavar="P",
                   help=f"random plies opening each game (default {_datagen.RANDOM_PLIES})")
    g.add_argument("--max-plies", type=int, default=_datagen.MAX_PLIES, metavar="N",
                   help=f"plies after which a game is scored a draw (default {_datagen.MAX_PLIES})")
    g.add_argument("--out", required=True, metavar="FILE", help="the VGDATA file to write")
    g.add_argument("--seed", type=int, default=0, help="game i is played from SEED + i (0)")
    g.add_argument("--games-per-task", type=int, default=_datagen.GAMES_PER_TASK, metavar="N",
                   help=f"games a task plays (default {_datagen.GAMES_PER_TASK})")
    g.add_argument("--checkpoint", metavar="FILE",
                   help="record finished ranges here (shards in FILE.shards/); resume from it")
    g.add_argument("--scheduler", metavar="ADDRESS",
                   help="a Dask scheduler's address or scheduler file (default: a local cluster)")
    g.add_argument("--workers", type=int, metavar="N",
                   help="worker processes of the local cluster (default: one per core)")
    _connect_timeout_option(g)
    g.add_argument("--json", action="store_true", help="print the result as JSON")
    g.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    return parser


def _datagen_command(args) -> int:
    from . import datagen

    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers {args.workers}: must be 1 or more")
    run = datagen(args.game, args.games, out=args.out, config=_config(args.config),
                  nodes=args.nodes, random_plies=args.random_plies,
                  max_plies=args.max_plies, seed=args.seed,
                  games_per_task=args.games_per_task, checkpoint=args.checkpoint,
                  progress=not args.quiet, scheduler=args.scheduler, workers=args.workers,
                  connect_timeout=args.connect_timeout)
    if args.json:
        print(json.dumps(run.as_json()))
        return 0
    print(f"{run.out}: {run.records} records of {run.games} games ({run.bytes} bytes)")
    print(f"{run.seconds:.2f} s, {run.tasks} tasks ({run.tasks_from_checkpoint} from the "
          f"checkpoint) on {run.workers} workers", file=sys.stderr)
    return 0


def _match_command(args) -> int:
    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers {args.workers}: must be 1 or more")
    openings = None
    if args.openings is not None:
        with open(args.openings, encoding="utf-8") as f:
            openings = f.read()
    from ._match import run

    report = run(args.game, args.player, args.games, config=_config(args.config),
                 sprt=args.sprt, openings=openings, seed=args.seed,
                 random_plies=args.random_plies, max_plies=args.max_plies,
                 progress=not args.quiet, scheduler=args.scheduler, workers=args.workers,
                 connect_timeout=args.connect_timeout)
    if args.json:
        print(json.dumps(report))
        return 0
    for p in report["players"]:
        print(f"{p['spec']}: +{p['wins']} ={p['draws']} -{p['losses']}  score {p['score']:.3f}")
    if report.get("elo") is not None:
        print(f"elo {report['elo']:+.1f} ± {report['elo_error']:.1f}")
    if report.get("sprt"):
        s = report["sprt"]
        print(f"sprt llr {s['llr']:.2f} ({s['lower']:.2f}, {s['upper']:.2f}): "
              f"{s['result'] or 'undecided'}")
    print(f"{report['games']} games in {report['seconds']:.1f} s on {report['workers']} workers",
          file=sys.stderr)
    return 0


def _perft_command(args) -> int:
    from . import perft_run

    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers {args.workers}: must be 1 or more")
    run = perft_run(
        args.game, args.depth, config=_config(args.config), position=args.position,
        checkpoint=args.checkpoint, progress=not args.quiet, hash=args.hash,
        hash_seed=args.hash_seed, split=args.split, divide=args.divide,
        scheduler=args.scheduler, workers=args.workers, connect_timeout=args.connect_timeout,
    )
    if args.json:
        print(json.dumps(run.as_json()))
        return 0
    if run.divide is not None:
        for move, count in run.divide.items():
            print(f"{move}: {count}")
        print()
    print(f"perft {run.depth}: {run.nodes}")
    print(
        f"{run.seconds:.2f} s, {run.tasks} tasks ({run.tasks_from_checkpoint} from the "
        f"checkpoint) on {run.workers} workers; split at {run.split} plies: {run.paths} "
        f"positions, {run.pieces} after merging transpositions",
        file=sys.stderr,
    )
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "perft":
            return _perft_command(args)
        if args.command == "match":
            return _match_command(args)
        if args.command == "datagen":
            return _datagen_command(args)
    except KeyboardInterrupt:
        print("interrupted (finished tasks are in the checkpoint, if one was given)",
              file=sys.stderr)
        return 130
    except (VariantsError, CheckpointError, ValueError, TypeError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 2


if __name__ == "__main__":
    sys.exit(main())
