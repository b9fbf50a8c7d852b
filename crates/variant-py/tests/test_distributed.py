"""variant_games.distributed on a real cluster of separate processes on this machine: a `dask
scheduler` and two `dask worker` processes talking TCP on 127.0.0.1 (shared by the tests of this
module), plus one run on a LocalCluster started by the command line.

The perft counts are published ones (chessprogramming.org, "Perft Results": FIDE chess from the
start, perft 5 = 4 865 609, perft 7 = 3 195 901 860, perft 8 = 84 998 978 956).
"""

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

import pytest

distributed = pytest.importorskip("distributed")

import variant_games  # noqa: E402
import variant_games.distributed as vd  # noqa: E402

FIDE = "heights=1"
PERFT_7 = 3_195_901_860
PERFT_8 = 84_998_978_956
HOST = "127.0.0.1"


def _dask(*args):
    """The `dask` command of this interpreter's environment."""
    script = os.path.join(os.path.dirname(sys.executable), "dask")
    return [script, *args] if os.path.exists(script) else [sys.executable, "-m", "dask", *args]


def _wait_for(predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture(scope="module")
def cluster():
    """A scheduler and two single-threaded workers (each under a nanny, which starts a new
    worker process when one dies), as separate processes; yields (client, scheduler file)."""
    tmp = tempfile.mkdtemp(prefix="variants-dask-")
    scheduler_file = os.path.join(tmp, "scheduler.json")
    log = open(os.path.join(tmp, "cluster.log"), "w")
    procs = [subprocess.Popen(
        _dask("scheduler", "--host", HOST, "--port", "0", "--no-dashboard",
              "--scheduler-file", scheduler_file),
        stdout=log, stderr=subprocess.STDOUT)]
    try:
        _wait_for(lambda: os.path.exists(scheduler_file), 60, "the scheduler")
        for _ in range(2):
            procs.append(subprocess.Popen(
                _dask("worker", "--scheduler-file", scheduler_file, "--host", HOST,
                      "--nthreads", "1", "--no-dashboard", "--memory-limit", "0"),
                stdout=log, stderr=subprocess.STDOUT))
        # Not the default client: the LocalCluster test must find none.
        client = distributed.Client(scheduler_file=scheduler_file, set_as_default=False)
        client.wait_for_workers(2, timeout=120)
        address = client.scheduler.address
        assert address.startswith(f"tcp://{HOST}:")
        yield client, scheduler_file
        client.close()
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
        log.close()


def _cli(*args, **kwargs):
    return [sys.executable, "-m", "variant_games.distributed", *args]


def test_fide_perft_8_through_the_scheduler_is_exact(cluster):
    client, _ = cluster
    run = vd.perft_run("chess3d", 8, config=FIDE, client=client, progress=False)
    assert run.nodes == PERFT_8
    assert run.workers == 2
    # Many tasks per worker (sixteen asked, fewer when the positions at the split do not cut
    # evenly); merging never adds positions (FIDE chess has no transposition before ply 3, so
    # at a split of 2 plies there is nothing to merge).
    assert run.tasks >= 16 and run.pieces <= run.paths
    assert run.tasks_from_checkpoint == 0


@pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="no /dev/shm: private tables")
def test_the_workers_share_one_table_file_removed_when_the_job_ends(cluster):
    client, _ = cluster

    def _mapped_tables():
        # On a worker (a local function: sent by value, the workers cannot import this file):
        # the shared table files this process maps.
        with open("/proc/self/maps") as maps:
            return sorted({line.split()[-1] for line in maps if "variants-perft-" in line})

    # A leftover of a job whose client died (no process maps it, an hour old) goes at the
    # start of the next job; a table being made right now by another job stays.
    stale = "/dev/shm/variants-perft-test-stale.table"
    fresh = "/dev/shm/variants-perft-test-fresh.table.1-0.part"
    for path in (stale, fresh):
        with open(path, "wb") as f:
            f.write(b"\0" * 64)
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    result = {}
    counting = threading.Thread(
        target=lambda: result.update(nodes=vd.perft("chess3d", 7, config=FIDE, client=client,
                                                    progress=False)))
    counting.start()
    try:
        def mapped():
            seen = client.run(_mapped_tables)
            return seen if len(seen) == 2 and all(seen.values()) else None
        _wait_for(lambda: mapped() is not None, 300, "both workers to map a table")
        seen = list(mapped().values())
        # The same one file in both worker processes.
        assert seen[0] == seen[1] and len(seen[0]) == 1, seen
        table = seen[0][0]
        assert os.path.exists(table)
        assert not os.path.exists(stale)
        assert os.path.exists(fresh)
    finally:
        counting.join(timeout=900)
        if os.path.exists(fresh):
            os.remove(fresh)
    assert result["nodes"] == PERFT_7
    # The job is over: its file is removed and no worker maps it any more.
    assert not os.path.exists(table)
    assert all(not tables for tables in client.run(_mapped_tables).values())


