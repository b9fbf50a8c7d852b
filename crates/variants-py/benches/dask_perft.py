"""Measures variants.distributed on a cluster of separate processes on this machine (the
figures of docs/distributed.md): a `dask scheduler` and N single-threaded `dask worker`
processes on 127.0.0.1, one perft through them, and the CPU time of every process involved
(workers, scheduler, this client), to set against `variants perft --hash` in one process.

    python crates/variants-py/benches/dask_perft.py chess3d --config heights=1 --depth 8 \\
        --workers 2 [--no-merge] [--split N] [--hash MB] [--hash-seed N]

Prints one JSON object: the run's record plus `wall`, `cpu_workers`, `cpu_scheduler`,
`cpu_client` and `cpu_total` in seconds.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

import psutil
from distributed import Client

import variants.distributed as vd
from variants.distributed import _perft


def _dask(*args):
    script = os.path.join(os.path.dirname(sys.executable), "dask")
    return [script, *args]


def _cpu(pid):
    t = psutil.Process(pid).cpu_times()
    return t.user + t.system + t.children_user + t.children_system


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
    args = parser.parse_args()

    tmp = tempfile.mkdtemp(prefix="variants-bench-")
    scheduler_file = os.path.join(tmp, "scheduler.json")
    log = open(os.path.join(tmp, "cluster.log"), "w")
    procs = [subprocess.Popen(_dask("scheduler", "--host", "127.0.0.1", "--port", "0",
                                    "--no-dashboard", "--scheduler-file", scheduler_file),
                              stdout=log, stderr=subprocess.STDOUT)]
    try:
        while not os.path.exists(scheduler_file):
            time.sleep(0.1)
        for _ in range(args.workers):
            # No nanny: the worker is the process whose CPU time is read.
            procs.append(subprocess.Popen(
                _dask("worker", "--scheduler-file", scheduler_file, "--host", "127.0.0.1",
                      "--nthreads", "1", "--no-nanny", "--no-dashboard", "--memory-limit", "0"),
                stdout=log, stderr=subprocess.STDOUT))
        with Client(scheduler_file=scheduler_file) as client:
            client.wait_for_workers(args.workers, timeout=120)
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
        print(json.dumps(out))
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            p.wait(timeout=30)
        log.close()


if __name__ == "__main__":
    main()
