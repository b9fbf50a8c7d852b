"""Ctrl-C in a terminal, as the user of `python -m variant_games.distributed` on a local
cluster presses it: the terminal sends SIGINT to the whole foreground process group, the
command's worker processes included. The command must stop with status 130 and its one
message, not with the workers' tracebacks and Dask's shutdown warnings."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("distributed")


def _read_into(stream, chunks):
    for chunk in iter(lambda: stream.read(1), ""):
        chunks.append(chunk)


def _wait_for(predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _group_is_gone(group):
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
def test_ctrl_c_on_a_local_cluster_stops_quietly():
    # FIDE perft 8: minutes of counting on two workers, so the run is mid-count when
    # interrupted.
    args = [sys.executable, "-m", "variant_games.distributed", "perft", "chess3d", "--config",
            "heights=1", "--depth", "8", "--workers", "2"]
    run = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A process group of its own, as a terminal gives a command it runs in the foreground.
        start_new_session=True,
        # SIGINT with its default meaning even when these tests were started in the background
        # of a non-interactive shell, which starts its children with SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    err = []
    reader = threading.Thread(target=_read_into, args=(run.stderr, err), daemon=True)
    reader.start()
    try:
        _wait_for(lambda: "nodes/s" in "".join(err) or run.poll() is not None, 300,
                  "the progress bar")
        assert run.poll() is None, "".join(err)
        # The workers are counting their first tasks now.
        time.sleep(2)
        os.killpg(run.pid, signal.SIGINT)  # Ctrl-C, as the terminal delivers it
        # (Not communicate(), which would take stderr from the reader.)
        run.wait(timeout=300)
        reader.join(timeout=60)
        out = run.stdout.read()
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    text = "".join(err)
    assert run.returncode == 130, text
    assert out == ""
    assert "interrupted" in text
    assert "Traceback" not in text, text
    assert "WARNING" not in text, text
    # The progress bar and the message, nothing else. The bar is redrawn in place with a
    # carriage return, which the pipe's text mode (universal newlines) turns into a line break,
    # so there is one line per redraw: how many depends on the machine's pace.
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines[-1].startswith("interrupted"), text
    bar = [line for line in lines[:-1] if line.startswith("[") and " tasks " in line]
    assert bar == lines[:-1], text
    # The cluster went with the command: no worker process is left in the group.
    _wait_for(lambda: _group_is_gone(run.pid), 60, "the worker processes to end")
