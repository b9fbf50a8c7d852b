"""Connecting to a scheduler given by `--scheduler` (or `scheduler=`): a scheduler that does not
answer is an error within the connect timeout (5 s unless `--connect-timeout` says otherwise),
said on start and naming the address and the option; a scheduler file that does not exist is
an error that says so."""

import json
import socket
import subprocess
import sys
import time

import pytest

pytest.importorskip("distributed")

import variant_games.distributed as vd  # noqa: E402
from variant_games.distributed import _cluster  # noqa: E402


def _unused_port():
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "variant_games.distributed", *args],
        capture_output=True, text=True, timeout=300)


def test_an_unreachable_scheduler_fails_within_the_default_timeout():
    address = f"tcp://127.0.0.1:{_unused_port()}"
    started = time.monotonic()
    done = _cli("perft", "chess3d", "--config", "heights=1", "--depth", "3",
                "--scheduler", address)
    seconds = time.monotonic() - started
    assert done.returncode == 2, done.stderr
    assert f"connecting to {address} (timeout 5 s)" in done.stderr
    assert f"no Dask scheduler answered at {address} within 5 s" in done.stderr
    assert "--connect-timeout" in done.stderr
    assert "Traceback" not in done.stderr
    # Five seconds of trying, plus starting Python and importing Dask (slow on a busy machine),
    # well short of Dask's own 30 s.
    assert seconds < 25, seconds


def test_the_connect_timeout_option_is_used_by_both_commands():
    address = f"127.0.0.1:{_unused_port()}"
    for command in (["perft", "chess3d", "--depth", "2"],
                    ["match", "chess3d", "--player", "random", "--player", "random"]):
        done = _cli(*command, "--scheduler", address, "--connect-timeout", "1.5")
        assert done.returncode == 2, done.stderr
        assert f"connecting to {address} (timeout 1.5 s)" in done.stderr
        assert f"no Dask scheduler answered at {address} within 1.5 s" in done.stderr
    done = _cli("perft", "chess3d", "--depth", "2", "--scheduler", address,
                "--connect-timeout", "0")
    assert done.returncode == 2 and "connect timeout" in done.stderr


def test_the_python_api_takes_a_connect_timeout():
    address = f"tcp://127.0.0.1:{_unused_port()}"
    started = time.monotonic()
    with pytest.raises(ConnectionError, match=f"no Dask scheduler answered at {address} "
                                              f"within 1 s"):
        vd.perft_run("chess3d", 3, config="heights=1", scheduler=address, connect_timeout=1,
                     progress=False)
    assert time.monotonic() - started < 15
    with pytest.raises(ValueError, match="connect timeout"):
        vd.perft_run("chess3d", 3, scheduler=address, connect_timeout=-1)


def test_a_missing_scheduler_file_is_named(tmp_path):
    missing = str(tmp_path / "scheduler.json")
    done = _cli("perft", "chess3d", "--depth", "3", "--scheduler", missing)
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: no such scheduler file: {missing}"
    done = _cli("match", "chess3d", "--player", "random", "--player", "random",
                "--scheduler", missing)
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: no such scheduler file: {missing}"
    with pytest.raises(FileNotFoundError, match="no such scheduler file"):
        vd.perft_run("chess3d", 3, scheduler=missing, progress=False)


def test_a_scheduler_is_an_address_or_a_scheduler_file(tmp_path):
    for address in ("tcp://127.0.0.1:8786", "127.0.0.1:8786", "localhost:8786",
                    "tls://sched.example:8786", "inproc://127.0.0.1/1/2"):
        assert _cluster.scheduler_address(address) == address
    scheduler_file = tmp_path / "scheduler.json"
    scheduler_file.write_text(json.dumps({"type": "Scheduler", "id": "Scheduler-1",
                                          "address": "tcp://127.0.0.1:40001"}))
    assert _cluster.scheduler_address(str(scheduler_file)) == "tcp://127.0.0.1:40001"
    scheduler_file.write_text("{\"address\": ")
    with pytest.raises(ValueError, match="not a Dask scheduler file"):
        _cluster.scheduler_address(str(scheduler_file))
    for missing in ("scheduler.json", str(tmp_path / "s.json"), "dir/8786"):
        with pytest.raises(FileNotFoundError, match="no such scheduler file"):
            _cluster.scheduler_address(missing)
