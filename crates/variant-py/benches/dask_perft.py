"""Measures variant_games.distributed on a cluster of separate processes on this machine (the
figures of docs/distributed.md): a `dask scheduler` and N single-threaded `dask worker`
processes on 127.0.0.1, one perft through them, and the CPU time of every process involved
(workers, scheduler, this client), to set against `variants perft --hash` in one process.

    python crates/variant-py/benches/dask_perft.py chess3d --config heights=1 --depth 8 \\
        --workers 2 [--no-merge] [--split N] [--hash MB] [--hash-seed N]

prints one JSON object: the run's record plus `wall`, `cpu_workers`, `cpu_scheduler`,
`cpu_client` and `cpu_total` in seconds.

    python crates/variant-py/benches/dask_perft.py chess3d --config heights=2 --depth 6 \\
        --hash 1024 --compare [--cli target/release/variants] [--dask-defaults]

prints the whole comparison, one JSON line a run: the same job in one process
(`variants perft --hash`, its CPU time read from the child's resource usage), through a
scheduler and one worker, and through a scheduler and two workers (all with the same table
size), then a line with the cluster's CPU overhead against the one process and the wall-time
speed-up of two workers over one. The cluster's processes get the Dask settings that
variant_games.distributed gives its own local clusters (`_cluster.QUIET_CONFIG`), or Dask's defaults
with `--dask-defaults`.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

import dask
import psutil
from distributed import Client

import variant_games.distributed as vd
from variant_games.distributed import _cluster, _perft


def _dask(*args):
    script = os.path.join(os.path.dirname(sys.executable), "dask")
    return [script, *args]


def _cpu(pid):
    t = psutil.Process(pid).cpu_times()
    return t.user + t.system + t.children_user + t.children_system


def cluster_run(args, workers):
    """One perft through a new scheduler and ``workers`` worker processes: the run's record and
    the CPU time of every process."""
    tmp = tempfile.mkdtemp(prefix="variants-bench-")
    scheduler_file = os.path.join(tmp, "scheduler.json")
    log = open(os.path.join(tmp, "cluster.log"), "w")
    # The settings variant_games.distributed gives its own local clusters (unless measuring Dask's
    # defaults), in the processes of this one.
    quiet = {} if args.dask_defaults else _cluster.QUIET_CONFIG
    env = dict(os.environ, **({} if args.dask_defaults else _cluster.quiet_environment()))
    procs = [subprocess.Popen(_dask("scheduler", "--host", "127.0.0.1", "--port", "0",
                                    "--no-dashboard", "--scheduler-file", scheduler_file),
                              stdout=log, stderr=subprocess.STDOUT, env=env)]
    try:
        while not os.path.exists(scheduler_file):
            time.sleep(0.1)
        for _ in range(workers):
            # No nanny: the worker is the process whose CPU time is read.
            procs.append(subprocess.Popen(
                _dask("worker", "--scheduler-file", scheduler_file, "--host", "127.0.0.1",
                      "--nthreads", "1", "--no-nanny", "--no-dashboard", "--memory-limit", "0"),
                stdout=log, stderr=subprocess.STDOUT, env=env))
        with dask.config.set(quiet), Client(scheduler_file=scheduler_file) as client:
            client.wait_for_workers(workers, timeout=120)
            before = {p.pid: _cpu(p.pid) for p in procs}
            client_before = resource.getrusage(resource.RUSAGE_SELF)
            start = time.monotonic()
            run = vd.perft_run(args.game, args.depth, config=args.config, client=client,
                               progress=False, hash=args.hash, hash_seed=args.hash_seed,
                               split=args.split, merge=not args.no_merge)
            wall = time.monotonic() - start
            client_after = resource.getrusage(resource.RUSAGE_SELF)
            after = {p.pid: _cpu(p.pid) for p in procs}
        spent = {pid: after[pid] - before[pid] for pid in before}
        cpu_client = (client_after.ru_utime - client_before.ru_utime
                      + client_after.ru_stime - client_before.ru_stime)
        out = run.as_json()
        out.update(
            wall=round(wall, 2),
            cpu_workers=round(sum(spent[p.pid] for p in procs[1:]), 2),
            cpu_scheduler=round(spent[procs[0].pid], 2),
            cpu_client=round(cpu_client, 2),
        )
        out["cpu_total"] = round(out["cpu_workers"] + out["cpu_scheduler"] + cpu_client, 2)
        return out
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                # A worker slow to close (seen once on the loaded machine) must not cost the
                # figures already taken.
                p.kill()
                p.wait()
        log.close()


def single_run(args):
    """The same job in one process, ``variants perft --hash``: its count, CPU and wall time."""
    command = [args.cli, "perft", args.game, "-d", str(args.depth), "--hash", str(args.hash),
               "--hash-seed", str(args.hash_seed), "-q"]
    if args.config:
        command[3:3] = ["-c", args.config]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    nodes = int(done.stdout.split()[-1])
    return {"run": "one process", "command": " ".join(command), "nodes": nodes,
            "cpu_total": round(cpu, 2), "wall": round(wall, 2)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--config", default="")
    parser.add_argument("--depth", type=int, required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-merge", action="store_true")
    parser.add_argument("--split", type=int)
    parser.add_argument("--hash", type=int, default=_perft.HASH_MB)
    parser.add_argument("--hash-seed", type=int, default=0)
    parser.add_argument("--dask-defaults", action="store_true",
                        help="Dask's default settings, not variant_games.distributed's")
    parser.add_argument("--compare", action="store_true",
                        help="one process, then one worker, then two workers")
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--cli", default=os.path.join(here, "..", "..", "..", "target",
                                                      "release", "variants"))
    args = parser.parse_args()
    if not args.compare:
        print(json.dumps(cluster_run(args, args.workers)), flush=True)
        return
    print(json.dumps({"load_average": os.getloadavg()}), flush=True)
    one = single_run(args)
    print(json.dumps(one), flush=True)
    rows = {}
    for workers in (1, 2):
        rows[workers] = cluster_run(args, workers)
        rows[workers]["run"] = f"scheduler + {workers} worker{'s' if workers > 1 else ''}"
        print(json.dumps(rows[workers]), flush=True)
        if rows[workers]["nodes"] != one["nodes"]:
            sys.exit(f"the counts differ: {rows[workers]['nodes']} against {one['nodes']}")
    print(json.dumps({
        "overhead_1_worker": round(rows[1]["cpu_total"] / one["cpu_total"] - 1, 4),
        "overhead_2_workers": round(rows[2]["cpu_total"] / one["cpu_total"] - 1, 4),
        "speedup_2_over_1": round(rows[1]["wall"] / rows[2]["wall"], 3),
        "load_average": os.getloadavg(),
    }), flush=True)


if __name__ == "__main__":
    main()
