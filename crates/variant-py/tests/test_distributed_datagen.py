"""variant_games.distributed datagen: ranges of self-play games as tasks, shards, checkpoint,
merge. The bookkeeping first, on a cluster of threads in this process with stand-ins for the
native self-play (quick, and independent of the engine's play); then the real thing on a
cluster of separate processes on 127.0.0.1 (a `dask scheduler` and two `dask worker`s, the
fixture of test_distributed.py): a worker killed mid-run, and a run interrupted and resumed.
Small games (Russian draughts: checkers3d with one height), few nodes, so each test takes
seconds."""

import json
import os
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

import variant_games.distributed as vd  # noqa: E402
from variant_games import _native, nnue  # noqa: E402
from variant_games.distributed import _datagen  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
from test_distributed import _cli, _wait_for, cluster  # noqa: E402,F401  (a fixture)

NATIVE = hasattr(_native, "datagen_games")
# The real runs: Russian draughts, a few hundred nodes a move, two random plies.
GAME, CONFIG, NODES, RANDOM_PLIES = "checkers3d", "heights=1", 600, 2

# ---- stand-ins for the native self-play --------------------------------------------------------

FAKE = nnue.Layout(cells=4, kinds=1, seats=2, family="1x2x2", orient=[[0, 1, 2, 3],
                                                                       [3, 2, 1, 0]])


def _fake_header(game, config):
    return nnue.build_header(game, config or "", FAKE)


def _fake_games(calls):
    def datagen_games(game, config, first, count, nodes, random_plies, seed, max_plies=400):
        calls.append((first, count))
        rows = []
        for i in range(first, first + count):
            plies = min(2 + (seed + i) % 3, max_plies)  # games of different lengths
            for ply in range(plies):
                rows.append((i, (seed + i) * 10 + ply, ply, ply % 2, 1, [1, 0, 0, 2]))
        rec = np.zeros(len(rows), dtype=nnue.record_dtype(FAKE.cells))
        for r, (g, score, ply, mover, result, codes) in zip(rec, rows):
            r["game"], r["score"], r["ply"], r["mover"], r["result"] = g, score, ply, mover, result
            r["codes"] = codes
        return rec.tobytes()
    return datagen_games


@pytest.fixture
def stand_in(monkeypatch):
    """The native functions replaced in this process (the threads' cluster runs its tasks
    here); yields the list of (first, count) ranges the tasks were asked to play."""
    calls = []
    monkeypatch.setattr(_native, "datagen_header", _fake_header, raising=False)
    monkeypatch.setattr(_native, "datagen_games", _fake_games(calls), raising=False)
    yield calls


@pytest.fixture(scope="module")
def threads():
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as c, \
            distributed.Client(c, set_as_default=False) as made:
        yield made


def _pairs(path):
    rec = nnue.DataFile(path).records
    return list(zip(rec["game"].tolist(), rec["ply"].tolist()))


def test_the_ranges_left_to_play():
    assert _datagen.ranges_todo(10, [], 4) == [(0, 4), (4, 4), (8, 2)]
    assert _datagen.ranges_todo(10, [(0, 4), (8, 2)], 3) == [(4, 3), (7, 1)]
    assert _datagen.ranges_todo(5, [(0, 5)], 2) == []


def test_the_shards_are_merged_in_game_order(threads, stand_in, tmp_path):
    out = tmp_path / "d.vgdata"
    run = vd.datagen("toy", 10, out=str(out), nodes=5, random_plies=2, seed=3,
                     games_per_task=3, client=threads, progress=False)
    data = nnue.DataFile(out)
    assert data.header == _fake_header("toy", "")
    games = data.records["game"].tolist()
    assert games == sorted(games) and set(games) == set(range(10))
    assert run.records == len(data) == sum(2 + (3 + i) % 3 for i in range(10))
    assert (run.tasks, run.tasks_from_checkpoint, run.bytes) == (4, 0, os.path.getsize(out))
    assert sorted(stand_in) == [(0, 3), (3, 3), (6, 3), (9, 1)]
    # Without a checkpoint no shard is left behind.
    assert sorted(os.listdir(tmp_path)) == ["d.vgdata"]


