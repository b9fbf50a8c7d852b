"""The progress bar of variant_games.distributed: a resumed perft's rate and time left are this
run's (not the checkpoint's nodes over this run's first second), and a match that an SPRT
stops ends its bar at the games played, not at the limit."""

import io
import re

import pytest

distributed = pytest.importorskip("distributed")

import variant_games.distributed as vd  # noqa: E402
from variant_games.distributed import _progress  # noqa: E402

FIDE = "heights=1"
PERFT_5 = 4_865_609


class _Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = _Clock()
    monkeypatch.setattr(_progress.time, "monotonic", fake)
    return fake


def _drawn(stream):
    """The lines drawn over each other with carriage returns, the last one last."""
    return [line.rstrip() for line in stream.getvalue().replace("\n", "\r").split("\r") if line]


def _rates(text):
    """Every nodes-per-second figure of a progress bar's text, in nodes per second."""
    units = {"": 1, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}
    return [float(n) * units[u] for n, u in re.findall(r"([0-9.]+)([kMGT]?) nodes/s", text)]


def test_a_resumed_run_shows_the_rate_and_time_left_of_its_own_work(clock):
    out = io.StringIO()
    # 40 of 100 tasks and 2 T nodes from the checkpoint.
    bar = _progress.Progress(100, stream=out, done=40, nodes=2_000_000_000_000)
    clock.now += 0.001
    bar.update(40, 2_000_000_000_000, force=True)
    first = _drawn(out)[-1]
    assert "40/100 tasks" in first and "2.00T nodes" in first
    assert _rates(first) == [0.0] and "? left" in first
    # Ten tasks and 1 G nodes in this run's first ten seconds.
    clock.now += 10
    bar.update(50, 2_001_000_000_000, force=True)
    line = _drawn(out)[-1]
    assert "50/100 tasks" in line and "2.00T nodes" in line
    assert _rates(line) == [pytest.approx(1e8, rel=1e-3)]
    assert "0:50 left" in line  # 50 tasks at this run's ten tasks in ten seconds


def test_the_bar_ends_at_a_total_cut_short(clock):
    out = io.StringIO()
    bar = _progress.Progress(400, stream=out, label="games", show_nodes=False)
    clock.now += 1
    bar.update(10, 0, force=True)
    bar.end_at(12)
    clock.now += 1
    bar.update(12, 0, force=True)
    bar.finish()
    last = _drawn(out)[-1]
    assert "12/12 games" in last and "[" + "#" * 24 + "]" in last
    # Drawn over the longer line before it, to that line's end: nothing of it is left on the
    # screen.
    longer, shorter = out.getvalue().split("\r")[1:3]
    assert "10/400" in longer and "12/12" in shorter and len(shorter) >= len(longer)


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster, set_as_default=False) as made:
        yield made


def test_a_run_resumed_from_a_complete_checkpoint_counts_nothing_at_no_rate(
        client, tmp_path, capsys):
    path = str(tmp_path / "p5.ckpt")
    assert vd.perft("chess3d", 5, config=FIDE, client=client, checkpoint=path,
                    progress=False) == PERFT_5
    capsys.readouterr()
    run = vd.perft_run("chess3d", 5, config=FIDE, client=client, checkpoint=path)
    assert run.nodes == PERFT_5 and run.tasks_from_checkpoint == run.tasks
    err = capsys.readouterr().err
    assert f"{run.tasks}/{run.tasks} tasks" in err and "4.87M nodes" in err
    # Every figure drawn is this run's rate: nothing counted, nothing per second.
    assert _rates(err) and set(_rates(err)) == {0.0}, err


def test_a_match_stopped_by_its_sprt_ends_its_bar_at_the_games_played(client, capsys):
    report = vd.match("chess3d", ["engine:depth=1", "random"], 400, config=FIDE, sprt=(0, 50),
                      seed=1, max_plies=200, client=client)
    assert report["sprt"]["result"] == "H1"
    games = report["games"]
    assert games < 400
    last = _drawn(io.StringIO(capsys.readouterr().err))[-1]
    assert f"{games}/{games} games" in last, last
