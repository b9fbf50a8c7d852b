"""A checkpoint whose last line a crash cut off: ignored when read, and cut off the file before
the resumed run appends, so that the run after that reads the file too. On a cluster of
threads in this process (quick to start; the counting is the same Rust as on a real one)."""

import json

import pytest

distributed = pytest.importorskip("distributed")

import variant_games.distributed as vd  # noqa: E402
from variant_games.distributed._checkpoint import Checkpoint  # noqa: E402

FIDE = "heights=1"
PERFT_5 = 4_865_609


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster, set_as_default=False) as made:
        yield made


def _tear(path, keep):
    """The file as a crash leaves it: the job line, the first ``keep`` records, and the
    beginning of the next one without its newline."""
    lines = path.read_text().split("\n")
    assert len(lines) > keep + 2, "too few records to tear"
    torn = lines[1 + keep][:len(lines[1 + keep]) // 2]
    assert torn and not torn.endswith("}")
    path.write_text("\n".join(lines[:1 + keep]) + "\n" + torn)
    return torn


def _records(path):
    """Every line of the file parsed (the job line first); it must end with a newline."""
    text = path.read_text()
    assert text.endswith("\n")
    return [json.loads(line) for line in text.split("\n")[:-1]]


def test_a_torn_last_line_is_cut_off_before_the_resumed_run_appends(client, tmp_path):
    path = tmp_path / "p5.ckpt"
    first = vd.perft_run("chess3d", 5, config=FIDE, client=client, checkpoint=str(path),
                         progress=False)
    assert first.nodes == PERFT_5 and first.tasks >= 2
    whole = _records(path)
    torn = _tear(path, keep=len(whole) // 2)

    second = vd.perft_run("chess3d", 5, config=FIDE, client=client, checkpoint=str(path),
                          progress=False)
    assert second.nodes == PERFT_5
    assert second.tasks_from_checkpoint < second.tasks
    # The run after the resumed one reads the file the resumed one appended to.
    third = vd.perft_run("chess3d", 5, config=FIDE, client=client, checkpoint=str(path),
                         progress=False)
    assert third.nodes == PERFT_5
    assert third.tasks_from_checkpoint == third.tasks
    records = _records(path)
    assert torn not in path.read_text().split("\n")
    # The job line, then one record per position: the ones kept and the ones counted again.
    assert records[0] == whole[0]
    assert sorted(json.dumps(r, sort_keys=True) for r in records[1:]) == sorted(
        json.dumps(r, sort_keys=True) for r in whole[1:])

def test_the_checkpoint_file_keeps_its_complete_lines_only(tmp_path):
    job = {"game": "chess3d", "config": "heights=1", "position": "P", "depth": 3,
           "divide": False}
    path = tmp_path / "c.ckpt"
    with Checkpoint(str(path), job) as saved:
        saved.write_job()
        saved.add([("A", 2, 10), ("B", 2, 20)])
    complete = path.read_bytes()
    with open(path, "ab") as f:
        f.write(b'{"position": "C", "dep')
    with Checkpoint(str(path), job) as saved:
        assert (saved.get("A", 2), saved.get("B", 2), saved.get("C", 2)) == (10, 20, None)
        assert path.read_bytes() == complete
        saved.add([("C", 2, 30)])
    with Checkpoint(str(path), job) as saved:
        assert (saved.get("A", 2), saved.get("B", 2), saved.get("C", 2)) == (10, 20, 30)