def test_the_progress_bar_counts_games_and_records(threads, stand_in, tmp_path, capsys):
    vd.datagen("toy", 6, out=str(tmp_path / "p.vgdata"), nodes=5, random_plies=2,
               games_per_task=2, client=threads)
    out, err = capsys.readouterr()
    assert out == ""
    last = err.split("\r")[-1]
    assert "6/6 games" in last and "records/s" in last and "left" in last


def test_a_resumed_run_plays_only_what_its_checkpoint_lacks(threads, stand_in, tmp_path):
    out, ckpt = tmp_path / "d.vgdata", tmp_path / "d.ckpt"
    args = dict(nodes=5, random_plies=2, seed=0, games_per_task=2, client=threads,
                progress=False)
    first = vd.datagen("toy", 12, out=str(out), checkpoint=str(ckpt), **args)
    whole = out.read_bytes()
    assert first.tasks == 6 and len(stand_in) == 6
    # As a crash leaves it: three ranges recorded, a fourth line torn; and the shard of one
    # recorded range lost (a range is done only when its shard is there, whole).
    lines = ckpt.read_text().split("\n")
    ckpt.write_text("\n".join(lines[:4]) + "\n" + lines[4][:10])
    lost = json.loads(lines[2])["shard"]
    os.remove(tmp_path / "d.ckpt.shards" / lost)
    out.unlink()
    stand_in.clear()
    second = vd.datagen("toy", 12, out=str(out), checkpoint=str(ckpt), **args)
    kept = sorted(json.loads(line)["first"] for line in (lines[1], lines[3]))
    assert second.tasks_from_checkpoint == 2
    assert sorted(first for first, _ in stand_in) == sorted(
        set(range(0, 12, 2)) - set(kept))
    assert out.read_bytes() == whole
    pairs = _pairs(out)
    assert len(pairs) == len(set(pairs))
    # Every range once in the file's complete lines (the torn one was cut off).
    firsts = [json.loads(line)["first"] for line in ckpt.read_text().split("\n")[1:] if line]
    assert ckpt.read_text().endswith("\n")
    assert sorted(set(firsts)) == list(range(0, 12, 2))
    # Complete: a third run plays nothing and writes the same file.
    stand_in.clear()
    third = vd.datagen("toy", 12, out=str(out), checkpoint=str(ckpt), **args)
    assert stand_in == [] and third.tasks_from_checkpoint == third.tasks
    assert third.records_from_checkpoint == third.records and out.read_bytes() == whole
    with pytest.raises(vd.CheckpointError, match="another job"):
        vd.datagen("toy", 12, out=str(out), checkpoint=str(ckpt), **dict(args, seed=1))
    with pytest.raises(vd.CheckpointError, match="max_plies"):
        vd.datagen("toy", 12, out=str(out), checkpoint=str(ckpt), max_plies=2, **args)


def test_games_are_cut_at_max_plies(threads, stand_in, tmp_path):
    run = vd.datagen("toy", 6, out=str(tmp_path / "m.vgdata"), nodes=5, random_plies=2,
                     max_plies=2, client=threads, progress=False)
    assert run.max_plies == 2 and run.records == 12
    assert set(nnue.DataFile(tmp_path / "m.vgdata").records["ply"].tolist()) == {0, 1}


def test_a_task_that_returns_other_games_is_refused(threads, monkeypatch, tmp_path):
    monkeypatch.setattr(_native, "datagen_header", _fake_header, raising=False)
    play = _fake_games([])
    monkeypatch.setattr(_native, "datagen_games",
                        lambda g, c, first, n, *rest: play(g, c, first + 1, n, *rest),
                        raising=False)
    with pytest.raises(ValueError, match="returned records of games"):
        vd.datagen("toy", 2, out=str(tmp_path / "x.vgdata"), nodes=1, random_plies=0,
                   client=threads, progress=False)
    assert os.listdir(tmp_path) == []