def test_a_worker_killed_mid_run_loses_nothing(cluster):
    client, _ = cluster
    result = {}

    def count():
        try:
            result["nodes"] = vd.perft("chess3d", 8, config=FIDE, client=client, progress=False)
        except BaseException as e:  # noqa: BLE001 - reported below
            result["error"] = e

    counting = threading.Thread(target=count)
    counting.start()
    # Wait until both workers are counting, then kill one of them (SIGKILL: no goodbye).
    def busy():
        processing = client.processing()
        return len(processing) == 2 and all(processing.values())
    _wait_for(busy, 600, "both workers to run tasks")
    time.sleep(2)
    processing = client.processing()
    victim = sorted(processing)[0]
    assert processing[victim], "the worker to kill runs no task"
    pid = client.run(os.getpid, workers=[victim])[victim]
    os.kill(pid, signal.SIGKILL)
    _wait_for(lambda: victim not in client.scheduler_info()["workers"], 300,
              "the scheduler to notice the dead worker")
    counting.join(timeout=900)
    assert not counting.is_alive()
    assert "error" not in result, result.get("error")
    assert result["nodes"] == PERFT_8
    # The nanny brought a new worker process: the cluster has two workers again.
    client.wait_for_workers(2, timeout=600)


def test_an_interrupted_run_resumes_from_its_checkpoint(cluster, tmp_path):
    _, scheduler_file = cluster
    # Perft 8, not 7: with the workers' kept tables a perft 7 can finish between the third
    # checkpoint record and the interrupt (seen on a quiet machine), leaving nothing to resume.
    # A hash seed of its own: a job of its own, whose table no earlier test of FIDE perft 8
    # can have left filled (a rerun of the same job takes up its table, which would let the
    # first run finish between the third record and the interrupt).
    checkpoint = tmp_path / "perft8.ckpt"
    args = _cli("perft", "chess3d", "--config", FIDE, "--depth", "8", "--scheduler",
                scheduler_file, "--checkpoint", str(checkpoint), "--hash-seed", "7", "--json",
                "--quiet")
    # Ctrl-C as a terminal delivers it: the run must see SIGINT with its default meaning even
    # when this test itself was started in the background of a non-interactive shell, which
    # starts its children with SIGINT ignored (Python then installs no KeyboardInterrupt).
    first = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )

    def records():
        return checkpoint.read_text().count("\n") - 1 if checkpoint.exists() else 0
    _wait_for(lambda: records() >= 3 or first.poll() is not None, 300,
              "the first tasks in the checkpoint")
    try:
        assert first.poll() is None, "the run ended before it could be interrupted"
        first.send_signal(signal.SIGINT)  # Ctrl-C
        # The client cancels its tasks and disconnects (slow only on a loaded machine).
        _, err = first.communicate(timeout=600)
        assert first.returncode == 130, err
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    saved = records()
    assert saved >= 3

    second = subprocess.run(args, capture_output=True, text=True, timeout=900)
    assert second.returncode == 0, second.stderr
    report = json.loads(second.stdout)
    assert report["nodes"] == PERFT_8
    assert 0 < report["tasks_from_checkpoint"] < report["tasks"]
    # Everything is in the file now: a third run counts nothing.
    third = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert json.loads(third.stdout)["tasks_from_checkpoint"] == report["tasks"]
    assert json.loads(third.stdout)["nodes"] == PERFT_8