def test_bad_arguments_fail_before_any_work(tmp_path):
    done = subprocess.run(_cli("datagen", "no-such-game", "--games", "1", "--out",
                               str(tmp_path / "x.vgdata")),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "no-such-game" in done.stderr
    assert os.listdir(tmp_path) == []
    with pytest.raises(ValueError, match="games 0"):
        vd.datagen("checkers3d", 0, out="x", nodes=1, random_plies=0)
    with pytest.raises(TypeError, match="nodes must be an int"):
        vd.datagen("checkers3d", 1, out="x", nodes="5", random_plies=0)


# ---- the real self-play on a cluster of processes ----------------------------------------------

needs_native = pytest.mark.skipif(not NATIVE, reason="a build without datagen_games")


GAMES, SEED = 32, 11


@pytest.fixture(scope="module")
def reference():
    """The file a run must write whatever happens on the cluster: the header, then the records
    of all the games played in this process by one call (game i from SEED + i, so the same
    bytes as any cut into ranges)."""
    header = bytes(_native.datagen_header(GAME, CONFIG))
    records = bytes(_native.datagen_games(GAME, CONFIG, 0, GAMES, NODES, RANDOM_PLIES, SEED))
    return header + records, len(records) // (nnue.RECORD_FIXED + 64)


@needs_native
def test_a_worker_killed_mid_run_loses_no_record(cluster, reference, tmp_path):  # noqa: F811
    client, _ = cluster
    whole, records = reference
    assert records > GAMES
    out, ckpt = tmp_path / "k.vgdata", tmp_path / "k.ckpt"
    result = {}

    def play():
        try:
            result["run"] = vd.datagen(GAME, GAMES, config=CONFIG, nodes=NODES,
                                       random_plies=RANDOM_PLIES, out=str(out), seed=SEED,
                                       games_per_task=1, checkpoint=str(ckpt), client=client,
                                       progress=False)
        except BaseException as e:  # noqa: BLE001 - reported below
            result["error"] = e

    playing = threading.Thread(target=play)
    playing.start()

    def busy():
        processing = client.processing()
        lines = ckpt.read_text().count("\n") if ckpt.exists() else 0
        return lines >= 2 and len(processing) == 2 and all(processing.values())
    _wait_for(lambda: busy() or not playing.is_alive(), 120, "both workers to play")
    assert playing.is_alive(), "the run ended before a worker could be killed"
    processing = client.processing()
    victim = sorted(w for w, tasks in processing.items() if tasks)[0]
    pid = client.run(os.getpid, workers=[victim])[victim]
    os.kill(pid, signal.SIGKILL)
    playing.join(timeout=300)
    assert not playing.is_alive()
    assert "error" not in result, result.get("error")
    run = result["run"]
    assert run.records == records and run.tasks == GAMES
    # The same games, ply for ply: the tasks are pure, whichever worker ran them.
    assert out.read_bytes() == whole
    # The nanny brought a new worker process: the cluster has two workers again.
    client.wait_for_workers(2, timeout=120)


@needs_native
def test_an_interrupted_run_resumes_without_duplicates(cluster, reference, tmp_path):  # noqa: F811
    _, scheduler_file = cluster
    whole, records = reference
    out, ckpt = tmp_path / "r.vgdata", tmp_path / "r.ckpt"
    args = _cli("datagen", GAME, "--config", CONFIG, "--games", str(GAMES), "--nodes",
                str(NODES), "--random-plies", str(RANDOM_PLIES), "--seed", str(SEED),
                "--games-per-task", "1", "--out", str(out), "--checkpoint", str(ckpt),
                "--scheduler", scheduler_file, "--json", "--quiet")
    # Ctrl-C as a terminal delivers it (see test_distributed.py: SIGINT with its default
    # meaning even where this test was started with SIGINT ignored).
    first = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))

    def ranges():
        return ckpt.read_text().count("\n") - 1 if ckpt.exists() else 0
    try:
        _wait_for(lambda: ranges() >= 2 or first.poll() is not None, 120,
                  "the first ranges in the checkpoint")
        assert first.poll() is None, "the run ended before it could be interrupted"
        first.send_signal(signal.SIGINT)
        _, err = first.communicate(timeout=120)
        assert first.returncode == 130, err
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert not out.exists()
    saved = ranges()
    assert 2 <= saved < GAMES

    second = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert second.returncode == 0, second.stderr
    report = json.loads(second.stdout)
    assert report["tasks_from_checkpoint"] >= saved and report["tasks"] == GAMES
    assert report["records"] == records
    pairs = _pairs(out)
    assert len(pairs) == len(set(pairs)) == records
    assert out.read_bytes() == whole