def test_a_checkpoint_of_another_job_is_refused(cluster, tmp_path):
    client, _ = cluster
    checkpoint = str(tmp_path / "a.ckpt")
    assert vd.perft("chess3d", 4, config=FIDE, client=client, checkpoint=checkpoint,
                    progress=False) == 197_281
    with pytest.raises(vd.CheckpointError, match="another job"):
        vd.perft("chess3d", 5, config=FIDE, client=client, checkpoint=checkpoint,
                 progress=False)


def test_divide_on_the_cluster_matches_the_published_root_counts(cluster):
    client, _ = cluster
    # FIDE perft 3 by root move (chessprogramming.org): 20 moves, 8902 in all; e2e4 600,
    # g1f3 440, a2a3 380.
    counts = vd.divide("chess3d", 3, config=FIDE, client=client, progress=False)
    assert len(counts) == 20 and sum(counts.values()) == 8_902
    assert (counts["e2e4"], counts["g1f3"], counts["a2a3"]) == (600, 440, 380)


def test_the_progress_bar_goes_to_stderr(cluster, capsys):
    client, _ = cluster
    assert vd.perft("chess3d", 5, config=FIDE, client=client, split=2) == 4_865_609
    out, err = capsys.readouterr()
    assert out == ""
    assert "tasks" in err and "nodes/s" in err and "left" in err


def test_a_local_cluster_is_started_without_a_scheduler():
    done = subprocess.run(
        _cli("perft", "chess3d", "--config", FIDE, "--depth", "5", "--workers", "2", "--json",
             "--quiet"),
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["nodes"] == 4_865_609
    assert report["workers"] == 2
    assert report["config"] == {"heights": "1"} or report["config"]["heights"] == "1"
    for key in ("game", "config", "depth", "nodes", "seconds", "tasks",
                "tasks_from_checkpoint", "workers"):
        assert key in report


def test_a_match_of_eight_games_as_tasks_adds_up(cluster):
    client, _ = cluster
    # chess3d with two heights: the engine against greedy, each game a task.
    report = vd.match("chess3d", ["engine:depth=1", "greedy"], 8, config="heights=2", seed=5,
                      client=client, max_plies=120, progress=False)
    assert report["games"] == 8 and report["workers"] == 2
    a, b = report["players"]
    assert (a["spec"], b["spec"]) == ("engine:depth=1", "greedy")
    for p in (a, b):
        assert p["wins"] + p["draws"] + p["losses"] == 8
    assert (a["wins"], a["draws"]) == (b["losses"], b["draws"])
    assert a["score"] + b["score"] == pytest.approx(1.0)
    # Each game is the one variant_games.match plays with that index: the same W/D/L.
    alone = variant_games.match("chess3d", ["engine:depth=1", "greedy"], 8, config="heights=2",
                           seed=5, max_plies=120)
    assert [(p["wins"], p["draws"], p["losses"]) for p in alone["players"]] == [
        (p["wins"], p["draws"], p["losses"]) for p in report["players"]]


def test_an_sprt_accepts_h1_and_stops_early(cluster):
    client, _ = cluster
    limit = 400
    report = vd.match("chess3d", ["engine:movetime=10", "random"], limit, config="heights=1",
                      sprt=(0, 50), seed=1, client=client, progress=False)
    assert report["sprt"]["result"] == "H1"
    assert report["sprt"]["llr"] >= report["sprt"]["upper"]
    # Well before the limit: a few dozen games (the pairs in flight when it decided included).
    assert report["games"] <= limit // 4


def test_the_match_command_line_prints_the_report(cluster):
    _, scheduler_file = cluster
    done = subprocess.run(
        _cli("match", "chess3d", "--config", "heights=1", "--player", "greedy", "--player",
             "random", "--games", "4", "--sprt", "0,50", "--scheduler", scheduler_file,
             "--json", "--quiet"),
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["games"] == 4
    assert [p["spec"] for p in report["players"]] == ["greedy", "random"]
    assert {"llr", "lower", "upper", "result"} <= set(report["sprt"])
    assert "elo" in report and "elo_error" in report


def test_bad_arguments_fail_clearly():
    done = subprocess.run(_cli("perft", "no-such-game", "--depth", "2", "--workers", "1"),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "no-such-game" in done.stderr
    with pytest.raises(TypeError, match="depth must be an int"):
        vd.perft("chess3d", "8")
    with pytest.raises(ValueError, match="hash"):
        vd.perft("chess3d", 3, hash=-1)
